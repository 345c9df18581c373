#include "daemon/session/session.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/daemon/journal_events.h"
#include "tests/daemon/recording_sink.h"
#include "tests/daemon/temp_directory.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

class SessionTest : public ::testing::Test {
  protected:
    void SetUp() override {
        game = makeGame("fide");
        settings.time = *TimeControl::parse("1+2");
        settings.journalDir = dir;
        std::string error;
        session = Session::begin(*game, settings, sink, time, error);
        ASSERT_TRUE(session) << error;
        sink.journal = session->journalPath();
    }
    void move(const char* uci) {
        auto a = session->current().decode(uci);
        ASSERT_TRUE(a) << uci;
        ASSERT_TRUE(session->commit(*a));
    }
    // The session resumed from what this one journalled, as after a restart;
    // nullptr, the test failed, when it cannot be.
    std::unique_ptr<Session> resumeFromJournal() {
        std::string error;
        auto journal = readJournal(session->journalPath(), error);
        EXPECT_TRUE(journal) << error;
        if (!journal) return nullptr;
        auto resumed = Session::resume(*game, *journal, resumedSaid, time, error);
        EXPECT_TRUE(resumed) << error;
        return resumed;
    }

    testing::TempDirectory scratch{"arbiter-session"};
    std::string dir = scratch.path();
    std::unique_ptr<Game> game;
    SessionSettings settings;
    ManualTimeSource time;
    testing::RecordingSink sink;
    testing::RecordingSink resumedSaid;  // what a resumed session said
    std::unique_ptr<Session> session;
};

// A chess player counts moves in pairs, as the announcements number them
// ("2. Nf3"): after 1. e4 e5 2. Nf3 it is Black's second move, not "3 moves".
TEST_F(SessionTest, TheStatusCountsMovesAsAScoreSheetDoes) {
    move("e2e4");
    move("e7e5");
    move("g1f3");
    session->announceStatus();
    EXPECT_EQ(sink.said.back().text.rfind("Black to play move 2. ", 0), 0u)
        << sink.said.back().text;
    move("b8c6");
    session->announceStatus();
    EXPECT_EQ(sink.said.back().text.rfind("White to play move 3. ", 0), 0u)
        << sink.said.back().text;
}

TEST_F(SessionTest, AResumeSaysWhichMoveIsToBePlayed) {
    move("e2e4");
    move("e7e5");
    auto resumed = resumeFromJournal();
    ASSERT_TRUE(resumed);
    ASSERT_FALSE(resumedSaid.said.empty());
    const std::string text = resumedSaid.said.back().text;
    EXPECT_NE(text.find(". White to play move 2. "), std::string::npos) << text;
    EXPECT_EQ(text.find("moves"), std::string::npos) << text;
}

TEST_F(SessionTest, MoveIsJournalledBeforeItIsAnnounced) {
    move("e2e4");
    ASSERT_EQ(sink.said.back().type, AnnouncementType::Move);
    EXPECT_EQ(sink.said.back().data["san"], "e4");
    EXPECT_EQ(sink.said.back().data["uci"], "e2e4");
    EXPECT_EQ(sink.journalLinesWhenSaid.back(), 2u);  // "game" and this "move"
}

// A journal the disk refuses (here its folder removed, and a file put where it
// was) is announced once; the game goes on, its lines wait in order, and once
// they are written that is announced too. A name that is not UTF-8 never throws.
TEST_F(SessionTest, AJournalTheDiskRefusesIsAnnouncedAndItsLinesWaitForARetry) {
    move("e2e4");
    fs::remove_all(dir);
    std::ofstream(dir) << "in the way";
    move("e7e5");
    ASSERT_GE(sink.said.size(), 2u);
    const Announcement& failed = sink.said[sink.said.size() - 2];
    EXPECT_EQ(failed.type, AnnouncementType::Error);
    EXPECT_NE(failed.text.find("The journal cannot be written: the journal "), std::string::npos)
        << failed.text;
    EXPECT_NE(failed.text.find("; retrying."), std::string::npos) << failed.text;
    EXPECT_EQ(sink.said.back().data["san"], "e5");  // the game went on
    move("g1f3");
    EXPECT_EQ(sink.types(sink.said.size() - 1),
              std::vector<AnnouncementType>{AnnouncementType::Move});  // said once
    EXPECT_FALSE(session->journalComplete());
    EXPECT_FALSE(session->retryJournal());

    fs::remove(dir);
    EXPECT_TRUE(session->retryJournal());
    EXPECT_TRUE(session->journalComplete());
    EXPECT_EQ(sink.said.back().type, AnnouncementType::Journal);
    EXPECT_EQ(sink.said.back().text,
              "The journal is written again: " + session->journalPath() + " is complete.");
    std::string error;
    ASSERT_TRUE(readJournal(session->journalPath(), error)) << error;
    const auto events = testing::journalEvents(session->journalPath());
    ASSERT_EQ(events.size(), 4u);
    EXPECT_EQ(events[1]["action"], "e2e4");
    EXPECT_EQ(events[2]["action"], "e7e5");
    EXPECT_EQ(events[3]["action"], "g1f3");
}

TEST_F(SessionTest, ClocksStartWithTheFirstMoveAndGetTheIncrement) {
    EXPECT_FALSE(session->clock().running());
    time.advance(5000);
    move("e2e4");
    EXPECT_EQ(session->clock().runner(), 1);
    EXPECT_EQ(session->clock().remaining(0, time.now()), 62000);  // no time used yet, +2 s
    time.advance(10000);
    move("e7e5");
    EXPECT_EQ(session->clock().remaining(1, time.now()), 52000);
}

TEST_F(SessionTest, TakebackWithdrawsTheIncrementButNotTheThinkingTime) {
    move("e2e4");
    time.advance(7000);
    move("e7e5");
    EXPECT_EQ(session->clock().remaining(1, time.now()), 55000);
    ASSERT_TRUE(session->takeback());
    EXPECT_EQ(session->ply(), 1);
    EXPECT_EQ(session->current().toMove(), 1);
    EXPECT_EQ(session->clock().runner(), 1);
    EXPECT_EQ(session->clock().remaining(1, time.now()), 53000);
    EXPECT_EQ(sink.said.back().type, AnnouncementType::Takeback);
}

// A restart in between changes nothing: the time Black thought before e5 stays
// spent whether the takeback comes before or after it (issue 15, point 8).
TEST_F(SessionTest, ATakebackAfterARestartChargesTheThinkingTimeAsWithout) {
    move("e2e4");
    time.advance(7000);
    move("e7e5");
    auto resumed = resumeFromJournal();
    ASSERT_TRUE(resumed);
    ASSERT_TRUE(resumed->takeback());
    EXPECT_EQ(resumed->clock().runner(), 1);
    EXPECT_EQ(resumed->clock().remaining(1, time.now()), 53000);
}

TEST_F(SessionTest, ARestartAfterATakebackKeepsTheThinkingTimeCharged) {
    move("e2e4");
    time.advance(7000);
    move("e7e5");
    ASSERT_TRUE(session->takeback());
    auto resumed = resumeFromJournal();
    ASSERT_TRUE(resumed);
    // No clock runs until the boards show the game again (the table says so).
    EXPECT_TRUE(resumed->clockHeld());
    time.advance(30000);
    ASSERT_TRUE(resumed->startHeldClock("The position is set up"));
    EXPECT_EQ(resumed->clock().runner(), 1);
    EXPECT_EQ(resumed->clock().remaining(1, time.now()), 53000);
    EXPECT_EQ(resumedSaid.said.back().text,
              "The position is set up: Black's clock runs. White 1:02, Black 0:53.0");
}

TEST_F(SessionTest, FlagFallWithMatingMaterialLoses) {
    move("e2e4");
    time.advance(60001);
    session->checkFlag();
    ASSERT_TRUE(session->over());
    EXPECT_EQ(session->outcome().winners, std::vector<PlayerId>{0});
    EXPECT_EQ(sink.said.back().type, AnnouncementType::Result);
    EXPECT_TRUE(fs::exists(session->recordPath()));
}

TEST_F(SessionTest, FlagNotYetFallenChangesNothing) {
    move("e2e4");
    time.advance(59999);
    session->checkFlag();
    EXPECT_FALSE(session->over());
}

TEST_F(SessionTest, CheckmateEndsTheGameAndWritesTheRecord) {
    for (const char* m : {"f2f3", "e7e5", "g2g4", "d8h4"}) move(m);
    ASSERT_TRUE(session->over());
    std::ifstream in(session->recordPath());
    std::string pgn((std::istreambuf_iterator<char>(in)), {});
    EXPECT_NE(pgn.find("2. g4 {[%clk 0:01:04]}"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("2... Qh4# {[%clk 0:01:04]}"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("[Result \"0-1\"]"), std::string::npos) << pgn;
}

std::string recordText(const Session& s) {
    std::ifstream in(s.recordPath());
    return std::string((std::istreambuf_iterator<char>(in)), {});
}

// Each move's clock in the PGN is the mover's time as the journal records it
// after the move, increment included, read as the announcements read it.
TEST_F(SessionTest, TheRecordGivesEachMoversClockAfterTheMove) {
    time.advance(5000);
    move("f2f3");  // White's clock never ran: 1:00 + 2 s
    time.advance(10'400);
    move("e7e5");  // Black: 60 - 10.4 + 2 = 51.6 s
    time.advance(2'600);
    move("g2g4");  // White: 62 - 2.6 + 2 = 61.4 s, read as 1:02
    time.advance(700);
    move("d8h4");  // Black: 51.6 - 0.7 + 2 = 52.9 s
    ASSERT_TRUE(session->over());
    const std::string pgn = recordText(*session);
    EXPECT_NE(pgn.find("1. f3 {[%clk 0:01:02]} 1... e5 {[%clk 0:00:51.6]} 2. g4 {[%clk 0:01:02]}\n"
                       "2... Qh4# {[%clk 0:00:52.9]}"),
              std::string::npos)
        << pgn;
}

TEST_F(SessionTest, TheRecordSaysHowTheGameEnded) {
    for (const char* m : {"f2f3", "e7e5", "g2g4", "d8h4"}) move(m);
    EXPECT_NE(recordText(*session).find("[Termination \"normal\"]\n"), std::string::npos);

    settings.journalDir = dir + "/flag";
    std::string error;
    session = Session::begin(*game, settings, sink, time, error);
    ASSERT_TRUE(session) << error;
    move("e2e4");
    time.advance(60'001);
    session->checkFlag();
    ASSERT_TRUE(session->over());
    EXPECT_NE(recordText(*session).find("[Termination \"time forfeit\"]\n"), std::string::npos);

    settings.journalDir = dir + "/abandoned";
    session = Session::begin(*game, settings, sink, time, error);
    ASSERT_TRUE(session) << error;
    move("e2e4");
    EXPECT_EQ(session->abandon(), "");
    EXPECT_NE(recordText(*session).find("[Termination \"abandoned\"]\n"), std::string::npos);
}

// Where every reading of the time comes a while after the one before (a
// journal synced to a slow disk between reading the clocks and saying them).
class SlowTimeSource final : public TimeSource {
  public:
    Millis now() const override { return now_ += 1'500; }
    std::string wallClock() const override { return "2026-01-01T00:00:00"; }

  private:
    mutable Millis now_ = 0;
};

TEST(SessionClocks, AMoveIsAnnouncedWithTheTimesItIsRecordedWith) {
    testing::TempDirectory scratch{"arbiter-session-clocks"};
    auto game = makeGame("fide");
    SessionSettings settings;
    settings.time = *TimeControl::parse("5+0");
    settings.journalDir = scratch.path();
    SlowTimeSource time;
    testing::RecordingSink sink;
    std::string error;
    auto session = Session::begin(*game, settings, sink, time, error);
    ASSERT_TRUE(session) << error;
    for (const char* uci : {"e2e4", "e7e5", "g1f3"}) {
        auto a = session->current().decode(uci);
        ASSERT_TRUE(a && session->commit(*a)) << uci;
        const auto events = testing::journalEvents(session->journalPath());
        ASSERT_FALSE(events.empty());
        const auto recorded = events.back()["clock"].get<std::vector<Millis>>();
        const std::string said =
            "White " + GameClock::format(recorded[0]) + ", Black " + GameClock::format(recorded[1]);
        EXPECT_NE(sink.said.back().text.find(said), std::string::npos)
            << uci << ": " << sink.said.back().text << " (recorded " << said << ")";
    }
}

TEST(SessionRecord, TheRecordNamesTheOptionsTheGameWasPlayedBy) {
    testing::TempDirectory scratch{"arbiter-session-options"};
    GameOptions options;
    options.values = {{"moderated", "on"}, {"impassable", "c3,f6"}};
    std::string error;
    auto game = makeGame("csipgs", options, error);
    ASSERT_TRUE(game) << error;
    SessionSettings settings;
    settings.time = *TimeControl::parse("5+0");
    settings.journalDir = scratch.path();
    ManualTimeSource time;
    testing::RecordingSink sink;
    auto session = Session::begin(*game, settings, sink, time, error);
    ASSERT_TRUE(session) << error;
    ASSERT_EQ(session->resign(0), "");
    EXPECT_NE(recordText(*session).find("[Options \"impassable=c3,f6 moderated=on relay=off\"]\n"),
              std::string::npos)
        << recordText(*session);
    // Chess's one option (docs/rules/fide.md) goes into its PGN the same way.
    auto fide = makeGame("fide");
    auto chess = Session::begin(*fide, settings, sink, time, error);
    ASSERT_TRUE(chess) << error;
    ASSERT_EQ(chess->resign(0), "");
    EXPECT_NE(recordText(*chess).find("[Termination \"normal\"]\n[Options \"strict-touch=off\"]\n"),
              std::string::npos)
        << recordText(*chess);
}

TEST(SessionAnnouncements, TheMoverOfAGameOfHiddenViewsIsToldTheyGaveCheck) {
    GameOptions options;
    options.values = {{"moderated", "on"}};
    std::string error;
    auto game = makeGame("csipgs", options, error);
    ASSERT_TRUE(game) << error;
    SessionSettings settings;
    settings.time = *TimeControl::parse("5+0");
    settings.start =
        "4k3/8/8/8/3R4/8/8/4K3 w 1,0 K=5:WF+royal,R=2:R,k=5:WF+royal - "
        "fmWfcF,R,N,B,WF+royal,BR fmWfcF,R,N,B,WF+royal,BR";
    ManualTimeSource time;
    testing::RecordingSink sink;
    auto session = Session::begin(*game, settings, sink, time, error);
    ASSERT_TRUE(session) << error;
    ASSERT_TRUE(session->commit(*session->current().decode("d4e4")));
    ASSERT_EQ(sink.said.back().type, AnnouncementType::Move);
    EXPECT_NE(sink.said.back().text.find("1. Rook d4-e4: Black is in check (d4e4)."),
              std::string::npos)
        << sink.said.back().text;
}

TEST_F(SessionTest, ResumeReplaysTheJournal) {
    move("e2e4");
    move("e7e5");
    move("g1f3");
    ASSERT_TRUE(session->takeback());
    auto resumed = resumeFromJournal();
    ASSERT_TRUE(resumed);
    EXPECT_EQ(resumed->ply(), 2);
    EXPECT_EQ(resumed->current().serialize(), session->current().serialize());
    EXPECT_EQ(resumedSaid.said.back().type, AnnouncementType::Resume);
}

// Why `events`, written as a journal, cannot be resumed; empty if it can.
std::string resumeError(const Game& game, const std::vector<nlohmann::json>& events) {
    testing::TempDirectory scratch{"arbiter-session-resume"};
    const std::string path = scratch.path() + "/x.jsonl";
    testing::writeJournalEvents(path, events);
    std::string error;
    auto journal = readJournal(path, error);
    if (!journal) return error;
    ManualTimeSource time;
    testing::RecordingSink sink;
    return Session::resume(game, *journal, sink, time, error) ? std::string() : error;
}

TEST_F(SessionTest, ResumeRefusesAJournalOfAnotherGame) {
    const std::string error = resumeError(
        *game, {{{"type", "game"}, {"game", "martian"}, {"start", "?"}, {"time", "5+3"}}});
    EXPECT_NE(error.find("this journal is for game \"martian\""), std::string::npos) << error;
}

TEST_F(SessionTest, ResumeRefusesBadClocksAndUnknownEvents) {
    std::string start = session->current().serialize();
    auto header =
        nlohmann::json{{"type", "game"}, {"game", "fide"}, {"start", start}, {"time", "5+3"}};
    std::string error =
        resumeError(*game, {header, {{"type", "move"}, {"action", "e2e4"}, {"clock", "x"}}});
    EXPECT_NE(error.find("valid \"clock\""), std::string::npos) << error;
    error = resumeError(*game, {header, {{"type", "teleport"}}});
    EXPECT_NE(error.find("unknown event type \"teleport\""), std::string::npos) << error;
    error = resumeError(
        *game, {{{"type", "game"}, {"game", "fide"}, {"start", "8/8 w"}, {"time", "5+3"}}});
    EXPECT_NE(error.find("bad start state"), std::string::npos) << error;
}

}  // namespace
}  // namespace arbiter

namespace arbiter {
namespace {

TEST_F(SessionTest, TakebackOfAPeriodEndingMoveGivesThePeriodTimeOnlyOnce) {
    SessionSettings staged = settings;
    staged.time = *TimeControl::parse("1/1+0:1+0");  // 1 min for the first move, then 1 more
    staged.journalDir = dir + "/staged";
    std::string error;
    session = Session::begin(*game, staged, sink, time, error);
    ASSERT_TRUE(session) << error;
    move("e2e4");
    EXPECT_EQ(session->clock().remaining(0, time.now()), 120000);
    ASSERT_TRUE(session->takeback());
    EXPECT_EQ(session->clock().remaining(0, time.now()), 60000);
    move("e2e4");
    EXPECT_EQ(session->clock().remaining(0, time.now()), 120000);
}

}  // namespace
}  // namespace arbiter
