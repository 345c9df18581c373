#pragma once

// A table of one game in-process, on the boards of the game's default layout,
// each at a device that is not there: the test plays the boards' part through
// the table's BoardEvents, and time is a manual clock.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "daemon/config/configuration.h"
#include "daemon/session/session.h"
#include "daemon/table/playing_table.h"
#include "tests/daemon/recording_sink.h"
#include "tests/daemon/temp_directory.h"

namespace arbiter::testing {

class GameTableTest : public ::testing::Test {
  protected:
    // Where a cell of the game lies: which board, and which of its squares (0 = a8).
    struct Spot {
        int board = -1;
        int square = -1;
    };

    GameTableTest(std::string gameName, Geometry geometry)
        : name(std::move(gameName)),
          cells(std::move(geometry)),
          boards(virtualBoardsCovering(cells)),
          scratch("arbiter-" + name + "-table") {}
    void TearDown() override { table.reset(); }

    // Settings for a table of this game on its boards, read by the devices
    // that are not there; Ann and Bob play 5+0 and the journal is the test's.
    TableSettings settings() const {
        TableSettings s;
        s.game = name;
        for (BoardSetting board : boards) {
            board.device = {"dgt", scratch.path() + "/no-board-" + board.name};
            s.boards.push_back(board);
        }
        s.session.time = *TimeControl::parse("5+0");
        s.session.players = std::vector<std::string>{"Ann", "Bob"};
        s.session.journalDir = journalDir;
        s.settleMs = 100;
        return s;
    }
    // The table, and `game` made with the same options to load positions with.
    void create(const TableSettings& s) {
        table = openTable(loop, s, said, error);
        ASSERT_TRUE(table) << error;
        std::string why;
        game = makeGame(name, s.gameOptions, why);
        ASSERT_TRUE(game) << why;
    }

    // The board and square a cell ("e6") lies on, through the placements.
    Spot spotOf(const std::string& cellName) const {
        const Cell cell = *cells.parse(cellName);
        for (size_t b = 0; b < boards.size(); ++b) {
            for (int s = 0; s < 64; ++s) {
                if (Surface::cellOf(cells, boards[b].placement, s) == cell)
                    return {static_cast<int>(b), s};
            }
        }
        ADD_FAILURE() << cellName << " is on no board";
        return {};
    }
    // Every board shows its share of `state` and stays still to be judged.
    void show(const GameState& state) {
        for (size_t b = 0; b < boards.size(); ++b) {
            BoardSquares squares{};
            for (int s = 0; s < 64; ++s) {
                const Cell c = Surface::cellOf(cells, boards[b].placement, s);
                if (c != NoCell) squares[static_cast<size_t>(s)] = state.appearance(c);
            }
            table->boardDump(static_cast<int>(b), squares);
        }
        settle();
    }
    // A position in the game's text, as the journal writes it, shown on the boards.
    void show(const std::string& position) {
        std::string why;
        auto state = game->load(position, why);
        ASSERT_TRUE(state) << why;
        show(*state);
    }
    void settle() {
        time.advance(150);
        loop.runOnce(0);
    }
    // A game that begins at `position`, left in the journal directory for the
    // next table to take up; with a time limit on the whole game if given.
    void journalFrom(const std::string& position, Millis timeLimit = 0) {
        std::filesystem::create_directories(journalDir);
        nlohmann::json header = {{"type", "game"},    {"version", 1},  {"game", name},
                                 {"start", position}, {"time", "5+0"}, {"players", {"Ann", "Bob"}}};
        if (timeLimit > 0) header["limits"] = {{"time", timeLimit}, {"moves", 0}};
        std::ofstream(journalDir + "/loaded.jsonl") << header.dump() << "\n";
    }

    // The last announcement of `type`, or "".
    std::string last(AnnouncementType type) const {
        for (auto a = said.said.rbegin(); a != said.said.rend(); ++a) {
            if (a->type == type) return a->text;
        }
        return "";
    }
    int count(AnnouncementType type) const {
        int n = 0;
        for (const auto& a : said.said) n += a.type == type;
        return n;
    }
    // What `arbiterctl status` shows as the game's report, one line each.
    std::string report() const {
        const nlohmann::json status = table->status();
        std::string text;
        for (const auto& line : status["session"]["report"]) text += line.get<std::string>() + "\n";
        return text;
    }
    // Whether the last announcement of `type` begins with `text`.
    ::testing::AssertionResult saidFirst(AnnouncementType type, const std::string& text) const {
        const std::string was = last(type);
        if (was.rfind(text, 0) == 0) return ::testing::AssertionSuccess();
        return ::testing::AssertionFailure() << "the last " << type << " was \"" << was << "\"";
    }

    const std::string name;
    const Geometry cells;
    const std::vector<BoardSetting> boards;
    TempDirectory scratch;
    std::string journalDir = scratch.path() + "/games";
    ManualTimeSource time;
    EventLoop loop{time};
    RecordingSink said;
    std::string error;
    std::unique_ptr<PlayingTable> table;
    std::unique_ptr<Game> game;
};

}  // namespace arbiter::testing
