// A table resuming the unfinished game of its journal folder: set up again
// from a picture, its clock held until the board shows it, its options kept.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "daemon/journal/journal_checksum.h"
#include "tests/daemon/table/table_fixture.h"

namespace arbiter {
namespace {

// After a restart the board is set up again, often from the start position:
// that is guided by what is left to set up, never read as moves or a takeback.
TEST_F(TableTest, AResumedGameIsSetUpAgainFromAPictureNotReadAsMoves) {
    startGame();
    show("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR");    // 1. d4
    show("rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR");  // 1... d5
    show("rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR");  // 2. c4
    show("rnbqkbnr/ppp1pppp/8/8/2pP4/8/PP2PPPP/RNBQKBNR");    // 2... dxc4
    ASSERT_EQ(table->session()->ply(), 4);
    // arbiterd stops; the board is put back to the start while it is down.
    table.reset();
    said.all.clear();
    std::string error;
    table = openTable(loop, settings(), said, error);
    ASSERT_TRUE(table) << error;
    show(kStart);
    std::string setup;
    for (const auto& a : said.all) {
        EXPECT_NE(a.type, AnnouncementType::Illegal) << a.text;
        if (a.type == AnnouncementType::Setup) setup = a.text;
    }
    EXPECT_EQ(setup.rfind("Set up the position of the resumed game: take the white pawn off c2; "
                          "take the white pawn off d2; put a black pawn on c4; put a white pawn "
                          "on d4; take the black pawn off d7. The position:\n",
                          0),
              0u)
        << setup;
    EXPECT_NE(setup.find("\n 4 . . p P . . . .\n"), std::string::npos) << setup;
    // Set up in the natural order, passing through the position before 2...
    // dxc4: no takeback.
    show("rnbqkbnr/ppp1pppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR");
    show("rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR");
    show("rnbqkbnr/ppp1pppp/8/8/2pP4/8/PP2PPPP/RNBQKBNR");
    EXPECT_EQ(table->session()->ply(), 4);
    EXPECT_FALSE(said.has(AnnouncementType::Takeback));
    // Set up: said once, with the clock that runs from now.
    EXPECT_EQ(said.all.back().text.rfind("The position is set up: White's clock runs. ", 0), 0u)
        << said.all.back().text;
    show("rnbqkbnr/ppp1pppp/8/8/2pP4/4P3/PP3PPP/RNBQKBNR");  // 3. e3, refereed again
    EXPECT_EQ(table->session()->ply(), 5);
}

// After a restart no clock runs while the board is set up again: 30 s of
// setting up are no one's thinking time. Once the board shows the game, the
// clock of the player to move runs.
TEST_F(TableTest, NoClockRunsUntilTheBoardShowsTheResumedGame) {
    startGame();
    show("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR");  // 1. d4
    table.reset();
    std::string error;
    table = openTable(loop, settings(), said, error);
    ASSERT_TRUE(table) << error;
    const auto before = table->session()->clock().remainingAll(time.now());
    show(kStart);  // knocked over while arbiterd was down: set up again
    time.advance(30000);
    loop.runOnce(0);
    EXPECT_EQ(table->session()->clock().remainingAll(time.now()), before);
    EXPECT_FALSE(table->session()->clock().running());
    show("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR");
    EXPECT_EQ(said.all.back().text,
              "The position is set up: Black's clock runs. White 5:03, Black 5:00");
    EXPECT_TRUE(table->session()->clock().running());
}

// A player may go on before the board shows the game: arbiterctl resume.
TEST_F(TableTest, APlayerMayStartTheHeldClockBeforeTheBoardShowsTheGame) {
    startGame();
    show("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR");  // 1. d4
    table.reset();
    std::string error;
    table = openTable(loop, settings(), said, error);
    ASSERT_TRUE(table) << error;
    show(kStart);
    ASSERT_TRUE(table->resumeClocks().ok);
    EXPECT_EQ(said.all.back().text,
              "Play goes on, as a player asked: Black's clock runs. White 5:03, Black 5:00");
    EXPECT_TRUE(table->session()->clock().running());
    // Then nothing is held any more: a second resume is refused as before.
    EXPECT_FALSE(table->resumeClocks().ok);
}

// A game begun after a resumed one was abandoned before the board showed it
// is a game like any other: a king put where it cannot go is an illegal
// position, not the resumed game's position still to set up.
TEST_F(TableTest, AGameAfterAnAbandonedResumedOneIsNoLongerResuming) {
    startGame();
    show("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR");  // 1. d4
    table.reset();
    std::string error;
    table = openTable(loop, settings(), said, error);
    ASSERT_TRUE(table) << error;
    show("8/8/8/8/8/8/8/8");  // the board cleared while arbiterd was down
    ASSERT_EQ(said.all.back().type, AnnouncementType::Setup);
    ASSERT_TRUE(table->newGame().ok);
    said.all.clear();
    show(kStart);
    ASSERT_TRUE(said.has(AnnouncementType::Start));
    show("rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR");  // the king to e3
    EXPECT_EQ(said.all.back().type, AnnouncementType::Illegal) << said.all.back().text;
}

TEST_F(TableTest, OptionsThatContradictTheGameToResumeAreRefused) {
    startGame();
    show("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR");  // 1. d4
    table.reset();
    TableSettings other = settings();
    other.session.time = *TimeControl::parse("10+0");
    other.session.timeGiven = true;
    std::string error;
    EXPECT_FALSE(openTable(loop, other, said, error));
    EXPECT_NE(error.find(", played with 5+3, not 10+0; leave those options out to resume it, or "
                         "start afresh with arbiterd --new-game"),
              std::string::npos)
        << error;
    other.session.time = *TimeControl::parse("5+3");
    other.session.players = {"Ann", "Bob"};
    error.clear();
    EXPECT_FALSE(openTable(loop, other, said, error));
    EXPECT_NE(error.find("played by White, Black rather than the players named"), std::string::npos)
        << error;
    // The same time control, given or not, and no names: resumed.
    other.session.players.clear();
    EXPECT_TRUE(openTable(loop, other, said, error)) << error;
}

// A journal's time that is no time control is damage, named with its line,
// not a choice the table's own time could contradict.
TEST_F(TableTest, ATimeControlTheJournalMangledIsNamedWithItsLineNotQuoted) {
    startGame();
    show("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR");  // 1. d4
    const std::string journal = table->session()->journalPath();
    table.reset();
    std::ifstream in(journal);
    std::string first, rest((std::istreambuf_iterator<char>(std::getline(in, first))), {});
    nlohmann::json header = nlohmann::json::parse(first);
    header.erase("crc");
    header["time"] = "99999999999999999999+1";
    std::ofstream(journal, std::ios::trunc) << sealedLine(header.dump()) << "\n" << rest;
    TableSettings other = settings();
    other.session.time = *TimeControl::parse("10+0");
    other.session.timeGiven = true;
    std::string error;
    EXPECT_FALSE(openTable(loop, other, said, error));
    EXPECT_NE(error.find(journal + ":1: bad or missing \"time\""), std::string::npos) << error;
    EXPECT_EQ(error.find("99999999999999999999"), std::string::npos) << error;
}

TEST_F(TableTest, AGameBeginsFromThePositionAskedForAndResumesOnlyWithIt) {
    TableSettings endgame = settings();
    endgame.session.start = "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1";
    std::string error;
    table = openTable(loop, endgame, said, error);
    ASSERT_TRUE(table) << error;
    table->connectBoards();
    EXPECT_EQ(said.all.back().text,
              "Waiting for the start position of fide: white king on e1; white pawn on e2; black "
              "king on e5.");
    show(kStart);
    EXPECT_FALSE(said.has(AnnouncementType::Start));  // not the position of this table
    show("8/8/8/4k3/8/8/4P3/4K3");
    ASSERT_TRUE(said.has(AnnouncementType::Start));
    show("8/8/8/4k3/4P3/8/8/4K3");  // 1. e4
    ASSERT_EQ(table->session()->ply(), 1);
    auto journal = readJournal(table->session()->journalPath(), error);
    ASSERT_TRUE(journal) << error;
    EXPECT_EQ(journal->header["start"], "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1");
    table.reset();
    // Another position asked for contradicts the game to resume...
    TableSettings other = settings();
    other.session.start = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    EXPECT_FALSE(openTable(loop, other, said, error));
    EXPECT_NE(error.find(", begun from 8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 rather than the position "
                         "asked for; leave those options out to resume it"),
              std::string::npos)
        << error;
    // ...and a bad one is refused with the game's reason.
    other.session.start = "8/8 w";
    EXPECT_FALSE(openTable(loop, other, said, error));
    EXPECT_EQ(error.rfind("position \"8/8 w\" is not a position of fide: ", 0), 0u) << error;
    // The same one, or none, resumes it.
    table = openTable(loop, endgame, said, error);
    ASSERT_TRUE(table) << error;
    EXPECT_EQ(table->session()->ply(), 1);
    table = openTable(loop, settings(), said, error);
    ASSERT_TRUE(table) << error;
    EXPECT_EQ(table->session()->ply(), 1);
}

TEST_F(TableTest, NewGameClosesTheUnfinishedGameRatherThanResumingIt) {
    startGame();
    show("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR");  // 1. d4
    table.reset();
    said.all.clear();
    TableSettings fresh = settings();
    fresh.newGame = true;
    fresh.session.time = *TimeControl::parse("10+0");  // no longer contradicts anything
    fresh.session.timeGiven = true;
    std::string error;
    table = openTable(loop, fresh, said, error);
    ASSERT_TRUE(table) << error;
    ASSERT_FALSE(said.all.empty());
    EXPECT_EQ(said.all.front().type, AnnouncementType::Abandoned);
    EXPECT_NE(said.all.front().text.find(
                  "(1 moves) is closed as abandoned, as --new-game asks; a new game begins."),
              std::string::npos)
        << said.all.front().text;
    EXPECT_FALSE(table->session());  // waiting for the start position
    show(kStart);
    ASSERT_TRUE(table->session());
    EXPECT_EQ(table->session()->ply(), 0);
    // The old game's record was written; nothing is left to resume.
    std::string unreadable;
    EXPECT_FALSE(findUnfinishedJournal(dir + "/games", unreadable).has_value() &&
                 findUnfinishedJournal(dir + "/games", unreadable)->path !=
                     table->session()->journalPath());
}

}  // namespace
}  // namespace arbiter
