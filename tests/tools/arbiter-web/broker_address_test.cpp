// --hall's URL: every part read, defaults filled in, anything else refused.
#include "tools/arbiter-web/broker_address.h"

#include <gtest/gtest.h>

namespace arbiter::web {
namespace {

std::optional<BrokerAddress> read(const std::string& url, std::string* whyOut = nullptr) {
    std::string why;
    auto address = parseBrokerAddress(url, why);
    if (!address) {
        EXPECT_FALSE(why.empty()) << url;
    }
    if (whyOut) *whyOut = why;
    return address;
}

TEST(BrokerAddressTest, TheDefaults) {
    const auto plain = read("mqtt://broker.local");
    ASSERT_TRUE(plain);
    EXPECT_FALSE(plain->tls);
    EXPECT_EQ(plain->host, "broker.local");
    EXPECT_EQ(plain->port, 1883);
    EXPECT_EQ(plain->prefix, "arbiter");
    EXPECT_TRUE(plain->user.empty());
    EXPECT_FALSE(plain->password);
    const auto tls = read("mqtts://broker.local");
    ASSERT_TRUE(tls);
    EXPECT_TRUE(tls->tls);
    EXPECT_EQ(tls->port, 8883);
    EXPECT_EQ(tls->shown(), "mqtts://broker.local:8883/arbiter");
}

TEST(BrokerAddressTest, EveryPart) {
    const auto all = read("mqtt://ann:s%40cret:x@10.0.0.2:1999/club/hall");
    ASSERT_TRUE(all);
    EXPECT_EQ(all->user, "ann");
    ASSERT_TRUE(all->password);
    EXPECT_EQ(*all->password, "s@cret:x");
    EXPECT_EQ(all->host, "10.0.0.2");
    EXPECT_EQ(all->port, 1999);
    EXPECT_EQ(all->prefix, "club/hall");
    EXPECT_EQ(all->shown(), "mqtt://10.0.0.2:1999/club/hall");  // no password shown
    const auto six = read("mqtt://bob@[::1]:1884");
    ASSERT_TRUE(six);
    EXPECT_EQ(six->user, "bob");
    EXPECT_FALSE(six->password);
    EXPECT_EQ(six->host, "::1");
    EXPECT_EQ(six->port, 1884);
    EXPECT_EQ(six->shown(), "mqtt://[::1]:1884/arbiter");
}

TEST(BrokerAddressTest, WhatIsRefused) {
    for (const char* bad :
         {"", "http://host", "mqtt://", "mqtt://:1883", "mqtt://host:", "mqtt://host:0",
          "mqtt://host:65536", "mqtt://host:12x", "mqtt://host/", "mqtt://host/a/+/b",
          "mqtt://host/#", "mqtt://host/a//b", "mqtt://host/a/", "mqtt://@host", "mqtt://a%4@host",
          "mqtt://a:%zz@host", "mqtt://[::1", "mqtt://[::1]x"})
        EXPECT_FALSE(read(bad)) << bad;
}

}  // namespace
}  // namespace arbiter::web
