// What the hall's broker may do at a table, and see of it (docs/hall.md,
// "Private stays private" and "Actions from the broker"): through the real
// programs, the real mosquitto and its own client, mosquitto_pub.
#include <chrono>
#include <memory>
#include <regex>
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

// The messages of `messages` on `topic`.
Messages on(const Messages& messages, const std::string& topic) {
    Messages found;
    for (const ReceivedMessage& m : messages)
        if (m.topic == topic) found.push_back(m);
    return found;
}

// Whether `text` names `square` as a square ("e2", not the "e2" of "e2e").
bool namesSquare(const std::string& text, const std::string& square) {
    return std::regex_search(text, std::regex("(^|[^A-Za-z0-9])" + square + "([^A-Za-z0-9]|$)"));
}

// A broker and a spectator beside the tables of TableTest and SeveralBoardsTest.
class HallActions : public SeveralBoardsTest {
  protected:
    void SetUp() override {
        SeveralBoardsTest::SetUp();
        broker_ = std::make_unique<MqttBroker>(dir_ / "broker");
        ASSERT_TRUE(broker_->start()) << broker_->log();
        spectator_ = std::make_unique<MqttSubscriber>(broker_->port(), "hall-actions-spectator");
        ASSERT_TRUE(spectator_->waitUntilSubscribed(5s)) << broker_->log();
    }
    void TearDown() override {
        if (HasFailure()) std::cerr << "--- mosquitto's log:\n" << broker_->log();
        if (HasFailure() && daemon_) std::cerr << "--- arbiterd said:\n" << daemon_->transcript();
        SeveralBoardsTest::TearDown();
        spectator_.reset();
        broker_.reset();
    }

    // mosquitto_pub, as a director's script would send an action.
    void publish(const std::string& topic, const std::string& message) {
        ChildProcess pub({"/usr/bin/mosquitto_pub", "-h", "127.0.0.1", "-p",
                          std::to_string(broker_->port()), "-q", "1", "-t", topic, "-m", message});
        ASSERT_EQ(pub.wait(5s), 0) << pub.transcript();
    }

    // The answer with `id` on `table`'s done topic, once it came; null if not in time.
    nlohmann::json answer(const std::string& table, const nlohmann::json& id) {
        const std::string topic = "arbiter/tables/" + table + "/done";
        nlohmann::json found;
        spectator_->waitFor(
            [&](const Messages& messages) {
                for (const ReceivedMessage& m : on(messages, topic))
                    if (m.json.is_object() && m.json.value("id", nlohmann::json()) == id)
                        found = m.json;
                return !found.is_null();
            },
            5s);
        return found;
    }

    std::unique_ptr<MqttBroker> broker_;
    std::unique_ptr<MqttSubscriber> spectator_;
};

TEST_F(HallActions, ATableTakesNoActionFromTheBrokerUnlessTold) {
    startBoard();
    startDaemonForAGame({"--mqtt", broker_->url(), "--mqtt-table", "t1"});
    expectSaid("New game of fide");
    ASSERT_TRUE(spectator_->waitFor(
        [](const Messages& m) { return !on(m, "arbiter/tables/t1/state").empty(); }, 5s));
    publish("arbiter/tables/t1/do", R"({"action": "resign", "id": "r1"})");
    std::this_thread::sleep_for(300ms);
    play("e2-e4", "1. e4");
    EXPECT_EQ(status().find("Game over"), std::string::npos) << status();
    EXPECT_TRUE(on(spectator_->messages(), "arbiter/tables/t1/done").empty());
    EXPECT_EQ(daemon_->transcript().find("action from the broker"), std::string::npos);
}

TEST_F(HallActions, ATableToldSoTakesCheckedActionsFromTheBrokerAndAnswers) {
    startBoard();
    startDaemonForAGame({"--mqtt", broker_->url(), "--mqtt-table", "t1", "--mqtt-actions"});
    expectSaid("New game of fide");
    ASSERT_TRUE(spectator_->waitFor(
        [](const Messages& m) { return !on(m, "arbiter/tables/t1/online").empty(); }, 5s));
    play("e2-e4", "1. e4");

    publish("arbiter/tables/t1/do", R"({"action": 5, "id": "bad"})");
    const nlohmann::json bad = answer("t1", "bad");
    ASSERT_FALSE(bad.is_null());
    EXPECT_EQ(bad["ok"], false);
    EXPECT_NE(bad["error"].get<std::string>().find("\"action\" must be a string"),
              std::string::npos)
        << bad;
    publish("arbiter/tables/t1/do", R"({"action": "e7e4", "id": 2})");
    const nlohmann::json illegal = answer("t1", 2);
    ASSERT_FALSE(illegal.is_null());
    EXPECT_EQ(illegal["ok"], false) << illegal;
    publish("arbiter/tables/t1/do", "not json at all");
    std::this_thread::sleep_for(200ms);
    EXPECT_EQ(status().find("Game over"), std::string::npos) << "bad actions changed nothing";

    publish("arbiter/tables/t1/do", R"({"action": "resign", "id": "r1"})");
    const nlohmann::json resigned = answer("t1", "r1");
    ASSERT_FALSE(resigned.is_null());
    EXPECT_EQ(resigned["ok"], true) << resigned;
    EXPECT_EQ(resigned["table"], "t1");
    expectSaid("Game over");
}

TEST_F(HallActions, AModeratedTablePublishesOnlyWhatEveryoneSeesAndTakesNoAction) {
    const std::vector<std::string> game = {"--game",       "csipgs",    "--option",
                                           "moderated=on", "--secrets", "w-s3cret,b-s3cret"};
    startBoards({"white", "black"}, game);
    std::vector<std::string> hall = game;
    for (const char* arg : {"--mqtt", "", "--mqtt-table", "secret-game", "--mqtt-actions"})
        hall.push_back(arg);
    hall[game.size() + 1] = broker_->url();
    startDaemonOnTheBoards(hall);
    expectSaid("New game of csipgs");
    boards_[0]->send("e1-e2\n");
    expectSaid("White has taken their turn.");
    boards_[1]->send("e8-d8\n");
    expectSaid("Black has taken their turn.");
    const std::string spectators = control({"status", "--json"}).second;
    ASSERT_TRUE(spectator_->waitFor(
        [](const Messages& m) {
            const Messages states = on(m, "arbiter/tables/secret-game/state");
            return !states.empty() && states.back().json["seq"] >= 4;
        },
        5s));

    // The state is the spectator's status: no king stands on it anywhere.
    const Messages all = spectator_->messages();
    const nlohmann::json state = on(all, "arbiter/tables/secret-game/state").back().json;
    const nlohmann::json everyone = nlohmann::json::parse(spectators);
    EXPECT_EQ(state["status"]["scene"], everyone["scene"]);
    EXPECT_EQ(state["status"].dump().find("King"), std::string::npos) << state;
    // The events are what the console says: every player's turn, no square.
    for (const ReceivedMessage& m : on(all, "arbiter/tables/secret-game/events")) {
        const std::string text = m.json["event"]["text"];
        EXPECT_NE(daemon_->transcript().find(text), std::string::npos) << text;
        EXPECT_FALSE(namesSquare(m.payload, "e2")) << m.payload;
        EXPECT_FALSE(namesSquare(m.payload, "d8")) << m.payload;
    }
    EXPECT_TRUE(on(all, "arbiter/tables/secret-game/record").empty())
        << "a record is the whole game";

    // No action from the broker, where a secret would travel.
    publish("arbiter/tables/secret-game/do", R"({"action": "resign", "id": "r"})");
    const nlohmann::json refused = answer("secret-game", "r");
    ASSERT_FALSE(refused.is_null());
    EXPECT_EQ(refused["ok"], false);
    EXPECT_NE(refused["error"].get<std::string>().find("hides each player's view"),
              std::string::npos)
        << refused;
}

}  // namespace
}  // namespace arbiter::e2e
