// A moderated csipgs Chess table in-process, Ann (White) and Bob (Black) at a
// board each: a piece captured is told to its owner as captured, although the
// square it stood on has left their sight with it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "daemon/table/playing_table.h"
#include "tests/daemon/recording_sink.h"
#include "tests/daemon/surface_fixture.h"
#include "tests/daemon/temp_directory.h"

namespace arbiter {
namespace {

// Black to move: his Rook on d8 sees White's Knight on d4 down the d file.
constexpr const char* kRookSeesKnight =
    "3rk3/8/8/8/3N4/8/8/4K3 b 0,1 K=5:WF+royal,N=3:N,k=5:WF+royal,r=2:R - "
    "fmWfcF,R,N,B,WF+royal,BR fmWfcF,R,N,B,WF+royal,BR";

class ModeratedCapture : public ::testing::Test {
  protected:
    void SetUp() override {
        TableSettings settings;
        settings.game = "csipgs";
        settings.gameOptions.values["moderated"] = "on";
        for (const char* name : {"white", "black"}) {
            BoardSetting board;
            board.name = board.placement.name = name;
            board.device = {"dgt", scratch.path() + "/no-board-" + name};
            board.rotationGiven = true;
            settings.boards.push_back(board);
        }
        settings.session.time = *TimeControl::parse("5+0");
        settings.session.players = {"Ann", "Bob"};
        settings.session.journalDir = scratch.path() + "/games";
        settings.settleMs = 100;
        settings.secrets = {"ann-secret", "bob-secret"};
        std::filesystem::create_directories(settings.session.journalDir);
        const nlohmann::json header = {{"type", "game"},   {"version", 1},
                                       {"game", "csipgs"}, {"start", kRookSeesKnight},
                                       {"time", "5+0"},    {"players", {"Ann", "Bob"}}};
        std::ofstream(settings.session.journalDir + "/loaded.jsonl") << header.dump() << "\n";
        std::string error;
        table = openTable(loop, settings, said, error);
        ASSERT_TRUE(table) << error;
    }
    void TearDown() override { table.reset(); }
    void show(int seat, const std::string& fen) {
        table->boardDump(seat, testing::squaresFromFen(fen));
        time.advance(150);
        loop.runOnce(0);
    }
    std::string textsHeardBy(int seat, size_t from) const {
        std::string text;
        for (size_t i = from; i < said.said.size(); ++i) {
            if (said.said[i].audience == seat) text += said.said[i].text + "\n";
        }
        return text;
    }

    testing::TempDirectory scratch{"arbiter-moderated-capture"};
    ManualTimeSource time;
    EventLoop loop{time};
    testing::RecordingSink said;
    std::unique_ptr<PlayingTable> table;
};

TEST_F(ModeratedCapture, ACapturedPieceIsToldAsCapturedNotAsOutOfSight) {
    ASSERT_TRUE(table->session());
    show(0, "8/8/8/8/3N4/8/8/4K3");
    show(1, "3rk3/8/8/8/3N4/8/8/8");
    ASSERT_EQ(table->session()->ply(), 0);
    const size_t from = said.said.size();
    show(1, "4k3/8/8/8/3r4/8/8/8");  // Rd8xd4
    ASSERT_EQ(table->session()->ply(), 1) << textsHeardBy(1, from);
    const std::string ann = textsHeardBy(0, from);
    EXPECT_NE(ann.find("your white knight on d4 was captured: take it off"), std::string::npos)
        << ann;
    EXPECT_EQ(ann.find("out of your sight"), std::string::npos) << ann;
}

}  // namespace
}  // namespace arbiter
