#include "tests/e2e/mqtt_subscriber.h"

#include <mosquitto.h>

#include <stdexcept>

namespace arbiter::e2e {

using namespace std::chrono;

namespace {

double nowMs() {
    return duration<double, std::milli>(system_clock::now().time_since_epoch()).count();
}

void initialiseLibraryOnce() {
    static const int done = [] { return mosquitto_lib_init(); }();
    (void)done;
}

}  // namespace

MqttSubscriber::MqttSubscriber(int port, std::string clientId, std::string topic,
                               const std::string& user, const std::string& password)
    : topic_(std::move(topic)) {
    initialiseLibraryOnce();
    client_ = mosquitto_new(clientId.c_str(), /*clean_session=*/false, this);
    if (!client_) throw std::runtime_error("mosquitto_new failed");
    mosquitto_connect_with_flags_callback_set(client_, &MqttSubscriber::onConnect);
    mosquitto_subscribe_callback_set(client_, &MqttSubscriber::onSubscribe);
    mosquitto_message_callback_set(client_, &MqttSubscriber::onMessage);
    mosquitto_reconnect_delay_set(client_, 1, 1, false);
    if (!user.empty()) mosquitto_username_pw_set(client_, user.c_str(), password.c_str());
    // Refused at once when no broker is there yet; the loop retries.
    mosquitto_connect_async(client_, "127.0.0.1", port, 10);
    if (mosquitto_loop_start(client_) != MOSQ_ERR_SUCCESS)
        throw std::runtime_error("mosquitto_loop_start failed");
}

MqttSubscriber::~MqttSubscriber() {
    disconnect();
    mosquitto_destroy(client_);
}

void MqttSubscriber::disconnect() {
    if (stopped_) return;
    stopped_ = true;
    mosquitto_disconnect(client_);
    mosquitto_loop_stop(client_, /*force=*/false);
}

void MqttSubscriber::onConnect(mosquitto* client, void* self, int rc, int flags) {
    auto* me = static_cast<MqttSubscriber*>(self);
    if (rc != 0) return;
    const bool sessionKept = (flags & 1) != 0;
    if (!sessionKept) {
        mosquitto_subscribe(client, nullptr, me->topic_.c_str(), 1);
        return;
    }
    std::lock_guard lock(me->mutex_);
    ++me->subscribed_;
    me->changed_.notify_all();
}

void MqttSubscriber::onSubscribe(mosquitto*, void* self, int, int, const int*) {
    auto* me = static_cast<MqttSubscriber*>(self);
    std::lock_guard lock(me->mutex_);
    ++me->subscribed_;
    me->changed_.notify_all();
}

void MqttSubscriber::onMessage(mosquitto*, void* self, const mosquitto_message* message) {
    auto* me = static_cast<MqttSubscriber*>(self);
    ReceivedMessage received;
    received.receivedAtMs = nowMs();
    received.topic = message->topic;
    received.payload.assign(static_cast<const char*>(message->payload),
                            static_cast<size_t>(message->payloadlen));
    received.json = nlohmann::json::parse(received.payload, nullptr, /*allow_exceptions=*/false);
    if (received.json.is_discarded()) received.json = nullptr;
    received.retained = message->retain;
    std::lock_guard lock(me->mutex_);
    me->messages_.push_back(std::move(received));
    me->changed_.notify_all();
}

bool MqttSubscriber::waitUntilSubscribed(milliseconds timeout, int times) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, timeout, [&] { return subscribed_ >= times; });
}

bool MqttSubscriber::waitFor(const std::function<bool(const Messages&)>& holds,
                             milliseconds timeout) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, timeout, [&] { return holds(messages_); });
}

MqttSubscriber::Messages MqttSubscriber::messages() const {
    std::lock_guard lock(mutex_);
    return messages_;
}

}  // namespace arbiter::e2e
