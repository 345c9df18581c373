// The hall's broker messages are outside input: every shape the contract
// (docs/hall.md) does not allow is refused with a reason, and the shapes it
// allows are read whole.
#include "tools/arbiter-web/hall_message.h"

#include <gtest/gtest.h>

namespace arbiter::web {
namespace {

using Kind = HallMessage::Kind;

std::optional<HallMessage> parse(const std::string& topic, const std::string& payload,
                                 std::string* whyOut = nullptr) {
    std::string why;
    auto message = parseHallMessage("arbiter", topic, payload, why);
    if (!message) {
        EXPECT_FALSE(why.empty()) << "a refusal without a reason: " << topic;
    }
    if (whyOut) *whyOut = why;
    return message;
}

// The reason a message is refused; fails the test when it is not.
std::string refusal(const std::string& topic, const std::string& payload) {
    std::string why;
    const auto message = parse(topic, payload, &why);
    EXPECT_FALSE(message) << topic << " " << payload.substr(0, 200) << " was taken";
    return why;
}

TEST(HallMessageTest, EachKindAsTheContractWritesItIsRead) {
    const auto online = parse("arbiter/tables/t1/online",
                              R"({"table":"t1","online":true,"run":1700000000000,"since":17.5})");
    ASSERT_TRUE(online);
    EXPECT_EQ(online->kind, Kind::Online);
    EXPECT_EQ(online->table, "t1");
    EXPECT_EQ(online->run, 1700000000000);
    EXPECT_TRUE(online->online);
    EXPECT_EQ(online->since, 17.5);

    const auto gone = parse("arbiter/tables/t1/online", R"({"table":"t1","online":false,"run":5})");
    ASSERT_TRUE(gone);
    EXPECT_FALSE(gone->online);

    const auto event = parse(
        "arbiter/tables/t1/events",
        R"({"table":"t1","run":5,"seq":3,"at":1.5,"event":{"type":"event","event":"move","text":"1. e4"}})");
    ASSERT_TRUE(event);
    EXPECT_EQ(event->kind, Kind::Events);
    EXPECT_EQ(event->seq, 3);
    EXPECT_EQ(event->at, 1.5);
    EXPECT_EQ(event->body["text"], "1. e4");

    const auto state = parse("arbiter/tables/t1/state",
                             R"({"table":"t1","run":5,"seq":3,"status":{"game":"fide"}})");
    ASSERT_TRUE(state);
    EXPECT_EQ(state->kind, Kind::State);
    EXPECT_EQ(state->body["game"], "fide");

    const auto record = parse("arbiter/tables/t1/record",
                              R"({"table":"t1","run":5,"seq":3,"format":"pgn","text":"1. e4 *"})");
    ASSERT_TRUE(record);
    EXPECT_EQ(record->kind, Kind::Record);
    EXPECT_EQ(record->format, "pgn");
    EXPECT_EQ(record->body.get<std::string>(), "1. e4 *");
}

TEST(HallMessageTest, AnotherPrefixIsTheURLs) {
    std::string why;
    EXPECT_TRUE(parseHallMessage("club/hall", "club/hall/tables/a/online",
                                 R"({"table":"a","online":true,"run":1})", why));
    EXPECT_FALSE(parseHallMessage("club/hall", "arbiter/tables/a/online",
                                  R"({"table":"a","online":true,"run":1})", why));
}

TEST(HallMessageTest, TopicsOfAnotherShapeAreRefused) {
    const std::string ok = R"({"table":"t","online":true,"run":1})";
    EXPECT_NE(refusal("other/tables/t/online", ok).find("not under"), std::string::npos);
    EXPECT_NE(refusal("arbiter/tables/t", ok).find("no kind"), std::string::npos);
    EXPECT_NE(refusal("arbiter/tables/t/moves", ok).find("kind"), std::string::npos);
    EXPECT_NE(refusal("arbiter/tables/t/online/x", ok).find("kind"), std::string::npos);
    EXPECT_NE(refusal("arbiter/tables//online", ok).find("table name"), std::string::npos);
    refusal("arbiter/tables/t b/online", R"({"table":"t b","online":true,"run":1})");
    refusal("arbiter/tables/t+/online", R"({"table":"t+","online":true,"run":1})");
    refusal("arbiter/tables/" + std::string(65, 'a') + "/online",
            R"({"table":")" + std::string(65, 'a') + R"(","online":true,"run":1})");
    EXPECT_TRUE(parse("arbiter/tables/" + std::string(64, 'a') + "/online",
                      R"({"table":")" + std::string(64, 'a') + R"(","online":true,"run":1})"));
    EXPECT_TRUE(parse("arbiter/tables/Hall-2_b.7/online",
                      R"({"table":"Hall-2_b.7","online":true,"run":1})"));
}

TEST(HallMessageTest, TableNamesAreTheContracts) {
    EXPECT_TRUE(isHallTableName("a"));
    EXPECT_TRUE(isHallTableName("Table_1.b-2"));
    EXPECT_TRUE(isHallTableName("..."));
    EXPECT_FALSE(isHallTableName(""));
    EXPECT_FALSE(isHallTableName("."));
    EXPECT_FALSE(isHallTableName(".."));
    EXPECT_FALSE(isHallTableName("a/b"));
    EXPECT_FALSE(isHallTableName("é"));
    EXPECT_FALSE(isHallTableName(std::string("a\0b", 3)));
    EXPECT_FALSE(isHallTableName(std::string(65, 'x')));
}

TEST(HallMessageTest, WhatIsNotAJSONObjectIsRefused) {
    const std::string topic = "arbiter/tables/t/online";
    EXPECT_NE(refusal(topic, "").find("not JSON"), std::string::npos);
    EXPECT_NE(refusal(topic, "{\"table\":").find("not JSON"), std::string::npos);
    EXPECT_NE(refusal(topic, "[1,2]").find("not a JSON object"), std::string::npos);
    EXPECT_NE(refusal(topic, "\"t\"").find("not a JSON object"), std::string::npos);
    // Not UTF-8: a lone continuation byte in a string.
    EXPECT_NE(refusal(topic, "{\"table\":\"t\",\"x\":\"\x80\",\"online\":true,\"run\":1}")
                  .find("not JSON"),
              std::string::npos);
}

TEST(HallMessageTest, TooLargeOrTooDeepIsRefusedUnread) {
    const std::string topic = "arbiter/tables/t/state";
    std::string huge = R"({"table":"t","run":1,"seq":1,"status":{"x":")";
    huge += std::string(kHallMessageMostBytes, 'a') + "\"}}";
    EXPECT_NE(refusal(topic, huge).find("4 MiB"), std::string::npos);
    std::string deep = R"({"table":"t","run":1,"seq":1,"status":{"x":)";
    deep += std::string(100000, '[') + std::string(100000, ']') + "}}";
    EXPECT_NE(refusal(topic, deep).find("deep"), std::string::npos);
    // Brackets inside strings are no nesting.
    std::string text = R"({"table":"t","run":1,"seq":1,"status":{"x":")";
    text += std::string(1000, '[') + R"(\"[[["}})";
    EXPECT_TRUE(parse(topic, text));
}

TEST(HallMessageTest, TheTableFieldMustBeTheTopicsTable) {
    const std::string topic = "arbiter/tables/t/online";
    EXPECT_NE(refusal(topic, R"({"online":true,"run":1})").find("\"table\""), std::string::npos);
    refusal(topic, R"({"table":"u","online":true,"run":1})");
    refusal(topic, R"({"table":7,"online":true,"run":1})");
}

TEST(HallMessageTest, RunAndSeqMustBeWholeNumbers) {
    const std::string topic = "arbiter/tables/t/state";
    const auto with = [](const std::string& run, const std::string& seq) {
        return R"({"table":"t","run":)" + run + R"(,"seq":)" + seq + R"(,"status":{}})";
    };
    EXPECT_TRUE(parse(topic, with("1700000000000", "1")));
    EXPECT_TRUE(parse(topic, with("1700000000000.0", "2")));
    EXPECT_NE(refusal(topic, with("-1", "1")).find("\"run\""), std::string::npos);
    EXPECT_NE(refusal(topic, with("1.5", "1")).find("\"run\""), std::string::npos);
    EXPECT_NE(refusal(topic, with("\"1\"", "1")).find("\"run\""), std::string::npos);
    EXPECT_NE(refusal(topic, with("1e300", "1")).find("\"run\""), std::string::npos);
    EXPECT_NE(refusal(topic, with("18446744073709551615", "1")).find("\"run\""), std::string::npos);
    EXPECT_NE(refusal(topic, with("1", "0")).find("\"seq\""), std::string::npos);
    EXPECT_NE(refusal(topic, with("1", "null")).find("\"seq\""), std::string::npos);
    refusal(topic, R"({"table":"t","seq":1,"status":{}})");
    refusal(topic, R"({"table":"t","run":1,"status":{}})");
}

TEST(HallMessageTest, EachKindsOwnFieldsAreChecked) {
    refusal("arbiter/tables/t/online", R"({"table":"t","run":1})");
    refusal("arbiter/tables/t/online", R"({"table":"t","run":1,"online":"yes"})");
    refusal("arbiter/tables/t/online", R"({"table":"t","run":1,"online":true,"since":"now"})");
    const std::string events = "arbiter/tables/t/events";
    refusal(events, R"({"table":"t","run":1,"seq":1,"event":{}})");
    refusal(events, R"({"table":"t","run":1,"seq":1,"at":"x","event":{}})");
    refusal(events, R"({"table":"t","run":1,"seq":1,"at":1,"event":"move"})");
    refusal(events, R"({"table":"t","run":1,"seq":1,"at":1})");
    refusal("arbiter/tables/t/state", R"({"table":"t","run":1,"seq":1,"status":[]})");
    refusal("arbiter/tables/t/state", R"({"table":"t","run":1,"seq":1})");
    const std::string record = "arbiter/tables/t/record";
    refusal(record, R"({"table":"t","run":1,"seq":1,"text":"x"})");
    refusal(record, R"({"table":"t","run":1,"seq":1,"format":"PGN","text":"x"})");
    refusal(record, R"({"table":"t","run":1,"seq":1,"format":"../x","text":"x"})");
    refusal(record, R"({"table":"t","run":1,"seq":1,"format":"pgn","text":5})");
    refusal(record, R"({"table":"t","run":1,"seq":1,"format":"pgn"})");
}

}  // namespace
}  // namespace arbiter::web
