#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

struct mosquitto;
struct mosquitto_message;

namespace arbiter::e2e {

// One message as the subscriber received it.
struct ReceivedMessage {
    std::string topic;
    std::string payload;
    nlohmann::json json;  // null when the payload is not JSON
    bool retained = false;
    double receivedAtMs = 0;  // wall clock, ms since 1970, as the tables' `at`
};

// What a spectator of the hall is, for the tests: a libmosquitto client with a
// fixed client id and a kept session (clean_session false), subscribed with
// QoS 1 to every table, so that what the broker queues for it while it or the
// broker is away comes to it later. Keeps every message it receives, repeats
// included, for the test thread to wait on and look at.
class MqttSubscriber {
  public:
    using Messages = std::vector<ReceivedMessage>;

    // Connects in the background (and reconnects, every second, whenever
    // the connection is lost) to 127.0.0.1:`port`.
    // With `user` and `password` when the broker wants a login.
    MqttSubscriber(int port, std::string clientId, std::string topic = "arbiter/tables/#",
                   const std::string& user = "", const std::string& password = "");
    ~MqttSubscriber();
    MqttSubscriber(const MqttSubscriber&) = delete;
    MqttSubscriber& operator=(const MqttSubscriber&) = delete;

    // Waits until the broker has acknowledged the subscription (or, on a
    // kept session, the connection) for the `times`-th time.
    bool waitUntilSubscribed(std::chrono::milliseconds timeout, int times = 1);
    // Waits until `holds` is true of the messages so far; false on timeout.
    bool waitFor(const std::function<bool(const Messages&)>& holds,
                 std::chrono::milliseconds timeout);
    Messages messages() const;
    // Disconnects cleanly; the broker keeps the session and queues for it.
    void disconnect();

  private:
    static void onConnect(mosquitto*, void* self, int rc, int flags);
    static void onSubscribe(mosquitto*, void* self, int mid, int count, const int* granted);
    static void onMessage(mosquitto*, void* self, const mosquitto_message* message);

    std::string topic_;
    mosquitto* client_ = nullptr;
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    Messages messages_;
    int subscribed_ = 0;
    bool stopped_ = false;
};

}  // namespace arbiter::e2e
