// Listing serial ports and spotting DGT candidates through the table of drivers.

#include "drivers/transport/port_discovery.h"

#include <gtest/gtest.h>

#include "drivers/board_protocols.h"
#include "drivers/dgt/dgt_board.h"

namespace arbiter {
namespace {

TEST(PortDiscovery, DgtUsbIdMarksACandidateOnly) {
    using dgt::mayBeDgtBoard;
    EXPECT_TRUE(mayBeDgtBoard(0x04d8, 0x000a));
    EXPECT_FALSE(mayBeDgtBoard(0x04d8, 0x000b));
    EXPECT_FALSE(mayBeDgtBoard(0x2341, 0x000a));
    EXPECT_FALSE(mayBeDgtBoard(std::nullopt, std::nullopt));
}

TEST(PortDiscovery, TheTableOfDriversFindsTheDgtProtocolByName) {
    const BoardProtocol* dgt = findBoardProtocol("dgt");
    ASSERT_NE(dgt, nullptr);
    EXPECT_EQ(dgt, &dgt::kDgtProtocol);
    EXPECT_TRUE(dgt->carriesClock);
    EXPECT_EQ(findBoardProtocol("vboard"), nullptr);  // a transport, not a protocol
    EXPECT_EQ(findBoardProtocol("DGT"), nullptr);
    SerialPortInfo port;
    port.vendorId = dgt::kDgtUsbVendor;
    port.productId = dgt::kDgtUsbProduct;
    EXPECT_TRUE(dgt->mayBe(port));
    port.productId = 0x000b;
    EXPECT_FALSE(dgt->mayBe(port));
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
        EXPECT_EQ(dgt::kDgtProtocol.mayBe(port), dgt::mayBeDgtBoard(port.vendorId, port.productId));
    }
}

}  // namespace
}  // namespace arbiter
