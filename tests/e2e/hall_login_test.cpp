// A hall whose broker wants logins and TLS (docs/hall.md, "Actions from the
// broker" and "A table in the hall"): the real mosquitto with a password
// file and an ACL made by its own tools, certificates made by openssl.
#include <chrono>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "tests/e2e/mqtt_broker.h"
#include "tests/e2e/mqtt_subscriber.h"
#include "tests/e2e/table_fixture.h"

namespace arbiter::e2e {
namespace {

using namespace std::chrono_literals;
using Messages = MqttSubscriber::Messages;

bool anyOn(const Messages& messages, const std::string& topic) {
    for (const ReceivedMessage& m : messages)
        if (m.topic == topic) return true;
    return false;
}

// Runs a program to its end; it must succeed.
void run(const std::vector<std::string>& argv) {
    ChildProcess program(argv);
    ASSERT_EQ(program.wait(20s), 0) << program.transcript();
}

class HallLogin : public TableTest {
  protected:
    void SetUp() override {
        TableTest::SetUp();
        broker_ = std::make_unique<MqttBroker>(dir_ / "broker");
    }
    void TearDown() override {
        if (HasFailure()) std::cerr << "--- mosquitto's log:\n" << broker_->log();
        if (HasFailure() && daemon_) std::cerr << "--- arbiterd said:\n" << daemon_->transcript();
        TableTest::TearDown();
        spectator_.reset();
        broker_.reset();
    }
    std::string file(const std::string& name, const std::string& text) {
        const std::string path = (dir_ / name).string();
        std::ofstream(path) << text;
        return path;
    }
    // The broker of docs/hall.md: logins, each table writes its own topics,
    // everyone reads, the director acts.
    void startBrokerWithLogins() {
        const std::string passwords = (dir_ / "hall.passwd").string();
        run({"/usr/bin/mosquitto_passwd", "-c", "-b", passwords, "board-1", "table-secret"});
        run({"/usr/bin/mosquitto_passwd", "-b", passwords, "director", "director-secret"});
        run({"/usr/bin/mosquitto_passwd", "-b", passwords, "watcher", "watcher-secret"});
        const std::string acl = file("hall.acl",
                                     "pattern read arbiter/tables/#\n"
                                     "pattern readwrite arbiter/tables/%u/#\n"
                                     "user director\n"
                                     "topic write arbiter/tables/+/do\n");
        broker_->addConfiguration("allow_anonymous false\npassword_file " + passwords +
                                  "\nacl_file " + acl + "\n");
        ASSERT_TRUE(broker_->start()) << broker_->log();
        spectator_ = std::make_unique<MqttSubscriber>(
            broker_->port(), "hall-login-watcher", "arbiter/tables/#", "watcher", "watcher-secret");
        ASSERT_TRUE(spectator_->waitUntilSubscribed(5s)) << broker_->log();
    }
    void publishAs(const std::string& user, const std::string& password,
                   const std::string& message) {
        run({"/usr/bin/mosquitto_pub", "-h", "127.0.0.1", "-p", std::to_string(broker_->port()),
             "-u", user, "-P", password, "-q", "1", "-t", "arbiter/tables/board-1/do", "-m",
             message});
    }

    std::unique_ptr<MqttBroker> broker_;
    std::unique_ptr<MqttSubscriber> spectator_;
};

TEST_F(HallLogin, OnlyTheDirectorsCredentialsActAtATable) {
    startBrokerWithLogins();
    ASSERT_FALSE(HasFatalFailure());
    const std::string url = "mqtt://board-1@127.0.0.1:" + std::to_string(broker_->port());
    startBoard();
    startDaemonForAGame({"--mqtt", url, "--mqtt-table", "board-1", "--mqtt-password-file",
                         file("board-1.password", "table-secret\n"), "--mqtt-actions"});
    expectSaid("New game of fide");
    ASSERT_TRUE(spectator_->waitFor(
        [](const Messages& m) { return anyOn(m, "arbiter/tables/board-1/state"); }, 5s));

    // A spectator's login may watch, not act: the broker drops what it publishes.
    publishAs("watcher", "watcher-secret", R"({"action": "resign", "id": "w"})");
    play("e2-e4", "1. e4");
    EXPECT_FALSE(anyOn(spectator_->messages(), "arbiter/tables/board-1/done"));
    EXPECT_EQ(status().find("Game over"), std::string::npos);

    publishAs("director", "director-secret", R"({"action": "resign", "id": "d"})");
    expectSaid("Game over");
    EXPECT_TRUE(spectator_->waitFor(
        [](const Messages& m) { return anyOn(m, "arbiter/tables/board-1/done"); }, 5s));
}

TEST_F(HallLogin, AWrongPasswordIsSaidAndTheTableGoesOn) {
    startBrokerWithLogins();
    ASSERT_FALSE(HasFatalFailure());
    startBoard();
    startDaemonForAGame({"--mqtt",
                         "mqtt://board-1:wrong@127.0.0.1:" + std::to_string(broker_->port()),
                         "--mqtt-table", "board-1"});
    expectSaid("New game of fide");
    expectSaid("the broker refused the connection");
    play("e2-e4", "1. e4");
    EXPECT_FALSE(anyOn(spectator_->messages(), "arbiter/tables/board-1/online"));
}

// A certificate authority, and the broker's certificate for 127.0.0.1 signed by it.
void makeCertificates(const std::filesystem::path& at) {
    const std::string dir = at.string();
    run({"/usr/bin/openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
         "/CN=arbiter test CA", "-keyout", dir + "/ca.key", "-out", dir + "/ca.pem"});
    run({"/usr/bin/openssl", "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1",
         "-keyout", dir + "/broker.key", "-out", dir + "/broker.csr"});
    std::ofstream(at / "san.ext") << "subjectAltName=IP:127.0.0.1\n";
    run({"/usr/bin/openssl", "x509", "-req", "-in", dir + "/broker.csr", "-CA", dir + "/ca.pem",
         "-CAkey", dir + "/ca.key", "-CAcreateserial", "-days", "2", "-extfile", dir + "/san.ext",
         "-out", dir + "/broker.pem"});
}

TEST_F(HallLogin, ATableReachesItsBrokerOverTlsWithTheHallsCa) {
    makeCertificates(dir_);
    ASSERT_FALSE(HasFatalFailure());
    const int tlsPort = MqttBroker::freePort();
    broker_->addConfiguration("listener " + std::to_string(tlsPort) + " 127.0.0.1\ncafile " +
                              (dir_ / "ca.pem").string() + "\ncertfile " +
                              (dir_ / "broker.pem").string() + "\nkeyfile " +
                              (dir_ / "broker.key").string() + "\n");
    ASSERT_TRUE(broker_->start()) << broker_->log();
    spectator_ = std::make_unique<MqttSubscriber>(broker_->port(), "hall-tls-watcher");
    ASSERT_TRUE(spectator_->waitUntilSubscribed(5s)) << broker_->log();
    startBoard();
    startDaemonForAGame({"--mqtt", "mqtts://127.0.0.1:" + std::to_string(tlsPort), "--mqtt-table",
                         "tls-1", "--mqtt-ca", (dir_ / "ca.pem").string()});
    expectSaid("New game of fide");
    play("e2-e4", "1. e4");
    EXPECT_TRUE(spectator_->waitFor(
        [](const Messages& m) { return anyOn(m, "arbiter/tables/tls-1/events"); }, 5s));

    // Without the hall's CA the broker is not believed: said, and the table goes on.
    daemon_.reset();
    startDaemonForAGame(
        {"--mqtt", "mqtts://127.0.0.1:" + std::to_string(tlsPort), "--mqtt-table", "tls-2"});
    expectSaid("is away");
    play("e7-e5", "1... e5");
    EXPECT_FALSE(anyOn(spectator_->messages(), "arbiter/tables/tls-2/online"));
}

}  // namespace
}  // namespace arbiter::e2e
