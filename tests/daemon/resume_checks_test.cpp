// What a journal must hold for a game to be resumed from it: the table's own
// options, sound takebacks; and chance is never said at the table.
#include <gtest/gtest.h>

#include <fstream>

#include "daemon/session.h"
#include "daemon/table.h"
#include "tests/daemon/one_board_table.h"
#include "tests/daemon/recording_sink.h"
#include "tests/daemon/surface_fixture.h"
#include "tests/daemon/temp_directory.h"
#include "tests/games/dice_race.h"

namespace arbiter {
namespace {

class ResumeChecks : public ::testing::Test {
  protected:
    std::string writeJournal(const std::string& lines) {
        std::string path = scratch.path() + "/game.jsonl";
        std::ofstream(path) << lines;
        return path;
    }
    std::string resumeError(const Game& game, const std::string& lines) {
        std::string error;
        auto journal = readJournal(writeJournal(lines), error);
        if (!journal) return "unreadable: " + error;
        auto s = Session::resume(game, *journal, sink, time, error);
        return s ? std::string() : error;
    }

    testing::TempDirectory scratch{"arbiter-resume-checks"};
    ManualTimeSource time;
    testing::RecordingSink sink;
};

TEST_F(ResumeChecks, AGameBegunWithOtherOptionsIsNotResumed) {
    GameOptions five;
    five.values["pieces"] = "5";
    std::string error;
    auto fivePieces = makeGame("skirmish", five, error);
    ASSERT_TRUE(fivePieces) << error;
    SessionSettings settings;
    settings.time = *TimeControl::parse("5+0");
    settings.journalDir = scratch.path() + "/games";
    auto s = Session::begin(*fivePieces, settings, sink, time, error);
    ASSERT_TRUE(s) << error;
    auto journal = readJournal(s->journalPath(), error);
    ASSERT_TRUE(journal) << error;

    auto threePieces = makeGame("skirmish");
    EXPECT_FALSE(Session::resume(*threePieces, *journal, sink, time, error));
    EXPECT_NE(error.find("\"pieces\":\"5\""), std::string::npos) << error;
    EXPECT_NE(error.find("\"pieces\":\"3\""), std::string::npos) << error;
    // The table that has them resumes it.
    EXPECT_TRUE(Session::resume(*fivePieces, *journal, sink, time, error)) << error;
}

TEST_F(ResumeChecks, AnOptionTheGameGainedSinceIsTakenAtItsDefault) {
    // A chess game journalled before FIDE chess had its strict-touch option.
    auto chess = makeGame("fide");
    const std::string header =
        R"({"type":"game","version":1,"game":"fide","start":"rnbqkbnr/pppppppp/8/8/8/8/)"
        R"(PPPPPPPP/RNBQKBNR w KQkq - 0 1","time":"5+0","players":["White","Black"],)"
        R"("options":{"players":2,"size":"8x8","values":{},"standIns":{}}})";
    EXPECT_EQ(resumeError(*chess, header + "\n"), "");
    GameOptions strict;
    strict.values["strict-touch"] = "on";
    std::string error;
    auto strictChess = makeGame("fide", strict, error);
    ASSERT_TRUE(strictChess) << error;
    EXPECT_NE(resumeError(*strictChess, header + "\n"), "");
}

TEST_F(ResumeChecks, ATakebackOfMorePliesThanWerePlayedIsRefused) {
    auto fide = makeGame("fide");
    std::string head =
        R"({"type":"game","version":1,"game":"fide","start":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","time":"5+0"})"
        "\n"
        R"({"type":"move","ply":1,"player":0,"action":"e2e4","clock":[300000,300000]})"
        "\n";
    EXPECT_EQ(resumeError(*fide, head + R"({"type":"takeback","ply":1,"plies":1})"
                                        "\n"),
              "");
    std::string error = resumeError(*fide, head + R"({"type":"takeback","ply":1,"plies":2})"
                                                  "\n");
    EXPECT_NE(error.find("takeback with no move to take back"), std::string::npos) << error;
    error = resumeError(*fide, head + R"({"type":"takeback","ply":1,"plies":0})"
                                      "\n");
    EXPECT_NE(error.find("bad \"plies\""), std::string::npos) << error;
    error = resumeError(*fide, head + R"({"type":"takeback","ply":1,"plies":"x"})"
                                      "\n");
    EXPECT_NE(error.find("bad \"plies\""), std::string::npos) << error;
}

TEST_F(ResumeChecks, TimesGivenBackByATakebackMustBeTimes) {
    auto fide = makeGame("fide");
    const std::string head =
        R"({"type":"game","version":1,"game":"fide","start":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","time":"5+0"})"
        "\n";
    const std::string move = R"({"type":"move","ply":1,"player":0,"action":"e2e4",)"
                             R"("clock":[300000,300000])";
    EXPECT_EQ(resumeError(*fide, head + move +
                                     R"(,"clockBefore":[300000,300000]})"
                                     "\n"
                                     R"({"type":"takeback","ply":1,"clock":[300000,300000]})"
                                     "\n"),
              "");
    std::string error = resumeError(*fide, head + move +
                                               R"(,"clockBefore":[300000]})"
                                               "\n");
    EXPECT_NE(error.find("move without a valid \"clockBefore\""), std::string::npos) << error;
    error = resumeError(*fide, head + move +
                                   R"(,"clockBefore":[-1,300000]})"
                                   "\n");
    EXPECT_NE(error.find("move without a valid \"clockBefore\""), std::string::npos) << error;
    error = resumeError(*fide, head + move + "}\n" +
                                   R"({"type":"takeback","ply":1,"clock":"soon"})"
                                   "\n");
    EXPECT_NE(error.find("takeback without a valid \"clock\""), std::string::npos) << error;
}

TEST_F(ResumeChecks, AMoveWhereChanceIsDueIsRefused) {
    auto race = testgames::makeDiceRaceGame();
    std::string error = resumeError(
        *race,
        R"({"type":"game","version":1,"game":"dice-race","start":"w 0 0 0","time":"5+0","seed":"00000000000007ea"})"
        "\n"
        R"({"type":"move","ply":1,"player":0,"action":"a1-c1","clock":[300000,300000]})"
        "\n");
    EXPECT_NE(error.find("comes before the chance it waits for"), std::string::npos) << error;
}

TEST(ChanceAtTheTable, ChanceIsNeverSaid) {
    testing::OneBoardTable at(testgames::makeDiceRaceGame());
    ASSERT_TRUE(at.table) << at.error;
    at.show("p7/8/8/8/8/8/8/P7");
    ASSERT_TRUE(at.table->session());
    int ply = at.table->session()->ply();
    auto reply = at.table->act("roll6", -1, "");
    EXPECT_FALSE(reply.ok);
    EXPECT_EQ(reply.error, "chance is drawn by the referee, never said");
    EXPECT_EQ(at.table->session()->ply(), ply);
}

TEST(ChanceAtTheTable, ABoardPutBackTakesBackTheMoveAndTheRollAfterIt) {
    testing::OneBoardTable at(testgames::makeDiceRaceGame(), 11);
    ASSERT_TRUE(at.table) << at.error;
    const std::string start = "p7/8/8/8/8/8/8/P7";
    at.show(start);
    ASSERT_TRUE(at.table->session());
    ASSERT_EQ(at.table->session()->ply(), 1);  // White's roll
    // White's pawn goes as far as the die says.
    Action rolled = at.table->session()->current().legalActions().at(0);
    int file = rolled.to % 8;
    std::string rank1 =
        (file ? std::to_string(file) : "") + "P" + (file < 7 ? std::to_string(7 - file) : "");
    at.show("p7/8/8/8/8/8/8/" + rank1);
    ASSERT_EQ(at.table->session()->ply(), 3);  // the move and Black's roll
    at.show(start);
    EXPECT_EQ(at.table->session()->ply(), 1) << "the move and the roll after it are taken back";
    EXPECT_EQ(at.said.said.back().type, "takeback");
}

}  // namespace
}  // namespace arbiter
