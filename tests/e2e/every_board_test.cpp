// Every seed game on every kind of virtual board: each game's default layout
// put on virtual boards of one protocol with `arbiterd --vboard-protocol`, as
// docs/vboard.md tells a user to, and a short game played on them through the
// real arbiterd and arbiter-vboard, a capture included, to the game's end (a
// win, or the move limit the table is given).
//
// One table of scripts serves every protocol. A capture is typed as an
// occupancy board needs it (docs/boards.md): the captured piece taken off and
// seen gone before the capturing piece comes, which a board that tells colour
// and kind takes as well. A Certabo is calibrated from the chess start first,
// then set up for the game, so that its pieces keep the tags it learnt; a
// game with more pieces of a kind than a chess set has is played on it
// uncalibrated, by occupancy (docs/boards.md, "Which game on which board").
//
// Then a table of three kinds of board at once: Colonization on a DGT, a
// Millennium and a Certabo board.
//
// Many short games, each waiting on arbiterd at every move: they are built
// and run in ./test's optimised build only (ARBITER_OPTIMISED_TESTS in
// scripts/bootstrap.sh), where the whole matrix takes under a minute at -j2.
#include <algorithm>
#include <fstream>
#include <sstream>
#include <tuple>

#include "tests/e2e/table_fixture.h"
#include "tests/scoped_environment.h"

namespace arbiter::e2e {
namespace {

// A protocol the virtual boards speak, and whether its boards are calibrated
// (a Certabo) before the game is set up on them.
struct BoardKind {
    std::string protocol;
    bool calibrated = false;
};

// What is typed on one board of the layout (by its name), or said with
// `arbiterctl do` when no board is named, and what arbiterd says when it has
// seen it; nothing to wait for when a move goes on on another board (a piece
// carried across).
struct Step {
    std::string board;
    std::string typed;
    std::string said;
};

// A short game of one seed game in its default layout: arbiterd's options,
// the steps, and what arbiterd says at the end.
struct GameScript {
    std::string name;
    std::vector<std::string> args;
    std::vector<Step> steps;
    std::string end;
    // Whether each board's part of the start is made of one chess set's
    // pieces, as a Certabo calibrated from the chess start knows them.
    bool withinOneSet = true;
};

// A capture of `victim` typed as an occupancy board needs it: the captured
// piece off and seen gone (two scans of 10 ms and the settle time of 60 ms
// pass), then the capturing piece moved in.
std::string capture(const std::string& from, const std::string& victim) {
    return "remove " + victim + "\nwait 100\n" + from + "-" + victim;
}

// Möbiatus's eight boards: face A (ranks 1-30) up a1, a8, a16, a24, face B
// (ranks 31-60) up a31, a38, a46, a54, each face's 30 ranks shared 7, 8, 8, 7
// (tests/e2e/mobiatus_test.cpp). The board and square a cell lies on.
std::pair<std::string, std::string> mobiatusSpot(const std::string& cell) {
    static const char* const kBoards[] = {"a1", "a8", "a16", "a24", "a31", "a38", "a46", "a54"};
    const int file = cell[0] - 'a', rank = std::stoi(cell.substr(1)) - 1;
    const int face = rank / 30, up = rank % 30;
    const int board = up < 7 ? 0 : up < 15 ? 1 : up < 23 ? 2 : 3;
    const int squareRank = up < 7 ? up + 1 : up < 15 ? up - 7 : up < 23 ? up - 15 : up - 23;
    return {kBoards[face * 4 + board],
            std::string(1, char('a' + file)) + std::to_string(squareRank + 1)};
}

// A Möbiatus action as hands make it: the dot taken off each stop and put on
// the next; at each stop of a chain arbiterd asks for the dot it jumped (on
// the far face: the file mirrored, 30 ranks on) to be taken off first.
std::vector<Step> mobiatusAction(const std::vector<std::string>& stops, char dot,
                                 const std::string& said) {
    std::vector<Step> steps;
    for (size_t i = 1; i < stops.size(); ++i) {
        const auto [fromBoard, from] = mobiatusSpot(stops[i - 1]);
        const auto [toBoard, to] = mobiatusSpot(stops[i]);
        steps.push_back({fromBoard, "remove " + from, ""});
        const bool last = i + 1 == stops.size();
        steps.push_back({toBoard, "put " + to + " " + dot,
                         last ? said : "take it off, then jump on from " + stops[i] + " (board"});
        if (last) break;
        const int file = stops[i][0] - 'a', rank = std::stoi(stops[i].substr(1)) - 1;
        const auto [farBoard, far] = mobiatusSpot(std::string(1, char('a' + 4 - file)) +
                                                  std::to_string((rank + 30) % 60 + 1));
        steps.push_back({farBoard, "remove " + far, ""});
    }
    return steps;
}

// Red wins in six moves (tests/e2e/mobiatus_test.cpp): a chain of nine
// captures, then one that begins with a slide.
std::vector<Step> mobiatusGame() {
    std::vector<Step> steps;
    const std::vector<std::tuple<std::vector<std::string>, char, std::string>> actions = {
        {{"d1", "e59"}, 'P', "1. d1-e59"},
        {{"c17", "b19"}, 'p', "1... c17-b19"},
        {{"e59", "d57"}, 'P', "2. e59-d57"},
        {{"e16", "c18"}, 'p', "2... e16-c17 slides to c18"},
        {{"d57", "c55"}, 'P', "3. d57-c55"},
        {{"e17", "d19"}, 'p', "3... e17-d19"},
        {{"c55", "d53"}, 'P', "4. c55-d53"},
        {{"d19", "c21"}, 'p', "4... d19-c21"},
        {{"d53", "c51", "d49", "e47", "c46", "b47", "d46", "c48", "b46", "d47", "e49"},
         'P',
         "5. d53-c51 takes Bob's c21 on the far face, c51-d49 takes Bob's b19 on the far face"},
        {{"a16", "a18"}, 'p', "5... a16-c17 slides to a18 (board"},
        {{"e49", "e48", "c49"}, 'P', "6. e49-d47 slides to e48 takes Bob's a18 on the far face"}};
    for (const auto& [stops, dot, said] : actions) {
        for (Step& step : mobiatusAction(stops, dot, said)) steps.push_back(std::move(step));
    }
    return steps;
}

std::vector<GameScript> gameScripts() {
    return {
        {"fide",
         {"--game", "fide"},
         {{"main", "e2-e4", "1. e4"},
          {"main", "e7-e5", "1... e5"},
          {"main", "f1-c4", "2. Bc4"},
          {"main", "b8-c6", "2... Nc6"},
          {"main", "d1-h5", "3. Qh5"},
          {"main", "g8-f6", "3... Nf6"},
          {"main", capture("h5", "f7"), "4. Qxf7#"}},
         "Game over: checkmate. White wins"},
        {"martian",
         {"--game", "martian", "--player", "Ann", "--player", "Bob", "--move-limit", "2"},
         {{"main", "a3-a5", "1. drone a3-a5 crosses into Bob's territory (a3-a5)."},
          {"main", "d6-d5", "1... drone d6-d5 (d6-d5)."},
          {"main", capture("a2", "a5"), "2. queen a2xa5 for 2 points, 2 in all (a2xa5)"},
          {"main", "b8-a8", "2... drone b8-a8 (b8-a8)."}},
         "Game over: move limit",
         false},
        {"cornerport",
         {"--game", "cornerport", "--player", "Ann", "--player", "Bob"},
         {{"main", "h1-g2", "1. freighter h1-g2 (h1-g2)."},
          {"main", "h8-h7", "1... freighter h8-h7 (h8-h7)."},
          {"main", "g2-f3", "2. freighter g2-f3 (g2-f3)."},
          {"main", "h7-h6", "2... freighter h7-h6 (h7-h6)."},
          {"main", "f3-e4", "3. freighter f3-e4 (f3-e4)."},
          {"main", "h6-h5", "3... freighter h6-h5 (h6-h5)."},
          {"main", "e4-d5", "4. freighter e4-d5 (e4-d5)."},
          {"main", "h5-h4", "4... freighter h5-h4 (h5-h4)."},
          {"main", "d5-c6", "5. freighter d5-c6 (d5-c6)."},
          {"main", "h4-h5", "5... freighter h4-h5 (h4-h5)."},
          {"main", "c6-b7", "6. freighter c6-b7 (c6-b7)."},
          {"main", "h5-h4", "6... freighter h5-h4 (h5-h4)."},
          {"main", "b7-a8", "7. freighter b7-a8 arrives in port"},
          // Which ship comes in is said: on an occupancy board any piece
          // on h1 could be any of them.
          {"", "R@h1", "7. places a battle ship on h1 (R@h1)"},
          {"main", "put h1 R\nwait 300", ""},
          {"main", "h4-h3", "7... freighter h4-h3 (h4-h3)."},
          {"main", capture("h1", "h3"), "8. battle ship h1xh3 sinks Bob's freighter (h1xh3)"}},
         "Ann wins"},
        {"sandkings",
         {"--game", "sandkings", "--player", "Ann", "--player", "Bob", "--move-limit", "2"},
         {{"main", "b2-c3", "1. body b2-c3 (b2-c3)."},
          {"main", "a1-b2", "1. stinger a1-b2 (a1-b2)."},
          {"main", "c2-d3", "1. vertebra c2-d3 (c2-d3)."},
          {"main", "c3-c4", "1. body c3-c4 (c3-c4)."},
          {"main", "b2-c3", "1. stinger b2-c3 (b2-c3)."},
          {"main", "c3-d4", "1. stinger c3-d4 (c3-d4)."},
          {"main", "f7-f6", "1... vertebra f7-f6 (f7-f6)."},
          {"main", "f6-f5", "1... vertebra f6-f5 (f6-f5)."},
          {"main", "g8-f7", "1... vertebra g8-f7 (g8-f7)."},
          {"main", "f7-f6", "1... vertebra f7-f6 (f7-f6)."},
          {"main", "f6-e5", "1... vertebra f6-e5 (f6-e5)."},
          {"", "end", "1... ends the turn (end)."},
          {"main", "b1-c2", "2. vertebra b1-c2 (b1-c2)."},
          {"main", "c4-d5", "2. body c4-d5 (c4-d5)."},
          {"main", "d5-e4", "2. body d5-e4 (d5-e4)."},
          {"main", "d4-e3", "2. stinger d4-e3 (d4-e3)."},
          {"main", "e3-f4", "2. stinger e3-f4 (e3-f4)."},
          // The sting cuts Bob's tail: what hung on f5 is taken off too.
          {"main", capture("f4", "f5"),
           "2. stinger f4xf5 stings Bob's vertebra; cut off: Bob's vertebra on e5"},
          // An occupancy board names no piece: "Now take the piece off e5."
          {"main", "", " off e5."},
          {"main", "remove e5", ""},
          {"main", "h8-g8", "2... stinger h8-g8 (h8-g8)."},
          {"", "end", "2... ends the turn (end)."}},
         "Game over: move limit"},
        {"csipgs",
         {"--game", "csipgs", "--move-limit", "5"},
         {{"main", "e1-e2", "1. King e1-e2"},
          {"main", "e8-e7", "1... King e8-e7"},
          {"", "buy 1", "White buys a Pawn (slot 1) for 2 zorkmids"},
          {"main", "e7-e6", "2... King e7-e6"},
          {"main", "put e3 P", "3. Pawn from the reserve to e3"},
          {"main", "e6-e5", "3... King e6-e5"},
          {"main", "e2-d2", "4. King e2-d2"},
          {"main", "e5-e4", "4... King e5-e4"},
          {"main", "d2-c2", "5. King d2-c2"},
          {"main", capture("e4", "e3"), "5... King e4xe3"}},
         "Game over: move limit"},
        {"colonization",
         {"--game", "colonization", "--player", "Ann", "--player", "Bob"},
         {{"main", "put d4 B", "1. home planet on d4"},
          {"main", "put e5 b", "1... home planet on e5"},
          {"main", capture("d4", "e5"), "2. home planet d4xe5 takes Bob's home planet"}},
         "Game over: only Ann's society is left. Ann wins"},
        {"skirmish",
         {"--game", "skirmish", "--move-limit", "3"},
         {{"main", "b1-c2", ": b1-c2"},
          {"main", "g1-f2", ": g1-f2"},
          {"main", "h7-g6", ": h7-g6"},
          {"main", "a7-b6", ": a7-b6"},
          {"main", "c2-d3", ": c2-d3"},
          {"main", "f2-e3", ": f2-e3"},
          {"main", "g6-f5", ": g6-f5"},
          {"main", "b6-c5", ": b6-c5"},
          {"main", capture("d3", "e3"), ": d3xe3"},
          {"main", "h2-h3", ": h2-h3"},
          {"main", "f5-f4", ": f5-f4"},
          {"main", "c5-c4", ": c5-c4"}},
         "Game over: move limit",
         false},
        {"mobiatus",
         {"--game", "mobiatus", "--player", "Ann", "--player", "Bob"},
         mobiatusGame(),
         "Game over: Bob has no dots left. Ann wins.",
         false},
        // Konfusion's four boards (a1 gives cells a1-e5 from its d4, f1
        // cells f1-j5 from its a4, a6 cells a6-e10 from its d1, f6 cells
        // f6-j10 from its a1): dice crossing boards are taken off one and
        // put on the other, with the pips they show.
        {"konfusion",
         {"--game", "konfusion", "--player", "Ann", "--player", "Bob", "--move-limit", "2"},
         {{"a1", "remove h4", ""},
          {"a6", "put h1 Q", "1. 5 e1-e6"},
          {"f6", "remove a5", ""},
          {"f1", "put a8 q", "1... 5 f10-f5"},
          {"a6", "remove h4\nwait 100\nremove h1\nput h4 Q", "2. 5 e6xe9"},
          {"f6", "remove a4", ""},
          {"a6", "put g2 n", "2... 2 f9-d7"}},
         "Game over: move limit"},
    };
}

// Every game on every kind of board; a game that needs more pieces of a
// kind than one set has is played on an uncalibrated Certabo, read by
// occupancy, since the virtual one cannot be taught spare pieces
// (docs/boards.md, "Which game on which board").
std::vector<std::tuple<BoardKind, GameScript>> everyPair() {
    const std::vector<BoardKind> kinds = {
        {"millennium"}, {"certabo", true}, {"sentio"}, {"chessnut"}, {"dgt-bus"}};
    std::vector<std::tuple<BoardKind, GameScript>> pairs;
    for (const BoardKind& kind : kinds) {
        for (const GameScript& game : gameScripts()) {
            const bool learnt = kind.calibrated && game.withinOneSet;
            pairs.emplace_back(BoardKind{kind.protocol, learnt}, game);
        }
    }
    return pairs;
}

// Boards started by name and a script of steps played on them.
class ScriptedBoardsTest : public SeveralBoardsTest {
  protected:
    void playSteps(const std::vector<Step>& steps) {
        for (const Step& step : steps) {
            if (step.board.empty()) {
                std::vector<std::string> words = {"do"};
                std::istringstream said(step.typed);
                for (std::string word; said >> word;) words.push_back(word);
                auto [code, text] = control(words);
                ASSERT_EQ(code, 0) << text;
            } else {
                auto board = std::find(boardNames_.begin(), boardNames_.end(), step.board);
                ASSERT_NE(board, boardNames_.end()) << "no board " << step.board;
                boards_[static_cast<size_t>(board - boardNames_.begin())]->send(step.typed + "\n");
            }
            if (step.said.empty()) continue;
            expectSaid(step.said);
            if (HasFatalFailure()) return;
        }
    }
};

// How gtest names a parameter in a failure: "certabo (calibrated)", "fide".
void PrintTo(const BoardKind& kind, std::ostream* out) {
    *out << kind.protocol << (kind.calibrated ? " (calibrated)" : "");
}
void PrintTo(const GameScript& game, std::ostream* out) {
    *out << game.name;
}

class EveryBoard : public ScriptedBoardsTest,
                   public ::testing::WithParamInterface<std::tuple<BoardKind, GameScript>> {
  protected:
    // arbiterd's options for the game on boards of the kind under test.
    std::vector<std::string> tableArgs() const {
        const auto& [kind, game] = GetParam();
        std::vector<std::string> args = {"--vboard-protocol", kind.protocol};
        args.insert(args.end(), game.args.begin(), game.args.end());
        return args;
    }

    // The game's own virtual boards, as --print-start names them, each
    // showing its part of the start (a Certabo calibrated first).
    void startTheBoards() {
        const auto& [kind, game] = GetParam();
        std::vector<std::string> args = {"--print-start", "--journal", journalDir_};
        for (const std::string& arg : tableArgs()) args.push_back(arg);
        auto [code, starts] = runDaemon(args);
        ASSERT_EQ(code, 0) << starts;
        std::istringstream lines(starts);
        std::vector<std::string> fens;
        for (std::string device, fen; lines >> device >> fen;) {
            // PROTOCOL:vboard:NAME, and @ADDRESS on a bus.
            const std::string prefix = kind.protocol + ":vboard:";
            ASSERT_TRUE(device.starts_with(prefix)) << starts;
            const std::string name = device.substr(prefix.size(), device.find('@') - prefix.size());
            std::vector<std::string> own = {"--protocol", kind.protocol};
            if (device.find('@') != std::string::npos) own.insert(own.end(), {"--address", "1"});
            if (!kind.calibrated) own.insert(own.end(), {"--setup", fen});
            boardNames_.push_back(name);
            boards_.push_back(startBoardNamed(name, own));
            fens.push_back(fen);
        }
        ASSERT_FALSE(boards_.empty()) << starts;
        if (!kind.calibrated) return;
        args[0] = "--calibrate";
        auto [calibrated, said] = runDaemon(args);
        ASSERT_EQ(calibrated, 0) << said;
        for (size_t i = 0; i < boards_.size(); ++i) boards_[i]->send("setup " + fens[i] + "\n");
    }
};

TEST_P(EveryBoard, AShortGameWithACaptureToItsEnd) {
    const GameScript& game = std::get<1>(GetParam());
    testing::ScopedEnvironment vboards("ARBITER_VBOARD_DIR", (dir_ / "vboards").string());
    startTheBoards();
    ASSERT_FALSE(HasFatalFailure());
    startDaemonOnTheBoards(tableArgs());
    expectSaid("New game of " + game.name, 15000);
    playSteps(game.steps);
    if (!HasFatalFailure()) expectSaid(game.end);
}

INSTANTIATE_TEST_SUITE_P(
    EveryGame, EveryBoard, ::testing::ValuesIn(everyPair()),
    [](const ::testing::TestParamInfo<std::tuple<BoardKind, GameScript>>& pair) {
        const BoardKind& kind = std::get<0>(pair.param);
        std::string name = std::get<1>(pair.param).name + "_on_" + kind.protocol +
                           (kind.protocol == "certabo" && !kind.calibrated ? "_uncalibrated" : "");
        for (char& c : name)
            if (c == '-') c = '_';
        return name;
    });

// A Colonization table of the boards the players brought: a DGT board (cells
// a-h), a Millennium (i-p) and a calibrated Certabo (q-x), side by side in
// one configuration. Planets step from one board onto another, the Certabo
// takes pieces put on it from the box, and Ann's planet takes Bob's on the
// Millennium board.
class MixedTable : public ScriptedBoardsTest {
  protected:
    std::string writeConfiguration() {
        const std::string path = (dir_ / "colonization.ini").string();
        std::ofstream ini(path);
        ini << "game = colonization\nsize = 24x8\nplayer = Ann\nplayer = Bob\n"
            << "[board.a1]\ndevice = vboard:a1\norigin = a1\n"
            << "[board.i1]\ndevice = millennium:vboard:i1\norigin = i1\n"
            << "[board.q1]\ndevice = certabo:vboard:q1\norigin = q1\n";
        return path;
    }
};

TEST_F(MixedTable, ColonizationOnADgtAMillenniumAndACertaboBoard) {
    testing::ScopedEnvironment vboards("ARBITER_VBOARD_DIR", (dir_ / "vboards").string());
    const std::string ini = writeConfiguration();
    const std::string empty = "8/8/8/8/8/8/8/8";
    boardNames_ = {"a1", "i1", "q1"};
    boards_.push_back(startBoardNamed("a1", {"--setup", empty}));
    boards_.push_back(startBoardNamed("i1", {"--protocol", "millennium", "--setup", empty}));
    // The Certabo learns its pieces from the chess start, then is cleared for the game.
    boards_.push_back(startBoardNamed("q1", {"--protocol", "certabo"}));
    auto [calibrated, said] = runDaemon({"--config", ini, "--journal", journalDir_, "--calibrate"});
    ASSERT_EQ(calibrated, 0) << said;
    boards_[2]->send("setup " + empty + "\n");
    startDaemonWithout({"--config", ini, "--time", "10+5"});
    expectSaid("New game of colonization", 15000);
    std::vector<Step> steps = {
        {"a1", "put h4 B", "1. home planet on h4"},
        {"q1", "put a5 b", "1... home planet on q5"},
        // Ann's planet steps from the DGT board onto the Millennium.
        {"a1", "remove h4", ""},
        {"i1", "put a4 B", "2. h4-i4"},
        {"q1", "put a6 p", "2... colony on q6"},
        {"i1", "a4-b4", "3. i4-j4"},
        // Bob's planet steps from the Certabo onto the Millennium.
        {"q1", "remove a5", ""},
        {"i1", "put h5 b", "3... q5-p5"},
    };
    for (const char* step : {"b4-c4", "c4-d4", "d4-e4", "e4-f4", "f4-g4"}) {
        const std::string cells =
            std::string(1, char(step[0] + 8)) + "4-" + std::string(1, char(step[3] + 8)) + "4";
        steps.push_back({"i1", step, cells});
        steps.push_back({"", "pass", "abstains"});
    }
    // The planet takes Bob's: Bob's colony on the Certabo is cut off.
    steps.push_back({"i1", capture("g4", "h5"),
                     "home planet o4xp5 (board B g4-h5) takes Bob's home planet; cut off: Bob's "
                     "colony on q6"});
    playSteps(steps);
    expectSaid("Game over: only Ann's society is left. Ann wins");
}

}  // namespace
}  // namespace arbiter::e2e
