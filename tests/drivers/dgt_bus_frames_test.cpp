// The frames of DGT's bus mode, byte for byte as DGT's protocol description
// (version 1.03) gives them.

#include <gtest/gtest.h>

#include "drivers/dgt_bus/dgt_bus_changes.h"
#include "drivers/dgt_bus/dgt_bus_commands.h"

namespace arbiter::dgt_bus {
namespace {

TEST(DgtBusFrames, ACommandCarriesTheAddressInTwoSevenBitHalvesAndTheChecksum) {
    // The example of the description: 0x81 0x10 0x06 carries checksum 0x17.
    EXPECT_EQ(busCommand(kSendClock, (0x10 << 7) | 0x06), (Bytes{0x81, 0x10, 0x06, 0x17}));
    // Serial number 01025 is address 0x0401: 0x08 0x01.
    EXPECT_EQ(busCommand(kSendChanges, 1025), (Bytes{0x83, 0x08, 0x01, 0x0c}));
    EXPECT_EQ(busCommand(kPing, kBroadcastAddress), (Bytes{0x87, 0x00, 0x00, 0x07}));
}

TEST(DgtBusFrames, TheChecksumKeepsSevenBitsOfTheSum) {
    EXPECT_EQ(checksum(Bytes{0x8b, 0x7f, 0x7f}), uint8_t((0x8b + 0x7f + 0x7f) & 0x7f));
    EXPECT_EQ(checksum(Bytes{}), 0);
}

TEST(DgtBusFrames, AReplyCountsEveryByteFromIdToChecksum) {
    const Bytes ping = busReply(kPingReply, 1025);
    EXPECT_EQ(ping, (Bytes{0x87, 0x00, 0x06, 0x08, 0x01, uint8_t((0x87 + 6 + 8 + 1) & 0x7f)}));
    const Bytes dump = busReply(kBoardDump, 3, Bytes(64, 0));
    EXPECT_EQ(dump.size(), 70u);
    EXPECT_EQ(dump[1], 0x00);
    EXPECT_EQ(dump[2], 70);
}

TEST(DgtBusChanges, PieceRecordsSayWhatEachSquareNowHolds) {
    // e2 emptied, a white pawn on e4 (as the board stores them in its EEPROM).
    const auto decoded = decodeChanges(Bytes{0x40, 52, 0x41, 36});
    EXPECT_TRUE(decoded.problem.empty());
    ASSERT_EQ(decoded.pieces.size(), 2u);
    EXPECT_EQ(decoded.pieces[0], (dgt::FieldUpdate{52, 0x00}));
    EXPECT_EQ(decoded.pieces[1], (dgt::FieldUpdate{36, 0x01}));
}

TEST(DgtBusChanges, ClockTimesMarksAndFillerAreSkipped) {
    // A time of 1:05:09 on the left, power-up and begin-position marks, filler.
    const auto decoded =
        decodeChanges(Bytes{0x71, 0x05, 0x09, 0x6a, 0x00, 0x6f, 0x4c, 3, 0x7a, 0x7f});
    EXPECT_TRUE(decoded.problem.empty());
    ASSERT_EQ(decoded.pieces.size(), 1u);
    EXPECT_EQ(decoded.pieces[0], (dgt::FieldUpdate{3, 0x0c}));  // black queen on d8
}

TEST(DgtBusChanges, WhatIsNoRecordStopsTheReadingAndSaysWhere) {
    auto decoded = decodeChanges(Bytes{0x41, 36, 0x21, 0x41, 37});
    ASSERT_EQ(decoded.pieces.size(), 1u);
    EXPECT_EQ(decoded.problem, "byte 0x21 at 2 is no change record");
    decoded = decodeChanges(Bytes{0x41});
    EXPECT_EQ(decoded.problem, "record 0x41 at 0 cut off");
    decoded = decodeChanges(Bytes{0x41, 64});
    EXPECT_EQ(decoded.problem, "piece record at 0 names square 64");
    EXPECT_TRUE(decoded.pieces.empty());
}

}  // namespace
}  // namespace arbiter::dgt_bus
