// A Konfusion table in-process, on the four boards of the default layout for
// 10x10 cells (each gives a 5x5 quarter, the quarters meeting in the middle):
// dice crossing from one board to another, pips gained on a keypost shown by
// exchanging the piece or, on boards that only feel pieces, kept by arbiter
// alone, the die option rolled from the seed, the table's stand-ins, and three
// players.
#include <sstream>

#include "tests/daemon/game_table_fixture.h"

namespace arbiter {
namespace {

constexpr SetPiece kWhiteQueen{SetColour::White, Figure::Queen};
constexpr SetPiece kWhiteRook{SetColour::White, Figure::Rook};
constexpr SetPiece kWhiteKing{SetColour::White, Figure::King};
constexpr SetPiece kBlackPawn{SetColour::Black, Figure::Pawn};

class KonfusionTable : public testing::GameTableTest {
  protected:
    KonfusionTable() : GameTableTest("konfusion", Geometry::rectangle(10, 10)) {}
    // A table of `players` on the four boards of `arbiterd --game konfusion`.
    void open(int players = 2) {
        TableSettings s = settings();
        s.gameOptions = options;
        s.gameOptions.players = players;
        for (BoardSetting& board : s.boards) board.placement.sensing = sensing;
        s.session.players = std::vector<std::string>{"Ann", "Bob", "Cy"};
        s.session.players.resize(static_cast<size_t>(players));
        s.session.seed = seed;
        create(s);
    }
    void showStart() { show(*game->start()); }
    // A die taken off `from` and set down on the empty `to` as `look`, perhaps
    // on another board; then the boards stay still.
    void move(const std::string& from, const std::string& to, SetPiece look) {
        const Spot a = spotOf(from);
        table->squareChanged(a.board, a.square, std::nullopt);
        put(to, look);
    }
    // The piece on `cell` exchanged for `look` (or one set down on it).
    void put(const std::string& cell, SetPiece look) {
        const Spot b = spotOf(cell);
        table->squareChanged(b.board, b.square, std::nullopt);
        table->squareChanged(b.board, b.square, look);
        settle();
    }

    GameOptions options;
    Sensing sensing = Sensing::ColourAndKind;
    uint64_t seed = 0;
};

// South's 4 on g7 reaches North's keypost j10 with its full count (g7-h8-i9-j10).
constexpr const char* kRookBeforeKeypost = "10/2N37/10/6S43/10/10/10/10/10/4S55 S 0,0";
// The picture's rank 10 after it: the 4 is a 5 on j10.
constexpr const char* kRankTenAfter = "10  +  .  .  .  +  +  .  .  . S5";

TEST_F(KonfusionTable, TheStartStandsOnFourBoardsAndADieCrossesFromOneToAnother) {
    ASSERT_EQ(boards.size(), 4u);
    EXPECT_EQ(spotOf("e1").board, 0);  // board a1
    EXPECT_EQ(spotOf("e6").board, 2);  // board a6
    open();
    // Too many kinds of piece to read out: the players are told where it is written.
    table->connectBoards();
    EXPECT_EQ(last(AnnouncementType::Waiting),
              "Waiting for the start position of konfusion: arbiterd with these options and "
              "--print-start prints each board's part of it.");
    showStart();
    ASSERT_EQ(said.types().back(), AnnouncementType::Start);
    // South's 5 jumps its own 2 and 1 straight up, off board a1 onto board a6.
    move("e1", "e6", kWhiteQueen);
    EXPECT_TRUE(saidFirst(AnnouncementType::Move,
                          "1. 5 e1-e6 (board C h4, board A h1) (e1-e6). Ann 5:00, Bob 5:00"));
    EXPECT_EQ(table->session()->ply(), 1);
}

TEST_F(KonfusionTable, APipGainedOnAKeypostIsShownByExchangingThePiece) {
    journalFrom(kRookBeforeKeypost);
    open();
    show(kRookBeforeKeypost);
    ASSERT_EQ(said.types().back(), AnnouncementType::Status);
    move("g7", "j10", kWhiteRook);
    // The exchange is due: work to do, not a rule broken.
    EXPECT_EQ(said.types().back(), AnnouncementType::ToDo);
    EXPECT_EQ(count(AnnouncementType::Illegal), 0);
    EXPECT_EQ(last(AnnouncementType::ToDo),
              "Still to do: replace the white rook (a 4) on j10 (board B e5) by a white queen (a "
              "5). (That completes 4 g7-j10 (board B b2-e5), on a keypost: a 5 now; exchange the "
              "rook for a queen.)");
    // arbiterctl status awaits what the announcement said, as a move to
    // complete, and tells its picture (the position before it) for what it is.
    EXPECT_EQ(table->status()["awaited"],
              "the move 4 g7-j10 (board B b2-e5), on a keypost: a 5 now; exchange the rook for a "
              "queen to be completed: replace the white rook (a 4) on j10 (board B e5) by a white "
              "queen (a 5) (or put back as the picture shows)");
    EXPECT_EQ(table->session()->ply(), 0);
    put("j10", kWhiteQueen);
    EXPECT_TRUE(
        saidFirst(AnnouncementType::Move,
                  "1. 4 g7-j10 (board B b2-e5), on a keypost: a 5 now; exchange the rook for a "
                  "queen (g7-j10)."));
    EXPECT_EQ(table->session()->ply(), 1);
    EXPECT_NE(report().find(kRankTenAfter), std::string::npos) << report();
}

// The status's scene (docs/control.md, "The scene"): what a picture of the
// table is drawn from, board by board, with the game's words for each piece.
TEST_F(KonfusionTable, TheSceneShowsEachBoardWhereItLiesTheDiceTheLastMoveAndTheFixesDue) {
    journalFrom(kRookBeforeKeypost);
    open();
    show(kRookBeforeKeypost);
    auto cellOf = [](const nlohmann::json& scene, const std::string& name) {
        for (const nlohmann::json& cell : scene["cells"]) {
            if (cell["cell"] == name) return cell;
        }
        ADD_FAILURE() << "no cell " << name;
        return nlohmann::json();
    };
    nlohmann::json scene = table->status()["scene"];
    EXPECT_EQ(scene["files"], 10);
    EXPECT_EQ(scene["ranks"], 10);
    EXPECT_EQ(scene["cells"].size(), 100u);
    EXPECT_EQ(cellOf(scene, "g7")["piece"]["name"], "white rook (a 4)");
    EXPECT_EQ(cellOf(scene, "g7")["piece"]["owner"], 0);
    EXPECT_EQ(cellOf(scene, "g7")["file"], 6);
    EXPECT_EQ(cellOf(scene, "g7")["rank"], 6);
    EXPECT_FALSE(cellOf(scene, "a1").contains("piece"));
    // Board B's square b2 is the cell g7: each board's squares where they lie.
    ASSERT_EQ(scene["boards"].size(), 4u);
    bool found = false;
    for (const nlohmann::json& board : scene["boards"]) {
        EXPECT_EQ(board["squares"].size(), 64u);
        for (const nlohmann::json& square : board["squares"]) {
            if (square.value("cell", "") != "g7") continue;
            EXPECT_EQ(board["label"], "board B");
            EXPECT_EQ(square["square"], "b2");
            EXPECT_EQ(square["file"], 6);
            found = true;
        }
    }
    EXPECT_TRUE(found) << "no board shows g7";
    EXPECT_EQ(scene["toFix"], nlohmann::json::array());

    // The 4 reaches the keypost: the rook is to be exchanged for a queen there.
    move("g7", "j10", kWhiteRook);
    scene = table->status()["scene"];
    ASSERT_EQ(scene["toFix"].size(), 1u) << scene["toFix"];
    EXPECT_EQ(scene["toFix"][0]["cell"], "j10");
    EXPECT_EQ(scene["toFix"][0]["do"], "replace");
    EXPECT_EQ(scene["toFix"][0]["text"],
              "replace the white rook (a 4) on j10 (board B e5) by a white queen (a 5)");
    put("j10", kWhiteQueen);
    scene = table->status()["scene"];
    EXPECT_EQ(scene["lastAction"], nlohmann::json::array({"g7", "j10"}));
    EXPECT_EQ(cellOf(scene, "j10")["piece"]["name"], "white queen (a 5)");
    EXPECT_FALSE(cellOf(scene, "g7").contains("piece"));
    EXPECT_EQ(scene["toFix"], nlohmann::json::array());
    // Once the game is over the cells are the next start's, and no move is on them.
    ASSERT_TRUE(table->act("resign", -1, "").ok);
    scene = table->status()["scene"];
    EXPECT_EQ(scene["lastAction"], nlohmann::json::array());
    EXPECT_EQ(cellOf(scene, "e1")["piece"]["name"], "white queen (a 5)");
}

TEST_F(KonfusionTable, OnOccupancyBoardsArbiterKeepsThePipsAndStatusPicturesThem) {
    sensing = Sensing::Occupancy;
    journalFrom(kRookBeforeKeypost);
    open();
    show(kRookBeforeKeypost);
    // The board feels the piece leave g7 and one arrive on j10: that is all.
    move("g7", "j10", kWhiteRook);
    EXPECT_TRUE(
        saidFirst(AnnouncementType::Move,
                  "1. 4 g7-j10 (board B b2-e5), on a keypost: a 5 now; exchange the rook for a "
                  "queen (g7-j10)."));
    EXPECT_EQ(last(AnnouncementType::Illegal), "");
    EXPECT_EQ(table->session()->ply(), 1);
    // What `arbiterctl status` shows: the pips only arbiter knows.
    EXPECT_NE(report().find(kRankTenAfter), std::string::npos) << report();
    EXPECT_NE(report().find("Pips on the board: Ann 10, Bob 3"), std::string::npos) << report();
}

TEST_F(KonfusionTable, TheDieIsRolledFromTheSeedAndJournalled) {
    options.values["die"] = "on";
    seed = 2026;
    open();
    showStart();
    // The game opens with South's roll, drawn from the seed.
    EXPECT_EQ(said.types(),
              (std::vector<AnnouncementType>{AnnouncementType::Start, AnnouncementType::Chance}));
    EXPECT_EQ(last(AnnouncementType::Chance),
              "Chance for Ann: the die shows 2: move up to 2 different pieces.");
    const std::string journal = table->session()->journalPath();
    auto journalText = [&] {
        std::stringstream text;
        text << std::ifstream(journal).rdbuf();
        return text.str();
    };
    EXPECT_NE(journalText().find("\"action\":\"roll:2\""), std::string::npos) << journalText();
    // One piece of two, then the turn ended by word: Bob's roll follows at once.
    move("e1", "e6", kWhiteQueen);
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "1. 5 e1-e6 (board C h4, board A h1) (e1-e6)."));
    ControlReply r = table->act("end", -1, "");
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(said.types().back(), AnnouncementType::Chance);
    EXPECT_EQ(last(AnnouncementType::Chance),
              "Chance for Bob: the die shows 6: move up to 6 different pieces.");
    EXPECT_NE(journalText().find("\"action\":\"end\""), std::string::npos) << journalText();
    EXPECT_NE(journalText().find("\"action\":\"roll:6\""), std::string::npos) << journalText();
    const nlohmann::json before = table->status()["session"];

    // Another table on the same journals takes the game up where it stood.
    table.reset();
    said.said.clear();
    open();
    ASSERT_TRUE(table->session());
    EXPECT_EQ(said.types(), (std::vector<AnnouncementType>{AnnouncementType::Resume}));
    const nlohmann::json after = table->status()["session"];
    EXPECT_EQ(after["state"], before["state"]);
    EXPECT_EQ(after["report"], before["report"]);
    EXPECT_EQ(after["report"].back(), "Bob rolled 6: moved 0 of 6");
}

TEST_F(KonfusionTable, StandInsOfTheTableAreTheDiceItReads) {
    // A queen for the 6 and a king for the 5: the figures of the two swapped.
    options.standIns = {{"6", StandIn{kWhiteQueen}}, {"5", StandIn{kWhiteKing}}};
    open();
    std::string why;
    auto usual = makeGame("konfusion", GameOptions(), why);
    ASSERT_TRUE(usual) << why;
    show(*usual->start());
    EXPECT_EQ(table->session(), nullptr) << "a king on f1 is no 6 at this table";
    showStart();
    ASSERT_EQ(said.types().back(), AnnouncementType::Start);
    EXPECT_EQ(game->start()->appearance(*cells.parse("f1")), kWhiteQueen);
    // The 6 on f1 is hemmed in by its own pieces: the fix names it as the
    // table does, and the reason is the rules'.
    move("f1", "f5", kWhiteQueen);
    EXPECT_EQ(last(AnnouncementType::Illegal),
              "Illegal position: f1-f5 (board D a4-a8) (a 6 moves six king steps, turning as it "
              "likes round pieces: the 6 on f1 (board D a4) has no move). To fix: put a white "
              "queen (a 6) on f1 (board D a4); take the white queen (a 6) off f5 (board D a8).");

    // Two pip counts with one figure could not be told apart on the board.
    TableSettings settings;
    settings.game = "konfusion";
    settings.gameOptions.standIns = {{"6", StandIn{kWhiteQueen}}};
    settings.boards = boards;
    EXPECT_EQ(openTable(loop, settings, said, error), nullptr);
    EXPECT_EQ(error,
              "the stand-ins for 5 (white queen) and 6 (white queen) share a figure: each figure "
              "may stand for one pip count only");
}

TEST_F(KonfusionTable, ThreePlayersOnFourBoardsMoveInTurn) {
    open(3);
    showStart();
    ASSERT_EQ(said.types().back(), AnnouncementType::Start);
    move("e1", "e6", kWhiteQueen);
    EXPECT_TRUE(
        saidFirst(AnnouncementType::Move, "Ann: 5 e1-e6 (board C h4, board A h1) (e1-e6)."));
    // West's 1 on c5 steps forward, towards file j: a black pawn.
    move("c5", "d5", kBlackPawn);
    EXPECT_TRUE(saidFirst(AnnouncementType::Move, "Bob: 1 c5-d5 (board C f8-g8) (c5-d5)."));
    // North's 5 jumps its 2 and 1 down; with three seats North is white.
    move("f10", "f5", kWhiteQueen);
    EXPECT_TRUE(
        saidFirst(AnnouncementType::Move, "Cy: 5 f10-f5 (board B a5, board D a8) (f10-f5)."));
    EXPECT_EQ(table->session()->ply(), 3);
    EXPECT_EQ(table->session()->current().toMove(), 0);
}

}  // namespace
}  // namespace arbiter
