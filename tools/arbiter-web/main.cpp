// arbiter-web: serves a live picture of a table to browsers on the local
// network, as a client of arbiterd's control socket (docs/web.md), or, with
// --hall, of every table of a hall as an MQTT broker carries them
// (docs/hall.md). It keeps apart from arbiterd so that the web's attack
// surface and load never reach the process that reads the boards.

#include <sys/random.h>
#include <sys/resource.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/program_options.hpp>
#include <iostream>

#include "daemon/base/time_source.h"
#include "daemon/control/control_protocol.h"
#include "daemon/control/trusted_servers.h"
#include "tools/arbiter-web/hall_mode.h"
#include "tools/arbiter-web/http_server.h"
#include "tools/arbiter-web/listen_address.h"
#include "tools/arbiter-web/replay_scenes.h"
#include "tools/arbiter-web/web_routes.h"

namespace po = boost::program_options;
using namespace arbiter;
using namespace arbiter::web;

namespace {

// 128 random bits from the kernel, as hex: a sign-in's cookie.
std::string newToken() {
    unsigned char bytes[16];
    size_t got = 0;
    while (got < sizeof bytes) {
        const ssize_t n = ::getrandom(bytes + got, sizeof bytes - got, 0);
        if (n > 0) got += static_cast<size_t>(n);
    }
    static constexpr char kHex[] = "0123456789abcdef";
    std::string token;
    for (unsigned char b : bytes) {
        token += kHex[b >> 4];
        token += kHex[b & 15];
    }
    return token;
}

// Room for a thousand connections and more: the soft limit is often 1024.
void raiseOpenFileLimit() {
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        ::setrlimit(RLIMIT_NOFILE, &limit);
    }
}

struct Options {
    std::string listen = "127.0.0.1:8080";
    std::string socket = control::clientSocketPath();
    HallOptions hall;
};

// The options, or an exit status when the program is to stop (help, a bad option).
std::optional<int> readOptions(int argc, char** argv, Options& options) {
    po::options_description described("arbiter-web options");
    described.add_options()("help,h", "print this help and exit")(
        "listen,l", po::value(&options.listen)->value_name("ADDRESS:PORT"),
        "where browsers connect (default 127.0.0.1:8080, this machine only; 0.0.0.0:8080 "
        "for the local network; a port alone means 127.0.0.1)")(
        "socket,s", po::value(&options.socket)->value_name("PATH"),
        "arbiterd's control socket (default: arbiterd's own default when that socket is there, "
        "else the packaged service's, /run/arbiter/arbiterd.sock)")(
        "hall", po::value(&options.hall.url)->value_name("URL"),
        "serve the hall of every table on an MQTT broker instead of one table: "
        "mqtt://[USER[:PASSWORD]@]HOST[:PORT][/PREFIX] (mqtts:// for TLS; default port 1883, "
        "8883 with TLS; default prefix arbiter; docs/hall.md)")(
        "mqtt-ca", po::value(&options.hall.caFile)->value_name("FILE"),
        "with mqtts://: the certificates that sign the broker's (default: the system's)")(
        "mqtt-password-file", po::value(&options.hall.passwordFile)->value_name("FILE"),
        "the broker's password, the file's first line (rather than in the URL)");
    po::variables_map given;
    try {
        po::store(po::command_line_parser(argc, argv).options(described).run(), given);
        po::notify(given);
    } catch (const po::error& e) {
        std::cerr << "arbiter-web: " << e.what() << "; arbiter-web --help lists the options\n";
        return 2;
    }
    if (options.hall.url.empty() && (given.count("mqtt-ca") || given.count("mqtt-password-file"))) {
        std::cerr << "arbiter-web: --mqtt-ca and --mqtt-password-file go with --hall\n";
        return 2;
    }
    if (given.count("hall") && given.count("socket")) {
        std::cerr << "arbiter-web: --hall follows a broker, not a control socket: drop --socket\n";
        return 2;
    }
    if (given.count("help")) {
        std::cout
            << "Usage: arbiter-web [--listen ADDRESS:PORT] [--socket PATH]\n"
               "       arbiter-web [--listen ADDRESS:PORT] --hall mqtt://HOST[:PORT][/PREFIX]\n"
               "Serves the table that arbiterd referees as a live page (docs/web.md), or\n"
               "every table of a hall from an MQTT broker (docs/hall.md).\n\n"
            << described;
        return 0;
    }
    return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
    Options options;
    if (const auto stop = readOptions(argc, argv, options)) return *stop;
    std::string error;
    const auto at = parseListenAddress(options.listen, error);
    if (!at) {
        std::cerr << "arbiter-web: " << error << "\n";
        return 2;
    }
    raiseOpenFileLimit();
    if (!options.hall.url.empty()) return serveHall(options.hall, *at);

    boost::asio::io_context io;
    TableFeed everyone(io, options.socket);
    SignIns players(io, options.socket, newToken);
    const SystemTimeSource time;
    WebRoutes routes(everyone, players,
                     [&time](const std::string& journal) { return replayScenes(journal, time); });
    HttpServer server(io, routes);
    if (!server.listen(*at, error)) {
        std::cerr << "arbiter-web: " << error << "\n";
        return 1;
    }
    everyone.start();
    boost::asio::signal_set stop(io, SIGINT, SIGTERM);
    stop.async_wait([&io](const boost::system::error_code&, int) { io.stop(); });
    std::cout << "arbiter-web: the table is at " << server.url() << " (following arbiterd at "
              << options.socket << ")" << std::endl;
    io.run();
    return 0;
}
