// A journal replays only as the game it records: every draw of chance where
// the seed and the game put it, a result that follows from the lines before
// it, and the "game" line's "started" and the result's "record" as arbiterd
// writes them. A journal edited by hand (its checksums written anew) is
// refused with the file and line, by a replay as by a resume.
#include <gtest/gtest.h>

#include <functional>
#include <random>

#include "daemon/session/session.h"
#include "tests/daemon/journal_events.h"
#include "tests/daemon/recording_sink.h"
#include "tests/daemon/temp_directory.h"
#include "tests/games/dice_race.h"

namespace arbiter {
namespace {

std::unique_ptr<Game> gameNamed(const std::string& name) {
    if (name == "dicerace") return testgames::makeDiceRaceGame();
    GameOptions options;
    if (name == "konfusion") options.values["die"] = "on";
    std::string error;
    auto game = makeGame(name, options, error);
    EXPECT_TRUE(game) << error;
    return game;
}

class JournalReplay : public ::testing::TestWithParam<std::string> {
  protected:
    // A game of `name` played with actions picked at random (the seed fixed)
    // until it ends by the rules, or resigned after `most` plies; its journal.
    std::string finishedJournal(const Game& game, uint64_t seed = 38, int most = 400) {
        SessionSettings settings;
        settings.time = *TimeControl::parse("5+0");
        settings.journalDir = scratch.path() + "/" + std::to_string(seed);
        settings.seed = seed;
        std::string error;
        auto session = Session::begin(game, settings, sink, time, error);
        EXPECT_TRUE(session) << error;
        if (!session) return {};
        std::mt19937 pick(6);
        while (!session->over() && session->ply() < most) {
            auto legal = session->current().legalActions();
            if (legal.empty()) break;
            time.advance(100);
            EXPECT_TRUE(session->commit(legal[pick() % legal.size()]));
        }
        if (!session->over()) EXPECT_EQ(session->resign(session->current().toMove()), "");
        return session->journalPath();
    }
    // Why replaying the journal at `path` to its end is refused; "" when it is not.
    std::string replayError(const Game& game, const std::string& path) {
        std::string error;
        auto reader = JournalReader::open(path, error);
        if (!reader) return "unreadable: " + error;
        auto s = Session::replay(game, *reader, sink, time, error);
        return s ? std::string() : error;
    }

    testing::TempDirectory scratch{"arbiter-journal-replay"};
    ManualTimeSource time;
    testing::RecordingSink sink;
};

TEST_P(JournalReplay, EveryChanceLineLeftOutIsRefused) {
    auto game = gameNamed(GetParam());
    ASSERT_TRUE(game);
    const std::string path = finishedJournal(*game);
    ASSERT_EQ(replayError(*game, path), "");
    const auto events = testing::journalEvents(path);
    ASSERT_EQ(events.back().value("type", ""), "result");
    // The chance lines, told from the players' by replaying the journal: the
    // game says which actions are chance.
    std::vector<size_t> chanceLines;
    {
        std::string error;
        auto s = Session::replayStart(*game, events.front(), path + ":1", sink, time, error);
        ASSERT_TRUE(s) << error;
        for (size_t i = 1; i < events.size(); ++i) {
            const bool due = events[i].value("type", "") == "move" && s->current().chance();
            ASSERT_TRUE(s->replayEvent(events[i], path, nullptr, error)) << error;
            if (due) chanceLines.push_back(i);
        }
    }
    ASSERT_GE(chanceLines.size(), 2u);
    for (size_t line : chanceLines) {
        auto edited = events;
        edited.erase(edited.begin() + static_cast<std::ptrdiff_t>(line));
        const std::string damaged = scratch.path() + "/damaged.jsonl";
        testing::writeJournalEvents(damaged, edited);
        const std::string error = replayError(*game, damaged);
        EXPECT_NE(error, "") << "line " << line + 1 << " of " << events.size() << " left out";
        EXPECT_EQ(error.rfind(damaged + ":", 0), 0u) << error;
    }
}

INSTANTIATE_TEST_SUITE_P(GamesOfChance, JournalReplay,
                         ::testing::Values("powercoinz", "konfusion", "dicerace"));

// A takeback undoes a player's action with the chance drawn after it, never
// the draw alone: a journal whose takeback says otherwise was edited.
TEST_F(JournalReplay, ATakebackOfADrawAloneIsRefused) {
    auto game = gameNamed("dicerace");
    SessionSettings settings;
    settings.time = *TimeControl::parse("5+0");
    settings.journalDir = scratch.path();
    std::string error;
    auto session = Session::begin(*game, settings, sink, time, error);
    ASSERT_TRUE(session) << error;
    ASSERT_TRUE(session->commit(session->current().legalActions().front()));
    ASSERT_EQ(session->ply(), 3);  // roll, move, roll
    ASSERT_TRUE(session->takeback());
    const std::string path = session->journalPath();
    ASSERT_EQ(replayError(*game, path), "");
    auto events = testing::journalEvents(path);
    ASSERT_EQ(events.back().value("type", ""), "takeback");
    ASSERT_EQ(events.back()["plies"], 2);
    // The draw alone, as it would read had it been taken back alone.
    events.back()["plies"] = 1;
    events.back()["action"] = events[events.size() - 2]["action"];
    testing::writeJournalEvents(path, events);
    error = replayError(*game, path);
    EXPECT_NE(error.find("\"plies\" is 1, but the replay has 2"), std::string::npos) << error;
    // And every line of chance from the start taken back: there is no player's action.
    events.back()["plies"] = 3;
    testing::writeJournalEvents(path, events);
    EXPECT_NE(replayError(*game, path), "");
}

class ReplayedResult : public JournalReplay {
  protected:
    // A game of Power Coinz won by a pick: the loser's last coin picked by chance.
    void SetUp() override {
        game = gameNamed("powercoinz");
        ASSERT_TRUE(game);
        for (uint64_t seed = 1; seed < 200; ++seed) {
            path = finishedJournal(*game, seed);
            events = testing::journalEvents(path);
            if (events.size() >= 2 &&
                events[events.size() - 2].value("action", "").starts_with("picks:"))
                break;
        }
        ASSERT_EQ(events.back().value("type", ""), "result");
        ASSERT_EQ(replayError(*game, path), "");
    }
    std::string errorWith(const std::function<void(std::vector<nlohmann::json>&)>& edit) {
        auto edited = events;
        edit(edited);
        testing::writeJournalEvents(path, edited);
        return replayError(*game, path);
    }
    std::unique_ptr<Game> game;
    std::string path;
    std::vector<nlohmann::json> events;
};

TEST_F(ReplayedResult, TheLastPickLeftOutIsRefusedAndTheResultNotShown) {
    // The attack as it was made: the pick that took the last coin of the
    // loser left out; the line before it, the one that called for it, stands.
    ASSERT_TRUE(events[events.size() - 2].value("action", "").starts_with("picks:"));
    const std::string error = errorWith([](auto& e) { e.erase(e.end() - 2); });
    EXPECT_NE(error.find(path + ":" + std::to_string(events.size() - 1) + ":"), std::string::npos)
        << error;
    EXPECT_NE(error.find("draw of chance is due"), std::string::npos) << error;
}

TEST_F(ReplayedResult, AWinnerTheRulesDidNotMakeIsRefused) {
    const nlohmann::json winners = events.back()["winners"];
    ASSERT_EQ(winners.size(), 1u);
    const std::string error = errorWith(
        [&](auto& e) { e.back()["winners"] = nlohmann::json::array({1 - winners[0].get<int>()}); });
    EXPECT_NE(error.find("but the lines before it end the game in a win for seat"),
              std::string::npos)
        << error;
    EXPECT_NE(errorWith([](auto& e) { e.back()["status"] = "draw"; }), "");
    EXPECT_NE(errorWith([](auto& e) { e.back()["status"] = "abandoned"; }), "");
}

TEST_F(ReplayedResult, ScoresOtherThanTheGamesAreRefused) {
    const std::string error = errorWith([](auto& e) {
        e.back()["scores"] = nlohmann::json::array({7, 0});
    });
    EXPECT_NE(error.find("\"scores\""), std::string::npos) << error;
}

TEST_F(ReplayedResult, ARecordThatIsNoRecordPathIsRefused) {
    for (const nlohmann::json& record :
         {nlohmann::json(3), nlohmann::json("/etc/passwd"), nlohmann::json("game\n.txt"),
          nlohmann::json(".txt"), nlohmann::json("a\x1b[2J.txt")}) {
        const std::string error = errorWith([&](auto& e) { e.back()["record"] = record; });
        EXPECT_NE(error.find("\"record\""), std::string::npos) << record << ": " << error;
    }
    EXPECT_EQ(errorWith([](auto& e) { e.back()["record"] = "/elsewhere/game.txt"; }), "");
}

TEST_F(ReplayedResult, AStartedThatIsNoTimeIsRefused) {
    for (const nlohmann::json& started :
         {nlohmann::json(20260101), nlohmann::json(""), nlohmann::json("yesterday"),
          nlohmann::json("2026-13-01T00:00:00"), nlohmann::json("2026-01-01T24:00:00"),
          nlohmann::json("2026-01-01 00:00:00"), nlohmann::json("2026-01-01T00:00:00\n")}) {
        const std::string error = errorWith([&](auto& e) { e.front()["started"] = started; });
        EXPECT_NE(error.find(path + ":1: bad \"started\""), std::string::npos)
            << started << ": " << error;
    }
    EXPECT_EQ(errorWith([](auto& e) { e.front()["started"] = "2025-12-31T23:59:59"; }), "");
}

}  // namespace
}  // namespace arbiter
