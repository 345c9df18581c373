// A Möbiatus table in-process, on the eight boards of the default layout (the
// ring's two faces in two columns of four): dots crossing the seam from one
// column to the other, a capture chain confirmed stop by stop as the mover
// makes it, the captured dots to take off the far face, slides through
// singularities, and what `arbiterctl status` draws of what no piece shows.
#include <algorithm>

#include "tests/daemon/game_table_fixture.h"

namespace arbiter {
namespace {

constexpr SetPiece kRed{SetColour::White, Figure::Pawn};

class MobiatusTable : public testing::GameTableTest {
  protected:
    MobiatusTable() : GameTableTest("mobiatus", Geometry::ring(5, 60)) {}
    void open() { create(settings()); }
    void take(const std::string& cell) {
        const Spot a = spotOf(cell);
        table->squareChanged(a.board, a.square, std::nullopt);
        settle();
    }
    // A dot lifted off `from` and set down on `to`; then the boards stay still.
    void jump(const std::string& from, const std::string& to, SetPiece dot = kRed) {
        const Spot a = spotOf(from), b = spotOf(to);
        table->squareChanged(a.board, a.square, std::nullopt);
        table->squareChanged(b.board, b.square, dot);
        settle();
    }
};

// Red's dot on c1 can take Blue's b33 from d3, then Blue's a35 from e5, and
// then jump on from e5; Blue keeps a dot on a50.
constexpr const char* kDoubleCapture =
    "5/5/5/5/5/5/5/5/5/5/B4/5/5/5/5/5/5/5/5/5/5/5/5/5/5/B4/5/1B3/5/5/5/5/5/5/5/5/5/5/5/5/5/5/"
    "5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/2R2 r 0";
// Red's dot on c1 next to a singularity on d3 (and on its far face b33).
constexpr const char* kSingularityAhead =
    "5/5/5/5/5/5/5/5/5/5/B4/5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/1x3/5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/"
    "5/5/5/5/5/5/5/5/5/5/5/5/5/5/3x1/5/2R2 r 0";

TEST_F(MobiatusTable, TheStartStandsOnEightBoardsAndADotCrossesTheSeam) {
    ASSERT_EQ(boards.size(), 8u);
    EXPECT_EQ(spotOf("a1").board, 0);   // board a1, face A
    EXPECT_EQ(spotOf("b59").board, 7);  // board a54, face B
    open();
    table->connectBoards();
    show(*game->start());
    ASSERT_EQ(said.types().back(), AnnouncementType::Start);
    // Down across the seam from rank 1 to rank 59: from one column to the other.
    jump("a1", "b59");
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "1. a1-b59")) << last(AnnouncementType::Move);
    EXPECT_EQ(table->session()->ply(), 1);
}

TEST_F(MobiatusTable, AChainIsConfirmedStopByStopAndTheCapturedDotsComeOffTheFarFace) {
    journalFrom(kDoubleCapture);
    open();
    show(kDoubleCapture);
    jump("c1", "d3");
    EXPECT_TRUE(saidFirst(AnnouncementType::Chain,
                          "Ann: c1 (board G c2)-d3 (board G d4) takes Bob's b33 (board H b4)"))
        << last(AnnouncementType::Chain);
    EXPECT_NE(last(AnnouncementType::Chain).find("take it off, then jump on from d3 (board G d4)"),
              std::string::npos);
    // Taking the captured dot off at once changes nothing: said once.
    take("b33");
    EXPECT_EQ(count(AnnouncementType::Chain), 1);
    EXPECT_EQ(table->session()->ply(), 0);
    jump("d3", "e5");
    EXPECT_TRUE(saidFirst(AnnouncementType::Chain,
                          "Ann: d3 (board G d4)-e5 (board G e6) takes Bob's a35 (board H a6)"))
        << last(AnnouncementType::Chain);
    EXPECT_EQ(count(AnnouncementType::Chain), 2);
    EXPECT_EQ(last(AnnouncementType::Illegal), "");
    // The last jump takes nothing: the chain is made, and one dot is still to come off.
    jump("e5", "c6");
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "1. c1-d3 takes Bob's b33"))
        << last(AnnouncementType::Move);
    EXPECT_EQ(last(AnnouncementType::Consequences),
              "Now take the black pawn (a Blue dot) off a35 (board H a6).");
    EXPECT_EQ(table->session()->current().encode(table->session()->actions().back()),
              "c1-d3-e5-c6");
    take("a35");
    EXPECT_EQ(last(AnnouncementType::Illegal), "");
}

// Red's dot on d53 can start chains through c51 and d49 that go on in many
// ways; from d49 to e47 either straight or by way of c46, and a stop left
// leaves no trace on the boards.
constexpr const char* kManyChains =
    "5/4x/5/3x1/5/2x2/5/3R1/5/5/5/1x3/5/x1x2/x4/5/5/5/5/5/5/5/5/5/5/5/5/5/5/1x3/5/x4/5/1x3/5/"
    "2x2/5/5/5/2B2/5/1B1x1/2B2/BBxBx/BBBBx/5/5/5/5/5/5/5/5/5/5/5/5/5/RRRRR/RRRxR r 8";

TEST_F(MobiatusTable, AChainIsFollowedByTheStopsSeenMadeNotByWhatTheBoardsAloneCouldMean) {
    journalFrom(kManyChains);
    open();
    show(kManyChains);
    jump("d53", "c51");
    take("c21");
    jump("c51", "d49");
    take("b19");
    // d49-e47, or d49-c46-e47 with c46's capture not yet taken off: the boards
    // show both alike, but the dot was seen on d49 a moment ago.
    jump("d49", "e47");
    EXPECT_EQ(count(AnnouncementType::Chain), 3);
    EXPECT_TRUE(saidFirst(AnnouncementType::Chain,
                          "Ann: d49 (board D d4)-e47 (board D e2) takes Bob's a17 (board C a2)"))
        << last(AnnouncementType::Chain);
    EXPECT_EQ(last(AnnouncementType::Illegal), "");
    take("a17");
    jump("e47", "d45");
    // Ended from e47: of the chains that end alike, the one through the stops seen.
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "1. d53-c51 takes Bob's c21"))
        << last(AnnouncementType::Ambiguous);
    EXPECT_EQ(table->session()->current().encode(table->session()->actions().back()),
              "d53-c51-d49-e47-d45");
}

// Red's dot on c2 can take Blue's b34 by way of d4 or Blue's d34 by way of
// b4, both chains ending on c6; Blue keeps a dot on a50.
constexpr const char* kTwoChainsToC6 =
    "5/5/5/5/5/5/5/5/5/5/B4/5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/1B1B1/5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/"
    "5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/2R2/5 r 0";

TEST_F(MobiatusTable, TwoChainsTheBoardsFitAreNumberedAndAStepTellsThemApart) {
    journalFrom(kTwoChainsToC6);
    open();
    show(kTwoChainsToC6);
    // Straight from c2 to c6, no stop seen and neither captured dot taken off.
    jump("c2", "c6");
    EXPECT_EQ(table->session()->ply(), 0);
    const std::string said = last(AnnouncementType::Ambiguous);
    EXPECT_EQ(said,
              "The board fits 2 moves: (1) c2-d4 takes Bob's b34 on the far face, d4-c6 (board G "
              "c3-d5-c7); new singularities b34 c2 c32 d4; circle on c36; or (2) c2-b4 takes "
              "Bob's d34 on the far face, b4-c6 (board G c3-b5-c7); new singularities b4 c2 c32 "
              "d34; circle on c36. To tell them apart on the boards, for (1) take the black pawn "
              "(a Blue dot) off b34 (board H b5); for (2) take the black pawn (a Blue dot) off "
              "d34 (board H d5). Or say which: arbiterctl do c2-d4-c6 for (1), or arbiterctl do "
              "c2-b4-c6 for (2).");
    // The step named for the first is that chain.
    take("b34");
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "1. c2-d4 takes Bob's b34"))
        << last(AnnouncementType::Move);
}

TEST_F(MobiatusTable, ADotSlidesOffASingularityOntoTheCellItIsPutOn) {
    journalFrom(kSingularityAhead);
    open();
    show(kSingularityAhead);
    // Jumped onto the singularity d3, it comes to rest beside it on d4.
    jump("c1", "d4");
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "1. c1-d3 slides to d4"))
        << last(AnnouncementType::Move);
    // What no piece shows, drawn for `arbiterctl status`.
    std::string picture = report();
    EXPECT_NE(picture.find("Bob to move"), std::string::npos) << picture;
    EXPECT_NE(picture.find('x'), std::string::npos) << picture;
}

// The scene marks what no piece shows, so that a picture can draw it.
TEST_F(MobiatusTable, TheSceneMarksTheSingularitiesAndCirclesThatNoPieceShows) {
    journalFrom(kSingularityAhead);
    open();
    show(kSingularityAhead);
    std::vector<std::string> marked;
    const nlohmann::json status = table->status();
    for (const nlohmann::json& cell : status["scene"]["cells"]) {
        if (cell.value("marked", false)) marked.push_back(cell["cell"]);
    }
    // The singularity d3 and its far face b33; the circles opposite the dots
    // on c1 (c31) and a50 (e20).
    std::sort(marked.begin(), marked.end());
    EXPECT_EQ(marked, (std::vector<std::string>{"b33", "c31", "d3", "e20"}));
}

TEST_F(MobiatusTable, WithMarkersTheMoverLeavesARookAndTheFarFaceIsToldWhatToChange) {
    TableSettings s = settings();
    s.gameOptions.values["markers"] = "on";
    create(s);
    show(*game->start());
    ASSERT_EQ(said.types().back(), AnnouncementType::Start);
    // The dot goes c2-d4 and a rook stands where it stood.
    const SetPiece rook{SetColour::White, Figure::Rook};
    const Spot c2 = spotOf("c2");
    jump("c2", "d4");
    EXPECT_EQ(table->session()->ply(), 0) << "the rook on c2 is the mover's to put";
    table->squareChanged(c2.board, c2.square, rook);
    settle();
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "1. c2-d4")) << last(AnnouncementType::Move);
    // Its old circle becomes a singularity, and its circle appears behind d4.
    EXPECT_EQ(last(AnnouncementType::Consequences),
              "Now replace the white knight (a Red circle) on c32 (board H c3) by a white rook (a "
              "singularity); put a white knight (a Red circle) on b34 (board H b5).");
}

}  // namespace
}  // namespace arbiter
