#include "daemon/referee/referee.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "tests/daemon/sensed_boards.h"
#include "tests/daemon/surface_fixture.h"

namespace arbiter {
namespace {

using testing::oneBoardSurface;
using testing::squaresFromFen;

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

class RefereeTest : public ::testing::Test {
  protected:
    void SetUp() override {
        game = makeGame("fide");
        state = game->start();
    }
    // Plays moves given in UCI on the engine side.
    void playOnEngine(std::initializer_list<const char*> moves) {
        for (const char* m : moves) {
            previous = state->clone();
            auto a = state->decode(m);
            ASSERT_TRUE(a) << m;
            state->apply(*a);
        }
    }
    Verdict judge(const std::string& board, int catchUp = 1) {
        Surface s = oneBoardSurface(*state);
        s.boardDump(0, squaresFromFen(board), 0);
        return referee.judge(*state, previous.get(), s, catchUp);
    }
    std::unique_ptr<Game> game;
    std::unique_ptr<GameState> state;
    std::unique_ptr<GameState> previous;
    Referee referee;
};

TEST_F(RefereeTest, StartPositionIsSettled) {
    EXPECT_EQ(judge(kStart).kind, Verdict::Kind::Settled);
}

TEST_F(RefereeTest, SurfaceWithoutADumpIsUnknown) {
    Surface s = oneBoardSurface(*state);
    EXPECT_EQ(referee.judge(*state, nullptr, s).kind, Verdict::Kind::Unknown);
}

// While the machine is to move, the boards may show only the move it chose:
// another legal move is a position to put right, back to the position (or on
// to the chosen move); none is seen made while it still thinks.
TEST_F(RefereeTest, WhileTheMachineIsToMoveOnlyItsChoiceIsSeenMade) {
    const std::vector<Action> chosen = {*state->decode("d2d4")};
    auto judgeOnly = [&](const std::vector<Action>& only, const std::string& board) {
        Surface s = oneBoardSurface(*state);
        s.boardDump(0, squaresFromFen(kStart), 0);
        Referee r;
        r.prepare(*state, nullptr, nullptr, s, &only);
        s.boardDump(0, squaresFromFen(board), 0);
        return r.judge(s);
    };
    const std::string e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
    const std::string d4 = "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR";
    Verdict other = judgeOnly(chosen, e4);
    EXPECT_EQ(other.kind, Verdict::Kind::Illegal);
    EXPECT_FALSE(other.fixes.empty());
    Verdict made = judgeOnly(chosen, d4);
    ASSERT_EQ(made.kind, Verdict::Kind::Commit);
    EXPECT_EQ(made.actions, chosen);
    EXPECT_EQ(judgeOnly({}, d4).kind, Verdict::Kind::Illegal);
    EXPECT_EQ(judgeOnly({}, kStart).kind, Verdict::Kind::Settled);
}

TEST_F(RefereeTest, OneLegalMoveIsCommitted) {
    Verdict v = judge("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    ASSERT_EQ(v.actions.size(), 1u);
    EXPECT_EQ(state->encode(v.actions[0]), "e2e4");
}

TEST_F(RefereeTest, LiftedPieceIsPending) {
    EXPECT_EQ(judge("rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR").kind, Verdict::Kind::Pending);
}

TEST_F(RefereeTest, CaptureWithBothPiecesLiftedIsPending) {
    playOnEngine({"e2e4", "d7d5"});
    EXPECT_EQ(judge("rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR").kind, Verdict::Kind::Pending);
}

TEST_F(RefereeTest, CastlingWithOnlyTheKingMovedIsPending) {
    playOnEngine({"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"});
    EXPECT_EQ(judge("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ2KR").kind,
              Verdict::Kind::Pending);
    Verdict v = judge("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1");
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(state->describe(v.actions[0]), "O-O");
}

TEST_F(RefereeTest, BoardBackToThePreviousPositionIsATakeback) {
    playOnEngine({"e2e4"});
    EXPECT_EQ(judge(kStart).kind, Verdict::Kind::Takeback);
}

TEST_F(RefereeTest, ImpossiblePositionNamesTheCellsToFix) {
    playOnEngine({"e2e4"});
    Verdict v = judge("rnb1kbnr/pppppppp/8/8/4P2q/8/PPPP1PPP/RNBQKBNR");
    ASSERT_EQ(v.kind, Verdict::Kind::Illegal);
    ASSERT_EQ(v.fixes.size(), 2u);
    std::vector<std::string> said;
    for (const auto& f : v.fixes) said.push_back(describeFix(f, state->geometry()));
    EXPECT_EQ(said[0], "take the black queen off h4");
    EXPECT_EQ(said[1], "put a black queen on d8");
    EXPECT_TRUE(v.fixesComplete.empty());
}

TEST_F(RefereeTest, PawnLeftUnpromotedIsLedToThePromotion) {
    std::string error;
    state = game->load("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", error);
    ASSERT_TRUE(state) << error;
    Verdict v = judge("4P3/8/8/8/8/8/k7/4K3");
    ASSERT_EQ(v.kind, Verdict::Kind::Illegal);
    ASSERT_EQ(v.fixes.size(), 1u);
    EXPECT_EQ(describeFix(v.fixes[0], state->geometry()),
              "replace the white pawn on e8 by a white queen");
    ASSERT_EQ(v.fixesComplete.size(), 1u);
}

TEST_F(RefereeTest, TwoMovesMadeWhileABoardWasAwayAreCaughtUp) {
    std::string afterTwo = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR";
    EXPECT_EQ(judge(afterTwo).kind, Verdict::Kind::Illegal);
    Verdict v = judge(afterTwo, 2);
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    ASSERT_EQ(v.actions.size(), 2u);
}

TEST_F(RefereeTest, OccupancyOnlyBoardCannotTellPiecesApart) {
    Surface s(state->geometry(), {{"dgt:test", 0, 0, 0, Sensing::Occupancy}});
    // A black pawn where a white pawn should be looks the same to this board.
    s.boardDump(0, squaresFromFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPp/RNBQKBNR"), 0);
    EXPECT_EQ(referee.judge(*state, nullptr, s).kind, Verdict::Kind::Settled);
}

// The referee as the table uses it: prepared once per committed state, then
// judging after every square a board reports.
class RefereeEvents : public ::testing::Test {
  protected:
    void start(const std::string& fen, Sensing sensing = Sensing::ColourAndKind) {
        std::string error;
        state = game->load(fen, error);
        ASSERT_TRUE(state) << error;
        boards = std::make_unique<testing::SensedBoards>(state->geometry(), sensing);
        boards->show(*state);
        referee.prepare(*state, nullptr, nullptr, boards->surface());
    }
    static SetPiece piece(char letter) { return *fromLetter(letter); }
    Verdict judge(int catchUp = 1) { return referee.judge(boards->surface(), catchUp); }
    std::vector<std::string> codes(const std::vector<Action>& actions) const {
        std::vector<std::string> out;
        for (const Action& a : actions) out.push_back(state->encode(a));
        return out;
    }
    // What the table does with a Commit: the state moves on, the surface is
    // still, and the referee is prepared for the new state.
    void commit(const Verdict& v) {
        ASSERT_EQ(v.kind, Verdict::Kind::Commit);
        for (const Action& a : v.actions) {
            previous = state->clone();
            state->apply(a);
        }
        boards->surface().markStill();
        referee.prepare(*state, previous.get(), &v.actions.back(), boards->surface());
    }

    std::unique_ptr<Game> game = makeGame("fide");
    std::unique_ptr<GameState> state;
    std::unique_ptr<GameState> previous;
    std::unique_ptr<testing::SensedBoards> boards;
    Referee referee;
};

TEST_F(RefereeEvents, CastlingIsSeenInAnyOrderOfItsLiftsAndPuts) {
    // Each piece is lifted before it is put down; otherwise any order. Moving the
    // rook first is Rf1 for as long as the king stays: never illegal, never stuck.
    struct Event {
        const char* cell;
        char piece;  // 0: lifted
    };
    const std::vector<Event> king = {{"e1", 0}, {"g1", 'K'}}, rook = {{"h1", 0}, {"f1", 'R'}};
    for (unsigned mask : {0b0011u, 0b0101u, 0b0110u, 0b1001u, 0b1010u, 0b1100u}) {
        SCOPED_TRACE("order " + std::to_string(mask));
        start("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        size_t k = 0, r = 0;
        Verdict v;
        for (int i = 0; i < 4; ++i) {
            const Event& e = (mask >> i & 1) ? king[k++] : rook[r++];
            if (e.piece)
                boards->put(e.cell, piece(e.piece));
            else
                boards->lift(e.cell);
            v = judge();
            EXPECT_TRUE(v.kind == Verdict::Kind::Pending || v.kind == Verdict::Kind::Commit)
                << "after " << e.cell;
        }
        ASSERT_EQ(v.kind, Verdict::Kind::Commit);
        EXPECT_EQ(state->describe(v.actions.at(0)), "O-O");
    }
}

TEST_F(RefereeEvents, EnPassantWithTheCapturedPawnStillThereIsPartlyMade) {
    start("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    boards->lift("e5");
    boards->put("d6", piece('P'));
    EXPECT_EQ(judge().kind, Verdict::Kind::Pending);
    boards->lift("d5");
    Verdict v = judge();
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(state->describe(v.actions.at(0)), "exd6");
}

TEST_F(RefereeEvents, EnPassantWithTheCapturedPawnLiftedFirst) {
    start("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    boards->lift("d5");
    EXPECT_EQ(judge().kind, Verdict::Kind::Pending);
    boards->lift("e5");
    EXPECT_EQ(judge().kind, Verdict::Kind::Pending);
    boards->put("d6", piece('P'));
    Verdict v = judge();
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(codes(v.actions), std::vector<std::string>{"e5d6"});
}

TEST_F(RefereeEvents, APromotionOnAnOccupancyBoardIsAmbiguousBetweenThePieces) {
    start("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", Sensing::Occupancy);
    boards->lift("a7");
    boards->put("a8");
    Verdict v = judge();
    ASSERT_EQ(v.kind, Verdict::Kind::Ambiguous);
    auto candidates = codes(v.candidates);
    std::sort(candidates.begin(), candidates.end());
    EXPECT_EQ(candidates, (std::vector<std::string>{"a7a8b", "a7a8n", "a7a8q", "a7a8r"}));
}

TEST_F(RefereeEvents, ThePiecePutOnTheLastRankNamesThePromotion) {
    start("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    boards->lift("a7");
    boards->put("a8", piece('N'));
    Verdict v = judge();
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(codes(v.actions), std::vector<std::string>{"a7a8n"});
}

TEST_F(RefereeEvents, APiecePutBackMakesThePositionSettledAgain) {
    start("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    boards->lift("g1");
    EXPECT_EQ(judge().kind, Verdict::Kind::Pending);
    boards->put("g1", piece('N'));
    EXPECT_EQ(judge().kind, Verdict::Kind::Settled);
}

TEST_F(RefereeEvents, GamePlayedEventByEventIsCommittedMoveByMove) {
    start("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    boards->lift("e2");
    boards->put("e4", piece('P'));
    commit(judge());
    EXPECT_EQ(judge().kind, Verdict::Kind::Settled);
    boards->lift("d7");
    boards->put("d5", piece('p'));
    commit(judge());
    boards->lift("d5");  // the captured pawn first
    EXPECT_EQ(judge().kind, Verdict::Kind::Pending);
    boards->lift("e4");
    boards->put("d5", piece('P'));
    Verdict v = judge();
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(state->describe(v.actions.at(0)), "exd5");
    commit(v);
    // Putting the pawns back is a takeback of the last move only.
    boards->put("e4", piece('P'));
    boards->put("d5", piece('p'));
    EXPECT_EQ(judge().kind, Verdict::Kind::Takeback);
}

TEST_F(RefereeEvents, AWrongPieceIsIllegalUntilItIsPutRight) {
    start("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    boards->lift("g1");
    boards->put("f3", piece('B'));
    Verdict v = judge();
    ASSERT_EQ(v.kind, Verdict::Kind::Illegal);
    ASSERT_EQ(v.fixes.size(), 1u);
    EXPECT_EQ(describeFix(v.fixes[0], state->geometry()),
              "replace the white bishop on f3 by a white knight");
    ASSERT_EQ(codes(v.fixesComplete), std::vector<std::string>{"g1f3"});
    boards->put("f3", piece('N'));
    v = judge();
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(codes(v.actions), std::vector<std::string>{"g1f3"});
}

TEST_F(RefereeEvents, ABoardAwayMakesEveryVerdictUnknownUntilItIsBack) {
    start("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    boards->lose(0);
    EXPECT_EQ(judge().kind, Verdict::Kind::Unknown);
    boards->comeBack(0, testing::squaresFromFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"));
    EXPECT_EQ(judge().kind, Verdict::Kind::Settled);
}

TEST_F(RefereeEvents, TwoMovesMadeWhileAnOccupancyBoardWasAwayAreCaughtUp) {
    start("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Sensing::Occupancy);
    boards->lose(0);
    boards->comeBack(0, testing::squaresFromFen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR"));
    EXPECT_EQ(judge().kind, Verdict::Kind::Illegal) << "one move does not explain it";
    Verdict v = judge(2);
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(codes(v.actions), (std::vector<std::string>{"e2e4", "e7e5"}));
}

TEST_F(RefereeEvents, ABoardBackWithOneMoveMadeCommitsThatOneMove) {
    start("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Sensing::Occupancy);
    boards->lose(0);
    boards->comeBack(0, testing::squaresFromFen("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R"));
    Verdict v = judge(2);
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(codes(v.actions), std::vector<std::string>{"g1f3"});
}

TEST_F(RefereeEvents, FourPliesMadeFasterThanTheBoardSettlesAreCaughtUp) {
    start("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    // 1. e4 d5 2. exd5 Qxd5, each piece lifted and put in turn.
    boards->lift("e2");
    boards->put("e4", piece('P'));
    boards->lift("d7");
    boards->put("d5", piece('p'));
    boards->lift("e4");
    boards->lift("d5");
    boards->put("d5", piece('P'));
    boards->lift("d8");
    boards->lift("d5");
    boards->put("d5", piece('q'));
    EXPECT_EQ(judge(3).kind, Verdict::Kind::Illegal) << "three plies do not explain it";
    Verdict v = judge(Referee::kMostCatchUpPlies);
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(codes(v.actions), (std::vector<std::string>{"e2e4", "d7d5", "e4d5", "d8d5"}));
}

// 1. e4 e5 2. Nf3 and 1. Nf3 e5 2. e4 end alike: the order in which the hands
// reached the squares says which was played, and without it nobody can tell.
TEST_F(RefereeEvents, MovesInAnotherOrderAreToldApartByTheOrderOfTheHands) {
    start("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    boards->lift("g1");
    boards->put("f3", piece('N'));
    boards->lift("e7");
    boards->put("e5", piece('p'));
    boards->lift("e2");
    boards->put("e4", piece('P'));
    Verdict v = judge(3);
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(codes(v.actions), (std::vector<std::string>{"g1f3", "e7e5", "e2e4"}));
}

TEST_F(RefereeEvents, MovesInAnotherOrderWithoutTheHandsOrderAreAmbiguous) {
    start("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    // One scan's changes, square by square from a8: no order of moves fits.
    boards->lift("e7");
    boards->put("e5", piece('p'));
    boards->put("e4", piece('P'));
    boards->put("f3", piece('N'));
    boards->lift("e2");
    boards->lift("g1");
    EXPECT_EQ(judge(3).kind, Verdict::Kind::Ambiguous);
}

}  // namespace
}  // namespace arbiter
