// Every control request (docs/control.md) at a table that has just taken up an
// unfinished game from its journal, for every game, with and without boards:
// before its boards have reported, and once they show the resumed game. Each
// request is answered (done, or refused with a reason), and the table goes on
// judging and answering after it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "tests/daemon/game_table_fixture.h"

namespace arbiter {
namespace {

std::vector<std::string> everyGame() {
    std::vector<std::string> names;
    for (const std::string& name : gameNames()) {
        auto game = makeGame(name);
        // A moderated game answers each player apart (moderated_table_test).
        if (game && !game->start()->hidden()) names.push_back(name);
    }
    return names;
}

// The first action legal now that is not chance's, in the game's notation.
std::optional<std::string> aLegalAction(const GameState& now) {
    for (const Action& a : now.legalActions()) {
        if (a.kind != Action::Kind::Chance) return now.encode(a);
    }
    return std::nullopt;
}

// Where the boards stand when the request comes.
enum class Boards { NotReported, ShowTheGame };

class ControlAfterResume : public testing::GameTableTest,
                           public ::testing::WithParamInterface<std::string> {
  protected:
    ControlAfterResume() : GameTableTest(GetParam(), makeGame(GetParam())->start()->geometry()) {}

    bool withBoards() const { return !boards.empty(); }
    // The fixture's settings, the players named as the game names its seats
    // (Skirmish seats four).
    TableSettings tableSettings() const {
        TableSettings s = settings();
        s.session.players.clear();
        return s;
    }

    // A game of two actions, left unfinished in a journal that each request's
    // table takes up afresh.
    void SetUp() override {
        create(tableSettings());
        ASSERT_TRUE(game);
        table->connectBoards();
        if (withBoards()) show(*game->start());
        ASSERT_TRUE(table->session());
        for (int i = 0; i < 2; ++i) {
            const auto action = aLegalAction(table->session()->current());
            ASSERT_TRUE(action);
            ASSERT_TRUE(table->act(*action, -1, "").ok) << *action;
            if (withBoards()) show(table->session()->current());
        }
        ASSERT_FALSE(table->session()->over());
        journalName = std::filesystem::path(table->session()->journalPath()).filename();
        std::ifstream in(table->session()->journalPath());
        std::stringstream text;
        text << in.rdbuf();
        journalText = text.str();
        table.reset();
    }

    // A table that has just resumed the journalled game, in a folder of its own.
    void resume(Boards shown) {
        table.reset();
        const std::string dir = scratch.path() + "/resumed" + std::to_string(++tables);
        std::filesystem::create_directories(dir);
        std::ofstream(dir + "/" + journalName) << journalText;
        TableSettings s = tableSettings();
        s.session.journalDir = dir;
        create(s);
        ASSERT_TRUE(table);
        ASSERT_TRUE(table->session()) << "nothing resumed";
        ASSERT_GT(table->session()->ply(), 0);
        table->connectBoards();
        if (shown == Boards::ShowTheGame && withBoards()) show(table->session()->current());
    }

    // The table answers, says what it waits for, and goes on judging.
    void expectSane(const std::string& request, const ControlReply& reply) {
        if (!reply.ok) EXPECT_FALSE(reply.error.empty()) << request;
        for (int round = 0; round < 2; ++round) {
            const nlohmann::json status = table->status();
            ASSERT_TRUE(status.contains("awaited")) << request;
            EXPECT_FALSE(status["awaited"].get<std::string>().empty()) << request;
            EXPECT_EQ(status["game"], name) << request;
            // The boards follow whatever the request did.
            if (withBoards())
                show(table->session() && !table->session()->over() ? table->session()->current()
                                                                   : *game->start());
            else
                settle();
        }
        EXPECT_TRUE(table->status().is_object()) << request;
    }

    std::string journalName;
    std::string journalText;
    int tables = 0;
};

// Each request of docs/control.md that a table answers, with what it says.
struct Request {
    std::string name;
    std::function<ControlReply(PlayingTable&)> send;
};

std::vector<Request> everyRequest() {
    std::vector<Request> requests = {
        {"status", [](PlayingTable& t) { return ControlReply::done(t.status()); }},
        {"takeback", [](PlayingTable& t) { return t.takeback(); }},
        {"takeback twice",
         [](PlayingTable& t) {
             (void)t.takeback();
             return t.takeback();
         }},
        {"pause", [](PlayingTable& t) { return t.pauseClocks(); }},
        {"pause and resume",
         [](PlayingTable& t) {
             (void)t.pauseClocks();
             return t.resumeClocks();
         }},
        {"resume", [](PlayingTable& t) { return t.resumeClocks(); }},
        {"new-game", [](PlayingTable& t) { return t.newGame(); }},
        {"games", [](PlayingTable& t) { return t.games(); }},
        {"as", [](PlayingTable& t) {
             int seat = -1;
             return t.admit("Ann", "secret", seat);
         }}};
    for (const std::string verb : {"resign", "leave", "draw-offer", "draw-accept", "draw-claim",
                                   "join", "pass", "end", "", "nonsense"})
        requests.push_back({"do " + verb, [verb](PlayingTable& t) { return t.act(verb, -1, ""); }});
    requests.push_back(
        {"do by another seat", [](PlayingTable& t) { return t.act("pass", 1, ""); }});
    requests.push_back({"do a legal action", [](PlayingTable& t) {
                            const auto action = aLegalAction(t.session()->current());
                            return action ? t.act(*action, -1, "")
                                          : ControlReply::refused("no action");
                        }});
    return requests;
}

TEST_P(ControlAfterResume, EveryRequestBeforeTheBoardsHaveReported) {
    for (const Request& request : everyRequest()) {
        SCOPED_TRACE(request.name);
        resume(Boards::NotReported);
        if (HasFatalFailure()) return;
        expectSane(request.name, request.send(*table));
    }
}

TEST_P(ControlAfterResume, EveryRequestOnceTheBoardsShowTheResumedGame) {
    for (const Request& request : everyRequest()) {
        SCOPED_TRACE(request.name);
        resume(Boards::ShowTheGame);
        if (HasFatalFailure()) return;
        expectSane(request.name, request.send(*table));
    }
}

INSTANTIATE_TEST_SUITE_P(EveryGame, ControlAfterResume, ::testing::ValuesIn(everyGame()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace arbiter
