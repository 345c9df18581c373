// What each request does: the greeting, the replies, the mapping onto the
// table, and subscriptions.

#include <gtest/gtest.h>
#include <sys/socket.h>

#include "tests/daemon/control/server_fixture.h"

namespace arbiter::testing {
namespace {

using nlohmann::json;
using ControlServerRequests = ServerFixture;

TEST_F(ControlServerRequests, ClientIsGreetedOnConnect) {
    TestClient client(loop, path);
    ASSERT_TRUE(client.connected());
    EXPECT_EQ(client.next(), json({{"type", "hello"}, {"protocol", 1}, {"server", "arbiterd"}}));
}

TEST_F(ControlServerRequests, HelloLineStartsWithItsType) {
    TestClient client(loop, path);
    EXPECT_EQ(client.nextLine().value_or(""),
              R"({"type":"hello","protocol":1,"server":"arbiterd"})");
}

TEST_F(ControlServerRequests, StatusRepliesWithTheTablesSnapshot) {
    auto client = connect();
    json reply = client.ask(R"({"type":"status"})");
    json expected = table.snapshot;
    expected["type"] = "status";
    EXPECT_EQ(reply, expected);
    EXPECT_EQ(table.statusCalls, 1);
    EXPECT_TRUE(table.calls.empty());
}

TEST_F(ControlServerRequests, StringIdIsEchoed) {
    auto client = connect();
    EXPECT_EQ(client.ask(R"({"type":"pause","id":"abc"})"),
              json({{"type", "ok"}, {"id", "abc"}, {"data", json::object()}}));
}

TEST_F(ControlServerRequests, NumberIdIsEchoedInEveryKindOfReply) {
    auto client = connect();
    EXPECT_EQ(client.ask(R"({"type":"status","id":7})").value("id", 0), 7);
    EXPECT_EQ(client.ask(R"({"type":"subscribe","id":8})").value("id", 0), 8);
    EXPECT_EQ(client.ask(R"({"type":"unsubscribe","id":9})").value("id", 0), 9);
    table.reply = ControlReply::refused("no");
    EXPECT_EQ(client.ask(R"({"type":"takeback","id":10})").value("id", 0), 10);
    EXPECT_EQ(client.ask(R"({"type":"nonsense","id":11})").value("id", 0), 11);
}

TEST_F(ControlServerRequests, ReplyWithoutIdCarriesNone) {
    auto client = connect();
    EXPECT_FALSE(client.ask(R"({"type":"resume"})").contains("id"));
}

TEST_F(ControlServerRequests, EachRequestCallsItsTableMethod) {
    auto client = connect();
    for (const char* line : {R"({"type":"new-game"})", R"({"type":"takeback"})",
                             R"({"type":"pause"})", R"({"type":"resume"})"})
        EXPECT_EQ(client.ask(line).value("type", ""), "ok") << line;
    EXPECT_EQ(table.calls,
              (std::vector<std::string>{"newGame", "takeback", "pauseClocks", "resumeClocks"}));
}

TEST_F(ControlServerRequests, DoWithoutPlayerActsForThePlayerToMove) {
    auto client = connect();
    EXPECT_EQ(client.ask(R"({"type":"do","action":"resign"})").value("type", ""), "ok");
    EXPECT_EQ(table.calls, std::vector<std::string>{"act resign -1"});
}

TEST_F(ControlServerRequests, DoPassesTheActionAndSeat) {
    auto client = connect();
    client.ask(R"({"type":"do","action":"draw-offer","player":1})");
    client.ask(R"({"type":"do","action":"e2e4","player":0})");
    client.ask(R"({"type":"do","action":"pass","player":-1})");
    EXPECT_EQ(table.calls,
              (std::vector<std::string>{"act draw-offer 1", "act e2e4 0", "act pass -1"}));
}

TEST_F(ControlServerRequests, DoJoinPassesTheNewcomersName) {
    auto client = connect();
    client.ask(R"({"type":"do","action":"join","name":"Eve"})");
    EXPECT_EQ(table.calls, (std::vector<std::string>{"act join -1 Eve"}));
}

TEST_F(ControlServerRequests, TablesDataComesBackInTheOkReply) {
    auto client = connect();
    table.reply = ControlReply::done({{"text", "White resigns"}});
    EXPECT_EQ(client.ask(R"({"type":"do","action":"resign","id":1})"),
              json({{"type", "ok"}, {"id", 1}, {"data", {{"text", "White resigns"}}}}));
}

TEST_F(ControlServerRequests, TablesRefusalBecomesAnErrorReply) {
    auto client = connect();
    table.reply = ControlReply::refused("nothing to take back");
    EXPECT_EQ(client.ask(R"({"type":"takeback","id":"t"})"),
              json({{"type", "error"}, {"id", "t"}, {"error", "nothing to take back"}}));
}

TEST_F(ControlServerRequests, SeveralRequestsInOneWriteAreAnsweredInOrder) {
    auto client = connect();
    client.send(
        "{\"type\":\"pause\",\"id\":1}\n{\"type\":\"status\",\"id\":2}\r\n"
        "\n   \n{\"type\":\"resume\",\"id\":3}\n");
    EXPECT_EQ(client.next().value("id", 0), 1);
    EXPECT_EQ(client.next().value("id", 0), 2);
    EXPECT_EQ(client.next().value("id", 0), 3);
    EXPECT_TRUE(client.quiet());
}

TEST_F(ControlServerRequests, RequestSplitAcrossWritesIsReadWhole) {
    auto client = connect();
    client.send("{\"type\":\"pa");
    EXPECT_TRUE(client.quiet());
    client.send("use\"}\n");
    EXPECT_EQ(client.next().value("type", ""), "ok");
    EXPECT_EQ(table.calls, std::vector<std::string>{"pauseClocks"});
}

TEST_F(ControlServerRequests, UnsubscribedClientGetsNoEvents) {
    auto client = connect();
    server->announce({AnnouncementType::Move, "1. e4", {}});
    EXPECT_TRUE(client.quiet());
}

TEST_F(ControlServerRequests, SubscribeSendsTheSnapshotThenEveryEvent) {
    auto client = connect();
    json snapshot = client.ask(R"({"type":"subscribe","id":"s"})");
    json expected = table.snapshot;
    expected["type"] = "snapshot";
    expected["id"] = "s";
    EXPECT_EQ(snapshot, expected);
    EXPECT_EQ(server->subscriberCount(), 1u);

    server->announce({AnnouncementType::Move, "1. e4", {{"san", "e4"}}});
    server->announce({AnnouncementType::Illegal, "Illegal position.", {}});
    EXPECT_EQ(
        client.next(),
        json({{"type", "event"}, {"event", "move"}, {"text", "1. e4"}, {"data", {{"san", "e4"}}}}));
    EXPECT_EQ(client.next().value("event", ""), "illegal");
}

TEST_F(ControlServerRequests, UnsubscribeStopsEvents) {
    auto client = connect();
    client.ask(R"({"type":"subscribe"})");
    EXPECT_EQ(client.ask(R"({"type":"unsubscribe"})").value("type", ""), "ok");
    server->announce({AnnouncementType::Move, "1. e4", {}});
    EXPECT_TRUE(client.quiet());
    EXPECT_EQ(server->subscriberCount(), 0u);
}

TEST_F(ControlServerRequests, EventsReachEverySubscriber) {
    auto first = connect();
    auto second = connect();
    auto bystander = connect();
    first.ask(R"({"type":"subscribe"})");
    second.ask(R"({"type":"subscribe"})");
    server->announce({AnnouncementType::Result, "1-0", {}});
    EXPECT_EQ(first.next().value("text", ""), "1-0");
    EXPECT_EQ(second.next().value("text", ""), "1-0");
    EXPECT_TRUE(bystander.quiet());
}

TEST_F(ControlServerRequests, APlayerAdmittedHearsTheirOwnEventsAndActsForThemselvesOnly) {
    auto bob = connect();
    auto everyone = connect();
    EXPECT_EQ(bob.ask(R"({"type":"as","name":"Bob","secret":"s3cret"})").value("type", ""), "ok");
    EXPECT_EQ(bob.ask(R"({"type":"subscribe"})").value("as", -1), 1);
    EXPECT_FALSE(everyone.ask(R"({"type":"subscribe"})").contains("as"));
    server->announce({AnnouncementType::View, "a piece appeared on d5", {}, 1});
    server->announce({AnnouncementType::View, "a piece appeared on d6", {}, 0});
    server->announce({AnnouncementType::Moved, "Ann has moved.", {}});
    const json own = bob.next();
    EXPECT_EQ(own.value("text", ""), "a piece appeared on d5");
    EXPECT_EQ(own.value("to", -1), 1);
    EXPECT_EQ(bob.next().value("text", ""), "Ann has moved.");
    EXPECT_EQ(everyone.next().value("text", ""), "Ann has moved.");
    EXPECT_TRUE(bob.quiet());
    EXPECT_TRUE(everyone.quiet());

    EXPECT_EQ(bob.ask(R"({"type":"do","action":"d7-d6"})").value("type", ""), "ok");
    EXPECT_EQ(bob.ask(R"({"type":"do","action":"resign","player":0})").value("type", ""), "error");
    EXPECT_EQ(bob.ask(R"({"type":"do","action":"join","name":"Eve"})").value("type", ""), "error");
    EXPECT_EQ(everyone.ask(R"({"type":"do","action":"resign"})").value("type", ""), "ok");
    EXPECT_EQ(table.calls, (std::vector<std::string>{"act d7-d6 as 1", "act resign -1"}));
}

TEST_F(ControlServerRequests, EventCausedByARequestArrivesBeforeItsReply) {
    auto client = connect();
    client.ask(R"({"type":"subscribe"})");
    table.sink = server.get();
    table.onAct = {AnnouncementType::Result, "White resigns. 0-1", {}};
    client.sendLine(R"({"type":"do","action":"resign","id":1})");
    EXPECT_EQ(client.next().value("event", ""), "result");
    EXPECT_EQ(client.next().value("type", ""), "ok");
}

TEST_F(ControlServerRequests, EventTextThatIsNotUtf8IsSentWithReplacements) {
    auto client = connect();
    client.ask(R"({"type":"subscribe"})");
    server->announce({AnnouncementType::Move, std::string("bad \xff byte"), {}});
    EXPECT_EQ(client.next().value("text", ""), "bad \xef\xbf\xbd byte");
}

TEST_F(ControlServerRequests, SnapshotFieldsNeverOverrideTypeOrId) {
    table.snapshot = {{"type", "chess"}, {"id", 99}, {"game", "fide"}};
    auto client = connect();
    EXPECT_EQ(client.ask(R"({"type":"status","id":1})"),
              json({{"type", "status"}, {"id", 1}, {"game", "fide"}}));
}

TEST_F(ControlServerRequests, TableThatThrowsGetsAnErrorReplyAndTheServerGoesOn) {
    struct ThrowingTable final : TableControl {
        nlohmann::json status() const override { throw std::runtime_error("boom"); }
        ControlReply newGame() override { return ControlReply::done(); }
        ControlReply act(const std::string&, int, const std::string&) override {
            return ControlReply::done();
        }
        ControlReply takeback() override { return ControlReply::done(); }
        ControlReply pauseClocks() override { return ControlReply::done(); }
        ControlReply resumeClocks() override { return ControlReply::done(); }
        ControlReply games() const override { return ControlReply::done(); }
    } throwing;
    server.reset();
    std::string error;
    server = ControlServer::create(loop, throwing, path, error);
    ASSERT_NE(server, nullptr) << error;
    auto client = connect();
    EXPECT_EQ(client.ask(R"({"type":"status","id":1})"),
              json({{"type", "error"}, {"id", 1}, {"error", "internal error: boom"}}));
    EXPECT_EQ(client.ask(R"({"type":"pause"})").value("type", ""), "ok");
    server.reset();
}

TEST_F(ControlServerRequests, ClientThatHangsUpIsForgotten) {
    auto client = connect();
    client.ask(R"({"type":"subscribe"})");
    EXPECT_EQ(server->clientCount(), 1u);
    client.close();
    EXPECT_TRUE(pumpUntil(loop, [&] { return server->clientCount() == 0; }));
    server->announce(
        {AnnouncementType::Move, "1. e4", {}});  // nobody to send to, nothing to crash on
}

TEST_F(ControlServerRequests, LastRequestWithoutNewlineIsAnsweredBeforeClosing) {
    auto client = connect();
    client.send(R"({"type":"status","id":5})");
    ::shutdown(client.fd(), SHUT_WR);
    EXPECT_EQ(client.next().value("id", 0), 5);
    EXPECT_TRUE(client.closedByServer());
    EXPECT_TRUE(pumpUntil(loop, [&] { return server->clientCount() == 0; }));
}

}  // namespace
}  // namespace arbiter::testing
