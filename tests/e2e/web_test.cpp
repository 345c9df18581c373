// arbiter-web as browsers and hostile clients meet it: the real arbiterd on a
// virtual board, arbiter-web following its control socket, and HTTP spoken
// over real TCP connections (the page itself is driven in Chromium by
// tests/tools/arbiter-web/page).
#include <sys/resource.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <thread>

#include "tests/e2e/http_client.h"
#include "tests/e2e/table_fixture.h"

namespace arbiter::e2e {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

const std::string kJson = "Content-Type: application/json\r\n";

// arbiter-web on a free port, following the control socket at `socket`.
struct WebServer {
    void start(const std::string& socket) {
        process = std::make_unique<ChildProcess>(
            std::vector<std::string>{ARBITER_WEB, "--listen", "127.0.0.1:0", "--socket", socket});
        const int at = process->waitFor("the table is at http://127.0.0.1:", seconds(10));
        ASSERT_GE(at, 0) << process->transcript();
        const std::string& line = process->lines()[static_cast<size_t>(at)];
        port = std::atoi(line.c_str() + line.find("127.0.0.1:") + 10);
        ASSERT_GT(port, 0) << line;
    }
    // Its status (with `headers`, a cookie say) once it has reached arbiterd,
    // which it does as soon as it starts and every second while arbiterd is away.
    HttpReply statusOnceConnected(const std::string& headers = "") const {
        HttpReply reply;
        for (int i = 0; i < 100; ++i) {
            reply = httpRequest(port, "GET", "/api/status", "", headers);
            if (reply.status == 200) break;
            std::this_thread::sleep_for(milliseconds(50));
        }
        return reply;
    }
    std::unique_ptr<ChildProcess> process;
    int port = 0;
};

// The cells of a status's scene that show a piece.
std::vector<std::string> cellsWithPieces(const nlohmann::json& status) {
    std::vector<std::string> cells;
    for (const nlohmann::json& c : status["scene"]["cells"]) {
        if (c.contains("piece")) cells.push_back(c["cell"]);
    }
    return cells;
}

class WebTest : public TableTest {
  protected:
    void startWeb() {
        web.start(socket_);
        port_ = web.port;
    }
    // A game on the virtual board, followed by arbiter-web, its status answered.
    // The board shows the start, so the game begins at once.
    void startTable() {
        startBoard();
        startDaemon();
        expectSaid("New game of fide");
        startWeb();
        waitForArbiterd();
    }
    // arbiter-web connects to arbiterd as soon as it starts, and every second
    // while it is away: its status answers once it has.
    void waitForArbiterd() {
        const HttpReply reply = web.statusOnceConnected();
        ASSERT_EQ(reply.status, 200) << reply.body;
    }
    HttpReply statusReply() { return httpRequest(port_, "GET", "/api/status"); }
    nlohmann::json status() { return nlohmann::json::parse(statusReply().body); }
    static nlohmann::json cell(const nlohmann::json& status, const std::string& name) {
        if (!status.contains("scene")) return {};
        for (const nlohmann::json& c : status["scene"]["cells"]) {
            if (c["cell"] == name) return c;
        }
        return {};
    }
    // The data of an event stream's message.
    static nlohmann::json dataOf(const std::string& message) {
        const size_t at = message.find("data: ");
        return at == std::string::npos ? nlohmann::json()
                                       : nlohmann::json::parse(message.substr(at + 6));
    }
    std::unique_ptr<HttpConnection> openEvents() {
        auto events = std::make_unique<HttpConnection>(port_);
        events->sendRaw("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        return events;
    }

    WebServer web;
    int port_ = 0;
};

TEST_F(WebTest, ThePageAndTheStatusWithItsSceneAreServed) {
    startTable();
    const HttpReply page = httpRequest(port_, "GET", "/");
    EXPECT_EQ(page.status, 200);
    EXPECT_NE(page.headers.find("text/html"), std::string::npos) << page.headers;
    EXPECT_NE(page.body.find("<html"), std::string::npos);
    const nlohmann::json now = status();
    EXPECT_EQ(now["game"], "fide");
    EXPECT_EQ(now["scene"]["cells"].size(), 64u);
    EXPECT_EQ(cell(now, "e2")["piece"]["name"], "white pawn");
    EXPECT_EQ(now["scene"]["boards"][0]["squares"].size(), 64u);
}

TEST_F(WebTest, AMoveOnTheBoardReachesAnOpenEventStreamAsAnnouncementAndSnapshot) {
    startTable();
    auto events = openEvents();
    EXPECT_NE(events->readEventWith("event: link", seconds(5)).find("\"connected\":true"),
              std::string::npos);
    ASSERT_NE(events->readEventWith("event: snapshot", seconds(5)), "");
    play("e2-e4", "1. e4");
    const std::string said = events->readEventWith("1. e4", seconds(5));
    EXPECT_NE(said.find("event: announcement"), std::string::npos) << said;
    // The snapshot after it shows the pawn on e4 and the move as the last action.
    nlohmann::json shown;
    for (int i = 0; i < 10 && cell(shown, "e4")["piece"].is_null(); ++i) {
        const std::string next = events->readEventWith("event: snapshot", seconds(5));
        ASSERT_NE(next, "") << "no snapshot with the pawn on e4";
        shown = dataOf(next);
    }
    EXPECT_EQ(cell(shown, "e4")["piece"]["letter"], "P");
    EXPECT_EQ(shown["scene"]["lastAction"], nlohmann::json::array({"e2", "e4"}));
}

TEST_F(WebTest, ARefusedActionSaysTheTablesReasonAndChangesNothing) {
    startTable();
    const HttpReply refused = httpRequest(port_, "POST", "/api/do", R"({"action":"e2e5"})", kJson);
    EXPECT_EQ(refused.status, 422) << refused.body;
    EXPECT_NE(refused.body.find("\\\"e2e5\\\": that is not how a pawn moves"), std::string::npos)
        << refused.body;
    EXPECT_EQ(status()["session"]["ply"], 0);
    const HttpReply resigned =
        httpRequest(port_, "POST", "/api/do", R"({"action":"resign"})", kJson);
    EXPECT_EQ(resigned.status, 200) << resigned.body;
    expectSaid("White resigned");
}

TEST_F(WebTest, BadRequestsAreRefusedWithAReasonAndChangeNothing) {
    startTable();
    struct Case {
        std::string method, path, body, headers;
        int status;
    };
    const std::vector<Case> cases = {
        {"POST", "/api/do", "{not json", kJson, 400},
        {"POST", "/api/do", R"(["resign"])", kJson, 400},
        {"POST", "/api/do", R"({"action":"resign","plyer":0})", kJson, 400},
        {"POST", "/api/do", R"({"action":7})", kJson, 400},
        {"POST", "/api/do", R"({"action":"resign","player":"one"})", kJson, 400},
        {"POST", "/api/do", R"({"action":"resign"})", "Content-Type: text/plain\r\n", 415},
        {"POST", "/api/do", R"({"action":"resign"})", kJson + "Origin: http://evil.example\r\n",
         403},
        {"GET", "/api/do", "", "", 405},
        {"DELETE", "/api/status", "", "", 405},
        {"GET", "/page/../../etc/passwd", "", "", 404},
        {"GET", "/nothing-here", "", "", 404},
        {"GET", "/api/replay", "", "", 400},
        {"GET", "/api/replay?journal=%2Fetc%2Fpasswd", "", "", 404},
        {"POST", "/api/sign-in", R"({"name":"Ann","secret":"x"})", kJson, 403},
        {"GET", "/api/status", "", "X-Big: " + std::string(20000, 'x') + "\r\n", 431},
        {"POST", "/api/do", std::string(100000, ' '), kJson, 413},
    };
    for (const Case& c : cases) {
        const HttpReply reply = httpRequest(port_, c.method, c.path, c.body, c.headers);
        EXPECT_EQ(reply.status, c.status) << c.method << " " << c.path << ": " << reply.body;
        if (reply.status >= 400 && reply.status != 431 && reply.status != 413)
            EXPECT_NE(reply.body.find("\"error\""), std::string::npos) << c.path << reply.body;
    }
    // Nothing changed, and both programs still answer.
    const nlohmann::json now = status();
    EXPECT_EQ(now["session"]["ply"], 0);
    EXPECT_FALSE(now["session"]["over"].get<bool>());
    play("e2-e4", "1. e4");
}

TEST_F(WebTest, AThousandIdleConnectionsAndASlowClientStallNeitherPagesNorTheBoard) {
    // The test itself holds a thousand sockets.
    rlimit limit{};
    ::getrlimit(RLIMIT_NOFILE, &limit);
    limit.rlim_cur = std::min<rlim_t>(limit.rlim_max, 4096);
    ::setrlimit(RLIMIT_NOFILE, &limit);
    ASSERT_GE(limit.rlim_cur, 1100u) << "this machine allows too few open files for the test";
    startTable();
    std::vector<std::unique_ptr<HttpConnection>> idle;
    for (int i = 0; i < 1000; ++i) idle.push_back(std::make_unique<HttpConnection>(port_));
    HttpConnection slow(port_);
    slow.sendRaw("GET /api/status HTTP/1.1\r\nHo");
    // A page still gets its answer, and the board its referee.
    EXPECT_EQ(statusReply().status, 200);
    play("e2-e4", "1. e4");
    auto events = openEvents();
    EXPECT_NE(events->readEventWith("event: snapshot", seconds(5)), "");
    // The slow client is let go once its time to send a request is up.
    EXPECT_TRUE(slow.closedWithin(seconds(15)));
}

TEST_F(WebTest, APageIsToldWhenArbiterdGoesAndCatchesUpWhenItReturns) {
    startTable();
    auto events = openEvents();
    ASSERT_NE(events->readEventWith("event: snapshot", seconds(5)), "");
    daemon_->signal(SIGTERM);
    ASSERT_EQ(daemon_->wait(seconds(10)), 0);
    const std::string lost = events->readEventWith("\"connected\":false", seconds(5));
    EXPECT_NE(lost.find("event: link"), std::string::npos) << lost;
    EXPECT_EQ(statusReply().status, 503);
    startDaemon();
    EXPECT_NE(events->readEventWith("\"connected\":true", seconds(5)), "");
    EXPECT_NE(events->readEventWith("event: snapshot", seconds(5)), "");
    waitForArbiterd();
}

TEST_F(WebTest, ARecordedGameIsListedAndReplayedPositionByPosition) {
    startTable();
    playMoves({{"e2-e4", "1. e4"},
               {"e7-e5", "1... e5"},
               {"f1-c4", "2. Bc4"},
               {"b8-c6", "2... Nc6"},
               {"d1-h5", "3. Qh5"},
               {"g8-f6", "3... Nf6"},
               {"h5xf7", "4. Qxf7#"}});
    expectSaid("Game over: checkmate");
    const HttpReply games = httpRequest(port_, "GET", "/api/games");
    ASSERT_EQ(games.status, 200) << games.body;
    const nlohmann::json listed = nlohmann::json::parse(games.body)["games"];
    ASSERT_EQ(listed.size(), 1u) << games.body;
    EXPECT_EQ(listed[0]["state"], "win");
    std::string journal = listed[0]["journal"];
    // The path in the query, its slashes escaped as a browser escapes them.
    for (size_t at; (at = journal.find('/')) != std::string::npos;) journal.replace(at, 1, "%2F");
    const HttpReply replay = httpRequest(port_, "GET", "/api/replay?journal=" + journal);
    ASSERT_EQ(replay.status, 200) << replay.body;
    const nlohmann::json replayed = nlohmann::json::parse(replay.body);
    EXPECT_EQ(replayed["game"], "fide");
    ASSERT_EQ(replayed["positions"].size(), 8u);
    EXPECT_EQ(replayed["positions"][0]["said"], "Start");
    EXPECT_EQ(cellsWithPieces(replayed["positions"][0]).size(), 32u);
    const nlohmann::json& mate = replayed["positions"][7];
    EXPECT_EQ(mate["ply"], 7);
    EXPECT_NE(mate["said"].get<std::string>().find("4. Qxf7#"), std::string::npos) << mate["said"];
    EXPECT_EQ(mate["scene"]["lastAction"], nlohmann::json::array({"h5", "f7"}));
    EXPECT_EQ(cellsWithPieces(mate).size(), 31u);
    EXPECT_NE(replayed["result"].get<std::string>().find("checkmate"), std::string::npos)
        << replayed["result"];
}

// A moderated csipgs game (docs/rules/csipgs.md): the page of each player
// holds their view alone, and everyone else's no piece at all.
class ModeratedWebTest : public SeveralBoardsTest {
  protected:
    void SetUp() override {
        SeveralBoardsTest::SetUp();
        const std::vector<std::string> game = {"--game",       "csipgs",    "--option",
                                               "moderated=on", "--secrets", "w-s3cret,b-s3cret"};
        startBoards({"white", "black"}, game);
        startDaemonOnTheBoards(game);
        expectSaid("New game of csipgs");
        web.start(socket_);
    }
    HttpReply post(const std::string& path, const std::string& body,
                   const std::string& cookie = "") {
        return httpRequest(web.port, "POST", path, body,
                           kJson + (cookie.empty() ? "" : "Cookie: " + cookie + "\r\n"));
    }
    WebServer web;
};

TEST_F(ModeratedWebTest, APlayerSignsInSeesOnlyTheirViewAndActsAsThemselves) {
    const HttpReply everyone = web.statusOnceConnected();
    ASSERT_EQ(everyone.status, 200) << everyone.body;
    EXPECT_EQ(cellsWithPieces(nlohmann::json::parse(everyone.body)).size(), 0u) << everyone.body;

    const HttpReply wrong = post("/api/sign-in", R"({"name":"White","secret":"guess"})");
    EXPECT_EQ(wrong.status, 403);
    EXPECT_NE(wrong.body.find("secret"), std::string::npos) << wrong.body;
    EXPECT_EQ(wrong.headers.find("Set-Cookie"), std::string::npos) << wrong.headers;

    const HttpReply right = post("/api/sign-in", R"({"name":"White","secret":"w-s3cret"})");
    ASSERT_EQ(right.status, 200) << right.body;
    EXPECT_EQ(nlohmann::json::parse(right.body)["player"], 0);
    const size_t at = right.headers.find("Set-Cookie: ");
    ASSERT_NE(at, std::string::npos) << right.headers;
    const std::string cookie = right.headers.substr(at + 12, right.headers.find(';', at) - at - 12);
    EXPECT_NE(right.headers.find("HttpOnly; SameSite=Strict"), std::string::npos);

    const HttpReply mine = web.statusOnceConnected("Cookie: " + cookie + "\r\n");
    const nlohmann::json white = nlohmann::json::parse(mine.body);
    EXPECT_EQ(white["signedIn"], "White");
    EXPECT_EQ(cellsWithPieces(white), std::vector<std::string>{"e1"}) << mine.body;
    size_t hidden = 0;
    for (const nlohmann::json& c : white["scene"]["cells"]) hidden += c.value("hidden", false);
    EXPECT_GT(hidden, 0u);
    // Its event stream is White's too.
    HttpConnection events(web.port);
    events.sendRaw("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: " + cookie + "\r\n\r\n");
    const std::string first = events.readEventWith("event: snapshot", seconds(5));
    EXPECT_NE(first.find("\"as\":0"), std::string::npos) << first;

    // Nobody acts for a player but the player.
    const HttpReply anyone = post("/api/do", R"({"action":"resign"})");
    EXPECT_EQ(anyone.status, 422);
    EXPECT_NE(anyone.body.find("as themselves"), std::string::npos) << anyone.body;
    const HttpReply resigned = post("/api/do", R"({"action":"resign"})", cookie);
    EXPECT_EQ(resigned.status, 200) << resigned.body;
    expectSaid("Game over");

    // Signed out, the cookie is worth nothing.
    EXPECT_EQ(post("/api/sign-out", "{}", cookie).status, 200);
    const HttpReply after = web.statusOnceConnected("Cookie: " + cookie + "\r\n");
    EXPECT_FALSE(nlohmann::json::parse(after.body).contains("signedIn")) << after.body;
}

}  // namespace
}  // namespace arbiter::e2e
