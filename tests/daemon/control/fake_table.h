#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "daemon/announce/announcement.h"
#include "daemon/control/table_control.h"

namespace arbiter::testing {

// A table that remembers what the control socket asked of it and answers as
// the test says, so that tests see exactly which request reached the table
// (and that a refused one reached nothing). Like the real table, it can
// announce while it acts.
class FakeTable final : public TableControl {
  public:
    nlohmann::json snapshot = {{"game", "fide"},
                               {"players", {"White", "Black"}},
                               {"toMove", "White"},
                               {"clocks", {{"White", "15:00"}, {"Black", "15:00"}}}};
    ControlReply reply = ControlReply::done();
    // Every call that may change the table, as "newGame", "act resign -1", ...
    std::vector<std::string> calls;
    mutable int statusCalls = 0;
    // When set, act() announces this through `sink` before it answers.
    AnnouncementSink* sink = nullptr;
    Announcement onAct;

    nlohmann::json status() const override {
        ++statusCalls;
        return snapshot;
    }
    ControlReply newGame() override { return record("newGame"); }
    ControlReply act(const std::string& action, int player, const std::string& name) override {
        if (!name.empty())
            return record("act " + action + " " + std::to_string(player) + " " + name);
        if (sink != nullptr) sink->announce(onAct);
        return record("act " + action + " " + std::to_string(player));
    }
    // Admits Bob, seat 1, whose secret is "s3cret", as a table of hidden views
    // would; what such a player asks is recorded with their seat.
    ControlReply admit(const std::string& name, const std::string& secret, int& seat) override {
        if (name != "Bob") return ControlReply::refused("no player is called " + name);
        if (secret != "s3cret") return ControlReply::wrongSecret("wrong secret");
        seat = 1;
        return ControlReply::done({{"player", 1}, {"name", name}});
    }
    ControlReply actAs(int seat, const std::string& action) override {
        return record("act " + action + " as " + std::to_string(seat));
    }
    nlohmann::json statusFor(int seat) const override {
        nlohmann::json own = status();
        own["as"] = seat;
        return own;
    }
    ControlReply takeback() override { return record("takeback"); }
    ControlReply pauseClocks() override { return record("pauseClocks"); }
    ControlReply resumeClocks() override { return record("resumeClocks"); }
    ControlReply games() const override {
        ++gamesCalls;
        return gamesReply;
    }
    mutable int gamesCalls = 0;
    ControlReply gamesReply = ControlReply::done(
        {{"folder", "/games"}, {"games", nlohmann::json::array()}, {"older", 0}});

  private:
    ControlReply record(std::string call) {
        calls.push_back(std::move(call));
        return reply;
    }
};

}  // namespace arbiter::testing
