// A Cornerport table in-process, on its one 8x8 board: a freighter arriving
// in port and the ship its owner then puts on the port it left, committed at
// once; a placement declined by the opponent simply moving on, or said with
// arbiterctl; and a battle ship sinking a patrol boat on its second square.
#include <algorithm>

#include "tests/daemon/game_table_fixture.h"

namespace arbiter {
namespace {

constexpr SetPiece kWhiteBishop{SetColour::White, Figure::Bishop};
constexpr SetPiece kWhiteRook{SetColour::White, Figure::Rook};
constexpr SetPiece kBlackBishop{SetColour::Black, Figure::Bishop};

// White's freighter on b7 came from h1: one step to a8 is an arrival in port.
constexpr const char* kBeforeArrival = "7b/1B6/8/8/8/8/8/8 w - b7:h1,h8:h8";
// White's battle ship on e1, Black's patrol boat on e3.
constexpr const char* kBattle = "7b/8/8/8/8/4p3/8/4R2B w - h1:h1,h8:h8";

class CornerportTable : public testing::GameTableTest {
  protected:
    CornerportTable() : GameTableTest("cornerport", Geometry::rectangle(8, 8)) {}
    void openAt(const std::string& position) {
        journalFrom(position);
        create(settings());
        show(position);
    }
    void put(const std::string& cell, SetPiece look) {
        const Spot at = spotOf(cell);
        table->squareChanged(at.board, at.square, look);
        settle();
    }
    void take(const std::string& cell) {
        const Spot at = spotOf(cell);
        table->squareChanged(at.board, at.square, std::nullopt);
        settle();
    }
    // A ship lifted off `from` and set down on `to`; what stood there is
    // lifted off first.
    void move(const std::string& from, const std::string& to, SetPiece look) {
        take(to);
        take(from);
        put(to, look);
    }
    void say(const std::string& action) {
        ControlReply r = table->act(action, -1, "");
        ASSERT_TRUE(r.ok) << action << ": " << r.error;
        settle();
    }
    std::string state() const { return table->session()->current().serialize(); }
};

TEST_F(CornerportTable, AShipPutOnThePortLeftIsThePlacementAndEndsTheTurn) {
    openAt(kBeforeArrival);
    move("b7", "a8", kWhiteBishop);
    EXPECT_TRUE(saidFirst(AnnouncementType::Move,
                          "1. freighter b7-a8 arrives in port; may place a patrol boat, a battle "
                          "ship or a freighter from off the board on h1, or nothing (end)"))
        << last(AnnouncementType::Move);
    EXPECT_TRUE(table->session()->current().midTurn());
    EXPECT_NE(report().find("Ann may put a ship on h1 (P@h1, R@h1, B@h1) or place nothing"),
              std::string::npos)
        << report();
    put("h1", kWhiteRook);
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "1. places a battle ship on h1"))
        << last(AnnouncementType::Move);
    EXPECT_EQ(last(AnnouncementType::Illegal), "");
    EXPECT_EQ(state(), "B6b/8/8/8/8/8/8/7R b - a8:a8,h8:h8");
}

TEST_F(CornerportTable, TheOpponentMovingOnDeclinesThePlacement) {
    openAt(kBeforeArrival);
    move("b7", "a8", kWhiteBishop);
    ASSERT_TRUE(table->session()->current().midTurn());
    move("h8", "g8", kBlackBishop);
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "1... freighter h8-g8"))
        << last(AnnouncementType::Move);
    EXPECT_EQ(last(AnnouncementType::Illegal), "");
    EXPECT_EQ(state(), "B5b1/8/8/8/8/8/8/8 w - a8:a8,g8:h8");
}

TEST_F(CornerportTable, APlacementDeclinedWithArbiterctl) {
    openAt(kBeforeArrival);
    move("b7", "a8", kWhiteBishop);
    say("end");
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "1. places nothing on h1"))
        << last(AnnouncementType::Move);
    EXPECT_EQ(state(), "B6b/8/8/8/8/8/8/8 b - a8:a8,h8:h8");
}

TEST_F(CornerportTable, ABattleShipSinksOnItsSecondSquare) {
    openAt(kBattle);
    move("e1", "e3", kWhiteRook);
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "1. battle ship e1xe3 sinks Bob's patrol boat"))
        << last(AnnouncementType::Move);
    EXPECT_EQ(last(AnnouncementType::Illegal), "");
    EXPECT_EQ(state(), "7b/8/8/8/8/4R3/8/7B b - h1:h1,h8:h8");
}

// White's battle ship just put on h1; Black's freighter on g2 steps onto it,
// which a freighter never may.
class CornerportFix : public CornerportTable {
  protected:
    void SetUp() override {
        openAt("8/1B6/8/8/8/8/6b1/8 w - b7:h1,g2:h8");
        move("b7", "a8", kWhiteBishop);
        put("h1", kWhiteRook);
        ASSERT_TRUE(saidFirst(AnnouncementType::Move, "1. places a battle ship on h1"));
        knockOff("h1", kBlackBishop);
        take("g2");
        settle();
        ASSERT_EQ(said.types().back(), AnnouncementType::Illegal);
        ply = table->session()->ply();
        told = said.said.size();
    }
    // A ship set down on a cell that knocks off what stood there, as
    // arbiter-vboard's "g2xh1" does: the square reads one piece, then the other.
    void knockOff(const std::string& cell, SetPiece look) {
        const Spot at = spotOf(cell);
        table->squareChanged(at.board, at.square, look);
    }
    int ply = 0;
    size_t told = 0;
};

// Put right in the natural order, the freighter back first, the boards pass
// through the position before the battle ship was put down: that is no
// takeback, and the placement is not announced again.
TEST_F(CornerportFix, APositionPassedThroughWhileFixingIsNoTakeback) {
    take("h1");
    put("g2", kBlackBishop);  // the position before "places a battle ship on h1"
    put("h1", kWhiteRook);
    EXPECT_EQ(table->session()->ply(), ply);
    const auto types = said.types(told);
    EXPECT_EQ(std::count(types.begin(), types.end(), AnnouncementType::Takeback), 0);
    EXPECT_EQ(std::count(types.begin(), types.end(), AnnouncementType::Move), 0);
    EXPECT_EQ(said.types().back(), AnnouncementType::Fixed);
}

// Left standing there a while, it is what the players want: the battle ship's
// placement is taken back.
TEST_F(CornerportFix, APositionThatStaysWhileFixingIsATakeback) {
    take("h1");
    put("g2", kBlackBishop);
    EXPECT_EQ(table->session()->ply(), ply);
    time.advance(TableSettings{}.takebackWhileFixingMs);
    loop.runOnce(0);
    EXPECT_EQ(table->session()->ply(), ply - 1);
    EXPECT_EQ(said.types().back(), AnnouncementType::Takeback);
}

TEST_F(CornerportTable, APatrolBoatIntoEmptyDeepWaterIsIllegal) {
    openAt("7b/8/8/8/8/8/2P5/7B w - h1:h1,h8:h8");
    move("c2", "c3", SetPiece{SetColour::White, Figure::Pawn});
    EXPECT_EQ(said.types().back(), AnnouncementType::Illegal);
    ControlReply r = table->act("c2-c3", -1, "");
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.error.find("a patrol boat may enter deep water only to sink a ship"),
              std::string::npos)
        << r.error;
}

TEST_F(CornerportTable, ABattleShipJumpingOnTheBoardIsToldWhatIsInTheWay) {
    openAt("7b/8/8/8/8/8/4p3/4R2B w - h1:h1,h8:h8");
    move("e1", "e3", kWhiteRook);
    ASSERT_EQ(said.types().back(), AnnouncementType::Illegal);
    EXPECT_EQ(last(AnnouncementType::Illegal),
              "Illegal position: e1-e3 (a battle ship does not jump: e2 is in the way). To fix: "
              "put a white rook (a battle ship) on e1; take the white rook (a battle ship) off "
              "e3.");
}

}  // namespace
}  // namespace arbiter
