// Sandkings through the real programs: a whole game on the virtual board of
// `arbiterd --game sandkings`, as docs/rules/sandkings.md tells a table to
// play it. Steps are typed as fast as the board takes them, never waiting for
// the settle time; a turn ends with its last step, with `arbiterctl do end`,
// or when the next player steps; what a sting cuts off is taken off when
// arbiter says so.
#include "tests/e2e/table_fixture.h"

namespace arbiter::e2e {
namespace {

class Sandkings : public SeveralBoardsTest {
  protected:
    // The board of `arbiterd --game sandkings`, and arbiterd on it with the
    // default settle time of 300 ms: far longer than the steps below take.
    void open() {
        startBoards({"main"}, {"--game", "sandkings"});
        daemon_ = std::make_unique<ChildProcess>(std::vector<std::string>{
            ARBITERD, "--journal", journalDir_, "--socket", socket_, "--time", "10+5", "--game",
            "sandkings", "--player", "Ann", "--player", "Bob"});
        seen_ = 0;
    }
    // A turn's steps typed in one go, 120 ms apart (the board scans every 50
    // ms), so the board is never still for the settle time until the turn is
    // over; each is announced as it is made.
    void steps(const std::vector<std::pair<std::string, std::string>>& made) {
        std::string typed;
        for (const auto& [step, said] : made) {
            if (!step.empty()) typed += step + "\nwait 120\n";
        }
        boards_[0]->send(typed);
        for (const auto& [step, said] : made) {
            expectSaid(said);
            if (HasFatalFailure()) return;
        }
    }
};

TEST_F(Sandkings, AnnStingsBobsBodyInHerFourthTurn) {
    open();
    expectSaid(
        "Waiting for the start position of sandkings: white bishop (a stinger) on a1; white pawn "
        "(a vertebra) on b1, a2, c2, b3; white rook (a body) on b2; black pawn (a vertebra) on "
        "g6, f7, h7, g8; black rook (a body) on g7; black bishop (a stinger) on h8.");
    expectSaid("New game of sandkings, 10+5. Ann to move");

    // Ann's creature heads for the centre, stinger first.
    steps({{"b2-c3", "1. body b2-c3 (b2-c3)."},
           {"a1-b2", "1. stinger a1-b2 (a1-b2)."},
           {"c2-d3", "1. vertebra c2-d3 (c2-d3)."},
           {"c3-c4", "1. body c3-c4 (c3-c4)."},
           {"b2-c3", "1. stinger b2-c3 (b2-c3)."},
           {"c3-d4", "1. stinger c3-d4 (c3-d4)."}});
    // Bob lays a tail out to e5 in five steps and ends his turn by saying so.
    steps({{"f7-f6", "1... vertebra f7-f6 (f7-f6)."},
           {"f6-f5", "1... vertebra f6-f5 (f6-f5)."},
           {"g8-f7", "1... vertebra g8-f7 (g8-f7)."},
           {"f7-f6", "1... vertebra f7-f6 (f7-f6)."},
           {"f6-e5", "1... vertebra f6-e5 (f6-e5)."}});
    auto [code, out] = control({"do", "end"});
    ASSERT_EQ(code, 0) << out;
    expectSaid("1... ends the turn (end).");
    // A step that would leave a piece behind is refused when said.
    EXPECT_NE(refusedDo({"d3-e2"}).find("cut off"), std::string::npos) << refusedDo({"d3-e2"});

    // Ann stings the tail where it hangs: e5 is cut off with it.
    steps({{"b1-c2", "2. vertebra b1-c2 (b1-c2)."},
           {"c4-d5", "2. body c4-d5 (c4-d5)."},
           {"d5-e4", "2. body d5-e4 (d5-e4)."},
           {"d4-e3", "2. stinger d4-e3 (d4-e3)."},
           {"e3-f4", "2. stinger e3-f4 (e3-f4)."},
           {"f4xf5",
            "2. stinger f4xf5 stings Bob's vertebra; cut off: Bob's vertebra on e5 (f4xf5), takes "
            "the black pawn (a vertebra) on f5."}});
    expectSaid("Now take the black pawn (a vertebra) off e5.");
    boards_[0]->send("remove e5\n");
    std::string report = status();
    EXPECT_NE(report.find("Bob"), std::string::npos) << report;

    // Bob steps once; Ann's next step ends his turn for him.
    steps({{"h8-g8", "2... stinger h8-g8 (h8-g8)."}});
    steps({{"a2-b2", "2... ends the turn (end)."},
           {"", "3. vertebra a2-b2 (a2-b2)."},
           {"b2-c3", "3. vertebra b2-c3 (b2-c3)."},
           {"b3-c4", "3. vertebra b3-c4 (b3-c4)."},
           {"c3-d4", "3. vertebra c3-d4 (c3-d4)."},
           {"e4-e5", "3. body e4-e5 (e4-e5)."},
           {"f5-f6", "3. stinger f5-f6 (f5-f6)."}});
    steps({{"g8-h8", "3... stinger g8-h8 (g8-h8)."}});
    // The stinger reaches the body with the vertebrae behind it.
    steps({{"c2-d2", "3... ends the turn (end)."},
           {"", "4. vertebra c2-d2 (c2-d2)."},
           {"c4-d5", "4. vertebra c4-d5 (c4-d5)."},
           {"d5-e6", "4. vertebra d5-e6 (d5-e6)."},
           {"f6-f7", "4. stinger f6-f7 (f6-f7)."},
           {"e6-f6", "4. vertebra e6-f6 (e6-f6)."},
           {"f7xg7",
            "4. stinger f7xg7 stings Bob's body; Bob's creature dies: take off its stinger on h8, "
            "vertebrae on g6 h7 (f7xg7), takes the black rook (a body) on g7."}});
    expectSaid("Game over: only Ann's creature is left. Ann wins. Scores: Ann 6, Bob 0.");
    const std::string record = recordText();
    for (const char* line :
         {"2. White: stinger f4xf5 stings Black's vertebra; cut off: Black's "
          "vertebra on e5\n",
          "2... Black: ends the turn\n", "4. White: stinger f7xg7 stings Black's body",
          "Result: White wins (only White's creature is left)\n", "Parts left: White 6, Black 0\n"})
        EXPECT_NE(record.find(line), std::string::npos) << line << "\n" << record;
}

}  // namespace
}  // namespace arbiter::e2e
