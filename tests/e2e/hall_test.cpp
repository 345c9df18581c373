// The hall (docs/hall.md): tables publishing to the real mosquitto, watched by
// a subscriber with a kept session, as arbiter-web --hall watches them; the
// broker stopped, killed and started again under them.
#include <signal.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "tests/e2e/http_client.h"
#include "tests/e2e/mqtt_broker.h"
#include "tests/e2e/mqtt_subscriber.h"
#include "tests/e2e/table_feed.h"
#include "tests/e2e/table_fixture.h"

namespace arbiter::e2e {
namespace {

using namespace std::chrono;
using namespace std::chrono_literals;
namespace fs = std::filesystem;
using Moves = std::vector<std::pair<std::string, std::string>>;

const Moves kOpening = {{"e2-e4", "1. e4"},    {"e7-e5", "1... e5"}, {"g1-f3", "2. Nf3"},
                        {"b8-c6", "2... Nc6"}, {"f1-b5", "3. Bb5"},  {"a7-a6", "3... a6"}};

// The last move a table's state (its spectator's status) shows: "3... a6".
std::string lastMoveShown(const nlohmann::json& state) {
    const nlohmann::json::json_pointer at("/status/session/lastMoves");
    if (!state.is_object() || !state.contains(at) || state[at].empty()) return "";
    return state[at].back().get<std::string>();
}

std::vector<std::string> announcements(const Moves& moves, size_t from, size_t to) {
    std::vector<std::string> texts;
    for (size_t i = from; i < to; ++i) texts.push_back(moves[i].second);
    return texts;
}

// The broker and a subscriber with a kept session, beside TableTest's table.
class Hall : public TableTest {
  protected:
    void SetUp() override {
        TableTest::SetUp();
        broker_ = std::make_unique<MqttBroker>(dir_ / "broker");
    }

    void TearDown() override {
        if (HasFailure()) std::cerr << "--- mosquitto's log:\n" << broker_->log();
        if (HasFailure() && daemon_) std::cerr << "--- arbiterd said:\n" << daemon_->transcript();
        daemon_.reset();
        board_.reset();
        subscriber_.reset();
        broker_.reset();
        TableTest::TearDown();
    }

    // The spectator: subscribed, with its session kept, before anything is published.
    void startSpectator() {
        subscriber_ = std::make_unique<MqttSubscriber>(broker_->port(), "hall-spectator");
        ASSERT_TRUE(subscriber_->waitUntilSubscribed(5s)) << broker_->log();
    }

    // arbiterd on the virtual board, publishing as `table`.
    void startPublishingTable(const std::string& table) {
        startBoard();
        startDaemonForAGame({"--mqtt", broker_->url(), "--mqtt-table", table});
        expectSaid("New game of fide");
    }

    // The broker, the spectator, and table t1 seen online; its run.
    void startOnlineTable(nlohmann::json& run) {
        ASSERT_TRUE(broker_->start()) << broker_->log();
        startSpectator();
        startPublishingTable("t1");
        ASSERT_TRUE(subscriber_->waitFor(
            [](const auto& m) { return feedOf(m, "t1").online.value("online", false); }, 5s));
        run = feed("t1").online["run"];
    }

    TableFeed feed(const std::string& table) const {
        return feedOf(subscriber_->messages(), table);
    }

    // Waits until the spectator has `count` moves of `table` and a state as
    // new as its last event; its feed then.
    TableFeed waitForMoves(const std::string& table, size_t count, milliseconds timeout = 10s) {
        subscriber_->waitFor(
            [&](const MqttSubscriber::Messages& messages) {
                TableFeed f = feedOf(messages, table);
                return f.moves().size() >= count && !f.state.is_null() &&
                       f.state["seq"] == f.events.back()["seq"];
            },
            timeout);
        return feed(table);
    }

    // A move played while nobody may be listening: arbiterd must announce it
    // on its console at once, whatever the broker does.
    void playPromptly(const std::pair<std::string, std::string>& move) {
        board_->send(move.first + "\n");
        expectSaid(move.second, 2000);
    }

    // The broker away during moves 3 to 5, by `goAway`; every move must come
    // to the spectator once, in order, after it is back.
    void playThroughAnAbsentBroker(void (MqttBroker::*goAway)()) {
        ASSERT_TRUE(broker_->start()) << broker_->log();
        startSpectator();
        startPublishingTable("t1");
        playMoves({kOpening[0], kOpening[1]});
        ASSERT_EQ(waitForMoves("t1", 2).moves(), announcements(kOpening, 0, 2));

        (broker_.get()->*goAway)();
        for (size_t i = 2; i < 5; ++i) playPromptly(kOpening[i]);
        ASSERT_TRUE(broker_->start()) << broker_->log();
        playMoves({kOpening[5]});

        TableFeed t1 = waitForMoves("t1", 6, 20s);
        EXPECT_EQ(t1.moves(), announcements(kOpening, 0, 6)) << t1.describe();
        EXPECT_TRUE(t1.contiguous()) << t1.describe();
        ASSERT_FALSE(t1.events.empty());
        EXPECT_EQ(t1.state["seq"], t1.events.back()["seq"]) << t1.describe();
        EXPECT_EQ(lastMoveShown(t1.state), "3... a6") << t1.describe();
        EXPECT_EQ(t1.online["online"], true) << t1.describe();
        std::printf("events received %d, kept %zu, repeats dropped %d\n", t1.rawEvents,
                    t1.events.size(), t1.repeats);
        RecordProperty("repeats", t1.repeats);
    }

    std::unique_ptr<MqttBroker> broker_;
    std::unique_ptr<MqttSubscriber> subscriber_;
};

// One table of a hall of many: its own virtual board, and arbiterd on it
// publishing as `name`.
struct HallTable {
    std::string name;
    std::unique_ptr<ChildProcess> board;
    std::unique_ptr<ChildProcess> daemon;
    size_t seen = 0;  // daemon output lines already matched
};

// Many tables at once, started together to keep the run short.
class HallOfTables : public Hall {
  protected:
    void expectTheHallPageShows(const std::string& lastMove);
    void TearDown() override {
        if (HasFailure()) {
            for (const HallTable& t : tables_)
                std::cerr << "--- arbiterd of " << t.name << " said:\n" << t.daemon->transcript();
        }
        // Told all at once, so that they go together rather than one by one.
        for (HallTable& t : tables_) t.daemon->signal(SIGTERM);
        for (HallTable& t : tables_) t.board->signal(SIGTERM);
        tables_.clear();
        Hall::TearDown();
    }

    void startTables(int count) {
        for (int i = 1; i <= count; ++i) {
            const std::string name = (i < 10 ? "t0" : "t") + std::to_string(i);
            const std::string link = (dir_ / ("board-" + name)).string();
            HallTable& t = tables_.emplace_back();
            t.name = name;
            t.board = std::make_unique<ChildProcess>(
                std::vector<std::string>{ARBITER_VBOARD, "--link", link, "--scan-ms", "10"});
        }
        for (HallTable& t : tables_) {
            const fs::path link = dir_ / ("board-" + t.name);
            const auto deadline = steady_clock::now() + 10s;
            while (!fs::exists(link) && steady_clock::now() < deadline)
                std::this_thread::sleep_for(10ms);
            ASSERT_TRUE(fs::exists(link)) << t.name << "'s vboard made no link";
            t.daemon = std::make_unique<ChildProcess>(std::vector<std::string>{
                ARBITERD, "--board", "dgt:" + link.string(), "--journal", (dir_ / t.name).string(),
                "--socket", (dir_ / (t.name + ".sock")).string(), "--settle-ms", "60", "--time",
                "5+3", "--mqtt", broker_->url(), "--mqtt-table", t.name});
        }
        for (HallTable& t : tables_) expectTableSaid(t, "New game of fide", 20s);
    }

    // Each move typed on every board at once, then each table's announcement of it.
    void playOnEveryTable(const Moves& moves) {
        for (const auto& [physical, announced] : moves) {
            for (HallTable& t : tables_) t.board->send(physical + "\n");
            for (HallTable& t : tables_) expectTableSaid(t, announced, 10s);
            if (HasFatalFailure()) return;
        }
    }

    void expectTableSaid(HallTable& t, const std::string& expect, milliseconds timeout) {
        const int at = t.daemon->waitFor(expect, timeout, t.seen);
        ASSERT_GE(at, 0) << "arbiterd of " << t.name << " never said \"" << expect << "\"";
        t.seen = static_cast<size_t>(at) + 1;
    }

    // True when `messages` hold `moves` moves of every table, each with a
    // state as new as its last event.
    bool everyTableHas(const MqttSubscriber::Messages& messages, size_t moves) const {
        for (const HallTable& t : tables_) {
            TableFeed f = feedOf(messages, t.name);
            if (f.moves().size() < moves || f.state.is_null() ||
                f.state["seq"] != f.events.back()["seq"] || f.online.is_null())
                return false;
        }
        return true;
    }

    std::vector<HallTable> tables_;
};

// The broker and the spectator themselves, mosquitto_pub playing the table.
class HallBroker : public Hall {
  protected:
    // What a kept session holds across a restart of the broker, by `goAway`:
    // the messages queued for the spectator while it was away, and the
    // retained state.
    void expectTheSessionKeptAcross(void (MqttBroker::*goAway)()) {
        ASSERT_TRUE(broker_->start()) << broker_->log();
        startSpectator();
        subscriber_.reset();  // away, its session kept

        const std::string state = R"({"table":"t1","run":1,"seq":5})";
        for (int seq = 1; seq <= 5; ++seq) publish("arbiter/tables/t1/events", event(seq));
        publish("arbiter/tables/t1/state", state, true);
        // A SIGKILL loses what came in the moment before the broker saved it
        // (the last message, once in 80 runs under load): what it keeps is
        // what it saved.
        ASSERT_TRUE(broker_->waitUntilSaved(state, 5s));
        (broker_.get()->*goAway)();
        ASSERT_TRUE(broker_->start()) << broker_->log();

        startSpectator();
        subscriber_->waitFor(
            [](const auto& m) {
                TableFeed t1 = feedOf(m, "t1");
                return t1.events.size() >= 5 && !t1.state.is_null();
            },
            5s);
        TableFeed t1 = feed("t1");
        EXPECT_EQ(t1.moves(), (std::vector<std::string>{"m1", "m2", "m3", "m4", "m5"}))
            << t1.describe();
        EXPECT_EQ(t1.state["seq"], 5) << t1.describe();
    }

    void publish(const std::string& topic, const std::string& payload, bool retain = false) {
        std::vector<std::string> argv = {"/usr/bin/mosquitto_pub",
                                         "-p",
                                         std::to_string(broker_->port()),
                                         "-q",
                                         "1",
                                         "-t",
                                         topic,
                                         "-m",
                                         payload};
        if (retain) argv.push_back("-r");
        ChildProcess pub(argv);
        ASSERT_EQ(pub.wait(5s), 0) << pub.transcript();
    }

    static std::string event(int seq) {
        return R"({"table":"t1","run":1,"seq":)" + std::to_string(seq) +
               R"(,"at":1.5,"event":{"event":"move","text":"m)" + std::to_string(seq) + R"("}})";
    }
};

TEST_F(HallBroker, KeepsASpectatorsQueuedMessagesAndTheStateAcrossAStop) {
    expectTheSessionKeptAcross(&MqttBroker::stop);
}

TEST_F(HallBroker, KeepsASpectatorsQueuedMessagesAndTheStateAcrossAKill) {
    expectTheSessionKeptAcross(&MqttBroker::kill);
}

// --- Tables publishing.

// arbiter-web --hall on the same broker: its /api/hall shows every table
// at `lastMove`, and its broadcast holds every game.
void HallOfTables::expectTheHallPageShows(const std::string& lastMove) {
    ChildProcess web({ARBITER_WEB, "--listen", "127.0.0.1:0", "--hall", broker_->url()});
    const int at = web.waitFor("the hall is at http://127.0.0.1:", 10s);
    ASSERT_GE(at, 0) << web.transcript();
    const std::string& line = web.lines()[static_cast<size_t>(at)];
    const int port = std::atoi(line.c_str() + line.find("127.0.0.1:") + 10);
    size_t shown = 0;
    nlohmann::json hall;
    for (const auto deadline = steady_clock::now() + 10s;
         shown < tables_.size() && steady_clock::now() < deadline;
         std::this_thread::sleep_for(100ms)) {
        const HttpReply reply = httpRequest(port, "GET", "/api/hall", "", "");
        hall = nlohmann::json::parse(reply.body, nullptr, false);
        shown = 0;
        if (!hall.is_object()) continue;
        for (const nlohmann::json& tile : hall["tables"])
            if (tile["online"] == true && lastMoveShown(tile) == lastMove) ++shown;
    }
    EXPECT_EQ(shown, tables_.size()) << hall.dump().substr(0, 2000);
    const std::string pgn = httpRequest(port, "GET", "/broadcast.pgn", "", "").body;
    size_t games = 0;
    for (size_t i = pgn.find("[Event "); i != std::string::npos; i = pgn.find("[Event ", i + 1))
        ++games;
    EXPECT_EQ(games, tables_.size()) << pgn.substr(0, 2000);
    EXPECT_NE(pgn.find(lastMove), std::string::npos) << pgn.substr(0, 2000);
}

TEST_F(HallOfTables, FiftyTablesPublishEveryMove) {
    const auto began = steady_clock::now();
    ASSERT_TRUE(broker_->start()) << broker_->log();
    startSpectator();
    startTables(50);
    ASSERT_FALSE(HasFatalFailure());
    const Moves moves(kOpening.begin(), kOpening.begin() + 4);
    playOnEveryTable(moves);
    ASSERT_FALSE(HasFatalFailure());

    EXPECT_TRUE(subscriber_->waitFor([&](const auto& m) { return everyTableHas(m, 4); }, 20s));
    const MqttSubscriber::Messages messages = subscriber_->messages();
    for (const HallTable& t : tables_) {
        TableFeed f = feedOf(messages, t.name);
        EXPECT_EQ(f.moves(), announcements(moves, 0, 4)) << t.name << ": " << f.describe();
        EXPECT_TRUE(f.contiguous()) << t.name << ": " << f.describe();
        EXPECT_EQ(f.repeats, 0) << t.name << ": " << f.describe();
        ASSERT_FALSE(f.events.empty()) << t.name;
        EXPECT_EQ(f.state["seq"], f.events.back()["seq"]) << t.name << ": " << f.describe();
        EXPECT_EQ(lastMoveShown(f.state), "2... Nc6") << t.name << ": " << f.describe();
        EXPECT_EQ(f.online["online"], true) << t.name << ": " << f.describe();
        EXPECT_EQ(f.events.front()["table"], t.name);
    }

    // What a spectator coming later finds: every table's retained topics.
    MqttSubscriber late(broker_->port(), "hall-late-spectator");
    EXPECT_TRUE(late.waitFor(
        [&](const auto& m) {
            for (const HallTable& t : tables_) {
                TableFeed f = feedOf(m, t.name);
                if (f.state.is_null() || f.online.is_null() || f.record.is_null()) return false;
            }
            return true;
        },
        10s));
    for (const HallTable& t : tables_) {
        TableFeed seen = feedOf(messages, t.name), retained = feedOf(late.messages(), t.name);
        EXPECT_TRUE(retained.events.empty()) << t.name << ": events are not retained";
        EXPECT_EQ(retained.state, seen.state) << t.name;
        EXPECT_EQ(retained.online["online"], true) << t.name;
        EXPECT_NE(retained.record.value("text", "").find("2... Nc6"), std::string::npos)
            << t.name << ": " << retained.record.dump();
    }
    expectTheHallPageShows(moves.back().second);
    std::printf("50 tables, 4 moves each: %.1f s\n",
                duration<double>(steady_clock::now() - began).count());
}

TEST_F(Hall, TheBrokerStoppedMidGameMissesNoMoveOfIt) {
    playThroughAnAbsentBroker(&MqttBroker::stop);
}

TEST_F(Hall, TheBrokerKilledMidGameMissesNoMoveOfIt) {
    playThroughAnAbsentBroker(&MqttBroker::kill);
}

TEST_F(Hall, ATableWhoseBrokerIsNotThereRefereesAndPublishesOnceItComes) {
    ASSERT_TRUE(broker_->start()) << broker_->log();
    startSpectator();
    broker_->stop();  // the spectator's session is kept for when it comes back
    startPublishingTable("t1");
    for (size_t i = 0; i < 4; ++i) playPromptly(kOpening[i]);
    ASSERT_FALSE(HasFatalFailure());

    ASSERT_TRUE(broker_->start()) << broker_->log();
    TableFeed t1 = waitForMoves("t1", 4, 20s);
    EXPECT_EQ(t1.moves(), announcements(kOpening, 0, 4)) << t1.describe();
    EXPECT_TRUE(t1.contiguous()) << t1.describe();
    ASSERT_FALSE(t1.events.empty());
    EXPECT_EQ(t1.state["seq"], t1.events.back()["seq"]) << t1.describe();
    EXPECT_EQ(t1.online["online"], true) << t1.describe();
}

// --- Offline.

TEST_F(Hall, AStoppedTableSaysItIsOffline) {
    nlohmann::json run;
    startOnlineTable(run);
    ASSERT_FALSE(HasFatalFailure());

    daemon_->signal(SIGTERM);
    EXPECT_EQ(daemon_->wait(5s), 0);
    ASSERT_TRUE(subscriber_->waitFor(
        [](const auto& m) { return !feedOf(m, "t1").online.value("online", true); }, 5s))
        << feed("t1").describe();
    EXPECT_EQ(feed("t1").online,
              (nlohmann::json{{"table", "t1"}, {"online", false}, {"run", run}}));
}

TEST_F(Hall, AKilledTableIsSaidOfflineByItsLastWill) {
    nlohmann::json run;
    startOnlineTable(run);
    ASSERT_FALSE(HasFatalFailure());

    daemon_->signal(SIGKILL);
    EXPECT_EQ(daemon_->wait(5s), -SIGKILL);
    ASSERT_TRUE(subscriber_->waitFor(
        [](const auto& m) { return !feedOf(m, "t1").online.value("online", true); }, 5s))
        << feed("t1").describe();
    EXPECT_EQ(feed("t1").online,
              (nlohmann::json{{"table", "t1"}, {"online", false}, {"run", run}}));
    // Retained, for whoever comes later.
    MqttSubscriber late(broker_->port(), "hall-late-spectator");
    EXPECT_TRUE(late.waitFor([](const auto& m) { return !feedOf(m, "t1").online.is_null(); }, 5s));
    EXPECT_EQ(feedOf(late.messages(), "t1").online["online"], false);
}

// --- Bad input from outside, through the program.

using HallBadInput = TableTest;

TEST_F(HallBadInput, ABrokerThatIsNotAnMqttUrlIsRefused) {
    for (const std::string url : {"http://x", "mqtt://", "mqtt://h:99999", "mqtt://h:port"}) {
        auto [status, said] = runDaemon({"--board", "dgt:/dev/null", "--journal", journalDir_,
                                         "--mqtt", url, "--mqtt-table", "t1"});
        EXPECT_EQ(status, 2) << url << ": " << said;
        // The URL's form, as docs/hall.md promises.
        EXPECT_NE(said.find("the broker URL"), std::string::npos) << url << ": " << said;
        EXPECT_NE(said.find("give mqtt://[USER[:PASSWORD]@]HOST[:PORT][/PREFIX]"),
                  std::string::npos)
            << url << ": " << said;
    }
}

// (No name at all is not among them: it is the host name's, docs/hall.md.)
TEST_F(HallBadInput, ATableNameThatCannotBeATopicLevelIsRefused) {
    for (const std::string& name :
         std::vector<std::string>{"a/b", "a+b", "#", "..", "tisch 1", std::string(65, 'x')}) {
        auto [status, said] = runDaemon({"--board", "dgt:/dev/null", "--journal", journalDir_,
                                         "--mqtt", "mqtt://127.0.0.1:1883", "--mqtt-table", name});
        EXPECT_EQ(status, 2) << name << ": " << said;
        EXPECT_NE(said.find("is not 1 to 64 letters, digits, '-', '_' and '.' (mqtt-table)"),
                  std::string::npos)
            << name << ": " << said;
    }
}

// The other side of the two above: what the contract allows is taken.
TEST_F(HallBadInput, AGoodBrokerAndTableNameAreTaken) {
    startBoard();
    startDaemonForAGame(
        {"--mqtt", "mqtt://127.0.0.1:1", "--mqtt-table", "Hall-2_table." + std::string(51, 'x')});
    expectSaid("New game of fide");
    playMoves({kOpening[0]});
}

}  // namespace
}  // namespace arbiter::e2e
