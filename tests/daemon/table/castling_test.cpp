// Castling at the table: king first, or rook first and then king, is castling;
// with the FIDE option strict-touch, a rook moved first is a rook move.
#include <gtest/gtest.h>

#include "daemon/table/playing_table.h"
#include "tests/daemon/recording_sink.h"
#include "tests/daemon/surface_fixture.h"
#include "tests/daemon/temp_directory.h"

namespace arbiter {
namespace {

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

// Board squares as the DGT board numbers them: 0 is a8, 63 is h1.
int square(const std::string& name) {
    return (7 - (name[1] - '1')) * 8 + (name[0] - 'a');
}

Cell cell(const std::string& name) {
    return (name[1] - '1') * 8 + (name[0] - 'a');
}

class CastlingTest : public ::testing::Test {
  protected:
    void startTable(bool strictTouch) {
        TableSettings settings;
        BoardSetting board;
        board.name = board.placement.name = "board";
        board.device = {"dgt", dir + "/no-board-here"};
        board.rotationGiven = true;
        settings.boards.push_back(board);
        if (strictTouch) settings.gameOptions.values["strict-touch"] = "on";
        settings.session.time = *TimeControl::parse("5+3");
        settings.session.journalDir = dir + "/games";
        settings.settleMs = 100;
        std::string error;
        table = openTable(loop, settings, said, error);
        ASSERT_TRUE(table) << error;
        squares = testing::squaresFromFen(kStart);
        table->boardDump(0, squares);
        still();
        ASSERT_TRUE(table->session());
    }
    void SetUp() override { startTable(false); }
    void TearDown() override { table.reset(); }

    // A piece lifted and put down as the board reports it, with no time to settle.
    void slide(const std::string& from, const std::string& to) {
        Appearance piece = squares[static_cast<size_t>(square(from))];
        ASSERT_TRUE(piece) << "no piece on " << from;
        squares[static_cast<size_t>(square(from))] = std::nullopt;
        table->squareChanged(0, square(from), std::nullopt);
        squares[static_cast<size_t>(square(to))] = piece;
        table->squareChanged(0, square(to), piece);
    }
    // The board left alone for longer than the settle time.
    void still() {
        time.advance(150);
        loop.runOnce(0);
    }
    // Moves made one by one, each left still and committed.
    void play(const std::vector<std::string>& moves) {
        for (const std::string& m : moves) {
            int ply = table->session()->ply();
            slide(m.substr(0, 2), m.substr(2, 2));
            still();
            ASSERT_EQ(table->session()->ply(), ply + 1) << m << ": " << said.said.back().text;
        }
    }
    std::vector<std::string> saidOf(AnnouncementType type, size_t from) const {
        std::vector<std::string> texts;
        for (size_t i = from; i < said.said.size(); ++i) {
            if (said.said[i].type == type) texts.push_back(said.said[i].text);
        }
        return texts;
    }
    const Action& lastAction() const { return table->session()->actions().back(); }

    // Castling, rook first and left still for the settle time, then the king:
    // what is said from the rook move on.
    void castleRookFirst(const std::string& rook, const std::string& king) {
        slide(rook.substr(0, 2), rook.substr(2, 2));
        still();
        slide(king.substr(0, 2), king.substr(2, 2));
        still();
    }

    testing::TempDirectory scratch{"arbiter-castling"};
    std::string dir = scratch.path();
    ManualTimeSource time;
    EventLoop loop{time};
    testing::RecordingSink said;
    std::unique_ptr<PlayingTable> table;
    BoardSquares squares{};
};

// White's king's wing cleared (and Black's bishop), or both queen's wings, White to move.
const std::vector<std::string> kKingsWingOpen = {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"};
const std::vector<std::string> kQueensWingOpen = {"d2d4", "d7d5", "b1c3", "b8c6",
                                                  "c1f4", "c8f5", "d1d2", "d8d7"};

TEST_F(CastlingTest, CastlingWithTheRookFirstIsCastling) {
    play(kKingsWingOpen);
    const size_t from = said.said.size();
    castleRookFirst("h1f1", "e1g1");
    EXPECT_EQ(table->session()->ply(), 7);
    EXPECT_EQ(lastAction(), Action::move(cell("e1"), cell("g1")));
    ASSERT_EQ(saidOf(AnnouncementType::Move, from).size(), 2u);
    EXPECT_EQ(saidOf(AnnouncementType::Move, from)[0].rfind("4. Rf1 (h1f1). ", 0), 0u)
        << saidOf(AnnouncementType::Move, from)[0];
    EXPECT_EQ(saidOf(AnnouncementType::Move, from)[1].rfind("4. O-O (e1g1), in place of Rf1. ", 0),
              0u)
        << saidOf(AnnouncementType::Move, from)[1];
    EXPECT_TRUE(saidOf(AnnouncementType::Takeback, from).empty());
    EXPECT_TRUE(saidOf(AnnouncementType::Illegal, from).empty());
    EXPECT_EQ(table->session()->current().serialize(),
              "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
}

TEST_F(CastlingTest, BlackCastlesWithTheRookFirst) {
    play(kKingsWingOpen);
    play({"d2d3", "g8f6", "c2c3"});
    const size_t from = said.said.size();
    castleRookFirst("h8f8", "e8g8");
    EXPECT_EQ(table->session()->ply(), 10);
    EXPECT_EQ(lastAction(), Action::move(cell("e8"), cell("g8")));
    ASSERT_EQ(saidOf(AnnouncementType::Move, from).size(), 2u);
    EXPECT_EQ(
        saidOf(AnnouncementType::Move, from)[1].rfind("5... O-O (e8g8), in place of Rf8. ", 0), 0u)
        << saidOf(AnnouncementType::Move, from)[1];
    EXPECT_TRUE(saidOf(AnnouncementType::Takeback, from).empty());
}

TEST_F(CastlingTest, CastlingQueensideWithTheRookFirstIsCastling) {
    play(kQueensWingOpen);
    const size_t from = said.said.size();
    castleRookFirst("a1d1", "e1c1");
    EXPECT_EQ(table->session()->ply(), 9);
    EXPECT_EQ(lastAction(), Action::move(cell("e1"), cell("c1")));
    ASSERT_EQ(saidOf(AnnouncementType::Move, from).size(), 2u);
    EXPECT_EQ(
        saidOf(AnnouncementType::Move, from)[1].rfind("5. O-O-O (e1c1), in place of Rd1. ", 0), 0u)
        << saidOf(AnnouncementType::Move, from)[1];
    EXPECT_TRUE(saidOf(AnnouncementType::Takeback, from).empty());
}

TEST_F(CastlingTest, BlackCastlesQueensideWithTheRookFirst) {
    play(kQueensWingOpen);
    play({"e2e3"});
    const size_t from = said.said.size();
    castleRookFirst("a8d8", "e8c8");
    EXPECT_EQ(table->session()->ply(), 10);
    EXPECT_EQ(lastAction(), Action::move(cell("e8"), cell("c8")));
    ASSERT_EQ(saidOf(AnnouncementType::Move, from).size(), 2u);
    EXPECT_EQ(
        saidOf(AnnouncementType::Move, from)[1].rfind("5... O-O-O (e8c8), in place of Rd8. ", 0),
        0u)
        << saidOf(AnnouncementType::Move, from)[1];
}

TEST_F(CastlingTest, RookAndKingMovedWithinTheSettleTimeAreCastling) {
    play(kKingsWingOpen);
    const size_t from = said.said.size();
    slide("h1", "f1");
    time.advance(50);
    loop.runOnce(0);
    slide("e1", "g1");
    still();
    ASSERT_EQ(saidOf(AnnouncementType::Move, from).size(), 1u);
    EXPECT_EQ(saidOf(AnnouncementType::Move, from)[0].rfind("4. O-O (e1g1). ", 0), 0u)
        << saidOf(AnnouncementType::Move, from)[0];
    EXPECT_EQ(table->session()->ply(), 7);
}

TEST_F(CastlingTest, CastlingInPlaceOfTheRookMoveGetsOneIncrement) {
    play(kKingsWingOpen);
    const Session& session = *table->session();
    const Millis blackBeforeRook = session.clock().remaining(1, time.now());
    slide("h1", "f1");
    still();
    const Millis whiteAfterRook = session.clock().remaining(0, time.now());
    time.advance(2000);  // the king follows after a while
    slide("e1", "g1");
    still();
    ASSERT_EQ(lastAction(), Action::move(cell("e1"), cell("g1")));
    // White's turn is the rook's and the king's together, with one increment;
    // Black never had the move, so Black's clock is as it was before the rook's.
    EXPECT_EQ(session.clock().remaining(0, time.now()), whiteAfterRook);
    EXPECT_EQ(session.clock().remaining(1, time.now()), blackBeforeRook);
    EXPECT_EQ(session.clock().runner(), 1);
}

TEST_F(CastlingTest, TheKingInTheHandAfterTheRookIsOnItsWay) {
    play(kKingsWingOpen);
    slide("h1", "f1");
    still();
    const size_t from = said.said.size();
    table->squareChanged(0, square("e1"), std::nullopt);
    time.advance(1000);
    loop.runOnce(0);
    EXPECT_TRUE(saidOf(AnnouncementType::Illegal, from).empty()) << said.said.back().text;
}

TEST_F(CastlingTest, CastlingRookFirstIsJournalledSoThatTheGameResumesCastled) {
    play(kKingsWingOpen);
    castleRookFirst("h1f1", "e1g1");
    const std::string castled = table->session()->current().serialize();
    const std::vector<Action> actions = table->session()->actions();
    ASSERT_EQ(actions.size(), 7u);
    ASSERT_EQ(actions.back(), Action::move(cell("e1"), cell("g1")));
    table.reset();

    TableSettings settings;
    BoardSetting board;
    board.name = board.placement.name = "board";
    board.device = {"dgt", dir + "/no-board-here"};
    settings.boards.push_back(board);
    settings.session.time = *TimeControl::parse("5+3");
    settings.session.journalDir = dir + "/games";
    std::string error;
    table = openTable(loop, settings, said, error);
    ASSERT_TRUE(table) << error;
    ASSERT_TRUE(table->session());
    EXPECT_EQ(table->session()->current().serialize(), castled);
    EXPECT_EQ(table->session()->actions(), actions);
}

TEST_F(CastlingTest, AfterTheOpponentMovedTheRookMoveStands) {
    play(kKingsWingOpen);
    play({"h1f1", "d7d6"});
    const size_t from = said.said.size();
    slide("e1", "g1");
    still();
    EXPECT_EQ(table->session()->ply(), 8);
    EXPECT_EQ(lastAction(), Action::move(cell("d7"), cell("d6")));
    ASSERT_EQ(saidOf(AnnouncementType::Illegal, from).size(), 1u);
    EXPECT_EQ(saidOf(AnnouncementType::Illegal, from)[0].find("castling"), std::string::npos)
        << saidOf(AnnouncementType::Illegal, from)[0];
}

class StrictTouchCastlingTest : public CastlingTest {
  protected:
    void SetUp() override { startTable(true); }
};

TEST_F(StrictTouchCastlingTest, WithStrictTouchTheRookFirstIsARookMove) {
    play(kKingsWingOpen);
    const size_t from = said.said.size();
    castleRookFirst("h1f1", "e1g1");
    EXPECT_EQ(table->session()->ply(), 7);
    EXPECT_EQ(lastAction(), Action::move(cell("h1"), cell("f1")));
    ASSERT_EQ(saidOf(AnnouncementType::Move, from).size(), 1u);
    ASSERT_EQ(saidOf(AnnouncementType::Illegal, from).size(), 1u);
    EXPECT_EQ(saidOf(AnnouncementType::Illegal, from)[0],
              "Illegal position: castling begins with the king (FIDE 4.4, strict touch): Rf1 "
              "stands as a rook move. To fix: put a white king on e1; take the white king off g1.");
    // The king back on e1: the rook move stands and Black is to move.
    slide("g1", "e1");
    still();
    EXPECT_EQ(said.said.back().type, AnnouncementType::Fixed);
    EXPECT_EQ(table->session()->current().toMove(), 1);
}

TEST_F(StrictTouchCastlingTest, WithStrictTouchKingFirstIsStillCastling) {
    play(kKingsWingOpen);
    slide("e1", "g1");
    slide("h1", "f1");
    still();
    EXPECT_EQ(lastAction(), Action::move(cell("e1"), cell("g1")));
}

}  // namespace
}  // namespace arbiter
