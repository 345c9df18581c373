// The privacy promise of a moderated game (docs/control.md, "Who may ask
// what in a moderated game"), walked through the real socket at a real
// moderated table: every request, as a client that has not said who it is and
// as the player whose turn it is not, just after the player to move said a
// secret action. Lantern (tests/games/lantern.h) stands for csipgs: its "dim"
// is told to no one but its player, as a design change said is.
#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "daemon/announce/announcement.h"
#include "daemon/control/control_server.h"
#include "daemon/table/playing_table.h"
#include "tests/daemon/control/server_fixture.h"
#include "tests/daemon/control/test_client.h"
#include "tests/daemon/surface_fixture.h"
#include "tests/games/lantern.h"

namespace arbiter {
namespace {

using json = nlohmann::json;
using testing::TempDir;
using testing::TestClient;

// What a request must get: "ok" (or the reply type of status and subscribe),
// else a word of its refusal.
struct Row {
    const char* request;
    const char* anonymous;
    const char* otherPlayer;
};

// The promise, row by row, in the order of docs/control.md.
const Row kPromise[] = {
    {R"({"type":"status"})", "status", "status"},
    {R"({"type":"subscribe"})", "snapshot", "snapshot"},
    {R"({"type":"games"})", "ok", "ok"},
    {R"({"type":"as","name":"Ann","secret":"guess"})", "wrong secret",
     "already speaks as a player"},
    {R"({"type":"do","action":"d4-d5"})", "may only watch", "not your turn"},
    {R"({"type":"do","action":"d7-d6"})", "may only watch", "not your turn"},
    {R"({"type":"do","action":"d4-d5","player":0})", "may only watch", "own seat only"},
    {R"({"type":"do","action":"resign","player":0})", "may only watch", "own seat only"},
    {R"({"type":"do","action":"draw-offer"})", "may only watch", "ok"},
    {R"({"type":"takeback"})", "may only watch", "the last turn is Ann's"},
    {R"({"type":"new-game"})", "may only watch", "a game is on"},
    {R"({"type":"pause"})", "may only watch", "ok"},
    {R"({"type":"resume"})", "may only watch", "ok"},
    {R"({"type":"unsubscribe"})", "ok", "ok"},
};

class ModeratedPrivacy : public ::testing::Test {
  protected:
    void SetUp() override {
        spdlog::set_level(spdlog::level::err);
        TableSettings settings;
        for (const char* name : {"white", "black"}) {
            BoardSetting board;
            board.name = board.placement.name = name;
            board.device = {"dgt", dir.file(std::string("no-board-") + name)};
            board.rotationGiven = true;
            settings.boards.push_back(board);
        }
        settings.session.time = *TimeControl::parse("5+0");
        settings.session.players = {"Ann", "Bob"};
        settings.session.journalDir = dir.file("games");
        settings.settleMs = 100;
        settings.secrets = {"ann-secret", "bob-secret"};
        std::string error;
        table = openTable(loop, settings, testgames::makeLanternGame(), announcer, error);
        ASSERT_TRUE(table) << error;
        server = ControlServer::create(loop, *table, dir.file("arbiterd.sock"), error);
        ASSERT_TRUE(server) << error;
        announcer.addPerPlayer(*server);
    }
    void TearDown() override {
        server.reset();
        table.reset();
        spdlog::set_level(spdlog::level::info);
    }

    void show(int seat, const std::string& fen) {
        table->boardDump(seat, testing::squaresFromFen(fen));
        time.skip(150);
        loop.runOnce(0);
    }
    TestClient connect() {
        TestClient client(loop, dir.file("arbiterd.sock"));
        EXPECT_EQ(client.next().value("type", ""), "hello");
        return client;
    }
    TestClient player(const std::string& name, const std::string& secret) {
        TestClient client = connect();
        const json reply =
            client.ask(json{{"type", "as"}, {"name", name}, {"secret", secret}}.dump());
        EXPECT_EQ(reply.value("type", ""), "ok") << reply;
        return client;
    }
    // The reply to `request`; the events that came before it go to `heard`.
    static json answer(TestClient& client, const std::string& request, std::vector<json>& heard) {
        client.sendLine(request);
        for (json line = client.next(); !line.is_null(); line = client.next()) {
            if (line.value("type", "") != "event") return line;
            heard.push_back(line);
        }
        return nullptr;
    }
    // Whether `reply` is what the promise says: its type, or a refusal saying `says`.
    static ::testing::AssertionResult keeps(const json& reply, const std::string& says) {
        const std::string type = reply.value("type", "");
        if (type == says ||
            (type == "error" && reply.value("error", "").find(says) != std::string::npos))
            return ::testing::AssertionSuccess();
        return ::testing::AssertionFailure() << "wanted " << says << ", got " << reply;
    }
    // Two steps, then Ann's secret: everyone counts the steps alone.
    static constexpr int kPlyToldToEveryone = 2;
    // Whether what `client` saw tells of Ann's secret: its name, or a count that rose with it.
    ::testing::AssertionResult showsNoSecret(const json& seen) const {
        // Without the test's folder, whose random name could hold anything.
        std::string text = seen.dump();
        for (size_t at; (at = text.find(dir.path())) != std::string::npos;)
            text.erase(at, dir.path().size());
        if (text.find("dim") != std::string::npos)
            return ::testing::AssertionFailure() << "names the secret: " << text;
        for (const char* where : {"/session/ply", "/data/ply"}) {
            const json::json_pointer at(where);
            if (seen.contains(at) && seen[at] != kPlyToldToEveryone)
                return ::testing::AssertionFailure() << "counts the secret: " << text;
        }
        return ::testing::AssertionSuccess();
    }

    testing::SkippableTime time;
    EventLoop loop{time};
    TempDir dir;
    Announcer announcer;
    std::unique_ptr<PlayingTable> table;
    std::unique_ptr<ControlServer> server;
};

TEST_F(ModeratedPrivacy, EveryRequestAsSomeoneWhoIsNotTheMoverKeepsThePromise) {
    show(0, "8/8/8/8/3K4/8/8/8");
    show(1, "8/3k4/8/8/8/8/8/8");
    ASSERT_TRUE(table->session()) << "the game did not start";
    show(0, "8/8/8/3K4/8/8/8/8");  // d4-d5
    show(1, "8/4k3/8/8/8/8/8/8");  // d7-e7: the clocks run, neither sees the other
    ASSERT_EQ(table->session()->ply(), kPlyToldToEveryone);
    TestClient anonymous = connect();
    TestClient bob = player("Bob", "bob-secret");
    std::vector<json> heardByAnonymous, heardByBob;
    answer(anonymous, R"({"type":"subscribe"})", heardByAnonymous);
    answer(bob, R"({"type":"subscribe"})", heardByBob);
    TestClient ann = player("Ann", "ann-secret");
    std::vector<json> heardByAnn;
    ASSERT_TRUE(keeps(answer(ann, R"({"type":"do","action":"dim"})", heardByAnn), "ok"));
    ASSERT_EQ(table->session()->ply(), kPlyToldToEveryone + 1);

    for (const Row& row : kPromise) {
        SCOPED_TRACE(row.request);
        const json toAnonymous = answer(anonymous, row.request, heardByAnonymous);
        EXPECT_TRUE(keeps(toAnonymous, row.anonymous));
        EXPECT_TRUE(showsNoSecret(toAnonymous));
        const json toBob = answer(bob, row.request, heardByBob);
        EXPECT_TRUE(keeps(toBob, row.otherPlayer));
        EXPECT_TRUE(showsNoSecret(toBob));
        // Nothing either asked took Ann's turn, her secret or the game away.
        ASSERT_TRUE(table->session());
        EXPECT_EQ(table->session()->ply(), kPlyToldToEveryone + 1);
        EXPECT_FALSE(table->session()->over());
    }
    EXPECT_TRUE(anonymous.quiet());
    EXPECT_TRUE(bob.quiet());
    // What they heard meanwhile (Bob's draw offer, the pause) is public, and
    // tells nothing of the secret either.
    for (const std::vector<json>* heard : {&heardByAnonymous, &heardByBob}) {
        for (const json& event : *heard) EXPECT_TRUE(showsNoSecret(event));
    }
    EXPECT_FALSE(heardByBob.empty());
    // The status of a client that has not said who it is shows no position at all.
    std::vector<json> ignored;
    const json status = answer(anonymous, R"({"type":"status"})", ignored);
    EXPECT_FALSE(status["session"].contains("state")) << status;
    EXPECT_FALSE(status.contains("picture")) << status;
    // Bob's own decisions are his: he may still resign his own game.
    std::vector<json> resigned;
    EXPECT_TRUE(keeps(answer(bob, R"({"type":"subscribe"})", resigned), "snapshot"));
    EXPECT_TRUE(keeps(answer(bob, R"({"type":"do","action":"resign"})", resigned), "ok"));
    EXPECT_TRUE(std::any_of(resigned.begin(), resigned.end(), [](const json& event) {
        return event.value("event", "") == "result";
    })) << json(resigned);
}

}  // namespace
}  // namespace arbiter
