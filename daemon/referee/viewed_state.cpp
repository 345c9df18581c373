#include "daemon/referee/viewed_state.h"

#include <algorithm>

namespace arbiter {

ViewedState::ViewedState(std::unique_ptr<GameState> truth, PlayerId viewer)
    : truth_(std::move(truth)), viewer_(viewer), seen_(view(*truth_, viewer)) {}

std::unique_ptr<GameState> ViewedState::clone() const {
    return std::make_unique<ViewedState>(truth_->clone(), viewer_);
}

std::optional<Piece> ViewedState::pieceAt(Cell c) const {
    if (!seen_.sees(c)) return std::nullopt;
    return seen_.pieces[static_cast<size_t>(c)];
}

PlayerResources ViewedState::resources(PlayerId p) const {
    if (!seen_.seesResourcesOf(p)) return {};
    return truth_->resources(p);
}

Appearance ViewedState::appearance(Cell c) const {
    if (c < 0 || c >= static_cast<Cell>(seen_.looks.size())) return std::nullopt;
    return seen_.looks[static_cast<size_t>(c)];
}

void ViewedState::listActions(std::vector<Action>& out) const {
    out.clear();
    if (truth_->toMove() != viewer_) return;
    truth_->listActions(out);
}

const Action* ViewedState::chooseListed(const std::function<uint64_t(uint64_t)>& pick,
                                        std::vector<Action>& list) const {
    if (truth_->toMove() != viewer_) return nullptr;
    return truth_->chooseListed(pick, list);
}

bool ViewedState::isLegal(const Action& a) const {
    return truth_->toMove() == viewer_ && truth_->isLegal(a);
}

PlayoutCount ViewedState::playOut(SeededRandom& random, int cap, uint64_t* trace) {
    return GameState::playOut(random, cap, trace);
}

void ViewedState::apply(const Action& a) {
    truth_->apply(a);
    seen_ = view(*truth_, viewer_);
}

Effect ViewedState::effect(const Action& a) const {
    // What the hands do is the true effect, on cells the mover sees (they
    // move only their own pieces, and take only what they see); what else
    // the view gains or loses is a consequence, told after the action.
    const Effect hands = truth_->effect(a);
    if (hands.empty()) return hands;
    auto after = truth_->clone();
    after->apply(a);
    const View then = view(*after, viewer_);
    Effect e;
    for (Cell c = 0; c < geometry().size(); ++c) {
        const auto i = static_cast<size_t>(c);
        const CellChange* byHand = hands.find(c);
        const Appearance was = seen_.looks[i];
        const Appearance now = then.looks[i];
        if (!byHand && was == now) continue;
        CellChange change;
        change.cell = c;
        change.before = was;
        change.after = now;
        change.pieceChanges = byHand ? byHand->pieceChanges : seen_.pieces[i] != then.pieces[i];
        change.consequence = !byHand || byHand->consequence;
        e.changes.push_back(change);
    }
    return e;
}

std::vector<ActionsInParts::ActionBegun> ViewedState::actionsBegunBy(const Action& a) const {
    if (truth_->toMove() != viewer_) return {};
    return arbiter::actionsBegunBy(*truth_, a);
}

std::vector<Cell> ViewedState::consequences(const Action& a, const GameState& after) const {
    const auto* viewed = dynamic_cast<const ViewedState*>(&after);
    return truth_->consequences(a, viewed ? viewed->truth() : after);
}

std::vector<Cell> ViewedState::markedCells() const {
    // Impassable cells the viewer knows of are lit: no piece shows them.
    std::vector<Cell> cells;
    for (Cell c = 0; c < geometry().size(); ++c) {
        if (seen_.knowsImpassable(c)) cells.push_back(c);
    }
    return cells;
}

std::string ViewedState::describe(const Action& a) const {
    return describeTo(*truth_, a, viewer_);
}

std::vector<Cell> viewChanges(const View& before, const View& after) {
    std::vector<Cell> changed;
    const size_t cells = std::min(before.looks.size(), after.looks.size());
    for (size_t i = 0; i < cells; ++i) {
        if (before.looks[i] != after.looks[i]) changed.push_back(static_cast<Cell>(i));
    }
    return changed;
}

}  // namespace arbiter
