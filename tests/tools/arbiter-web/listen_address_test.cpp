#include "tools/arbiter-web/listen_address.h"

#include <gtest/gtest.h>

namespace arbiter::web {
namespace {

std::string listening(const std::string& text) {
    std::string error;
    const auto at = parseListenAddress(text, error);
    if (!at) return "refused: " + error;
    return at->address().to_string() + " " + std::to_string(at->port());
}

TEST(ListenAddress, APortAloneListensOnThisMachineOnly) {
    EXPECT_EQ(listening("8080"), "127.0.0.1 8080");
    EXPECT_EQ(listening("0"), "127.0.0.1 0");
}

TEST(ListenAddress, AnAddressAndPortOrAnIpv6AddressInBrackets) {
    EXPECT_EQ(listening("0.0.0.0:8080"), "0.0.0.0 8080");
    EXPECT_EQ(listening("192.168.1.5:80"), "192.168.1.5 80");
    EXPECT_EQ(listening("[::1]:8080"), "::1 8080");
    EXPECT_EQ(listening("[::]:65535"), ":: 65535");
}

TEST(ListenAddress, AnythingElseIsRefusedWithTheFormsThatWork) {
    for (const char* bad :
         {"", ":", "http", "8080x", "65536", "-1", "080", "localhost:8080", "1.2.3:80", "::1:8080",
          "[::1]", "[::1]8080", "0.0.0.0:", " 8080", "1.2.3.4:80:80", "99999999999999999999"}) {
        const std::string said = listening(bad);
        EXPECT_EQ(said.rfind("refused: --listen \"", 0), 0u) << bad << ": " << said;
        EXPECT_NE(said.find("0.0.0.0:8080"), std::string::npos) << said;
    }
}

}  // namespace
}  // namespace arbiter::web
