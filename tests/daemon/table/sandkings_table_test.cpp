// A Sandkings table in-process, on its one 8x8 board: steps committed one by
// one as the board shows them, however fast; a turn ended by its last step, by
// the next player's step or said with `end`; a sting that cuts pieces off,
// two stings in one turn, and a creature suffocated, each announced with what
// to take off.
#include "tests/daemon/game_table_fixture.h"

namespace arbiter {
namespace {

constexpr SetPiece kWhiteBishop{SetColour::White, Figure::Bishop};
constexpr SetPiece kWhitePawn{SetColour::White, Figure::Pawn};
constexpr SetPiece kBlackPawn{SetColour::Black, Figure::Pawn};

// White's stinger e4, body d3, vertebrae e3 and f4; Black's body g7 with its
// stinger h8 and vertebrae h7, g6, and a tail f5-e5 that hangs on f5.
constexpr const char* kTail = "2 ab a 0/4 7Sb/6BbVb/6Vb1/4VbVb2/4SaVa2/3BaVa3/8/8";

class SandkingsTable : public testing::GameTableTest {
  protected:
    SandkingsTable() : GameTableTest("sandkings", Geometry::rectangle(8, 8)) {}
    void open(int players = 2) {
        TableSettings s = settings();
        s.gameOptions.players = players;
        if (players > 2) s.session.players = std::vector<std::string>{"Ann", "Bob", "Cy"};
        create(s);
        table->connectBoards();
    }
    // A game taken up at `position`, its board showing it.
    void openAt(const std::string& position, int players = 2) {
        journalFrom(position);
        if (players > 2) {
            // The header names the players of the table that wrote it.
            std::filesystem::create_directories(journalDir);
            nlohmann::json header = {{"type", "game"}, {"version", 1},
                                     {"game", name},   {"start", position},
                                     {"time", "5+0"},  {"players", {"Ann", "Bob", "Cy"}}};
            std::ofstream(journalDir + "/loaded.jsonl") << header.dump() << "\n";
        }
        open(players);
        show(position);
    }
    // A step as the board reports it, with no time to settle: lifted, then
    // set down (on a victim: the victim lifted first, as hands do).
    void step(const std::string& from, const std::string& to, SetPiece look) {
        const Spot a = spotOf(from), b = spotOf(to);
        table->squareChanged(a.board, a.square, std::nullopt);
        table->squareChanged(b.board, b.square, std::nullopt);
        table->squareChanged(b.board, b.square, look);
    }
    void take(const std::string& cell) {
        const Spot at = spotOf(cell);
        table->squareChanged(at.board, at.square, std::nullopt);
    }
    int ply() const { return table->session()->ply(); }
    PlayerId toMove() const { return table->session()->current().toMove(); }
};

TEST_F(SandkingsTable, EveryStepIsCommittedAsItIsMadeAndTheLastEndsTheTurn) {
    open();
    show(*game->start());
    ASSERT_TRUE(table->session());
    // Six steps in quick succession, never still for the settle time.
    step("b1", "c1", kWhitePawn);
    step("b2", "c3", SetPiece{SetColour::White, Figure::Rook});
    step("a1", "b2", kWhiteBishop);
    step("c3", "d3", SetPiece{SetColour::White, Figure::Rook});
    step("b2", "c3", kWhiteBishop);
    EXPECT_EQ(ply(), 5);
    EXPECT_EQ(toMove(), 0);  // one step left
    step("c3", "d4", kWhiteBishop);
    EXPECT_EQ(ply(), 6);
    EXPECT_EQ(toMove(), 1);
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "1. stinger c3-d4"));
    settle();
    EXPECT_EQ(count(AnnouncementType::Illegal), 0);
}

TEST_F(SandkingsTable, TheNextPlayersStepEndsTheTurn) {
    open();
    show(*game->start());
    step("b1", "c1", kWhitePawn);
    step("g8", "f8", kBlackPawn);
    EXPECT_EQ(ply(), 3);  // b1-c1, end, g8-f8
    EXPECT_EQ(toMove(), 1);
    settle();
    EXPECT_EQ(count(AnnouncementType::Illegal), 0);
}

TEST_F(SandkingsTable, EndIsSaidThroughTheControlSocket) {
    open();
    show(*game->start());
    step("b1", "c1", kWhitePawn);
    ControlReply r = table->act("end", -1, "");
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(toMove(), 1);
    settle();
    EXPECT_EQ(count(AnnouncementType::Illegal), 0);
}

TEST_F(SandkingsTable, AStingThatCutsOffATailSaysWhatToTakeOff) {
    openAt(kTail);
    step("e4", "f5", kWhiteBishop);
    ASSERT_EQ(ply(), 1);
    // Ann takes the stung vertebra with her hands; the cut-off one is asked for.
    EXPECT_TRUE(saidFirst(AnnouncementType::Move,
                          "1. stinger e4xf5 stings Bob's vertebra; cut off: Bob's vertebra on e5 "
                          "(e4xf5), takes the black pawn (a vertebra) on f5. "));
    EXPECT_TRUE(
        saidFirst(AnnouncementType::Consequences, "Now take the black pawn (a vertebra) off e5"))
        << last(AnnouncementType::Consequences);
    take("e5");
    settle();
    EXPECT_EQ(count(AnnouncementType::Illegal), 0);
    EXPECT_EQ(toMove(), 0);  // three steps left
}

TEST_F(SandkingsTable, TwoStingsInOneTurn) {
    openAt(kTail);
    step("e4", "e5", kWhiteBishop);
    step("e5", "f5", kWhiteBishop);
    EXPECT_EQ(ply(), 2);
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "1. stinger e5xf5 stings Bob's vertebra"))
        << last(AnnouncementType::Move);
    const GameState& now = table->session()->current();
    EXPECT_EQ(now.resources(1).score, 4);  // Black's parts left
    settle();
    EXPECT_EQ(count(AnnouncementType::Illegal), 0);
}

TEST_F(SandkingsTable, ASuffocatedCreatureIsNamedWithWhatToTakeOff) {
    // Ann (white, a1's creature) closes f8-f7-f6-g6-h6 round Cy's body on h8;
    // Cy's creature is white too, so the board tells the two apart by history.
    openAt("3 abc a 0/6 Sb5VcBc/1Bb2VaVa2/4SaBaVaVa/8/8/8/8/8", 3);
    step("e7", "f8", kWhitePawn);
    ASSERT_EQ(ply(), 1);
    EXPECT_NE(last(AnnouncementType::Move).find("suffocated"), std::string::npos)
        << last(AnnouncementType::Move);
    const std::string what = last(AnnouncementType::Consequences);
    EXPECT_NE(what.find("g8"), std::string::npos) << what;
    EXPECT_NE(what.find("h8"), std::string::npos) << what;
    take("g8");
    take("h8");
    settle();
    EXPECT_EQ(count(AnnouncementType::Illegal), 0);
    EXPECT_FALSE(inGame(table->session()->current(), 2));
    EXPECT_FALSE(table->session()->over());  // Ann and Bob play on
}

TEST_F(SandkingsTable, AStepThatCutsOffOnesOwnPieceIsIllegalAndSaysWhy) {
    openAt(kTail);
    step("f4", "g3", kWhitePawn);
    settle();
    EXPECT_EQ(ply(), 0);
    EXPECT_EQ(last(AnnouncementType::Illegal),
              "Illegal position: f4-g3 (that step leaves your vertebra on g3 cut off from your "
              "body). To fix: take the white pawn (a vertebra) off g3; put a white pawn (a "
              "vertebra) on f4.");
}

TEST_F(SandkingsTable, AStepMadeBeforeTheCutOffPieceIsTakenOffWaitsForIt) {
    openAt(kTail);
    step("e4", "f5", kWhiteBishop);
    step("e3", "e4", kWhitePawn);  // e5 still stands
    settle();
    EXPECT_EQ(ply(), 1);
    // The sting's cut-off piece is work still to do, not a rule broken.
    EXPECT_EQ(count(AnnouncementType::Illegal), 0);
    EXPECT_EQ(last(AnnouncementType::ToDo),
              "Still to do: take the black pawn (a vertebra) off e5. (That completes vertebra "
              "e3-e4.)");
    take("e5");
    EXPECT_EQ(ply(), 2);
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "1. vertebra e3-e4 (e3-e4)."));
}

}  // namespace
}  // namespace arbiter
