// The hall's tables take a message only when it is newer than what was read
// of its table (docs/hall.md: run, then seq), so that the repeats QoS 1
// allows change nothing; and the hall holds no more tables than its limit.
#include "tools/arbiter-web/hall_tables.h"

#include <gtest/gtest.h>

namespace arbiter::web {
namespace {

using Kind = HallMessage::Kind;

HallMessage message(Kind kind, const std::string& table, std::int64_t run, std::int64_t seq) {
    HallMessage m;
    m.kind = kind;
    m.table = table;
    m.run = run;
    m.seq = seq;
    m.online = true;
    if (kind == Kind::State) m.body = {{"game", "fide"}, {"seq", seq}};
    if (kind == Kind::Events)
        m.body = {{"type", "event"}, {"text", "event " + std::to_string(seq)}};
    if (kind == Kind::Record) {
        m.format = "pgn";
        m.body = "record " + std::to_string(seq);
    }
    return m;
}

class HallTablesTest : public ::testing::Test {
  protected:
    bool apply(const HallMessage& m) {
        why.clear();
        const bool taken = tables.apply(m, why) != nullptr;
        if (!taken) {
            EXPECT_FALSE(why.empty());
        }
        return taken;
    }
    const HallTable& table(const std::string& name) {
        const HallTable* found = tables.find(name);
        EXPECT_TRUE(found) << name;
        static const HallTable none;
        return found ? *found : none;
    }
    HallTables tables;
    std::string why;
};

TEST_F(HallTablesTest, AStateIsTakenOnceAndNotTakenBack) {
    EXPECT_TRUE(apply(message(Kind::State, "t", 10, 2)));
    EXPECT_EQ(table("t").status["seq"], 2);
    EXPECT_FALSE(apply(message(Kind::State, "t", 10, 2)));  // the same again
    EXPECT_NE(why.find("not newer"), std::string::npos);
    EXPECT_FALSE(apply(message(Kind::State, "t", 10, 1)));  // an older one
    EXPECT_EQ(table("t").status["seq"], 2);
    EXPECT_TRUE(apply(message(Kind::State, "t", 10, 3)));
    EXPECT_EQ(table("t").status["seq"], 3);
}

TEST_F(HallTablesTest, AnEventAlreadyInTheStatusIsOld) {
    EXPECT_TRUE(apply(message(Kind::Events, "t", 10, 1)));
    EXPECT_TRUE(apply(message(Kind::State, "t", 10, 1)));  // the state follows its event
    EXPECT_FALSE(apply(message(Kind::Events, "t", 10, 1)));
    EXPECT_TRUE(apply(message(Kind::Events, "t", 10, 2)));
    EXPECT_EQ(table("t").lastEvent["text"], "event 2");
    EXPECT_FALSE(apply(message(Kind::Events, "t", 10, 2)));
    // A retained state of seq 5 read first (a page opened late): events up to 5 are in it.
    EXPECT_TRUE(apply(message(Kind::State, "u", 10, 5)));
    EXPECT_FALSE(apply(message(Kind::Events, "u", 10, 4)));
    EXPECT_FALSE(apply(message(Kind::Events, "u", 10, 5)));
    EXPECT_TRUE(apply(message(Kind::Events, "u", 10, 6)));
}

TEST_F(HallTablesTest, ARecordFollowsItsOwnSeq) {
    EXPECT_TRUE(apply(message(Kind::Record, "t", 10, 3)));
    EXPECT_EQ(table("t").recordText, "record 3");
    EXPECT_EQ(table("t").recordFormat, "pgn");
    EXPECT_FALSE(apply(message(Kind::Record, "t", 10, 2)));
    EXPECT_EQ(table("t").recordText, "record 3");
}

TEST_F(HallTablesTest, ANewRunStartsAfreshAndAnOldRunIsIgnored) {
    EXPECT_TRUE(apply(message(Kind::State, "t", 10, 40)));
    EXPECT_TRUE(apply(message(Kind::State, "t", 11, 1)));  // arbiterd started again
    EXPECT_EQ(table("t").run, 11);
    EXPECT_EQ(table("t").status["seq"], 1);
    EXPECT_FALSE(apply(message(Kind::State, "t", 10, 41)));  // the old run's, late
    EXPECT_NE(why.find("older than run 11"), std::string::npos);
    EXPECT_EQ(table("t").status["seq"], 1);
}

TEST_F(HallTablesTest, ATableThatComesOnlineBeginsItsRunWhateverItsClockSays) {
    EXPECT_TRUE(apply(message(Kind::Online, "t", 1795955130105, 0)));
    EXPECT_TRUE(apply(message(Kind::State, "t", 1795955130105, 40)));
    // Started again on a machine whose clock went back (no clock of its own).
    EXPECT_TRUE(apply(message(Kind::Online, "t", 1000, 0)));
    EXPECT_EQ(table("t").run, 1000);
    EXPECT_TRUE(apply(message(Kind::State, "t", 1000, 1)));
    EXPECT_EQ(table("t").status["seq"], 1);
    // The old run's, late: not taken, though its number is larger.
    EXPECT_FALSE(apply(message(Kind::State, "t", 1795955130105, 41)));
    EXPECT_NE(why.find("came online with"), std::string::npos) << why;
    EXPECT_EQ(table("t").run, 1000);
}

TEST_F(HallTablesTest, OnlineThenGoneInARunNeverBackWithoutANewRun) {
    HallMessage on = message(Kind::Online, "t", 10, 0);
    on.since = 123;
    HallMessage off = on;
    off.online = false;
    EXPECT_TRUE(apply(on));
    EXPECT_TRUE(table("t").online);
    EXPECT_EQ(table("t").since, 123);
    EXPECT_FALSE(apply(on));  // repeated
    EXPECT_TRUE(apply(off));
    EXPECT_FALSE(table("t").online);
    EXPECT_FALSE(apply(on));  // the run's "online" delivered again after its will
    EXPECT_FALSE(table("t").online);
    EXPECT_FALSE(apply(off));
    HallMessage again = on;
    again.run = 11;
    EXPECT_TRUE(apply(again));
    EXPECT_TRUE(table("t").online);
}

TEST_F(HallTablesTest, TheHallHoldsAtMostItsLimit) {
    HallTables small(3);
    std::string whyFull;
    for (const char* name : {"a", "b", "c"})
        EXPECT_TRUE(small.apply(message(Kind::State, name, 1, 1), whyFull));
    EXPECT_FALSE(small.apply(message(Kind::State, "d", 1, 1), whyFull));
    EXPECT_NE(whyFull.find("3 tables"), std::string::npos);
    EXPECT_EQ(small.tables().size(), 3u);
    EXPECT_FALSE(small.find("d"));
    // The tables it holds still change.
    EXPECT_TRUE(small.apply(message(Kind::State, "a", 1, 2), whyFull));
    EXPECT_EQ(HallTables().mostTables(), 1000u);
}

TEST_F(HallTablesTest, ATileSaysWhatThePageShows) {
    HallMessage on = message(Kind::Online, "t", 10, 0);
    on.since = 5;
    apply(on);
    apply(message(Kind::State, "t", 10, 1));
    apply(message(Kind::Events, "t", 10, 2));
    const nlohmann::json tile = hallTileJson(table("t"));
    EXPECT_EQ(tile["table"], "t");
    EXPECT_EQ(tile["online"], true);
    EXPECT_EQ(tile["since"], 5);
    EXPECT_EQ(tile["status"]["game"], "fide");
    EXPECT_EQ(tile["lastEvent"]["text"], "event 2");
    EXPECT_TRUE(tile["record"].is_null());
    EXPECT_EQ(tile["seq"], 1);
    apply(message(Kind::State, "u", 1, 1));
    EXPECT_TRUE(hallTileJson(table("u"))["online"].is_null());  // not said yet
}

TEST_F(HallTablesTest, ASlimTileLeavesOutTheBoards) {
    HallMessage state = message(Kind::State, "t", 10, 4);
    state.body = {{"game", "fide"},
                  {"scene", {{"cells", nlohmann::json::array()}}},
                  {"boards", nlohmann::json::array()},
                  {"picture", "x"},
                  {"session", {{"toMove", 1}}}};
    apply(state);
    const nlohmann::json whole = hallTileJson(table("t"));
    EXPECT_TRUE(whole["status"].contains("scene"));
    const nlohmann::json slim = hallTileJson(table("t"), TileStatus::Slim);
    EXPECT_FALSE(slim["status"].contains("scene"));
    EXPECT_FALSE(slim["status"].contains("boards"));
    EXPECT_FALSE(slim["status"].contains("picture"));
    EXPECT_EQ(slim["status"]["session"]["toMove"], 1);
    EXPECT_EQ(slim["seq"], 4);
}

}  // namespace
}  // namespace arbiter::web
