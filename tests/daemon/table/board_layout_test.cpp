// Where boards lie on a game's cells: `origin` in both its forms (a cell, or
// which board square lies on which cell), origins off the surface, and the
// default layout of virtual boards, whose shares meet in the middle.
#include <gtest/gtest.h>

#include <fstream>

#include "daemon/config/configuration.h"
#include "daemon/config/configuration_text.h"
#include "daemon/config/table_setup.h"
#include "daemon/referee/surface.h"
#include "tests/daemon/temp_directory.h"
#include "tests/games/far_reach.h"

namespace arbiter {
namespace {

class BoardLayout : public ::testing::Test {
  protected:
    // Reads `text` as a configuration file into `config`; the error, empty when accepted.
    std::string read(const std::string& text) {
        std::ofstream(path) << text;
        std::string error;
        readConfigurationFile(path, {}, config, error);
        return error;
    }
    // Reads `text` and checks it all against its game; the error, empty when accepted.
    std::string setUp(const std::string& text) {
        config = Configuration();
        std::string error = read(text);
        if (!error.empty()) return error;
        setup = setUpTable(config, error);
        return error;
    }
    // The one board of a section with `lines` after its device.
    std::optional<BoardPlacement> boardWith(const std::string& lines) {
        config = Configuration();
        if (!read("[board.a]\ndevice = dgt:/dev/ttyACM0\n" + lines).empty()) return std::nullopt;
        return config.boards.at(0).placement;
    }
    testing::TempDirectory scratch{"arbiter-layout"};
    std::string path = scratch.path() + "/arbiter.ini";
    Configuration config;
    std::optional<TableSetup> setup;
};

// A board square by name: "a8" is 0, "h1" is 63.
int square(const std::string& name) {
    return (7 - (name[1] - '1')) * 8 + (name[0] - 'a');
}

std::string cellOf(const Geometry& g, const BoardPlacement& p, const std::string& boardSquare) {
    return g.name(Surface::cellOf(g, p, square(boardSquare)));
}

// Each board as --print-config writes it: "a1: d4-h8, origin d4 on a1".
std::vector<std::string> layoutOf(const std::vector<BoardSetting>& boards, const Geometry& g) {
    std::vector<std::string> layout;
    for (const auto& b : boards) {
        layout.push_back(b.name + ": " + squaresText(b.placement.used) + ", origin " +
                         originText(b.placement, g));
    }
    return layout;
}

// The default layout of `g`, as layoutOf writes it; checkLayout must accept it.
std::vector<std::string> defaultLayout(const Geometry& g) {
    auto boards = virtualBoardsCovering(g);
    EXPECT_EQ(checkLayout(boards, g), "");
    return layoutOf(boards, g);
}

TEST_F(BoardLayout, OriginMayNameTheSquareThatLiesOnACell) {
    // c3 on k11: the corner of the board's 8x8 lies where c3's place in it,
    // as the board is turned, says.
    const Geometry g = Geometry::rectangle(20, 20);
    const std::pair<int, const char*> corners[] = {{0, "i9"}, {90, "f9"}, {180, "f6"}, {270, "i6"}};
    for (auto [rotation, corner] : corners) {
        std::string turn = "rotation = " + std::to_string(rotation) + "\n";
        auto plain = boardWith(turn + "origin = " + corner + "\n");
        auto before = boardWith(turn + "origin = c3 on k11\n");
        auto after = boardWith("origin = c3 on k11\n" + turn);
        ASSERT_TRUE(plain && before && after) << rotation;
        for (const auto* p : {&*before, &*after}) {
            EXPECT_EQ(g.name(g.cell(p->originFile, p->originRank)), corner) << rotation;
            EXPECT_EQ(p->rotation, rotation);
            for (int s = 0; s < 64; ++s)
                EXPECT_EQ(Surface::cellOf(g, *p, s), Surface::cellOf(g, *plain, s)) << rotation;
        }
        EXPECT_EQ(cellOf(g, *before, "c3"), "k11") << rotation;
    }
}

TEST_F(BoardLayout, OriginMayLieBelowAndLeftOfTheSurface) {
    auto p = boardWith("origin = d4 on a1\nsquares = d4-h8\n");
    ASSERT_TRUE(p);
    EXPECT_EQ(p->originFile, -3);
    EXPECT_EQ(p->originRank, -3);
    const Geometry g = Geometry::rectangle(10, 10);
    EXPECT_EQ(cellOf(g, *p, "d4"), "a1");
    EXPECT_EQ(cellOf(g, *p, "h8"), "e5");
    EXPECT_EQ(Surface::cellOf(g, *p, square("c4")), NoCell);  // not in use
    p->used.set();
    EXPECT_EQ(Surface::cellOf(g, *p, square("c4")), NoCell);  // off the surface to the west
    EXPECT_EQ(Surface::cellOf(g, *p, square("d3")), NoCell);  // and to the south
}

TEST_F(BoardLayout, OriginSquareNeedNotBeInUseButTheLayoutIsStillChecked) {
    const Geometry g = Geometry::rectangle(8, 8);
    auto p = boardWith("origin = h8 on h8\nsquares = a1-b2\n");
    ASSERT_TRUE(p);
    EXPECT_EQ(p->originFile, 0);
    EXPECT_EQ(cellOf(g, *p, "a1"), "a1");

    ASSERT_EQ(read("[board.a]\ndevice = dgt:/dev/ttyACM0\norigin = a1 on c1\nsquares = a1-h4\n"),
              "");
    EXPECT_EQ(checkLayout(config.boards, g),
              "board a (line 1): its square g4 lies off the game's cells; move its origin or "
              "narrow its squares (squares = a1-f4 keeps those on the game's cells)");
}

TEST_F(BoardLayout, BadOriginIsRefusedWithItsLineAndChangesNothing) {
    const std::string forms =
        "; write the cell under the board's lower-left corner (origin = i1) or which of the "
        "board's squares lies on which cell (origin = d4 on a1)";
    const std::pair<const char*, std::string> cases[] = {
        {"d9 on a1", "origin \"d9 on a1\": d9 is not a square of the board (a1 to h8)" + forms},
        {"i1 on a1", "origin \"i1 on a1\": i1 is not a square of the board (a1 to h8)" + forms},
        {"d4 on", "origin \"d4 on\" needs a cell after \"on\" (a1, j10, ...)" + forms},
        {"d4 on 1a", "origin \"d4 on 1a\" needs a cell after \"on\" (a1, j10, ...)" + forms},
        {"d4 at a1", "origin \"d4 at a1\" is neither a cell nor SQUARE on CELL" + forms},
        {"on a1", "origin \"on a1\" is neither a cell nor SQUARE on CELL" + forms},
        {"d4 on a1 b2", "origin \"d4 on a1 b2\" is neither a cell nor SQUARE on CELL" + forms},
        {"4a", "origin \"4a\" is not a cell name" + forms},
    };
    const std::string good = "game = fide\n[board.a]\ndevice = dgt:/dev/ttyACM0\norigin = b2\n";
    for (const auto& [origin, message] : cases) {
        config = Configuration();
        ASSERT_EQ(read(good), "");
        std::string error = read(
            "game = skirmish\n[board.a]\ndevice = dgt:/dev/ttyACM1\n"
            "rotation = 90\norigin = " +
            std::string(origin) + "\n");
        EXPECT_EQ(error, path + ":5: " + message);
        // The table read before is as it was: neither the game nor the board changed.
        EXPECT_EQ(config.game, "fide");
        ASSERT_EQ(config.boards.size(), 1u);
        EXPECT_EQ(config.boards[0].device.text(), "dgt:/dev/ttyACM0");
        EXPECT_EQ(config.boards[0].placement.originFile, 1);
        EXPECT_EQ(config.boards[0].placement.rotation, 0);
    }
}

// A chessboard made of four quarters, each the e5-h8 quarter of a board turned
// its own way so that the quarters meet in the middle: three of the origins lie
// off the surface.
const char* kFourQuarters = R"(game = fide
[board.sw]
device = dgt:/dev/ttyACM0
origin = e5 on a1
squares = e5-h8

[board.se]
device = dgt:/dev/ttyACM1
rotation = 90
origin = e5 on h1
squares = e5-h8

[board.nw]
device = dgt:/dev/ttyACM2
origin = e5 on a8
rotation = 270
squares = e5-h8

[board.ne]
device = dgt:/dev/ttyACM3
origin = e5 on h8
rotation = 180
squares = e5-h8
)";

TEST_F(BoardLayout, QuartersOfFourTurnedBoardsMakeOneChessboard) {
    ASSERT_EQ(setUp(kFourQuarters), "");
    const Geometry g = Geometry::rectangle(8, 8);
    const auto& boards = setup->settings.boards;
    ASSERT_EQ(boards.size(), 4u);
    // The corners of the chessboard, and the four centre cells.
    EXPECT_EQ(cellOf(g, boards[0].placement, "e5"), "a1");
    EXPECT_EQ(cellOf(g, boards[0].placement, "h8"), "d4");
    EXPECT_EQ(cellOf(g, boards[1].placement, "e5"), "h1");
    EXPECT_EQ(cellOf(g, boards[1].placement, "h8"), "e4");
    EXPECT_EQ(cellOf(g, boards[2].placement, "e5"), "a8");
    EXPECT_EQ(cellOf(g, boards[2].placement, "h8"), "d5");
    EXPECT_EQ(cellOf(g, boards[3].placement, "e5"), "h8");
    EXPECT_EQ(cellOf(g, boards[3].placement, "h8"), "e5");
    EXPECT_EQ(layoutOf(boards, g),
              (std::vector<std::string>{"sw: e5-h8, origin e5 on a1", "se: e5-h8, origin e5 on h1",
                                        "nw: e5-h8, origin e5 on a8", "ne: e5-h8, origin e5"}));
}

// Each board read back lies as in `first`.
void expectSameBoards(const std::vector<BoardSetting>& first,
                      const std::vector<BoardSetting>& again) {
    ASSERT_EQ(again.size(), first.size());
    for (size_t i = 0; i < first.size(); ++i) {
        const BoardPlacement& a = first[i].placement;
        const BoardPlacement& b = again[i].placement;
        EXPECT_EQ(again[i].name, first[i].name);
        EXPECT_EQ(again[i].device.text(), first[i].device.text());
        EXPECT_EQ(again[i].rotationGiven, first[i].rotationGiven) << first[i].name;
        EXPECT_EQ(b.rotation, a.rotation) << first[i].name;
        EXPECT_EQ(b.originFile, a.originFile) << first[i].name;
        EXPECT_EQ(b.originRank, a.originRank) << first[i].name;
        EXPECT_EQ(b.used, a.used) << first[i].name;
    }
}

TEST_F(BoardLayout, PrintedOriginsOffTheSurfaceReadBackAsTheSameLayout) {
    ASSERT_EQ(setUp(kFourQuarters), "");
    TableSetup first = *setup;
    std::string printed = configurationText(config, first);
    EXPECT_NE(printed.find("[board.se]\ndevice = dgt:/dev/ttyACM1\norigin = e5 on h1\n"
                           "rotation = 90\nsquares = e5-h8\n"),
              std::string::npos)
        << printed;
    ASSERT_EQ(setUp(printed), "") << printed;
    expectSameBoards(first.settings.boards, setup->settings.boards);

    // The default layout of a 10x10 surface, printed for a table and read back.
    const Geometry ten = Geometry::rectangle(10, 10);
    first.cells = ten;
    first.settings.boards = virtualBoardsCovering(ten);
    printed = configurationText(config, first);
    EXPECT_NE(printed.find("[board.a1]\ndevice = vboard:a1\norigin = d4 on a1\nsquares = d4-h8\n"),
              std::string::npos)
        << printed;
    EXPECT_NE(printed.find("[board.f6]\ndevice = vboard:f6\norigin = f6\nsquares = a1-e5\n"),
              std::string::npos)
        << printed;
    config = Configuration();
    ASSERT_EQ(read(printed), "") << printed;
    expectSameBoards(first.settings.boards, config.boards);
    EXPECT_EQ(checkLayout(config.boards, ten), "");
}

TEST_F(BoardLayout, TenByTenIsABlockInTheMiddleOfFourBoards) {
    const Geometry g = Geometry::rectangle(10, 10);
    EXPECT_EQ(defaultLayout(g),
              (std::vector<std::string>{"a1: d4-h8, origin d4 on a1", "f1: a4-e8, origin a4 on f1",
                                        "a6: d1-h5, origin d1 on a6", "f6: a1-e5, origin f6"}));
    for (const auto& b : virtualBoardsCovering(g)) {
        EXPECT_EQ(b.device.text(), "vboard:" + b.name);
        EXPECT_EQ(b.placement.name, b.name);
        EXPECT_EQ(b.placement.rotation, 0);
        EXPECT_FALSE(b.rotationGiven);
    }
}

TEST_F(BoardLayout, NineFilesAreSharedFiveAndFour) {
    EXPECT_EQ(defaultLayout(Geometry::rectangle(9, 8)),
              (std::vector<std::string>{"a1: d1-h8, origin d1 on a1", "f1: a1-d8, origin f1"}));
}

TEST_F(BoardLayout, InnerBoardsGiveAllTheirFilesAndTheOuterOnesSplitTheRest) {
    EXPECT_EQ(defaultLayout(Geometry::rectangle(17, 8)),
              (std::vector<std::string>{"a1: d1-h8, origin d1 on a1", "f1: all, origin f1",
                                        "n1: a1-d8, origin n1"}));
    // Ranks alike: the bottom row gives its top ranks, the top row its bottom ones.
    EXPECT_EQ(defaultLayout(Geometry::rectangle(8, 17)),
              (std::vector<std::string>{"a1: a4-h8, origin a4 on a1", "a6: all, origin a6",
                                        "a14: a1-h4, origin a14"}));
}

TEST_F(BoardLayout, WholeBoardsAreCutInBlocksFromA1) {
    EXPECT_EQ(defaultLayout(Geometry::rectangle(16, 16)),
              (std::vector<std::string>{"a1: all, origin a1", "i1: all, origin i1",
                                        "a9: all, origin a9", "i9: all, origin i9"}));
    EXPECT_EQ(defaultLayout(Geometry::rectangle(24, 8)),
              (std::vector<std::string>{"a1: all, origin a1", "i1: all, origin i1",
                                        "q1: all, origin q1"}));
    EXPECT_EQ(defaultLayout(Geometry::rectangle(5, 5)),
              (std::vector<std::string>{"main: a1-e5, origin a1"}));
}

TEST_F(BoardLayout, RingIsCutIntoTwoColumnsOneFaceEach) {
    // Möbiatus's 5x60 ring: each half (a face of the strip) up its own column
    // of four boards, shared as a 5x30 surface would be, so that a cell's far
    // face (30 ranks on) lies at the same height in the other column.
    EXPECT_EQ(defaultLayout(Geometry::ring(5, 60)),
              (std::vector<std::string>{"a1: a2-e8, origin a2 on a1", "a8: a1-e8, origin a8",
                                        "a16: a1-e8, origin a16", "a24: a1-e7, origin a24",
                                        "a31: a2-e8, origin a2 on a31", "a38: a1-e8, origin a38",
                                        "a46: a1-e8, origin a46", "a54: a1-e7, origin a54"}));
    EXPECT_EQ(checkLayout(virtualBoardsCovering(Geometry::ring(5, 60)), Geometry::ring(5, 60)), "");
}

TEST_F(BoardLayout, RingSharesDoNotReachRoundOntoEachOther) {
    // 20 ranks: two halves of 10, each two boards up with 5 ranks each; the
    // bottom board's origin is below rank 1, which on a ring is rank 18 again:
    // only its share may count.
    EXPECT_EQ(defaultLayout(Geometry::ring(5, 20)),
              (std::vector<std::string>{"a1: a4-e8, origin a4 on a1", "a6: a1-e5, origin a6",
                                        "a11: a4-e8, origin a4 on a11", "a16: a1-e5, origin a16"}));

    Geometry holes = Geometry::rectangle(10, 10);
    holes.removeCell(*holes.parse("a1"));
    EXPECT_EQ(defaultLayout(holes)[0], "a1: e4-h8, d5-d8, origin e4 on b1");
}

TEST_F(BoardLayout, SurfaceOfTheTenByTenDefaultPutsEachBoardSquareOnItsCell) {
    const Geometry g = Geometry::rectangle(10, 10);
    std::vector<BoardPlacement> placements;
    for (const auto& b : virtualBoardsCovering(g)) placements.push_back(b.placement);
    Surface surface(g, placements);
    const SetPiece king{SetColour::White, Figure::King};
    // Each board shows a king on the corner of its share that meets the others.
    const char* corners[] = {"h8", "a8", "h1", "a1"};
    for (int b = 0; b < 4; ++b) {
        BoardSquares squares{};
        squares[static_cast<size_t>(square(corners[b]))] = king;
        // Squares outside the share are not looked at.
        squares[static_cast<size_t>(square(b % 2 ? "h1" : "a1"))] = king;
        surface.boardDump(b, squares, 0);
    }
    EXPECT_TRUE(surface.allKnown());
    std::vector<std::string> kings;
    for (Cell c = 0; c < g.size(); ++c) {
        if (surface.cell(c).content) kings.push_back(g.name(c));
    }
    EXPECT_EQ(kings, (std::vector<std::string>{"e5", "f5", "e6", "f6"}));
}

TEST_F(BoardLayout, StartOfATenByTenGameIsShownOnTheRightBoardSquares) {
    // Far Reach on 10x10, with a pawn in each corner of the surface and on the
    // four centre cells: White a1, j1, e5, f5; Black a10, j10, e6, f6.
    auto game = testgames::makeFarReachGame(
        10, 10,
        "10x10 w B........B/........../........../........../....BB..../....WW..../"
        "........../........../........../W........W");
    auto start = game->start();
    ASSERT_TRUE(start);
    TableSetup table;
    table.settings.boards = virtualBoardsCovering(start->geometry());
    EXPECT_EQ(startPositionText(table, *start),
              "vboard:a1 7P/8/8/8/3P4/8/8/8\n"
              "vboard:f1 P7/8/8/8/4P3/8/8/8\n"
              "vboard:a6 8/8/8/3p4/8/8/8/7p\n"
              "vboard:f6 8/8/8/4p3/8/8/8/p7\n");
}

TEST_F(BoardLayout, StartOfChessIsShownOnTheQuartersOfFourTurnedBoards) {
    ASSERT_EQ(setUp(kFourQuarters), "");
    std::string error;
    auto game = makeGame("fide", setup->options, error);
    ASSERT_TRUE(game) << error;
    // Each board shows its quarter on its own e5-h8, as it is turned: the
    // south-west one as it stands, the south-east one with White's first rank
    // up its file e (e5 is h1), the north-east one upside down (e5 is h8).
    EXPECT_EQ(startPositionText(*setup, *game->start()),
              "dgt:/dev/ttyACM0 8/8/4PPPP/4RNBQ/8/8/8/8\n"
              "dgt:/dev/ttyACM1 4KP2/4BP2/4NP2/4RP2/8/8/8/8\n"
              "dgt:/dev/ttyACM2 4qp2/4bp2/4np2/4rp2/8/8/8/8\n"
              "dgt:/dev/ttyACM3 8/8/4pppp/4rnbk/8/8/8/8\n");
}

}  // namespace
}  // namespace arbiter
