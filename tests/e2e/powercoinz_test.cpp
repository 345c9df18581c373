// Power Coinz through the real programs: a coin game without a board, so
// arbiterd runs alone and every action is said with arbiterctl, as
// docs/rules/powercoinz.md tells a table to play it. A fixed --seed makes
// chance's flips and picks the same on every run; the games below were found
// by playing these seeds.
#include <signal.h>

#include "tests/e2e/table_fixture.h"

namespace arbiter::e2e {
namespace {

class Powercoinz : public TableTest {
  protected:
    void startTable(std::vector<std::string> args) {
        args.insert(args.begin(), {"--game", "powercoinz"});
        startDaemonWithout(args);
    }
    // `arbiterctl do WORDS`, which must be done; then waits for each of `said` in turn.
    void say(const std::vector<std::string>& words, const std::vector<std::string>& said) {
        std::vector<std::string> args = {"do"};
        args.insert(args.end(), words.begin(), words.end());
        auto [code, text] = control(args);
        EXPECT_EQ(code, 0) << text;
        for (const auto& line : said) {
            expectSaid(line);
            if (HasFatalFailure()) return;
        }
    }
    static void expectLines(const std::string& text, const std::vector<std::string>& lines) {
        for (const auto& line : lines)
            EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
    }
};

// Ann and Bob, seed c7. Ann's first flip shows all five coins: she wins with
// no duty for Bob. Bob wins the next round, arbiterd is stopped and started
// again, and the game goes on with the same flips; Bob names Ann when none of
// her coins shows and chance picks, a tie is flipped again by the same
// player, and Bob takes Ann's last coin.
TEST_F(Powercoinz, TwoPlayerGameResumedMidwayToTheLastPlayerWithCoins) {
    startTable({"--seed", "c7", "--player", "Ann", "--player", "Bob"});
    expectSaid("New game of powercoinz, 15+10. Ann to move");

    say({"flip"}, {"Ann: flips (flip).", "Chance for Ann: coins 12345 show their rating (15).",
                   "Chance for Bob: coins 12 show their rating (3). Ann wins the round and "
                   "removes an opponent's coin that shows its rating. None of Ann's coins is "
                   "face down: the others have no duty."});
    std::string report = status();
    expectLines(report,
                {"state: 12345,12345 12345,12 remove 1", "toMove: 0", "ply: 3",
                 "- Ann: coins 12345, showing 12345 (15)", "- Bob: coins 12345, showing 12 (3)",
                 "- Ann won the round. None of Ann's coins is face down: the others "
                 "have no duty",
                 "scores: 5, 5"});
    // The winner removes before anyone flips, and only a coin that shows.
    expectLines(refusedDo({"flip"}), {"\"flip\": Ann won the round and removes a coin first; "
                                      "legal now: remove 2:1, remove 2:2"});
    expectLines(refusedDo({"remove", "3"}),
                {"\"remove 3\": Bob's coin 3 is face down: remove a coin that shows its rating"});
    expectLines(refusedDo({"remove", "1:2"}),
                {"\"remove 1:2\": you remove an opponent's coin, not your own"});
    // Nothing of that reached the game.
    expectLines(status(), {"state: 12345,12345 12345,12 remove 1", "ply: 3"});
    // With two players "remove 2" is the opponent's coin 2.
    say({"remove", "2"}, {"Ann: removes Bob's coin 2 (remove 2:2)."});

    say({"flip"}, {"Ann: flips (flip).", "Chance for Ann: coins 2 show their rating (2).",
                   "Chance for Bob: coins 34 show their rating (7). Bob wins the round and "
                   "removes an opponent's coin that shows its rating. The others must do what "
                   "Bob's face-down coins say: coin 1: sing one line of a song the winner "
                   "chooses; coin 5: tell the table a joke; the winner judges it."});
    expectLines(refusedDo({"remove", "1:2", "--player", "1"}), {"it is not Ann's turn"});
    say({"remove", "1:2"}, {"Bob: removes Ann's coin 2 (remove 1:2)."});

    // Stopped between rounds, started again on the same journal without a
    // seed or names: the journal has both.
    daemon_->signal(SIGTERM);
    EXPECT_EQ(daemon_->wait(std::chrono::milliseconds(3000)), 0);
    EXPECT_NE(daemon_->transcript().find("stopping; the game stays in"), std::string::npos)
        << daemon_->transcript();
    startTable({});
    expectSaid("-powercoinz.jsonl. Bob to move after 4 turns.");
    // A resumed game is announced as the table is set up, before the socket
    // opens: arbiterctl is used once it has.
    expectSaid("control socket: ");
    expectLines(status(),
                {"players: Ann, Bob", "state: 1345,1345 -,34 flip 2", "toMove: 1", "scores: 4, 4"});

    // None of Ann's coins shows: Bob names her and chance picks one.
    say({"flip"}, {"Bob: flips (flip).", "Chance for Ann: no coin shows its rating (0).",
                   "Chance for Bob: coins 13 show their rating (4). Bob wins the round and "
                   "removes a face-down coin of an opponent, picked by chance. The others must "
                   "do what Bob's face-down coins say: coin 4: hop on one foot until the next "
                   "round is decided; coin 5: tell the table a joke; the winner judges it."});
    expectLines(refusedDo({"remove", "1:3"}),
                {"no opponent's coin shows its rating: name an opponent (remove 1) and chance "
                 "picks one of their coins; legal now: remove 1"});
    say({"remove", "1"}, {"Bob: names Ann: chance picks one of their face-down coins (remove 1).",
                          "Chance for Bob: Ann's coin 3 is picked and removed."});

    say({"flip"}, {"Chance for Ann: coins 1 show their rating (1).",
                   "Chance for Bob: coins 13 show their rating (4). Bob wins the round"});
    say({"remove", "1:1"}, {"Bob: removes Ann's coin 1 (remove 1:1)."});

    // A tie for the highest decides nothing: Bob, who flipped, flips again.
    say({"flip"}, {"Chance for Ann: coins 4 show their rating (4).",
                   "Chance for Bob: coins 4 show their rating (4). A tie for the highest: flip "
                   "again."});
    expectLines(status(), {"state: 45,1345 4,4 flip 2", "toMove: 1",
                           "- The round was a tie for the highest: flip again"});
    say({"flip"}, {"Bob: flips (flip).", "Chance for Ann: coins 45 show their rating (9).",
                   "Chance for Bob: coins 1345 show their rating (13). Bob wins the round and "
                   "removes an opponent's coin that shows its rating. None of Bob's coins is "
                   "face down: the others have no duty."});
    say({"remove", "5"}, {"Bob: removes Ann's coin 5 (remove 1:5)."});

    say({"flip"}, {"Chance for Ann: no coin shows its rating (0).",
                   "Chance for Bob: coins 5 show their rating (5). Bob wins the round and "
                   "removes a face-down coin of an opponent, picked by chance."});
    say({"remove", "1"}, {"Chance for Bob: Ann's coin 4 is picked and removed.",
                          "Game over: the last player with coins. Bob wins. Scores: Ann 0, Bob 4.",
                          "Say arbiterctl new-game to begin a new game."});

    expectLines(status(), {"over: true", "reason: the last player with coins", "winners: 1",
                           "scores: 0, 4", "inGame: false, true", "- Ann: out of coins",
                           "- Bob: coins 1345", "state: -,1345 -,5 flip 2"});
    expectLines(refusedDo({"flip"}), {"no game is in progress"});

    // One journal, its seed written once, every flip and pick in it.
    auto journal = journalLines();
    ASSERT_FALSE(journal.empty());
    EXPECT_NE(journal.front().find("\"seed\":\"00000000000000c7\""), std::string::npos)
        << journal.front();
    size_t headers = 0;
    for (const auto& line : journal) headers += line.find("\"type\":\"game\"") != std::string::npos;
    EXPECT_EQ(headers, 1u);
    std::string all;
    for (const auto& line : journal) all += line + "\n";
    expectLines(all, {"\"action\":\"shows:12345\"", "\"action\":\"remove 1\"",
                      "\"action\":\"picks:3\"", "\"action\":\"picks:4\""});

    std::string record = recordText();
    expectLines(record,
                {"[Player1 \"Ann\"]", "[Player2 \"Bob\"]", "[Start \"12345,12345 ?,? flip 1\"]",
                 "1. Player 1: flips\n", "2. Player 1: coins 12345 show their rating (15)\n",
                 "4. Player 1: removes Player 2's coin 2\n",
                 "12. Player 2: names Player 1: chance picks one of their face-down coins\n",
                 "13. Player 2: Player 1's coin 3 is picked and removed\n",
                 "A tie for the highest: flip again\n",
                 "Result: Player 2 wins (the last player with coins)\n"});
}

// Ann, Bob and Cy, seed e. Removals name the seat and the coin (remove 2:5);
// two players tie for the highest and the flipper flips again; Ann goes out
// to a blind pick and the last rounds are Bob's and Cy's alone.
// A takeback of a flip undoes chance's flips with it and names whose move it
// was; flipping again throws the same coins, so a takeback buys no new throw.
TEST_F(Powercoinz, ATakebackSaysWhoseMoveItUndidAndTheSameFlipComesAgain) {
    startTable({"--seed", "c7", "--player", "Ann", "--player", "Bob"});
    expectSaid("New game of powercoinz, 15+10. Ann to move");
    say({"flip"}, {"Ann: flips (flip).", "Chance for Ann: coins 12345 show their rating (15)."});
    auto [code, text] = control({"takeback"});
    EXPECT_EQ(code, 0) << text;
    expectSaid("Takeback of Ann's move: flips. Ann to move.");
    say({"flip"}, {"Ann: flips (flip).", "Chance for Ann: coins 12345 show their rating (15)."});
}

TEST_F(Powercoinz, ThreePlayerGameToTheLastPlayerWithCoins) {
    startTable(
        {"--players", "3", "--seed", "e", "--player", "Ann", "--player", "Bob", "--player", "Cy"});
    expectSaid("New game of powercoinz, 15+10. Ann to move");
    say({"flip"}, {"Chance for Ann: coins 5 show their rating (5).",
                   "Chance for Bob: coins 245 show their rating (11).",
                   "Chance for Cy: coins 3 show their rating (3). Bob wins the round and removes "
                   "an opponent's coin that shows its rating. The others must do what Bob's "
                   "face-down coins say: coin 1: sing one line of a song the winner chooses; "
                   "coin 3: say something kind about the winner."});
    // With more than two, a coin is named with its seat: "remove N" names seat N.
    expectLines(refusedDo({"remove", "5"}), {"\"remove 5\": there is no such opponent in play; "
                                             "legal now: remove 1:5, remove 3:3"});
    expectLines(refusedDo({"remove", "3"}),
                {"\"remove 3\": an opponent's coin shows its rating: remove one of those by its "
                 "rating; legal now: remove 1:5, remove 3:3"});
    say({"remove", "1:5"}, {"Bob: removes Ann's coin 5 (remove 1:5)."});
    say({"flip"}, {"Bob: flips (flip).",
                   "Chance for Cy: coins 135 show their rating (9). Cy "
                   "wins the round"});
    say({"remove", "2:5"}, {"Cy: removes Bob's coin 5 (remove 2:5)."});
    say({"flip"}, {"Chance for Cy: coins 2 show their rating (2). Ann wins the round"});
    say({"remove", "2:4"}, {"Ann: removes Bob's coin 4 (remove 2:4)."});
    // Ann and Cy tie at 6, above Bob's 3: Ann flips again.
    say({"flip"}, {"Chance for Ann: coins 123 show their rating (6).",
                   "Chance for Bob: coins 3 show their rating (3).",
                   "Chance for Cy: coins 24 show their rating (6). A tie for the highest: flip "
                   "again."});
    say({"flip"}, {"Ann: flips (flip).", "Cy wins the round"});
    say({"remove", "1:4"}, {"Cy: removes Ann's coin 4 (remove 1:4)."});
    say({"flip"}, {"Cy wins the round"});
    say({"remove", "1:3"}, {"Cy: removes Ann's coin 3 (remove 1:3)."});
    say({"flip"}, {"Cy wins the round"});
    say({"remove", "2:2"}, {"Cy: removes Bob's coin 2 (remove 2:2)."});
    say({"flip"}, {"Cy wins the round"});
    say({"remove", "1:1"}, {"Cy: removes Ann's coin 1 (remove 1:1)."});
    expectLines(status(), {"state: 2,13,12345 -,-,14 flip 3", "scores: 1, 2, 5"});
    say({"flip"}, {"Chance for Ann: no coin shows its rating (0).",
                   "Chance for Bob: no coin shows its rating (0).",
                   "Chance for Cy: coins 3 show their rating (3). Cy wins the round and removes "
                   "a face-down coin of an opponent, picked by chance."});
    // Cy names Ann; her last coin goes and she is out.
    say({"remove", "1"}, {"Cy: names Ann: chance picks one of their face-down coins (remove 1).",
                          "Chance for Cy: Ann's coin 2 is picked and removed."});
    expectLines(status(), {"inGame: false, true, true", "- Ann: out of coins"});
    expectLines(refusedDo({"remove", "1:2"}), {"the coins are to be flipped now: say flip"});
    // Ann's team is no longer flipped.
    say({"flip"}, {"Cy: flips (flip).", "Chance for Bob: coins 1 show their rating (1).",
                   "Chance for Cy: coins 2 show their rating (2). Cy wins the round"});
    expectLines(refusedDo({"remove", "1:1"}), {"there is no such opponent in play"});
    say({"remove", "2:1"}, {"Cy: removes Bob's coin 1 (remove 2:1)."});
    say({"flip"}, {"Chance for Bob: coins 3 show their rating (3).",
                   "Chance for Cy: coins 34 show their rating (7). Cy wins the round"});
    say({"remove", "2:3"}, {"Cy: removes Bob's coin 3 (remove 2:3).",
                            "Game over: the last player with coins. Cy wins. Scores: Ann 0, Bob "
                            "0, Cy 5."});

    expectLines(status(),
                {"over: true", "winners: 2", "scores: 0, 0, 5", "state: -,-,12345 ?,-,34 flip 3",
                 "- Ann: out of coins", "- Bob: out of coins"});
    expectLines(recordText(), {"[Player3 \"Cy\"]", "[Start \"12345,12345,12345 ?,?,? flip 1\"]",
                               "5. Player 2: removes Player 1's coin 5\n",
                               "Result: Player 3 wins (the last player with coins)\n"});
}

}  // namespace
}  // namespace arbiter::e2e
