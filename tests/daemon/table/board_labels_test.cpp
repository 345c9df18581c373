// What the players call the boards of a table of several: labels that no one
// reads as a square, by default a letter each in reading order of where the
// boards lie, or as the configuration names them (checked); and where each
// cell lies, by label and square, for what the table says.
#include "daemon/table/board_labels.h"

#include <gtest/gtest.h>

#include <fstream>

#include "daemon/config/configuration.h"
#include "daemon/config/table_setup.h"
#include "tests/daemon/temp_directory.h"

namespace arbiter {
namespace {

// Each board's name and label, as "a6: board A".
std::vector<std::string> labelled(std::vector<BoardSetting> boards, const Geometry& g) {
    labelBoards(boards, g);
    std::vector<std::string> out;
    for (const BoardSetting& b : boards) out.push_back(b.name + ": " + b.label);
    return out;
}

TEST(BoardLabels, BoardsAreLetteredInReadingOrderOfWhereTheyLie) {
    // Konfusion's four quarters: the top row first, each row from the left.
    const Geometry konfusion = Geometry::rectangle(10, 10);
    EXPECT_EQ(
        labelled(virtualBoardsCovering(konfusion), konfusion),
        (std::vector<std::string>{"a1: board C", "f1: board D", "a6: board A", "f6: board B"}));
    // Colonization for six: three boards in a row.
    const Geometry colonization = Geometry::rectangle(24, 8);
    EXPECT_EQ(labelled(virtualBoardsCovering(colonization), colonization),
              (std::vector<std::string>{"a1: board A", "i1: board B", "q1: board C"}));
    // A ring's two halves lie as two columns side by side: its first half on
    // the left, each column from the top.
    const Geometry ring = Geometry::ring(5, 60);
    const auto boards = labelled(virtualBoardsCovering(ring), ring);
    ASSERT_EQ(boards.size(), 8u);
    EXPECT_EQ(boards.front(), "a1: board G");
    EXPECT_EQ(boards.back(), "a54: board B");
}

TEST(BoardLabels, OneBoardNeedsNoLabelAndAConfiguredOneIsKept) {
    const Geometry chess = Geometry::rectangle(8, 8);
    EXPECT_EQ(labelled(virtualBoardsCovering(chess), chess), (std::vector<std::string>{"main: "}));
    const Geometry g = Geometry::rectangle(24, 8);
    auto boards = virtualBoardsCovering(g);
    boards[1].label = "board A";  // the middle board takes the first letter: the others go on
    EXPECT_EQ(labelled(boards, g),
              (std::vector<std::string>{"a1: board B", "i1: board A", "q1: board C"}));
}

TEST(BoardLabels, ALabelThatReadsAsASquareIsRefusedWithWhatToDoInstead) {
    EXPECT_EQ(labelTrouble("left board"), "");
    EXPECT_EQ(labelTrouble("board B"), "");
    EXPECT_EQ(labelTrouble("a1"),
              "the label \"a1\" has \"a1\" in it, which players would read as a square; name "
              "the board by where it lies (\"left board\") or by a letter (\"board A\")");
    EXPECT_NE(labelTrouble("board C5"), "");
    EXPECT_NE(labelTrouble("k10 corner"), "");
    EXPECT_EQ(labelTrouble(" "), "a board's label is empty");
    EXPECT_NE(labelTrouble("tab\there"), "");
    EXPECT_NE(labelTrouble(std::string(25, 'x')), "");
}

TEST(BoardLabels, TwoBoardsOfOneLabelAreRefused) {
    const Geometry g = Geometry::rectangle(24, 8);
    auto boards = virtualBoardsCovering(g);
    boards[0].label = "Left";
    boards[2].label = "left";
    boards[2].line = 12;
    EXPECT_EQ(checkLabels(boards, "arbiter.ini"),
              "arbiter.ini:12: board q1 has the label \"left\", as board a1 does: each board "
              "needs a label of its own");
    boards[2].label = "right";
    EXPECT_EQ(checkLabels(boards), "");
}

TEST(BoardLabels, EachCellLiesOnItsBoardsSquareByLabel) {
    const Geometry g = Geometry::rectangle(24, 8);
    auto boards = virtualBoardsCovering(g);
    labelBoards(boards, g);
    const CellPlaces places = cellPlaces(boards, g);
    EXPECT_EQ(places.cellText(*g.parse("k5"), g), "k5 (board B c5)");
    EXPECT_EQ(places.cellText(*g.parse("x8"), g), "x8 (board C h8)");
    const Geometry chess = Geometry::rectangle(8, 8);
    EXPECT_TRUE(cellPlaces(virtualBoardsCovering(chess), chess).empty());
}

class ConfiguredLabels : public ::testing::Test {
  protected:
    // The configuration `text` set up as a table: the error, empty when accepted.
    std::string setUp(const std::string& text) {
        std::ofstream(path) << text;
        Configuration config;
        std::string error;
        if (!readConfigurationFile(path, {}, config, error)) return error;
        setup = setUpTable(config, error);
        return error;
    }
    testing::TempDirectory scratch{"arbiter-labels"};
    std::string path = scratch.path() + "/arbiter.ini";
    std::optional<TableSetup> setup;
};

constexpr const char* kThreeBoards =
    "game = colonization\nplayers = 6\n"
    "[board.a1]\ndevice = vboard:a1\norigin = a1\n"
    "[board.i1]\ndevice = vboard:i1\norigin = i1\nLABEL\n"
    "[board.q1]\ndevice = vboard:q1\norigin = q1\n";

std::string withLabel(const std::string& line) {
    std::string text = kThreeBoards;
    return text.replace(text.find("LABEL"), 5, line);
}

TEST_F(ConfiguredLabels, TheLabelKeyNamesABoardAndTheRestAreLettered) {
    ASSERT_EQ(setUp(withLabel("label = middle board")), "");
    const auto& boards = setup->settings.boards;
    EXPECT_EQ(boards[0].label, "board A");
    EXPECT_EQ(boards[1].label, "middle board");
    EXPECT_EQ(boards[2].label, "board B");
}

TEST_F(ConfiguredLabels, ALabelLikeASquareOrTwiceTheSameIsRefusedByItsLine) {
    EXPECT_EQ(setUp(withLabel("label = i1")),
              path +
                  ":9: the label \"i1\" has \"i1\" in it, which players would read as a "
                  "square; name the board by where it lies (\"left board\") or by a letter "
                  "(\"board A\")");
    std::string twice = withLabel("label = left");
    twice.replace(twice.find("origin = q1"), 11, "origin = q1\nlabel = Left");
    EXPECT_EQ(setUp(twice), path +
                                ":10: board q1 has the label \"Left\", as board i1 does: "
                                "each board needs a label of its own");
}

}  // namespace
}  // namespace arbiter
