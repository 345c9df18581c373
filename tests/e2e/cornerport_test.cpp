// Cornerport through the real programs: a whole game on the one virtual board
// of the default layout, as docs/rules/cornerport.md tells a table to play
// it. White's freighter crosses the deep water to a8, a battle ship is put on
// h1, the port it left, and sinks Black's only ship.
#include "tests/e2e/table_fixture.h"

namespace arbiter::e2e {
namespace {

constexpr const char* kStart = "7b/8/8/8/8/8/8/7B";

class Cornerport : public TableTest {};

TEST_F(Cornerport, WhiteSinksBlacksLastShipWithABattleShipBroughtInByAFreighter) {
    startBoard({"--setup", kStart});
    startDaemonForAGame({"--game", "cornerport", "--player", "Ann", "--player", "Bob"});
    expectSaid("New game of cornerport, 5+3. Ann to move");

    // Ann's freighter takes the diagonal through deep water from h1 to a8;
    // Bob's comes down the h-file.
    playMoves({
        {"h1-g2", "1. freighter h1-g2 (h1-g2)."},
        {"h8-h7", "1... freighter h8-h7 (h8-h7)."},
        {"g2-f3", "2. freighter g2-f3 (g2-f3)."},
        {"h7-h6", "2... freighter h7-h6 (h7-h6)."},
        {"f3-e4", "3. freighter f3-e4 (f3-e4)."},
        {"h6-h5", "3... freighter h6-h5 (h6-h5)."},
        {"e4-d5", "4. freighter e4-d5 (e4-d5)."},
        {"h5-h4", "4... freighter h5-h4 (h5-h4)."},
        {"d5-c6", "5. freighter d5-c6 (d5-c6)."},
        {"h4-h5", "5... freighter h4-h5 (h4-h5)."},
        {"c6-b7", "6. freighter c6-b7 (c6-b7)."},
        {"h5-h4", "6... freighter h5-h4 (h5-h4)."},
    });
    // A freighter cannot sink anything.
    EXPECT_NE(refusedDo({"b7-h4"}).find(
                  "a freighter never sinks a ship: it moves only onto an empty square"),
              std::string::npos);
    play("b7-a8",
         "7. freighter b7-a8 arrives in port; may place a patrol boat, a battle ship or a "
         "freighter from off the board on h1, or nothing (end) (b7-a8)");
    EXPECT_NE(status().find("Ann may put a ship on h1 (P@h1, R@h1, B@h1) or place nothing"),
              std::string::npos);
    // The placement: a white rook put down on h1 is a battle ship.
    play("put h1 R", "7. places a battle ship on h1 (R@h1)");
    play("h4-h3", "7... freighter h4-h3 (h4-h3).");
    // The battle ship sinks on its second square.
    play("h1xh3", "8. battle ship h1xh3 sinks Bob's freighter (h1xh3)");
    expectSaid("Ann wins");

    // The record numbers the moves as the announcements do, and keeps what
    // was done, not what the mover was told they might do next.
    const std::string record = recordText();
    EXPECT_EQ(record.find("may place"), std::string::npos) << record;
    for (const char* line :
         {"7. White: freighter b7-a8 arrives in port\n", "7. White: places a battle ship on h1\n",
          "7... Black: freighter h4-h3\n", "8. White: battle ship h1xh3 sinks Black's freighter",
          "Result: White wins (Black has no ship left on the board)",
          "Ships on the board: White 2, Black 0"}) {
        EXPECT_NE(record.find(line), std::string::npos) << line << "\n" << record;
    }
}

// Bob's freighter steps onto the battle ship Ann has just put on h1, which a
// freighter never may. Bob puts it right in the natural order: his freighter
// back on h2 first, which shows the position before the battle ship came,
// then the battle ship back on h1. That passing position is no takeback: the
// placement is neither taken back nor announced again, and play goes on.
TEST_F(Cornerport, FixingInTheNaturalOrderPassesThroughThePositionBeforeWithoutATakeback) {
    startBoard({"--setup", kStart});
    startDaemonForAGame({"--game", "cornerport", "--player", "Ann", "--player", "Bob"});
    expectSaid("New game of cornerport, 5+3. Ann to move");
    playMoves({
        {"h1-g2", "1. freighter h1-g2 (h1-g2)."},
        {"h8-h7", "1... freighter h8-h7 (h8-h7)."},
        {"g2-f3", "2. freighter g2-f3 (g2-f3)."},
        {"h7-h6", "2... freighter h7-h6 (h7-h6)."},
        {"f3-e4", "3. freighter f3-e4 (f3-e4)."},
        {"h6-h5", "3... freighter h6-h5 (h6-h5)."},
        {"e4-d5", "4. freighter e4-d5 (e4-d5)."},
        {"h5-h4", "4... freighter h5-h4 (h5-h4)."},
        {"d5-c6", "5. freighter d5-c6 (d5-c6)."},
        {"h4-h3", "5... freighter h4-h3 (h4-h3)."},
        {"c6-b7", "6. freighter c6-b7 (c6-b7)."},
        {"h3-h2", "6... freighter h3-h2 (h3-h2)."},
        {"b7-a8", "7. freighter b7-a8 arrives in port"},
        {"put h1 R", "7. places a battle ship on h1 (R@h1)"},
    });
    const size_t before = daemon_->lines().size();
    play("h2xh1", "h1");  // the battle ship knocked off the board
    play("wait 500\nremove h1\nwait 500\nput h2 b\nwait 500\nput h1 R", "correct again");
    play("h2-g1", "7... freighter h2-g1 (h2-g1).");
    const std::vector<std::string>& lines = daemon_->lines();
    for (size_t i = before; i < lines.size(); ++i) {
        EXPECT_EQ(lines[i].find("Takeback"), std::string::npos) << lines[i];
        EXPECT_EQ(lines[i].find("places a battle ship"), std::string::npos) << lines[i];
    }
}

}  // namespace
}  // namespace arbiter::e2e
