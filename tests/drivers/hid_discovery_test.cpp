// Finding hidraw devices and their USB ids in sysfs, for --list-ports.

#include "drivers/transport/hid_discovery.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace arbiter {
namespace {

namespace fs = std::filesystem;

class HidDiscoveryTest : public ::testing::Test {
  protected:
    HidDiscoveryTest()
        : dir(fs::temp_directory_path() / ("arbiter-hid-" + std::to_string(::getpid()))) {
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    ~HidDiscoveryTest() override { fs::remove_all(dir); }

    void device(const std::string& name, const std::string& uevent) {
        fs::create_directories(dir / name / "device");
        std::ofstream(dir / name / "device" / "uevent") << uevent;
    }

    fs::path dir;
};

TEST_F(HidDiscoveryTest, ReadsIdsNameAndSerialFromEachUevent) {
    device("hidraw3",
           "DRIVER=hid-generic\nHID_ID=0003:00002D80:00008002\nHID_NAME=Chessnut Air\n"
           "HID_PHYS=usb-0000:00:14.0-1/input0\nHID_UNIQ=CN12345\nMODALIAS=hid:b0003\n");
    device("hidraw0", "HID_ID=0005:0000046D:0000B33D\nHID_NAME=Keyboard\nHID_UNIQ=\n");
    auto found = listHidDevices(dir.string());
    ASSERT_EQ(found.size(), 2u);
    EXPECT_EQ(found[0].path, "/dev/hidraw0");
    EXPECT_EQ(found[1].path, "/dev/hidraw3");
    EXPECT_EQ(found[1].transport, "hid");
    EXPECT_EQ(found[1].vendorId, 0x2d80);
    EXPECT_EQ(found[1].productId, 0x8002);
    EXPECT_EQ(found[1].description, "Chessnut Air");
    EXPECT_EQ(found[1].serialNumber, "CN12345");
    EXPECT_EQ(found[0].serialNumber, "");
}

TEST_F(HidDiscoveryTest, ADeviceWithoutAReadableUeventIsListedWithoutIds) {
    fs::create_directories(dir / "hidraw1");
    auto found = listHidDevices(dir.string());
    ASSERT_EQ(found.size(), 1u);
    EXPECT_FALSE(found[0].vendorId);
    EXPECT_EQ(found[0].description, "HID device");
}

TEST_F(HidDiscoveryTest, NoSuchDirectoryIsNoDevices) {
    EXPECT_TRUE(listHidDevices((dir / "missing").string()).empty());
}

TEST(HidId, ThreeHexFieldsBusVendorProduct) {
    auto ids = parseHidId("0003:00002D80:00008002");
    ASSERT_TRUE(ids);
    EXPECT_EQ(ids->vendor, 0x2d80);
    EXPECT_EQ(ids->product, 0x8002);
    EXPECT_FALSE(parseHidId(""));
    EXPECT_FALSE(parseHidId("0003:2D80"));
    EXPECT_FALSE(parseHidId("0003:00012D80:00008002"));  // vendor above 16 bits
    EXPECT_FALSE(parseHidId("0003:zz:00008002"));
    EXPECT_FALSE(parseHidId("0003::00008002"));
    EXPECT_FALSE(parseHidId("0003:00002D80:00008002:1"));
}

}  // namespace
}  // namespace arbiter
