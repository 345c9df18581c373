// What each board must show for a game to begin (arbiterd --print-start):
// the FEN that ./run gives the virtual board, so that play can start at once.
#include <gtest/gtest.h>

#include <vector>

#include "daemon/config/command_line.h"
#include "daemon/config/configuration_text.h"
#include "daemon/config/table_setup.h"

namespace arbiter {
namespace {

// What --print-start says for a command line naming one board.
std::string startFor(std::vector<const char*> args) {
    args.insert(args.begin(), "arbiterd");
    std::string error;
    auto commandLine = readCommandLine(static_cast<int>(args.size()), args.data(), error);
    if (!commandLine) return "command line: " + error;
    auto setup = setUpTable(commandLine->config, error);
    if (!setup) return "setup: " + error;
    auto game = makeGame(setup->game->name, setup->options, error);
    if (!game) return "game: " + error;
    return startPositionText(*setup, *game->start());
}

TEST(StartPosition, ChessIsTheStartOfEveryChessBoard) {
    EXPECT_EQ(startFor({"--board", "vboard:main"}),
              "vboard:main rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\n");
}

TEST(StartPosition, TwoPlayerMartianFillsTheHalfInUseAndLeavesTheRestEmpty) {
    EXPECT_EQ(startFor({"--game", "martian", "--board", "vboard:main"}),
              "vboard:main 1NQQ4/1PNQ4/1PPN4/8/8/NPP5/QNP5/QQN5\n");
}

TEST(StartPosition, FourPlayerMartianFillsEveryCorner) {
    EXPECT_EQ(startFor({"--game", "martian", "--players", "4", "--board", "vboard:main"}),
              "vboard:main QQN2NQQ/QNP2PNQ/NPP2PPN/8/8/NPP2PPN/QNP2PNQ/QQN2NQQ\n");
}

TEST(StartPosition, StandInsChosenByTheTableAreShown) {
    EXPECT_EQ(startFor({"--game", "martian", "--stand-in", "drone=R or N", "--stand-in",
                        "pawn=black pawn", "--board", "vboard:main"}),
              "vboard:main 1RQQ4/1pRQ4/1ppR4/8/8/Rpp5/QRp5/QQR5\n");
}

TEST(StartPosition, CsipgsBeginsWithTheKingsAlone) {
    EXPECT_EQ(startFor({"--game", "csipgs", "--board", "vboard:main"}),
              "vboard:main 4k3/8/8/8/8/8/8/4K3\n");
}

}  // namespace
}  // namespace arbiter
