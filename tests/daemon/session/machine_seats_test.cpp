// The machine's seats are part of how a game is played: the journal's first
// line records them, a resumed game has them again, and the record marks them.
#include "daemon/session/machine_seats.h"

#include <gtest/gtest.h>

#include "daemon/session/session.h"
#include "tests/daemon/journal_events.h"
#include "tests/daemon/recording_sink.h"
#include "tests/daemon/temp_directory.h"

namespace arbiter {
namespace {

class MachineSeatsTest : public ::testing::Test {
  protected:
    std::unique_ptr<Session> begin(std::vector<MachineSeat> machines) {
        SessionSettings settings;
        settings.time = *TimeControl::parse("5+0");
        settings.journalDir = scratch.path();
        settings.machines = std::move(machines);
        std::string error;
        auto session = Session::begin(*game, settings, sink, time, error);
        EXPECT_TRUE(session) << error;
        return session;
    }
    // Why a journal whose first line has `machines` cannot be resumed; "" if it can.
    std::string resumeError(const nlohmann::json& machines) {
        const std::string path = scratch.path() + "/edited.jsonl";
        testing::writeJournalEvents(path, {{{"type", "game"},
                                            {"game", "fide"},
                                            {"start", game->start()->serialize()},
                                            {"time", "5+0"},
                                            {"machines", machines}}});
        std::string error;
        auto journal = readJournal(path, error);
        if (!journal) return error;
        return Session::resume(*game, *journal, sink, time, error) ? std::string() : error;
    }

    testing::TempDirectory scratch{"arbiter-machine-seats"};
    std::unique_ptr<Game> game = makeGame("fide");
    ManualTimeSource time;
    testing::RecordingSink sink;
};

TEST_F(MachineSeatsTest, AResumedGameIsPlayedByTheMachineWhereItWas) {
    auto session = begin({{1, 6}});
    ASSERT_TRUE(session);
    ASSERT_TRUE(session->commit(*session->current().decode("e2e4")));
    std::string error;
    auto journal = readJournal(session->journalPath(), error);
    ASSERT_TRUE(journal) << error;
    auto resumed = Session::resume(*game, *journal, sink, time, error);
    ASSERT_TRUE(resumed) << error;
    ASSERT_EQ(resumed->machines().size(), 1u);
    EXPECT_EQ(resumed->machines()[0], (MachineSeat{1, 6}));
    EXPECT_NE(resumed->machineSeatOf(1), nullptr);
    EXPECT_EQ(resumed->machineSeatOf(0), nullptr);
    EXPECT_EQ(resumed->snapshot()["machines"], nlohmann::json::parse(R"([{"seat":1,"level":6}])"));
}

TEST_F(MachineSeatsTest, AGameOfPeopleWritesNoMachinesAndResumesWithNone) {
    auto session = begin({});
    ASSERT_TRUE(session);
    std::string error;
    auto journal = readJournal(session->journalPath(), error);
    ASSERT_TRUE(journal) << error;
    EXPECT_FALSE(journal->header.contains("machines"));
    auto resumed = Session::resume(*game, *journal, sink, time, error);
    ASSERT_TRUE(resumed) << error;
    EXPECT_TRUE(resumed->machines().empty());
}

TEST_F(MachineSeatsTest, TheRecordMarksTheMachinesSeatsAndLevels) {
    auto session = begin({{1, 3}});
    ASSERT_TRUE(session);
    const std::string record = session->recordSoFar();
    EXPECT_NE(record.find("[BlackType \"program\"]"), std::string::npos) << record;
    EXPECT_EQ(record.find("WhiteType"), std::string::npos) << record;
    EXPECT_NE(record.find("[Machine \"Black at level 3\"]"), std::string::npos) << record;
}

TEST_F(MachineSeatsTest, AJournalWithBadMachinesIsRefused) {
    for (const char* bad : {R"("black")", R"([{"seat":2,"level":4}])", R"([{"seat":1,"level":0}])",
                            R"([{"seat":1,"level":9}])", R"([{"seat":1}])",
                            R"([{"seat":1,"level":4},{"seat":1,"level":2}])",
                            R"([{"seat":1,"level":4,"engine":"x"}])", R"([{"seat":-1,"level":4}])",
                            R"([{"seat":1.5,"level":4}])"}) {
        const std::string error = resumeError(nlohmann::json::parse(bad));
        EXPECT_NE(error.find("bad \"machines\""), std::string::npos) << bad << ": " << error;
    }
    EXPECT_EQ(resumeError(nlohmann::json::parse(R"([{"seat":0,"level":8}])")), "");
}

}  // namespace
}  // namespace arbiter
