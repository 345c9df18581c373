// arbiterctl: asks a running arbiterd over its control socket (docs/control.md),
// and lists and replays the games its journals recorded.
// Exit status: 0 done, 1 refused by arbiterd (its message printed), 2 a usage
// error, no arbiterd to ask, or a journal that cannot be read.

#include <unistd.h>

#include <boost/program_options.hpp>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "daemon/announce/announcement_type.h"
#include "daemon/base/json_text.h"
#include "daemon/base/utf8.h"
#include "daemon/control/control_protocol.h"
#include "daemon/control/do_verb.h"
#include "daemon/control/trusted_servers.h"
#include "daemon/journal/recorded_games.h"
#include "daemon/session/session.h"
#include "tools/arbiterctl/board_pictures.h"
#include "tools/arbiterctl/control_client.h"
#include "tools/arbiterctl/game_list.h"
#include "tools/arbiterctl/game_replay.h"
#include "tools/arbiterctl/readable_json.h"
#include "tools/arbiterctl/status_summary.h"

namespace po = boost::program_options;
using nlohmann::json;
using namespace arbiter;

namespace {

constexpr int kDone = 0;
constexpr int kRefused = 1;
constexpr int kCannot = 2;

// How long arbiterd may take to greet and to answer.
constexpr int kHelloTimeoutMs = 5000;
constexpr int kReplyTimeoutMs = 10000;
constexpr int kRequestId = 1;

const char* kCommands = R"(commands:
  status              where the game stands: clocks, position, last moves,
                      boards; --full adds every field, --json the reply as sent,
                      --boards draws each board as it lies, in its own squares
  watch               print announcements as they happen, until interrupted
  do ACTION           an action no board shows: resign, leave, draw-offer,
                      draw-accept, draw-claim, pass, or an action in the game's
                      notation, perhaps of several words (e2e4, buy 3,
                      design 3 FfR)
  do join [NAME]      a late player takes the next seat (games that allow it)
  takeback            take the last move back
  pause               stop the clocks
  resume              start the clocks again
  new-game            abandon the game in progress and wait for the start position
  games               the recorded games, newest last, each with the file to
                      replay: asks arbiterd, or reads the --journal folder
                      when none runs (or when --journal is given)
  replay FILE         every position of a recorded game (a journal), with each
                      move as announced; --ply N only the one after ply N,
                      --step waits for Enter between positions
)";

void usage(std::ostream& out, const po::options_description& options) {
    // GNU's form ("Usage:", then "  or:"), which help2man makes the man page's synopsis of.
    out << "Usage: arbiterctl [--socket PATH] [--json] COMMAND [ACTION] [--player N]\n"
        << "  or:  arbiterctl [--socket PATH] status [--full | --json | --boards]\n"
        << "  or:  arbiterctl [--socket PATH] [--json] games [--journal DIR]\n"
        << "  or:  arbiterctl replay FILE [--ply N | --step]\n\n"
        << kCommands << "\n"
        << options << "\n";
}

// The request a command line asks for; nullopt and a message when it asks for nothing sensible.
std::optional<json> requestFor(const std::string& command, const std::vector<std::string>& args,
                               std::optional<int> player, std::string& error) {
    using namespace control::request;
    if (player && command != "do") {
        error = "--player goes with do only";
        return std::nullopt;
    }
    if (command == "do") {
        bool joining = !args.empty() && doVerbNamed(args[0]) == DoVerb::Join;
        if (args.empty() || (joining && args.size() > 2)) {
            error = "do takes an ACTION, e.g. arbiterctl do resign (join may add one NAME)";
            return std::nullopt;
        }
        // An action may be several words ("buy 3", "design 3 FfR"); join's
        // second word is the newcomer's name.
        std::string action = args[0];
        for (size_t i = 1; !joining && i < args.size(); ++i) action += " " + args[i];
        json request = {{"type", kDo}, {"action", action}};
        if (joining && args.size() == 2) request["name"] = args[1];
        if (player) request["player"] = *player;
        return request;
    }
    if (!args.empty()) {
        error = command + " takes no arguments (\"" + args[0] + "\" is one too many)";
        return std::nullopt;
    }
    if (command == "watch") return json{{"type", kSubscribe}};
    if (command == "games") return json{{"type", kGames}};
    for (const char* simple : {kStatus, kTakeback, kPause, kResume, kNewGame})
        if (command == simple) return json{{"type", simple}};
    error = "unknown command \"" + command + "\"";
    return std::nullopt;
}

// Everything of a status or snapshot message except the protocol's own fields.
json statusOf(json message) {
    message.erase("type");
    message.erase("id");
    return message;
}

// One exchange with arbiterd: the greeting, one request and its reply, and for
// watch the events that follow.
class Conversation {
  public:
    Conversation(std::string path, bool raw) : path_(std::move(path)), raw_(raw) {}
    // status prints every field of the snapshot after the summary.
    void showInFull() { full_ = true; }
    // Speaks as the player called `name` (a moderated game), proven by `secret`.
    void speakAs(std::string name, std::string secret) {
        as_ = std::move(name);
        secret_ = std::move(secret);
    }

    // A status as the boards lie, rather than the whole table's.
    void showBoards() { boards_ = true; }

    // Whether arbiterd listens at the socket; run() connects when not asked first.
    bool connect(std::string& error) {
        connected_ = client_.connect(path_, error, untrusted_);
        return connected_;
    }

    int run(const std::string& command, const json& request) {
        std::string error;
        if (!connected_ && !connect(error))
            return cannot((untrusted_ ? "refusing the server at " : "cannot reach arbiterd at ") +
                          path_ + ": " + error);
        if (int status = greet(); status != kDone) return status;
        if (!as_.empty()) {
            json as = {{"type", control::request::kAs},
                       {"name", as_},
                       {"secret", secret_},
                       {"id", kRequestId}};
            if (!client_.send(as, error))
                return cannot("cannot send to arbiterd at " + path_ + ": " + error);
            json answer;
            std::string line;
            if (int status = awaitReply(answer, line); status != kDone) return status;
            if (answer.value("type", "") == control::reply::kError) {
                std::cerr << "arbiterctl: " << answer.value("error", "refused") << "\n";
                return kRefused;
            }
            const json admitted = answer.value("data", json::object());
            if (admitted.is_object() && admitted.contains("player") &&
                admitted["player"].is_number_integer())
                seat_ = admitted["player"].get<int>();
        }
        json withId = request;
        withId["id"] = kRequestId;
        if (!client_.send(withId, error))
            return cannot("cannot send to arbiterd at " + path_ + ": " + error);
        json reply;
        std::string line;
        if (int status = awaitReply(reply, line); status != kDone) return status;
        std::string type = reply.value("type", "");
        if (type == control::reply::kError) {
            std::cerr << "arbiterctl: " << reply.value("error", "refused, no reason given") << "\n";
            return kRefused;
        }
        if (raw_) {
            std::cout << line << std::endl;
        } else if (type == control::reply::kStatus && boards_) {
            std::cout << ctl::boardPicturesText(statusOf(reply)) << std::flush;
        } else if (type == control::reply::kStatus) {
            // At a glance; every field only when asked for.
            std::cout << ctl::statusSummary(reply);
            if (full_) std::cout << "\nIn full:\n" << ctl::readable(statusOf(reply));
            std::cout << std::flush;
        } else if (type == control::reply::kSnapshot && !as_.empty()) {
            // A player's console begins with where they stand: their view.
            std::cout << "Watching as " << as_ << ".\n" << ctl::statusSummary(reply) << std::flush;
        } else if (type == control::reply::kOk && command == "games") {
            std::cout << ctl::gameListText(reply.value("data", json::object())) << std::flush;
        } else if (type == control::reply::kOk) {
            json data = reply.value("data", json::object());
            if (data.is_object() && data.contains("text") && data["text"].is_string())
                std::cout << data["text"].get<std::string>() << std::endl;
            else if (!data.empty())
                std::cout << ctl::readable(data) << std::flush;
            else if (command != "watch")
                std::cout << "done: " << command << std::endl;  // silence would read as nothing
        }
        if (command == "watch") return watch();
        if (type != control::reply::kOk && type != control::reply::kStatus)
            return cannot("arbiterd answered with an unexpected \"" + type + "\"");
        return kDone;
    }

  private:
    int cannot(const std::string& why) {
        std::cerr << "arbiterctl: " << why << "\n";
        return kCannot;
    }

    int lost(ctl::ControlClient::Read result, const std::string& error,
             const std::string& waiting) {
        using Read = ctl::ControlClient::Read;
        if (result == Read::closed)
            return cannot("arbiterd at " + path_ + " closed the connection");
        if (result == Read::timedOut)
            return cannot("arbiterd at " + path_ + " did not answer " + waiting);
        return cannot("reading from arbiterd at " + path_ + ": " + error);
    }

    int greet() {
        json hello;
        std::string line, error;
        auto result = client_.next(hello, line, kHelloTimeoutMs, error);
        if (result != ctl::ControlClient::Read::message)
            return lost(result, error, "with a greeting");
        if (hello.value("type", "") == control::reply::kError)
            return cannot("arbiterd at " + path_ +
                          " turned us away: " + hello.value("error", "no reason given"));
        if (hello.value("type", "") != control::reply::kHello)
            return cannot(path_ + " is not arbiterd's control socket");
        if (hello.value("protocol", 0) != control::kProtocolVersion)
            return cannot("arbiterd at " + path_ + " speaks protocol " +
                          jsonText(hello.value("protocol", json())) + "; this arbiterctl speaks " +
                          std::to_string(control::kProtocolVersion));
        return kDone;
    }

    // Skips whatever comes before the reply to our request (events, mostly).
    int awaitReply(json& reply, std::string& line) {
        std::string error;
        for (;;) {
            auto result = client_.next(reply, line, kReplyTimeoutMs, error);
            if (result != ctl::ControlClient::Read::message)
                return lost(result, error,
                            "within " + std::to_string(kReplyTimeoutMs / 1000) + " s");
            if (reply.contains("id") && reply["id"] == kRequestId) return kDone;
        }
    }

    int watch() {
        std::string error;
        for (;;) {
            json message;
            std::string line;
            auto result = client_.next(message, line, -1, error);
            if (result != ctl::ControlClient::Read::message) return lost(result, error, "");
            if (raw_) {
                std::cout << line << std::endl;
                continue;
            }
            std::string type = message.value("type", "");
            // A player has just heard their own move in full: "White has
            // taken their turn" after it says nothing new to them.
            const json data = message.value("data", json::object());
            if (type == control::reply::kEvent && seat_ >= 0 &&
                announcementTypeNamed(message.value("event", "")) == AnnouncementType::Moved &&
                data.is_object() && data.contains("player") && data["player"] == seat_)
                continue;
            if (type == control::reply::kEvent) {
                std::string text = message.value("text", "");
                std::cout << (text.empty() ? message.value("event", "event") : text) << std::endl;
            } else if (type == control::reply::kError) {
                std::cerr << "arbiterctl: " << message.value("error", "") << std::endl;
            }
        }
    }

    std::string path_;
    bool raw_;
    bool full_ = false;
    bool boards_ = false;  // status --boards
    std::string as_;
    std::string secret_;
    int seat_ = -1;  // the seat arbiterd admitted this client as, or -1
    bool connected_ = false;
    bool untrusted_ = false;
    // Anyone else's server could say "ok" to anything.
    ctl::ControlClient client_{control::trustedServerUsers()};
};

// The games of a journal folder read directly, when no arbiterd is asked.
int listFolder(const std::string& dir, bool raw) {
    std::string error;
    auto listing = listRecordedGames(dir, kMostGamesListed, error);
    if (!listing) {
        std::cerr << "arbiterctl: " << error << "\n";
        return kCannot;
    }
    if (raw)
        std::cout << listing->dump() << std::endl;
    else
        std::cout << ctl::gameListText(*listing) << std::flush;
    return kDone;
}

// Why an option does not go with the command given ("--boards goes with
// status only"); empty when every option fits.
std::string misplacedOption(const po::variables_map& vm, const std::string& command,
                            std::optional<int> seat, const std::string& as, bool journalGiven) {
    std::string error;
    if (journalGiven && command != "games") error = "--journal goes with games only";
    if ((vm.count("ply") || vm.count("step")) && command != "replay")
        error = "--ply and --step go with replay only";
    if (vm.count("ply") && vm.count("step")) error = "replay takes --ply or --step, not both";
    if (vm.count("full") && command != "status") error = "--full goes with status only";
    if (seat && *seat < 0)
        error = "--player counts seats from 1, as the players are named: the first is --player 1";
    if (vm.count("boards") && command != "status") error = "--boards goes with status only";
    if (vm.count("as")) {
        if (!isValidPlayerName(as))
            error = "--as names a player as the table calls them, 1 to 40 characters";
        else if (command == "replay" || journalGiven)
            error = "--as goes with requests to arbiterd, not with replay or games --journal";
        else if (seat)
            error = "--as acts for that player alone: leave out --player";
    }
    return error;
}

}  // namespace

int main(int argc, char** argv) {
    // A name goes to arbiterd as JSON, which holds only UTF-8.
    for (int i = 1; i < argc; ++i) {
        if (!arbiter::isUtf8(argv[i])) {
            std::cerr << "arbiterctl: argument " << i << " \"" << arbiter::printable(argv[i])
                      << "\" is not UTF-8 text; give names and paths in UTF-8\n";
            return kCannot;
        }
    }
    std::string socketPath;
    std::string journalDir;
    int player = -1;
    std::string as;
    int ply = -1;
    po::options_description options("options");
    options.add_options()("help,h", "show this help")(
        "socket,s", po::value(&socketPath)->value_name("PATH"),
        "arbiterd's control socket (default: your own arbiterd's, "
        "$XDG_RUNTIME_DIR/arbiter/arbiterd.sock, else /tmp/arbiter-UID/arbiterd.sock; "
        "when that is not there, the service's, /run/arbiter/arbiterd.sock)")(
        "json", "print the daemon's JSON lines as they come")(
        "as", po::value(&as),
        "speak as this player of a moderated game (their name at the table), with the secret in "
        "$ARBITER_SECRET: see their view, hear their announcements, act for them")(
        "player,p", po::value(&player),
        "with do: the seat acting, counted from 1 as the table names its players (Player 1, "
        "Player 2, ...); default: the player to move")(
        "full", "with status: every field of the snapshot after the summary")(
        "journal,j", po::value(&journalDir)->default_value("games"),
        "with games: the journal folder to read when no arbiterd runs (given: read it anyway)")(
        "ply", po::value(&ply),
        "with replay: show only the position after this ply (0: the start)")(
        "step", "with replay: wait for Enter between positions")(
        "boards", "with status: draw each board as it lies, in its own squares");
    po::options_description hidden;
    hidden.add_options()("command", po::value<std::string>())(
        "args", po::value<std::vector<std::string>>());
    po::options_description all;
    all.add(options).add(hidden);
    po::positional_options_description positional;
    positional.add("command", 1).add("args", -1);

    po::variables_map vm;
    try {
        po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(),
                  vm);
        po::notify(vm);
    } catch (const po::error& e) {
        std::cerr << "arbiterctl: " << e.what() << "\n";
        usage(std::cerr, options);
        return kCannot;
    }
    if (vm.count("help")) {
        usage(std::cout, options);
        return kDone;
    }
    if (!vm.count("command")) {
        std::cerr << "arbiterctl: name a command\n";
        usage(std::cerr, options);
        return kCannot;
    }
    std::string command = vm["command"].as<std::string>();
    std::vector<std::string> args;
    if (vm.count("args")) args = vm["args"].as<std::vector<std::string>>();
    // Seats are counted from 1 wherever people name them; the protocol
    // counts from 0.
    std::optional<int> seat;
    if (vm.count("player")) seat = player - 1;

    const bool journalGiven = !vm["journal"].defaulted();
    std::string error = misplacedOption(vm, command, seat, as, journalGiven);
    if (command == "replay" && error.empty()) {
        if (args.size() != 1) {
            error = "replay takes one FILE, a journal as arbiterctl games names it";
        } else {
            if (seat) {
                std::cerr << "arbiterctl: --player goes with do only\n";
                return kCannot;
            }
            std::optional<int> only;
            if (vm.count("ply")) only = ply;
            SystemTimeSource time;
            return ctl::replayJournal({args[0], only, vm.count("step") > 0}, std::cout, std::cerr,
                                      std::cin, time);
        }
    }
    if (!error.empty()) {
        std::cerr << "arbiterctl: " << error << "\n";
        usage(std::cerr, options);
        return kCannot;
    }
    const bool raw = vm.count("json") > 0;
    auto request = requestFor(command, args, seat, error);
    if (!request) {
        std::cerr << "arbiterctl: " << error << "\n";
        usage(std::cerr, options);
        return kCannot;
    }
    if (socketPath.empty()) socketPath = control::clientSocketPath();
    Conversation conversation(socketPath, raw);
    if (vm.count("full")) conversation.showInFull();
    if (vm.count("boards")) conversation.showBoards();
    if (!as.empty()) {
        // From the environment, so that it shows in no process listing.
        const char* secret = std::getenv("ARBITER_SECRET");
        conversation.speakAs(as, secret ? secret : "");
    }
    if (command == "games") {
        // The daemon knows its folder; without one, the folder on disk.
        if (journalGiven) return listFolder(journalDir, raw);
        if (!conversation.connect(error)) {
            std::cerr << "arbiterctl: no arbiterd at " << socketPath << " (" << error
                      << "); reading the journal folder " << journalDir << "\n";
            return listFolder(journalDir, raw);
        }
    }
    return conversation.run(command, *request);
}
