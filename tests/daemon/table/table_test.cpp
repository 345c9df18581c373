// The table in-process: board events in, verdicts and control requests, time by hand.
#include "daemon/table/table.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "daemon/journal/journal_checksum.h"
#include "drivers/dgt/dgt_pieces.h"
#include "drivers/dgt/dgt_protocol.h"
#include "tests/daemon/surface_fixture.h"
#include "tests/daemon/table/table_fixture.h"
#include "tests/drivers/pty_pair.h"

namespace arbiter {
namespace {

TEST_F(TableTest, GameBeginsWhenTheStartPositionIsStill) {
    table->boardDump(0, squaresFromFen(kStart));
    time.advance(50);
    loop.runOnce(0);
    EXPECT_FALSE(said.has(AnnouncementType::Start));
    time.advance(100);
    loop.runOnce(0);
    EXPECT_TRUE(said.has(AnnouncementType::Start));
}

TEST_F(TableTest, WaitingSaysHowToSetUpChess) {
    table->connectBoards();
    ASSERT_FALSE(said.all.empty());
    EXPECT_EQ(said.all.front().text,
              "Waiting for the start position of fide (the usual one: White on ranks 1 and 2, "
              "Black on 7 and 8, each queen on her own colour, d1 and d8).");
}

TEST_F(TableTest, TheSquaresStillToSetUpAreNamedEveryFewSeconds) {
    // One pawn on e4 instead of e2, the black queen on h4 instead of d8.
    show("rnb1kbnr/pppppppp/8/8/4P2q/8/PPPP1PPP/RNBQKBNR");
    auto told = [&] {
        std::vector<std::string> texts;
        for (const auto& a : said.all)
            if (a.type == AnnouncementType::Setup) texts.push_back(a.text);
        return texts;
    };
    EXPECT_TRUE(told().empty());  // not while the players are still at it
    time.advance(3000);
    loop.runOnce(0);
    ASSERT_EQ(told().size(), 1u);
    EXPECT_EQ(told()[0],
              "Still to set up the start position of fide: put a white pawn on e2; take the white "
              "pawn off e4; take the black queen off h4; put a black queen on d8.");
    // The same list is not said again every few seconds...
    time.advance(3000);
    loop.runOnce(0);
    EXPECT_EQ(told().size(), 1u);
    // ...but what is left after a change is.
    show("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    time.advance(3000);
    loop.runOnce(0);
    ASSERT_EQ(told().size(), 2u);
    EXPECT_EQ(told()[1],
              "Still to set up the start position of fide: put a white pawn on e2; take the white "
              "pawn off e4.");
    show(kStart);
    EXPECT_TRUE(said.has(AnnouncementType::Start));
    time.advance(10000);
    loop.runOnce(0);
    EXPECT_EQ(told().size(), 2u);  // quiet once the game is on
}

// After 1. e4 and a resignation the players look at the final position:
// the squares to set up wait until a piece of it moves, or for a minute.
TEST_F(TableTest, TheFinalPositionIsLeftAloneUntilAPieceOfItMoves) {
    const char* afterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
    auto setupTold = [&] {
        size_t n = 0;
        for (const auto& a : said.all) n += a.type == AnnouncementType::Setup ? 1 : 0;
        return n;
    };
    startGame();
    show(afterE4);
    ASSERT_TRUE(table->act("resign", 1, "").ok);
    time.advance(10000);
    loop.runOnce(0);
    EXPECT_EQ(setupTold(), 0u);
    show("rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR");  // the pawn picked up
    time.advance(3000);
    loop.runOnce(0);
    EXPECT_EQ(setupTold(), 1u);
}

TEST_F(TableTest, AFinalPositionLeftStandingIsToldAfterAMinute) {
    startGame();
    show("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    ASSERT_TRUE(table->act("resign", 1, "").ok);
    for (int s = 0; s < 57; s += 3) {
        time.advance(3000);
        loop.runOnce(0);
    }
    EXPECT_FALSE(said.has(AnnouncementType::Setup));
    time.advance(3000);
    loop.runOnce(0);
    time.advance(3000);
    loop.runOnce(0);
    EXPECT_TRUE(said.has(AnnouncementType::Setup));
}

// 5+3: Black, thinking after 1. e4, hears a minute and ten seconds left.
TEST_F(TableTest, APlayerIsWarnedOnceEachAsTheirTimeRunsLow) {
    auto warnings = [&] {
        std::vector<std::string> texts;
        for (const auto& a : said.all)
            if (a.text.find(" left.") != std::string::npos) texts.push_back(a.text);
        return texts;
    };
    startGame();
    show("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    time.advance(239'000);
    loop.runOnce(0);
    EXPECT_TRUE(warnings().empty());
    time.advance(1'000);
    loop.runOnce(0);
    EXPECT_EQ(warnings(), std::vector<std::string>{"Black: 1 minute left."});
    time.advance(50'000);
    loop.runOnce(0);
    time.advance(1'000);
    loop.runOnce(0);
    EXPECT_EQ(warnings(),
              (std::vector<std::string>{"Black: 1 minute left.", "Black: 10 seconds left."}));
    EXPECT_EQ(announcementTypeName(said.all.back().type), "time-low");
    EXPECT_EQ(said.all.back().data["leftMs"], 10'000);
}

TEST_F(TableTest, AnEmptyBoardIsToldHowManySquaresAreLeft) {
    show("8/8/8/8/8/8/8/8");
    time.advance(3000);
    loop.runOnce(0);
    std::string text;
    for (const auto& a : said.all)
        if (a.type == AnnouncementType::Setup) text = a.text;
    EXPECT_NE(text.find("; and 24 more squares."), std::string::npos) << text;
}

TEST_F(TableTest, StatusSaysWhatTheTableWaitsFor) {
    EXPECT_EQ(table->status()["awaited"], "the start position of fide on the boards");
    startGame();
    EXPECT_EQ(table->status()["awaited"], "White to move");
    show("rnbqkbnr/pppppppp/8/8/8/4P3/PPP1PPPP/RNBQKBNR");  // a pawn from d2 to e3
    EXPECT_EQ(table->status()["awaited"],
              "the boards to be put right: put a white pawn on d2; take the white pawn off e3");
    EXPECT_EQ(table->status()["picture"][4], " 4 . . . . . . . .");
}

TEST_F(TableTest, StatusDescribesTheGameForClients) {
    startGame();
    show("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    nlohmann::json s = table->status();
    EXPECT_EQ(s["game"], "fide");
    EXPECT_EQ(s["session"]["ply"], 1);
    EXPECT_EQ(s["session"]["toMove"], 1);
    EXPECT_EQ(s["boards"][0]["connected"], false);
}

TEST_F(TableTest, ResignationEndsTheGame) {
    startGame();
    ControlReply r = table->act("resign", 0, "");
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(said.all.back().type, AnnouncementType::Waiting);
    EXPECT_EQ(table->session()->outcome().winners, std::vector<PlayerId>{1});
}

// arbiterctl prints the reply's text: what was done, and for whom.
TEST_F(TableTest, WhatIsSaidIsConfirmedInWords) {
    startGame();
    EXPECT_EQ(table->act("e2e4", -1, "").data.value("text", ""), "said: e2e4 (White)");
    EXPECT_EQ(table->act("draw-offer", 0, "").data.value("text", ""), "draw offered: White");
    EXPECT_EQ(table->act("resign", 1, "").data.value("text", ""), "resigned: Black");
    EXPECT_EQ(table->newGame().data.value("text", ""), "new game: waiting for the start position");
}

TEST_F(TableTest, DrawNeedsAnOfferFromAnotherPlayer) {
    startGame();
    EXPECT_FALSE(table->act("draw-accept", 1, "").ok);
    ASSERT_TRUE(table->act("draw-offer", 0, "").ok);
    EXPECT_FALSE(table->act("draw-accept", 0, "").ok);  // not one's own offer
    ASSERT_TRUE(table->act("draw-accept", 1, "").ok);
    EXPECT_EQ(table->session()->outcome().status, Outcome::Status::Draw);
}

TEST_F(TableTest, DrawOfferLapsesWhenTheOpponentMoves) {
    startGame();
    show("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    ASSERT_TRUE(table->act("draw-offer", 0, "").ok);
    show("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR");
    EXPECT_FALSE(table->act("draw-accept", 1, "").ok);
}

TEST_F(TableTest, DrawClaimWithoutRepetitionIsRefused) {
    startGame();
    ControlReply r = table->act("draw-claim", -1, "");
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.error, "there is no draw to claim in this position");
    EXPECT_FALSE(table->session()->over());
}

TEST_F(TableTest, AnnouncedMoveIsCommittedAndTheBoardMustFollow) {
    startGame();
    ASSERT_TRUE(table->act("e2e4", -1, "").ok);
    EXPECT_EQ(table->session()->ply(), 1);
    time.advance(150);
    loop.runOnce(0);
    // The board still shows the start: what to make is said once, no alarm.
    EXPECT_EQ(said.all.back().type, AnnouncementType::Consequences);
    EXPECT_EQ(said.all.back().text, "Now take the white pawn off e2; put a white pawn on e4.");
    show("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    EXPECT_EQ(said.all.back().type, AnnouncementType::Fixed);
}

TEST_F(TableTest, BadControlActionsAreRefusedAndChangeNothing) {
    startGame();
    for (auto [action, player] : std::vector<std::pair<std::string, int>>{
             {"e2e5", -1}, {"fly", -1}, {"", -1}, {"e7e5", -1}, {"resign", 7}, {"e2e4", 1}}) {
        ControlReply r = table->act(action, player, "");
        EXPECT_FALSE(r.ok) << action;
        EXPECT_FALSE(r.error.empty()) << action;
    }
    EXPECT_EQ(table->session()->ply(), 0);
    EXPECT_FALSE(table->session()->over());
}

TEST_F(TableTest, TakebackThroughControlWaitsForTheBoardToFollow) {
    startGame();
    EXPECT_FALSE(table->takeback().ok);
    show("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    ASSERT_TRUE(table->takeback().ok);
    EXPECT_EQ(table->session()->ply(), 0);
    // The board still shows e4: that is not the move being made again, and
    // no rule is broken either: the board is to follow the takeback.
    time.advance(150);
    loop.runOnce(0);
    EXPECT_EQ(said.all.back().type, AnnouncementType::ToDo);
    EXPECT_EQ(said.all.back().text,
              "Set up the position after the takeback: put a white pawn on e2; take the white "
              "pawn off e4.");
    EXPECT_FALSE(said.has(AnnouncementType::Illegal));
    EXPECT_EQ(table->session()->ply(), 0);
    show(kStart);
    EXPECT_EQ(said.all.back().type, AnnouncementType::Fixed);
    show("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR");
    EXPECT_EQ(table->session()->ply(), 1);
}

TEST_F(TableTest, PausedClocksDoNotRunOut) {
    startGame();
    show("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    ASSERT_TRUE(table->pauseClocks().ok);
    EXPECT_FALSE(table->pauseClocks().ok);
    time.advance(10 * 60 * 1000);
    loop.runOnce(0);
    EXPECT_FALSE(table->session()->over());
    ASSERT_TRUE(table->resumeClocks().ok);
    time.advance(5 * 60 * 1000);
    loop.runOnce(0);
    EXPECT_TRUE(table->session()->over());
}

TEST_F(TableTest, NewGameAbandonsTheCurrentOne) {
    startGame();
    show("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    ASSERT_TRUE(table->newGame().ok);
    EXPECT_TRUE(table->session()->over());
    size_t starts = 0;
    show(kStart);
    for (const auto& a : said.all) starts += a.type == AnnouncementType::Start;
    EXPECT_EQ(starts, 2u);
}

TEST_F(TableTest, GamesListsTheJournalFolderForClients) {
    ControlReply none = table->games();
    ASSERT_TRUE(none.ok) << none.error;
    EXPECT_EQ(none.data["games"], nlohmann::json::array());
    startGame();
    show("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    const std::string journal = table->session()->journalPath();
    ASSERT_TRUE(table->newGame().ok);
    ControlReply listed = table->games();
    ASSERT_TRUE(listed.ok) << listed.error;
    EXPECT_EQ(listed.data["folder"], dir + "/games");
    ASSERT_EQ(listed.data["games"].size(), 1u) << listed.data;
    const nlohmann::json& game = listed.data["games"][0];
    EXPECT_EQ(game["journal"], journal);
    EXPECT_EQ(game["game"], "fide");
    EXPECT_EQ(game["state"], "abandoned");
    EXPECT_EQ(game["moves"], 1);
}

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writeFile(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// "games" runs in the table's loop, which the boards wait for: a journal is
// read only when it changed since, and the game being played only for its
// first line (the table knows its moves), however long it has grown.
TEST_F(TableTest, GamesReadsEachJournalOnceAndTheGameInProgressOnlyForItsFirstLine) {
    startGame();
    show("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    const std::string finished = table->session()->journalPath();
    ASSERT_TRUE(table->newGame().ok);
    show(kStart);
    show("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR");
    show("rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR");
    ASSERT_EQ(table->session()->turns(), 2);
    const std::string playing = table->session()->journalPath();
    ASSERT_NE(playing, finished);
    ASSERT_EQ(table->games().data["games"][0]["state"], "abandoned");

    // The finished journal's bytes change, its size and time do not: not read again.
    const auto stamp = std::filesystem::last_write_time(finished);
    std::string text = readFile(finished);
    std::replace(text.begin(), text.end(), '"', '\'');
    writeFile(finished, text);
    std::filesystem::last_write_time(finished, stamp);
    // The game in progress: everything after its first line is not read.
    std::string current = readFile(playing);
    writeFile(playing, current.substr(0, current.find('\n') + 1) + "not a journal line\n");

    const nlohmann::json games = table->games().data["games"];
    ASSERT_EQ(games.size(), 2u) << games;
    EXPECT_EQ(games[0]["state"], "abandoned") << games[0];
    EXPECT_EQ(games[0]["moves"], 1);
    EXPECT_EQ(games[1]["state"], "in progress") << games[1];
    EXPECT_EQ(games[1]["moves"], 2);
    // A journal that changed is read again.
    writeFile(finished, text + "\n");
    EXPECT_EQ(table->games().data["games"][0]["state"], "damaged");
}

// A finished game's result says how many moves it had: the listing reads its
// first and last lines, however many lie between.
TEST_F(TableTest, GamesTakesAFinishedGamesMovesFromItsResult) {
    startGame();
    show("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    const std::string finished = table->session()->journalPath();
    ASSERT_TRUE(table->newGame().ok);
    std::string text = readFile(finished);
    ASSERT_NE(text.rfind("\"moves\":1,"), std::string::npos) << text;
    const size_t second = text.find('\n') + 1;
    text.replace(second, text.find('\n', second) - second, "not read");
    writeFile(finished, text);
    const nlohmann::json game = table->games().data["games"][0];
    EXPECT_EQ(game["state"], "abandoned") << game;
    EXPECT_EQ(game["moves"], 1);
}

// An old unfinished journal of a long evening of pauses is read a slice at a
// time (kJournalSliceBytes), between the table's other events, never at once:
// "games" lists it without its moves until it has been read to its end.
TEST_F(TableTest, GamesReadsALongJournalASliceAtATimeBetweenEvents) {
    startGame();
    show("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    ASSERT_TRUE(table->pauseClocks().ok);
    ASSERT_TRUE(table->resumeClocks().ok);
    std::string text = readFile(table->session()->journalPath());
    // Its last two lines, the pause and the run again, repeated: valid lines
    // that grow the journal without a move.
    const size_t end = text.size() - 1;
    const size_t pause = text.rfind('\n', text.rfind('\n', end - 1) - 1) + 1;
    const std::string pauseAndRun = text.substr(pause);
    while (text.size() < 3 * kJournalSliceBytes) text += pauseAndRun;
    const std::string old = dir + "/games/2000-01-01T00-00-00-fide.jsonl";
    writeFile(old, text);
    std::filesystem::last_write_time(
        old,
        std::filesystem::last_write_time(table->session()->journalPath()) - std::chrono::hours(1));

    nlohmann::json listed = table->games().data["games"][0];
    EXPECT_EQ(listed["journal"], old);
    EXPECT_EQ(listed["state"], "unfinished") << listed;
    EXPECT_FALSE(listed.contains("moves")) << "read in part: " << listed;
    for (int slice = 0; slice < 10; ++slice) loop.runOnce(0);
    listed = table->games().data["games"][0];
    EXPECT_EQ(listed["state"], "unfinished") << listed;
    EXPECT_EQ(listed["moves"], 1) << listed;
}

// A DGT board with LEDs at the far end of a pseudo-terminal: what arbiterd
// sends it is read byte for byte.
class BoardWithLeds {
  public:
    // Answers arbiterd's first requests as a Revelation II showing `fen`.
    void answer(const std::string& fen) {
        pty.receive(7);  // reset, serial numbers, version, trademark, board, updates
        const std::string trademark = "DGT Revelation II";
        std::vector<uint8_t> bytes{dgt::kTrademark, 0, uint8_t(3 + trademark.size())};
        bytes.insert(bytes.end(), trademark.begin(), trademark.end());
        bytes.insert(bytes.end(), {dgt::kBoardDump, 0, uint8_t(dgt::kBoardDumpLength)});
        for (const Appearance& square : squaresFromFen(fen))
            bytes.push_back(dgt::pieceCode(square));
        ASSERT_TRUE(pty.send(bytes));
    }
    // The next `count` LED commands (six bytes each), in hex.
    std::string leds(size_t count) {
        std::string text;
        for (uint8_t b : pty.receive(6 * count)) {
            char hex[4];
            std::snprintf(hex, sizeof hex, "%02x ", b);
            text += hex;
        }
        if (!text.empty()) text.pop_back();
        return text;
    }
    test::PtyPair pty;
};

constexpr const char* kAllOff = "60 04 00 00 3f 00";

TEST_F(TableTest, TheLedsShowTheLastMoveAndWhileTheBoardIsWrongWhatToFix) {
    BoardWithLeds board;
    ASSERT_TRUE(board.pty.ok());
    TableSettings s = settings();
    s.boards[0].device = {"dgt", board.pty.slavePath()};
    std::string error;
    // The open table itself, for its surface.
    auto fide = makeGame(s.game, s.gameOptions, error);
    ASSERT_TRUE(fide) << error;
    std::unique_ptr<Table> open = Table::create(loop, s, std::move(fide), said, error);
    ASSERT_TRUE(open) << error;
    const Surface& surface = open->surface();
    table = std::move(open);
    table->connectBoards();
    board.answer(kStart);
    // Until the answer has come through the pty (it may take a moment).
    for (int i = 0; i < 50 && !surface.allKnown(); ++i) loop.runOnce(100);
    ASSERT_TRUE(surface.allKnown());
    EXPECT_EQ(board.leds(1), kAllOff);  // a board that has just come is told all
    time.advance(150);
    loop.runOnce(0);
    ASSERT_TRUE(said.has(AnnouncementType::Start));
    // e2 (square 52) and e4 (36): nothing was lit, so only these go on.
    show("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    EXPECT_EQ(board.leds(1), "60 04 01 24 34 00");
    // e7 (12) and e5 (28) in their place.
    show("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR");
    EXPECT_EQ(board.leds(2), std::string(kAllOff) + " 60 04 01 0c 1c 00");
    // The white king stepped to e3, which it cannot: e3 (44) and e1 (60) are to fix.
    show("rnbqkbnr/pppp1ppp/8/4p3/4P3/4K3/PPPP1PPP/RNBQ1BNR");
    ASSERT_EQ(said.all.back().type, AnnouncementType::Illegal);
    EXPECT_EQ(board.leds(2), std::string(kAllOff) + " 60 04 01 2c 3c 00");
    // Put back: the last move again.
    show("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR");
    ASSERT_EQ(said.all.back().type, AnnouncementType::Fixed);
    EXPECT_EQ(board.leds(2), std::string(kAllOff) + " 60 04 01 0c 1c 00");
}

}  // namespace
}  // namespace arbiter
