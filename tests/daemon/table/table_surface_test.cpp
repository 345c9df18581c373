// A table is made for its game's options and its surface: a journal begun on
// other cells is not resumed there.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "daemon/table/table.h"
#include "tests/daemon/recording_sink.h"
#include "tests/daemon/temp_directory.h"

namespace arbiter {
namespace {

class TableSurface : public ::testing::Test {
  protected:
    TableSettings skirmishOn(int files, int ranks) {
        TableSettings settings;
        settings.game = "skirmish";
        settings.gameOptions.files = files;
        settings.gameOptions.ranks = ranks;
        for (int across = 0; across < files / 8; ++across) {
            for (int up = 0; up < ranks / 8; ++up) {
                BoardSetting board;
                board.name = board.placement.name =
                    "b" + std::to_string(across) + std::to_string(up);
                board.device = {"dgt", dir + "/" + board.name};
                board.placement.originFile = 8 * across;
                board.placement.originRank = 8 * up;
                settings.boards.push_back(board);
            }
        }
        settings.session.time = *TimeControl::parse("5+3");
        settings.session.journalDir = dir + "/games";
        return settings;
    }
    // Leaves an unfinished game of `settings` in the journal directory.
    void beginGame(const TableSettings& settings) {
        std::string error;
        auto game = makeGame(settings.game, settings.gameOptions, error);
        ASSERT_TRUE(game) << error;
        auto session = Session::begin(*game, settings.session, said, time, error);
        ASSERT_TRUE(session) << error;
    }
    std::string journalText() {
        for (const auto& entry : std::filesystem::directory_iterator(dir + "/games")) {
            std::ifstream in(entry.path());
            return std::string(std::istreambuf_iterator<char>(in), {});
        }
        return {};
    }

    testing::TempDirectory scratch{"arbiter-table-surface"};
    std::string dir = scratch.path();
    ManualTimeSource time;
    EventLoop loop{time};
    testing::RecordingSink said;
};

TEST_F(TableSurface, TheGameIsMadeWithTheTablesOptions) {
    std::string error;
    TableSettings settings = skirmishOn(16, 8);
    settings.gameOptions.values["pieces"] = "5";
    // The open table itself, for its surface.
    auto skirmish = makeGame(settings.game, settings.gameOptions, error);
    ASSERT_TRUE(skirmish) << error;
    auto table = Table::create(loop, settings, std::move(skirmish), said, error);
    ASSERT_TRUE(table) << error;
    EXPECT_EQ(table->surface().boardCount(), 2);
}

TEST_F(TableSurface, OptionsTheGameDoesNotTakeAreRefused) {
    std::string error;
    TableSettings settings = skirmishOn(8, 8);
    settings.gameOptions.values["pices"] = "5";
    EXPECT_FALSE(openTable(loop, settings, said, error));
    EXPECT_EQ(error, "skirmish has no option \"pices\"; its options: pieces");
}

TEST_F(TableSurface, AGameBegunOnOtherCellsIsNotResumed) {
    beginGame(skirmishOn(16, 16));
    std::string before = journalText();
    size_t saidBefore = said.said.size();
    std::string error;
    EXPECT_FALSE(openTable(loop, skirmishOn(8, 8), said, error));
    EXPECT_NE(error.find(": that game is played on 16x16 cells, but this table's skirmish is on "
                         "8x8; start arbiterd without --players, --size and --option to resume "
                         "it with its own, or add --new-game to begin a new game (the unfinished "
                         "game is then closed as abandoned; its journal stays)"),
              std::string::npos)
        << error;
    // Refused before anything was resumed: nothing said, the journal as it was.
    EXPECT_EQ(said.said.size(), saidBefore);
    EXPECT_EQ(journalText(), before);

    // At its own size it goes on.
    auto table = openTable(loop, skirmishOn(16, 16), said, error);
    ASSERT_TRUE(table) << error;
    EXPECT_TRUE(table->session());
}

}  // namespace
}  // namespace arbiter
