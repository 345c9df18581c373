// What arbiter-web answers before arbiterd is asked anything: its files, and
// every malformed or unwelcome request refused with a reason. arbiterd is not
// running here (the socket path leads nowhere), so anything that reached it
// would be answered "503": these must not get that far.
#include "tools/arbiter-web/web_routes.h"

#include <gtest/gtest.h>

#include "tests/daemon/temp_directory.h"

namespace arbiter::web {
namespace {

class WebRoutesTest : public ::testing::Test {
  protected:
    WebResponse answer(WebRequest request) {
        if (request.host.empty()) request.host = "127.0.0.1:8080";
        std::optional<WebResponse> got;
        routes.handle(request, [&](WebResponse r) { got = std::move(r); });
        run(std::chrono::milliseconds(0));
        EXPECT_TRUE(got) << request.method << " " << request.path << " was not answered";
        return got.value_or(WebResponse{});
    }
    WebResponse post(const std::string& path, const std::string& body,
                     const std::string& type = "application/json") {
        return answer({.method = "POST", .path = path, .body = body, .contentType = type});
    }
    // Runs the loop for `time` (a loop that ran out of work must be restarted).
    void run(std::chrono::milliseconds time) {
        io.restart();
        if (time.count() == 0)
            io.poll();
        else
            io.run_for(time);
    }
    static std::string error(const WebResponse& r) {
        return nlohmann::json::parse(r.body, nullptr, false).value("error", "");
    }

    testing::TempDirectory scratch{"arbiter-web-routes"};
    boost::asio::io_context io;
    TableFeed everyone{io, scratch.path() + "/no-arbiterd.sock"};
    int tokens = 0;
    SignIns players{io, scratch.path() + "/no-arbiterd.sock",
                    [this] { return "token" + std::to_string(++tokens); }};
    WebRoutes routes{everyone, players, [](const std::string&) {
                         ADD_FAILURE() << "nothing may be replayed here";
                         return nlohmann::json{{"error", "no"}};
                     }};
};

TEST_F(WebRoutesTest, ThePageIsServedFromTheFilesBuiltIn) {
    const WebResponse page = answer({.method = "GET", .path = "/"});
    EXPECT_EQ(page.status, 200);
    EXPECT_EQ(page.contentType, "text/html; charset=utf-8");
    EXPECT_NE(page.body.find("<html"), std::string::npos);
    bool confined = false;
    for (const auto& [name, value] : page.headers)
        confined = confined || (name == "Content-Security-Policy" &&
                                value.find("default-src 'self'") != std::string::npos &&
                                value.find("frame-ancestors 'none'") != std::string::npos);
    EXPECT_TRUE(confined) << "the page may run others' scripts or be framed";
    const WebResponse script = answer({.method = "GET", .path = "/page/app.js"});
    EXPECT_EQ(script.status, 200);
    EXPECT_EQ(script.contentType, "text/javascript; charset=utf-8");
    for (const char* missing : {"/page/", "/page/nothing.js", "/page/../main.cpp", "/x"})
        EXPECT_EQ(answer({.method = "GET", .path = missing}).status, 404) << missing;
}

TEST_F(WebRoutesTest, AChangeIsAJsonPostFromThePageItself) {
    EXPECT_EQ(answer({.method = "GET", .path = "/api/do"}).status, 405);
    EXPECT_EQ(answer({.method = "PUT", .path = "/api/sign-in"}).status, 405);
    EXPECT_EQ(post("/api/do", R"({"action":"resign"})", "text/plain").status, 415);
    EXPECT_EQ(post("/api/do", R"({"action":"resign"})", "").status, 415);
    WebRequest elsewhere{.method = "POST",
                         .path = "/api/do",
                         .body = R"({"action":"resign"})",
                         .contentType = "application/json",
                         .origin = "http://evil.example"};
    const WebResponse refused = answer(elsewhere);
    EXPECT_EQ(refused.status, 403);
    EXPECT_EQ(error(refused),
              "a change must come from this server's own page, not from "
              "http://evil.example");
    // Its own origin passes these checks, and is then told arbiterd is away.
    elsewhere.origin = "http://127.0.0.1:8080";
    EXPECT_EQ(answer(elsewhere).status, 503);
}

TEST_F(WebRoutesTest, MalformedBodiesAreRefusedWithWhatIsWrong) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"", "the body must be a JSON object, such as {\"action\": \"resign\"}"},
        {"{", "the body must be a JSON object, such as {\"action\": \"resign\"}"},
        {"[1]", "the body must be a JSON object, such as {\"action\": \"resign\"}"},
        {R"({"action":"resign","plyer":1})", "unknown field \"plyer\""},
        {R"({"player":1})", "\"action\" is missing"},
        {R"({"action":["resign"]})", "\"action\" must be a string of at most 1000 bytes"},
        {R"({"action":"resign","player":-2})",
         "\"player\" must be a seat number (0, 1, ...) or -1"},
        {R"({"action":"resign","player":1.5})",
         "\"player\" must be a seat number (0, 1, ...) or -1"},
        {R"({"action":"join","name":7})", "\"name\" must be a string of at most 200 bytes"},
    };
    for (const auto& [body, why] : cases) {
        const WebResponse r = post("/api/do", body);
        EXPECT_EQ(r.status, 400) << body;
        EXPECT_EQ(error(r), why) << body;
    }
    EXPECT_EQ(error(post("/api/sign-in", R"({"secret":"x"})")), "\"name\" is missing");
    EXPECT_EQ(post("/api/sign-in", R"({"name":"Ann","secret":"x","admin":true})").status, 400);
}

TEST_F(WebRoutesTest, WhileArbiterdIsAwayEveryQuestionForItGets503AndSignInsAreRefused) {
    EXPECT_EQ(answer({.method = "GET", .path = "/api/status"}).status, 503);
    EXPECT_EQ(post("/api/do", R"({"action":"resign"})").status, 503);
    everyone.start();
    run(std::chrono::milliseconds(100));
    const WebResponse games = answer({.method = "GET", .path = "/api/games"});
    EXPECT_EQ(games.status, 503);
    EXPECT_NE(error(games).find("arbiterd is not running at"), std::string::npos) << games.body;
    std::optional<WebResponse> signIn;
    routes.handle({.method = "POST",
                   .path = "/api/sign-in",
                   .body = R"({"name":"Ann","secret":"x"})",
                   .contentType = "application/json"},
                  [&](WebResponse r) { signIn = std::move(r); });
    run(std::chrono::milliseconds(200));
    ASSERT_TRUE(signIn);
    EXPECT_EQ(signIn->status, 403);
    EXPECT_NE(error(*signIn).find("arbiterd is not running at"), std::string::npos);
    EXPECT_EQ(players.feed("token1"), nullptr);
}

TEST(QueryValue, DecodesPercentsAndPlusesAndRefusesBrokenOnes) {
    EXPECT_EQ(queryValue("journal=%2Ftmp%2Fa+b.jsonl", "journal"), "/tmp/a b.jsonl");
    EXPECT_EQ(queryValue("x=1&journal=a&journal=b", "journal"), "a");
    EXPECT_EQ(queryValue("journal=", "journal"), "");
    EXPECT_EQ(queryValue("journalx=1", "journal"), std::nullopt);
    EXPECT_EQ(queryValue("", "journal"), std::nullopt);
    EXPECT_EQ(queryValue("journal=%2", "journal"), std::nullopt);
    EXPECT_EQ(queryValue("journal=%zz", "journal"), std::nullopt);
}

TEST(CookieValue, FindsItsOwnNameAmongOthers) {
    EXPECT_EQ(cookieValue("arbiter_player=abc", "arbiter_player"), "abc");
    EXPECT_EQ(cookieValue("a=1; arbiter_player=abc; b=2", "arbiter_player"), "abc");
    EXPECT_EQ(cookieValue("arbiter_player2=abc", "arbiter_player"), "");
    EXPECT_EQ(cookieValue("", "arbiter_player"), "");
    EXPECT_EQ(cookieValue(";;; ", "arbiter_player"), "");
}

}  // namespace
}  // namespace arbiter::web
