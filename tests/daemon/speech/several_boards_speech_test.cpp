// What a table of several boards says aloud names the board squares a player
// reads there, after the game's cells, as its texts do: a move and a capture,
// a chain's stop, a takeback, a refusal, a capture to confirm and the fixes;
// short enough to hear. A table of one board says the cells alone.
#include "daemon/speech/spoken_text.h"

#include "tests/daemon/game_table_fixture.h"

namespace arbiter {
namespace {

constexpr SpeechLanguage En = SpeechLanguage::English;
constexpr SpeechLanguage De = SpeechLanguage::German;

constexpr SetPiece kWhiteQueen{SetColour::White, Figure::Queen};
constexpr SetPiece kWhiteRook{SetColour::White, Figure::Rook};
constexpr SetPiece kBlackQueen{SetColour::Black, Figure::Queen};
constexpr SetPiece kRed{SetColour::White, Figure::Pawn};

// A table of several boards whose announcements are heard as speech says them.
class SpokenOnSeveralBoards : public testing::GameTableTest {
  protected:
    using GameTableTest::GameTableTest;
    // The last announcement of `type` as it is said; "" when there is none.
    std::string heard(AnnouncementType type, SpeechLanguage language = En) const {
        for (auto a = said.said.rbegin(); a != said.said.rend(); ++a) {
            if (a->type == type) return spokenText(*a, language, name);
        }
        return {};
    }
    // A piece taken off `from` and set down as `look` on `to`; then the boards stay still.
    void move(const std::string& from, const std::string& to, SetPiece look) {
        const Spot a = spotOf(from), b = spotOf(to);
        table->squareChanged(a.board, a.square, std::nullopt);
        table->squareChanged(b.board, b.square, look);
        settle();
    }
    void take(const std::string& cell) {
        const Spot a = spotOf(cell);
        table->squareChanged(a.board, a.square, std::nullopt);
        settle();
    }
};

class KonfusionSpoken : public SpokenOnSeveralBoards {
  protected:
    KonfusionSpoken() : SpokenOnSeveralBoards("konfusion", Geometry::rectangle(10, 10)) {}
};

class MobiatusSpoken : public SpokenOnSeveralBoards {
  protected:
    MobiatusSpoken() : SpokenOnSeveralBoards("mobiatus", Geometry::ring(5, 60)) {}
};

TEST_F(KonfusionSpoken, AMoveFromOneBoardToAnotherSaysBothSquares) {
    create(settings());
    show(*game->start());
    move("e1", "e6", kWhiteQueen);
    ASSERT_TRUE(saidFirst(AnnouncementType::Move, "1. 5 e1-e6 (board C h4, board A h1)"));
    EXPECT_EQ(heard(AnnouncementType::Move), "5 e1 to e6, board C h4 to board A h1");
    EXPECT_EQ(heard(AnnouncementType::Move, De), "5 e1 nach e6, board C h4 nach board A h1");
    // Taken back with arbiterctl: the move undone is said with its squares too.
    ASSERT_TRUE(table->takeback().ok);
    EXPECT_EQ(heard(AnnouncementType::Takeback), "Takeback: 5 e1 to e6, board C h4 to board A h1");
}

// South's 4 on g7 reaches North's keypost j10 with its full count.
constexpr const char* kRookBeforeKeypost = "10/2N37/10/6S43/10/10/10/10/10/4S55 S 0,0";

TEST_F(KonfusionSpoken, AMoveOnOneBoardNamesItOnceBeforeWhatTheGameAdds) {
    journalFrom(kRookBeforeKeypost);
    create(settings());
    show(kRookBeforeKeypost);
    move("g7", "j10", kWhiteRook);
    // The work due was said with its square before: it still is.
    EXPECT_EQ(heard(AnnouncementType::ToDo),
              "Still to do: replace the white rook on j10, board B e5 by a white queen");
    const Spot j10 = spotOf("j10");
    table->squareChanged(j10.board, j10.square, std::nullopt);
    table->squareChanged(j10.board, j10.square, kWhiteQueen);
    settle();
    EXPECT_EQ(heard(AnnouncementType::Move),
              "4 g7 to j10, board B b2 to e5, on a keypost: a 5 now; exchange the rook for a "
              "queen");
}

TEST_F(KonfusionSpoken, AMoveRefusedSaysWhyWithTheBoardSquares) {
    create(settings());
    show(*game->start());
    // North's 5 moved while it is South's turn.
    move("f10", "f5", kBlackQueen);
    ASSERT_NE(last(AnnouncementType::Illegal).find("is Bob's, and it is Ann's turn"),
              std::string::npos)
        << last(AnnouncementType::Illegal);
    EXPECT_EQ(heard(AnnouncementType::Illegal),
              "Illegal position: the piece on f10, board B a5, is Bob's, and it is Ann's turn. "
              "take the black queen off f5, board D a8; put a black queen on f10, board B a5");
}

// Red's dot on c1 can take Blue's b33 from d3, then Blue's a35 from e5, and
// then jump on from e5; Blue keeps a dot on a50.
constexpr const char* kDoubleCapture =
    "5/5/5/5/5/5/5/5/5/5/B4/5/5/5/5/5/5/5/5/5/5/5/5/5/5/B4/5/1B3/5/5/5/5/5/5/5/5/5/5/5/5/5/5/"
    "5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/5/2R2 r 0";

TEST_F(MobiatusSpoken, AChainAndItsCapturesSayTheSquaresOfEveryStop) {
    journalFrom(kDoubleCapture);
    create(settings());
    show(kDoubleCapture);
    move("c1", "d3", kRed);
    EXPECT_EQ(heard(AnnouncementType::Chain),
              "Ann, c1 to d3, board G c2 to d4, takes Bob's b33, board H b4, on the far face: "
              "take it off, then jump on from d3, board G d4");
    take("b33");
    move("d3", "e5", kRed);
    move("e5", "c6", kRed);
    ASSERT_TRUE(saidFirst(AnnouncementType::Move, "1. c1-d3 takes Bob's b33"));
    EXPECT_EQ(heard(AnnouncementType::Move).substr(0, 40),
              "c1 to d3 takes Bob's b33 on the far face");
    EXPECT_NE(heard(AnnouncementType::Move).find("e5 to c6, board G c2 to d4 to e6 to c7"),
              std::string::npos)
        << heard(AnnouncementType::Move);
    EXPECT_EQ(heard(AnnouncementType::Consequences), "Now take the black pawn off a35, board H a6");
}

// A capture to confirm names the board square of each cell it may be on.
TEST(SpokenConfirm, EachCellWithItsBoardSquare) {
    const Announcement confirm{
        AnnouncementType::Confirm,
        "If you made ..., lift the piece on e5 (board B c5) or f6 (board B d6) and set it down "
        "again: ...",
        {{"cells", {"e5", "f6"}},
         {"squares",
          {{{"board", "board B"}, {"square", "c5"}}, {{"board", "board B"}, {"square", "d6"}}}}}};
    EXPECT_EQ(spokenText(confirm, En, "skirmish"),
              "Lift the piece on e5, board B c5 or f6, board B d6 and set it down again");
}

// A table of one board: the squares are the cells, and nothing more is said.
TEST(SpokenOnOneBoard, MovesRefusalsAndChainsSayTheCellsAlone) {
    const Announcement move{AnnouncementType::Move,
                            "Ann: a4xa5 (a4-a5), takes ...",
                            {{"notation", "a4xa5"}, {"name", "Ann"}}};
    EXPECT_EQ(spokenText(move, En, "skirmish"), "Ann, a4 takes a5");
    const Announcement illegal{AnnouncementType::Illegal,
                               "Illegal position: a3-b5 (h5 is in the way). To fix: ...",
                               {{"refusal", "h5 is in the way"}}};
    EXPECT_EQ(spokenText(illegal, En, "skirmish"), "Illegal position: h5 is in the way");
    const Announcement chain{AnnouncementType::Chain,
                             "Ann: c1-d3 takes Bob's b33 (a dot).",
                             {{"made", "c1-d3 takes Bob's b33 (a dot)"}, {"name", "Ann"}}};
    EXPECT_EQ(spokenText(chain, En, "mobiatus"), "Ann, c1 to d3 takes Bob's b33");
}

}  // namespace
}  // namespace arbiter
