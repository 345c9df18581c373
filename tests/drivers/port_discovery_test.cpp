// Listing serial ports and spotting DGT candidates.

#include "drivers/transport/port_discovery.h"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

TEST(PortDiscovery, DgtUsbIdMarksACandidateOnly) {
    EXPECT_TRUE(mayBeDgtBoard(0x04d8, 0x000a));
    EXPECT_FALSE(mayBeDgtBoard(0x04d8, 0x000b));
    EXPECT_FALSE(mayBeDgtBoard(0x2341, 0x000a));
    EXPECT_FALSE(mayBeDgtBoard(std::nullopt, std::nullopt));
}

TEST(PortDiscovery, UsbIdIsFourHexDigitsEach) {
    SerialPortInfo port;
    EXPECT_EQ(usbId(port), "");
    port.vendorId = 0x04d8;
    port.productId = 0x000a;
    EXPECT_EQ(usbId(port), "04d8:000a");
}

TEST(PortDiscovery, ListingWorksOnAnyMachine) {
    std::string error;
    std::vector<SerialPortInfo> ports = listSerialPorts(error);
    EXPECT_TRUE(error.empty()) << error;
    for (const SerialPortInfo& port : ports) {
        EXPECT_FALSE(port.path.empty());
        EXPECT_EQ(port.maybeDgt, mayBeDgtBoard(port.vendorId, port.productId));
    }
}

}  // namespace
}  // namespace arbiter
