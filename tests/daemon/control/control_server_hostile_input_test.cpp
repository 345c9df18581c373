// Whatever a client sends, the server answers malformed requests with an
// error, changes nothing, and keeps serving everyone.

#include <gtest/gtest.h>

#include <random>

#include "tests/daemon/control/server_fixture.h"

namespace arbiter::testing {
namespace {

using nlohmann::json;
using ControlServerHostileInput = ServerFixture;

// Sends `line` and expects an error reply whose message contains `says`, with
// no call reaching the table.
void expectRefused(TestClient& client, FakeTable& table, const std::string& line,
                   const std::string& says) {
    json reply = client.ask(line);
    EXPECT_EQ(reply.value("type", ""), "error") << line << " -> " << reply;
    EXPECT_NE(reply.value("error", "").find(says), std::string::npos) << line << " -> " << reply;
    EXPECT_TRUE(table.calls.empty()) << line;
}

TEST_F(ControlServerHostileInput, MalformedJsonGetsAnErrorAndChangesNothing) {
    auto client = connect();
    expectRefused(client, table, "{\"type\":\"pause\"", "not JSON");
    expectRefused(client, table, "pause", "not JSON");
    expectRefused(client, table, "{\"type\":\"pause\"}}", "not JSON");
    expectRefused(client, table, "{\"type\":\"pause\",\"id\":1e999}", "not JSON");
}

// JSON holds only UTF-8: a Latin-1 name is refused naming its byte, before it
// could reach a journal or another client.
TEST_F(ControlServerHostileInput, RequestThatIsNotUtf8IsRefusedNamingTheByte) {
    auto client = connect();
    expectRefused(client, table, "{\"type\":\"pa\xff\"}", "not UTF-8 text (byte 12 is \\xFF)");
    expectRefused(client, table, "{\"type\":\"do\",\"action\":\"join\",\"name\":\"J\xfcrgen\"}",
                  "not UTF-8 text (byte 39 is \\xFC)");
    // Overlong and surrogate forms are not UTF-8 either.
    expectRefused(client, table, "{\"type\":\"status\",\"id\":\"\xc0\xaf\"}", "not UTF-8");
    expectRefused(client, table, "{\"type\":\"status\",\"id\":\"\xed\xa0\x80\"}", "not UTF-8");
}

TEST_F(ControlServerHostileInput, RequestThatIsNotAnObjectGetsAnError) {
    auto client = connect();
    for (const char* line : {"[\"pause\"]", "\"pause\"", "42", "null", "true"})
        expectRefused(client, table, line, "a request is a JSON object");
}

TEST_F(ControlServerHostileInput, MissingTypeGetsAnError) {
    auto client = connect();
    expectRefused(client, table, R"({"action":"resign"})", "no \"type\"");
    expectRefused(client, table, "{}", "no \"type\"");
}

TEST_F(ControlServerHostileInput, TypeThatIsNotAStringGetsAnError) {
    auto client = connect();
    expectRefused(client, table, R"({"type":["pause"]})", "\"type\" must be a string");
    expectRefused(client, table, R"({"type":null})", "\"type\" must be a string");
}

TEST_F(ControlServerHostileInput, UnknownTypeGetsAnErrorListingTheKnownOnes) {
    auto client = connect();
    expectRefused(client, table, R"({"type":"shutdown"})", "unknown request type \"shutdown\"");
    expectRefused(client, table, R"({"type":"PAUSE"})", "known types: status, subscribe");
}

TEST_F(ControlServerHostileInput, IdThatIsNeitherStringNorWholeNumberGetsAnError) {
    auto client = connect();
    for (const char* line : {R"({"type":"pause","id":null})", R"({"type":"pause","id":[1]})",
                             R"({"type":"pause","id":{"a":1}})", R"({"type":"pause","id":true})",
                             R"({"type":"pause","id":1.5})", R"({"type":"pause","id":1E2})",
                             R"({"type":"pause","id":18446744073709551616})",
                             R"({"type":"pause","id":-9223372036854775809})"})
        expectRefused(client, table, line,
                      "\"id\" must be a string or a whole number of at most 64 bits");
}

// The reply carries the request's id unchanged, to its last digit.
TEST_F(ControlServerHostileInput, TheLargestIdsComeBackDigitForDigit) {
    auto client = connect();
    for (const char* id : {"18446744073709551615", "-9223372036854775808", "0"}) {
        client.sendLine(std::string(R"({"type":"status","id":)") + id + "}");
        const std::string reply = client.nextLine().value_or("no reply");
        EXPECT_NE(reply.find(std::string("\"id\":") + id + ","), std::string::npos) << reply;
    }
}

// One JSON reader takes a field given twice at its first value, another at
// its last: which seat would resign is not guessed.
TEST_F(ControlServerHostileInput, AFieldGivenTwiceIsRefused) {
    auto client = connect();
    expectRefused(client, table, R"({"type":"do","action":"resign","player":0,"player":1})",
                  "the field \"player\" is given twice; give each field once");
    expectRefused(client, table, R"({"type":"pause","type":"resume"})",
                  "the field \"type\" is given twice");
    expectRefused(client, table, R"({"type":"status","id":1,"id":2})",
                  "the field \"id\" is given twice");
    // The same name in different objects is no repeat.
    json reply = client.ask(R"({"type":"status","id":{"id":1}})");
    EXPECT_EQ(reply.value("error", ""),
              "\"id\" must be a string or a whole number of at most 64 bits");
}

TEST_F(ControlServerHostileInput, UnknownFieldGetsAnErrorRatherThanBeingIgnored) {
    auto client = connect();
    expectRefused(client, table, R"({"type":"do","action":"resign","plyer":1})",
                  "unknown field \"plyer\"");
    expectRefused(client, table, R"({"type":"pause","player":1})", "unknown field \"player\"");
}

TEST_F(ControlServerHostileInput, DoWithoutAStringActionGetsAnError) {
    auto client = connect();
    for (const char* line :
         {R"({"type":"do"})", R"({"type":"do","action":""})", R"({"type":"do","action":1})",
          R"({"type":"do","action":["resign"]})", R"({"type":"do","action":null})"})
        expectRefused(client, table, line, "needs \"action\"");
}

TEST_F(ControlServerHostileInput, ANameThatIsNotAStringGetsAnError) {
    auto client = connect();
    for (const char* line : {R"({"type":"do","action":"join","name":7})",
                             R"({"type":"do","action":"join","name":null})",
                             R"({"type":"do","action":"join","name":["Eve"]})"})
        expectRefused(client, table, line, "\"name\" must be a string");
}

TEST_F(ControlServerHostileInput, AnAsWithoutNameAndSecretStringsGetsAnError) {
    auto client = connect();
    for (const char* line :
         {R"({"type":"as"})", R"({"type":"as","name":"Bob"})", R"({"type":"as","secret":"s3cret"})",
          R"({"type":"as","name":1,"secret":"s3cret"})",
          R"({"type":"as","name":"Bob","secret":null})",
          R"({"type":"as","name":["Bob"],"secret":["s3cret"]})"})
        expectRefused(client, table, line, "needs \"name\" and \"secret\"");
    expectRefused(client, table, R"({"type":"as","name":"Bob","secret":"s3cret","player":1})",
                  "unknown field \"player\"");
    // Still no one: what is said to Bob alone does not reach this client.
    client.ask(R"({"type":"subscribe"})");
    server->announce({AnnouncementType::View, "a piece appeared on d5", {}, 1});
    EXPECT_TRUE(client.quiet());
}

TEST_F(ControlServerHostileInput, AWrongSecretOrASecondAsIsRefused) {
    auto client = connect();
    expectRefused(client, table, R"({"type":"as","name":"Bob","secret":"guess"})", "wrong secret");
    expectRefused(client, table, R"({"type":"as","name":"Ann","secret":"s3cret"})",
                  "no player is called Ann");
    client.ask(R"({"type":"subscribe"})");
    server->announce({AnnouncementType::View, "a piece appeared on d5", {}, 1});
    EXPECT_TRUE(client.quiet());
    EXPECT_EQ(client.ask(R"({"type":"as","name":"Bob","secret":"s3cret"})").value("type", ""),
              "ok");
    expectRefused(client, table, R"({"type":"as","name":"Bob","secret":"s3cret"})",
                  "already speaks as a player");
}

TEST_F(ControlServerHostileInput, PlayerThatIsNotASeatNumberGetsAnError) {
    auto client = connect();
    for (const char* line : {
             R"({"type":"do","action":"resign","player":"1"})",
             R"({"type":"do","action":"resign","player":1.5})",
             R"({"type":"do","action":"resign","player":1.0})",
             R"({"type":"do","action":"resign","player":true})",
             R"({"type":"do","action":"resign","player":null})",
             R"({"type":"do","action":"resign","player":-2})",
             R"({"type":"do","action":"resign","player":2147483648})",
             R"({"type":"do","action":"resign","player":-9223372036854775808})",
             R"({"type":"do","action":"resign","player":18446744073709551615})",
         })
        expectRefused(client, table, line, "\"player\" must be a seat number");
}

TEST_F(ControlServerHostileInput, ErrorReplyEchoesAValidId) {
    auto client = connect();
    EXPECT_EQ(client.ask(R"({"type":"do","id":"x"})").value("id", ""), "x");
}

TEST_F(ControlServerHostileInput, ClientStaysConnectedAfterAnError) {
    auto client = connect();
    client.ask("garbage");
    EXPECT_EQ(client.ask(R"({"type":"pause"})").value("type", ""), "ok");
}

TEST_F(ControlServerHostileInput, LineOfExactlyTheLimitIsRead) {
    auto client = connect();
    std::string line = R"({"type":"pause"})";
    line.resize(control::kMaxLineBytes, ' ');
    EXPECT_EQ(client.ask(line).value("type", ""), "ok");
}

TEST_F(ControlServerHostileInput, OversizedLineGetsOneErrorAndIsSkippedToItsNewline) {
    auto client = connect();
    std::string huge = R"({"type":"pause"})";
    huge.resize(control::kMaxLineBytes + 1, ' ');
    client.send(huge);  // no newline yet: the error comes at once
    json reply = client.next();
    EXPECT_EQ(reply.value("type", ""), "error");
    EXPECT_NE(reply.value("error", "").find("longer than 65536 bytes"), std::string::npos);
    client.send(std::string(200000, 'x'));
    EXPECT_TRUE(client.quiet());
    client.send("still the same line\n{\"type\":\"status\",\"id\":2}\n");
    EXPECT_EQ(client.next().value("id", 0), 2);
    EXPECT_TRUE(table.calls.empty());
}

TEST_F(ControlServerHostileInput, OversizedLineArrivingWithItsNewlineGetsAnError) {
    auto client = connect();
    std::string huge(control::kMaxLineBytes + 10, ' ');
    client.send(huge + "\n{\"type\":\"resume\",\"id\":3}\n");
    EXPECT_EQ(client.next().value("type", ""), "error");
    EXPECT_EQ(client.next().value("id", 0), 3);
}

TEST_F(ControlServerHostileInput, DeeplyNestedJsonIsRefusedWithoutHarm) {
    auto client = connect();
    std::string deep(30000, '[');
    deep += std::string(30000, ']');
    expectRefused(client, table, deep, "a request is a JSON object");
    std::string deepObject = "{\"type\":\"pause\",\"x\":" + deep + "}";
    expectRefused(client, table, deepObject, "unknown field \"x\"");
}

TEST_F(ControlServerHostileInput, SeededRandomBytesNeverCrashOrReachTheTable) {
    std::mt19937 random(20260101);
    auto client = connect();
    std::uniform_int_distribution<int> byte(0, 255), length(1, 3000);
    std::string alphabet = "{}[]\":,\n\\ typeidactionplayer0123456789-.eE\r\xff";
    std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
    // Every reply is a well-formed error. The client reads them as it goes: one
    // that only sends would get no more answers, nor be read, once they pile up.
    int replies = 0;
    auto takeReplies = [&](std::chrono::milliseconds wait) {
        while (auto line = client.nextLine(wait)) {
            ++replies;
            json reply = json::parse(*line, nullptr, false);
            ASSERT_TRUE(reply.is_object()) << *line;
            EXPECT_EQ(reply.value("type", ""), "error") << *line;
        }
    };
    for (int round = 0; round < 300; ++round) {
        std::string chunk(static_cast<std::size_t>(length(random)), '\0');
        bool jsonish = round % 2 == 0;
        for (char& ch : chunk)
            ch = jsonish ? alphabet[pick(random)] : static_cast<char>(byte(random));
        client.send(chunk);
        for (int i = 0; i < 3; ++i) loop.runOnce(0);
        takeReplies(0ms);
    }
    client.send("\n");
    takeReplies(50ms);
    // Nothing reached the table.
    EXPECT_GT(replies, 100);
    EXPECT_TRUE(table.calls.empty());
    auto fresh = connect();
    EXPECT_EQ(fresh.ask(R"({"type":"status"})").value("type", ""), "status");
}

// A random JSON value: mostly objects shaped like requests, with random
// fields of random types, so that some are valid and most are subtly not.
json randomValue(std::mt19937& random, int depth) {
    static const std::vector<std::string> words = {
        "type", "id",    "action", "player",   "status",     "subscribe", "unsubscribe",
        "do",   "pause", "resume", "takeback", "new-game",   "resign",    "",
        "x",    "data",  "e2e4",   "\xc3\xa9", "draw-offer", "Type",      "event"};
    auto pickWord = [&] { return words[random() % words.size()]; };
    switch (depth > 2 ? random() % 6 : random() % 8) {
        case 0:
            return nullptr;
        case 1:
            return random() % 2 == 0;
        case 2:
            return static_cast<int>(random() % 7) - 3;
        case 3:
            return static_cast<double>(random() % 100) / 7.0;
        case 4:
            return pickWord();
        case 5:
            return static_cast<std::uint64_t>(random()) << 32;
        case 6: {
            json array = json::array();
            for (unsigned i = random() % 4; i > 0; --i)
                array.push_back(randomValue(random, depth + 1));
            return array;
        }
        default: {
            json object = json::object();
            if (random() % 4 != 0)
                object["type"] =
                    random() % 3 == 0 ? randomValue(random, depth + 1) : json(pickWord());
            for (unsigned i = random() % 4; i > 0; --i)
                object[pickWord()] = randomValue(random, depth + 1);
            return object;
        }
    }
}

TEST_F(ControlServerHostileInput, SeededRandomJsonGetsOneReplyEachAndOnlyValidRequestsActs) {
    std::mt19937 random(7);
    auto client = connect();
    for (int i = 0; i < 1500; ++i) {
        json request = randomValue(random, 0);
        std::string line = request.dump(-1, ' ', false, json::error_handler_t::replace);
        std::size_t callsBefore = table.calls.size();
        int statusBefore = table.statusCalls;
        json reply = client.ask(line);
        ASSERT_TRUE(reply.is_object()) << line;
        std::string type = reply.value("type", "");
        ASSERT_TRUE(type == "ok" || type == "error" || type == "status" || type == "snapshot")
            << line << " -> " << reply;
        if (type == "error") {
            EXPECT_EQ(table.calls.size(), callsBefore) << line;
            EXPECT_EQ(table.statusCalls, statusBefore) << line;
        }
        if (request.is_object() && request.contains("id") &&
            (request["id"].is_string() || request["id"].is_number_integer())) {
            EXPECT_EQ(reply["id"], request["id"]) << line;
        }
    }
    EXPECT_TRUE(client.quiet(5ms));
}

}  // namespace
}  // namespace arbiter::testing
