// The bytes arbiter sends to a Millennium ChessLink board.

#include "drivers/millennium/millennium_commands.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace arbiter::millennium {
namespace {

std::string text(const Bytes& bytes) {
    std::string out;
    for (uint8_t b : bytes) out.push_back(characterOf(b));
    return out;
}

TEST(MillenniumCommands, VersionRequestAsARealHostSendsIt) {
    // python-mchess's log: 'V' and its check "56", each with odd parity.
    EXPECT_EQ(versionRequest(), (Bytes{0xd6, 0xb5, 0xb6}));
}

TEST(MillenniumCommands, EveryByteHasOddParity) {
    for (const Bytes& bytes : {versionRequest(), statusRequest(), ledsOff(), writeEeprom(2, 4),
                               readEeprom(2), leds(kSteadySlotTime, cornersOf({}))}) {
        for (uint8_t b : bytes) EXPECT_EQ(__builtin_popcount(b) % 2, 1) << int(b);
    }
}

TEST(MillenniumCommands, FieldsAreUpperCaseHexFollowedByTheBlockCheck) {
    EXPECT_EQ(text(statusRequest()), "S53");
    EXPECT_EQ(text(ledsOff()), "X58");
    EXPECT_EQ(text(writeEeprom(0x02, 0x04)), "W0204" + std::string("51"));
    EXPECT_EQ(text(readEeprom(0x0a)), "R0A" + std::string("23"));
}

TEST(MillenniumCommands, LedCommandCarriesTheSlotTimeAndEightyOnePatterns) {
    const std::string sent = text(leds(0x19, cornersOf({})));
    ASSERT_EQ(sent.size(), 1u + 2u + 81u * 2u + 2u);
    EXPECT_EQ(sent.substr(0, 3), "L19");
    EXPECT_EQ(sent.substr(3, 162), std::string(162, '0'));
}

TEST(MillenniumCommands, ASquareIsLitByItsFourCorners) {
    // a8 (square 0): LEDs 1, 2, 10, 11 as the description numbers them.
    std::bitset<64> a8;
    a8.set(0);
    LedPatterns lit = cornersOf(a8);
    for (int led : {0, 1, 9, 10}) EXPECT_EQ(lit[size_t(led)], kLedOn) << led;
    EXPECT_EQ(std::count(lit.begin(), lit.end(), kLedOn), 4);
    // h1 (square 63): LEDs 71, 72, 80, 81.
    std::bitset<64> h1;
    h1.set(63);
    lit = cornersOf(h1);
    for (int led : {70, 71, 79, 80}) EXPECT_EQ(lit[size_t(led)], kLedOn) << led;
    // a1 touches LED 9, the a1 corner; h8 touches LED 73, the h8 corner.
    std::bitset<64> a1h8;
    a1h8.set(56);
    a1h8.set(7);
    lit = cornersOf(a1h8);
    EXPECT_EQ(lit[8], kLedOn);
    EXPECT_EQ(lit[72], kLedOn);
}

TEST(MillenniumCommands, NeighboursShareTheirCommonCorners) {
    std::bitset<64> e2e4;
    e2e4.set(52);  // e2
    e2e4.set(36);  // e4
    LedPatterns lit = cornersOf(e2e4);
    EXPECT_EQ(std::count(lit.begin(), lit.end(), kLedOn), 8);
    std::bitset<64> e2e3;
    e2e3.set(52);
    e2e3.set(44);  // e3
    lit = cornersOf(e2e3);
    EXPECT_EQ(std::count(lit.begin(), lit.end(), kLedOn), 6);
}

}  // namespace
}  // namespace arbiter::millennium
