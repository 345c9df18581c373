// A session of more than two players (Skirmish, four seats): turn order,
// late arrivals, players leaving, flag fall, scores, and a resume of all that.
#include <gtest/gtest.h>

#include <fstream>

#include "daemon/session/session.h"
#include "tests/daemon/journal_events.h"
#include "tests/daemon/recording_sink.h"
#include "tests/daemon/temp_directory.h"

namespace arbiter {
namespace {

class ManyPlayers : public ::testing::Test {
  protected:
    void SetUp() override {
        game = makeGame("skirmish");
        settings.time = *TimeControl::parse("1+0");
        settings.players = {"Ann", "Bob", "Cat", "Dan"};
        settings.journalDir = scratch.path();
        std::string error;
        session = Session::begin(*game, settings, sink, time, error);
        ASSERT_TRUE(session) << error;
        sink.journal = session->journalPath();
    }
    void play(const char* code) {
        auto a = session->current().decode(code);
        ASSERT_TRUE(a) << code;
        ASSERT_TRUE(session->current().isLegal(*a)) << code;
        ASSERT_TRUE(session->commit(*a)) << code;
    }
    std::unique_ptr<Session> resumed(testing::RecordingSink& out) {
        std::string error;
        auto journal = readJournal(session->journalPath(), error);
        EXPECT_TRUE(journal) << error;
        auto s = Session::resume(*game, *journal, out, time, error);
        EXPECT_TRUE(s) << error;
        return s;
    }

    testing::TempDirectory scratch{"arbiter-many"};
    std::unique_ptr<Game> game;
    SessionSettings settings;
    ManualTimeSource time;
    testing::RecordingSink sink;
    std::unique_ptr<Session> session;
};

TEST_F(ManyPlayers, MovesAreAnnouncedByThePlayersNames) {
    play("a2-a3");
    EXPECT_EQ(sink.said.back().text.rfind("Ann: a2-a3", 0), 0u) << sink.said.back().text;
    play("h2-h3");
    EXPECT_EQ(sink.said.back().text.rfind("Bob: h2-h3", 0), 0u) << sink.said.back().text;
    EXPECT_EQ(session->current().toMove(), 2);
    EXPECT_EQ(session->clock().runner(), 2);
}

// Four players count turns, not pairs of moves.
TEST_F(ManyPlayers, TheStatusCountsTurns) {
    play("a2-a3");
    play("h2-h3");
    session->announceStatus();
    EXPECT_EQ(sink.said.back().text.rfind("Cat to move after 2 turns. ", 0), 0u)
        << sink.said.back().text;
}

TEST_F(ManyPlayers, ALateArrivalJoinsByNameWithAFullClock) {
    play("a2-a3");
    time.advance(5000);
    ASSERT_EQ(session->join("Eve"), "");
    EXPECT_EQ(sink.said.back().type, AnnouncementType::Join);
    EXPECT_NE(sink.said.back().text.find("Eve joins the game in seat 5"), std::string::npos);
    EXPECT_EQ(session->current().playerCount(), 5);
    EXPECT_EQ(session->clock().remaining(4, time.now()), 60000);
    EXPECT_EQ(session->clock().runner(), 1) << "Bob's turn goes on";
    EXPECT_EQ(session->snapshot()["players"][4], "Eve");
}

TEST_F(ManyPlayers, ABadNameOrAFullTableIsRefusedAndChangesNothing) {
    EXPECT_NE(session->join(std::string("Ev\x01e")), "");
    EXPECT_NE(session->join(std::string(41, 'x')), "");
    EXPECT_EQ(session->current().playerCount(), 4);
    for (int i = 0; i < 12; ++i) ASSERT_EQ(session->join(""), "");
    EXPECT_EQ(session->snapshot()["players"][15], "Player 16");
    EXPECT_NE(session->join("Zed"), "");
    EXPECT_EQ(session->current().playerCount(), 16);
}

TEST_F(ManyPlayers, ANameAlreadyAtTheTableIsRefused) {
    EXPECT_EQ(session->join("Bob"), "there is already a player called Bob at this table");
    EXPECT_EQ(session->current().playerCount(), 4);
}

TEST_F(ManyPlayers, ADrawAtALargerTableNeedsEveryoneStillPlaying) {
    ASSERT_EQ(session->offerDraw(0), "");
    ASSERT_EQ(session->acceptDraw(1), "");
    ASSERT_EQ(session->acceptDraw(2), "");
    EXPECT_FALSE(session->over()) << "Dan has not agreed";
    ASSERT_EQ(session->acceptDraw(3), "");
    EXPECT_TRUE(session->over());
    EXPECT_EQ(session->outcome(), Outcome::draw("agreed"));
}

TEST_F(ManyPlayers, AKnockedOutPlayerTakesNoMoreHourglassTime) {
    // Ann (a4) takes Bob's only piece (b3); Cat (d2) is next.
    std::string path = scratch.path() + "/knockout.jsonl";
    std::ofstream(path) << R"({"type":"game","version":1,"game":"skirmish",)"
                        << R"("start":"4x4 p0,p0,p0 0 a.../.b../...c/....","time":"1h",)"
                        << R"("players":["Ann","Bob","Cat"]})"
                        << "\n";
    std::string error;
    auto journal = readJournal(path, error);
    ASSERT_TRUE(journal) << error;
    auto s = Session::resume(*game, *journal, sink, time, error);
    ASSERT_TRUE(s) << error;
    ASSERT_TRUE(s->commit(*s->current().decode("a4-b3")));
    EXPECT_FALSE(inGame(s->current(), 1));
    time.advance(10'000);
    EXPECT_EQ(s->clock().remainingAll(time.now()), (std::vector<Millis>{70'000, 60'000, 50'000}));
}

TEST_F(ManyPlayers, AKnockOutIsAnnouncedAndTheClocksNameOnlyTheSeatsInTheGame) {
    std::string path = scratch.path() + "/knockout.jsonl";
    std::ofstream(path) << R"({"type":"game","version":1,"game":"skirmish",)"
                        << R"("start":"4x4 p0,p0,p0 0 a.../.b../...c/....","time":"1h",)"
                        << R"("players":["Ann","Bob","Cat"]})"
                        << "\n";
    std::string error;
    auto journal = readJournal(path, error);
    ASSERT_TRUE(journal) << error;
    auto s = Session::resume(*game, *journal, sink, time, error);
    ASSERT_TRUE(s) << error;
    const size_t from = sink.said.size();
    ASSERT_TRUE(s->commit(*s->current().decode("a4-b3")));
    ASSERT_EQ(sink.said.size(), from + 2);
    EXPECT_EQ(sink.said.back().text, "Bob is out of the game.");
    EXPECT_EQ(announcementTypeName(sink.said.back().type), "out");
    EXPECT_EQ(sink.said.back().data["player"], 1);
    ASSERT_TRUE(s->commit(*s->current().decode("d2-c2")));
    EXPECT_EQ(sink.said.back().text.find("Bob"), std::string::npos) << sink.said.back().text;
    EXPECT_NE(sink.said.back().text.find("Ann 1:00, Cat 1:00"), std::string::npos)
        << sink.said.back().text;
}

// Colonization: Bob's only home planet taken, Bob is out; he comes back at a
// new seat under his name, and the clocks name him once.
TEST_F(ManyPlayers, ARejoinIsAnnouncedAsARejoinAndTheClocksNameThePlayerOnce) {
    auto colonization = makeGame("colonization");
    std::string path = scratch.path() + "/rejoin.jsonl";
    std::ofstream(path) << R"({"type":"game","version":1,"game":"colonization",)"
                        << R"("start":"4x4 p,p,p a 3 4/4/BaBb2/3Bc","time":"1h",)"
                        << R"("players":["Ann","Bob","Cat"]})"
                        << "\n";
    std::string error;
    auto journal = readJournal(path, error);
    ASSERT_TRUE(journal) << error;
    auto s = Session::resume(*colonization, *journal, sink, time, error);
    ASSERT_TRUE(s) << error;
    const size_t from = sink.said.size();
    ASSERT_TRUE(s->commit(*s->current().decode("a2xb2")));
    ASSERT_EQ(sink.said.size(), from + 2);
    EXPECT_EQ(sink.said.back().text, "Bob is out of the game.");
    EXPECT_EQ(announcementTypeName(sink.said.back().type), "out");
    ASSERT_EQ(s->join("Bob"), "");
    const Announcement& back = sink.said.back();
    EXPECT_EQ(back.type, AnnouncementType::Join);
    EXPECT_EQ(back.text,
              "Bob rejoins the game in seat 4, at the end of the rotation. Ann 1:00, Cat 1:00, "
              "Bob 1:00");
    EXPECT_EQ(back.data["rejoins"], 1);
}

TEST_F(ManyPlayers, FIDEChessTakesNoLatePlayers) {
    auto fide = makeGame("fide");
    SessionSettings two;
    two.time = settings.time;
    std::string error;
    auto chess = Session::begin(*fide, two, sink, time, error);
    ASSERT_TRUE(chess) << error;
    EXPECT_EQ(chess->join("Eve"), "this game takes no late players");
}

TEST_F(ManyPlayers, AResigningPlayerLeavesAndTheGameGoesOn) {
    play("a2-a3");
    ASSERT_EQ(session->resign(1), "");  // Bob, on his own turn
    EXPECT_EQ(sink.said.back().type, AnnouncementType::Leave);
    EXPECT_NE(sink.said.back().text.find("Bob leaves the game"), std::string::npos);
    EXPECT_NE(sink.said.back().text.find("Cat to move"), std::string::npos);
    EXPECT_FALSE(session->over());
    EXPECT_FALSE(session->current().pieceAt(*session->current().geometry().parse("h1")));
    EXPECT_EQ(session->clock().runner(), 2);
    EXPECT_NE(session->resign(1), "") << "Bob is already out";
    ASSERT_EQ(session->resign(3), "");
    ASSERT_EQ(session->resign(2), "");
    EXPECT_TRUE(session->over());
    EXPECT_EQ(session->outcome(), Outcome::win({0}, "last player standing"));
    EXPECT_EQ(sink.said.back().type, AnnouncementType::Result);
    EXPECT_NE(sink.said.back().text.find("Ann wins"), std::string::npos);
}

TEST_F(ManyPlayers, AFallenFlagPutsThatPlayerOutAndStartsTheNextClock) {
    play("a2-a3");
    time.advance(60000);
    session->checkFlag();
    EXPECT_FALSE(session->over());
    EXPECT_FALSE(inGame(session->current(), 1));
    EXPECT_EQ(session->current().toMove(), 2);
    EXPECT_EQ(session->clock().runner(), 2);
    EXPECT_EQ(session->clock().remaining(2, time.now()), 60000);
    ASSERT_GE(sink.said.size(), 2u);
    EXPECT_EQ(sink.said[sink.said.size() - 2].type, AnnouncementType::Flag);
}

TEST_F(ManyPlayers, ACaptureScores) {
    std::string error;
    // Ann on b2 next to Bob's c3.
    play("a2-b3");
    play("h2-g3");
    play("h7-g6");
    play("a7-b6");
    play("b3-c4");
    play("g3-f4");
    play("g6-f5");
    play("b6-c5");
    play("c4-d5");
    play("f4-e4");  // Bob next to Ann's d5
    play("f5-e6");
    play("c5-c6");
    play("d5-e4");  // Ann takes Bob's piece
    EXPECT_NE(sink.said.back().text.find("takes the white pawn on e4"), std::string::npos)
        << sink.said.back().text;
    EXPECT_EQ(session->scores(), (std::vector<int>{1, 0, 0, 0}));
    EXPECT_EQ(session->snapshot()["scores"], (std::vector<int>{1, 0, 0, 0}));
}

TEST_F(ManyPlayers, TakingBackAJoinGivesTheSeatBack) {
    ASSERT_EQ(session->join("Eve"), "");
    ASSERT_TRUE(session->takeback());
    EXPECT_EQ(session->current().playerCount(), 4);
    EXPECT_EQ(session->snapshot()["players"].size(), 4u);
    EXPECT_EQ(session->clock().seats(), 4);
}

TEST_F(ManyPlayers, AResumeReplaysArrivalsAndDepartures) {
    play("a2-a3");
    ASSERT_EQ(session->join("Eve"), "");
    play("h2-h3");
    ASSERT_EQ(session->resign(2), "");
    play("a7-a6");
    play("@d4");  // Eve places her first piece
    testing::RecordingSink out;
    auto again = resumed(out);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->current().serialize(), session->current().serialize());
    EXPECT_EQ(again->snapshot()["players"], session->snapshot()["players"]);
    EXPECT_EQ(again->snapshot()["inGame"], session->snapshot()["inGame"]);
    EXPECT_EQ(again->clock().seats(), 5);
}

TEST_F(ManyPlayers, AJoinWithoutANameInTheJournalIsRefusedOnResume) {
    ASSERT_EQ(session->join("Eve"), "");
    auto events = testing::journalEvents(session->journalPath());
    ASSERT_FALSE(events.empty());
    events.back().erase("name");
    testing::writeJournalEvents(session->journalPath(), events);
    std::string error;
    auto journal = readJournal(session->journalPath(), error);
    ASSERT_TRUE(journal) << error;
    testing::RecordingSink out;
    EXPECT_FALSE(Session::resume(*game, *journal, out, time, error));
    EXPECT_NE(error.find("joins without a valid name"), std::string::npos) << error;
}

}  // namespace
}  // namespace arbiter
