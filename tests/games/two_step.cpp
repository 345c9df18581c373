#include "tests/games/two_step.h"

#include "tests/games/test_game.h"

#include <array>
#include <cassert>

namespace arbiter::testgames {

namespace {

constexpr int kSide = 8;
constexpr int kSteps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

class TwoStepState final : public GameState {
  public:
    TwoStepState() : geometry_(Geometry::rectangle(kSide, kSide)) {
        owner_.fill(NoPlayer);
        owner_[0] = owner_[1] = 0;
        owner_[56] = owner_[57] = 1;
    }
    std::unique_ptr<GameState> clone() const override {
        return std::make_unique<TwoStepState>(*this);
    }
    const Geometry& geometry() const override { return geometry_; }
    int playerCount() const override { return 2; }
    PlayerId toMove() const override { return toMove_; }
    std::string playerName(PlayerId p) const override { return p == 0 ? "White" : "Black"; }
    std::optional<Piece> pieceAt(Cell c) const override {
        if (!geometry_.contains(c) || owner_[static_cast<size_t>(c)] == NoPlayer) return {};
        return Piece{0, owner_[static_cast<size_t>(c)]};
    }
    PlayerResources resources(PlayerId) const override { return {}; }
    Appearance appearance(Cell c) const override {
        auto p = pieceAt(c);
        if (!p) return std::nullopt;
        return SetPiece{p->owner == 0 ? SetColour::White : SetColour::Black, Figure::Rook};
    }
    void listActions(std::vector<Action>& out) const override { out = listed(); }
    std::vector<Action> listed() const {
        std::vector<Action> actions;
        for (Cell c = 0; c < geometry_.size(); ++c) {
            if (owner_[static_cast<size_t>(c)] != toMove_) continue;
            for (auto [df, dr] : kSteps) {
                Cell to = geometry_.step(c, df, dr);
                if (to != NoCell && owner_[static_cast<size_t>(to)] == NoPlayer)
                    actions.push_back(Action::move(c, to));
            }
        }
        if (stepsTaken_ == 1) actions.push_back(Action::endTurn());
        if (actions.empty()) actions.push_back(Action::pass());
        return actions;
    }
    void apply(const Action& a) override {
        assert(isLegal(a));
        if (a.kind == Action::Kind::Move) {
            owner_[static_cast<size_t>(a.to)] = toMove_;
            owner_[static_cast<size_t>(a.from)] = NoPlayer;
            if (++stepsTaken_ < 2) return;
        }
        stepsTaken_ = 0;
        toMove_ = 1 - toMove_;
    }
    bool midTurn() const override { return stepsTaken_ == 1; }
    Outcome outcome() const override { return Outcome::ongoing(); }
    bool canStillWin(PlayerId) const override { return false; }
    std::string describe(const Action& a) const override { return encode(a); }
    std::string encode(const Action& a) const override {
        if (a.kind == Action::Kind::EndTurn) return "end";
        if (a.kind == Action::Kind::Pass) return "pass";
        return geometry_.name(a.from) + "-" + geometry_.name(a.to);
    }
    std::optional<Action> decode(std::string_view text) const override {
        if (text == "end") return Action::endTurn();
        if (text == "pass") return Action::pass();
        auto dash = text.find('-');
        if (dash == std::string_view::npos) return std::nullopt;
        auto from = geometry_.parse(text.substr(0, dash));
        auto to = geometry_.parse(text.substr(dash + 1));
        if (!from || !to) return std::nullopt;
        return Action::move(*from, *to);
    }
    // "w0 RR....../...": the player to move, steps taken this turn, the cells
    // from a1 on ('R' White, 'r' Black, '.' empty).
    std::string serialize() const override {
        std::string s = std::string(toMove_ == 0 ? "w" : "b") + std::to_string(stepsTaken_) + " ";
        for (PlayerId o : owner_) s += o == NoPlayer ? '.' : o == 0 ? 'R' : 'r';
        return s;
    }
    static std::unique_ptr<TwoStepState> load(std::string_view text, std::string& error) {
        auto state = std::make_unique<TwoStepState>();
        if (text.size() != 3 + 64 || (text[0] != 'w' && text[0] != 'b') ||
            (text[1] != '0' && text[1] != '1') || text[2] != ' ') {
            error = "a Two Step state is w0 or b1 and so on, a space, then 64 cells";
            return nullptr;
        }
        state->toMove_ = text[0] == 'w' ? 0 : 1;
        state->stepsTaken_ = text[1] - '0';
        for (size_t i = 0; i < 64; ++i) {
            char c = text[3 + i];
            if (c != '.' && c != 'R' && c != 'r') {
                error = "cells are R, r or .";
                return nullptr;
            }
            state->owner_[i] = c == '.' ? NoPlayer : c == 'R' ? 0 : 1;
        }
        return state;
    }

  private:
    Geometry geometry_;
    std::array<PlayerId, 64> owner_{};
    PlayerId toMove_ = 0;
    int stepsTaken_ = 0;
};

}  // namespace

std::unique_ptr<Game> makeTwoStepGame(bool settleNeeded) {
    return std::make_unique<TestGame<TwoStepState>>("two-step", settleNeeded);
}

}  // namespace arbiter::testgames
