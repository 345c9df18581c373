// What a journal must hold for a game to be resumed from it: the table's own
// options, sound takebacks; and chance is never said at the table.
#include <gtest/gtest.h>

#include <fstream>

#include "daemon/session/session.h"
#include "daemon/table/playing_table.h"
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

const std::string kFideHead =
    R"({"type":"game","version":1,"game":"fide","start":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","time":"5+0"})"
    "\n";
const std::string kFideE4 =
    R"({"type":"move","ply":1,"player":0,"action":"e2e4","state":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1","clock":[300000,300000]})"
    "\n";

TEST_F(ResumeChecks, ABareTakebackAppendedDoesNotTakeBackAMove) {
    auto fide = makeGame("fide");
    std::string error = resumeError(*fide, kFideHead + kFideE4 +
                                               R"({"type":"takeback"})"
                                               "\n");
    EXPECT_EQ(error,
              scratch.path() + "/game.jsonl:3: a takeback without the \"ply\" it takes back");
    error = resumeError(*fide, kFideHead + kFideE4 +
                                   R"({"type":"takeback","ply":2})"
                                   "\n");
    EXPECT_EQ(error, scratch.path() + "/game.jsonl:3: \"ply\" is 2, but the replay has 1");
    error = resumeError(*fide, kFideHead + kFideE4 +
                                   R"({"type":"takeback","ply":1,"action":"d2d4"})"
                                   "\n");
    EXPECT_EQ(error, scratch.path() +
                         "/game.jsonl:3: \"action\" is \"d2d4\", but the replay has "
                         "\"e2e4\"");
}

TEST_F(ResumeChecks, WhereAMoveSaysTheGameStoodMustBeWhereTheReplayStands) {
    auto fide = makeGame("fide");
    const std::string path = scratch.path() + "/game.jsonl";
    EXPECT_EQ(resumeError(*fide, kFideHead + kFideE4), "");
    auto edited = [&](const std::string& from, const std::string& to) {
        std::string move = kFideE4;
        move.replace(move.find(from), from.size(), to);
        return resumeError(*fide, kFideHead + "\n" + move);
    };
    EXPECT_EQ(edited(R"("ply":1)", R"("ply":5)"), path + ":3: \"ply\" is 5, but the replay has 1");
    EXPECT_EQ(edited(R"("player":0)", R"("player":1)"),
              path + ":3: \"player\" is 1, but the replay has 0");
    EXPECT_EQ(edited("4P3/8/PPPP1PPP", "4P3/8/PPPP1PPQ"),
              path +
                  ":3: \"state\" is \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPQ/RNBQKBNR b KQkq e3 0 "
                  "1\", but the replay has \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b "
                  "KQkq e3 0 1\"");
}

// A listing takes a finished game's moves from its result (docs/journal.md):
// the replay holds the result to the turns it counted.
TEST_F(ResumeChecks, TheMovesAResultSaysMustBeTheTurnsReplayed) {
    auto fide = makeGame("fide");
    const std::string path = scratch.path() + "/game.jsonl";
    auto replayError = [&](const std::string& moves) {
        std::string error;
        auto reader = JournalReader::open(
            writeJournal(kFideHead + kFideE4 + R"({"type":"result","status":"abandoned","moves":)" +
                         moves + "}\n"),
            error);
        if (!reader) return "unreadable: " + error;
        return Session::replay(*fide, *reader, sink, time, error) ? std::string() : error;
    };
    EXPECT_EQ(replayError("1"), "");
    EXPECT_EQ(replayError("2"), path + ":3: a result's \"moves\" is 2, but the replay has 1");
    EXPECT_EQ(replayError("\"1\""),
              path + ":3: a result's \"moves\" is \"1\", but the replay has 1");
}

TEST_F(ResumeChecks, ThePlayersNamedMustBeNamesOneForEachSeat) {
    auto fide = makeGame("fide");
    auto withPlayers = [&](const std::string& players) {
        std::string head = kFideHead;
        head.insert(head.size() - 2, R"(,"players":)" + players);
        return resumeError(*fide, head);
    };
    EXPECT_EQ(withPlayers(R"(["Ann","Bob"])"), "");
    EXPECT_NE(withPlayers(R"(["Ann"])").find("one name for each of the game's 2 seats"),
              std::string::npos);
    EXPECT_NE(withPlayers(R"(["Ann",7])").find("7 is not a player's name"), std::string::npos);
    EXPECT_NE(withPlayers(R"(["Ann","B\u0007b"])").find("is not a player's name"),
              std::string::npos);
}

TEST_F(ResumeChecks, NumbersBeyondAnyGameAreRefusedNotOverflowed) {
    auto fide = makeGame("fide");
    const std::string huge = "9223372036854775807";
    const std::string move = R"({"type":"move","ply":1,"player":0,"action":"e2e4",)";
    const std::string clocks = R"("clock":[300000,300000])";
    struct Case {
        std::string lines;
        std::string why;
    } cases[] = {
        {move + R"("clock":[)" + huge + ",300000]}\n", "move without a valid \"clock\""},
        {move + R"("clock":[1e300,300000]})"
                "\n",
         "move without a valid \"clock\""},
        {move + R"("clock":[18446744073709551615,300000]})"
                "\n",
         "move without a valid \"clock\""},
        {move + clocks + R"(,"clockBefore":[300000,)" + huge + "]}\n",
         "move without a valid \"clockBefore\""},
        {move + clocks + R"(,"played":)" + huge + "}\n", "bad \"played\" time"},
        {R"({"type":"time-limit","played":)" + huge + "}\n", "bad \"played\" time"},
        {move + clocks + "}\n" +
             R"({"type":"takeback","ply":1,"plies":18446744073709551615})"
             "\n",
         "bad \"plies\" in a takeback"},
        {move + clocks + "}\n" + R"({"type":"takeback","ply":1,"clock":[)" + huge + ",1]}\n",
         "takeback without a valid \"clock\""},
        {R"({"type":"pause","clock":[)" + huge + ",1]}\n", "pause without a valid \"clock\""},
        {R"({"type":"draw-offer","player":)" + huge + "}\n",
         "a draw offer's \"player\" is a seat of the game"},
    };
    for (const Case& c : cases) {
        const std::string error = resumeError(*fide, kFideHead + c.lines);
        EXPECT_NE(error.find(c.why), std::string::npos) << c.lines << " -> " << error;
    }
    std::string head = kFideHead;
    head.replace(head.find("5+0"), 3, huge + "+0");
    EXPECT_NE(resumeError(*fide, head).find("bad or missing \"time\""), std::string::npos);
    head = kFideHead;
    head.insert(head.size() - 2, R"(,"limits":{"time":)" + huge + R"(,"moves":0})");
    EXPECT_NE(resumeError(*fide, head).find("bad \"limits\""), std::string::npos);
    head = kFideHead;
    head.insert(head.size() - 2, R"(,"version":)" + huge);
    EXPECT_NE(resumeError(*fide, head).find("this arbiterd reads versions 1 to"),
              std::string::npos);
    // A result ends the game, so it is replayed, not resumed.
    std::string error;
    auto replayed =
        Session::replayStart(*fide, nlohmann::json::parse(kFideHead), "x:1", sink, time, error);
    ASSERT_TRUE(replayed) << error;
    EXPECT_FALSE(replayed->replayEvent(
        nlohmann::json::parse(R"({"type":"result","status":"win","winners":[)" + huge + "]}"),
        "x:2", nullptr, error));
    EXPECT_EQ(error, "x:2: a result's \"winners\" is a list of seats");
    // The same bounds as the command line and the configuration give it.
    EXPECT_FALSE(TimeControl::parse(huge + "+0"));
    EXPECT_FALSE(TimeControl::parse("5+" + huge));
    EXPECT_FALSE(GameLimits::parseMinutes(huge));
    // A board size too large for any number is no game's either.
    JournalContents options;
    options.path = "x.jsonl";
    options.header = nlohmann::json::parse(
        R"({"type":"game","game":"skirmish","options":{"size":"99999999999x8"}})");
    EXPECT_FALSE(gameOfJournal(options, error));
    EXPECT_NE(error.find("bad \"options\""), std::string::npos) << error;
}

// Every bit of a journal, flipped on disk: the journal is refused, or it
// resumes into exactly the game it held. Never into another one.
TEST_F(ResumeChecks, ABitFlippedAnywhereNeverChangesTheGameSilently) {
    auto fide = makeGame("fide");
    SessionSettings settings;
    settings.time = *TimeControl::parse("5+3");
    settings.players = {"Ann", "Bob"};
    settings.journalDir = scratch.path() + "/games";
    std::string error;
    auto s = Session::begin(*fide, settings, sink, time, error);
    ASSERT_TRUE(s) << error;
    for (const char* code : {"e2e4", "e7e5", "g1f3", "b8c6"}) {
        time.advance(4321);
        ASSERT_TRUE(s->commit(*s->current().decode(code))) << code;
    }
    ASSERT_TRUE(s->takeback());
    time.advance(1234);
    ASSERT_EQ(s->pauseClocks(), "");
    ASSERT_EQ(s->resumeClocks(), "");
    ASSERT_EQ(s->offerDraw(1), "");
    const std::string path = s->journalPath();
    s.reset();
    std::string original;
    {
        std::ifstream in(path, std::ios::binary);
        original.assign(std::istreambuf_iterator<char>(in), {});
    }
    auto resumed = [&](const std::string& text) -> std::optional<nlohmann::json> {
        std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
        std::string why;
        auto journal = readJournal(path, why);
        auto again = journal ? Session::resume(*fide, *journal, sink, time, why) : nullptr;
        if (!again) return std::nullopt;
        return again->snapshot();
    };
    const auto game = resumed(original);
    ASSERT_TRUE(game);
    std::vector<std::pair<size_t, int>> flips;
    for (size_t at = 0; at < original.size(); at += 9) flips.emplace_back(at, (at / 9) % 8);
    for (int bit = 0; bit < 8; ++bit) flips.emplace_back(original.size() - 1, bit);
    for (auto [at, bit] : flips) {
        std::string flipped = original;
        flipped[at] = static_cast<char>(flipped[at] ^ (1 << bit));
        const auto game2 = resumed(flipped);
        if (game2) {
            EXPECT_EQ(*game2, *game) << "byte " << at << " bit " << bit << " ("
                                     << original.substr(at, 20) << "...) changed the game";
        }
    }
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
    EXPECT_EQ(at.said.said.back().type, AnnouncementType::Takeback);
}

}  // namespace
}  // namespace arbiter
