// The machine at a real table (docs/machine.md): the real arbiterd playing
// seats on the real arbiter-vboard boards, its moves made on the boards by
// the test as a player would make them for it, from what the table shows
// (`arbiterctl status --json`: machine.chosen.toMake, each step with its board
// and square). Every seat of every game played by the machine to the move
// limit; and a game of chess against Debian's stockfish with a wrong move
// for it, a takeback, a restart and a resignation.
//
// Games waiting on the machine and the boards at every move: they are built
// and run in ./test's optimised build only (ARBITER_OPTIMISED_TESTS).
#include <nlohmann/json.hpp>

#include <unistd.h>
#include <chrono>
#include <iostream>
#include <thread>

#include "tests/e2e/table_fixture.h"
#include "tests/scoped_environment.h"

namespace arbiter::e2e {
namespace {

using namespace std::chrono_literals;

const char* const kStockfish = "/usr/games/stockfish";

// The FEN letter of a piece as a fix step names it ({"colour", "figure"}).
std::string fenLetter(const nlohmann::json& piece) {
    static const std::pair<const char*, char> kFigures[] = {{"pawn", 'p'},   {"knight", 'n'},
                                                            {"bishop", 'b'}, {"rook", 'r'},
                                                            {"queen", 'q'},  {"king", 'k'}};
    const std::string figure = piece.value("figure", "");
    for (const auto& [name, letter] : kFigures) {
        if (figure == name)
            return std::string(1, piece.value("colour", "") == "white"
                                      ? static_cast<char>(std::toupper(letter))
                                      : letter);
    }
    return {};
}

class MachineTable : public SeveralBoardsTest {
  protected:
    nlohmann::json statusJson() {
        auto [code, text] = control({"status", "--json"});
        EXPECT_EQ(code, 0) << text;
        const auto parsed = nlohmann::json::parse(text, nullptr, false);
        EXPECT_FALSE(parsed.is_discarded()) << text;
        return parsed.is_discarded() ? nlohmann::json::object() : parsed;
    }
    // The board a step is on, as the players read its name ("board C",
    // the status's label for it), or the only one when the step names none.
    ChildProcess& board(const nlohmann::json& step, const nlohmann::json& boards) {
        if (boards_.size() == 1 || !step.contains("board")) return *boards_.front();
        const std::string said = step["board"].get<std::string>();
        std::string name = said;
        for (const auto& b : boards) {
            const std::string label = b.value("label", "");
            if (!label.empty() && (said == label || said == "board " + label))
                name = b.value("name", "");
        }
        for (size_t i = 0; i < boardNames_.size(); ++i)
            if (boardNames_[i] == name) return *boards_[i];
        ADD_FAILURE() << "no board " << said << " in " << boards.dump();
        return *boards_.front();
    }
    // Makes the machine's move on the boards as its steps say: what comes
    // off first, then what is put down.
    void makeOnTheBoards(const nlohmann::json& status) {
        const nlohmann::json& toMake = status["machine"]["chosen"]["toMake"];
        for (bool takingOff : {true, false}) {
            for (const auto& step : toMake) {
                const std::string what = step.value("do", "");
                const std::string square = step.value("square", step.value("cell", ""));
                ChildProcess& on = board(step, status["boards"]);
                if (takingOff && what == "take-off") on.send("remove " + square + "\n");
                if (!takingOff && what != "take-off")
                    on.send("put " + square + " " + fenLetter(step["wanted"]) + "\n");
            }
        }
    }
    // Each test's virtual boards in a folder of its own, as tests run side by side.
    std::unique_ptr<testing::ScopedEnvironment> vboards_;
    void SetUp() override {
        SeveralBoardsTest::SetUp();
        vboards_ = std::make_unique<testing::ScopedEnvironment>("ARBITER_VBOARD_DIR",
                                                                (dir_ / "vboards").string());
    }
    // Waits until the machine has chosen at a ply (or the game is over); the status then.
    nlohmann::json chosenOrOver(int timeoutMs = 15000) {
        for (auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
             std::chrono::steady_clock::now() < end; std::this_thread::sleep_for(30ms)) {
            nlohmann::json s = statusJson();
            if (s.contains("session") && s["session"].value("over", false)) return s;
            if (s.contains("machine") && s["machine"]["chosen"].is_object() &&
                s["machine"]["chosen"].contains("toMake"))
                return s;
        }
        ADD_FAILURE() << "the machine never chose\n" << statusJson().dump();
        return nlohmann::json::object();
    }
    // Whether the game moved past `ply` (or ended) within `within`.
    bool movedPast(int ply, std::chrono::milliseconds within) {
        for (auto end = std::chrono::steady_clock::now() + within;
             std::chrono::steady_clock::now() < end; std::this_thread::sleep_for(20ms)) {
            nlohmann::json s = statusJson();
            if (s["session"].value("ply", 0) > ply || s["session"].value("over", false))
                return true;
        }
        return false;
    }
    // The ply, once it is past `ply`. When the boards do not show the move
    // after a while, what the table still asks for is made, as a player
    // looking at the status would; said on the test's output, so that it
    // is seen when it happens.
    void waitPast(int ply) {
        if (movedPast(ply, 5s)) return;
        nlohmann::json s = statusJson();
        if (s["session"].value("ply", 0) == ply && s.contains("machine") &&
            s["machine"]["chosen"].is_object()) {
            std::cerr << "the boards did not show the machine's move; made again from "
                      << s["machine"]["chosen"]["toMake"].dump() << "\n";
            makeOnTheBoards(s);
        }
        if (!movedPast(ply, 10s))
            ADD_FAILURE() << "the move was never taken\n" << statusJson().dump(1);
    }
};

// A game's layout and how many seats it starts with.
struct MachineGame {
    std::string name;
    std::vector<std::string> args;
    int seats = 2;
};

class EveryGameByTheMachine : public MachineTable,
                              public ::testing::WithParamInterface<MachineGame> {};

TEST_P(EveryGameByTheMachine, TheMachinePlaysEverySeatToTheMoveLimit) {
    const MachineGame& game = GetParam();
    std::vector<std::string> args = game.args;
    for (int seat = 1; seat <= game.seats; ++seat)
        args.insert(args.end(), {"--machine", std::to_string(seat) + ":1"});
    args.insert(args.end(), {"--machine-time", "0.2", "--move-limit", "2"});
    // The boards the game is laid out on, as --print-start names them.
    auto [code, starts] = runDaemon([&] {
        std::vector<std::string> a = {"--print-start", "--journal", journalDir_};
        a.insert(a.end(), game.args.begin(), game.args.end());
        return a;
    }());
    ASSERT_EQ(code, 0) << starts;
    std::vector<std::string> names;
    for (size_t at = starts.find("vboard:"); at != std::string::npos;
         at = starts.find("vboard:", at + 1))
        names.push_back(starts.substr(at + 7, starts.find(' ', at) - at - 7));
    if (!names.empty()) startBoards(names, game.args);
    if (HasFatalFailure()) return;
    startDaemonOnTheBoards(args);
    expectSaid("New game of " + game.name);
    int moves = 0;
    for (; moves < 200; ++moves) {
        nlohmann::json s = chosenOrOver();
        if (HasFailure() || s["session"].value("over", false)) break;
        makeOnTheBoards(s);
        waitPast(s["session"]["ply"].get<int>());
        if (HasFailure()) break;
    }
    ASSERT_FALSE(HasFailure());
    expectSaid("Game over");
    // The journal names the machine's seats, and holds the moves it made
    // (at once, in a game without boards).
    const auto lines = journalLines();
    ASSERT_FALSE(lines.empty());
    EXPECT_NE(lines.front().find("\"machines\""), std::string::npos) << lines.front();
    EXPECT_GT(std::count_if(lines.begin(), lines.end(),
                            [](const std::string& l) {
                                return l.find("\"type\":\"move\"") != std::string::npos;
                            }),
              0);
}

INSTANTIATE_TEST_SUITE_P(
    Machine, EveryGameByTheMachine,
    ::testing::Values(MachineGame{"fide", {"--game", "fide"}},
                      MachineGame{"martian", {"--game", "martian"}},
                      MachineGame{"konfusion", {"--game", "konfusion"}},
                      MachineGame{"mobiatus", {"--game", "mobiatus"}},
                      MachineGame{"colonization", {"--game", "colonization", "--players", "3"}, 3},
                      MachineGame{"cornerport", {"--game", "cornerport"}},
                      MachineGame{"sandkings", {"--game", "sandkings"}},
                      MachineGame{"skirmish", {"--game", "skirmish"}, 4},
                      MachineGame{"csipgs", {"--game", "csipgs"}},
                      MachineGame{"powercoinz", {"--game", "powercoinz"}}),
    [](const ::testing::TestParamInfo<MachineGame>& game) { return game.param.name; });

// A player at one board against Debian's stockfish, as docs/machine.md tells it.
class AgainstStockfish : public MachineTable {
  protected:
    void SetUp() override {
        MachineTable::SetUp();
        if (::access(kStockfish, X_OK) != 0)
            GTEST_SKIP() << "needs stockfish (apt install stockfish)";
        startBoards({"main"}, {"--game", "fide"});
    }
    void startTable(std::vector<std::string> extra) {
        std::vector<std::string> args = {"--game", "fide", "--machine-time", "0.3"};
        args.insert(args.end(), extra.begin(), extra.end());
        startDaemonOnTheBoards(args);
    }
    // The machine's move, once chosen: its steps made on the board, and its
    // announcement as a move awaited.
    std::string makeTheMachinesMove() {
        nlohmann::json s = chosenOrOver();
        if (!s.contains("machine")) return {};
        const std::string notation = s["machine"]["chosen"]["notation"].get<std::string>();
        makeOnTheBoards(s);
        waitPast(s["session"]["ply"].get<int>());
        return notation;
    }
};

TEST_F(AgainstStockfish, ItsMoveIsSaidShownAndMadeOnTheBoardThenTakenBackAndResumed) {
    startTable({"--machine", "black:1"});
    expectSaid("New game of fide");
    boards_.front()->send("e2-e4\n");
    expectSaid("1. e4");
    expectSaid("Black (machine): ");
    nlohmann::json s = chosenOrOver();
    ASSERT_TRUE(s.contains("machine")) << s.dump();
    EXPECT_EQ(s["machine"]["chosen"]["seat"], 1);
    EXPECT_NE(s["awaited"].get<std::string>().find("Black (machine)'s "), std::string::npos)
        << s["awaited"];
    EXPECT_NE(s["machine"]["seats"][0]["player"].get<std::string>().find("Stockfish"),
              std::string::npos)
        << s["machine"].dump();
    const std::string chosen = s["machine"]["chosen"]["action"].get<std::string>();
    // Its squares are lit where the hands are to make it.
    bool lit = false;
    for (auto end = std::chrono::steady_clock::now() + 5s;
         !lit && std::chrono::steady_clock::now() < end;) {
        boards_.front()->drain(50ms);
        for (const std::string& line : boards_.front()->lines())
            lit = lit || (line.find("lit ") != std::string::npos &&
                          line.find(chosen.substr(0, 2)) != std::string::npos &&
                          line.find(chosen.substr(2, 2)) != std::string::npos);
    }
    EXPECT_TRUE(lit) << chosen << "\n" << boards_.front()->transcript();
    // And they stay lit while the table judges the still board: the last
    // move does not take their place.
    boards_.front()->drain(500ms);
    std::string lastLit;
    for (const std::string& line : boards_.front()->lines())
        if (line.find("lit ") != std::string::npos) lastLit = line;
    EXPECT_NE(lastLit.find(chosen.substr(0, 2)), std::string::npos) << lastLit;
    EXPECT_NE(lastLit.find(chosen.substr(2, 2)), std::string::npos) << lastLit;
    // Saying another move for it is refused; a move it did not choose made
    // on the board is a position to put right.
    const std::string other = chosen == "a7a6" ? "h7h6" : "a7a6";
    EXPECT_NE(refusedDo({other}).find("played by the machine, which chose"), std::string::npos);
    boards_.front()->send(other.substr(0, 2) + "-" + other.substr(2, 2) + "\n");
    expectSaid("Illegal position");
    boards_.front()->send(other.substr(2, 2) + "-" + other.substr(0, 2) + "\n");
    expectSaid("The position is correct again");
    ASSERT_FALSE(makeTheMachinesMove().empty());
    expectSaid("1... ");
    // Taken back on the board as any move: the machine thinks again and plays again.
    boards_.front()->send(chosen.substr(2, 2) + "-" + chosen.substr(0, 2) + "\n");
    expectSaid("Takeback: ");
    ASSERT_FALSE(makeTheMachinesMove().empty());
    // A restart resumes the machine's seat without --machine.
    daemon_->signal(SIGTERM);
    daemon_->wait(5000ms);
    startTable({});
    expectSaid("resum");
    boards_.front()->send("d2-d4\n");
    expectSaid("2. d4");
    expectSaid("Black (machine): ");
    ASSERT_FALSE(makeTheMachinesMove().empty());
    auto [code, text] = control({"do", "resign", "--player", "1"});
    ASSERT_EQ(code, 0) << text;
    expectSaid("Game over: White resigned. Black wins");
    const std::string record = recordText();
    EXPECT_NE(record.find("[BlackType \"program\"]"), std::string::npos) << record;
    EXPECT_NE(record.find("[Machine \"Black at level 1\"]"), std::string::npos) << record;
}

}  // namespace
}  // namespace arbiter::e2e
