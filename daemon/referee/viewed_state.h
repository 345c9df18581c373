#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"

namespace arbiter {

// A game state as one player's own board must show it, in a game where each
// player sees only part of it (moderated csipgs Chess): cells the player does
// not see are empty, and the player's legal actions change only what they see.
// The referee judges a player's board against this rather than against the
// true state, which it wraps and to which every rule is left.
//
// What an action changes in the player's view beyond what their hands do (an
// enemy piece coming into sight as a piece moves up) is a consequence
// (CellChange::consequence): the action is recognised from the hand's part,
// and the table then tells the player what appeared and disappeared.
//
// It forwards every hook of the true state and of its facets, or answers it
// itself where the viewer's view says otherwise; the list in
// tests/daemon/referee/viewed_state_forwarding_test.cpp says which and why.
class ViewedState final : public GameState, public TablePresentation, public ActionsInParts {
  public:
    ViewedState(std::unique_ptr<GameState> truth, PlayerId viewer);
    std::unique_ptr<GameState> clone() const override;

    const GameState& truth() const { return *truth_; }
    PlayerId viewer() const { return viewer_; }

    const Geometry& geometry() const override { return truth_->geometry(); }
    int playerCount() const override { return truth_->playerCount(); }
    PlayerId toMove() const override { return truth_->toMove(); }
    std::string playerName(PlayerId p) const override { return truth_->playerName(p); }
    // Nothing on a cell the viewer does not see.
    std::optional<Piece> pieceAt(Cell c) const override;
    PlayerResources resources(PlayerId p) const override;
    Appearance appearance(Cell c) const override;

    // The viewer's actions while they are to move; none while another is:
    // only the mover's board is judged for an action.
    void listActions(std::vector<Action>& out) const override;
    const Action* chooseListed(const std::function<uint64_t(uint64_t)>& pick,
                               std::vector<Action>& list) const override;
    bool isLegal(const Action& a) const override;
    std::string refusal(const Action& a) const override { return truth_->refusal(a); }
    // Played through the view's own hooks (GameState's default), not the
    // truth's own playout, which would play every player's turns.
    PlayoutCount playOut(SeededRandom& random, int cap, uint64_t* trace) override;
    void apply(const Action& a) override;
    Effect effect(const Action& a) const override;
    // The true state's, after the true action: `after` is a ViewedState too
    // where the default effect() asks, and the truth knows only its own kind.
    std::vector<Cell> consequences(const Action& a, const GameState& after) const override;
    bool midTurn() const override { return truth_->midTurn(); }
    std::optional<ChanceDraw> chance() const override { return truth_->chance(); }
    // Counted by playing: the view lists only the viewer's actions, so the
    // truth's count is not the view's.
    std::optional<uint64_t> turnCount() const override { return std::nullopt; }
    Outcome outcome() const override { return truth_->outcome(); }
    bool canStillWin(PlayerId p) const override { return truth_->canStillWin(p); }
    std::vector<PlayerId> opponents(PlayerId p) const override { return truth_->opponents(p); }

    std::string describe(const Action& a) const override;
    std::string encode(const Action& a) const override { return truth_->encode(a); }
    std::optional<Action> decode(std::string_view text) const override {
        return truth_->decode(text);
    }
    std::string serialize() const override { return viewText(*truth_, viewer_); }

    const HiddenInformation* hidden() const override { return truth_->hidden(); }
    const Roster* roster() const override { return truth_->roster(); }
    const Endings* endings() const override { return truth_->endings(); }
    const TablePresentation* presentation() const override { return this; }
    const ActionsInParts* actionsInParts() const override { return this; }

    // TablePresentation: what the viewer may be told, and the impassable
    // cells they know of.
    std::vector<std::string> report() const override { return reportTo(*truth_, viewer_); }
    std::vector<Cell> markedCells() const override;
    // ActionsInParts: as the truth, while the viewer is to move.
    std::vector<ActionBegun> actionsBegunBy(const Action& a) const override;
    std::string describeStops(const Action& a, int stops) const override {
        return arbiter::describeStops(*truth_, a, stops);
    }

  private:
    std::unique_ptr<GameState> truth_;
    PlayerId viewer_;
    View seen_;  // view(*truth_, viewer_), kept while truth_ stands
};

// What changed in `before` -> `after`, two views of one player, cell by cell:
// the cells whose look differs, in ascending order.
std::vector<Cell> viewChanges(const View& before, const View& after);

}  // namespace arbiter
