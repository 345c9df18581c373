// The hall as pages see it, fed with broker messages as they come: what its
// streams are told, what its addresses answer, and bad input logged once
// and changing nothing.
#include "tools/arbiter-web/hall_routes.h"

#include <gtest/gtest.h>

namespace arbiter::web {
namespace {

// A page's stream that keeps what it is told.
class KeptStream final : public EventStream {
  public:
    void push(const std::string& framed) override { frames.push_back(framed); }
    void end() override { ended = true; }
    bool told(const std::string& event, const std::string& part) const {
        for (const std::string& f : frames)
            if (f.rfind("event: " + event + "\n", 0) == 0 && f.find(part) != std::string::npos)
                return true;
        return false;
    }
    std::vector<std::string> frames;
    bool ended = false;
};

class HallRoutesTest : public ::testing::Test {
  protected:
    void publish(const std::string& table, const std::string& kind, const std::string& json) {
        hall.receive("arbiter/tables/" + table + "/" + kind, json);
    }
    void chessTable(const std::string& name, int seq, const std::string& pgn) {
        const std::string head =
            R"({"table":")" + name + R"(","run":7,"seq":)" + std::to_string(seq);
        publish(name, "online", R"({"table":")" + name + R"(","online":true,"run":7,"since":1})");
        publish(name, "events",
                head + R"(,"at":2.5,"event":{"type":"event","event":"move","text":"1. e4"}})");
        publish(name, "state",
                head + R"(,"status":{"game":"fide","session":{"players":["Ann","Bob"]}}})");
        publish(name, "record", head + R"(,"format":"pgn","text":")" + pgn + R"("})");
    }
    WebResponse get(const std::string& path, const std::string& method = "GET") {
        WebResponse got;
        got.status = 0;
        routes.handle({.method = method, .path = path, .contentType = "application/json"},
                      [&](WebResponse r) { got = std::move(r); });
        EXPECT_NE(got.status, 0) << path << " was not answered";
        return got;
    }
    static std::string header(const WebResponse& r, const std::string& name) {
        for (const auto& [n, v] : r.headers)
            if (n == name) return v;
        return {};
    }

    std::vector<std::string> logged;
    Hall hall{"arbiter", [this](const std::string& line) { logged.push_back(line); }};
    HallRoutes routes{hall};
};

TEST_F(HallRoutesTest, TheHallPageAndItsStream) {
    EXPECT_EQ(get("/").status, 200);
    EXPECT_NE(get("/").body.find("hall.js"), std::string::npos);
    EXPECT_EQ(get("/page/hall.js").status, 200);
    KeptStream page;
    EventFeed* feed = routes.streamFor({.method = "GET", .path = "/events"});
    ASSERT_TRUE(feed);
    feed->join(page);
    EXPECT_TRUE(page.told("broker", R"("connected":false)"));
    hall.brokerChanged(true, "");
    EXPECT_TRUE(page.told("broker", R"("connected":true)"));
    chessTable("board-1", 1, "1. e4 *");
    EXPECT_TRUE(page.told("table", R"("table":"board-1")"));
    EXPECT_TRUE(page.told("action", R"("text":"1. e4")"));
    EXPECT_TRUE(page.told("table", R"("game":"fide")"));
    // The boards stay out of the hall's stream: the page asks for those in sight.
    publish("board-1", "state",
            R"({"table":"board-1","run":7,"seq":2,"status":{"game":"fide","scene":{"cells":[]}}})");
    EXPECT_TRUE(page.told("table", R"("seq":2)"));
    EXPECT_FALSE(page.told("table", R"("scene")"));
    EXPECT_NE(get("/api/hall").body.find(R"("scene")"), std::string::npos);
    EXPECT_NE(get("/tables/board-1/api/status").body.find(R"("scene")"), std::string::npos);
    feed->leave(page);
    const std::size_t before = page.frames.size();
    chessTable("board-2", 1, "1. d4 *");
    EXPECT_EQ(page.frames.size(), before);
}

TEST_F(HallRoutesTest, ATablesPageIsTheTablePageFedFromTheBroker) {
    hall.brokerChanged(true, "");
    EXPECT_FALSE(routes.streamFor({.method = "GET", .path = "/tables/t1/events"}));
    EXPECT_EQ(get("/tables/t1/events").status, 404);
    chessTable("t1", 1, "1. e4 *");
    EXPECT_EQ(get("/tables/t1").status, 301);
    EXPECT_EQ(header(get("/tables/t1"), "Location"), "/tables/t1/");
    EXPECT_NE(get("/tables/t1/").body.find("page/app.js"), std::string::npos);
    EXPECT_EQ(get("/tables/t1/page/app.js").status, 200);
    EXPECT_EQ(nlohmann::json::parse(get("/tables/t1/api/status").body)["game"], "fide");
    KeptStream page;
    EventFeed* feed = routes.streamFor({.method = "GET", .path = "/tables/t1/events"});
    ASSERT_TRUE(feed);
    feed->join(page);
    EXPECT_TRUE(page.told("link", R"("readOnly":true)"));
    EXPECT_TRUE(page.told("snapshot", R"("game":"fide")"));
    publish("t1", "events", R"({"table":"t1","run":7,"seq":2,"at":3,"event":{"text":"1... e5"}})");
    EXPECT_TRUE(page.told("announcement", R"("text":"1... e5")"));
    publish("t1", "online", R"({"table":"t1","online":false,"run":7})");
    EXPECT_TRUE(page.told("link", "is offline"));
    hall.brokerChanged(false, "connection refused");
    EXPECT_TRUE(page.told("link", "lost the broker"));
    feed->leave(page);  // the page goes before the hall, as the server makes it leave
}

TEST_F(HallRoutesTest, NothingChangesATableThroughTheHall) {
    chessTable("t1", 1, "1. e4 *");
    for (const char* path :
         {"/tables/t1/api/do", "/tables/t1/api/sign-in", "/tables/t1/api/sign-out"}) {
        const WebResponse refused = get(path, "POST");
        EXPECT_EQ(refused.status, 403) << path;
        EXPECT_NE(refused.body.find("read-only"), std::string::npos) << path;
    }
    EXPECT_EQ(get("/api/hall", "POST").status, 405);
    EXPECT_EQ(get("/tables/t1/api/replay").status, 404);
    EXPECT_EQ(nlohmann::json::parse(get("/tables/t1/api/games").body)["games"].size(), 0u);
}

TEST_F(HallRoutesTest, RecordsAndTheBroadcast) {
    chessTable("b", 1, "[White \\\"Ann\\\"]\\n\\n1. d4 *\\n");
    chessTable("a", 1, "1. e4 *");
    publish("c", "record", R"({"table":"c","run":1,"seq":1,"format":"txt","text":"buy 3"})");
    const WebResponse pgn = get("/tables/b/record");
    EXPECT_EQ(pgn.status, 200);
    EXPECT_EQ(pgn.contentType, "application/x-chess-pgn");
    EXPECT_EQ(pgn.body, "[White \"Ann\"]\n\n1. d4 *\n");
    const WebResponse text = get("/tables/c/record");
    EXPECT_EQ(text.contentType, "text/plain; charset=utf-8");
    EXPECT_EQ(text.body, "buy 3");
    EXPECT_EQ(get("/tables/zz/record").status, 404);
    const WebResponse all = get("/broadcast.pgn");
    EXPECT_EQ(all.contentType, "application/x-chess-pgn");
    EXPECT_EQ(all.body, "1. e4 *\n\n[White \"Ann\"]\n\n1. d4 *\n");  // by name; no "buy 3"
    const nlohmann::json api = nlohmann::json::parse(get("/api/hall").body);
    ASSERT_EQ(api["tables"].size(), 3u);
    EXPECT_EQ(api["tables"][0]["table"], "a");
    EXPECT_EQ(api["broker"]["mostTables"], 1000);
}

TEST_F(HallRoutesTest, BadMessagesChangeNothingAndAreLoggedOnce) {
    chessTable("t1", 1, "1. e4 *");
    const std::string before = get("/api/hall").body;
    for (int i = 0; i < 50; ++i) {
        publish("t1", "state", "not json");
        publish("t1", "state", R"({"table":"t2","run":7,"seq":9,"status":{}})");
        publish("t1", "state", R"({"table":"t1","run":7,"seq":1,"status":{"game":"x"}})");  // old
        hall.receive("arbiter/tables/t%/state", "{}");
        hall.receive("elsewhere", "{}");
    }
    EXPECT_EQ(nlohmann::json::parse(get("/api/hall").body)["tables"],
              nlohmann::json::parse(before)["tables"]);
    EXPECT_EQ(hall.badMessages(), 200u);
    EXPECT_EQ(hall.oldMessages(), 50u);
    EXPECT_EQ(logged.size(), 5u);
    for (const std::string& line : logged)
        EXPECT_NE(line.find("ignored a message on"), std::string::npos);
}

TEST_F(HallRoutesTest, AFloodOfDifferentBadMessagesIsLoggedBoundedly) {
    for (int i = 0; i < 5000; ++i)
        hall.receive("arbiter/tables/t" + std::to_string(i) + "/x", "{}");
    EXPECT_EQ(hall.badMessages(), 5000u);
    EXPECT_LE(logged.size(), 201u);
    EXPECT_EQ(hall.tables().tables().size(), 0u);
}

}  // namespace
}  // namespace arbiter::web
