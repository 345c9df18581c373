#include "daemon/control/secret_attempts.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/daemon/captured_log.h"
#include "tests/daemon/control/server_fixture.h"

namespace arbiter {
namespace {

using testing::CapturedLog;

TEST(SecretAttempts, AFewWrongSecretsAreFreeThenEachShutsAsForLongerAndLonger) {
    CapturedLog log;
    ManualTimeSource time;
    SecretAttempts attempts(time);
    for (int i = 0; i < SecretAttempts::kFreeFailures; ++i) {
        EXPECT_FALSE(attempts.refusal());
        attempts.failed("control client 1", "Ann");
    }
    EXPECT_FALSE(attempts.refusal());
    attempts.failed("control client 1", "Ann");
    for (Millis lock = 1000; lock <= 64000; lock *= 2) {
        const auto refused = attempts.refusal();
        ASSERT_TRUE(refused);
        EXPECT_NE(refused->find("too many wrong secrets lately"), std::string::npos) << *refused;
        EXPECT_NE(refused->find(std::to_string(lock / 1000) + " s more"), std::string::npos)
            << *refused;
        time.advance(lock - 1);
        EXPECT_TRUE(attempts.refusal());
        time.advance(1);
        EXPECT_FALSE(attempts.refusal());
        attempts.failed("control client 2", "Ann");
    }
    // It grows no further.
    time.advance(64000 - 1);
    EXPECT_TRUE(attempts.refusal());
    time.advance(1);
    EXPECT_FALSE(attempts.refusal());
    // A right secret starts the count again.
    attempts.succeeded();
    attempts.failed("control client 3", "Bob");
    EXPECT_FALSE(attempts.refusal());
}

TEST(SecretAttempts, TheCountIsForgottenAfterTenQuietMinutes) {
    CapturedLog log;
    ManualTimeSource time;
    SecretAttempts attempts(time);
    for (int i = 0; i < SecretAttempts::kFreeFailures; ++i) attempts.failed("client", "Ann");
    time.advance(SecretAttempts::kForgetMs);
    attempts.failed("client", "Ann");
    EXPECT_FALSE(attempts.refusal());
}

TEST(SecretAttempts, AnAttackCostsTheLogALinePerLock) {
    CapturedLog log;
    ManualTimeSource time;
    SecretAttempts attempts(time);
    int tries = 0;
    // Ten minutes of guessing as fast as the socket answers (a try a millisecond).
    for (Millis t = 0; t < 10 * 60 * 1000; ++t, time.advance(1)) {
        if (attempts.refusal()) continue;
        ++tries;
        attempts.failed("control client 9 (pid 4242, uid 1000)", "Ann");
    }
    EXPECT_LT(tries, 20);
    EXPECT_EQ(log.lines().size(), static_cast<size_t>(tries));
    for (const std::string& line : log.lines()) {
        EXPECT_EQ(line.rfind("warning control client 9 (pid 4242, uid 1000): wrong secret for "
                             "\"Ann\"",
                             0),
                  0u)
            << line;
    }
    EXPECT_NE(log.lines().back().find("\"as\" refused during locks since the last line"),
              std::string::npos)
        << log.lines().back();
}

class SecretGuessing : public testing::ServerFixture {};

TEST_F(SecretGuessing, WrongSecretsShutAsForEveryConnectionAndAreLogged) {
    CapturedLog log;
    auto ask = [&](testing::TestClient& client, const std::string& secret) {
        return client.ask(R"({"type":"as","name":"Bob","secret":")" + secret + R"("})");
    };
    for (int i = 0; i <= SecretAttempts::kFreeFailures; ++i) {
        // A connection of its own each time: connecting again gains nothing.
        auto guesser = connect();
        EXPECT_EQ(ask(guesser, "guess").value("error", ""), "wrong secret");
    }
    auto bob = connect();
    const nlohmann::json locked = ask(bob, "s3cret");
    EXPECT_EQ(locked.value("type", ""), "error") << locked;
    EXPECT_NE(locked.value("error", "").find("too many wrong secrets"), std::string::npos)
        << locked;
    // A name that is no player's proves nothing wrong about a secret.
    time.skip(SecretAttempts::kFirstLockMs);
    EXPECT_EQ(bob.ask(R"({"type":"as","name":"Carl","secret":"s3cret"})").value("type", ""),
              "error");
    EXPECT_EQ(ask(bob, "s3cret").value("type", ""), "ok");
    const std::string logged = log.text();
    EXPECT_NE(logged.find("wrong secret for \"Bob\" (4 in a row"), std::string::npos) << logged;
    EXPECT_NE(logged.find("(pid " + std::to_string(::getpid())), std::string::npos) << logged;
}

}  // namespace
}  // namespace arbiter
