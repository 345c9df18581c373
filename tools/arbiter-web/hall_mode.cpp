#include "tools/arbiter-web/hall_mode.h"

#include <mosquitto.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <fstream>
#include <iostream>
#include <sstream>

#include "tools/arbiter-web/hall.h"
#include "tools/arbiter-web/hall_routes.h"
#include "tools/arbiter-web/hall_subscriber.h"
#include "tools/arbiter-web/http_server.h"

namespace arbiter::web {

namespace {

// The password file's first line, or nullopt and `why`.
std::optional<std::string> readPasswordFile(const std::string& path, std::string& why) {
    std::ifstream file(path);
    std::string line;
    if (!file || !std::getline(file, line)) {
        why = "cannot read the password from " + path;
        return std::nullopt;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line;
}

// The broker's address (read as arbiterd's --mqtt reads it), with the
// password of the file, if one is named.
std::optional<BrokerAddress> brokerOf(const HallOptions& options, std::string& why) {
    auto broker = parseBrokerAddress(options.url, why);
    if (!broker) return std::nullopt;
    if (!options.passwordFile.empty()) {
        const auto password = readPasswordFile(options.passwordFile, why);
        if (!password) return std::nullopt;
        broker->password = *password;
        if (broker->user.empty()) {
            why = "--mqtt-password-file needs a user in the URL (mqtt://USER@HOST)";
            return std::nullopt;
        }
    }
    if (!options.caFile.empty() && !broker->tls) {
        why = "--mqtt-ca is for mqtts:// (TLS)";
        return std::nullopt;
    }
    if (!options.caFile.empty() && !std::ifstream(options.caFile)) {
        why = "cannot read the certificates of --mqtt-ca " + options.caFile;
        return std::nullopt;
    }
    return broker;
}

// Runs the hall on `io` until it stops.
int run(boost::asio::io_context& io, const BrokerAddress& broker, const HallOptions& options,
        const boost::asio::ip::tcp::endpoint& at) {
    Hall hall(broker.prefix, [](const std::string& line) { std::cerr << line << std::endl; });
    HallRoutes routes(hall);
    HttpServer server(io, routes);
    std::string why;
    if (!server.listen(at, why)) {
        std::cerr << "arbiter-web: " << why << "\n";
        return 1;
    }
    HallSubscriber subscriber(
        io, broker, options.caFile,
        [&hall](const std::string& topic, const std::string& payload) {
            hall.receive(topic, payload);
        },
        [&hall, shown = broker.text(), said = false](bool connected,
                                                     const std::string& reason) mutable {
            // Each change once, and the first word either way.
            if (connected != hall.brokerConnected() || !said)
                std::cerr << "arbiter-web: "
                          << (connected ? "following " : said ? "lost " : "waiting for ") << shown
                          << (connected ? "" : ": " + reason) << std::endl;
            said = true;
            hall.brokerChanged(connected, reason);
        });
    if (!subscriber.start(why)) {
        std::cerr << "arbiter-web: " << why << "\n";
        return 1;
    }
    boost::asio::signal_set stop(io, SIGINT, SIGTERM);
    stop.async_wait([&io](const boost::system::error_code&, int) { io.stop(); });
    std::cout << "arbiter-web: the hall is at " << server.url() << " (following the broker at "
              << broker.text() << ")" << std::endl;
    io.run();
    return 0;
}

}  // namespace

int serveHall(const HallOptions& options, const boost::asio::ip::tcp::endpoint& at) {
    std::string why;
    const auto broker = brokerOf(options, why);
    if (!broker) {
        std::cerr << "arbiter-web: --hall: " << why << "\n";
        return 2;
    }
    mosquitto_lib_init();
    int status = 0;
    {
        boost::asio::io_context io;
        status = run(io, *broker, options, at);
    }
    mosquitto_lib_cleanup();
    return status;
}

}  // namespace arbiter::web
