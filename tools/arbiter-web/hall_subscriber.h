#pragma once

#include <functional>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "daemon/broadcast/broker_address.h"

struct mosquitto;
struct mosquitto_message;

namespace arbiter::web {

// arbiter-web's link to the hall's broker (libmosquitto): it subscribes to
// PREFIX/tables/+/online|state|events|record and hands every message, and
// every change of the link, to the Asio loop (boost::asio::post), where the
// hall is read and changed: libmosquitto runs its own thread
// (mosquitto_loop_start), which touches nothing of the hall. Until the
// broker is first reached it tries again every second; after, libmosquitto
// connects again by itself when the broker goes away, and when it has not
// within kRestartSeconds (its thread ends for good when the broker's name
// cannot be found, say), the thread is started afresh.
class HallSubscriber {
  public:
    using Deliver = std::function<void(const std::string& topic, const std::string& payload)>;
    using LinkChanged = std::function<void(bool connected, const std::string& reason)>;

    // `caFile` (TLS): the certificates that sign the broker's; empty for the system's.
    HallSubscriber(boost::asio::io_context& io, BrokerAddress broker, std::string caFile,
                   Deliver deliver, LinkChanged linkChanged);
    ~HallSubscriber();
    HallSubscriber(const HallSubscriber&) = delete;
    HallSubscriber& operator=(const HallSubscriber&) = delete;

    // Starts connecting; false and `why` when libmosquitto refuses the settings.
    bool start(std::string& why);

  private:
    static void onConnect(mosquitto*, void* self, int rc);
    static void onDisconnect(mosquitto*, void* self, int rc);
    static void onMessage(mosquitto*, void* self, const mosquitto_message* message);
    bool configure(std::string& why);
    // Connects, and starts libmosquitto's thread once connecting has begun;
    // false and `why` when it never can (a broker not there yet is retried).
    bool connect(std::string& why);
    // On the loop: the link went down, or came up.
    void linkDown(const std::string& reason);
    void linkUp();
    // Still down after kRestartSeconds: libmosquitto's thread anew.
    void restart();
    static constexpr int kRestartSeconds = 15;

    boost::asio::io_context& io_;
    BrokerAddress broker_;
    std::string caFile_;
    Deliver deliver_;
    LinkChanged linkChanged_;
    boost::asio::steady_timer retry_;
    boost::asio::steady_timer restart_;  // set while the link is down after it was up
    bool up_ = false;
    mosquitto* client_ = nullptr;
    bool looping_ = false;
};

}  // namespace arbiter::web
