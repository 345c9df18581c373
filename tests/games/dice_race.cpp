#include "tests/games/dice_race.h"

#include "tests/games/test_game.h"

#include <algorithm>
#include <array>
#include <cassert>

namespace arbiter::testgames {

namespace {

constexpr int kSide = 8;

class DiceRaceState final : public GameState {
  public:
    DiceRaceState() : geometry_(Geometry::rectangle(kSide, kSide)) {}
    std::unique_ptr<GameState> clone() const override {
        return std::make_unique<DiceRaceState>(*this);
    }
    const Geometry& geometry() const override { return geometry_; }
    int playerCount() const override { return 2; }
    PlayerId toMove() const override { return toMove_; }
    std::string playerName(PlayerId p) const override { return p == 0 ? "White" : "Black"; }
    Cell cellOf(PlayerId p) const { return geometry_.cell(file_[static_cast<size_t>(p)], p * 7); }
    std::optional<Piece> pieceAt(Cell c) const override {
        for (PlayerId p = 0; p < 2; ++p) {
            if (c == cellOf(p)) return Piece{0, p};
        }
        return std::nullopt;
    }
    PlayerResources resources(PlayerId) const override { return {}; }
    Appearance appearance(Cell c) const override {
        auto p = pieceAt(c);
        if (!p) return std::nullopt;
        return SetPiece{p->owner == 0 ? SetColour::White : SetColour::Black, Figure::Pawn};
    }
    std::optional<ChanceDraw> chance() const override {
        if (outcome().over() || rolled_ > 0) return std::nullopt;
        return ChanceDraw{1, 6};
    }
    void listActions(std::vector<Action>& out) const override { out = listed(); }
    std::vector<Action> listed() const {
        if (outcome().over()) return {};
        if (rolled_ == 0) {
            std::vector<Action> rolls;
            for (int v = 0; v < 6; ++v) rolls.push_back(Action::chance({v}));
            return rolls;
        }
        Cell from = cellOf(toMove_);
        int to = std::min(kSide - 1, file_[static_cast<size_t>(toMove_)] + rolled_);
        return {Action::move(from, geometry_.cell(to, toMove_ * 7))};
    }
    void apply(const Action& a) override {
        assert(isLegal(a));
        if (a.kind == Action::Kind::Chance) {
            rolled_ = a.payload.at(0) + 1;
            return;
        }
        file_[static_cast<size_t>(toMove_)] = geometry_.file(a.to);
        rolled_ = 0;
        if (!outcome().over()) toMove_ = 1 - toMove_;
    }
    Outcome outcome() const override {
        for (PlayerId p = 0; p < 2; ++p) {
            if (file_[static_cast<size_t>(p)] == kSide - 1)
                return Outcome::win({p}, "reached the end");
        }
        return Outcome::ongoing();
    }
    bool canStillWin(PlayerId) const override { return true; }
    std::string describe(const Action& a) const override {
        if (a.kind == Action::Kind::Chance) return "rolls " + std::to_string(a.payload.at(0) + 1);
        return encode(a);
    }
    std::string encode(const Action& a) const override {
        if (a.kind == Action::Kind::Chance) return "roll" + std::to_string(a.payload.at(0) + 1);
        return geometry_.name(a.from) + "-" + geometry_.name(a.to);
    }
    std::optional<Action> decode(std::string_view text) const override {
        if (text.size() == 5 && text.substr(0, 4) == "roll" && text[4] >= '1' && text[4] <= '6')
            return Action::chance({text[4] - '1'});
        auto dash = text.find('-');
        if (dash == std::string_view::npos) return std::nullopt;
        auto from = geometry_.parse(text.substr(0, dash));
        auto to = geometry_.parse(text.substr(dash + 1));
        if (!from || !to) return std::nullopt;
        return Action::move(*from, *to);
    }
    // "w 0 3 2": the player to move, the die (0 = not rolled yet), then the
    // files of White's and Black's pawns.
    std::string serialize() const override {
        return std::string(toMove_ == 0 ? "w" : "b") + " " + std::to_string(rolled_) + " " +
               std::to_string(file_[0]) + " " + std::to_string(file_[1]);
    }
    static std::unique_ptr<DiceRaceState> load(std::string_view text, std::string& error) {
        auto s = std::make_unique<DiceRaceState>();
        if (text.size() != 7 || (text[0] != 'w' && text[0] != 'b') || text[2] < '0' ||
            text[2] > '6' || text[4] < '0' || text[4] > '7' || text[6] < '0' || text[6] > '7') {
            error = "a Dice Race state is \"w 0 0 0\": mover, die, White's file, Black's file";
            return nullptr;
        }
        s->toMove_ = text[0] == 'w' ? 0 : 1;
        s->rolled_ = text[2] - '0';
        s->file_ = {text[4] - '0', text[6] - '0'};
        return s;
    }

  private:
    Geometry geometry_;
    std::array<int, 2> file_{0, 0};
    PlayerId toMove_ = 0;
    int rolled_ = 0;  // the die this turn, 1..6, or 0 before the roll
};

}  // namespace

std::unique_ptr<Game> makeDiceRaceGame() {
    return std::make_unique<TestGame<DiceRaceState>>("dice-race");
}

}  // namespace arbiter::testgames
