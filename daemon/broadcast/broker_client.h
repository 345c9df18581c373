#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "daemon/base/event_loop.h"
#include "daemon/base/loop_mailbox.h"
#include "daemon/broadcast/broker_address.h"

struct mosquitto;
struct mosquitto_message;

namespace arbiter {

// How a table logs in at its broker: where, as whom, and the TLS files.
struct BrokerLogin {
    BrokerAddress address;
    std::string caFile;    // mqtts: the CA to believe; empty = the system's (/etc/ssl/certs)
    std::string certFile;  // a client certificate and its key, when the broker asks for one
    std::string keyFile;
};

// One MQTT connection (Debian's libmosquitto), kept up for as long as the
// client lives: its network runs on a thread of its own, so that the event
// loop never waits for the broker, and reconnects without end (1 s, then up
// to 5 s apart) whatever went wrong. Everything it tells its listener, it
// tells on the loop (LoopMailbox). Messages are published with QoS 1. While
// the broker is away they wait here, up to kMostWaiting of them, and are sent
// in order once it is back, after those the library was still sending when
// the connection dropped (which it sends again itself).
class BrokerClient {
  public:
    class Listener {
      public:
        virtual ~Listener() = default;
        // Connected (again): subscriptions are renewed; publish what a new
        // connection needs first. What waited for the broker follows.
        virtual void brokerUp() = 0;
        // Not connected, and why (said once per change of reason).
        virtual void brokerDown(const std::string& why) = 0;
        // A message on a subscribed topic, at most kLongestMessage bytes.
        virtual void brokerMessage(const std::string& topic, const std::string& payload) {
            (void)topic;
            (void)payload;
        }
    };
    // What the broker publishes for this client when it vanishes without a word.
    struct Will {
        std::string topic;
        std::string payload;
    };
    static constexpr long kMostWaiting = 20000;
    static constexpr int kLongestMessage = 64 * 1024;

    BrokerClient(EventLoop& loop, BrokerLogin login, std::string clientId, Will will,
                 Listener& listener);
    // Stops the network thread; what was not sent by then is lost. finish() first.
    ~BrokerClient();
    BrokerClient(const BrokerClient&) = delete;
    BrokerClient& operator=(const BrokerClient&) = delete;

    // Sets up the library and starts connecting; false and why when the
    // login cannot work at all (a TLS file that cannot be read).
    bool start(std::string& error);
    bool up() const { return up_; }
    // QoS 1; false when kMostWaiting messages already wait for the broker.
    bool publish(const std::string& topic, const std::string& payload, bool retain);
    // Subscribed with QoS 1 on every connection from now on.
    void subscribe(const std::string& topic);
    // Waits at most `limitMs` for the broker to acknowledge everything
    // published (not at all while it is away), then disconnects cleanly,
    // which tells the broker not to publish the will.
    void finish(int limitMs);

  private:
    struct Message {
        std::string topic;
        std::string payload;
        bool retain = false;
    };
    // What the network thread shares with the client; it outlives the
    // client when that thread is stuck connecting at the end (detached).
    struct Shared;

    static void serve(std::shared_ptr<Shared> shared);
    bool send(const Message& message);
    // On the loop: what the network thread saw.
    void connected(int rc);
    void disconnected(const std::string& why);

    static void onConnect(mosquitto*, void* shared, int rc);
    static void onDisconnect(mosquitto*, void* shared, int rc);
    static void onPublish(mosquitto*, void* shared, int mid);
    static void onMessage(mosquitto*, void* shared, const mosquitto_message* message);

    BrokerLogin login_;
    std::string clientId_;
    Will will_;
    Listener& listener_;
    std::shared_ptr<Shared> shared_;
    LoopMailbox mailbox_;
    std::thread network_;
    std::vector<std::string> subscriptions_;
    std::deque<Message> waiting_;  // published while the broker was away
    bool up_ = false;
    std::string lastDown_;
};

}  // namespace arbiter
