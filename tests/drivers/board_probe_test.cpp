// Which ports `device = auto` probes, in which order, with which protocols.
#include "drivers/board_probe.h"

#include <gtest/gtest.h>

#include <array>

#include "drivers/transport/virtual_board_path.h"
#include "tests/scoped_environment.h"

namespace arbiter {
namespace {

std::unique_ptr<BoardDriver> noDriver(Transport&, BoardListener&) {
    return nullptr;
}

std::unique_ptr<BoardBus> noBus(Transport&) {
    return nullptr;
}

// Protocols of the shape the table has: two serial ones, each knowing one
// USB vendor, a HID one, and one whose boards share a bus.
const BoardProtocol kSerialA = {
    .name = "a",
    .description = "A board",
    .makeDriver = noDriver,
    .mayBe = [](const SerialPortInfo& p) { return p.vendorId == 0xaaaa; },
};
const BoardProtocol kSerialB = {
    .name = "b",
    .description = "B board",
    .makeDriver = noDriver,
    .mayBe = [](const SerialPortInfo& p) { return p.vendorId == 0xbbbb; },
};
const BoardProtocol kHid = {
    .name = "h",
    .description = "HID board",
    .makeDriver = noDriver,
    .mayBe = [](const SerialPortInfo& p) { return p.vendorId == 0xcccc; },
    .device = DeviceKind::Hid,
};
const BoardProtocol kBus = {
    .name = "bus",
    .description = "board on a bus",
    .makeDriver = nullptr,
    .mayBe = [](const SerialPortInfo&) { return true; },
    .makeBus = noBus,
    .maxAddress = 10,
};
const std::array<const BoardProtocol*, 4> kProtocols = {&kSerialA, &kSerialB, &kHid, &kBus};

SerialPortInfo serial(const std::string& path, std::optional<uint16_t> vendor = std::nullopt) {
    SerialPortInfo port;
    port.path = path;
    port.transport = vendor ? "usb" : "native";
    port.vendorId = vendor;
    return port;
}

SerialPortInfo hid(const std::string& path, uint16_t vendor) {
    SerialPortInfo port = serial(path, vendor);
    port.transport = "hid";
    return port;
}

std::vector<std::string> labels(const std::vector<ProbeCandidate>& candidates) {
    std::vector<std::string> said;
    for (const ProbeCandidate& c : candidates) said.push_back(c.label());
    return said;
}

std::vector<std::string> names(const ProbeCandidate& candidate) {
    std::vector<std::string> said;
    for (const BoardProtocol* p : candidate.protocols) said.emplace_back(p->name);
    return said;
}

TEST(BoardProbe, LikelyBoardsComeFirstThenOtherPortsThenVirtualBoards) {
    const auto candidates = probeCandidates(
        {serial("/dev/ttyS0"), serial("/dev/ttyACM0", 0xbbbb), serial("/dev/ttyUSB0", 0x1234)},
        {"left"}, kProtocols);
    EXPECT_EQ(labels(candidates), (std::vector<std::string>{"/dev/ttyACM0", "/dev/ttyS0",
                                                            "/dev/ttyUSB0", "vboard:left"}));
}

TEST(BoardProbe, TheProtocolThatKnowsAPortsUsbIdIsTriedFirst) {
    const auto candidates = probeCandidates({serial("/dev/ttyACM0", 0xbbbb)}, {}, kProtocols);
    ASSERT_EQ(candidates.size(), 1u);
    EXPECT_EQ(names(candidates[0]), (std::vector<std::string>{"b", "a"}));
}

TEST(BoardProbe, APortListedTwiceIsProbedOnce) {
    const auto candidates = probeCandidates(
        {serial("/dev/ttyACM0", 0xaaaa), serial("/dev/ttyACM0", 0xaaaa)}, {"x", "x"}, kProtocols);
    EXPECT_EQ(labels(candidates), (std::vector<std::string>{"/dev/ttyACM0", "vboard:x"}));
}

// A keyboard is a hidraw device too: only a HID board's USB id is written to.
TEST(BoardProbe, OnlyHidDevicesWithABoardsUsbIdAreProbedAndOnlyInHid) {
    const auto candidates =
        probeCandidates({hid("/dev/hidraw0", 0x046d), hid("/dev/hidraw1", 0xcccc)}, {}, kProtocols);
    ASSERT_EQ(labels(candidates), (std::vector<std::string>{"/dev/hidraw1"}));
    EXPECT_EQ(names(candidates[0]), (std::vector<std::string>{"h"}));
}

// A virtual board stands in for any board; a bus is searched with --search-bus.
TEST(BoardProbe, AVirtualBoardIsTriedWithEveryProtocolButTheBus) {
    testing::ScopedEnvironment dir("ARBITER_VBOARD_DIR", "/tmp/vb");
    const auto candidates = probeCandidates({}, {"left"}, kProtocols);
    ASSERT_EQ(candidates.size(), 1u);
    EXPECT_EQ(candidates[0].path, "/tmp/vb/left");
    EXPECT_EQ(names(candidates[0]), (std::vector<std::string>{"a", "b", "h"}));
}

TEST(BoardProbe, WhatABoardSaysOfItselfSkipsWhatItDoesNotKnow) {
    EXPECT_EQ(describeIdentity(kSerialA, {"millennium", "", "1.0", "Millennium ChessLink"}),
              "Millennium ChessLink version 1.0");
    EXPECT_EQ(describeIdentity(kSerialA, {"certabo", "unknown", "unknown", "Certabo"}), "Certabo");
    EXPECT_EQ(describeIdentity(kSerialA, {"a", "42", "", ""}), "A board serial 42");
}

}  // namespace
}  // namespace arbiter
