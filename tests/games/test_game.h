#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "engine/core/game.h"

namespace arbiter::testgames {

// The record every test game writes: one line per turn, its number and then
// each of its actions in the game's code ("1. a1-a2 end").
std::string turnRecord(const Game& game, const GameRecord& record);

// The Game around a test game's State: its name, default options, a start
// from State's default constructor and states read by State::load.
template <class State>
class TestGame final : public Game, public BoardReading {
  public:
    explicit TestGame(std::string name, bool settleNeeded = true)
        : name_(std::move(name)), settleNeeded_(settleNeeded) {}
    std::string name() const override { return name_; }
    const BoardReading* boardReading() const override { return this; }
    bool settleNeeded() const override { return settleNeeded_; }
    const GameOptions& options() const override { return options_; }
    std::unique_ptr<GameState> start() const override { return std::make_unique<State>(); }
    std::unique_ptr<GameState> load(std::string_view text, std::string& error) const override {
        return State::load(text, error);
    }
    std::string exportRecord(const GameRecord& record) const override {
        return turnRecord(*this, record);
    }
    std::string recordExtension() const override { return "txt"; }

  private:
    std::string name_;
    bool settleNeeded_ = true;
    GameOptions options_;
};

}  // namespace arbiter::testgames
