// Chance: drawn by the session from its seeded source, journalled as moves,
// reproduced exactly on resume, never re-rolled by a takeback.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "daemon/session/chance_source.h"
#include "daemon/session/session.h"
#include "tests/daemon/journal_events.h"
#include "tests/daemon/recording_sink.h"
#include "tests/daemon/temp_directory.h"
#include "tests/games/dice_race.h"

namespace arbiter {
namespace {

TEST(ChanceSource, TheSameSeedAndCounterDrawTheSameValues) {
    ChanceSource a(42), b(42);
    uint64_t ca = 0, cb = 0;
    EXPECT_EQ(a.draw({5, 6}, ca), b.draw({5, 6}, cb));
    EXPECT_EQ(ca, cb);
    EXPECT_GE(ca, 5u);
}

TEST(ChanceSource, EverySideComesUpAboutEquallyOften) {
    ChanceSource source(7);
    uint64_t counter = 0;
    std::vector<int> seen(6);
    for (int v : source.draw({60'000, 6}, counter)) {
        ASSERT_GE(v, 0);
        ASSERT_LT(v, 6);
        ++seen[static_cast<size_t>(v)];
    }
    for (int n : seen) EXPECT_NEAR(n, 10'000, 400);  // about 4 standard deviations
}

TEST(ChanceSource, DifferentSeedsDrawDifferently) {
    uint64_t c1 = 0, c2 = 0;
    EXPECT_NE(ChanceSource(1).draw({20, 6}, c1), ChanceSource(2).draw({20, 6}, c2));
}

TEST(ChanceSource, SeedsAreWrittenAndReadAsHex) {
    ChanceSource s(0x0123456789abcdefULL);
    EXPECT_EQ(s.seedText(), "0123456789abcdef");
    EXPECT_EQ(ChanceSource::parseSeed(s.seedText()), 0x0123456789abcdefULL);
    EXPECT_FALSE(ChanceSource::parseSeed(""));
    EXPECT_FALSE(ChanceSource::parseSeed("xyz"));
    EXPECT_FALSE(ChanceSource::parseSeed("0123456789abcdef0"));
}

class Chance : public ::testing::Test {
  protected:
    void SetUp() override {
        settings.time = *TimeControl::parse("5+0");
        settings.journalDir = scratch.path();
        settings.seed = 2026;
        std::string error;
        session = Session::begin(*game, settings, sink, time, error);
        ASSERT_TRUE(session) << error;
    }
    // The one legal move after the roll.
    void moveAsRolled() {
        auto legal = session->current().legalActions();
        ASSERT_EQ(legal.size(), 1u);
        ASSERT_EQ(legal[0].kind, Action::Kind::Move);
        ASSERT_TRUE(session->commit(legal[0]));
    }
    std::unique_ptr<Session> resumed() {
        std::string error;
        auto journal = readJournal(session->journalPath(), error);
        EXPECT_TRUE(journal) << error;
        if (!journal) return nullptr;
        auto s = Session::resume(*game, *journal, quiet, time, error);
        EXPECT_TRUE(s) << error;
        return s;
    }

    testing::TempDirectory scratch{"arbiter-chance"};
    std::unique_ptr<Game> game = testgames::makeDiceRaceGame();
    SessionSettings settings;
    ManualTimeSource time;
    testing::RecordingSink sink;
    testing::RecordingSink quiet;  // what resumed sessions say
    std::unique_ptr<Session> session;
};

TEST_F(Chance, TheFirstRollIsDrawnAtTheStartAndAnnounced) {
    ASSERT_EQ(session->ply(), 1);
    EXPECT_EQ(session->actions()[0].kind, Action::Kind::Chance);
    EXPECT_EQ(sink.said.back().type, AnnouncementType::Chance);
    EXPECT_FALSE(session->current().chance());
}

TEST_F(Chance, TheSameSeedPlaysTheSameGame) {
    for (int i = 0; i < 4 && !session->over(); ++i) moveAsRolled();
    testing::TempDirectory other{"arbiter-chance2"};
    SessionSettings again = settings;
    again.journalDir = other.path();
    std::string error;
    testing::RecordingSink sink2;
    auto twin = Session::begin(*game, again, sink2, time, error);
    ASSERT_TRUE(twin) << error;
    while (twin->ply() < session->ply()) {
        auto legal = twin->current().legalActions();
        ASSERT_EQ(legal.size(), 1u);
        ASSERT_TRUE(twin->commit(legal[0]));
    }
    EXPECT_EQ(twin->actions(), session->actions());
}

TEST_F(Chance, ResumeReproducesTheDrawsAndGoesOnAsTheSeedSays) {
    moveAsRolled();
    moveAsRolled();
    auto back = resumed();
    ASSERT_TRUE(back);
    EXPECT_EQ(back->actions(), session->actions());
    // Both go on drawing the same values.
    moveAsRolled();
    auto legal = back->current().legalActions();
    ASSERT_EQ(legal.size(), 1u);
    ASSERT_TRUE(back->commit(legal[0]));
    EXPECT_EQ(back->actions().back(), session->actions().back());
}

TEST_F(Chance, ATakebackUndoesTheRollWithTheMoveAndTheDieFallsTheSameAgain) {
    moveAsRolled();
    auto afterFirst = session->actions();  // roll, move, roll
    ASSERT_EQ(afterFirst.size(), 3u);
    ASSERT_TRUE(session->takeback());
    EXPECT_EQ(session->ply(), 1);  // back to the first roll, which stays
    moveAsRolled();
    EXPECT_EQ(session->actions(), afterFirst);
    ASSERT_TRUE(session->takeback());
    EXPECT_FALSE(session->takeback());  // only the opening roll is left
    EXPECT_FALSE(session->canTakeBack());
}

TEST_F(Chance, AJournalWhoseDrawsDoNotMatchItsSeedIsRefused) {
    moveAsRolled();
    std::string path = session->journalPath();
    // The first roll as journalled, replaced by another value (the line's
    // checksum written anew: what is tested is the replay).
    auto events = testing::journalEvents(path);
    auto roll = std::find_if(events.begin(), events.end(), [](const nlohmann::json& e) {
        return e.value("action", "").starts_with("roll");
    });
    ASSERT_NE(roll, events.end());
    std::string action = (*roll)["action"];
    char& digit = action[4];
    digit = digit == '6' ? '1' : static_cast<char>(digit + 1);
    (*roll)["action"] = action;
    testing::writeJournalEvents(path, events);
    std::string error;
    auto journal = readJournal(path, error);
    ASSERT_TRUE(journal) << error;
    EXPECT_FALSE(Session::resume(*game, *journal, sink, time, error));
    EXPECT_NE(error.find("not what this journal's seed draws"), std::string::npos) << error;
}

TEST_F(Chance, AJournalWithABadSeedIsRefused) {
    std::string path = session->journalPath();
    auto events = testing::journalEvents(path);
    ASSERT_FALSE(events.empty());
    events.front()["seed"] = "not-a-seed-at-al";
    testing::writeJournalEvents(path, events);
    std::string error;
    auto journal = readJournal(path, error);
    ASSERT_TRUE(journal) << error;
    EXPECT_FALSE(Session::resume(*game, *journal, sink, time, error));
    EXPECT_NE(error.find("bad \"seed\""), std::string::npos) << error;
}

}  // namespace
}  // namespace arbiter
