// Martian Chess moves: which moves the player to move has, in the order
// every list of them keeps, how many, and why one is refused.
#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/martian/martian.h"
#include "engine/martian/martian_board.h"

namespace arbiter::martian {

int MartianState::resultOf(const Action& a) const {
    if (a.kind != Action::Kind::Move || !geometry_.contains(a.from) || !geometry_.contains(a.to))
        return -1;
    // A move names its two cells and, for a merge, what it makes; nothing else.
    if (!a.path.empty() || a.arg != 0 || !a.payload.empty() || a.piece < -1 || a.piece >= kKinds)
        return -1;
    const int mover = cells_[static_cast<size_t>(a.from)];
    if (mover < 0 || territoryOf(a.from) != toMove_ || a.from == a.to) return -1;
    if (rules_.players == 2 && a.from == noUndoTo_ && a.to == noUndoFrom_) return -1;
    // The geometry of the step: pawns one diagonal, drones one or two straight,
    // queens any distance either way, never through a piece.
    const int df = geometry_.file(a.to) - geometry_.file(a.from);
    const int dr = geometry_.rank(a.to) - geometry_.rank(a.from);
    const int adf = std::abs(df), adr = std::abs(dr);
    const bool straight = df == 0 || dr == 0, diagonal = adf == adr;
    const int distance = std::max(adf, adr);
    bool shaped = false;
    if (mover == Pawn) shaped = diagonal && distance == 1;
    if (mover == Drone) shaped = straight && distance <= 2;
    if (mover == Queen) shaped = straight || diagonal;
    if (!shaped) return -1;
    const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    for (int k = 1; k < distance; ++k) {
        Cell between = geometry_.step(a.from, k * sf, k * sr);
        if (cells_[static_cast<size_t>(between)] >= 0) return -1;
    }
    const int target = cells_[static_cast<size_t>(a.to)];
    // An empty cell anywhere, or a piece in another territory (a capture).
    if (target < 0 || territoryOf(a.to) != toMove_) return a.piece < 0 ? mover : -1;
    // A piece of one's own: only a merge, with field promotion.
    if (!rules_.fieldPromotion) return -1;
    int merged = -1;
    if ((mover == Drone && target == Pawn) || (mover == Pawn && target == Drone)) merged = Queen;
    if (mover == Pawn && target == Pawn) merged = Drone;
    if (merged < 0 || a.piece != merged) return -1;
    for (Cell c = 0; c < geometry_.size(); ++c) {
        if (cells_[static_cast<size_t>(c)] == merged && territoryOf(c) == toMove_) return -1;
    }
    return merged;
}

template <typename Visit>
void MartianState::forEachMove(PlayerId p, bool honourNoUndo, Visit visit) const {
    const bool noUndo = honourNoUndo && rules_.players == 2 && noUndoTo_ != NoCell;
    std::array<bool, kKinds> have{};
    if (rules_.fieldPromotion) {
        for (Cell c = 0; c < geometry_.size(); ++c) {
            int k = cells_[static_cast<size_t>(c)];
            if (k >= 0 && territoryOf(c) == p) have[static_cast<size_t>(k)] = true;
        }
    }
    bool going = true;
    // Returns whether the way on is open (the cell is empty).
    auto consider = [&](Cell from, int mover, Cell to) {
        const int target = cells_[static_cast<size_t>(to)];
        if (noUndo && from == noUndoTo_ && to == noUndoFrom_) return target < 0;
        if (target < 0 || territoryOf(to) != p) {
            going = going && visit(from, to, -1);
            return target < 0;
        }
        if (!rules_.fieldPromotion) return false;
        if (!have[Queen] &&
            ((mover == Drone && target == Pawn) || (mover == Pawn && target == Drone)))
            going = going && visit(from, to, int{Queen});
        if (!have[Drone] && mover == Pawn && target == Pawn)
            going = going && visit(from, to, int{Drone});
        return false;
    };
    for (Cell from : board_->cellsOf[static_cast<size_t>(p)]) {
        if (!going) break;
        const int mover = cells_[static_cast<size_t>(from)];
        if (mover < 0) continue;
        if (mover == Pawn) {
            for (size_t d = 4; d < 8; ++d) {
                Cell to = board_->step(from, d);
                if (to != NoCell) consider(from, mover, to);
            }
        } else if (mover == Drone) {
            for (size_t d = 0; d < 4; ++d) {
                Cell to = board_->step(from, d);
                if (to != NoCell && consider(from, mover, to)) {
                    Cell further = board_->step(to, d);
                    if (further != NoCell) consider(from, mover, further);
                }
            }
        } else {
            for (size_t d = 0; d < 8; ++d) {
                for (Cell to = board_->step(from, d); to != NoCell; to = board_->step(to, d)) {
                    if (!consider(from, mover, to)) break;
                }
            }
        }
    }
}

void MartianState::addMoves(std::vector<Action>& out) const {
    out.reserve(out.size() + 64);  // rarely more; growing would move every Action
    forEachMove(toMove_, true, [&](Cell from, Cell to, int becomes) {
        appendAction(out, Action::Kind::Move, from, to, becomes);
        return true;
    });
}

bool MartianState::hasMove(PlayerId p, bool honourNoUndo) const {
    bool found = false;
    forEachMove(p, honourNoUndo, [&](Cell, Cell, int) {
        found = true;
        return false;
    });
    return found;
}

std::optional<uint64_t> MartianState::turnCount() const {
    PlayerId emptied = NoPlayer;
    if (end(emptied) != End::No) return 0;
    uint64_t moves = 0;
    forEachMove(toMove_, true, [&](Cell, Cell, int) {
        ++moves;
        return true;
    });
    if (moves == 0) return 1;  // the pass
    // Calling the clock leads to the same moves again, each a turn with the call.
    const bool mayCall = rules_.callingClock && clockCount_ < 0 && !calledNow_;
    return mayCall ? 2 * moves : moves;
}

void MartianState::listActions(std::vector<Action>& out) const {
    out.clear();
    // The moves found show the game goes on, unless a territory is empty or
    // the clock has run out; only without them need end() look further.
    PlayerId emptied = NoPlayer;
    if (decided(emptied) != End::No) return;
    addMoves(out);
    if (out.empty() && end(emptied) != End::No) return;
    if (out.empty()) {
        out.push_back(Action::pass());  // the others can still move, or the game would be over
    } else if (rules_.callingClock && clockCount_ < 0) {
        out.push_back(Action::choice(kCallClock));
    }
}

std::string MartianState::refusal(const Action& a) const {
    if (outcome().over()) return "the game is over";
    switch (a.kind) {
        case Action::Kind::Move:
            return resultOf(a) >= 0 ? std::string() : moveRefusal(a);
        case Action::Kind::Pass: {
            std::vector<Action> moves;
            addMoves(moves);
            return moves.empty() ? std::string()
                                 : "you may pass only when you have no move; you have " +
                                       std::to_string(moves.size());
        }
        case Action::Kind::Choice:
            if (a.arg != kCallClock || a.to != NoCell || !a.payload.empty())
                return "Martian Chess has no such choice; the only one is calling the clock";
            if (!rules_.callingClock)
                return "calling the clock is not played at this table (option calling-clock)";
            if (clockCount_ >= 0) return "the clock is already called";
            {
                std::vector<Action> moves;
                addMoves(moves);
                if (moves.empty()) return "you have no move to make after calling the clock";
            }
            return {};
        case Action::Kind::EndTurn:
            return calledNow_ ? "after calling the clock you must still move"
                              : "a turn of Martian Chess is one move";
        default:
            return "Martian Chess has no such action";
    }
}

std::string MartianState::moveRefusal(const Action& a) const {
    if (!geometry_.contains(a.from) || !geometry_.contains(a.to)) return "no such cell";
    if (!a.path.empty() || a.arg != 0 || !a.payload.empty() || a.piece < -1 || a.piece >= kKinds)
        return "a move of Martian Chess names two cells and, for a merge, the pyramid it makes";
    const int mover = cells_[static_cast<size_t>(a.from)];
    if (mover < 0) return "there is no piece on " + cellName(a.from);
    if (territoryOf(a.from) != toMove_)
        return "the piece on " + cellName(a.from) + " stands in " +
               playerName(territoryOf(a.from)) +
               "'s territory: you move only pieces in your own (" + territoryText(toMove_) + ")";
    if (rules_.players == 2 && a.from == noUndoTo_ && a.to == noUndoFrom_)
        return "no undo: the piece just moved across the canal to " + cellName(a.from) +
               " may not go straight back to " + cellName(a.to);
    const int target = cells_[static_cast<size_t>(a.to)];
    if (target >= 0 && territoryOf(a.to) == toMove_) {
        if (!rules_.fieldPromotion)
            return "the piece on " + cellName(a.to) +
                   " is in your own territory: you capture only across a canal";
        const int sum = points(mover) + points(target);
        if (sum > points(Queen))
            return "the piece on " + cellName(a.to) +
                   " is in your own territory: you capture only across a canal, and only a drone "
                   "and a pawn, or two pawns, merge";
        if (a.piece < 0)
            return "a merge names the piece it makes: " +
                   encode(Action::move(a.from, a.to, sum - 1));
        return "this merge is not allowed: a drone and a pawn make a queen only when you have no "
               "queen, two pawns make a drone only when you have no drone, and the move must be "
               "one the piece can make";
    }
    if (a.piece >= 0) return "only a merge of two of your own pieces makes a new piece";
    static const char* shapes[kKinds] = {"a pawn moves one square diagonally",
                                         "a drone moves one or two squares straight, not jumping",
                                         ("a queen moves any distance straight or diagonally, "
                                          "not jumping")};
    return std::string("that is not a move: ") + shapes[mover];
}

}  // namespace arbiter::martian
