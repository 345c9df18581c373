// A Martian Chess table in-process: what the board shows read as the pyramids
// it stands for, fixes and captures named by pyramid, the table's names in
// place of the engine's, and partners winning or losing together.
#include <gtest/gtest.h>

#include <fstream>

#include "daemon/config/configuration.h"
#include "daemon/referee/referee.h"
#include "daemon/session/session.h"
#include "daemon/table/playing_table.h"
#include "tests/daemon/recording_sink.h"
#include "tests/daemon/surface_fixture.h"
#include "tests/daemon/temp_directory.h"

namespace arbiter {
namespace {

using testing::squaresFromFen;

// The two-player start on the a1-d8 half of one board, with the default
// stand-ins: drones knights, queens queens, all white.
constexpr const char* kStart = "1NQQ4/1PNQ4/1PPN4/8/8/NPP5/QNP5/QQN5";
// Ann's drone a3-a5 crosses into Bob's half.
constexpr const char* kAfterA3A5 = "1NQQ4/1PNQ4/1PPN4/N7/8/1PP5/QNP5/QQN5";

class MartianTable : public ::testing::Test {
  protected:
    // A table for `players` with these stand-ins on one board, of which two
    // players use the a1-d8 half, as arbiterd --board sets it up.
    void open(int players = 2, std::map<std::string, StandIn> standIns = {}) {
        TableSettings settings;
        settings.game = "martian";
        settings.gameOptions.players = players;
        settings.gameOptions.standIns = std::move(standIns);
        BoardSetting board;
        board.name = board.placement.name = "board";
        board.device = {"dgt", scratch.path() + "/no-board-here"};
        board.placement.used = defaultPlacement(Geometry::rectangle(players == 2 ? 4 : 8, 8))->used;
        settings.boards.push_back(board);
        settings.session.time = *TimeControl::parse("5+0");
        settings.session.players = players == 2
                                       ? std::vector<std::string>{"Ann", "Bob"}
                                       : std::vector<std::string>{"Ann", "Bob", "Cy", "Dee"};
        // Each table its own journals, so that none takes up another's game.
        settings.session.journalDir = scratch.path() + "/games" + std::to_string(++tables);
        settings.settleMs = 100;
        table = openTable(loop, settings, said, error);
        ASSERT_TRUE(table) << error;
    }
    void TearDown() override { table.reset(); }
    // The board shows `fen` and stays still long enough to be judged.
    void show(const std::string& fen) {
        table->boardDump(0, squaresFromFen(fen));
        settle();
    }
    // One square reports `content`, as a board does when a piece is set down.
    void report(const std::string& cell, Appearance content) {
        int file = cell[0] - 'a', rank = cell[1] - '1';
        table->squareChanged(0, (7 - rank) * 8 + file, content);
    }
    void settle() {
        time.advance(150);
        loop.runOnce(0);
    }
    void start() {
        show(kStart);
        ASSERT_EQ(said.types().back(), AnnouncementType::Start);
    }
    // The last announcement of `type`, or "".
    std::string last(AnnouncementType type) const {
        for (auto a = said.said.rbegin(); a != said.said.rend(); ++a) {
            if (a->type == type) return a->text;
        }
        return "";
    }

    testing::TempDirectory scratch{"arbiter-martian-table"};
    ManualTimeSource time;
    EventLoop loop{time};
    testing::RecordingSink said;
    std::string error;
    std::unique_ptr<PlayingTable> table;
    int tables = 0;
};

TEST_F(MartianTable, TheStartMayBeShownWithAnyFigureAndColourThatStandsForEachPyramid) {
    open();
    // Drones as rooks, queens as kings and bishops, pawns black and white.
    show("1RKB4/1pNQ4/1PpR4/8/8/rpP5/bNP5/KqN5");
    EXPECT_EQ(said.types().back(), AnnouncementType::Start);
    EXPECT_EQ(table->session()->ply(), 0);
}

TEST_F(MartianTable, ARookOrABlackPawnIsReadAsTheDroneOrPawnItStandsFor) {
    open();
    start();
    // The drone comes down on a5 as a black rook.
    report("a3", std::nullopt);
    report("a5", SetPiece{SetColour::Black, Figure::Rook});
    settle();
    EXPECT_EQ(last(AnnouncementType::Move)
                  .rfind("1. drone a3-a5 crosses into Bob's territory (a3-a5).", 0),
              0u)
        << last(AnnouncementType::Move);
    // Bob's pawn b6-c5, set down as a black pawn.
    show("1NQQ4/1PNQ4/2PN4/r1p5/8/1PP5/QNP5/QQN5");
    EXPECT_EQ(last(AnnouncementType::Move).rfind("1... pawn b6-c5 (b6-c5).", 0), 0u)
        << last(AnnouncementType::Move);
    EXPECT_EQ(table->session()->ply(), 2);
}

TEST_F(MartianTable, ABishopIsAQueenByDefaultButNotWhenTheTableListsOtherFigures) {
    open();
    show("1NBQ4/1PNB4/1PPN4/8/8/NPP5/BNP5/QBN5");
    EXPECT_EQ(said.types().back(), AnnouncementType::Start);

    said.said.clear();
    table.reset();
    open(2, {{"queen", StandIn{{SetColour::White, Figure::Queen}, {Figure::King}}}});
    show("1NBQ4/1PNB4/1PPN4/8/8/NPP5/BNP5/QBN5");
    EXPECT_EQ(table->session(), nullptr) << "a bishop is no queen at this table";
    show("1NKQ4/1PNK4/1PPN4/8/8/NPP5/KNP5/QKN5");
    EXPECT_EQ(said.types().back(), AnnouncementType::Start);
}

TEST_F(MartianTable, TheWaitingMessageNamesEachPyramidWithItsFigures) {
    open(2, {{"drone", StandIn{{SetColour::White, Figure::Rook}, {Figure::Knight}}}});
    table->connectBoards();
    EXPECT_EQ(last(AnnouncementType::Waiting),
              "Waiting for the start position of martian: queen (queen or king or bishop) on a1, "
              "b1, a2, d7, c8, d8; drone (rook or knight) on c1, b2, a3, d6, c7, b8; pawn on c2, "
              "b3, c3, b6, c6, b7.");
}

TEST_F(MartianTable, TheFixNamesThePyramidAndTheFiguresThatShowIt) {
    open();
    start();
    // A drone moved diagonally: no move at all, and the rules say why.
    show("1NQQ4/1PNQ4/1PPN4/8/1N6/1PP5/QNP5/QQN5");
    EXPECT_EQ(last(AnnouncementType::Illegal),
              "Illegal position: a3-b4 (that is not a move: a drone moves one or two squares "
              "straight, not jumping). To fix: put a drone (knight or rook) on a3; take the "
              "drone (knight or rook) off b4.");
    // A pawn where Ann's queen stands: the pawn is only "pawn".
    show("1NQQ4/1PNQ4/1PPN4/8/8/NPP5/PNP5/QQN5");
    EXPECT_EQ(last(AnnouncementType::Illegal),
              "Illegal position. To fix: replace the pawn on a2 by a queen (queen or king or "
              "bishop).");
    show(kStart);
    EXPECT_EQ(said.types().back(), AnnouncementType::Fixed);
}

TEST_F(MartianTable, DescribedFixesNameThePyramidOnlyWhenTheGameIsGiven) {
    std::string why;
    auto game = makeGame("martian", GameOptions(), why);
    ASSERT_TRUE(game) << why;
    const Geometry g = Geometry::rectangle(4, 8);
    const SetPiece knight{SetColour::White, Figure::Knight}, pawn{SetColour::White, Figure::Pawn};
    const SetPiece queen{SetColour::White, Figure::Queen};
    EXPECT_EQ(describeFix({*g.parse("c3"), std::nullopt, knight}, g, game.get()),
              "put a drone (knight or rook) on c3");
    EXPECT_EQ(describeFix({*g.parse("a1"), queen, std::nullopt}, g, game.get()),
              "take the queen (queen or king or bishop) off a1");
    EXPECT_EQ(describeFix({*g.parse("b3"), pawn, queen}, g, game.get()),
              "replace the pawn on b3 by a queen (queen or king or bishop)");
    EXPECT_EQ(describeFix({*g.parse("c3"), std::nullopt, knight}, g), "put a white knight on c3");
}

TEST_F(MartianTable, ACaptureSaysItsPointsAndNamesThePyramidTaken) {
    open();
    start();
    show(kAfterA3A5);
    show("1NQQ4/1PNQ4/1PP5/N2N4/8/1PP5/QNP5/QQN5");  // Bob's drone d6-d5
    show("1NQQ4/1PNQ4/1PP5/Q2N4/8/1PP5/1NP5/QQN5");  // Ann's queen a2xa5
    EXPECT_EQ(last(AnnouncementType::Move)
                  .rfind("2. queen a2xa5 for 2 points, 2 in all (a2xa5), takes the drone "
                         "(knight or rook) on a5.",
                         0),
              0u)
        << last(AnnouncementType::Move);
    EXPECT_EQ(said.said.back().data["captured"], nlohmann::json({"drone (knight or rook) on a5"}));
    EXPECT_EQ(table->session()->scores(), (std::vector<int>{2, 0}));
}

TEST_F(MartianTable, TheStatusReportSaysTheTablesNames) {
    open();
    start();
    EXPECT_EQ(table->status()["session"]["report"],
              nlohmann::json({"Scores: Ann 0, Bob 0",
                              "Territories: Ann a1-d4 (9 pieces), Bob a5-d8 (9 pieces)"}));
    show(kAfterA3A5);
    EXPECT_EQ(table->status()["session"]["report"],
              nlohmann::json({"Scores: Ann 0, Bob 0",
                              "Territories: Ann a1-d4 (8 pieces), Bob a5-d8 (10 pieces)",
                              "No undo: the drone on a5 may not go straight back to a3"}));
}

TEST_F(MartianTable, ARefusalSaidThroughTheControlSocketNamesNoUndo) {
    open();
    start();
    show(kAfterA3A5);
    ControlReply r = table->act("a5-a3", -1, "");
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.error.rfind("\"a5-a3\": no undo: the piece just moved across the canal to a5 may "
                            "not go straight back to a3; legal now: ",
                            0),
              0u)
        << r.error;
    EXPECT_EQ(table->session()->ply(), 1);
}

TEST_F(MartianTable, ARefusalSaysTheTablesNames) {
    open();
    start();
    ControlReply r = table->act("c1-d1", 1, "");  // Bob tries Ann's drone
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.error, "it is not Bob's turn");
    show(kAfterA3A5);
    r = table->act("c1-d1", -1, "");  // on Bob's turn
    EXPECT_EQ(r.error.rfind("\"c1-d1\": the piece on c1 stands in Ann's territory: you move only "
                            "pieces in your own (a5-d8); legal now: ",
                            0),
              0u)
        << r.error;
}

TEST_F(MartianTable, FourPlayersUseTheWholeBoardAndTheReportSaysTheTeams) {
    open(4);
    show("QQN2NQQ/QNP2PNQ/NPP2PPN/8/8/NPP2PPN/QNP2PNQ/QQN2NQQ");
    ASSERT_EQ(said.types().back(), AnnouncementType::Start);
    EXPECT_EQ(table->status()["session"]["report"],
              nlohmann::json({"Team scores: Ann and Cy 0 (0 + 0); Bob and Dee 0 (0 + 0)",
                              "Territories: Ann a1-d4 (9 pieces), Bob a5-d8 (9 pieces), Cy e5-h8 "
                              "(9 pieces), Dee e1-h4 (9 pieces)"}));
}

TEST_F(MartianTable, TwoPlayersPuttingACrossedPieceStraightBackTakeTheMoveBack) {
    open();
    start();
    show(kAfterA3A5);
    show(kStart);  // Bob moves Ann's drone back to a3: no undo forbids that move
    EXPECT_EQ(said.types().back(), AnnouncementType::Takeback);
    EXPECT_EQ(last(AnnouncementType::Takeback),
              "Takeback: drone a3-a5 crosses into Bob's territory is undone. Ann to move. Ann "
              "5:00, Bob 5:00");
    EXPECT_EQ(table->session()->ply(), 0);
}

// A pawn taking a pawn leaves the square reading as it did: the board sees
// only Ann's pawn lifted, which may be a piece in the hand. Bob's answer
// shows the capture made, and both moves are announced in order at once.
TEST_F(MartianTable, AHiddenCaptureAnsweredAtOnceIsAnnouncedWithTheAnswer) {
    open();
    start();
    const SetPiece pawn{SetColour::White, Figure::Pawn};
    report("c3", std::nullopt);
    report("d4", pawn);
    settle();
    report("b6", std::nullopt);
    report("c5", pawn);
    settle();
    ASSERT_EQ(table->session()->ply(), 2);
    const size_t before = said.said.size();
    report("d4", std::nullopt);  // d4xc5: c5 reads a pawn before and after
    settle();
    EXPECT_EQ(table->session()->ply(), 2) << "perhaps only the pawn in the hand";
    report("d6", std::nullopt);  // Bob answers within the hint time
    report("d5", SetPiece{SetColour::White, Figure::Knight});
    settle();
    EXPECT_EQ(table->session()->ply(), 4);
    std::vector<std::string> moves;
    for (size_t i = before; i < said.said.size(); ++i) {
        EXPECT_NE(said.said[i].type, AnnouncementType::Illegal) << said.said[i].text;
        if (said.said[i].type == AnnouncementType::Move) moves.push_back(said.said[i].text);
    }
    ASSERT_EQ(moves.size(), 2u);
    EXPECT_EQ(
        moves[0].rfind("2. pawn d4xc5 for 1 point, 1 in all (d4xc5), takes the pawn on c5.", 0), 0u)
        << moves[0];
    EXPECT_EQ(moves[1].rfind("2... drone d6-d5 (d6-d5).", 0), 0u) << moves[1];
}

TEST_F(MartianTable, FourPlayersPuttingACrossedPieceStraightBackMakeAMove) {
    open(4);
    const char* start = "QQN2NQQ/QNP2PNQ/NPP2PPN/8/8/NPP2PPN/QNP2PNQ/QQN2NQQ";
    show(start);
    show("QQN2NQQ/QNP2PNQ/NPP2PPN/N7/8/1PP2PPN/QNP2PNQ/QQN2NQQ");  // Ann's drone a3-a5
    show(start);  // Bob's drone a5-a3: no undo is a two-player rule
    EXPECT_EQ(last(AnnouncementType::Move)
                  .rfind("Bob: drone a5-a3 crosses into Ann's territory (a5-a3).", 0),
              0u)
        << last(AnnouncementType::Move);
    EXPECT_EQ(table->session()->ply(), 2);
}

// No undo is a two-player rule: four players are told nothing of it, and a
// position written after a crossing reads back.
TEST_F(MartianTable, FourPlayersAreToldNothingOfNoUndoAndTheirPositionReadsBack) {
    open(4);
    show("QQN2NQQ/QNP2PNQ/NPP2PPN/8/8/NPP2PPN/QNP2PNQ/QQN2NQQ");
    show("QQN2NQQ/QNP2PNQ/NPP2PPN/N7/8/1PP2PPN/QNP2PNQ/QQN2NQQ");  // Ann's drone a3-a5
    ASSERT_EQ(table->session()->ply(), 1);
    EXPECT_EQ(table->status()["session"]["report"],
              nlohmann::json({"Team scores: Ann and Cy 0 (0 + 0); Bob and Dee 0 (0 + 0)",
                              "Territories: Ann a1-d4 (8 pieces), Bob a5-d8 (10 pieces), Cy e5-h8 "
                              "(9 pieces), Dee e1-h4 (9 pieces)"}));
    GameOptions fourPlayers;
    fourPlayers.players = 4;
    std::string why;
    auto game = makeGame("martian", fourPlayers, why);
    ASSERT_TRUE(game) << why;
    const std::string state = table->session()->current().serialize();
    EXPECT_EQ(state, "QQD2DQQ/QDP2PDQ/DPP2PPD/D7/8/1PP2PPD/QDP2PDQ/QQD2DQQ 2 0,0,0,0 - -");
    EXPECT_TRUE(game->load(state, why)) << state << ": " << why;
}

// Sessions of Martian Chess: seat names and teams.
class MartianSession : public ::testing::Test {
  protected:
    void begin(std::vector<std::string> names, int players = 2) {
        GameOptions options;
        options.players = players;
        std::string why;
        game = makeGame("martian", options, why);
        ASSERT_TRUE(game) << why;
        settings.time = *TimeControl::parse("1+0");
        settings.players = std::move(names);
        settings.journalDir = scratch.path();
        session = Session::begin(*game, settings, sink, time, why);
        ASSERT_TRUE(session) << why;
    }
    // A game taken up from `start` (a Martian Chess position) by a journal.
    void resumeFrom(const std::string& start, const std::vector<std::string>& names) {
        std::string why;
        game = makeGame("martian");
        std::string path = scratch.path() + "/from-start.jsonl";
        nlohmann::json header = {{"type", "game"}, {"version", 1},  {"game", "martian"},
                                 {"start", start}, {"time", "1+0"}, {"players", names}};
        std::ofstream(path) << header.dump() << "\n";
        auto journal = readJournal(path, why);
        ASSERT_TRUE(journal) << why;
        session = Session::resume(*game, *journal, sink, time, why);
        ASSERT_TRUE(session) << why;
    }
    void play(const char* code) {
        auto a = session->current().decode(code);
        ASSERT_TRUE(a) << code;
        ASSERT_TRUE(session->current().isLegal(*a)) << code;
        ASSERT_TRUE(session->commit(*a)) << code;
    }

    testing::TempDirectory scratch{"arbiter-martian-session"};
    std::unique_ptr<Game> game;
    SessionSettings settings;
    ManualTimeSource time;
    testing::RecordingSink sink;
    std::unique_ptr<Session> session;
};

TEST_F(MartianSession, ANameThatIsAnotherSeatsEngineNameIsNotReplacedAgain) {
    // Ann calls herself "Player 2", the engine's name for Bob's seat.
    begin({"Player 2", "Bob"});
    play("a3-a5");
    EXPECT_EQ(
        sink.said.back().text.rfind("1. drone a3-a5 crosses into Bob's territory (a3-a5).", 0), 0u)
        << sink.said.back().text;
    EXPECT_EQ(session->snapshot()["report"][0], "Scores: Player 2 0, Bob 0");
}

TEST_F(MartianSession, TheResultSaysTheTablesNamesOnce) {
    // Ann's last piece crosses; her territory is empty and she wins the tie.
    resumeFrom("Q3/4/4/4/3P/4/4/4 1 0,0 - -", {"Player 2", "Bob"});
    play("d4-c5");
    ASSERT_TRUE(session->over());
    EXPECT_EQ(sink.said.back().type, AnnouncementType::Result);
    EXPECT_EQ(sink.said.back().text.rfind("Game over: Player 2's territory is empty; 0 to 0, and "
                                          "Player 2's move emptied it, which wins the tie. "
                                          "Player 2 wins.",
                                          0),
              0u)
        << sink.said.back().text;
    EXPECT_EQ(session->snapshot()["result"]["reason"],
              "Player 2's territory is empty; 0 to 0, and Player 2's move emptied it, which wins "
              "the tie");
}

TEST_F(MartianSession, WholeNamesOnlyAndTheLongestFirst) {
    GameOptions twelve;
    twelve.players = 12;
    twelve.files = twelve.ranks = 16;
    std::string why;
    auto skirmish = makeGame("skirmish", twelve, why);
    ASSERT_TRUE(skirmish) << why;
    settings.time = *TimeControl::parse("1+0");
    settings.players = {"Ann", "Bob", "Cy",  "Dee", "Eve", "Flo",
                        "Gus", "Hal", "Ida", "Jo",  "Kai", "Lou"};
    settings.journalDir = scratch.path();
    session = Session::begin(*skirmish, settings, sink, time, why);
    ASSERT_TRUE(session) << why;
    EXPECT_EQ(session->withTableNames("Player 12 passes to Player 1, then Player 10 and Player 2"),
              "Lou passes to Ann, then Jo and Bob");
    EXPECT_EQ(session->withTableNames("Player 123 and Player 1x are nobody; Player 11's turn"),
              "Player 123 and Player 1x are nobody; Kai's turn");
}

TEST_F(MartianSession, AFourPlayerResignationMakesTheOtherTeamWin) {
    begin({"Ann", "Bob", "Cy", "Dee"}, 4);
    play("a3-a5");
    ASSERT_EQ(session->resign(1), "");  // Bob
    ASSERT_TRUE(session->over());
    EXPECT_EQ(session->outcome().winners, (std::vector<PlayerId>{0, 2}));
    EXPECT_EQ(sink.said.back().text.rfind("Game over: Bob resigned. Ann and Cy win.", 0), 0u)
        << sink.said.back().text;
}

TEST_F(MartianSession, AFourPlayerResignationOfTheFirstTeamMakesTheSecondWin) {
    begin({"Ann", "Bob", "Cy", "Dee"}, 4);
    ASSERT_EQ(session->resign(2), "");  // Cy, not on his turn
    EXPECT_EQ(session->outcome().winners, (std::vector<PlayerId>{1, 3}));
    EXPECT_EQ(sink.said.back().text.rfind("Game over: Cy resigned. Bob and Dee win.", 0), 0u)
        << sink.said.back().text;
}

TEST_F(MartianSession, AFourPlayerFlagFallMakesTheOtherTeamWin) {
    begin({"Ann", "Bob", "Cy", "Dee"}, 4);
    play("a3-a5");
    play("c7-d6");  // Bob; Cy's clock runs
    time.advance(60001);
    session->checkFlag();
    ASSERT_TRUE(session->over());
    EXPECT_EQ(session->outcome().winners, (std::vector<PlayerId>{1, 3}));
    EXPECT_EQ(sink.said.back().text.rfind("Game over: Cy lost on time. Bob and Dee win.", 0), 0u)
        << sink.said.back().text;
}

TEST_F(MartianSession, ATwoPlayerFlagFallMakesTheOtherWin) {
    begin({"Ann", "Bob"});
    play("a3-a5");
    time.advance(60001);
    session->checkFlag();
    ASSERT_TRUE(session->over());
    EXPECT_EQ(session->outcome().winners, (std::vector<PlayerId>{0}));
}

}  // namespace
}  // namespace arbiter
