#include "daemon/broadcast/broker_address.h"

#include <gtest/gtest.h>

#include <vector>

namespace arbiter {
namespace {

BrokerAddress parsed(const std::string& url) {
    std::string error;
    auto address = parseBrokerAddress(url, error);
    EXPECT_TRUE(address) << url << ": " << error;
    return address.value_or(BrokerAddress{});
}

std::string refusal(const std::string& url) {
    std::string error;
    EXPECT_FALSE(parseBrokerAddress(url, error)) << url;
    return error;
}

TEST(BrokerAddress, HostAloneTakesThePlainPortAndTheArbiterPrefix) {
    const BrokerAddress a = parsed("mqtt://hall.local");
    EXPECT_EQ(a.host, "hall.local");
    EXPECT_EQ(a.port, 1883);
    EXPECT_FALSE(a.tls);
    EXPECT_EQ(a.prefix, "arbiter");
    EXPECT_TRUE(a.user.empty());
}

TEST(BrokerAddress, MqttsMeansTlsOnItsOwnPort) {
    const BrokerAddress a = parsed("mqtts://broker.example.org");
    EXPECT_TRUE(a.tls);
    EXPECT_EQ(a.port, 8883);
}

TEST(BrokerAddress, UserPasswordPortAndPrefix) {
    const BrokerAddress a = parsed("mqtt://club:s%40cret@10.0.0.5:11883/clubs/berlin");
    EXPECT_EQ(a.user, "club");
    EXPECT_EQ(a.password, "s@cret");
    EXPECT_EQ(a.host, "10.0.0.5");
    EXPECT_EQ(a.port, 11883);
    EXPECT_EQ(a.prefix, "clubs/berlin");
}

TEST(BrokerAddress, TextLeavesThePasswordOut) {
    EXPECT_EQ(parsed("mqtt://club:secret@h:1/p").text(), "mqtt://club@h:1/p");
}

TEST(BrokerAddress, IpV6InBrackets) {
    const BrokerAddress a = parsed("mqtt://[::1]:1884");
    EXPECT_EQ(a.host, "::1");
    EXPECT_EQ(a.port, 1884);
    EXPECT_EQ(a.text(), "mqtt://[::1]:1884/arbiter");
}

TEST(BrokerAddress, ATrailingSlashKeepsTheDefaultPrefix) {
    EXPECT_EQ(parsed("mqtt://h/").prefix, "arbiter");
}

TEST(BrokerAddress, RefusesOtherSchemesAndSaysTheForm) {
    const std::string why = refusal("http://h");
    EXPECT_NE(why.find("mqtt://"), std::string::npos) << why;
    refusal("h:1883");
    refusal("MQTT://h");
}

TEST(BrokerAddress, RefusesBadHostsAndPorts) {
    refusal("mqtt://");
    refusal("mqtt://:1883");
    refusal("mqtt://h:");
    refusal("mqtt://h:0");
    refusal("mqtt://h:65536");
    refusal("mqtt://h:99999");
    refusal("mqtt://h:12ab");
    refusal("mqtt://h h");
    refusal("mqtt://[::1");
    refusal("mqtt://[::1]x");
    refusal("mqtt://[zz]");
}

TEST(BrokerAddress, RefusesPrefixesWithWildcardsOrEmptyLevels) {
    refusal("mqtt://h/a/+/b");
    refusal("mqtt://h/a#");
    refusal("mqtt://h/a//b");
    refusal("mqtt://h//a");
    refusal("mqtt://h/a b");
    refusal("mqtt://h/caf\xe9");
}

TEST(BrokerAddress, RefusesBrokenCredentials) {
    refusal("mqtt://@h");
    refusal("mqtt://:pw@h");
    refusal("mqtt://u%4@h");
    refusal("mqtt://u%00@h");
    refusal("mqtt://u:%zz@h");
    refusal("mqtt://u%e9@h");
    refusal("mqtt://u%0a@h");
    EXPECT_EQ(parsed("mqtt://u:%e9%0a@h").password, "\xe9\n");  // a password is bytes
}

TEST(BrokerAddress, RefusesVeryLongUrls) {
    refusal("mqtt://" + std::string(2000, 'a'));
}

TEST(TableName, LettersDigitsAndAFewMarks) {
    std::string error;
    EXPECT_TRUE(validTableName("board-7_a.1", error));
    EXPECT_TRUE(validTableName(std::string(64, 't'), error));
    for (const std::string& bad : std::vector<std::string>{"", ".", "..", "a/b", "a+b", "a#", "a b",
                                                           "tä", std::string(65, 't')}) {
        EXPECT_FALSE(validTableName(bad, error)) << bad;
        EXPECT_NE(error.find("1 to 64"), std::string::npos);
    }
}

TEST(TableName, TopicsHangUnderThePrefix) {
    EXPECT_EQ(tableTopic("arbiter", "t1", "state"), "arbiter/tables/t1/state");
}

}  // namespace
}  // namespace arbiter
