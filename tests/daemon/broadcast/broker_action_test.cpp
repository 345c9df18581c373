#include "daemon/broadcast/broker_action.h"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

std::string refusal(const std::string& payload) {
    std::string error;
    EXPECT_FALSE(parseBrokerAction(payload, error)) << payload;
    EXPECT_FALSE(error.empty());
    return error;
}

TEST(BrokerAction, ActionAlone) {
    std::string error;
    const auto a = parseBrokerAction(R"({"action": "resign"})", error);
    ASSERT_TRUE(a) << error;
    EXPECT_EQ(a->action, "resign");
    EXPECT_EQ(a->player, -1);
    EXPECT_TRUE(a->id.is_null());
}

TEST(BrokerAction, EveryField) {
    std::string error;
    const auto a =
        parseBrokerAction(R"({"action": "join", "player": 3, "name": "Zoë", "id": "q-1"})", error);
    ASSERT_TRUE(a) << error;
    EXPECT_EQ(a->player, 3);
    EXPECT_EQ(a->name, "Zoë");
    EXPECT_EQ(a->id, "q-1");
    EXPECT_TRUE(parseBrokerAction(R"({"action": "pass", "id": 17})", error));
}

TEST(BrokerAction, RefusesWhatIsNotAnObject) {
    refusal("");
    refusal("resign");
    refusal("[\"resign\"]");
    refusal("{\"action\": \"resign\"");
    refusal("\xff\xfe");
}

TEST(BrokerAction, RefusesMissingOrBadFields) {
    refusal("{}");
    refusal(R"({"action": ""})");
    refusal(R"({"action": 5})");
    refusal(R"({"action": "a\u0007b"})");
    refusal(R"({"action": "resign", "player": -1})");
    refusal(R"({"action": "resign", "player": 64})");
    refusal(R"({"action": "resign", "player": 1.5})");
    refusal(R"({"action": "resign", "name": ""})");
    refusal(R"({"action": "resign", "id": {}})");
    refusal(R"({"action": "resign", "id": ")" + std::string(65, 'x') + "\"}");
    refusal(R"({"action": ")" + std::string(201, 'x') + "\"}");
}

TEST(BrokerAction, RefusesUnknownFieldsNamingThem) {
    EXPECT_NE(refusal(R"({"action": "resign", "secret": "x"})").find("secret"), std::string::npos);
}

TEST(BrokerAction, RefusesMoreThanFourKilobytes) {
    refusal(R"({"action": "resign", "id": ")" + std::string(5000, 'x') + "\"}");
}

}  // namespace
}  // namespace arbiter
