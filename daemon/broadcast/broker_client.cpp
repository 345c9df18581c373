#include "daemon/broadcast/broker_client.h"

#include <mosquitto.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <fstream>
#include <future>
#include <mutex>

#include <spdlog/spdlog.h>

namespace arbiter {

struct BrokerClient::Shared {
    std::mutex mutex;
    BrokerClient* client = nullptr;  // null once the client is gone: tell no one
    mosquitto* mosq = nullptr;
    std::string host;
    int port = 0;
    std::atomic<bool> stopping{false};
    std::atomic<long> unacknowledged{0};
    std::condition_variable wake;  // stopping, or an acknowledgement
    std::promise<void> done;

    ~Shared() {
        if (mosq) mosquitto_destroy(mosq);
    }
    // Runs `work` on the client's loop, if there still is a client.
    void tell(EventLoop::Handler work) {
        std::lock_guard lock(mutex);
        if (client) client->mailbox_.post(std::move(work));
    }
};

namespace {

// The library's one set-up per process, before the first client.
void initialiseLibrary() {
    static std::once_flag once;
    std::call_once(once, [] { mosquitto_lib_init(); });
}

bool readable(const std::string& path) {
    return std::ifstream(path).good();
}

std::string reason(int rc) {
    if (rc == MOSQ_ERR_ERRNO) return std::strerror(errno);
    return mosquitto_strerror(rc);
}

}  // namespace

BrokerClient::BrokerClient(EventLoop& loop, BrokerLogin login, std::string clientId, Will will,
                           Listener& listener)
    : login_(std::move(login)),
      clientId_(std::move(clientId)),
      will_(std::move(will)),
      listener_(listener),
      shared_(std::make_shared<Shared>()),
      mailbox_(loop) {}

BrokerClient::~BrokerClient() {
    {
        std::lock_guard lock(shared_->mutex);
        shared_->client = nullptr;
    }
    if (!network_.joinable()) return;
    shared_->stopping = true;
    mosquitto_disconnect(shared_->mosq);
    shared_->wake.notify_all();
    // A connection attempt to a host that does not answer can block the
    // thread for minutes: the process is stopping, so it is left to end alone.
    auto ended = shared_->done.get_future();
    if (ended.wait_for(std::chrono::seconds(2)) == std::future_status::ready)
        network_.join();
    else
        network_.detach();
}

bool BrokerClient::start(std::string& error) {
    initialiseLibrary();
    for (const std::string* file : {&login_.caFile, &login_.certFile, &login_.keyFile}) {
        if (!file->empty() && !readable(*file)) {
            error = "cannot read " + *file + " for the broker's TLS";
            return false;
        }
    }
    Shared& s = *shared_;
    s.client = this;
    s.host = login_.address.host;
    s.port = login_.address.port;
    s.mosq = mosquitto_new(clientId_.c_str(), true, &s);
    if (!s.mosq) {
        error = "cannot make an MQTT client: out of memory";
        return false;
    }
    mosquitto_threaded_set(s.mosq, true);
    mosquitto_reconnect_delay_set(s.mosq, 1, 5, true);
    mosquitto_int_option(s.mosq, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311);
    mosquitto_connect_callback_set(s.mosq, &BrokerClient::onConnect);
    mosquitto_disconnect_callback_set(s.mosq, &BrokerClient::onDisconnect);
    mosquitto_publish_callback_set(s.mosq, &BrokerClient::onPublish);
    mosquitto_message_callback_set(s.mosq, &BrokerClient::onMessage);
    const BrokerAddress& a = login_.address;
    if (!a.user.empty())
        mosquitto_username_pw_set(s.mosq, a.user.c_str(),
                                  a.password.empty() ? nullptr : a.password.c_str());
    if (!will_.topic.empty())
        mosquitto_will_set(s.mosq, will_.topic.c_str(), static_cast<int>(will_.payload.size()),
                           will_.payload.data(), 1, true);
    if (a.tls) {
        auto file = [](const std::string& f) { return f.empty() ? nullptr : f.c_str(); };
        const int rc = mosquitto_tls_set(s.mosq, file(login_.caFile),
                                         login_.caFile.empty() ? "/etc/ssl/certs" : nullptr,
                                         file(login_.certFile), file(login_.keyFile), nullptr);
        if (rc != MOSQ_ERR_SUCCESS) {
            error = "the broker's TLS files are not usable: " + reason(rc);
            return false;
        }
    }
    network_ = std::thread(&BrokerClient::serve, shared_);
    return true;
}

// The network thread: connects, runs the connection until it ends, and
// connects again, until the client stops.
void BrokerClient::serve(std::shared_ptr<Shared> shared) {
    Shared& s = *shared;
    int delayMs = 1000;
    while (!s.stopping) {
        // Blocking, on this thread of its own: the loop never waits for it.
        int rc = mosquitto_connect(s.mosq, s.host.c_str(), s.port, 30);
        if (rc == MOSQ_ERR_SUCCESS) {
            delayMs = 1000;
            rc = mosquitto_loop_forever(s.mosq, 1000, 1);
        }
        if (s.stopping) break;
        // Ended for good in the library's eyes (no such host, refused
        // login): said, and tried again, since a broker can be mended.
        const std::string why = reason(rc);
        s.tell([&s, why] { s.client->disconnected(why); });
        std::unique_lock lock(s.mutex);
        s.wake.wait_for(lock, std::chrono::milliseconds(delayMs),
                        [&s] { return s.stopping.load(); });
        delayMs = std::min(delayMs * 2, 5000);
    }
    s.done.set_value();
}

void BrokerClient::onConnect(mosquitto*, void* shared, int rc) {
    auto& s = *static_cast<Shared*>(shared);
    s.tell([&s, rc] { s.client->connected(rc); });
}

void BrokerClient::onDisconnect(mosquitto*, void* shared, int rc) {
    auto& s = *static_cast<Shared*>(shared);
    if (s.stopping) return;
    const std::string why = rc == MOSQ_ERR_SUCCESS ? "disconnected" : reason(rc);
    s.tell([&s, why] { s.client->disconnected(why); });
}

void BrokerClient::onPublish(mosquitto*, void* shared, int) {
    auto& s = *static_cast<Shared*>(shared);
    if (--s.unacknowledged > 0) return;
    std::lock_guard lock(s.mutex);  // so that finish() cannot miss the wake
    s.wake.notify_all();
}

void BrokerClient::onMessage(mosquitto*, void* shared, const mosquitto_message* message) {
    auto& s = *static_cast<Shared*>(shared);
    if (message->payloadlen < 0 || message->payloadlen > kLongestMessage) {
        const std::string topic = message->topic;
        const int size = message->payloadlen;
        s.tell([topic, size] {
            spdlog::warn("ignored a message of {} bytes on {}: more than {}", size, topic,
                         kLongestMessage);
        });
        return;
    }
    std::string topic = message->topic;
    std::string payload(static_cast<const char*>(message->payload),
                        static_cast<size_t>(message->payloadlen));
    s.tell([&s, topic = std::move(topic), payload = std::move(payload)] {
        s.client->listener_.brokerMessage(topic, payload);
    });
}

void BrokerClient::connected(int rc) {
    if (rc != 0) {
        disconnected(std::string("the broker refused the connection: ") +
                     mosquitto_connack_string(rc));
        return;
    }
    up_ = true;
    lastDown_.clear();
    spdlog::info("connected to the broker {} as {}", login_.address.text(), clientId_);
    for (const std::string& topic : subscriptions_)
        mosquitto_subscribe(shared_->mosq, nullptr, topic.c_str(), 1);
    // The listener first (a table says it is online, which begins its run
    // for the hall), then what was published while the broker was away, in order.
    std::deque<Message> missed;
    missed.swap(waiting_);
    listener_.brokerUp();
    for (const Message& m : missed) send(m);
}

void BrokerClient::disconnected(const std::string& why) {
    up_ = false;
    if (why != lastDown_)
        spdlog::warn(
            "the broker {} is away ({}); the table goes on and publishes what it "
            "missed when the broker is back",
            login_.address.text(), why);
    lastDown_ = why;
    listener_.brokerDown(why);
}

bool BrokerClient::publish(const std::string& topic, const std::string& payload, bool retain) {
    if (!up_) {
        if (waiting_.size() >= kMostWaiting) return false;
        waiting_.push_back({topic, payload, retain});
        return true;
    }
    return send({topic, payload, retain});
}

bool BrokerClient::send(const Message& m) {
    ++shared_->unacknowledged;
    const int rc =
        mosquitto_publish(shared_->mosq, nullptr, m.topic.c_str(),
                          static_cast<int>(m.payload.size()), m.payload.data(), 1, m.retain);
    // Not connected just now: the library keeps it and sends it on reconnecting.
    if (rc == MOSQ_ERR_SUCCESS || rc == MOSQ_ERR_NO_CONN) return true;
    --shared_->unacknowledged;
    spdlog::warn("cannot publish to {}: {}", m.topic, reason(rc));
    return false;
}

void BrokerClient::subscribe(const std::string& topic) {
    subscriptions_.push_back(topic);
    if (up_) mosquitto_subscribe(shared_->mosq, nullptr, topic.c_str(), 1);
}

void BrokerClient::finish(int limitMs) {
    if (!shared_->mosq) return;
    if (up_) {
        std::unique_lock lock(shared_->mutex);
        shared_->wake.wait_for(lock, std::chrono::milliseconds(limitMs),
                               [this] { return shared_->unacknowledged <= 0; });
    }
    shared_->stopping = true;
    mosquitto_disconnect(shared_->mosq);
    shared_->wake.notify_all();
}

}  // namespace arbiter
