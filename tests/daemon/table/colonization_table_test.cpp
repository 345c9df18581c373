// A Colonization table in-process, on the default board for two players (one
// 8x8 board): the opening placements, colonies produced beside a home planet,
// eight colonies exchanged for a station with the board told which to take
// off, a production and a Weapon said through arbiterctl, the Weapon refused
// after the time limit, and a knocked-out player rejoining.
#include "tests/daemon/game_table_fixture.h"

namespace arbiter {
namespace {

constexpr SetPiece kWhiteBishop{SetColour::White, Figure::Bishop};
constexpr SetPiece kBlackBishop{SetColour::Black, Figure::Bishop};
constexpr SetPiece kWhitePawn{SetColour::White, Figure::Pawn};
constexpr SetPiece kWhiteRook{SetColour::White, Figure::Rook};

class ColonizationTable : public testing::GameTableTest {
  protected:
    ColonizationTable() : GameTableTest("colonization", Geometry::rectangle(8, 8)) {}
    void open() {
        TableSettings s = settings();
        s.gameOptions.players = 2;
        create(s);
        table->connectBoards();
        show(*game->start());  // an empty board: the game begins at once
    }
    // A piece set down on an empty cell, or put in place of the one there.
    void put(const std::string& cell, SetPiece look) {
        const Spot at = spotOf(cell);
        table->squareChanged(at.board, at.square, std::nullopt);
        table->squareChanged(at.board, at.square, look);
        settle();
    }
    void take(const std::string& cell) {
        const Spot at = spotOf(cell);
        table->squareChanged(at.board, at.square, std::nullopt);
        settle();
    }
    void say(const std::string& action) {
        ControlReply r = table->act(action, -1, "");
        ASSERT_TRUE(r.ok) << action << ": " << r.error;
        settle();
    }
    // Ann's home planet on d4 and Bob's on h8, then Ann's colonies on
    // `colonies`, Bob abstaining in between.
    void openWithColonies(const std::vector<std::string>& colonies) {
        open();
        put("d4", kWhiteBishop);
        put("h8", kBlackBishop);
        for (const std::string& cell : colonies) {
            put(cell, kWhitePawn);
            say("pass");
        }
    }
};

const std::vector<std::string> kAround = {"c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"};

TEST_F(ColonizationTable, TheOpeningPlacesAHomePlanetEachAndColoniesGrowBesideThem) {
    open();
    ASSERT_EQ(boards.size(), 1u);
    ASSERT_EQ(said.types().back(), AnnouncementType::Start);
    put("d4", kWhiteBishop);
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "1. home planet on d4"))
        << last(AnnouncementType::Move);
    put("h8", kBlackBishop);
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "1... home planet on h8"))
        << last(AnnouncementType::Move);
    put("e5", kWhitePawn);
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "2. colony on e5"))
        << last(AnnouncementType::Move);
    // A colony out of reach of any home planet is no production.
    put("a1", SetPiece{SetColour::Black, Figure::Pawn});
    EXPECT_EQ(said.types().back(), AnnouncementType::Illegal);
    take("a1");
    say("pass");
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "2... abstains")) << last(AnnouncementType::Move);
    EXPECT_EQ(table->session()->ply(), 4);
}

TEST_F(ColonizationTable, EightColoniesBecomeAStationAndTheBoardIsToldWhichToTakeOff) {
    openWithColonies(kAround);
    ASSERT_EQ(table->session()->ply(), 18);
    // Every cell beside d4 holds a colony: the station goes where one stood.
    put("e4", kWhiteRook);
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "10. agricultural station on e4"))
        << last(AnnouncementType::Move);
    EXPECT_EQ(last(AnnouncementType::Consequences),
              "Now take the white pawn (a colony) off c3; take the white pawn (a colony) off d3; "
              "take the white pawn (a colony) off e3; take the white pawn (a colony) off c4; take "
              "the white pawn (a colony) off c5; take the white pawn (a colony) off d5; take the "
              "white pawn (a colony) off e5.");
    for (const char* cell : {"c3", "d3", "e3", "c4", "c5", "d5", "e5"}) take(cell);
    EXPECT_EQ(last(AnnouncementType::Illegal), "");
    say("pass");
    EXPECT_EQ(table->session()->ply(), 20);
}

TEST_F(ColonizationTable, AProductionSaidIsFollowedByWhatToTakeOffAndWhatToPutDown) {
    openWithColonies(kAround);
    say("R@e4");
    EXPECT_EQ(last(AnnouncementType::Consequences),
              "Now take the white pawn (a colony) off c3; take the white pawn (a colony) off d3; "
              "take the white pawn (a colony) off e3; take the white pawn (a colony) off c4; "
              "replace the white pawn (a colony) on e4 by a white rook (an agricultural station); "
              "take the white pawn (a colony) off c5; take the white pawn (a colony) off d5; take "
              "the white pawn (a colony) off e5.");
    EXPECT_EQ(last(AnnouncementType::Illegal), "");
    for (const char* cell : {"c3", "d3", "e3", "c4", "c5", "d5", "e5"}) take(cell);
    put("e4", kWhiteRook);
    EXPECT_EQ(said.types().back(), AnnouncementType::Fixed);
}

// Ann's home planet d4 with a Weapon beside it; Bob's planet h8 with two
// colonies; Ann to move.
TEST_F(ColonizationTable, AStepCutOffWhereItArrivesMadeOnTheBoardIsToldToBeSaid) {
    openWithColonies({"e5"});
    const Spot from = spotOf("e5");
    table->squareChanged(from.board, from.square, std::nullopt);
    put("f6", kWhitePawn);
    EXPECT_EQ(count(AnnouncementType::Illegal), 0) << last(AnnouncementType::Illegal);
    ASSERT_EQ(said.types().back(), AnnouncementType::ToDo);
    EXPECT_EQ(last(AnnouncementType::ToDo),
              "That move is said, not read from the boards (e5-f6; cut off: Ann's colony on f6): "
              "say arbiterctl do e5-f6, and the boards are then told what to change. Or put it "
              "back: put a white pawn (a colony) on e5; take the white pawn (a colony) off f6.");
    EXPECT_EQ(said.said.back().data["say"], "arbiterctl do e5-f6");
    say("e5-f6");
    EXPECT_EQ(last(AnnouncementType::Consequences), "Now take the white pawn (a colony) off f6.");
    take("f6");
    EXPECT_TRUE(saidFirst(AnnouncementType::Fixed, "The position is correct again."));
}

// Ann's home planet on d4 and a chain of colonies e5, f6, g7 joined to it
// only through e5; Bob's planet on h8.
constexpr const char* kChain = "8x8 p,p a 10 7Bb/6Pa1/5Pa2/4Pa3/3Ba4/8/8/8";

TEST_F(ColonizationTable, PiecesCutOffByAStepOnTheBoardAreCorrectAgainOnceTakenOff) {
    journalFrom(kChain);
    TableSettings s = settings();
    s.gameOptions.players = 2;
    create(s);
    show(kChain);
    const Spot from = spotOf("e5");
    table->squareChanged(from.board, from.square, std::nullopt);
    put("e4", kWhitePawn);
    EXPECT_TRUE(saidFirst(AnnouncementType::Move,
                          "1. e5-e4; cut off: Ann's colony on f6, Ann's colony on g7"))
        << last(AnnouncementType::Move);
    EXPECT_EQ(last(AnnouncementType::Consequences),
              "Now take the white pawn (a colony) off f6; take the white pawn (a colony) off g7.");
    take("f6");
    take("g7");
    EXPECT_TRUE(saidFirst(AnnouncementType::Fixed, "The position is correct again. Bob to move."))
        << last(AnnouncementType::Fixed);
}

constexpr const char* kWeaponReady = "8x8 p,p a 10 6PbBb/6Pb1/8/8/3BaKa3/8/8/8";

TEST_F(ColonizationTable, AWeaponSaidClearsTheOthersAndTheBoardIsToldWhatToTakeOff) {
    journalFrom(kWeaponReady);
    TableSettings s = settings();
    s.gameOptions.players = 2;
    create(s);
    show(kWeaponReady);
    say("weapon e4");
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "1. activates the Weapon on e4"))
        << last(AnnouncementType::Move);
    // Bob keeps his home planet; his colonies go, and the Weapon with them.
    EXPECT_EQ(last(AnnouncementType::Consequences),
              "Now take the white king (a Weapon) off e4; take the black pawn (a colony) off g7; "
              "take the black pawn (a colony) off g8.");
    for (const char* cell : {"e4", "g7", "g8"}) take(cell);
    EXPECT_EQ(said.types().back(), AnnouncementType::Fixed);
    EXPECT_EQ(last(AnnouncementType::Illegal), "");
}

// Ann's home planet d4 and two colonies; Bob's planet h8 with a Weapon.
constexpr const char* kBobsWeapon = "8x8 p,p a 10 6KbBb/8/8/8/2PaBa4/2Pa5/8/8";

TEST_F(ColonizationTable, AfterTheTimeLimitTheWeaponIsRefusedAndMostPiecesWin) {
    journalFrom(kBobsWeapon, 60'000);  // one minute of play for the whole game
    TableSettings s = settings();
    s.gameOptions.players = 2;
    create(s);
    show(kBobsWeapon);
    say("pass");  // Ann abstains: the clocks run, the round is under way
    time.advance(61'000);
    loop.runOnce(0);
    EXPECT_TRUE(saidFirst(AnnouncementType::TimeLimit, "The time limit of"))
        << last(AnnouncementType::TimeLimit);
    ControlReply r = table->act("weapon g8", -1, "");
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.error, "\"weapon g8\": the Weapon cannot be used after the time limit");
    // Bob finishes the round; Ann has three pieces on the board to his two.
    say("pass");
    ASSERT_TRUE(table->session()->over());
    EXPECT_TRUE(saidFirst(AnnouncementType::Result, "Game over:"))
        << last(AnnouncementType::Result);
    EXPECT_NE(last(AnnouncementType::Result).find("Ann wins"), std::string::npos)
        << last(AnnouncementType::Result);
}

// Three players: two boards side by side (16x8 cells).
class ColonizationTableOfThree : public testing::GameTableTest {
  protected:
    ColonizationTableOfThree() : GameTableTest("colonization", Geometry::rectangle(16, 8)) {}
};

TEST_F(ColonizationTableOfThree, AKnockedOutPlayerRejoinsAtTheEndOfTheRotation) {
    TableSettings s = settings();
    s.gameOptions.players = 3;
    s.session.players = {"Ann", "Bob", "Cy"};
    create(s);
    ASSERT_EQ(boards.size(), 2u);
    table->connectBoards();
    show(*game->start());
    auto put = [&](const std::string& cell, SetPiece look) {
        const Spot at = spotOf(cell);
        table->squareChanged(at.board, at.square, std::nullopt);
        table->squareChanged(at.board, at.square, look);
        settle();
    };
    put("d4", kWhiteBishop);
    put("e5", kBlackBishop);
    put("m4", kWhiteBishop);  // Cy, white too: whose it is follows from the turn
    // Ann's home planet takes Bob's: Bob's society is gone, Cy's goes on.
    const Spot d4 = spotOf("d4"), e5 = spotOf("e5");
    table->squareChanged(e5.board, e5.square, std::nullopt);
    table->squareChanged(d4.board, d4.square, std::nullopt);
    put("e5", kWhiteBishop);
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "Ann: home planet d4xe5"))
        << last(AnnouncementType::Move);
    EXPECT_FALSE(inGame(table->session()->current(), 1));
    ControlReply r = table->act("join", -1, "Bob");
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_TRUE(saidFirst(AnnouncementType::Join, "Bob rejoins the game in seat 4"))
        << last(AnnouncementType::Join);
    EXPECT_TRUE(inGame(table->session()->current(), 3));
    // Cy moves; then Bob, back at the end of the rotation, places a home planet.
    ControlReply pass = table->act("pass", -1, "");
    ASSERT_TRUE(pass.ok) << pass.error;
    put("h1", kBlackBishop);  // seat 4 plays black
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "Bob: home planet on h1"))
        << last(AnnouncementType::Move);
}

}  // namespace
}  // namespace arbiter
