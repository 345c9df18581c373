// The table in-process for the tests of one table: one board at a device
// that is not there, 5+3, a journal folder of the test's own, time by hand.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "daemon/table/table.h"
#include "tests/daemon/surface_fixture.h"
#include "tests/daemon/temp_directory.h"

namespace arbiter {

namespace fs = std::filesystem;
using testing::squaresFromFen;

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

class Said : public AnnouncementSink {
  public:
    void announce(const Announcement& a) override { all.push_back(a); }
    bool has(AnnouncementType type) const {
        for (const auto& a : all) {
            if (a.type == type) return true;
        }
        return false;
    }
    std::vector<Announcement> all;
};

class TableTest : public ::testing::Test {
  protected:
    // One board at a device that is not there, 5+3, the test's journal folder.
    TableSettings settings() const {
        TableSettings s;
        BoardSetting board;
        board.name = board.placement.name = "board";
        board.device = {"dgt", dir + "/no-board-here"};
        s.boards.push_back(board);
        s.session.time = *TimeControl::parse("5+3");
        s.session.journalDir = dir + "/games";
        s.settleMs = 100;
        return s;
    }
    void SetUp() override {
        std::string error;
        table = openTable(loop, settings(), said, error);
        ASSERT_TRUE(table) << error;
    }
    void TearDown() override { table.reset(); }
    // The board shows `fen` and stays still long enough to be judged.
    void show(const std::string& fen) {
        table->boardDump(0, squaresFromFen(fen));
        time.advance(150);
        loop.runOnce(0);
    }
    void startGame() {
        show(kStart);
        ASSERT_TRUE(said.has(AnnouncementType::Start));
    }

    testing::TempDirectory scratch{"arbiter-table"};
    std::string dir = scratch.path();
    ManualTimeSource time;
    EventLoop loop{time};
    Said said;
    std::unique_ptr<PlayingTable> table;
};

}  // namespace arbiter
