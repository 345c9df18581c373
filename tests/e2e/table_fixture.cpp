#include "tests/e2e/table_fixture.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <thread>

namespace arbiter::e2e {

using namespace std::chrono;
namespace fs = std::filesystem;

void TableTest::SetUp() {
    std::string pattern = (fs::temp_directory_path() / "arbiter-e2e-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
    link_ = (dir_ / "board").string();
    journalDir_ = (dir_ / "games").string();
    socket_ = (dir_ / "control.sock").string();
}

void TableTest::TearDown() {
    if (HasFailure()) {
        if (daemon_) std::cerr << "--- arbiterd said:\n" << daemon_->transcript();
        if (board_) std::cerr << "--- arbiter-vboard said:\n" << board_->transcript();
    }
    daemon_.reset();
    board_.reset();
    std::error_code ec;
    fs::remove_all(dir_, ec);
}

void TableTest::startBoard(std::vector<std::string> extra) {
    board_ = startBoardAt(link_, extra);
}

std::unique_ptr<ChildProcess> TableTest::startBoardAt(const std::string& link,
                                                      std::vector<std::string> extra) {
    std::vector<std::string> argv = {ARBITER_VBOARD, "--link", link, "--scan-ms", "10"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    auto board = std::make_unique<ChildProcess>(argv);
    auto deadline = steady_clock::now() + seconds(5);
    while (!fs::exists(link) && steady_clock::now() < deadline)
        std::this_thread::sleep_for(milliseconds(10));
    EXPECT_TRUE(fs::exists(link)) << "vboard made no link:\n" << board->transcript();
    return board;
}

std::unique_ptr<ChildProcess> TableTest::startBoardNamed(const std::string& name,
                                                         std::vector<std::string> extra) {
    std::vector<std::string> argv = {ARBITER_VBOARD, "--name", name, "--scan-ms", "10"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    auto board = std::make_unique<ChildProcess>(argv);
    // Its first line, naming the port, comes once the link is made.
    EXPECT_GE(board->waitFor("vboard: /dev/", seconds(5)), 0) << "vboard made no port:\n"
                                                              << board->transcript();
    return board;
}

void TableTest::startDaemonWithout(std::vector<std::string> args) {
    std::vector<std::string> argv = {ARBITERD, "--journal", journalDir_, "--settle-ms",
                                     "150",    "--socket",  socket_};
    argv.insert(argv.end(), args.begin(), args.end());
    daemon_ = std::make_unique<ChildProcess>(argv);
    seen_ = 0;
}

void TableTest::startDaemonForAGame(std::vector<std::string> args) {
    std::vector<std::string> argv = {ARBITERD,    "--board",  "dgt:" + link_, "--journal",
                                     journalDir_, "--socket", socket_,        "--settle-ms",
                                     "60",        "--time",   "5+3"};
    argv.insert(argv.end(), args.begin(), args.end());
    daemon_ = std::make_unique<ChildProcess>(argv);
    seen_ = 0;
}

void TableTest::startDaemon(std::vector<std::string> extra) {
    std::vector<std::string> argv = {ARBITERD,    "--board",  "dgt:" + link_, "--journal",
                                     journalDir_, "--socket", socket_};
    if (std::find(extra.begin(), extra.end(), "--settle-ms") == extra.end())
        extra.insert(extra.end(), {"--settle-ms", "150"});
    if (std::find(extra.begin(), extra.end(), "--time") == extra.end())
        extra.insert(extra.end(), {"--time", "5+3"});
    argv.insert(argv.end(), extra.begin(), extra.end());
    daemon_ = std::make_unique<ChildProcess>(argv);
    seen_ = 0;
}

void TableTest::expectSaid(const std::string& expect, int timeoutMs) {
    int at = daemon_->waitFor(expect, milliseconds(timeoutMs), seen_);
    ASSERT_GE(at, 0) << "arbiterd never said \"" << expect << "\"";
    seen_ = static_cast<size_t>(at) + 1;
}

void TableTest::play(const std::string& commands, const std::string& expect) {
    board_->send(commands + "\n");
    expectSaid(expect);
}

void TableTest::playMoves(const std::vector<std::pair<std::string, std::string>>& moves) {
    for (const auto& [physical, announced] : moves) {
        play(physical, announced);
        if (HasFatalFailure()) return;
    }
}

std::pair<int, std::string> TableTest::runDaemon(std::vector<std::string> args) {
    // Not insert(): GCC 12 with precompiled headers sees a bogus out-of-bounds
    // memcpy in moving that temporary string in (-Warray-bounds, fixed in GCC 13).
    args.emplace(args.begin(), ARBITERD);
    ChildProcess p(args);
    int status = p.wait(std::chrono::milliseconds(5000));
    return {status, p.transcript()};
}

std::pair<int, std::string> TableTest::control(std::vector<std::string> args) {
    args.insert(args.begin(), {ARBITERCTL, "--socket", socket_});
    ChildProcess ctl(args);
    int status = ctl.wait(seconds(5));
    return {status, ctl.transcript()};
}

std::string TableTest::status() {
    auto [code, text] = control({"status", "--full"});
    EXPECT_EQ(code, 0) << text;
    return text;
}

std::string TableTest::refusedDo(const std::vector<std::string>& words) {
    std::vector<std::string> args = {"do"};
    args.insert(args.end(), words.begin(), words.end());
    auto [code, text] = control(args);
    EXPECT_EQ(code, 1) << text;
    return text;
}

std::vector<std::string> TableTest::journalLines() const {
    std::vector<std::string> lines;
    for (const auto& entry : fs::directory_iterator(journalDir_)) {
        if (entry.path().extension() != ".jsonl") continue;
        std::ifstream in(entry.path());
        for (std::string line; std::getline(in, line);) lines.push_back(line);
    }
    return lines;
}

std::string TableTest::recordText() const {
    for (const auto& entry : fs::directory_iterator(journalDir_)) {
        // The record is whatever is not a journal: .pgn for chess, .txt for
        // Skirmish. Hidden files are arbiterd's own (the folder's lock).
        if (entry.path().extension() == ".jsonl") continue;
        if (entry.path().filename().string().starts_with(".")) continue;
        std::ifstream in(entry.path());
        return std::string(std::istreambuf_iterator<char>(in), {});
    }
    return {};
}

void SeveralBoardsTest::TearDown() {
    if (HasFailure()) {
        for (size_t i = 0; i < boards_.size(); ++i)
            std::cerr << "--- board " << boardNames_[i] << " said:\n" << boards_[i]->transcript();
    }
    TableTest::TearDown();
    boards_.clear();
}

void SeveralBoardsTest::startBoards(const std::vector<std::string>& names,
                                    const std::vector<std::string>& gameArgs,
                                    const std::vector<std::vector<std::string>>& options) {
    std::vector<std::string> args = {"--print-start", "--journal", journalDir_};
    args.insert(args.end(), gameArgs.begin(), gameArgs.end());
    auto [code, starts] = runDaemon(args);
    ASSERT_EQ(code, 0) << starts;
    for (const std::string& name : names) {
        std::string key = "vboard:" + name + " ";
        size_t at = starts.find(key);
        ASSERT_NE(at, std::string::npos) << starts;
        std::string fen = starts.substr(at + key.size(), starts.find('\n', at) - at - key.size());
        boardNames_.push_back(name);
        std::vector<std::string> own = {"--setup", fen};
        if (boardNames_.size() <= options.size()) {
            const std::vector<std::string>& more = options[boardNames_.size() - 1];
            own.insert(own.end(), more.begin(), more.end());
        }
        boards_.push_back(startBoardNamed(name, own));
    }
}

void SeveralBoardsTest::startDaemonOnTheBoards(const std::vector<std::string>& gameArgs) {
    std::vector<std::string> argv = {ARBITERD,      "--journal", journalDir_, "--socket", socket_,
                                     "--settle-ms", "60",        "--time",    "10+5"};
    argv.insert(argv.end(), gameArgs.begin(), gameArgs.end());
    daemon_ = std::make_unique<ChildProcess>(argv);
    seen_ = 0;
}

}  // namespace arbiter::e2e
