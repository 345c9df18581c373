// arbiterctl as a real process against a server on a fake table, and
// reading journals that the daemon's own Session wrote.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "daemon/announce/position_picture.h"
#include "daemon/session/session.h"
#include "tests/daemon/control/program_run.h"
#include "tests/daemon/control/server_fixture.h"
#include "tests/daemon/journal_events.h"
#include "tools/arbiterctl/control_client.h"
#include "tools/arbiterctl/game_replay.h"

namespace arbiter::testing {
namespace {

using nlohmann::json;

class Arbiterctl : public ServerFixture {
  protected:
    // Runs arbiterctl --socket PATH ARGS... to its end.
    int run(std::vector<std::string> args, const std::vector<std::string>& environment = {},
            bool withSocket = true) {
        std::vector<std::string> argv = {ARBITERCTL};
        if (withSocket) argv.insert(argv.end(), {"--socket", path});
        argv.insert(argv.end(), args.begin(), args.end());
        Program program(argv, environment);
        int status = program.finish(loop);
        out = program.out();
        err = program.err();
        return status;
    }

    std::string out;
    std::string err;
};

// Keeps what a session said, as the players heard it.
class SaidTexts final : public AnnouncementSink {
  public:
    void announce(const Announcement& a) override { texts.push_back(a.text); }
    std::vector<std::string> texts;
};

// A game played through arbiterd's own Session, journalled in `dir`: each
// action in the game's notation, or the first legal one for "*"; a second
// apart on the clocks. What was said is kept in `said`.
struct PlayedGame {
    std::unique_ptr<Game> game;
    ManualTimeSource time;
    SaidTexts said;
    std::unique_ptr<Session> session;

    PlayedGame(const std::string& dir, const std::string& name, const GameOptions& options,
               const std::vector<std::string>& actions) {
        std::string error;
        game = makeGame(name, options, error);
        EXPECT_TRUE(game) << error;
        SessionSettings settings;
        settings.time = *TimeControl::parse("5+3");
        settings.journalDir = dir;
        settings.seed = 0x5eed;
        session = Session::begin(*game, settings, said, time, error);
        EXPECT_TRUE(session) << error;
        for (const std::string& code : actions) {
            time.advance(1000);
            const GameState& now = session->current();
            auto action = code == "*" ? now.legalActions().front() : now.decode(code);
            EXPECT_TRUE(action && session->commit(*action)) << code;
        }
    }
    std::string journal() const { return session->journalPath(); }
};

TEST_F(Arbiterctl, StatusPrintsTheSummaryAndNoDumpOfItsFields) {
    EXPECT_EQ(run({"status"}), 0) << err;
    EXPECT_EQ(out.rfind("fide\n", 0), 0u) << out;
    EXPECT_EQ(out.find("In full"), std::string::npos) << out;
    EXPECT_EQ(out.find("players: "), std::string::npos) << out;
    EXPECT_EQ(out.find("{"), std::string::npos) << out;
    EXPECT_EQ(run({"do", "resign", "--full"}), 2);
    EXPECT_NE(err.find("--full goes with status only"), std::string::npos) << err;
}

TEST_F(Arbiterctl, StatusFullPrintsTheSnapshotReadably) {
    EXPECT_EQ(run({"status", "--full"}), 0) << err;
    EXPECT_NE(out.find("\nIn full:\n"), std::string::npos) << out;
    EXPECT_NE(out.find("game: fide\n"), std::string::npos) << out;
    EXPECT_NE(out.find("players: White, Black\n"), std::string::npos) << out;
    EXPECT_NE(out.find("clocks:\n  Black: 15:00\n  White: 15:00\n"), std::string::npos) << out;
    EXPECT_EQ(out.find("type"), std::string::npos) << out;
    EXPECT_EQ(table.statusCalls, 1);
}

TEST_F(Arbiterctl, StatusJsonPrintsTheRawReply) {
    EXPECT_EQ(run({"--json", "status"}), 0) << err;
    json reply = json::parse(out);
    EXPECT_EQ(reply.value("type", ""), "status");
    EXPECT_EQ(reply.value("game", ""), "fide");
}

TEST_F(Arbiterctl, DoSendsTheActionAndSeat) {
    EXPECT_EQ(run({"do", "draw-offer", "--player", "2"}), 0) << err;
    EXPECT_EQ(run({"do", "resign"}), 0) << err;
    EXPECT_EQ(table.calls, (std::vector<std::string>{"act draw-offer 1", "act resign -1"}));
}

// As the table names its players (Player 1, ...) and as Power Coinz's
// "remove 2:3" and Colonization's "rejoin 3" name seats: from 1.
TEST_F(Arbiterctl, PlayerCountsSeatsFromOneAndRefusesZero) {
    EXPECT_EQ(run({"do", "leave", "--player", "1"}), 0) << err;
    EXPECT_EQ(run({"do", "leave", "--player", "0"}), 2);
    EXPECT_NE(err.find("--player counts seats from 1, as the players are named: the first is "
                       "--player 1"),
              std::string::npos)
        << err;
    EXPECT_EQ(run({"do", "leave", "--player", "-1"}), 2);
    EXPECT_EQ(table.calls, (std::vector<std::string>{"act leave 0"}));
}

TEST_F(Arbiterctl, ARequestDoneSaysWhatWasDone) {
    table.reply = ControlReply::done({{"text", "resigned: White"}});
    EXPECT_EQ(run({"do", "resign"}), 0) << err;
    EXPECT_EQ(out, "resigned: White\n");
    // A daemon that says nothing more than "ok": still not silence.
    table.reply = ControlReply::done();
    EXPECT_EQ(run({"takeback"}), 0) << err;
    EXPECT_EQ(out, "done: takeback\n");
}

TEST_F(Arbiterctl, DoSendsAnActionOfSeveralWordsAsOne) {
    EXPECT_EQ(run({"do", "design", "3", "FfR"}), 0) << err;
    EXPECT_EQ(run({"do", "buy", "3", "--player", "1"}), 0) << err;
    EXPECT_EQ(table.calls, (std::vector<std::string>{"act design 3 FfR -1", "act buy 3 0"}));
}

TEST_F(Arbiterctl, DoJoinMayNameTheNewcomer) {
    EXPECT_EQ(run({"do", "join", "Eve"}), 0) << err;
    EXPECT_EQ(run({"do", "join"}), 0) << err;
    EXPECT_EQ(table.calls, (std::vector<std::string>{"act join -1 Eve", "act join -1"}));
    EXPECT_EQ(run({"do", "join", "Eve", "Zed"}), 2);
    // Not UTF-8: refused here rather than sent mangled.
    EXPECT_EQ(run({"do", "join", "J\xfcrgen"}), 2);
    EXPECT_NE(err.find("argument 5 \"J\\xFCrgen\" is not UTF-8 text"), std::string::npos) << err;
    EXPECT_EQ(table.calls, (std::vector<std::string>{"act join -1 Eve", "act join -1"}));
}

TEST_F(Arbiterctl, EachCommandReachesItsTableMethod) {
    for (const char* command : {"takeback", "pause", "resume", "new-game"})
        EXPECT_EQ(run({command}), 0) << command << ": " << err;
    EXPECT_EQ(table.calls,
              (std::vector<std::string>{"takeback", "pauseClocks", "resumeClocks", "newGame"}));
}

TEST_F(Arbiterctl, OkReplyTextIsPrinted) {
    table.reply = ControlReply::done({{"text", "Clocks stopped."}});
    EXPECT_EQ(run({"pause"}), 0) << err;
    EXPECT_EQ(out, "Clocks stopped.\n");
}

TEST_F(Arbiterctl, RefusalExitsOneWithTheServersMessage) {
    table.reply = ControlReply::refused("nothing to take back");
    EXPECT_EQ(run({"takeback"}), 1);
    EXPECT_EQ(err, "arbiterctl: nothing to take back\n");
}

TEST_F(Arbiterctl, WatchPrintsEachEventsTextUntilTheDaemonGoes) {
    Program watch({ARBITERCTL, "--socket", path, "watch"});
    ASSERT_TRUE(pumpUntil(
        loop, [&] { return server->subscriberCount() == 1; }, 3000ms));
    server->announce({AnnouncementType::Move, "1. e4 (e2e4). White 15:00, Black 15:00", {}});
    server->announce(
        {AnnouncementType::Illegal, "Illegal position. To fix: put a black queen on d8.", {}});
    ASSERT_TRUE(pumpUntil(loop, [&] {
        watch.collect();
        return watch.out().find("d8") != std::string::npos;
    }));
    server.reset();
    EXPECT_EQ(watch.finish(loop), 2);
    EXPECT_EQ(watch.out(),
              "1. e4 (e2e4). White 15:00, Black 15:00\n"
              "Illegal position. To fix: put a black queen on d8.\n");
    EXPECT_NE(watch.err().find("closed the connection"), std::string::npos) << watch.err();
}

TEST_F(Arbiterctl, NothingListeningExitsTwoSayingWhere) {
    std::string nowhere = dir.file("nobody.sock");
    EXPECT_EQ(run({"--socket", nowhere, "status"}, {}, false), 2);
    EXPECT_EQ(err.rfind("arbiterctl: cannot reach arbiterd at " + nowhere + ": ", 0), 0u) << err;
}

TEST_F(Arbiterctl, DefaultSocketIsTheOneInXdgRuntimeDir) {
    server.reset();
    ASSERT_EQ(::mkdir(dir.file("arbiter").c_str(), 0700), 0);
    path = dir.file("arbiter/arbiterd.sock");  // what defaultSocketPath() gives for this directory
    start();
    EXPECT_EQ(run({"status"}, {"XDG_RUNTIME_DIR=" + dir.path()}, false), 0) << err;
}

TEST_F(Arbiterctl, ClientBelievesOnlyServersOfTheUsersItTrusts) {
    std::string error;
    bool untrusted = false;
    ctl::ControlClient wary({::getuid() + 1});  // the server runs as getuid()
    EXPECT_FALSE(wary.connect(path, error, untrusted));
    EXPECT_TRUE(untrusted);
    EXPECT_NE(error.find("runs as user " + std::to_string(::getuid()) +
                         ", neither you nor root: not trusting its answers"),
              std::string::npos)
        << error;
    ctl::ControlClient trusting({::getuid()});
    EXPECT_TRUE(trusting.connect(path, error, untrusted)) << error;
    EXPECT_FALSE(untrusted);
}

// The attack on a socket in a directory anyone may write to: another user
// listens there first and says "ok" to a resignation that never reaches the
// table. A child process plays that user: it gives up root before it listens.
TEST_F(Arbiterctl, ImpostorOfAnotherUserIsNotBelieved) {
    if (::geteuid() != 0) GTEST_SKIP() << "only root can listen as another user";
    const std::string fake = dir.file("impostor.sock");
    int ready[2];
    ASSERT_EQ(::pipe(ready), 0);
    pid_t impostor = ::fork();
    ASSERT_GE(impostor, 0);
    if (impostor == 0) {
        int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        std::strncpy(address.sun_path, fake.c_str(), sizeof address.sun_path - 1);
        if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
            ::setresuid(65534, 65534, 65534) != 0 || ::listen(fd, 1) != 0)
            ::_exit(1);
        [[maybe_unused]] ssize_t said = ::write(ready[1], "r", 1);
        int client = ::accept(fd, nullptr, nullptr);
        const std::string lies = R"({"type":"hello","protocol":1,"server":"arbiterd"})"
                                 "\n"
                                 R"({"type":"ok","id":1,"data":{"text":"White resigned."}})"
                                 "\n";
        said = ::write(client, lies.data(), lies.size());
        ::pause();
        ::_exit(0);
    }
    char byte;
    ASSERT_EQ(::read(ready[0], &byte, 1), 1);
    ::close(ready[0]);
    ::close(ready[1]);
    EXPECT_EQ(run({"--socket", fake, "do", "resign"}, {}, false), 2);
    EXPECT_EQ(out, "");
    EXPECT_EQ(err.rfind("arbiterctl: refusing the server at " + fake + ": ", 0), 0u) << err;
    EXPECT_NE(err.find("runs as user 65534"), std::string::npos) << err;
    ::kill(impostor, SIGKILL);
    ::waitpid(impostor, nullptr, 0);
}

TEST_F(Arbiterctl, UsageErrorsExitTwo) {
    EXPECT_EQ(run({}, {}, false), 2);
    EXPECT_NE(err.find("name a command"), std::string::npos) << err;
    EXPECT_EQ(run({"frobnicate"}), 2);
    EXPECT_NE(err.find("unknown command \"frobnicate\""), std::string::npos) << err;
    EXPECT_EQ(run({"do"}), 2);
    EXPECT_EQ(run({"pause", "now"}), 2);
    EXPECT_EQ(run({"status", "--player", "1"}), 2);
    EXPECT_EQ(run({"do", "resign", "--player", "one"}), 2);
    EXPECT_TRUE(table.calls.empty());
    EXPECT_EQ(table.statusCalls, 0);
}

TEST_F(Arbiterctl, AsSpeaksAsThePlayerWithTheSecretFromTheEnvironment) {
    EXPECT_EQ(run({"--as", "Bob", "do", "d7-d6"}, {"ARBITER_SECRET=s3cret"}), 0) << err;
    EXPECT_EQ(table.calls, (std::vector<std::string>{"act d7-d6 as 1"}));
    EXPECT_EQ(run({"--as", "Bob", "--json", "status"}, {"ARBITER_SECRET=s3cret"}), 0) << err;
    EXPECT_EQ(json::parse(out).value("as", -1), 1) << out;
}

TEST_F(Arbiterctl, AsWithAWrongSecretOrWhereItMeansNothingIsRefused) {
    EXPECT_EQ(run({"--as", "Bob", "do", "d7-d6"}, {"ARBITER_SECRET=guess"}), 1);
    EXPECT_NE(err.find("wrong secret"), std::string::npos) << err;
    EXPECT_EQ(run({"--as", "Bob", "status"}, {"ARBITER_SECRET="}), 1);
    EXPECT_EQ(run({"--as", "", "status"}, {"ARBITER_SECRET=s3cret"}), 2);
    EXPECT_NE(err.find("--as names a player"), std::string::npos) << err;
    EXPECT_EQ(run({"--as", std::string(41, 'B'), "status"}), 2);
    EXPECT_EQ(run({"--as", "Bob", "do", "resign", "--player", "1"}), 2);
    EXPECT_EQ(run({"--as", "Bob", "games", "--journal", dir.path()}), 2);
    EXPECT_EQ(run({"--as", "Bob", "replay", dir.file("any.jsonl")}, {}, false), 2);
    EXPECT_NE(err.find("--as goes with requests to arbiterd"), std::string::npos) << err;
    EXPECT_TRUE(table.calls.empty());
}

TEST_F(Arbiterctl, HelpExitsZero) {
    EXPECT_EQ(run({"--help"}, {}, false), 0);
    EXPECT_NE(out.find("Usage: arbiterctl"), std::string::npos);
}

TEST_F(Arbiterctl, UsageNamesEveryWayToShowTheStatus) {
    EXPECT_EQ(run({"--help"}, {}, false), 0);
    EXPECT_NE(out.find("status [--full | --json | --boards]"), std::string::npos) << out;
}

TEST_F(Arbiterctl, ReplayShowsEachMoveAsAnnouncedWithItsPosition) {
    PlayedGame fools(dir.file("games"), "fide", {}, {"f2f3", "e7e5", "g2g4", "d8h4"});
    ASSERT_TRUE(fools.session->over());
    EXPECT_EQ(run({"replay", fools.journal()}, {}, false), 0) << err;
    for (const std::string& said : fools.said.texts) {
        if (said.rfind("New game", 0) == 0) continue;  // the start is the picture's
        EXPECT_NE(out.find(said + "\n"), std::string::npos) << said << "\nnot in\n" << out;
    }
    const std::string mate = fools.said.texts[fools.said.texts.size() - 2];
    ASSERT_EQ(mate.rfind("2... Qh4# (d8h4). White ", 0), 0u) << mate;
    EXPECT_NE(out.find(mate + "\n"
                              " 8 r n b . k b n r\n"
                              " 7 p p p p . p p p\n"
                              " 6 . . . . . . . .\n"
                              " 5 . . . . p . . .\n"
                              " 4 . . . . . . P q\n"),
              std::string::npos)
        << out;
    EXPECT_LT(out.find("1. f3 (f2f3)"), out.find("1... e5 (e7e5)"));
    EXPECT_NE(out.find("Game over:"), std::string::npos) << out;
}

TEST_F(Arbiterctl, ReplayOfAnotherGameWithItsOptionsEndsAtTheSamePosition) {
    GameOptions four;
    four.players = 4;
    PlayedGame martian(dir.file("games"), "martian", four, {"*", "*", "*", "*", "*"});
    EXPECT_EQ(run({"replay", martian.journal()}, {}, false), 0) << err;
    for (const std::string& said : martian.said.texts) {
        if (said.rfind("New game", 0) == 0) continue;
        EXPECT_NE(out.find(said + "\n"), std::string::npos) << said << "\nnot in\n" << out;
    }
    std::string last;
    for (const std::string& line : positionPicture(martian.session->current())) last += line + "\n";
    EXPECT_NE(out.rfind(last), std::string::npos) << out;
    EXPECT_NE(out.find("The game has no result yet."), std::string::npos) << out;
}

TEST_F(Arbiterctl, ReplayPlyShowsOnlyThePositionAfterIt) {
    PlayedGame fools(dir.file("games"), "fide", {}, {"f2f3", "e7e5", "g2g4", "d8h4"});
    EXPECT_EQ(run({"replay", fools.journal(), "--ply", "2"}, {}, false), 0) << err;
    EXPECT_NE(out.find("1... e5 (e7e5)"), std::string::npos) << out;
    EXPECT_NE(out.find(" 5 . . . . p . . .\n"), std::string::npos) << out;
    EXPECT_EQ(out.find("f2f3"), std::string::npos) << out;
    EXPECT_EQ(out.find("g2g4"), std::string::npos) << out;
    EXPECT_EQ(run({"replay", fools.journal(), "--ply", "5"}, {}, false), 2);
    EXPECT_NE(err.find("has plies 0 to 4, not 5"), std::string::npos) << err;
}

TEST_F(Arbiterctl, ReplayStepWaitsForEnterAndStopsAtQ) {
    PlayedGame fools(dir.file("games"), "fide", {}, {"f2f3", "e7e5", "g2g4", "d8h4"});
    std::ostringstream shown, problems;
    std::istringstream keys("\nq\n");
    EXPECT_EQ(ctl::replayJournal({fools.journal(), std::nullopt, true}, shown, problems, keys,
                                 fools.time),
              0);
    EXPECT_NE(shown.str().find("1. f3 (f2f3)"), std::string::npos) << shown.str();
    EXPECT_EQ(shown.str().find("e7e5"), std::string::npos) << shown.str();
}

// Its journal names every move, which each player must not see while it is played.
TEST_F(Arbiterctl, ReplayRefusesAGameOfHiddenViewsUntilItHasEnded) {
    GameOptions moderated;
    moderated.values["moderated"] = "on";
    PlayedGame hidden(dir.file("games"), "csipgs", moderated, {"*", "*"});
    EXPECT_EQ(run({"replay", hidden.journal()}, {}, false), 2);
    EXPECT_NE(err.find("it has no result yet"), std::string::npos) << err;
    EXPECT_TRUE(out.empty()) << out;
    ASSERT_EQ(hidden.session->resign(0), "");
    EXPECT_EQ(run({"replay", hidden.journal()}, {}, false), 0) << err;
}

TEST_F(Arbiterctl, BadJournalsExitTwoNamingTheLine) {
    PlayedGame fools(dir.file("games"), "fide", {}, {"f2f3", "e7e5", "g2g4"});
    std::ifstream in(fools.journal());
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    ASSERT_EQ(lines.size(), 4u);
    auto write = [&](const std::string& name, const std::string& text) {
        std::ofstream(dir.file(name)) << text;
        return dir.file(name);
    };
    const std::string missing = dir.file("nowhere.jsonl");
    EXPECT_EQ(run({"replay", missing}, {}, false), 2);
    EXPECT_NE(err.find("cannot read journal " + missing), std::string::npos) << err;
    const std::string garbage = write("garbage.jsonl", "hello\nworld\n");
    EXPECT_EQ(run({"replay", garbage}, {}, false), 2);
    EXPECT_EQ(err, "arbiterctl: " + garbage + ":1: not a JSON object\n");
    const std::string cut = write("cut.jsonl", lines[0] + "\n" + lines[1] + "\n" +
                                                   lines[2].substr(0, 20) + "\n" + lines[3] + "\n");
    EXPECT_EQ(run({"replay", cut}, {}, false), 2);
    EXPECT_EQ(err, "arbiterctl: " + cut + ":3: not a JSON object\n");
    std::string illegal = lines[3];
    illegal.replace(illegal.find("g2g4"), 4, "g2g5");
    const std::string edited =
        write("edited.jsonl",
              lines[0] + "\n" + lines[1] + "\n\n" + lines[2] + "\n" + testing::resealed(illegal));
    EXPECT_EQ(run({"replay", edited}, {}, false), 2);
    EXPECT_EQ(err, "arbiterctl: " + edited + ":5: \"g2g5\" is not a legal action here\n");
    std::string unknown = lines[0];
    unknown.replace(unknown.find("\"fide\""), 6, "\"nim\"");
    EXPECT_EQ(run({"replay", write("nim.jsonl", testing::resealed(unknown) + "\n")}, {}, false), 2);
    EXPECT_NE(err.find(":1: unknown game \"nim\""), std::string::npos) << err;
    EXPECT_TRUE(out.empty()) << out;
    // Edited without its checksum written anew: refused before it is replayed.
    EXPECT_EQ(run({"replay", write("flipped.jsonl", lines[0] + "\n" + illegal + "\n")}, {}, false),
              2);
    EXPECT_NE(err.find(":2: the line does not match its checksum"), std::string::npos) << err;
    EXPECT_EQ(run({"replay"}, {}, false), 2);
    EXPECT_EQ(run({"replay", garbage, "--ply", "x"}, {}, false), 2);
    EXPECT_EQ(run({"status", "--ply", "2"}), 2);
    EXPECT_EQ(run({"status", "--journal", dir.path()}), 2);
}

TEST_F(Arbiterctl, GamesReadsTheFolderOldestFirstWithTheFileToReplay) {
    const std::string games = dir.file("games");
    std::filesystem::create_directories(games);
    std::ofstream(games + "/broken.jsonl") << "{\"type\":\"move\"}\n";
    PlayedGame fools(games, "fide", {}, {"f2f3", "e7e5", "g2g4", "d8h4"});
    PlayedGame going(games, "fide", {}, {"e2e4", "e7e5"});  // begun in the same second
    EXPECT_EQ(run({"games", "--journal", games}), 0) << err;
    EXPECT_EQ(out, "Games in " + games + ", newest last:\n" +
                       "2026-01-01 00:00  fide  White v Black  Black wins (checkmate), 4 moves\n" +
                       "    arbiterctl replay " + fools.journal() + "\n" +
                       "2026-01-01 00:00  fide  White v Black  in progress, 2 moves\n" +
                       "    arbiterctl replay " + going.journal() + "\n" + "damaged journal: " +
                       games + "/broken.jsonl:1: a journal must begin with a \"game\" event\n");
    EXPECT_EQ(table.gamesCalls, 0);
    EXPECT_EQ(run({"games", "--journal", dir.file("none")}), 2);
    EXPECT_EQ(err, "arbiterctl: no journal folder " + dir.file("none") + "\n");
}

TEST_F(Arbiterctl, GamesAsksTheRunningDaemonAndReadsTheFolderWithoutOne) {
    table.gamesReply = ControlReply::done({{"folder", "/srv/games"},
                                           {"games",
                                            {{{"journal", "/srv/games/a b.jsonl"},
                                              {"started", "2026-03-01T10:15:00"},
                                              {"game", "martian"},
                                              {"players", {"Ann", "Bob"}},
                                              {"state", "draw"},
                                              {"winners", json::array()},
                                              {"reason", "no moves"},
                                              {"moves", 1}}}},
                                           {"older", 3}});
    EXPECT_EQ(run({"games"}), 0) << err;
    EXPECT_EQ(out,
              "Games in /srv/games, newest last (3 older not shown):\n"
              "2026-03-01 10:15  martian  Ann v Bob  draw (no moves), 1 move\n"
              "    arbiterctl replay '/srv/games/a b.jsonl'\n");
    EXPECT_EQ(table.gamesCalls, 1);
    server.reset();
    Program offline({ARBITERCTL, "--socket", path, "games"}, {});
    offline.finish(loop);  // whatever the folder "games" holds where the test runs
    EXPECT_NE(offline.err().find("no arbiterd at " + path), std::string::npos) << offline.err();
    EXPECT_NE(offline.err().find("reading the journal folder games"), std::string::npos)
        << offline.err();
}

}  // namespace
}  // namespace arbiter::testing
