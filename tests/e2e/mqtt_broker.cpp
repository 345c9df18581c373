#include "tests/e2e/mqtt_broker.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <stdexcept>
#include <thread>

namespace arbiter::e2e {

using namespace std::chrono;
namespace fs = std::filesystem;

namespace {

sockaddr_in loopback(int port) {
    sockaddr_in at{};
    at.sin_family = AF_INET;
    at.sin_port = htons(static_cast<uint16_t>(port));
    at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return at;
}

}  // namespace

// A port nothing listens on now: the kernel's pick for port 0.
int MqttBroker::freePort() {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in at = loopback(0);
    socklen_t size = sizeof at;
    if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&at), sizeof at) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&at), &size) != 0)
        throw std::runtime_error("no free port on 127.0.0.1");
    ::close(fd);
    return ntohs(at.sin_port);
}

namespace {

bool accepts(int port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in at = loopback(port);
    const bool connected = ::connect(fd, reinterpret_cast<sockaddr*>(&at), sizeof at) == 0;
    ::close(fd);
    return connected;
}

// mosquitto run as root drops to user mosquitto unless told to stay, and
// that user could not write the scratch folder.
std::string currentUser() {
    const passwd* me = ::getpwuid(::geteuid());
    return me ? me->pw_name : "root";
}

}  // namespace

MqttBroker::MqttBroker(fs::path folder) : folder_(std::move(folder)), port_(freePort()) {
    fs::create_directories(folder_);
    writeConfiguration();
}

MqttBroker::~MqttBroker() {
    if (running()) stop();
}

void MqttBroker::addConfiguration(const std::string& lines) {
    extra_ += lines;
    writeConfiguration();
}

void MqttBroker::writeConfiguration() const {
    std::ofstream conf(folder_ / "mosquitto.conf");
    conf << "listener " << port_ << " 127.0.0.1\n"
         << (extra_.find("allow_anonymous") == std::string::npos ? "allow_anonymous true\n" : "")
         << "user " << currentUser() << "\n"
         << "persistence true\n"
         << "persistence_location " << folder_.string()
         << "/\n"
         // Saved whenever more than one thing changed (a subscription, a
         // retained or a queued message), rather than every 30 minutes.
         << "autosave_on_changes true\n"
         << "autosave_interval 1\n"
         << "log_dest file " << (folder_ / "mosquitto.log").string() << "\n"
         << "log_type all\n"
         << "connection_messages true\n"
         << extra_;
}

bool MqttBroker::start() {
    process_ = std::make_unique<ChildProcess>(std::vector<std::string>{
        "/usr/sbin/mosquitto", "-c", (folder_ / "mosquitto.conf").string()});
    const auto deadline = steady_clock::now() + seconds(5);
    while (steady_clock::now() < deadline) {
        if (accepts(port_)) return true;
        if (process_->wait(milliseconds(0)) != -9999) return false;  // it stopped: see log()
        std::this_thread::sleep_for(milliseconds(10));
    }
    return false;
}

void MqttBroker::stop() {
    if (!running()) return;
    process_->signal(SIGTERM);
    process_->wait(seconds(5));
}

void MqttBroker::kill() {
    if (!running()) return;
    process_->signal(SIGKILL);
    process_->wait(seconds(5));
}

bool MqttBroker::waitUntilSaved(const std::string& payload, milliseconds timeout) const {
    const auto deadline = steady_clock::now() + timeout;
    while (steady_clock::now() < deadline) {
        std::ifstream in(folder_ / "mosquitto.db", std::ios::binary);
        const std::string saved(std::istreambuf_iterator<char>(in), {});
        if (saved.find(payload) != std::string::npos) return true;
        std::this_thread::sleep_for(milliseconds(5));
    }
    return false;
}

std::string MqttBroker::url() const {
    return "mqtt://127.0.0.1:" + std::to_string(port_);
}

std::string MqttBroker::log() const {
    std::ifstream in(folder_ / "mosquitto.log");
    std::string text(std::istreambuf_iterator<char>(in), {});
    if (process_) text += process_->transcript();
    return text;
}

}  // namespace arbiter::e2e
