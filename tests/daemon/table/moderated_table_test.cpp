#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "daemon/session/private_announcements.h"
#include "daemon/session/session.h"
#include "daemon/speech/speech.h"
#include "daemon/table/playing_table.h"
#include "tests/daemon/recording_sink.h"
#include "tests/daemon/surface_fixture.h"
#include "tests/daemon/temp_directory.h"
#include "tests/games/lantern.h"

namespace arbiter {
namespace {

using testing::RecordingSink;
using testing::squaresFromFen;
using testing::TempDirectory;

std::unique_ptr<Game> makeLantern() {
    return testgames::makeLanternGame();
}

// Speaks nothing: remembers what it was asked to say, and is done with each
// text in the loop's next turn, as a quick espeak-ng would be.
class RememberingSpeaker final : public Speaker {
  public:
    explicit RememberingSpeaker(EventLoop& loop) : loop_(loop) {}
    bool say(const std::string& text, Done done, std::string&) override {
        said.push_back(text);
        done_ = std::move(done);
        finished_.after(0, [this] {
            Done done = std::move(done_);
            done_ = nullptr;
            done("");
        });
        return true;
    }
    std::vector<std::string> said;

  private:
    EventLoop& loop_;
    Done done_;
    Timer finished_{loop_};
};

// The cells that a player's view hides at some point of the games below.
const std::vector<std::string> kHiddenCells = {"d4", "d5", "d6", "d7", "c5", "e5", "c6"};

// A moderated table of Lantern in-process: Ann (White) at board 0 and Bob
// (Black) at board 1, each a DGT board whose device is never opened, fed by
// hand; time runs by hand.
class ModeratedTableTest : public ::testing::Test {
  protected:
    void SetUp() override {
        for (const char* name : {"white", "black"}) {
            BoardSetting board;
            board.name = board.placement.name = name;
            board.device = {"dgt", scratch.path() + "/no-board-" + name};
            board.rotationGiven = true;
            settings.boards.push_back(board);
        }
        settings.session.time = *TimeControl::parse("5+0");
        settings.session.players = {"Ann", "Bob"};
        settings.session.journalDir = scratch.path() + "/games";
        settings.settleMs = 100;
        settings.secrets = {"ann-secret", "bob-secret"};
        // As arbiterd wires it: speech hears what everyone may, the players' sockets more.
        out.add(speech);
        out.addPerPlayer(said);
        table = openTable(loop, settings, makeLantern(), out, error);
        ASSERT_TRUE(table) << error;
    }
    void TearDown() override { table.reset(); }

    // Board `seat` shows `fen` (a FEN board part) and stays still to be judged.
    void show(int seat, const std::string& fen) {
        table->boardDump(seat, squaresFromFen(fen));
        time.advance(150);
        loop.runOnce(0);
    }
    void start() {
        show(0, "8/8/8/8/3K4/8/8/8");
        show(1, "8/3k4/8/8/8/8/8/8");
        ASSERT_TRUE(table->session()) << "the game did not start";
    }
    int ply() const { return table->session()->ply(); }

    // What `seat` heard (-1: what everyone heard) from announcement `from` on.
    std::vector<Announcement> heardBy(int seat, size_t from = 0) const {
        std::vector<Announcement> heard;
        for (size_t i = from; i < said.said.size(); ++i) {
            if (said.said[i].audience == seat) heard.push_back(said.said[i]);
        }
        return heard;
    }
    std::string textsHeardBy(int seat, size_t from = 0) const {
        std::string text;
        for (const Announcement& a : heardBy(seat, from)) text += a.text + "\n";
        return text;
    }
    // `text` without the test's folder, whose random name could read as a cell.
    std::string withoutFolder(std::string text) const {
        for (size_t at; (at = text.find(scratch.path())) != std::string::npos;)
            text.erase(at, scratch.path().size());
        return text;
    }
    // Whether anything said to everyone names one of these cells, in its
    // text or in its data.
    ::testing::AssertionResult everyoneHeardNoneOf(const std::vector<std::string>& cells) const {
        for (const Announcement& a : heardBy(-1)) {
            const std::string all = withoutFolder(a.text + " " + a.data.dump());
            for (const std::string& cell : cells) {
                if (all.find(cell) != std::string::npos)
                    return ::testing::AssertionFailure()
                           << "everyone heard " << cell << " in \"" << a.type << "\": " << all;
            }
        }
        return ::testing::AssertionSuccess();
    }

    TempDirectory scratch{"arbiter-moderated"};
    ManualTimeSource time;
    EventLoop loop{time};
    RecordingSink said;
    RememberingSpeaker speaker{loop};
    SpeechSink speech{speaker, SpeechLanguage::English, "lantern"};
    Announcer out;
    std::string error;
    TableSettings settings;
    std::unique_ptr<PlayingTable> table;
};

TEST_F(ModeratedTableTest, TheGameStartsWhenEachBoardShowsItsPlayersViewOfTheStart) {
    // The whole start on White's board shows Black's king, which White does not see.
    show(0, "8/3k4/8/8/3K4/8/8/8");
    show(1, "8/3k4/8/8/8/8/8/8");
    EXPECT_FALSE(table->session());
    show(0, "8/8/8/8/3K4/8/8/8");
    ASSERT_TRUE(table->session());
    EXPECT_EQ(heardBy(-1).back().type, AnnouncementType::Start);
}

TEST_F(ModeratedTableTest, AMoveIsToldInFullToItsMoverAndAsMadeToEveryoneElse) {
    start();
    const size_t from = said.said.size();
    show(0, "8/8/8/3K4/8/8/8/8");
    ASSERT_EQ(ply(), 1);
    const auto own = heardBy(0, from);
    ASSERT_FALSE(own.empty());
    EXPECT_EQ(own.front().type, AnnouncementType::Move);
    EXPECT_NE(own.front().text.find("d4-d5"), std::string::npos) << own.front().text;
    const auto everyone = heardBy(-1, from);
    ASSERT_FALSE(everyone.empty());
    EXPECT_EQ(everyone.front().type, AnnouncementType::Moved);
    EXPECT_EQ(everyone.front().text.rfind("Ann has moved.", 0), 0u) << everyone.front().text;
    EXPECT_TRUE(heardBy(1, from).empty()) << textsHeardBy(1, from);
    EXPECT_TRUE(everyoneHeardNoneOf(kHiddenCells));
}

TEST_F(ModeratedTableTest, WhatComesIntoViewIsToldToThatPlayerAloneAndAwaitedOnTheirBoard) {
    start();
    show(0, "8/8/8/3K4/8/8/8/8");  // d4-d5: still out of Black's sight
    ASSERT_EQ(ply(), 1);
    const size_t from = said.said.size();
    // Black steps next to White's king: each now sees the other's.
    show(1, "8/8/3k4/8/8/8/8/8");
    ASSERT_EQ(ply(), 2);
    EXPECT_NE(textsHeardBy(1, from).find("a piece appeared on d5: put a white king there"),
              std::string::npos)
        << textsHeardBy(1, from);
    EXPECT_NE(textsHeardBy(0, from).find("a piece appeared on d6: put a black king there"),
              std::string::npos)
        << textsHeardBy(0, from);
    EXPECT_TRUE(everyoneHeardNoneOf(kHiddenCells));
    // Black's board judged again (a hand over it) tells White nothing new.
    const size_t quiet = said.said.size();
    show(1, "8/8/8/8/8/8/8/8");
    show(1, "8/8/3k4/3K4/8/8/8/8");
    EXPECT_EQ(textsHeardBy(0, quiet), "");

    // White's board must show the black king before anything on it counts:
    // a step shown without it is no move.
    show(0, "8/8/8/4K3/8/8/8/8");
    EXPECT_EQ(ply(), 2);
    show(0, "8/8/3k4/3K4/8/8/8/8");
    EXPECT_EQ(ply(), 2);
    // Taken in the view, as on an ordinary board.
    const size_t taken = said.said.size();
    show(0, "8/8/3K4/8/8/8/8/8");
    EXPECT_EQ(ply(), 3);
    EXPECT_TRUE(table->session()->over());
    // After the result, only what to set up for the next game: no view.
    for (int seat : {0, 1}) {
        for (const Announcement& a : heardBy(seat, taken))
            EXPECT_NE(a.type, AnnouncementType::View) << a.text;
    }
}

TEST_F(ModeratedTableTest, ThePiecesThatLeaveAViewAreToldToBeTakenOff) {
    start();
    show(0, "8/8/8/3K4/8/8/8/8");
    show(1, "8/8/3k4/8/8/8/8/8");
    show(0, "8/8/3k4/3K4/8/8/8/8");  // White puts Black's king into their view
    show(1, "8/8/3k4/3K4/8/8/8/8");  // and Black White's
    const size_t from = said.said.size();
    show(0, "8/8/3k4/8/8/8/2K5/8");  // no king steps two cells: not a move
    EXPECT_EQ(ply(), 2);
    show(0, "8/8/3k4/8/2K5/8/8/8");  // d5-c4: out of each other's sight
    ASSERT_EQ(ply(), 3);
    EXPECT_NE(textsHeardBy(0, from).find("d6 is out of your sight now: take its piece off"),
              std::string::npos)
        << textsHeardBy(0, from);
    // Black still sees d5, which White left.
    EXPECT_NE(textsHeardBy(1, from).find("the piece on d5 is gone: take it off"), std::string::npos)
        << textsHeardBy(1, from);
    EXPECT_TRUE(everyoneHeardNoneOf({"c4", "d5", "d6"}));
}

TEST_F(ModeratedTableTest, APieceThatMovesOnInSightIsToldGoneFromWhereItStood) {
    start();
    show(0, "8/8/8/3K4/8/8/8/8");
    show(1, "8/8/3k4/8/8/8/8/8");
    show(0, "8/8/3k4/3K4/8/8/8/8");
    show(1, "8/8/3k4/3K4/8/8/8/8");
    const size_t from = said.said.size();
    show(0, "8/8/3k4/2K5/8/8/8/8");  // d5-c5, still beside Black's king
    ASSERT_EQ(ply(), 3);
    const std::string black = textsHeardBy(1, from);
    EXPECT_NE(black.find("a piece appeared on c5: put a white king there; the piece on d5 is gone: "
                         "take it off"),
              std::string::npos)
        << black;
    EXPECT_EQ(black.find("out of your sight"), std::string::npos) << black;
}

TEST_F(ModeratedTableTest, AnImpassableCellFoundIsToldOnceToItsFinderAndMarkedInTheirPicture) {
    start();
    show(0, "8/8/8/8/8/4K3/8/8");  // d4-e3
    show(1, "8/8/3k4/8/8/8/8/8");  // d7-d6
    ASSERT_EQ(ply(), 2);
    const size_t from = said.said.size();
    show(0, "8/8/8/8/8/5K2/8/8");  // e3-f3: g2 comes into sight
    ASSERT_EQ(ply(), 3);
    EXPECT_NE(textsHeardBy(0, from).find(
                  "Ann, you found an impassable square on g2: no piece may enter or cross it."),
              std::string::npos)
        << textsHeardBy(0, from);
    EXPECT_EQ(textsHeardBy(1, from).find("g2"), std::string::npos) << textsHeardBy(1, from);
    EXPECT_TRUE(everyoneHeardNoneOf({"g2"}));
    // Ann's picture: '?' where she does not see, '*' where she found the wall.
    const nlohmann::json picture = table->statusFor(0)["picture"];
    ASSERT_EQ(picture.size(), 9u) << picture;
    EXPECT_EQ(picture[0], " 8 ? ? ? ? ? ? ? ?");
    EXPECT_EQ(picture[5], " 3 ? ? ? ? . K . ?");
    EXPECT_EQ(picture[6], " 2 ? ? ? ? . . * ?");
    // A king put on it is refused with the rules' reason, which the board
    // of a view cannot show.
    show(1, "8/3k4/8/8/8/8/8/8");  // d6-d7
    const size_t tried = said.said.size();
    show(0, "8/8/8/8/8/8/6K1/8");  // f3-g2
    EXPECT_EQ(ply(), 4);
    EXPECT_NE(textsHeardBy(0, tried).find("Your board shows no legal action: g2 is impassable. "
                                          "To fix: take the white king off g2; put a white king "
                                          "on f3."),
              std::string::npos)
        << textsHeardBy(0, tried);
    EXPECT_EQ(table->statusFor(0)["awaited"],
              "your board to be put right: take the white king off g2; put a white king on f3");
    EXPECT_EQ(table->statusFor(1)["awaited"], "Ann to move");
    show(0, "8/8/8/8/8/5K2/8/8");
    EXPECT_EQ(table->statusFor(0)["awaited"], "Ann to move");
    // Told once: seeing it again is no news.
    const size_t again = said.said.size();
    show(0, "8/8/8/8/8/8/5K2/8");  // f3-f2, still beside g2
    ASSERT_EQ(ply(), 5);
    EXPECT_EQ(textsHeardBy(0, again).find("found"), std::string::npos) << textsHeardBy(0, again);
}

TEST_F(ModeratedTableTest, OnlyTheBoardOfThePlayerToMoveIsJudgedForAMove) {
    start();
    const size_t from = said.said.size();
    show(1, "8/8/3k4/8/8/8/8/8");  // Black steps while White is to move
    EXPECT_EQ(ply(), 0);
    // Black is told to put their board back; no one else hears of it.
    EXPECT_NE(textsHeardBy(1, from).find("d7"), std::string::npos) << textsHeardBy(1, from);
    EXPECT_TRUE(heardBy(0, from).empty()) << textsHeardBy(0, from);
    EXPECT_TRUE(everyoneHeardNoneOf(kHiddenCells));
}

TEST_F(ModeratedTableTest, StatusShowsEachPlayerTheirViewAndEveryoneElseNoState) {
    start();
    show(0, "8/8/8/3K4/8/8/8/8");
    const nlohmann::json everyone = table->status();
    EXPECT_FALSE(everyone["session"].contains("state"));
    EXPECT_FALSE(everyone.contains("picture"));
    const std::string shown = withoutFolder(everyone.dump());
    for (const std::string& cell : kHiddenCells)
        EXPECT_EQ(shown.find(cell), std::string::npos) << cell << ": " << shown;
    EXPECT_EQ(table->statusFor(0)["session"]["state"], "b d5 ?");
    EXPECT_EQ(table->statusFor(1)["session"]["state"], "b ? d7");
}

// What a page draws leaves arbiterd only for the player who may see it.
TEST_F(ModeratedTableTest, TheSceneHoldsOnlyTheCellsItsPlayerSees) {
    start();
    show(0, "8/8/8/3K4/8/8/8/8");
    // Everyone sees the grid, all of it hidden, and no cell named.
    const nlohmann::json everyone = table->status()["scene"];
    EXPECT_EQ(everyone["hidden"], true);
    EXPECT_EQ(everyone["files"], 8);
    EXPECT_EQ(everyone["ranks"], 8);
    EXPECT_EQ(everyone["cells"], nlohmann::json::array());
    EXPECT_EQ(everyone["lastAction"], nlohmann::json::array());
    const nlohmann::json ann = table->statusFor(0)["scene"];
    int seen = 0;
    for (const nlohmann::json& cell : ann["cells"]) {
        if (cell.value("hidden", false)) {
            EXPECT_FALSE(cell.contains("piece")) << cell;
            continue;
        }
        ++seen;
        if (cell["cell"] == "d5") EXPECT_EQ(cell["piece"]["letter"], "K") << cell;
        // Bob's piece on d7 is out of Ann's sight.
        EXPECT_NE(cell["cell"], "d7") << cell;
    }
    EXPECT_GT(seen, 0);
    EXPECT_LT(seen, 64);
    EXPECT_EQ(ann["boards"], nlohmann::json::array());
}

TEST_F(ModeratedTableTest, APlayerIsAdmittedByTheirNameAndSecretOnly) {
    int seat = -1;
    EXPECT_TRUE(table->admit("Bob", "bob-secret", seat).ok);
    EXPECT_EQ(seat, 1);
    for (auto [name, secret] : {std::pair{"Bob", "ann-secret"}, std::pair{"Bob", ""},
                                std::pair{"Carl", "bob-secret"}, std::pair{"", ""}}) {
        seat = -1;
        const ControlReply reply = table->admit(name, secret, seat);
        EXPECT_FALSE(reply.ok) << name << " " << secret;
        EXPECT_FALSE(reply.error.empty());
        EXPECT_EQ(seat, -1);
    }
}

TEST_F(ModeratedTableTest, ActionsAreTakenOnlyFromThePlayerWhoseTheyAre) {
    start();
    EXPECT_FALSE(table->act("d4-d5", -1, "").ok);
    EXPECT_FALSE(table->act("d4-d5", 0, "").ok);
    EXPECT_FALSE(table->actAs(1, "d7-d6").ok);  // not Bob's turn
    EXPECT_FALSE(table->actAs(0, "d4-d9").ok);
    EXPECT_FALSE(table->actAs(2, "resign").ok);
    EXPECT_EQ(ply(), 0);
    EXPECT_TRUE(table->actAs(0, "d4-d5").ok);
    EXPECT_EQ(ply(), 1);
    // White's board is now behind its view, and is told so.
    EXPECT_NE(textsHeardBy(0).find("d5"), std::string::npos) << textsHeardBy(0);
    EXPECT_TRUE(everyoneHeardNoneOf(kHiddenCells));
}

TEST_F(ModeratedTableTest, TheJournalIsArbiterdsAloneAndTheRecordWrittenOnlyAtTheEnd) {
    start();
    show(0, "8/8/8/3K4/8/8/8/8");
    const std::string journal = table->session()->journalPath();
    ASSERT_FALSE(journal.empty());
    EXPECT_EQ(std::filesystem::status(journal).permissions() &
                  (std::filesystem::perms::group_all | std::filesystem::perms::others_all),
              std::filesystem::perms::none);
    EXPECT_TRUE(table->session()->recordPath().empty());
    // The games listed say how many moves, never which.
    const ControlReply listed = table->games();
    ASSERT_TRUE(listed.ok) << listed.error;
    EXPECT_EQ(withoutFolder(listed.data.dump()).find("d5"), std::string::npos) << listed.data;
    ASSERT_TRUE(table->actAs(1, "resign").ok);
    EXPECT_TRUE(table->session()->over());
    EXPECT_TRUE(std::filesystem::exists(table->session()->recordPath()));
}

// The refusal of new-game sends the operator to arbiterd --new-game: a
// restart with it closes the unfinished game, record and all, rather than
// resuming it.
TEST_F(ModeratedTableTest, ARestartWithNewGameClosesTheUnfinishedGameInsteadOfResumingIt) {
    start();
    show(0, "8/8/8/3K4/8/8/8/8");
    const std::string journal = table->session()->journalPath();
    table.reset();
    settings.newGame = true;
    table = openTable(loop, settings, makeLantern(), out, error);
    ASSERT_TRUE(table) << error;
    EXPECT_FALSE(table->session()) << "the unfinished game was resumed";
    const ControlReply listed = table->games();
    ASSERT_TRUE(listed.ok) << listed.error;
    ASSERT_EQ(listed.data["games"].size(), 1u) << listed.data;
    EXPECT_EQ(listed.data["games"][0]["state"], "abandoned") << listed.data;
    EXPECT_TRUE(std::filesystem::exists(listed.data["games"][0]["record"].get<std::string>()))
        << listed.data;
}

// A secret action (Lantern's "dim", as a design change said in csipgs) is
// its player's alone: no one else hears of it, and the numbers everyone
// sees neither rise with it nor skip it afterwards.
TEST_F(ModeratedTableTest, ASecretActionLeavesNoTraceInWhatAnyoneElseHearsOrSees) {
    start();
    const size_t from = said.said.size();
    ASSERT_TRUE(table->actAs(0, "dim").ok);
    ASSERT_EQ(ply(), 1);
    EXPECT_TRUE(heardBy(-1, from).empty()) << textsHeardBy(-1, from);
    EXPECT_TRUE(heardBy(1, from).empty()) << textsHeardBy(1, from);
    const auto own = heardBy(0, from);
    ASSERT_EQ(own.size(), 1u) << textsHeardBy(0, from);
    EXPECT_NE(own[0].text.find("dim"), std::string::npos) << own[0].text;
    EXPECT_EQ(own[0].data["ply"], 0);
    for (const nlohmann::json& status : {table->status(), table->statusFor(0), table->statusFor(1)})
        EXPECT_EQ(status["session"]["ply"], 0) << status;
    // The step that ends Ann's turn is the first anyone else hears of: no gap before it.
    show(0, "8/8/8/3K4/8/8/8/8");
    ASSERT_EQ(ply(), 2);
    const auto everyone = heardBy(-1, from);
    ASSERT_EQ(everyone.size(), 1u) << textsHeardBy(-1, from);
    EXPECT_EQ(everyone[0].type, AnnouncementType::Moved);
    EXPECT_EQ(everyone[0].data["ply"], 1);
    for (const Announcement& a : heardBy(0, from)) {
        if (a.type == AnnouncementType::Move && a.text.find("d4-d5") != std::string::npos)
            EXPECT_EQ(a.data["ply"], 1);
    }
    EXPECT_EQ(table->status()["session"]["ply"], 1);
}

TEST_F(ModeratedTableTest, ATakebackOfASecretActionIsToldToItsPlayerAlone) {
    start();
    ASSERT_TRUE(table->actAs(0, "dim").ok);
    show(0, "8/8/8/3K4/8/8/8/8");
    ASSERT_EQ(ply(), 2);
    // Ann takes back her step: everyone heard of it, everyone hears it undone.
    size_t from = said.said.size();
    ASSERT_TRUE(table->mayAsk(0, "takeback").ok);
    ASSERT_TRUE(table->takeback().ok);
    ASSERT_EQ(ply(), 1);
    const auto everyone = heardBy(-1, from);
    ASSERT_EQ(everyone.size(), 1u) << textsHeardBy(-1, from);
    EXPECT_EQ(everyone[0].type, AnnouncementType::Takeback);
    EXPECT_EQ(everyone[0].data["ply"], 0);
    // Then her dimming, which no one else heard of: no one else hears it undone.
    from = said.said.size();
    ASSERT_TRUE(table->takeback().ok);
    ASSERT_EQ(ply(), 0);
    EXPECT_TRUE(heardBy(-1, from).empty()) << textsHeardBy(-1, from);
    EXPECT_TRUE(heardBy(1, from).empty()) << textsHeardBy(1, from);
    const auto own = heardBy(0, from);
    ASSERT_FALSE(own.empty());
    EXPECT_EQ(own[0].type, AnnouncementType::Takeback);
    EXPECT_NE(own[0].text.find("dim"), std::string::npos) << own[0].text;
    EXPECT_EQ(own[0].data["ply"], 0);
}

TEST_F(ModeratedTableTest, OnlyThePlayersChangeTheGameAndEachTakesBackOnlyTheirOwnTurn) {
    for (const char* request : {"new-game", "do", "takeback", "pause", "resume"})
        EXPECT_FALSE(table->mayAsk(-1, request).ok) << request;
    for (const char* request : {"status", "subscribe", "unsubscribe", "games", "as"})
        EXPECT_TRUE(table->mayAsk(-1, request).ok) << request;
    // No game on: a player's new-game abandons nothing.
    EXPECT_TRUE(table->mayAsk(1, "new-game").ok);
    start();
    EXPECT_FALSE(table->mayAsk(0, "new-game").ok);
    EXPECT_TRUE(table->mayAsk(1, "pause").ok);
    show(0, "8/8/8/3K4/8/8/8/8");
    const ControlReply notBobs = table->mayAsk(1, "takeback");
    EXPECT_FALSE(notBobs.ok);
    EXPECT_EQ(notBobs.error, "the last turn is Ann's: a player takes back only their own");
    EXPECT_TRUE(table->mayAsk(0, "takeback").ok);
}

TEST_F(ModeratedTableTest, SpeechSaysEachTurnTakenAndNothingOfIt) {
    start();
    ASSERT_TRUE(table->actAs(0, "dim").ok);
    show(0, "8/8/8/3K4/8/8/8/8");
    show(1, "8/8/3k4/8/8/8/8/8");
    loop.runOnce(0);
    ASSERT_EQ(ply(), 3);
    ASSERT_GE(speaker.said.size(), 2u);
    const std::vector<std::string> turns(speaker.said.end() - 2, speaker.said.end());
    EXPECT_EQ(turns, (std::vector<std::string>{"Ann has taken their turn",
                                               "Bob has taken their turn, Ann is in check"}));
    for (const std::string& text : speaker.said) {
        for (const std::string& secret : {"dim", "d4", "d5", "d6", "d7"})
            EXPECT_EQ(text.find(secret), std::string::npos) << text;
    }
}

TEST(Announcer, WhatIsForOnePlayerReachesOnlyThePerPlayerSinks) {
    Announcer announcer;
    RecordingSink console, players;
    announcer.add(console);
    announcer.addPerPlayer(players);
    announcer.announce({AnnouncementType::View, "a piece appeared on d5", {}, 1});
    announcer.announce({AnnouncementType::Moved, "Ann has moved.", {}});
    EXPECT_EQ(console.types(), std::vector<AnnouncementType>{AnnouncementType::Moved});
    EXPECT_EQ(players.types(),
              (std::vector<AnnouncementType>{AnnouncementType::View, AnnouncementType::Moved}));
}

TEST(PrivateAnnouncements, AnActionIsToldInFullToItsPlayerAndAsTheGameSaysToEveryoneElse) {
    RecordingSink out;
    std::unique_ptr<Session> session;
    PrivateAnnouncements sorted(out, session);
    auto game = makeLantern();
    SessionSettings settings;
    settings.time = *TimeControl::parse("5+0");
    settings.players = {"Ann", "Bob"};
    ManualTimeSource time;
    std::string error;
    session = Session::begin(*game, settings, sorted, time, error);
    ASSERT_TRUE(session) << error;
    const size_t from = out.said.size();
    ASSERT_TRUE(session->commit(*session->current().decode("d4-d5")));
    sorted.announce(
        {AnnouncementType::Illegal, "Put the black king back on d7.", {}});  // Bob is to move
    sorted.announce({AnnouncementType::Flag, "Bob's flag has fallen.", {}});
    sorted.announce(
        {AnnouncementType::Status, "Bob to play move 1.", {{"ply", 1}, {"state", "b d5 d7"}}});
    // Types are a closed list: one no game of hidden views makes stands for the rest.
    sorted.announce({AnnouncementType::Chance, "d4", {}});
    ASSERT_EQ(out.types(from),
              (std::vector<AnnouncementType>{AnnouncementType::Move, AnnouncementType::Moved,
                                             AnnouncementType::Illegal, AnnouncementType::Flag,
                                             AnnouncementType::Status}));
    EXPECT_EQ(out.said[from].audience, 0);
    EXPECT_NE(out.said[from].text.find("d4-d5"), std::string::npos) << out.said[from].text;
    EXPECT_EQ(out.said[from + 1].audience, -1);
    EXPECT_EQ(out.said[from + 1].text, "Ann has moved. Ann 5:00, Bob 5:00");
    EXPECT_EQ(out.said[from + 2].audience, 1);
    EXPECT_EQ(out.said[from + 3].audience, -1);
    EXPECT_EQ(out.said[from + 4].audience, -1);
    EXPECT_FALSE(out.said[from + 4].data.contains("state"));
}

}  // namespace
}  // namespace arbiter
