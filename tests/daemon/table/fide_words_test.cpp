// What a chess table says of its board: a rule broken ("Illegal position")
// with the reason, when it can tell which move the hands were making, and
// work the board is due (after a takeback, a promotion's new piece) worded
// as work to do, never as illegal.
#include "tests/daemon/game_table_fixture.h"

namespace arbiter {
namespace {

constexpr SetPiece kWhitePawn{SetColour::White, Figure::Pawn};
constexpr SetPiece kWhiteQueen{SetColour::White, Figure::Queen};
constexpr SetPiece kBlackPawn{SetColour::Black, Figure::Pawn};

// White's pawn on e7, one step from promoting; the kings on a1 and a8.
constexpr const char* kBeforePromotion = "k7/4P3/8/8/8/8/8/K7 w - - 0 1";

class FideWords : public testing::GameTableTest {
  protected:
    FideWords() : GameTableTest("fide", Geometry::rectangle(8, 8)) {}
    void openAt(const std::string& fen) {
        journalFrom(fen);
        create(settings());
        show(fen);
    }
    void openAtStart() {
        create(settings());
        table->connectBoards();
        show(*game->start());
        ASSERT_EQ(said.types().back(), AnnouncementType::Start);
    }
    // A piece lifted off `from` and set down on `to` as `look`.
    void move(const std::string& from, const std::string& to, SetPiece look) {
        const Spot a = spotOf(from), b = spotOf(to);
        table->squareChanged(a.board, a.square, std::nullopt);
        table->squareChanged(b.board, b.square, std::nullopt);
        table->squareChanged(b.board, b.square, look);
        settle();
    }
};

TEST_F(FideWords, AMoveOutOfTurnIsIllegalAndSaysWhoseTurnItIs) {
    openAtStart();
    move("e7", "e5", kBlackPawn);
    ASSERT_EQ(said.types().back(), AnnouncementType::Illegal);
    EXPECT_EQ(last(AnnouncementType::Illegal),
              "Illegal position: e7e5 (the piece on e7 is Bob's, and it is Ann's turn). To fix: "
              "take the black pawn off e5; put a black pawn on e7.");
    EXPECT_EQ(said.said.back().data["refusal"], "the piece on e7 is Bob's, and it is Ann's turn");
    EXPECT_EQ(said.said.back().data["attempted"], "e7e5");
}

TEST_F(FideWords, AMoveThroughAPieceSaysWhichIsInTheWay) {
    openAtStart();
    constexpr SetPiece kWhiteBishop{SetColour::White, Figure::Bishop};
    // The bishop cannot pass its own pawn on e2.
    move("f1", "b5", kWhiteBishop);
    EXPECT_EQ(last(AnnouncementType::Illegal),
              "Illegal position: f1b5 (e2 is in the way). To fix: put a white bishop on f1; take "
              "the white bishop off b5.");
    EXPECT_EQ(said.said.back().data["refusal"], "e2 is in the way");
}

TEST_F(FideWords, AMoveTheRulesRefuseSaysWhyInAChessPlayersWords) {
    openAtStart();
    constexpr SetPiece kWhiteKnight{SetColour::White, Figure::Knight};
    move("e2", "e5", kWhitePawn);
    EXPECT_TRUE(saidFirst(AnnouncementType::Illegal,
                          "Illegal position: e2e5 (that is not how a pawn moves). To fix:"));
    move("e5", "e2", kWhitePawn);
    EXPECT_EQ(said.types().back(), AnnouncementType::Fixed);
    move("g1", "g3", kWhiteKnight);
    EXPECT_TRUE(saidFirst(AnnouncementType::Illegal,
                          "Illegal position: g1g3 (that is not how a knight moves). To fix:"));
}

TEST_F(FideWords, AMoveSaidThatTheRulesRefuseIsToldWhyAsOnTheBoard) {
    openAtStart();
    for (auto [said, why] : std::vector<std::pair<std::string, std::string>>{
             {"e2-e5", "\"e2-e5\": that is not how a pawn moves; legal now: "},
             {"f1c4", "\"f1c4\": e2 is in the way; legal now: "},
             {"e7e5", "\"e7e5\": the piece on e7 is Bob's, and it is Ann's turn; legal now: "}}) {
        const ControlReply r = table->act(said, -1, "");
        EXPECT_FALSE(r.ok) << said;
        EXPECT_TRUE(r.error.starts_with(why)) << r.error;
    }
    // What names no two squares is refused as before.
    EXPECT_TRUE(table->act("fly", -1, "")
                    .error.starts_with("\"fly\" is not an action of fide that can be made now"));
    EXPECT_EQ(table->session()->ply(), 0);
}

TEST_F(FideWords, APawnSetDownOnTheLastRankIsAPromotionStillToCompleteNotIllegal) {
    openAt(kBeforePromotion);
    move("e7", "e8", kWhitePawn);
    EXPECT_EQ(count(AnnouncementType::Illegal), 0) << last(AnnouncementType::Illegal);
    ASSERT_EQ(said.types().back(), AnnouncementType::ToDo);
    EXPECT_EQ(last(AnnouncementType::ToDo),
              "Still to do: replace the white pawn on e8 by a white queen. (That completes "
              "e8=Q+.)");
    EXPECT_EQ(said.said.back().data["due"], "completion");
    move("e8", "e8", kWhiteQueen);
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "1. e8=Q+")) << last(AnnouncementType::Move);
}

TEST_F(FideWords, TheBoardAfterATakebackSaidIsWorkToDoNotIllegal) {
    openAtStart();
    move("e2", "e4", kWhitePawn);
    ASSERT_EQ(table->session()->ply(), 1);
    ASSERT_TRUE(table->takeback().ok);
    settle();
    EXPECT_EQ(count(AnnouncementType::Illegal), 0) << last(AnnouncementType::Illegal);
    ASSERT_EQ(said.types().back(), AnnouncementType::ToDo);
    EXPECT_EQ(last(AnnouncementType::ToDo),
              "Set up the position after the takeback: put a white pawn on e2; take the white "
              "pawn off e4.");
    EXPECT_EQ(said.said.back().data["due"], "takeback");
    move("e4", "e2", kWhitePawn);
    EXPECT_TRUE(saidFirst(AnnouncementType::Fixed, "The position is correct again."));
    EXPECT_EQ(table->session()->ply(), 0);
}

}  // namespace
}  // namespace arbiter
