// Tables of several boards, described in a configuration file.
#include <fstream>

#include "tests/e2e/table_fixture.h"

namespace arbiter::e2e {
namespace {

class Layout : public TableTest {};

// FIDE chess on two boards, each giving half its squares; the far one is turned
// round, so Black's e7 is that board's own d2.
TEST_F(Layout, ChessOnTwoHalfBoardsOneTurnedRound) {
    std::string south = (dir_ / "south").string(), north = (dir_ / "north").string();
    std::string ini = (dir_ / "table.ini").string();
    std::ofstream(ini) << "game = fide\ntime = 5+3\n"
                       << "[board.south]\ndevice = dgt:" << south << "\nsquares = a1-h4\n"
                       << "[board.north]\ndevice = dgt:" << north
                       << "\nrotation = 180\nsquares = a1-h4\nsensing = occupancy\n";
    auto southBoard = startBoardAt(south);
    auto northBoard = startBoardAt(north, {"--rotated"});
    startDaemonWithout({"--config", ini});
    expectSaid("New game of fide");

    southBoard->send("e2-e4\n");
    expectSaid("1. e4");
    northBoard->send("d2-d4\n");
    expectSaid("1... e5");
    // The queen crosses from one board to the other: off d1 here, onto h5 there.
    southBoard->send("remove d1\n");
    northBoard->send("wait 300\nput a4 Q\n");
    expectSaid("2. Qh5");
    // On the occupancy-only half a wrong piece is not seen, but a wrong square is.
    northBoard->send("b1-a3\n");  // the board's own b1-a3 is Black's g8-h6
    expectSaid("2... Nh6");
}

}  // namespace
}  // namespace arbiter::e2e
