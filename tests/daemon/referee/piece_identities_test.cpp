// A board that reads each piece's tag (a Certabo) tells apart pieces that look
// alike: Skirmish's pieces are all white pawns, each player's own only by
// history, and the tags catch what the look cannot, a capture that leaves the
// captured piece standing or two players' pieces exchanged. A board without
// tags falls back to history, as before.
#include <gtest/gtest.h>

#include <algorithm>

#include "daemon/referee/referee.h"
#include "engine/skirmish/skirmish.h"

namespace arbiter {
namespace {

// Ann (a) on b2 beside Bob (b) on c3 and Cat (c) on c1; Dan (d) on g8 and h8.
constexpr const char* kCrowded =
    "8x8 p0,p0,p0,p0 0 ......dd/......../......../......../......../..b...../.a....../..c.....";
constexpr SetPiece kPawn{SetColour::White, Figure::Pawn};

class PieceIdentitiesTest : public ::testing::Test {
  protected:
    // The position on an occupancy board that reads tags (an uncalibrated
    // Certabo), each piece with a tag of its own, and the referee prepared for
    // it; with `tags` false a board that reads none.
    void start(const std::string& text, bool tags = true) {
        std::string error;
        state = skirmish::SkirmishState::load(text, error);
        ASSERT_TRUE(state) << error;
        surface = std::make_unique<Surface>(
            state->geometry(),
            std::vector<BoardPlacement>{{"certabo:test", 0, 0, 0, Sensing::Occupancy}});
        readsTags = tags;
        BoardSquares squares{};
        for (Cell c = 0; c < 64; ++c) {
            if (!state->pieceAt(c)) continue;
            squares[square(c)] = kPawn;
            squareTags[square(c)] = 100 + static_cast<PieceTag>(c);
        }
        surface->boardDump(0, squares, 0);
        if (readsTags) surface->boardTags(0, squareTags, 0);
        surface->markStill();
        referee.prepare(*state, nullptr, nullptr, *surface);
        ASSERT_EQ(referee.judge(*surface).kind, Verdict::Kind::Settled);
    }
    size_t square(Cell c) const { return static_cast<size_t>((7 - c / 8) * 8 + c % 8); }
    Cell cell(const char* name) const { return *state->geometry().parse(name); }
    // A hand lifts the piece off `name`, and holds it above the others lifted.
    void lift(const char* name) {
        const size_t s = square(cell(name));
        hand.push_back(squareTags[s]);
        squareTags[s] = 0;
        surface->squareChanged(0, static_cast<int>(s), std::nullopt, 0);
        if (readsTags) surface->boardTags(0, squareTags, 0);
    }
    // The piece the hand lifted last leaves the table.
    void putAside() { hand.pop_back(); }
    // The hand sets down the piece it lifted last.
    void place(const char* name) {
        const size_t s = square(cell(name));
        squareTags[s] = hand.back();
        hand.pop_back();
        surface->squareChanged(0, static_cast<int>(s), kPawn, 0);
        if (readsTags) surface->boardTags(0, squareTags, 0);
    }
    std::vector<std::string> told(const Verdict& v) const {
        std::vector<std::string> out;
        for (const CellFix& fix : v.fixes) out.push_back(describeFix(fix, state->geometry()));
        return out;
    }

    std::unique_ptr<GameState> state;
    std::unique_ptr<Surface> surface;
    Referee referee;
    SquareTags squareTags{};
    std::vector<PieceTag> hand;
    bool readsTags = true;
};

TEST_F(PieceIdentitiesTest, ACaptureMadeWithTheCapturingPieceIsCommitted) {
    start(kCrowded);
    lift("c3");
    putAside();
    lift("b2");
    place("c3");
    Verdict v = referee.judge(*surface);
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(state->encode(v.actions.at(0)), "b2-c3");
}

TEST_F(PieceIdentitiesTest, ACaptureThatLeavesTheCapturedPieceStandingIsIllegal) {
    start(kCrowded);
    lift("b2");
    lift("c3");
    place("c3");  // Bob's piece goes back: Ann's is still in the hand
    Verdict v = referee.judge(*surface);
    ASSERT_EQ(v.kind, Verdict::Kind::Illegal);
    EXPECT_EQ(told(v), (std::vector<std::string>{
                           "the white pawn on c3 is another piece than the one that belongs "
                           "there: put the one from b2 there"}));
    // Made right, it is the capture.
    lift("c3");
    putAside();
    place("c3");
    v = referee.judge(*surface);
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(state->encode(v.actions.at(0)), "b2-c3");
}

TEST_F(PieceIdentitiesTest, WithoutTagsTheSameHandsAreTakenForTheCapture) {
    start(kCrowded, false);
    lift("b2");
    lift("c3");
    place("c3");
    Verdict v = referee.judge(*surface);
    ASSERT_EQ(v.kind, Verdict::Kind::Commit) << "history alone cannot tell";
    EXPECT_EQ(state->encode(v.actions.at(0)), "b2-c3");
}

TEST_F(PieceIdentitiesTest, TwoPlayersPiecesExchangedAreToldApartAndWhereEachBelongs) {
    start(kCrowded);
    lift("b2");
    lift("c3");
    place("b2");  // Bob's piece on Ann's square
    place("c3");  // and Ann's on Bob's
    Verdict v = referee.judge(*surface);
    ASSERT_EQ(v.kind, Verdict::Kind::Illegal);
    EXPECT_EQ(told(v),
              (std::vector<std::string>{"the white pawn on b2 is another piece than the one that "
                                        "belongs there: exchange it for the one on c3",
                                        "the white pawn on c3 is another piece than the one that "
                                        "belongs there: exchange it for the one on b2"}));
    EXPECT_EQ(referee.fixes(*surface).size(), 2u) << "the fixes asked for again say the same";
    // Put back, the position is the game's again.
    lift("c3");
    lift("b2");
    place("c3");
    place("b2");
    EXPECT_EQ(referee.judge(*surface).kind, Verdict::Kind::Settled);
}

TEST_F(PieceIdentitiesTest, OnePlayersPiecesMayStandEitherWay) {
    start(kCrowded);
    lift("g8");
    lift("h8");
    place("g8");
    place("h8");  // Dan's two pieces exchanged: still Dan's on both
    EXPECT_EQ(referee.judge(*surface).kind, Verdict::Kind::Settled);
}

TEST_F(PieceIdentitiesTest, TheTagsFollowTheGameFromMoveToMove) {
    start(kCrowded);
    lift("b2");
    place("b3");  // Ann's step
    Verdict v = referee.judge(*surface);
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    auto before = state->clone();
    state->apply(v.actions.at(0));
    referee.prepare(*state, before.get(), &v.actions.at(0), *surface);
    surface->markStill();
    ASSERT_EQ(referee.judge(*surface).kind, Verdict::Kind::Settled);
    // Bob's piece and Ann's, on their new squares, exchanged.
    lift("b3");
    lift("c3");
    place("b3");
    place("c3");
    v = referee.judge(*surface);
    ASSERT_EQ(v.kind, Verdict::Kind::Illegal);
    EXPECT_EQ(v.fixes.size(), 2u);
}

TEST_F(PieceIdentitiesTest, ANewGameForgetsThePiecesOfTheLast) {
    start(kCrowded);
    lift("b2");
    lift("c3");
    place("b2");
    place("c3");
    ASSERT_EQ(referee.judge(*surface).kind, Verdict::Kind::Illegal);
    // The same position as a new game: as it stands, it is the start.
    referee.prepare(*state, nullptr, nullptr, *surface);
    EXPECT_EQ(referee.judge(*surface).kind, Verdict::Kind::Settled);
}

}  // namespace
}  // namespace arbiter
