#include "tests/games/far_reach.h"

#include <cassert>

namespace arbiter::testgames {

namespace {

constexpr int kSteps[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

// The state of a game of Far Reach: whose pawn stands on each cell and who is to move.
class FarReachState final : public GameState {
  public:
    FarReachState(int files, int ranks)
        : geometry_(Geometry::rectangle(files, ranks)),
          owner_(static_cast<size_t>(geometry_.size()), NoPlayer) {}

    static std::unique_ptr<FarReachState> start(int files, int ranks) {
        auto s = std::make_unique<FarReachState>(files, ranks);
        for (int f = 0; f < files; ++f) {
            s->owner_[static_cast<size_t>(s->geometry_.cell(f, 0))] = 0;
            s->owner_[static_cast<size_t>(s->geometry_.cell(f, ranks - 1))] = 1;
        }
        return s;
    }

    std::unique_ptr<GameState> clone() const override {
        return std::make_unique<FarReachState>(*this);
    }
    const Geometry& geometry() const override { return geometry_; }
    int playerCount() const override { return 2; }
    PlayerId toMove() const override { return toMove_; }
    std::string playerName(PlayerId p) const override { return p == 0 ? "White" : "Black"; }
    std::optional<Piece> pieceAt(Cell c) const override {
        if (!geometry_.contains(c) || owner(c) == NoPlayer) return std::nullopt;
        return Piece{0, owner(c)};
    }
    PlayerResources resources(PlayerId) const override { return {}; }
    Appearance appearance(Cell c) const override {
        auto p = pieceAt(c);
        if (!p) return std::nullopt;
        return SetPiece{p->owner == 0 ? SetColour::White : SetColour::Black, Figure::Pawn};
    }

    void listActions(std::vector<Action>& out) const override { out = listed(); }
    std::vector<Action> listed() const {
        std::vector<Action> actions;
        if (outcome().over()) return actions;
        for (Cell c = 0; c < geometry_.size(); ++c) {
            if (owner(c) != toMove_) continue;
            for (auto [df, dr] : kSteps) {
                Cell to = geometry_.step(c, df, dr);
                if (to != NoCell && owner(to) != toMove_) actions.push_back(Action::move(c, to));
            }
        }
        if (actions.empty()) actions.push_back(Action::pass());
        return actions;
    }
    void apply(const Action& a) override {
        assert(isLegal(a));
        if (a.kind == Action::Kind::Move) {
            if (Cell far = reachedBy(a); far != NoCell) owner_[static_cast<size_t>(far)] = NoPlayer;
            owner_[static_cast<size_t>(a.to)] = toMove_;
            owner_[static_cast<size_t>(a.from)] = NoPlayer;
        }
        toMove_ = 1 - toMove_;
    }
    std::vector<Cell> consequences(const Action& a, const GameState&) const override {
        if (Cell far = reachedBy(a); far != NoCell) return {far};
        return {};
    }

    Outcome outcome() const override {
        for (PlayerId p = 0; p < 2; ++p) {
            if (!canStillWin(p)) return Outcome::win({1 - p}, playerName(p) + " has no pawn left");
        }
        return Outcome::ongoing();
    }
    bool canStillWin(PlayerId p) const override {
        for (PlayerId o : owner_) {
            if (o == p) return true;
        }
        return false;
    }

    std::string describe(const Action& a) const override {
        if (a.kind != Action::Kind::Move) return encode(a);
        return geometry_.name(a.from) + (pieceAt(a.to) ? "x" : "-") + geometry_.name(a.to);
    }
    std::string encode(const Action& a) const override {
        if (a.kind != Action::Kind::Move) return "pass";
        return geometry_.name(a.from) + "-" + geometry_.name(a.to);
    }
    std::optional<Action> decode(std::string_view text) const override {
        if (text == "pass") return Action::pass();
        // "c3-d4", or "c3xd4" as describe() writes a capture.
        size_t sign = text.find('-');
        for (size_t i = 1; sign == std::string_view::npos && i < text.size(); ++i) {
            if (text[i] == 'x' && text[i - 1] >= '0' && text[i - 1] <= '9') sign = i;
        }
        if (sign == std::string_view::npos) return std::nullopt;
        auto from = geometry_.parse(text.substr(0, sign));
        auto to = geometry_.parse(text.substr(sign + 1));
        if (!from || !to) return std::nullopt;
        return Action::move(*from, *to);
    }
    std::string serialize() const override {
        std::string s = std::to_string(geometry_.files()) + "x" +
                        std::to_string(geometry_.ranks()) + (toMove_ == 0 ? " w " : " b ");
        for (int r = geometry_.ranks() - 1; r >= 0; --r) {
            for (int f = 0; f < geometry_.files(); ++f) {
                PlayerId o = owner(geometry_.cell(f, r));
                s += o == NoPlayer ? '.' : o == 0 ? 'W' : 'B';
            }
            if (r) s += '/';
        }
        return s;
    }

    static std::unique_ptr<FarReachState> load(std::string_view text, int files, int ranks,
                                               std::string& error) {
        std::string size = std::to_string(files) + "x" + std::to_string(ranks) + " ";
        size_t cells = static_cast<size_t>(files * ranks);
        if (text.substr(0, size.size()) != size ||
            text.size() != size.size() + 2 + cells + static_cast<size_t>(ranks - 1) ||
            (text[size.size()] != 'w' && text[size.size()] != 'b') ||
            text[size.size() + 1] != ' ') {
            error = "a Far Reach state here is \"" + size + "w\" or \"b\", then " +
                    std::to_string(ranks) + " ranks of " + std::to_string(files) + " cells";
            return nullptr;
        }
        auto s = std::make_unique<FarReachState>(files, ranks);
        s->toMove_ = text[size.size()] == 'w' ? 0 : 1;
        size_t i = size.size() + 2;
        for (int r = ranks - 1; r >= 0; --r) {
            for (int f = 0; f < files; ++f, ++i) {
                char c = text[i];
                if (c != '.' && c != 'W' && c != 'B') {
                    error = "cells are W, B or .; ranks are separated by /";
                    return nullptr;
                }
                s->owner_[static_cast<size_t>(s->geometry_.cell(f, r))] = c == '.'   ? NoPlayer
                                                                          : c == 'W' ? 0
                                                                                     : 1;
            }
            if (r && text[i++] != '/') {
                error = "ranks are separated by /";
                return nullptr;
            }
        }
        return s;
    }

  private:
    PlayerId owner(Cell c) const { return owner_[static_cast<size_t>(c)]; }
    // The far cell whose pawn a capture removes, or NoCell.
    Cell reachedBy(const Action& a) const {
        if (a.kind != Action::Kind::Move || owner(a.to) == NoPlayer) return NoCell;
        Cell far = geometry_.cell(geometry_.files() - 1 - geometry_.file(a.to),
                                  geometry_.ranks() - 1 - geometry_.rank(a.to));
        if (far == a.from || far == a.to || owner(far) == NoPlayer) return NoCell;
        return far;
    }

    Geometry geometry_;
    std::vector<PlayerId> owner_;  // per cell
    PlayerId toMove_ = 0;
};

// The rules of Far Reach for one size of board.
class FarReachGame final : public Game {
  public:
    FarReachGame(int files, int ranks, std::string start)
        : files_(files), ranks_(ranks), start_(std::move(start)) {}
    std::string name() const override { return "far-reach"; }
    const GameOptions& options() const override { return options_; }
    std::unique_ptr<GameState> start() const override {
        if (start_.empty()) return FarReachState::start(files_, ranks_);
        std::string error;
        auto s = FarReachState::load(start_, files_, ranks_, error);
        assert(s);
        return s;
    }
    std::unique_ptr<GameState> load(std::string_view text, std::string& error) const override {
        return FarReachState::load(text, files_, ranks_, error);
    }
    std::string exportRecord(const GameRecord& record) const override {
        std::string out, error;
        auto state = load(record.startText, error);
        for (size_t i = 0; state && i < record.actions.size(); ++i) {
            out += std::to_string(i + 1) + ". " + state->describe(record.actions[i]) + "\n";
            state->apply(record.actions[i]);
        }
        return out;
    }
    std::string recordExtension() const override { return "txt"; }

  private:
    int files_;
    int ranks_;
    std::string start_;  // empty: the usual start
    GameOptions options_;
};

}  // namespace

std::unique_ptr<Game> makeFarReachGame(int files, int ranks, std::string start) {
    return std::make_unique<FarReachGame>(files, ranks, std::move(start));
}

}  // namespace arbiter::testgames
