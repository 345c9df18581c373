// Martian Chess moves: which moves the player to move has, in the order
// every list of them keeps, how many, and why one is refused.
#include <algorithm>
#include <array>
#include <bit>
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
    if (held_[static_cast<size_t>(toMove_)][static_cast<size_t>(merged)] > 0) return -1;
    return merged;
}

namespace {

// Visits the moves along one ray (Board::rays) of the piece on `from`, in the
// order the piece comes to the cells: the empty cells up to the first piece
// in the way, then that piece if it stands in another territory (a capture).
// `banned` is no undo's cell, if it binds this piece. Returns false once
// visit() asks to stop; sets `ownStop` to the piece of one's own in the way,
// or NoCell, for the merges.
template <bool kAscending, typename Visit>
bool visitRay(Cell from, uint64_t ray, uint64_t occupied, uint64_t own, uint64_t banned,
              Visit& visit, Cell& ownStop) {
    const uint64_t blockers = ray & occupied;
    uint64_t stop = 0, open = ray;
    if (kAscending) {
        stop = blockers & (0 - blockers);
        if (stop != 0) open = ray & (stop - 1);
    } else if (blockers != 0) {
        stop = uint64_t{1} << (63 - std::countl_zero(blockers));
        open = ray & ~(stop | (stop - 1));
    }
    uint64_t reached = (open | (stop & ~own)) & ~banned;
    if (kAscending) {
        for (; reached != 0; reached &= reached - 1) {
            if (!visit(from, std::countr_zero(reached), -1)) return false;
        }
    } else {
        while (reached != 0) {
            const Cell to = 63 - std::countl_zero(reached);
            if (!visit(from, to, -1)) return false;
            reached &= ~bitOf(to);
        }
    }
    ownStop = (stop & own & ~banned) != 0 ? std::countr_zero(stop) : NoCell;
    return true;
}

}  // namespace

template <typename Visit>
void MartianState::forEachMove(PlayerId p, bool honourNoUndo, Visit visit) const {
    // The one step no undo forbids, if any: NoCell is never a piece's cell.
    const bool noUndo = honourNoUndo && rules_.players == 2;
    const Cell bannedFrom = noUndo ? noUndoTo_ : NoCell;
    const auto& have = held_[static_cast<size_t>(p)];
    const bool mayMerge = rules_.fieldPromotion && (have[Queen] == 0 || have[Drone] == 0);
    const Board& board = *board_;
    const uint64_t own = board.cellsOf[static_cast<size_t>(p)];
    // A merge onto a piece of one's own in the way, if field promotion allows it.
    auto merge = [&](Cell from, int mover, Cell to) {
        const int target = cells_[static_cast<size_t>(to)];
        if (have[Queen] == 0 &&
            ((mover == Drone && target == Pawn) || (mover == Pawn && target == Drone)))
            return visit(from, to, int{Queen});
        if (have[Drone] == 0 && mover == Pawn && target == Pawn) return visit(from, to, int{Drone});
        return true;
    };
    // The player's pieces in ascending cell order, lowest bit first.
    for (uint64_t mine = occupied_ & own; mine != 0; mine &= mine - 1) {
        const Cell from = std::countr_zero(mine);
        const int mover = cells_[static_cast<size_t>(from)];
        const auto& rays = board.rays[static_cast<size_t>(mover)][static_cast<size_t>(from)];
        const uint64_t banned = from == bannedFrom ? bitOf(noUndoFrom_) : 0;
        // Pawns go diagonally (the last four directions), drones straight
        // (the first four); the even directions ascend, the odd descend.
        const size_t first = mover == Pawn ? 4 : 0, last = mover == Drone ? 4 : 8;
        for (size_t d = first; d < last; d += 2) {
            Cell ownStop = NoCell;
            if (!visitRay<true>(from, rays[d], occupied_, own, banned, visit, ownStop)) return;
            if (mayMerge && ownStop != NoCell && !merge(from, mover, ownStop)) return;
            if (!visitRay<false>(from, rays[d + 1], occupied_, own, banned, visit, ownStop)) return;
            if (mayMerge && ownStop != NoCell && !merge(from, mover, ownStop)) return;
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
    if (end_ != End::No) return 0;
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
    if (end_ != End::No) return;
    addMoves(out);
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
