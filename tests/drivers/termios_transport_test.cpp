// The termios transport on a pseudo-terminal, the way virtual boards are opened.

#include "drivers/transport/termios_transport.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "tests/drivers/pty_pair.h"

namespace arbiter {
namespace {

using test::PtyPair;
using test::waitReadable;

TEST(TermiosTransport, OpensAPtySlaveRaw9600) {
    PtyPair pty;
    ASSERT_TRUE(pty.ok());
    std::string error;
    auto transport = TermiosTransport::open(pty.slavePath(), error);
    ASSERT_TRUE(transport) << error;
    EXPECT_EQ(transport->describe(), pty.slavePath() + " (termios)");

    termios t{};
    ASSERT_EQ(::tcgetattr(transport->fd(), &t), 0);
    EXPECT_EQ(::cfgetospeed(&t), speed_t(B9600));
    EXPECT_EQ(::cfgetispeed(&t), speed_t(B9600));
    EXPECT_EQ(t.c_cflag & CSIZE, tcflag_t(CS8));
    EXPECT_EQ(t.c_cflag & (PARENB | CSTOPB | CRTSCTS), 0u);
    EXPECT_EQ(t.c_lflag & (ICANON | ECHO | ISIG), 0u);
    EXPECT_EQ(t.c_iflag & (IXON | ICRNL | ISTRIP), 0u);
    EXPECT_EQ(t.c_oflag & OPOST, 0u);
}

// Millennium boards talk at 38400: 8 data bits whose eighth is their parity bit.
TEST(TermiosTransport, OpensAtTheSpeedItIsGivenStill8N1) {
    PtyPair pty;
    ASSERT_TRUE(pty.ok());
    std::string error;
    auto transport = TermiosTransport::open(pty.slavePath(), error, false, 38400);
    ASSERT_TRUE(transport) << error;
    termios t{};
    ASSERT_EQ(::tcgetattr(transport->fd(), &t), 0);
    EXPECT_EQ(::cfgetospeed(&t), speed_t(B38400));
    EXPECT_EQ(::cfgetispeed(&t), speed_t(B38400));
    EXPECT_EQ(t.c_cflag & CSIZE, tcflag_t(CS8));
    EXPECT_EQ(t.c_cflag & PARENB, 0u);
    EXPECT_EQ(t.c_iflag & ISTRIP, 0u);
}

TEST(TermiosTransport, ASpeedNoBoardUsesIsRefused) {
    PtyPair pty;
    ASSERT_TRUE(pty.ok());
    std::string error;
    EXPECT_FALSE(TermiosTransport::open(pty.slavePath(), error, false, 12345));
    EXPECT_EQ(error, "cannot open " + pty.slavePath() + ": unsupported speed 12345 baud");
}

// A board's line is held for arbiterd alone (TIOCEXCL), so that no other
// program opens it and takes half of the board's messages; and let go with it.
TEST(TermiosTransport, AnExclusiveLineIsClosedToOthersUntilLetGo) {
    PtyPair pty;
    ASSERT_TRUE(pty.ok());
    // A descriptor opened before, to ask the line about itself.
    const int before = ::open(pty.slavePath().c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
    ASSERT_GE(before, 0);
    std::string error;
    auto transport = TermiosTransport::open(pty.slavePath(), error, true);
    ASSERT_TRUE(transport) << error;
    int exclusive = 0;
    ASSERT_EQ(::ioctl(before, TIOCGEXCL, &exclusive), 0);
    EXPECT_EQ(exclusive, 1);
    // Root may open an exclusive line all the same; anyone else is told who to blame.
    if (::geteuid() != 0) {
        EXPECT_FALSE(TermiosTransport::open(pty.slavePath(), error));
        EXPECT_EQ(error, "device busy: " + pty.slavePath() + " (another program has it open)");
    }
    transport.reset();
    ASSERT_EQ(::ioctl(before, TIOCGEXCL, &exclusive), 0);
    EXPECT_EQ(exclusive, 0);
    ::close(before);
}

TEST(TermiosTransport, CarriesEveryByteValueBothWays) {
    PtyPair pty;
    ASSERT_TRUE(pty.ok());
    std::string error;
    auto transport = TermiosTransport::open(pty.slavePath(), error);
    ASSERT_TRUE(transport) << error;

    std::vector<uint8_t> all(256);
    for (int i = 0; i < 256; ++i) all[size_t(i)] = uint8_t(i);
    ASSERT_TRUE(transport->write(all.data(), all.size()));
    EXPECT_EQ(pty.receive(all.size()), all);

    ASSERT_TRUE(pty.send(all));
    std::vector<uint8_t> got;
    uint8_t buffer[300];
    while (got.size() < all.size() && waitReadable(transport->fd(), 1000)) {
        long n = transport->read(buffer, sizeof buffer);
        ASSERT_GE(n, 0);
        got.insert(got.end(), buffer, buffer + n);
    }
    EXPECT_EQ(got, all);
}

TEST(TermiosTransport, NothingToReadIsZero) {
    PtyPair pty;
    ASSERT_TRUE(pty.ok());
    std::string error;
    auto transport = TermiosTransport::open(pty.slavePath(), error);
    ASSERT_TRUE(transport) << error;
    uint8_t buffer[16];
    EXPECT_EQ(transport->read(buffer, sizeof buffer), 0);
}

TEST(TermiosTransport, StaleInputIsFlushedOnOpen) {
    PtyPair pty;
    ASSERT_TRUE(pty.ok());
    std::string error;
    // Open once so the line is set up, queue bytes, then reopen as a daemon would.
    auto first = TermiosTransport::open(pty.slavePath(), error);
    ASSERT_TRUE(first) << error;
    ASSERT_TRUE(pty.send({0x01, 0x02, 0x03}));
    ASSERT_TRUE(waitReadable(first->fd(), 1000));
    auto second = TermiosTransport::open(pty.slavePath(), error);
    ASSERT_TRUE(second) << error;
    uint8_t buffer[16];
    EXPECT_EQ(second->read(buffer, sizeof buffer), 0);
}

TEST(TermiosTransport, ClosedMasterMeansGone) {
    PtyPair pty;
    ASSERT_TRUE(pty.ok());
    std::string error;
    auto transport = TermiosTransport::open(pty.slavePath(), error);
    ASSERT_TRUE(transport) << error;
    pty.closeMaster();
    uint8_t buffer[16];
    EXPECT_EQ(transport->read(buffer, sizeof buffer), -1);
}

TEST(TermiosTransport, MissingDeviceIsAClearError) {
    std::string error;
    EXPECT_FALSE(TermiosTransport::open("/dev/pts/does-not-exist", error));
    EXPECT_EQ(error, "no such device: /dev/pts/does-not-exist");
}

TEST(TermiosTransport, SomethingThatIsNotATerminalIsRefused) {
    std::string error;
    EXPECT_FALSE(TermiosTransport::open("/dev/null", error));
    EXPECT_EQ(error, "not a serial device: /dev/null");
}

}  // namespace
}  // namespace arbiter
