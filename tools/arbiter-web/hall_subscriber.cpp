#include "tools/arbiter-web/hall_subscriber.h"

#include <mosquitto.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <chrono>

#include "tools/arbiter-web/hall_message.h"

namespace arbiter::web {

namespace {

constexpr const char* kKinds[] = {"online", "state", "events", "record"};
constexpr int kKeepAliveSeconds = 30;

}  // namespace

HallSubscriber::HallSubscriber(boost::asio::io_context& io, BrokerAddress broker,
                               std::string caFile, Deliver deliver, LinkChanged linkChanged)
    : io_(io),
      broker_(std::move(broker)),
      caFile_(std::move(caFile)),
      deliver_(std::move(deliver)),
      linkChanged_(std::move(linkChanged)),
      retry_(io),
      restart_(io) {}

HallSubscriber::~HallSubscriber() {
    if (!client_) return;
    if (looping_) {
        mosquitto_disconnect(client_);
        mosquitto_loop_stop(client_, true);
    }
    mosquitto_destroy(client_);
}

bool HallSubscriber::configure(std::string& why) {
    mosquitto_connect_callback_set(client_, &HallSubscriber::onConnect);
    mosquitto_disconnect_callback_set(client_, &HallSubscriber::onDisconnect);
    mosquitto_message_callback_set(client_, &HallSubscriber::onMessage);
    mosquitto_reconnect_delay_set(client_, 1, 10, true);
    if (!broker_.user.empty()) {
        const int rc = mosquitto_username_pw_set(
            client_, broker_.user.c_str(),
            broker_.password.empty() ? nullptr : broker_.password.c_str());
        if (rc != MOSQ_ERR_SUCCESS) {
            why = std::string("the broker's user and password: ") + mosquitto_strerror(rc);
            return false;
        }
    }
    if (broker_.tls) {
        int rc = MOSQ_ERR_SUCCESS;
        if (caFile_.empty())
            rc = mosquitto_int_option(client_, MOSQ_OPT_TLS_USE_OS_CERTS, 1);
        else
            rc = mosquitto_tls_set(client_, caFile_.c_str(), nullptr, nullptr, nullptr, nullptr);
        if (rc != MOSQ_ERR_SUCCESS) {
            why = std::string("TLS: ") + mosquitto_strerror(rc) +
                  (caFile_.empty() ? "" : " (--mqtt-ca " + caFile_ + ")");
            return false;
        }
    }
    return true;
}

bool HallSubscriber::start(std::string& why) {
    client_ = mosquitto_new(nullptr, true, this);
    if (!client_) {
        why = "libmosquitto could not make a client";
        return false;
    }
    return configure(why) && connect(why);
}

bool HallSubscriber::connect(std::string& why) {
    const int rc =
        mosquitto_connect_async(client_, broker_.host.c_str(), broker_.port, kKeepAliveSeconds);
    if (rc == MOSQ_ERR_ERRNO || rc == MOSQ_ERR_EAI) {
        // Not there yet (refused, no such host yet): the hall says so, and waits.
        linkChanged_(false,
                     rc == MOSQ_ERR_EAI ? "cannot find the broker's host" : mosquitto_strerror(rc));
        retry_.expires_after(std::chrono::seconds(1));
        retry_.async_wait([this](const boost::system::error_code& ec) {
            std::string whyNot;
            if (!ec && !connect(whyNot)) linkChanged_(false, whyNot);
        });
        return true;
    }
    if (rc != MOSQ_ERR_SUCCESS) {
        why = std::string("cannot connect to ") + broker_.text() + ": " + mosquitto_strerror(rc);
        return false;
    }
    const int loop = mosquitto_loop_start(client_);
    if (loop != MOSQ_ERR_SUCCESS) {
        why = std::string("libmosquitto's thread: ") + mosquitto_strerror(loop);
        return false;
    }
    looping_ = true;
    return true;
}

void HallSubscriber::linkUp() {
    up_ = true;
    restart_.cancel();
    linkChanged_(true, "");
}

void HallSubscriber::linkDown(const std::string& reason) {
    linkChanged_(false, reason);
    if (!up_) return;  // already waiting to restart, or never up (connect() retries)
    up_ = false;
    restart_.expires_after(std::chrono::seconds(kRestartSeconds));
    restart_.async_wait([this](const boost::system::error_code& ec) {
        if (!ec && !up_) restart();
    });
}

void HallSubscriber::restart() {
    // libmosquitto's thread may have ended for good (a name it could not
    // look up): stop it, whatever it does, and connect as at the start.
    mosquitto_loop_stop(client_, true);
    looping_ = false;
    std::string why;
    if (!connect(why)) linkChanged_(false, why);
    // Still not up by then: once more.
    restart_.expires_after(std::chrono::seconds(kRestartSeconds));
    restart_.async_wait([this](const boost::system::error_code& ec) {
        if (!ec && !up_) restart();
    });
}

// On libmosquitto's thread, as every callback below.
void HallSubscriber::onConnect(mosquitto* client, void* self, int rc) {
    auto& subscriber = *static_cast<HallSubscriber*>(self);
    if (rc != 0) {
        const std::string reason =
            std::string("the broker refused: ") + mosquitto_connack_string(rc);
        boost::asio::post(subscriber.io_, [&subscriber, reason] { subscriber.linkDown(reason); });
        return;
    }
    for (const char* kind : kKinds) {
        const std::string topic = subscriber.broker_.prefix + "/tables/+/" + kind;
        mosquitto_subscribe(client, nullptr, topic.c_str(), 1);
    }
    boost::asio::post(subscriber.io_, [&subscriber] { subscriber.linkUp(); });
}

void HallSubscriber::onDisconnect(mosquitto*, void* self, int rc) {
    auto& subscriber = *static_cast<HallSubscriber*>(self);
    const std::string reason =
        rc == 0 ? "disconnected" : std::string("lost the broker: ") + mosquitto_strerror(rc);
    boost::asio::post(subscriber.io_, [&subscriber, reason] { subscriber.linkDown(reason); });
}

void HallSubscriber::onMessage(mosquitto*, void* self, const mosquitto_message* message) {
    auto& subscriber = *static_cast<HallSubscriber*>(self);
    // An empty retained message is the broker forgetting the topic's last: nothing to read.
    if (message->payloadlen <= 0 || !message->topic) return;
    // Beyond the limit, a byte more than it is copied: enough to be refused as too large.
    const std::size_t length =
        std::min(static_cast<std::size_t>(message->payloadlen), kHallMessageMostBytes + 1);
    std::string topic(message->topic);
    std::string payload(static_cast<const char*>(message->payload), length);
    boost::asio::post(subscriber.io_,
                      [&subscriber, topic = std::move(topic), payload = std::move(payload)] {
                          subscriber.deliver_(topic, payload);
                      });
}

}  // namespace arbiter::web
