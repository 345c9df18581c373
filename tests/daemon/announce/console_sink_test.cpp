#include <gtest/gtest.h>

#include "daemon/announce/announcement.h"
#include "tests/daemon/captured_log.h"

using namespace arbiter;

// The console's level is each line's priority in systemd's journal, so that
// journalctl -p warning shows a table's troubles and nothing else.
TEST(ConsoleSink, TroublesAreErrorsBrokenRulesAndLostBoardsWarningsPlayInfo) {
    arbiter::testing::CapturedLog log;
    ConsoleSink console;
    console.announce({AnnouncementType::Move, "1. e4"});
    console.announce({AnnouncementType::Illegal, "Illegal: the knight cannot go to e5"});
    console.announce({AnnouncementType::Flag, "White's flag fell"});
    console.announce({AnnouncementType::Ambiguous, "That fits two moves"});
    console.announce({AnnouncementType::Board, "Board A is gone", {{"connected", false}}});
    console.announce({AnnouncementType::Board, "Board A is back.", {{"connected", true}}});
    console.announce({AnnouncementType::Journal, "cannot write the journal"});
    console.announce({AnnouncementType::Error, "the clock is lost"});
    console.announce({AnnouncementType::Result, "1-0"});
    EXPECT_EQ(log.lines(), (std::vector<std::string>{
                               "info 1. e4",
                               "warning Illegal: the knight cannot go to e5",
                               "warning White's flag fell",
                               "warning That fits two moves",
                               "warning Board A is gone",
                               "info Board A is back.",
                               "error cannot write the journal",
                               "error the clock is lost",
                               "info 1-0",
                           }));
}
