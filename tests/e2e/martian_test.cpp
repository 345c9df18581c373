// Martian Chess through the real programs: whole games on the virtual board in
// the default layout (one board; two players use its a1-d8 half, four all of
// it), as docs/rules/martian.md tells a table to play it.
#include "tests/e2e/table_fixture.h"

namespace arbiter::e2e {
namespace {

// The start with the default stand-ins: drones knights, queens queens, all white.
constexpr const char* kTwoPlayerStart = "1NQQ4/1PNQ4/1PPN4/8/8/NPP5/QNP5/QQN5";
constexpr const char* kFourPlayerStart = "QQN2NQQ/QNP2PNQ/NPP2PPN/8/8/NPP2PPN/QNP2PNQ/QQN2NQQ";

class Martian : public TableTest {};

// Ann empties her own territory in twelve moves: crossings, captures (one a
// queen taken by a queen that Bob shows with a king, since a set has two
// queens), a rook and a black pawn standing in, and with field promotion a
// drone and a pawn merged into a queen once her queens have all gone over.
TEST_F(Martian, TwoPlayerGameEndsWhenATerritoryEmpties) {
    startBoard({"--setup", kTwoPlayerStart});
    startDaemonForAGame({"--game", "martian", "--option", "field-promotion=on", "--player", "Ann",
                         "--player", "Bob"});
    expectSaid(
        "Waiting for the start position of martian: queen (queen or king or bishop) on a1, b1, "
        "a2, d7, c8, d8; drone (knight or rook) on c1, b2, a3, d6, c7, b8; pawn on c2, b3, c3, "
        "b6, c6, b7.");
    expectSaid("New game of martian, 5+3. Ann to move");

    play("a3-a5", "1. drone a3-a5 crosses into Bob's territory (a3-a5).");
    play("d6-d5", "1... drone d6-d5 (d6-d5).");
    play("a2xa5",
         "2. queen a2xa5 for 2 points, 2 in all (a2xa5), takes the drone (knight or rook) "
         "on a5.");
    // No undo: Bob may not move the queen that just came over straight back.
    EXPECT_NE(refusedDo({"a5-a2"}).find("no undo: the piece just moved across the canal to a5 "
                                        "may not go straight back to a2"),
              std::string::npos);
    // A queen takes a queen: the board sees the taken one lifted and a king put
    // down. The taken queen goes aside onto h1, off the half in play.
    play("lift a5\nremove a1\nwait 300\nplace a1 K\nput h1 Q",
         "2... queen a5xa1 for 3 points, 3 in all (a5xa1), takes the queen (queen or king or "
         "bishop) on a1.");
    std::string report = status();
    for (const char* line :
         {"Scores: Ann 2, Bob 3", "Territories: Ann a1-d4 (7 pieces), Bob a5-d8 (9 pieces)",
          "No undo: the queen on a1 may not go straight back to a5", "Field promotion is played"}) {
        EXPECT_NE(report.find(line), std::string::npos) << line << "\n" << report;
    }
    EXPECT_NE(refusedDo({"a1-a5"}).find("no undo: the piece just moved across the canal to a1 "
                                        "may not go straight back to a5"),
              std::string::npos);

    play("a1-a6", "3. queen a1-a6 crosses into Bob's territory (a1-a6).");
    play("b8-a8", "3... drone b8-a8 (b8-a8).");
    play("remove b3\nput a4 p", "4. pawn b3-a4 (b3-a4).");  // a black pawn will do
    play("d5-d6", "4... drone d5-d6 (d5-d6).");
    play("a4-b5", "5. pawn a4-b5 crosses into Bob's territory (a4-b5).");
    play("a8-b8", "5... drone a8-b8 (a8-b8).");
    play("c3-d4", "6. pawn c3-d4 (c3-d4).");
    play("d6xd4", "6... drone d6xd4 for 1 point, 4 in all (d6xd4), takes the pawn on d4.");
    // A drone goes straight, never diagonally.
    play("b2-c3",
         "Illegal position: b2-c3 (that is not a move: a drone moves one or two squares "
         "straight, not jumping). To fix: put a drone (knight or rook) on b2; take the drone "
         "(knight or rook) off c3.");
    play("c3-b2", "The position is correct again. Ann to move.");
    play("remove b2\nput b4 R", "7. drone b2-b4 (b2-b4).");  // and so will a rook
    play("b8-a8", "7... drone b8-a8 (b8-a8).");
    play("b4xb5", "8. drone b4xb5 for 1 point, 3 in all (b4xb5), takes the pawn on b5.");
    play("a8-b8", "8... drone a8-b8 (a8-b8).");
    play("b1xb5",
         "9. queen b1xb5 for 2 points, 5 in all (b1xb5), takes the drone (knight or rook) "
         "on b5.");
    play("b8-a8", "9... drone b8-a8 (b8-a8).");
    play("d4-d5", "10. drone d4-d5 crosses into Bob's territory (d4-d5).");
    play("a8-b8", "10... drone a8-b8 (a8-b8).");
    // Ann has no queen left: drone and pawn come off, a bishop stands for the queen they make.
    play("remove c1\nremove c2\nwait 300\nput c2 B",
         "11. drone c1 merges with the pawn on c2 into a queen (c1-c2=Q).");
    play("b8-a8", "11... drone b8-a8 (b8-a8).");
    report = status();
    EXPECT_NE(report.find("Territories: Ann a1-d4 (1 piece), Bob a5-d8 (11 pieces)"),
              std::string::npos)
        << report;
    play("c2xc6", "12. queen c2xc6 for 1 point, 6 in all (c2xc6), takes the pawn on c6.");
    expectSaid("Game over: Ann's territory is empty; 6 to 4. Ann wins. Scores: Ann 6, Bob 4.");

    report = status();
    EXPECT_NE(report.find("Scores: Ann 6, Bob 4"), std::string::npos) << report;
    EXPECT_NE(report.find("reason: Ann's territory is empty; 6 to 4"), std::string::npos) << report;
    std::string record = recordText();
    for (const char* line :
         {"[Player1 \"Ann\"]", "[Start \"1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 1 0,0 - -\"]",
          "1. Player 1: drone a3-a5 crosses into Player 2's territory\n",
          "2... Player 2: queen a5xa1 for 3 points, 3 in all\n",
          "11. Player 1: drone c1 merges with the pawn on c2 into a queen\n",
          "12. Player 1: queen c2xc6 for 1 point, 6 in all\n",
          "Result: Player 1 wins (Player 1's territory is empty; 6 to 4)\n",
          "Scores: Player 1 6, Player 2 4\n"}) {
        EXPECT_NE(record.find(line), std::string::npos) << line << "\n" << record;
    }
}

// A pawn takes a pawn: the square reads a pawn before and after, so the board
// sees only Ann's pawn lifted, which may still be in her hand. Bob answers at
// once, before any hint: his move shows the capture made, and both are
// announced in turn, with no word of an illegal position.
TEST_F(Martian, AHiddenCaptureAnsweredAtOnceIsAnnouncedWithTheAnswer) {
    startBoard({"--setup", kTwoPlayerStart});
    startDaemonForAGame({"--game", "martian", "--player", "Ann", "--player", "Bob"});
    expectSaid("New game of martian, 5+3. Ann to move");
    play("c3-d4", "1. pawn c3-d4 (c3-d4).");
    play("b6-c5", "1... pawn b6-c5 (b6-c5).");
    const size_t before = daemon_->lines().size();
    board_->send("d4xc5\nwait 500\nd6-d5\n");
    expectSaid("2. pawn d4xc5 for 1 point, 1 in all (d4xc5), takes the pawn on c5.");
    expectSaid("2... drone d6-d5 (d6-d5).");
    play("c2-d3", "3. pawn c2-d3 (c2-d3).");
    const std::vector<std::string>& lines = daemon_->lines();
    for (size_t i = before; i < lines.size(); ++i)
        EXPECT_EQ(lines[i].find("llegal"), std::string::npos) << lines[i];
}

// Four players, partners opposite: Ann (a1) with Cy (h8), Bob (a8) with Dee
// (h1). Ann empties her quadrant in twelve moves while the others take what
// comes their way; the teams end level, so the one who emptied a territory
// wins with her partner. Bob calls the clock near the end, too late for it to run out.
TEST_F(Martian, FourPlayerGameEndsWhenATerritoryEmptiesAndTheEmptierWinsATie) {
    startBoard({"--setup", kFourPlayerStart});
    startDaemonForAGame({"--game", "martian", "--players", "4", "--option", "calling-clock=on",
                         "--player", "Ann", "--player", "Bob", "--player", "Cy", "--player",
                         "Dee"});
    expectSaid(
        "Waiting for the start position of martian: queen (queen or king or bishop) on a1, b1, "
        "g1, h1, a2, h2, a7, h7, a8, b8, g8, h8; drone (knight or rook) on c1, f1, b2, g2, a3, "
        "h3, a6, h6, b7, g7, c8, f8; pawn on c2, f2, b3, c3, f3, g3, b6, c6, f6, g6, c7, f7.");
    expectSaid("New game of martian, 5+3. Ann to move");

    play("a3-a5", "Ann: drone a3-a5 crosses into Bob's territory (a3-a5).");
    play("c7-d6", "Bob: pawn c7-d6 (c7-d6).");
    play("h6-h5", "Cy: drone h6-h5 (h6-h5).");
    play("h3-h4", "Dee: drone h3-h4 (h3-h4).");
    play("a2xa5",
         "Ann: queen a2xa5 for 2 points, 2 in all (a2xa5), takes the drone (knight or rook) "
         "on a5.");
    // Bob may move only what stands in his own quadrant.
    play("f6-e5", "'s turn). To fix: take the pawn off e5; put a pawn on f6.");
    play("e5-f6", "The position is correct again. Bob to move.");
    // The queen that just came over is Bob's now: he takes Ann's pawn with it.
    play("a5xc3", "Bob: queen a5xc3 for 1 point, 1 in all (a5xc3), takes the pawn on c3.");
    play("f8-e8", "Cy: drone f8-e8 (f8-e8).");
    // A drone takes a drone, shown by a black rook.
    play(
        "lift h4\nremove h5\nwait 300\nplace h5 r",
        "Dee: drone h4xh5 for 2 points, 2 in all (h4xh5), takes the drone (knight or rook) on h5.");
    play("c1-e1", "Ann: drone c1-e1 crosses into Dee's territory (c1-e1).");
    play("c8-c7", "Bob: drone c8-c7 (c8-c7).");
    play("e8-e6", "Cy: drone e8-e6 (e8-e6).");
    play("g3-h4", "Dee: pawn g3-h4 (g3-h4).");
    // Partners' pieces are taken like anyone's.
    play("c3xf6", "Ann: queen c3xf6 for 1 point, 3 in all (c3xf6), takes the pawn on f6.");
    play("b6-c5", "Bob: pawn b6-c5 (b6-c5).");
    play("h5xh4", "Cy: drone h5xh4 for 1 point, 1 in all (h5xh4), takes the pawn on h4.");
    play("h2-g3", "Dee: queen h2-g3 (h2-g3).");
    std::string report = status();
    for (const char* line :
         {"Team scores: Ann and Cy 4 (3 + 1); Bob and Dee 3 (1 + 2)",
          "Territories: Ann a1-d4 (5 pieces), Bob a5-d8 (9 pieces), Cy e5-h8 (8 pieces), Dee "
          "e1-h4 (9 pieces)",
          "The clock is not called (arbiterctl do call, before your move)"}) {
        EXPECT_NE(report.find(line), std::string::npos) << line << "\n" << report;
    }

    play("c2-d3", "Ann: pawn c2-d3 (c2-d3).");
    play("c7-c8", "Bob: drone c7-c8 (c7-c8).");
    play("e6-e7", "Cy: drone e6-e7 (e6-e7).");
    play("g3xg6", "Dee: queen g3xg6 for 1 point, 3 in all (g3xg6), takes the pawn on g6.");
    play("d3-e4", "Ann: pawn d3-e4 crosses into Dee's territory (d3-e4).");
    play("c8-c7", "Bob: drone c8-c7 (c8-c7).");
    play("e7-e6", "Cy: drone e7-e6 (e7-e6).");
    play("g2-h2", "Dee: drone g2-h2 (g2-h2).");
    play("b3-c4", "Ann: pawn b3-c4 (b3-c4).");
    play("c7-c8", "Bob: drone c7-c8 (c7-c8).");
    play("e6-e7", "Cy: drone e6-e7 (e6-e7).");
    play("h2-g2", "Dee: drone h2-g2 (h2-g2).");
    play("c4-d5", "Ann: pawn c4-d5 crosses into Bob's territory (c4-d5).");
    play("c8-c7", "Bob: drone c8-c7 (c8-c7).");
    play("e7-e6", "Cy: drone e7-e6 (e7-e6).");
    play("g2-h2", "Dee: drone g2-h2 (g2-h2).");
    play("b2-d2", "Ann: drone b2-d2 (b2-d2).");
    play("c7-c8", "Bob: drone c7-c8 (c7-c8).");
    play("e6-e7", "Cy: drone e6-e7 (e6-e7).");
    play("h2-g2", "Dee: drone h2-g2 (h2-g2).");
    play("d2-e2", "Ann: drone d2-e2 crosses into Dee's territory (d2-e2).");
    play("c8-c7", "Bob: drone c8-c7 (c8-c7).");
    play("e7-e6", "Cy: drone e7-e6 (e7-e6).");
    play("g2-h2", "Dee: drone g2-h2 (g2-h2).");
    play("a1-a5", "Ann: queen a1-a5 crosses into Bob's territory (a1-a5).");

    auto [called, calledText] = control({"do", "call"});
    EXPECT_EQ(called, 0) << calledText;
    expectSaid(
        "Bob: calls the clock: seven moves in a row without a capture now end the game "
        "(call).");
    EXPECT_NE(refusedDo({"call"}).find("the clock is already called"), std::string::npos);
    play("c7-c8", "Bob: drone c7-c8 (c7-c8).");
    play("e6-e7", "Cy: drone e6-e7 (e6-e7).");
    play("h2-g2", "Dee: drone h2-g2 (h2-g2).");
    report = status();
    for (const char* line :
         {"Team scores: Ann and Cy 4 (3 + 1); Bob and Dee 4 (1 + 3)",
          "Territories: Ann a1-d4 (1 piece), Bob a5-d8 (11 pieces), Cy e5-h8 (8 pieces), Dee "
          "e1-h4 (10 pieces)",
          "The clock is called: 3 of 7 moves in a row without a capture"}) {
        EXPECT_NE(report.find(line), std::string::npos) << line << "\n" << report;
    }
    play("b1-b5", "Ann: queen b1-b5 crosses into Bob's territory (b1-b5).");
    expectSaid(
        "Game over: Ann's territory is empty; 4 to 4, and Ann's move emptied it, which wins the "
        "tie. Ann and Cy win. Scores: Ann 3, Bob 1, Cy 1, Dee 3.");

    std::string record = recordText();
    for (const char* line : {"[Player3 \"Cy\"]", "42. Player 2: calls the clock",
                             "45. Player 1: queen b1-b5 crosses into Player 2's territory\n",
                             "Result: Player 1 and Player 3 win (Player 1's territory is empty; 4 "
                             "to 4, and Player 1's move emptied it, which wins the tie)\n",
                             "Scores: Player 1 3, Player 2 1, Player 3 1, Player 4 3\n"}) {
        EXPECT_NE(record.find(line), std::string::npos) << line << "\n" << record;
    }
}

}  // namespace
}  // namespace arbiter::e2e
