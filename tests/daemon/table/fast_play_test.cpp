// Fast play: moves made faster than the board is ever still, the clock's lever
// as the end of a move, and the DGT result signal. Board events are fed to the
// table as the DGT driver reports field updates, one square at a time, at the
// pace of a bullet game; time runs by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "daemon/table/playing_table.h"
#include "tests/daemon/recording_sink.h"
#include "tests/daemon/surface_fixture.h"
#include "tests/daemon/temp_directory.h"

namespace arbiter {
namespace {

using testing::squaresFromFen;

// Board squares as the DGT board numbers them: 0 is a8, 63 is h1.
int square(const std::string& name) {
    return (7 - (name[1] - '1')) * 8 + (name[0] - 'a');
}

// Kasparov - Topalov, Wijk aan Zee 1999: 44 moves, castling on both sides,
// captures of every kind and a king walk across the board.
constexpr const char* kKasparovTopalov =
    "e4 d6 d4 Nf6 Nc3 g6 Be3 Bg7 Qd2 c6 f3 b5 Nge2 Nbd7 Bh6 Bxh6 Qxh6 Bb7 a3 e5 O-O-O Qe7 "
    "Kb1 a6 Nc1 O-O-O Nb3 exd4 Rxd4 c5 Rd1 Nb6 g3 Kb8 Na5 Ba8 Bh3 d5 Qf4+ Ka7 Rhe1 d4 "
    "Nd5 Nbxd5 exd5 Qd6 Rxd4 cxd4 Re7+ Kb6 Qxd4+ Kxa5 b4+ Ka4 Qc3 Qxd5 Ra7 Bb7 Rxb7 Qc4 "
    "Qxf6 Kxa3 Qxa6+ Kxb4 c3+ Kxc3 Qa1+ Kd2 Qb2+ Kd1 Bf1 Rd2 Rd7 Rxd7 Bxc4 bxc4 Qxh8 Rd3 "
    "Qa8 c3 Qa4+ Ke1 f4 f5 Kc1 Rd2 Qa7";

class FastPlay : public ::testing::Test {
  protected:
    // A chess table with the default settle time, 5+0, the game from `position`.
    void begin(const std::string& position = "") {
        TableSettings s;
        BoardSetting board;
        board.name = board.placement.name = "board";
        board.device = {"dgt", scratch.path() + "/no-board-here"};
        board.rotationGiven = true;
        s.boards.push_back(board);
        s.session.time = *TimeControl::parse("5+0");
        s.session.start = position;
        s.settleMs = 300;
        std::string error;
        table = openTable(loop, s, said, error);
        ASSERT_TRUE(table) << error;
        game = makeGame("fide", {}, error);
        ASSERT_TRUE(game) << error;
        state = position.empty() ? game->start() : game->load(position, error);
        ASSERT_TRUE(state) << error;
        BoardSquares squares{};
        for (int sq = 0; sq < 64; ++sq) {
            const std::string name{char('a' + sq % 8), char('1' + 7 - sq / 8)};
            squares[static_cast<size_t>(sq)] = state->appearance(*state->geometry().parse(name));
        }
        table->boardDump(0, squares);
        until(time.now() + 400);
        ASSERT_TRUE(table->session());
    }
    // Time runs to `t` in steps of a few milliseconds, the timers firing on the way.
    void until(Millis t) {
        while (time.now() < t) {
            time.advance(std::min<Millis>(5, t - time.now()));
            loop.runOnce(0);
        }
    }
    void lift(const std::string& name) { table->squareChanged(0, square(name), std::nullopt); }
    void put(const std::string& name, SetColour colour, Figure figure) {
        table->squareChanged(0, square(name), SetPiece{colour, figure});
    }
    // `move` (SAN) made by hand from `state`, starting at `at` and taking
    // `handMs`: the mover lifted first (or the captured piece, when
    // `capturedFirst`), every piece put down at the end.
    void play(const std::string& move, Millis at, Millis handMs = 30, bool capturedFirst = false) {
        auto a = state->decode(move);
        ASSERT_TRUE(a) << move << " in " << state->serialize();
        const Effect e = state->effect(*a);
        std::vector<Cell> lifts, puts;
        // The mover's square first among the lifts, its target first among the puts.
        for (const CellChange& ch : e.changes) {
            if (ch.before) lifts.insert(ch.cell == a->from ? lifts.begin() : lifts.end(), ch.cell);
            if (ch.after) puts.insert(ch.cell == a->to ? puts.begin() : puts.end(), ch.cell);
        }
        if (capturedFirst) std::reverse(lifts.begin(), lifts.end());
        const Geometry& g = state->geometry();
        until(at);
        for (size_t i = 0; i < lifts.size(); ++i) {
            until(at + static_cast<Millis>(i) * handMs / 3);
            table->squareChanged(0, square(g.name(lifts[i])), std::nullopt);
        }
        until(at + handMs);
        for (Cell c : puts) {
            for (const CellChange& ch : e.changes)
                if (ch.cell == c) table->squareChanged(0, square(g.name(c)), ch.after);
        }
        state->apply(*a);
        made.push_back(*a);
    }
    // Every action the hands made is recorded, in order, and nothing else.
    ::testing::AssertionResult recordedAsMade() const {
        const auto& recorded = table->session()->actions();
        if (recorded == made) return ::testing::AssertionSuccess();
        return ::testing::AssertionFailure() << recorded.size() << " actions recorded of "
                                             << made.size() << " made; said: " << lastSaid(6);
    }
    std::string lastSaid(size_t n) const {
        std::string text;
        for (size_t i = said.said.size() > n ? said.said.size() - n : 0; i < said.said.size(); ++i)
            text += "\n  " + std::string(announcementTypeName(said.said[i].type)) + ": " +
                    said.said[i].text;
        return text;
    }
    int ply() const { return table->session()->ply(); }
    int count(AnnouncementType type) const {
        int n = 0;
        for (const auto& a : said.said) n += a.type == type;
        return n;
    }
    std::string last(AnnouncementType type) const {
        for (auto a = said.said.rbegin(); a != said.said.rend(); ++a)
            if (a->type == type) return a->text;
        return "";
    }

    testing::TempDirectory scratch{"arbiter-fast-play"};
    ManualTimeSource time;
    EventLoop loop{time};
    testing::RecordingSink said;
    std::unique_ptr<PlayingTable> table;
    std::unique_ptr<Game> game;
    std::unique_ptr<GameState> state;  // the game as the hands have played it
    std::vector<Action> made;
};

// The same opening (a capture each way round, castling) at every pace from a
// second a move down to 50 ms: every move is recorded and nothing is said
// against the board, though below the settle time the board is never still.
TEST_F(FastPlay, EveryMoveIsRecordedAtEveryPaceDownTo50Ms) {
    const std::vector<std::string> opening = {"e4",  "d5",  "exd5", "Qxd5", "Nc3", "Qa5",
                                              "Nf3", "Nf6", "Bc4",  "Bg4",  "O-O", "e6"};
    for (Millis pace : {1000, 300, 150, 100, 50}) {
        SCOPED_TRACE("a move every " + std::to_string(pace) + " ms");
        said.said.clear();
        made.clear();
        begin();
        Millis at = time.now() + 100;
        for (size_t i = 0; i < opening.size(); ++i) {
            // Captures both ways: the captured piece lifted first, then the mover first.
            play(opening[i], at, std::min<Millis>(30, pace / 2), i == 2);
            at += pace;
        }
        until(at + 400);  // the last move settles
        EXPECT_TRUE(recordedAsMade());
        EXPECT_EQ(count(AnnouncementType::Illegal), 0) << lastSaid(4);
        EXPECT_EQ(count(AnnouncementType::Move), static_cast<int>(opening.size()));
        table.reset();
    }
}

// A real game replayed with 150 ms from one move to the next.
TEST_F(FastPlay, AWholeGameAt150MsAMoveIsRecordedMoveByMove) {
    begin();
    std::istringstream moves(kKasparovTopalov);
    Millis at = time.now() + 100;
    int plies = 0;
    for (std::string move; moves >> move; ++plies, at += 150) {
        play(move, at, 60, plies % 3 == 0);
        if (HasFatalFailure()) return;
    }
    until(at + 400);
    EXPECT_EQ(plies, 87);
    EXPECT_TRUE(recordedAsMade());
    EXPECT_EQ(count(AnnouncementType::Illegal), 0) << lastSaid(4);
    EXPECT_EQ(count(AnnouncementType::Ambiguous), 0) << lastSaid(4);
}

// A rook slid from a1 to a4 rests on a2 and a3 on the way, each time long
// enough to be looked at: it is still one move to a4.
TEST_F(FastPlay, ASlidPieceIsNeverTakenForAShorterMove) {
    begin("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    Millis at = time.now() + 100;
    until(at);
    lift("a1");
    for (const char* via : {"a2", "a3"}) {
        put(via, SetColour::White, Figure::Rook);
        until(time.now() + 40);
        lift(via);
        until(time.now() + 5);
    }
    put("a4", SetColour::White, Figure::Rook);
    state->apply(*state->decode("Ra4"));
    made.push_back(table->session()->current().decode("Ra4").value());
    play("Kd7", time.now() + 100);  // the reply follows at once
    play("Ra7+", time.now() + 100);
    until(time.now() + 400);
    EXPECT_TRUE(recordedAsMade());
    EXPECT_EQ(count(AnnouncementType::Illegal), 0) << lastSaid(4);
}

// The reply begun before the move was put down: the board never shows the
// position between them, and both are recorded in order.
TEST_F(FastPlay, AReplyBegunBeforeTheMoveIsPutDownIsFollowed) {
    begin();
    until(time.now() + 100);
    lift("e2");
    until(time.now() + 10);
    lift("e7");
    until(time.now() + 10);
    put("e4", SetColour::White, Figure::Pawn);
    until(time.now() + 10);
    put("e5", SetColour::Black, Figure::Pawn);
    for (const char* m : {"e4", "e5"}) {
        made.push_back(*state->decode(m));
        state->apply(made.back());
    }
    play("Nf3", time.now() + 60);
    until(time.now() + 400);
    EXPECT_TRUE(recordedAsMade());
}

// One scan of a DGT board saw three moves at once and reports its changes
// square by square, a8 first; the pawn's stop on e4 fell between two scans.
// While the game goes on, the position three plies on is caught up.
TEST_F(FastPlay, ThreeMovesSeenInOneScanAreCaughtUp) {
    begin();
    until(time.now() + 100);
    lift("d7");
    put("d5", SetColour::White, Figure::Pawn);
    lift("e2");
    for (const char* m : {"e4", "d5", "exd5"}) {
        made.push_back(*state->decode(m));
        state->apply(made.back());
    }
    play("Qxd5", time.now() + 150, 30, true);
    until(time.now() + 400);
    EXPECT_TRUE(recordedAsMade());
    EXPECT_EQ(count(AnnouncementType::Move), 4);
}

TEST_F(FastPlay, PromotionsAndEnPassantAt50MsAMove) {
    begin("4k3/1P6/8/8/5p2/8/4P3/4K3 w - - 0 1");
    Millis at = time.now() + 100;
    for (const char* m : {"b8=Q+", "Kd7", "e4", "fxe3", "Qb5+", "Kd6"}) {
        play(m, at, 25);
        at += 50;
    }
    until(at + 400);
    EXPECT_TRUE(recordedAsMade());
    EXPECT_EQ(count(AnnouncementType::Illegal), 0) << lastSaid(4);
}

// Each move of a sequence is charged to the clocks when the board first
// showed it, not when it was confirmed.
TEST_F(FastPlay, EachMoveIsChargedWhenTheBoardShowedIt) {
    begin();
    const Millis start = time.now() + 100;
    play("e4", start, 20);
    play("e5", start + 150, 20);
    play("Nf3", start + 300, 20);
    until(start + 1000);
    ASSERT_TRUE(recordedAsMade());
    std::vector<nlohmann::json> clocks;
    for (const auto& a : said.said)
        if (a.type == AnnouncementType::Move) clocks.push_back(a.data["clock"]);
    ASSERT_EQ(clocks.size(), 3u);
    // Black thought from e4 put down (start + 20) to e5 put down (start + 170).
    EXPECT_EQ(clocks[0][1].get<Millis>() - clocks[1][1].get<Millis>(), 150);
    EXPECT_EQ(clocks[1][0].get<Millis>() - clocks[2][0].get<Millis>(), 150);
}

// The clock's lever ends a move at once, and is charged at the press.
TEST_F(FastPlay, ALeverPressCommitsTheMoveWithoutWaitingToSettle) {
    begin();
    play("e4", time.now() + 100, 20);
    until(time.now() + 30);
    ASSERT_EQ(ply(), 0);
    table->clockLever(0, true);
    EXPECT_EQ(ply(), 1);
    EXPECT_EQ(count(AnnouncementType::Lever), 0);
    // The press after a move the settled board already gave is silent too.
    play("e5", time.now() + 100, 20);
    until(time.now() + 400);
    ASSERT_EQ(ply(), 2);
    table->clockLever(0, false);
    EXPECT_EQ(count(AnnouncementType::Lever), 0);
    EXPECT_TRUE(recordedAsMade());
}

TEST_F(FastPlay, APressBeforeTheMoveIsPutDownSaysSo) {
    begin();
    play("e4", time.now() + 100, 20);
    table->clockLever(0, true);  // starts Black's clock
    until(time.now() + 100);
    lift("e7");
    table->clockLever(0, false);  // the pawn still in the hand
    EXPECT_EQ(ply(), 1);
    EXPECT_EQ(last(AnnouncementType::Lever),
              "The clock was pressed, but the board shows no complete move since the last press.");
    put("e5", SetColour::Black, Figure::Pawn);
    until(time.now() + 400);
    EXPECT_EQ(ply(), 2);  // recorded once the board is still
}

// Pressed at 1 kHz, the lever once gave as many announcements (and log
// lines): a few an interval are said, the rest only counted in the log.
TEST_F(FastPlay, PressesWithNoMoveAreSaidAFewTimesHoweverFastTheLeverIs) {
    begin();
    play("e4", time.now() + 100, 20);
    table->clockLever(0, true);
    until(time.now() + 100);
    lift("e7");
    for (int press = 0; press < 1000; ++press) {
        time.advance(1);
        table->clockLever(0, press % 2 == 0);
    }
    EXPECT_EQ(count(AnnouncementType::Lever), 5);
    EXPECT_EQ(ply(), 1);
    // A press after a quiet while is said again.
    put("e7", SetColour::Black, Figure::Pawn);
    until(time.now() + 25'000);
    lift("e7");
    table->clockLever(0, true);
    EXPECT_EQ(count(AnnouncementType::Lever), 6);
}

// The result signal: both kings on the centre squares, still for two seconds.
struct Signal {
    const char* white;
    const char* black;
    int winner;  // -1: a draw
};

TEST_F(FastPlay, KingsInTheCentreSignalTheResult) {
    for (const Signal& s : {Signal{"e4", "d5", 0}, Signal{"d4", "e5", 1}, Signal{"d5", "e5", -1},
                            Signal{"d4", "e4", -1}}) {
        SCOPED_TRACE(std::string("kings on ") + s.white + " and " + s.black);
        said.said.clear();
        made.clear();
        begin();
        play("e3", time.now() + 100);
        play("e6", time.now() + 1000);
        until(time.now() + 1000);
        lift("e1");
        put(s.white, SetColour::White, Figure::King);
        until(time.now() + 100);
        lift("e8");
        put(s.black, SetColour::Black, Figure::King);
        until(time.now() + 1900);
        EXPECT_EQ(count(AnnouncementType::Result), 0)
            << "not before it stood still for two seconds";
        EXPECT_EQ(count(AnnouncementType::Illegal), 0) << lastSaid(3);
        until(time.now() + 200);
        EXPECT_TRUE(table->session()->over());
        EXPECT_EQ(table->session()->ply(), 2) << "the signal is no move";
        nlohmann::json result;
        for (const auto& a : said.said)
            if (a.type == AnnouncementType::Result) result = a.data;
        EXPECT_EQ(result["status"], s.winner < 0 ? "draw" : "win");
        if (s.winner >= 0) {
            EXPECT_EQ(result["winners"], nlohmann::json::array({s.winner}));
        }
        EXPECT_EQ(result["reason"], "result signalled on the board");
        table.reset();
    }
}

TEST_F(FastPlay, KingsPassingThroughTheCentreAreNoSignal) {
    begin();
    play("e3", time.now() + 100);
    play("e6", time.now() + 1000);
    until(time.now() + 1000);
    lift("e1");
    put("e4", SetColour::White, Figure::King);
    lift("e8");
    put("d5", SetColour::Black, Figure::King);
    until(time.now() + 1500);
    lift("d5");
    put("e8", SetColour::Black, Figure::King);
    lift("e4");
    put("e1", SetColour::White, Figure::King);
    until(time.now() + 3000);
    EXPECT_FALSE(table->session()->over());
    EXPECT_EQ(ply(), 2);
}

TEST_F(FastPlay, KingsInTheCentreWithOtherPiecesMovedAreNoSignal) {
    begin();
    until(time.now() + 100);
    lift("e1");
    put("e4", SetColour::White, Figure::King);
    lift("e8");
    put("d5", SetColour::Black, Figure::King);
    lift("a2");  // a pawn knocked over on the way
    until(time.now() + 3000);
    EXPECT_FALSE(table->session()->over());
    EXPECT_GT(count(AnnouncementType::Illegal), 0);
}

// Kings walk into the centre in a real game, one at a time and never side by
// side: moves, never a result.
TEST_F(FastPlay, AKingMovingToTheCentreIsAMove) {
    begin("8/p7/3k4/8/8/4K3/7P/8 w - - 0 1");
    play("Ke4", time.now() + 100);
    play("Kc5", time.now() + 500);
    play("Kd3", time.now() + 500);
    play("Kd5", time.now() + 500);
    until(time.now() + 3000);
    EXPECT_TRUE(recordedAsMade());
    EXPECT_FALSE(table->session()->over());
}

}  // namespace
}  // namespace arbiter
