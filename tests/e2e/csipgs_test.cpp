// csipgs Chess through the real programs: moves and transfers on the virtual
// board, purchases and design changes said with arbiterctl, as
// docs/rules/csipgs.md tells a table to play it.
#include <filesystem>
#include <regex>

#include "tests/e2e/table_fixture.h"

namespace arbiter::e2e {
namespace {

class Csipgs : public TableTest {
  protected:
    // Says an action with arbiterctl and waits for its announcement.
    void say(const std::vector<std::string>& words, const std::string& expect) {
        std::vector<std::string> args = {"do"};
        args.insert(args.end(), words.begin(), words.end());
        auto [code, text] = control(args);
        EXPECT_EQ(code, 0) << text;
        expectSaid(expect);
    }
};

// White buys a Knight, redesigns slot 3 and buys a second piece that a knight
// stands for; the referee follows which knight is which through history and
// asks which one came in when a knight appears next to the king. Black caged
// his king with cheap move-only blockers and is smothered.
TEST_F(Csipgs, FullGameWithPurchasesTransfersAndRedesignedPiecesEndsInMate) {
    startBoard({"--setup", "4k3/8/8/8/8/8/8/4K3"});
    startDaemon({"--game", "csipgs"});
    expectSaid("Waiting for the start position of csipgs: white king on e1; black king on e8.");
    expectSaid("New game of csipgs");

    play("e1-e2", "1. King e1-e2");
    play("e8-f8", "1... King e8-f8");
    play("e2-f2", "2. King e2-f2");
    // Black says his design change first; it takes effect after his move.
    say({"design", "2", "mW"}, "Black designs slot 2 as mW (price 1) in place of Rook");
    play("f8-g8", "2... King f8-g8");
    say({"buy", "3"}, "White buys a Knight (slot 3) for 3 zorkmids, 0 left");
    play("g8-h8", "3... King g8-h8");
    say({"design", "3", "mW"}, "White designs slot 3 as mW (price 1) in place of Knight");
    play("f2-e2", "4. King f2-e2");
    say({"buy", "2"}, "Black buys a mW (slot 2) for 1 zorkmid, 3 left");
    say({"buy", "3"}, "White buys a mW (slot 3) for 1 zorkmid, 1 left");
    say({"buy", "2"}, "5... Black buys a mW (slot 2) for 1 zorkmid, 3 left");

    // Both of White's reserve pieces are shown by a knight: which one came in?
    auto [code, status] = control({"status"});
    EXPECT_EQ(code, 0) << status;
    EXPECT_NE(status.find("White: 2 zorkmids; reserve: Knight (slot 3), mW (slot 3)"),
              std::string::npos)
        << status;
    EXPECT_NE(status.find("3 mW 1z"), std::string::npos) << status;
    play("put e3 N",
         "No step on the boards tells them apart: say which: arbiterctl do 3:N@e3 for (1)");
    say({"3:N@e3"}, "6. Knight from the reserve to e3");
    say({"buy", "2"}, "6... Black buys a mW (slot 2) for 1 zorkmid, 3 left");
    play("put f3 N", "7. mW from the reserve to f3");
    play("put g8 r", "7... mW from the reserve to g8");
    // Two white knights stand side by side; history says e3's is the Knight.
    play("e3-g4", "8. Knight e3-g4");
    play("put g7 r", "8... mW from the reserve to g7");
    play("f3-f4", "9. mW f3-f4");
    play("put h7 r", "9... mW from the reserve to h7");
    play("g4-h6", "10. Knight g4-h6");
    say({"buy", "2"}, "10... Black buys a mW (slot 2)");
    play("h6-f7", "11. Knight h6-f7");
    expectSaid("Game over: checkmate. White wins");

    std::string record = recordText();
    EXPECT_NE(record.find("2... Black designs slot 2 as mW"), std::string::npos) << record;
    EXPECT_NE(record.find("6. White: Knight from the reserve to e3"), std::string::npos) << record;
    EXPECT_NE(record.find("Result: White wins (checkmate)"), std::string::npos) << record;
}

// What a player says wrongly changes nothing and is told why.
TEST_F(Csipgs, RefusedPurchasesAndDesignsSayWhy) {
    startBoard({"--setup", "4k3/8/8/8/8/8/8/4K3"});
    startDaemon({"--game", "csipgs"});
    expectSaid("New game of csipgs");
    auto [poor, poorText] = control({"do", "buy", "2"});
    EXPECT_EQ(poor, 1);
    EXPECT_NE(poorText.find("Rook (slot 2) costs 5 zorkmids and White has 1"), std::string::npos)
        << poorText;
    auto [slot, slotText] = control({"do", "buy", "7"});
    EXPECT_EQ(slot, 1);
    EXPECT_NE(slotText.find("there are slots 1 to 6"), std::string::npos) << slotText;
    auto [bad, badText] = control({"do", "design", "3", "sF"});
    EXPECT_EQ(bad, 1);
    EXPECT_NE(badText.find("'s' does not apply to F"), std::string::npos) << badText;
    auto [relay, relayText] = control({"do", "design", "3", "N+relay"});
    EXPECT_EQ(relay, 1);
    EXPECT_NE(relayText.find("+relay is not allowed at this table"), std::string::npos)
        << relayText;
    // Nothing of that reached the game.
    auto [code, json] = control({"--json", "status"});
    EXPECT_EQ(code, 0);
    EXPECT_NE(json.find("\"ply\":0"), std::string::npos) << json;
    play("e1-d1", "1. King e1-d1");
}

// The moderated game on its two virtual boards, started as docs/arbiterd.md
// says, with each player's console an arbiterctl --as NAME watch.
class ModeratedCsipgs : public SeveralBoardsTest {
  protected:
    // arbiterctl --as PLAYER ARGS with the secret in the environment, as a player runs it.
    std::vector<std::string> asPlayer(const std::string& player, const std::string& secret,
                                      const std::vector<std::string>& args) {
        std::vector<std::string> argv = {
            "/usr/bin/env", "ARBITER_SECRET=" + secret, ARBITERCTL, "--socket", socket_, "--as",
            player};
        argv.insert(argv.end(), args.begin(), args.end());
        return argv;
    }
};

// The first of `squares` that `text` names as a square, or "".
std::string squareNamed(const std::string& text, const std::vector<std::string>& squares) {
    for (const std::string& square : squares) {
        if (std::regex_search(text, std::regex("(^|[^A-Za-z0-9])" + square + "([^A-Za-z0-9]|$)")))
            return square;
    }
    return {};
}

TEST_F(ModeratedCsipgs, EachPlayerHearsTheirOwnViewAndTheConsoleNamesNoSquare) {
    const std::vector<std::string> game = {"--game",       "csipgs",    "--option",
                                           "moderated=on", "--secrets", "w-s3cret,b-s3cret"};
    startBoards({"white", "black"}, game);
    startDaemonOnTheBoards(game);
    expectSaid("New game of csipgs");
    ChildProcess white(asPlayer("White", "w-s3cret", {"watch"}));
    ChildProcess black(asPlayer("Black", "b-s3cret", {"watch"}));
    ASSERT_GE(white.waitFor("Watching as White.", std::chrono::seconds(5)), 0)
        << white.transcript();
    ASSERT_GE(black.waitFor("Watching as Black.", std::chrono::seconds(5)), 0)
        << black.transcript();

    boards_[0]->send("e1-e2\n");
    expectSaid("White has taken their turn.");
    EXPECT_GE(white.waitFor("1. King e1-e2", std::chrono::seconds(5)), 0) << white.transcript();
    boards_[1]->send("e8-d8\n");
    expectSaid("Black has taken their turn.");
    EXPECT_GE(black.waitFor("1... King e8-d8", std::chrono::seconds(5)), 0) << black.transcript();
    // Nobody acts but as themselves, and the journal is not replayed while the game is on.
    EXPECT_NE(refusedDo({"resign"}).find("as themselves"), std::string::npos);
    std::string journal;
    for (const auto& entry : std::filesystem::directory_iterator(journalDir_))
        if (entry.path().extension() == ".jsonl") journal = entry.path().string();
    auto [replayed, replay] = control({"replay", journal});
    EXPECT_EQ(replayed, 2) << replay;
    EXPECT_EQ(std::filesystem::status(journal).permissions() & std::filesystem::perms::others_read,
              std::filesystem::perms::none);
    const std::string everyone = status();
    ChildProcess resign(asPlayer("White", "w-s3cret", {"do", "resign"}));
    EXPECT_EQ(resign.wait(std::chrono::seconds(5)), 0) << resign.transcript();
    expectSaid("Game over");

    // What each could see: White's king on e1 and e2, Black's on e8 and d8.
    const std::vector<std::string> all = {"e1", "e2", "e8", "d8"};
    EXPECT_EQ(squareNamed(daemon_->transcript(), all), "") << daemon_->transcript();
    EXPECT_EQ(squareNamed(everyone, all), "") << everyone;
    white.drain(std::chrono::milliseconds(100));
    black.drain(std::chrono::milliseconds(100));
    EXPECT_EQ(squareNamed(white.transcript(), {"e8", "d8"}), "") << white.transcript();
    EXPECT_EQ(squareNamed(black.transcript(), {"e1", "e2"}), "") << black.transcript();
    // Each heard their own squares: the check above can see squares named.
    EXPECT_EQ(squareNamed(white.transcript(), {"e2"}), "e2") << white.transcript();
    EXPECT_EQ(squareNamed(black.transcript(), {"d8"}), "d8") << black.transcript();
    // The whole game is recorded once it has ended.
    EXPECT_NE(recordText().find("King e8-d8"), std::string::npos) << recordText();
}

}  // namespace
}  // namespace arbiter::e2e
