#include "tests/games/lantern.h"

#include <array>
#include <cassert>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game_facets.h"
#include "tests/games/test_game.h"

namespace arbiter::testgames {

namespace {

class LanternState final : public GameState, public HiddenInformation {
  public:
    LanternState() : geometry_(Geometry::rectangle(8, 8)) {
        kings_ = {*geometry_.parse("d4"), *geometry_.parse("d7")};
    }
    std::unique_ptr<GameState> clone() const override {
        return std::make_unique<LanternState>(*this);
    }
    const Geometry& geometry() const override { return geometry_; }
    int playerCount() const override { return 2; }
    PlayerId toMove() const override { return toMove_; }
    std::string playerName(PlayerId p) const override { return p == 0 ? "White" : "Black"; }
    std::optional<Piece> pieceAt(Cell c) const override {
        for (PlayerId p = 0; p < 2; ++p) {
            if (kings_[static_cast<size_t>(p)] == c) return Piece{0, p};
        }
        return std::nullopt;
    }
    PlayerResources resources(PlayerId) const override { return {}; }
    Appearance appearance(Cell c) const override {
        auto p = pieceAt(c);
        if (!p) return std::nullopt;
        return SetPiece{p->owner == 0 ? SetColour::White : SetColour::Black, Figure::King};
    }
    // "dim" is not listed: like a design change, nothing on a board shows it.
    bool isLegal(const Action& a) const override {
        if (a == dim()) return !dimming_ && !outcome().over();
        return GameState::isLegal(a);
    }
    bool midTurn() const override { return dimming_; }
    void listActions(std::vector<Action>& out) const override { out = listed(); }
    std::vector<Action> listed() const {
        std::vector<Action> actions;
        if (outcome().over()) return actions;
        const Cell from = kings_[static_cast<size_t>(toMove_)];
        for (int df = -1; df <= 1; ++df) {
            for (int dr = -1; dr <= 1; ++dr) {
                const Cell to = geometry_.step(from, df, dr);
                if ((df || dr) && to != NoCell && to != wall_)
                    actions.push_back(Action::move(from, to));
            }
        }
        return actions;
    }
    void apply(const Action& a) override {
        assert(isLegal(a));
        if (a == dim()) {
            dimming_ = true;
            dimmed_[static_cast<size_t>(toMove_)] = !dimmed_[static_cast<size_t>(toMove_)];
            return;
        }
        dimming_ = false;
        const auto other = static_cast<size_t>(1 - toMove_);
        if (kings_[other] == a.to) kings_[other] = NoCell;
        kings_[static_cast<size_t>(toMove_)] = a.to;
        toMove_ = 1 - toMove_;
        for (PlayerId p = 0; p < 2; ++p) {
            if (sees(p, wall_)) wallFound_[static_cast<size_t>(p)] = true;
        }
    }
    Outcome outcome() const override {
        for (PlayerId p = 0; p < 2; ++p) {
            if (kings_[static_cast<size_t>(p)] == NoCell)
                return Outcome::win({1 - p}, "the king is taken");
        }
        return Outcome::ongoing();
    }
    bool canStillWin(PlayerId) const override { return true; }
    std::string refusal(const Action& a) const override {
        if (isLegal(a)) return {};
        return a.to == wall_ ? "g2 is impassable" : "a king steps to a cell next to it";
    }
    std::string describe(const Action& a) const override { return encode(a); }
    std::string encode(const Action& a) const override {
        if (a == dim()) return "dim";
        return geometry_.name(a.from) + "-" + geometry_.name(a.to);
    }
    std::optional<Action> decode(std::string_view text) const override {
        if (text == "dim") return dim();
        const auto dash = text.find('-');
        if (dash == std::string_view::npos) return std::nullopt;
        auto from = geometry_.parse(text.substr(0, dash));
        auto to = geometry_.parse(text.substr(dash + 1));
        if (!from || !to) return std::nullopt;
        return Action::move(*from, *to);
    }
    // "w d4 d7": the player to move, then White's and Black's king ("-" when taken).
    std::string serialize() const override { return textSeenBy(NoPlayer); }
    static std::unique_ptr<LanternState> load(std::string_view text, std::string& error) {
        auto state = std::make_unique<LanternState>();
        if (text.size() < 7 || (text[0] != 'w' && text[0] != 'b')) {
            error = "a Lantern state is w or b, then the two kings' cells";
            return nullptr;
        }
        state->toMove_ = text[0] == 'w' ? 0 : 1;
        const auto space = text.find(' ', 2);
        for (auto [p, name] :
             {std::pair{0, text.substr(2, space - 2)}, std::pair{1, text.substr(space + 1)}}) {
            auto cell = state->geometry_.parse(name);
            if (!cell && name != "-") {
                error = "no cell " + std::string(name);
                return nullptr;
            }
            state->kings_[static_cast<size_t>(p)] = cell ? *cell : NoCell;
        }
        return state;
    }

    const HiddenInformation* hidden() const override { return this; }
    View view(PlayerId p) const override {
        View v;
        v.player = p;
        const auto cells = static_cast<size_t>(geometry_.size());
        v.visible.assign(cells, false);
        v.pieces.assign(cells, std::nullopt);
        v.looks.assign(cells, std::nullopt);
        v.impassable.assign(cells, false);
        v.resourcesSeen.assign(2, true);
        for (Cell c = 0; c < geometry_.size(); ++c) {
            if (!sees(p, c)) continue;
            const auto i = static_cast<size_t>(c);
            v.visible[i] = true;
            v.pieces[i] = pieceAt(c);
            v.looks[i] = appearance(c);
        }
        v.impassable[static_cast<size_t>(wall_)] = wallFound_[static_cast<size_t>(p)];
        return v;
    }
    std::string viewText(PlayerId p) const override { return textSeenBy(p); }
    std::vector<std::string> reportTo(PlayerId) const override { return {}; }
    std::string describeTo(const Action& a, PlayerId p) const override {
        if (p == toMove_) return describe(a);
        if (a == dim()) return "";
        // A king stepping beside the other gives check, said aloud as in csipgs.
        const Cell other = kings_[static_cast<size_t>(1 - toMove_)];
        const bool check = a.to != other && other != NoCell &&
                           std::abs(geometry_.file(a.to) - geometry_.file(other)) <= 1 &&
                           std::abs(geometry_.rank(a.to) - geometry_.rank(other)) <= 1;
        return playerName(toMove_) + " has moved" +
               (check ? ": " + playerName(1 - toMove_) + " is in check" : "");
    }

  private:
    static Action dim() { return Action::choice(0); }
    bool sees(PlayerId p, Cell c) const {
        const Cell own = kings_[static_cast<size_t>(p)];
        if (own == NoCell) return false;
        return std::abs(geometry_.file(own) - geometry_.file(c)) <= 1 &&
               std::abs(geometry_.rank(own) - geometry_.rank(c)) <= 1;
    }
    // The state, with "?" for a king that `viewer` does not see (NoPlayer: everything).
    std::string textSeenBy(PlayerId viewer) const {
        std::string text = toMove_ == 0 ? "w" : "b";
        for (PlayerId p = 0; p < 2; ++p) {
            const Cell c = kings_[static_cast<size_t>(p)];
            const bool hidden =
                viewer != NoPlayer && p != viewer && (c == NoCell || !sees(viewer, c));
            text += " " + (hidden ? std::string("?") : c == NoCell ? "-" : geometry_.name(c));
        }
        return text;
    }

    Geometry geometry_;
    std::array<Cell, 2> kings_{};
    PlayerId toMove_ = 0;
    Cell wall_ = *geometry_.parse("g2");
    std::array<bool, 2> wallFound_{};
    // Whose lantern is dimmed (each player's secret), and whether the player
    // to move has dimmed or lit theirs this turn.
    std::array<bool, 2> dimmed_{};
    bool dimming_ = false;
};

}  // namespace

std::unique_ptr<Game> makeLanternGame() {
    return std::make_unique<TestGame<LanternState>>("lantern");
}

}  // namespace arbiter::testgames
