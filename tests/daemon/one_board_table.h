#pragma once

#include <memory>
#include <string>

#include "daemon/table/playing_table.h"
#include "tests/daemon/recording_sink.h"
#include "tests/daemon/surface_fixture.h"
#include "tests/daemon/temp_directory.h"

namespace arbiter::testing {

// A table in-process for a game made in the test, with one DGT board whose
// device is never opened: board events are fed by hand, time runs by hand.
struct OneBoardTable {
    explicit OneBoardTable(std::unique_ptr<Game> game, uint64_t seed = 0) {
        TableSettings settings;
        BoardSetting board;
        board.name = board.placement.name = "board";
        board.device = {"dgt", scratch.path() + "/no-board-here"};
        board.rotationGiven = true;
        settings.boards.push_back(board);
        settings.session.time = *TimeControl::parse("5+0");
        settings.session.seed = seed;
        settings.settleMs = 100;
        table = openTable(loop, settings, std::move(game), said, error);
    }
    // The board shows `fen` and stays still long enough to be judged.
    void show(const std::string& fen) {
        table->boardDump(0, squaresFromFen(fen));
        time.advance(150);
        loop.runOnce(0);
    }

    TempDirectory scratch{"arbiter-one-board"};
    ManualTimeSource time;
    EventLoop loop{time};
    RecordingSink said;
    std::string error;
    std::unique_ptr<PlayingTable> table;  // nullptr when `error` says why
};

}  // namespace arbiter::testing
