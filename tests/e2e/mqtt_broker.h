#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>

#include "tests/e2e/child_process.h"

namespace arbiter::e2e {

// The real Debian mosquitto on a free 127.0.0.1 port, in a scratch folder of
// its own: the hall's tests need a broker that forgets, keeps and restarts as
// a real one does, persistent sessions and queued QoS 1 messages included.
// Its database is saved on every change, so that even a SIGKILL loses as
// little as the broker can lose; it stays on its port across restarts, so
// that the clients' reconnections find it again.
class MqttBroker {
  public:
    explicit MqttBroker(std::filesystem::path folder);
    ~MqttBroker();
    MqttBroker(const MqttBroker&) = delete;
    MqttBroker& operator=(const MqttBroker&) = delete;

    // Starts mosquitto and returns once it accepts connections (false, with
    // log() saying why, when it does not within 5 s).
    bool start();
    // SIGTERM: mosquitto saves its database and goes; returns once it has.
    void stop();
    // SIGKILL: gone at once, with whatever it had not saved. It saves on the
    // turn of its loop after each change, so what it acknowledged in the
    // moment before may be lost; waitUntilSaved() says when it is not.
    void kill();
    // Waits until the database mosquitto saved holds `payload` (a message's,
    // which it keeps as it came).
    bool waitUntilSaved(const std::string& payload, std::chrono::milliseconds timeout) const;
    bool running() const { return process_ && process_->running(); }

    // Adds `lines` to mosquitto.conf (before start()): a password file, an
    // ACL, a second listener. Anonymous clients stay allowed unless `lines`
    // says otherwise.
    void addConfiguration(const std::string& lines);
    // A port nothing listens on now, for a second listener.
    static int freePort();

    int port() const { return port_; }
    // The URL arbiterd's --mqtt takes.
    std::string url() const;
    // What mosquitto wrote to its log so far (all its runs).
    std::string log() const;

  private:
    void writeConfiguration() const;

    std::filesystem::path folder_;
    int port_ = 0;
    std::string extra_;  // addConfiguration's lines
    std::unique_ptr<ChildProcess> process_;
};

}  // namespace arbiter::e2e
