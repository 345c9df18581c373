#pragma once

#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

#include <memory>
#include <string>

#include "daemon/base/event_loop.h"
#include "daemon/base/time_source.h"
#include "daemon/control/control_server.h"
#include "tests/daemon/control/fake_table.h"
#include "tests/daemon/control/test_client.h"

namespace arbiter::testing {

// The system's clock, which a test may move on at once: timers run as they
// would, and a minute of idleness takes no time to wait for.
class SkippableTime final : public TimeSource {
  public:
    Millis now() const override { return system_.now() + skipped_; }
    std::string wallClock() const override { return system_.wallClock(); }
    void skip(Millis ms) { skipped_ += ms; }

  private:
    SystemTimeSource system_;
    Millis skipped_ = 0;
};

// A control server on a socket in a fresh directory, a fake table behind it,
// and clients that are real sockets, all on the test's one thread.
class ServerFixture : public ::testing::Test {
  protected:
    void SetUp() override {
        spdlog::set_level(spdlog::level::err);  // drops and refusals are the point here
        start();
    }
    void TearDown() override { spdlog::set_level(spdlog::level::info); }

    void start(ControlLimits limits = {}) {
        std::string error;
        server = ControlServer::create(loop, table, path, error, limits);
        ASSERT_NE(server, nullptr) << error;
    }

    // A connected client that has read its hello.
    TestClient connect() {
        TestClient client(loop, path);
        EXPECT_TRUE(client.connected());
        auto hello = client.next();
        EXPECT_EQ(hello.value("type", ""), "hello") << hello;
        return client;
    }

    SkippableTime time;
    EventLoop loop{time};
    FakeTable table;
    TempDir dir;
    std::string path = dir.file("arbiterd.sock");
    std::unique_ptr<ControlServer> server;
};

}  // namespace arbiter::testing
