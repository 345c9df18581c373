// DGT boards in bus mode through the real programs: the four boards of a
// Konfusion table on ONE serial line, as DGT's tournament installations hang
// them, played by one arbiter-vboard --protocol dgt-bus standing for the four
// (one pseudo-terminal, four addresses), refereed by arbiterd reading each
// board as dgt-bus:vboard:table@ADDRESS. Moves on two of its boards are
// announced; a board that falls silent is waited for alone.
#include <fstream>

#include "tests/e2e/table_fixture.h"
#include "tests/scoped_environment.h"

namespace arbiter::e2e {
namespace {

using std::chrono::seconds;

// The boards of the default Konfusion layout and their addresses on the bus.
const std::vector<std::pair<std::string, int>> kBoards = {
    {"a1", 1}, {"f1", 2}, {"a6", 3}, {"f6", 1025}};

// Where a cell of the game lies: the board's address, and its own square.
struct Spot {
    int address;
    std::string square;
};
Spot spotOf(const std::string& cell) {
    const int file = cell[0] - 'a', rank = std::stoi(cell.substr(1)) - 1;
    const size_t board = size_t((file >= 5 ? 1 : 0) + (rank >= 5 ? 2 : 0));
    const int squareFile = file < 5 ? file + 3 : file - 5;
    const int squareRank = rank < 5 ? rank + 3 : rank - 5;
    return {kBoards[board].second,
            std::string(1, char('a' + squareFile)) + std::to_string(squareRank + 1)};
}

class DgtBus : public TableTest {
  protected:
    // The table's configuration, each board on the bus "table".
    std::string writeConfiguration() {
        const std::string path = (dir_ / "konfusion.ini").string();
        std::ofstream ini(path);
        ini << "game = konfusion\nplayer = Ann\nplayer = Bob\n";
        const std::vector<std::pair<std::string, std::string>> places = {
            {"d4 on a1", "d4-h8"}, {"a4 on f1", "a4-e8"}, {"d1 on a6", "d1-h5"}, {"f6", "a1-e5"}};
        for (size_t i = 0; i < kBoards.size(); ++i) {
            ini << "\n[board." << kBoards[i].first << "]\ndevice = dgt-bus:vboard:table@"
                << kBoards[i].second << "\norigin = " << places[i].first
                << "\nsquares = " << places[i].second << "\n";
        }
        return path;
    }
    // One arbiter-vboard for the whole line, each board set up with its part
    // of the start as --print-start gives it.
    void startTheBus() {
        auto [code, starts] = runDaemon({"--print-start", "--journal", journalDir_, "--game",
                                         "konfusion", "--player", "Ann", "--player", "Bob"});
        ASSERT_EQ(code, 0) << starts;
        std::vector<std::string> argv = {"--protocol", "dgt-bus", "--empty"};
        std::string setup;
        for (const auto& [name, address] : kBoards) {
            const std::string key = "vboard:" + name + " ";
            const size_t at = starts.find(key);
            ASSERT_NE(at, std::string::npos) << starts;
            const std::string fen =
                starts.substr(at + key.size(), starts.find('\n', at) - at - key.size());
            argv.insert(argv.end(), {"--address", std::to_string(address)});
            setup += std::to_string(address) + ": setup " + fen + "\n";
        }
        board_ = startBoardNamed("table", argv);
        board_->send(setup);
    }
    // A die taken off `from` and set down on `to` as `figure`, what stood
    // there taken off first when it is a capture.
    void move(const std::string& from, const std::string& to, char figure, bool capture,
              const std::string& expect) {
        const Spot a = spotOf(from), b = spotOf(to);
        std::string lines = std::to_string(a.address) + ": remove " + a.square + "\n";
        if (capture) lines += std::to_string(b.address) + ": remove " + b.square + "\n";
        lines += std::to_string(b.address) + ": put " + b.square + " " + figure + "\n";
        board_->send(lines);
        expectSaid(expect);
    }
};

TEST_F(DgtBus, FourBoardsOnOneLinePlayKonfusionAndASilentBoardIsWaitedForAlone) {
    testing::ScopedEnvironment vboards("ARBITER_VBOARD_DIR", (dir_ / "vboards").string());
    startTheBus();
    ASSERT_FALSE(HasFatalFailure());
    startDaemonWithout({"--config", writeConfiguration(), "--time", "10+5"});
    expectSaid("New game of konfusion, 10+5. Ann to move", 15000);
    // Ann's 5 jumps from board a1 (address 1) to board a6 (address 3); Bob's
    // 5 from board f6 (1025) to board f1 (2).
    move("e1", "e6", 'Q', false, "1. 5 e1-e6");
    move("f10", "f5", 'q', false, "1... 5 f10-f5");
    // The board at 1025 falls silent: it is waited for, the others still
    // answering on the same line.
    board_->send("1025: unplug\n");
    expectSaid("Board f6 is gone (it does not answer)", 15000);
    // Back, and read afresh; play goes on, on it too.
    board_->send("1025: plug\n");
    expectSaid("Board f6 is back.", 15000);
    move("e6", "e9", 'Q', true, "2. 5 e6xe9");
    move("f9", "d7", 'n', false, "2... 2 f9-d7");
    EXPECT_EQ(daemon_->transcript().find("Board a1 is gone"), std::string::npos);
}

}  // namespace
}  // namespace arbiter::e2e
