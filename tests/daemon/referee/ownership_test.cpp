// The referee follows whose each piece is through history where the boards
// cannot tell: Skirmish's pieces all look alike and the board senses only
// occupancy, so a capture is known only by the captured piece being lifted.
#include <gtest/gtest.h>

#include <algorithm>

#include "daemon/referee/referee.h"
#include "engine/skirmish/skirmish.h"
#include "tests/daemon/surface_fixture.h"

namespace arbiter {
namespace {

class Ownership : public ::testing::Test {
  protected:
    void start(const std::string& text) {
        std::string error;
        state = skirmish::SkirmishState::load(text, error);
        ASSERT_TRUE(state) << error;
        surface = std::make_unique<Surface>(
            state->geometry(),
            std::vector<BoardPlacement>{{"home-made", 0, 0, 0, Sensing::Occupancy}});
        BoardSquares squares{};
        for (Cell c = 0; c < 64; ++c) {
            // Any piece will do: the board is taken to sense occupancy only.
            if (state->pieceAt(c)) squares[static_cast<size_t>(square(c))] = fromLetter('r');
        }
        surface->boardDump(0, squares, 0);
        surface->markStill();
    }
    int square(Cell c) const { return (7 - c / 8) * 8 + c % 8; }
    Cell cell(const char* name) const { return *state->geometry().parse(name); }
    void lift(const char* name) { surface->squareChanged(0, square(cell(name)), std::nullopt, 0); }
    void place(const char* name) {
        surface->squareChanged(0, square(cell(name)), fromLetter('r'), 0);
    }
    Verdict judge() const { return referee.judge(*state, nullptr, *surface); }
    // As the table judges a still surface: sequences of moves looked for too.
    Verdict judgeStill() const {
        return referee.judge(*state, nullptr, *surface, Referee::kMostCatchUpPlies);
    }
    std::vector<std::string> codes(std::vector<Action> actions) const {
        std::vector<std::string> out;
        auto s = state->clone();
        for (const Action& a : actions) {
            out.push_back(s->encode(a));
            s->apply(a);
        }
        return out;
    }
    std::string code(const Action& a) const { return state->encode(a); }

    std::unique_ptr<GameState> state;
    std::unique_ptr<Surface> surface;
    Referee referee;
};

// Ann (a) on b2 beside Bob (b) on c3 and Cat (c) on c1; Dan (d) far away.
constexpr const char* kCrowded =
    "8x8 p0,p0,p0,p0 0 ......dd/......../......../......../......../..b...../.a....../..c.....";

TEST_F(Ownership, AStepIsSeenOnABoardThatSensesOnlyOccupancy) {
    start(
        "8x8 p0,p0,p0,p0 0 dd....cc/d......c/......../......../......../......../"
        "a......b/aa....bb");
    lift("a2");
    place("a3");
    Verdict v = judge();
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(code(v.actions.at(0)), "a2-a3");
}

TEST_F(Ownership, MovingSomeoneElsesPieceIsIllegalAndTheFixSaysWhere) {
    start(
        "8x8 p0,p0,p0,p0 0 dd....cc/d......c/......../......../......../......../"
        "a......b/aa....bb");
    lift("h2");  // Bob's piece, on Ann's turn
    place("h3");
    Verdict v = judge();
    ASSERT_EQ(v.kind, Verdict::Kind::Illegal);
    ASSERT_EQ(v.fixes.size(), 2u);
    EXPECT_EQ(describeFix(v.fixes[0], state->geometry()), "put a white pawn on h2");
    EXPECT_EQ(describeFix(v.fixes[1], state->geometry()), "take the piece off h3");
}

TEST_F(Ownership, APieceHeldInTheHandIsNotTakenForACapture) {
    start(kCrowded);
    lift("b2");  // looks exactly like b2xc3 or b2xc1 made
    Verdict v = judge();
    ASSERT_EQ(v.kind, Verdict::Kind::Pending);
    std::vector<std::string> unconfirmed;
    for (const Action& a : v.unconfirmed) unconfirmed.push_back(code(a));
    std::sort(unconfirmed.begin(), unconfirmed.end());
    EXPECT_EQ(unconfirmed, (std::vector<std::string>{"b2-c1", "b2-c3"}));
    EXPECT_EQ(v.untouched, (std::vector<Cell>{cell("c1"), cell("c3")}));
}

TEST_F(Ownership, TheCapturedPieceLiftedOffMakesTheCapture) {
    start(kCrowded);
    lift("c3");
    EXPECT_EQ(judge().kind, Verdict::Kind::Pending) << "on the way: the captured piece is off";
    lift("b2");
    place("c3");
    Verdict v = judge();
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(code(v.actions.at(0)), "b2-c3");
}

TEST_F(Ownership, OfTwoCapturesTheOneWhosePieceWasLiftedIsMade) {
    start(kCrowded);
    lift("c1");
    lift("b2");
    place("c1");
    Verdict v = judge();
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(code(v.actions.at(0)), "b2-c1");
}

TEST_F(Ownership, APieceLiftedAndPutBackLeavesNothingToConfirm) {
    start(kCrowded);
    lift("c3");
    place("c3");
    EXPECT_EQ(judge().kind, Verdict::Kind::Settled);
}

TEST_F(Ownership, AfterAnAgreedPositionOldTouchesNoLongerCount) {
    start(kCrowded);
    lift("c3");
    place("c3");
    surface->markStill();  // the table saw the position settled
    lift("b2");
    EXPECT_EQ(judge().kind, Verdict::Kind::Pending);
    EXPECT_FALSE(judge().unconfirmed.empty());
}

// Ann (a) on b2 beside Bob (b) on c3; Bob also on h1, Cat (c) on h8.
constexpr const char* kBesideBob =
    "8x8 p0,p0,p0 0 .......c/......../......../......../......../..b...../.a....../.......b";

TEST_F(Ownership, TheNextPlayersAnswerShowsACaptureTheBoardCouldNotSee) {
    start(kBesideBob);
    lift("b2");  // b2xc3, or only Ann's piece in the hand
    ASSERT_EQ(judgeStill().kind, Verdict::Kind::Pending);
    lift("h1");  // Bob could not move had Ann not
    place("h2");
    Verdict v = judgeStill();
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(codes(v.actions), (std::vector<std::string>{"b2-c3", "h1-h2"}));
}

TEST_F(Ownership, AnAnswerAfterOneOfTwoCapturesTheBoardCouldNotSeeSaysNotWhich) {
    start("8x8 p0,p0,p0 0 ......../......../......../......../......../..b...../.a....../..c....b");
    lift("b2");  // b2xc3 or b2xc1
    lift("h1");
    place("h2");
    Verdict v = judgeStill();
    ASSERT_EQ(v.kind, Verdict::Kind::Ambiguous);
    std::vector<std::string> candidates;
    for (const Action& a : v.candidates) candidates.push_back(code(a));
    std::sort(candidates.begin(), candidates.end());
    EXPECT_EQ(candidates, (std::vector<std::string>{"b2-c1", "b2-c3"}));
}

TEST_F(Ownership, AnAnswerThatIsItselfACaptureTheBoardCouldNotSeeWaitsForItsOwnProof) {
    // Cat on g1 beside Bob's h1: Bob's piece lifted may be h1xg1.
    start("8x8 p0,p0,p0 0 ......../......../......../......../......../..b...../.a....../......cb");
    lift("b2");
    lift("h1");
    Verdict v = judgeStill();
    ASSERT_EQ(v.kind, Verdict::Kind::Pending);
    EXPECT_FALSE(v.unconfirmed.empty());
    EXPECT_EQ(v.untouched, (std::vector<Cell>{cell("g1")}));
}

}  // namespace
}  // namespace arbiter
