// What an action changes, cell by cell (MobiatusState::effect, worked out on
// the board alone), and which of those changes are not the mover's own.

#include <algorithm>
#include <cassert>
#include <vector>

#include "engine/mobiatus/mobiatus.h"

namespace arbiter {
namespace mobiatus {

std::vector<Cell> cellsOf(const Action& a) {
    std::vector<Cell> cells = {a.from};
    cells.insert(cells.end(), a.path.begin(), a.path.end());
    cells.push_back(a.to);
    return cells;
}

Effect MobiatusState::effect(const Action& a) const {
    assert(isLegal(a));
    // The board after `a`, stop by stop as apply() makes it.
    Board after = board_;
    const std::vector<Cell> own = cellsOf(a);
    std::vector<Cell> taken;
    Cell at = a.from;
    for (size_t i = 0; i <= a.path.size(); ++i) {
        const Cell next = i < a.path.size() ? a.path[i] : a.to;
        Cell took = NoCell;
        after = rested(after, static_cast<Side>(toMove_), at, next, took);
        if (took != NoCell) taken.push_back(took);
        at = next;
    }
    // Only a cell whose dot or singularity changed, or the cell behind it
    // (its circle), can look different.
    CellSet maybe;
    for (size_t w = 0; w < maybe.words.size(); ++w) {
        maybe.words[w] = (board_.dots[Red].words[w] ^ after.dots[Red].words[w]) |
                         (board_.dots[Blue].words[w] ^ after.dots[Blue].words[w]) |
                         (board_.singular.words[w] ^ after.singular.words[w]);
    }
    CellSet behind;
    maybe.each([&](Cell c) { behind.add(opposite(c)); });
    maybe |= behind;
    // As consequences(): the dots taken; with markers, every changed cell
    // but the mover's own.
    auto isIn = [](const std::vector<Cell>& cells, Cell c) {
        return std::find(cells.begin(), cells.end(), c) != cells.end();
    };
    Effect e;
    maybe.each([&](Cell c) {
        const Appearance was = lookOn(board_, c), is = lookOn(after, c);
        const bool pieceChanges = board_.sideAt(c) != after.sideAt(c);
        if (was == is && !pieceChanges) return;
        const bool consequence = rules_.markers ? !isIn(own, c) : isIn(taken, c);
        e.changes.push_back({c, was, is, pieceChanges, consequence});
    });
    return e;
}

std::vector<Cell> MobiatusState::consequences(const Action& a, const GameState& after) const {
    std::vector<Cell> out;
    const auto chain = chainOf(a);
    if (!chain) return out;
    if (!rules_.markers) {
        for (const Jump& j : chain->jumps) {
            if (j.taken != NoCell) out.push_back(j.taken);
        }
        std::sort(out.begin(), out.end());
        return out;
    }
    const std::vector<Cell> own = cellsOf(a);
    for (Cell c = 0; c < kCells; ++c) {
        if (std::find(own.begin(), own.end(), c) != own.end()) continue;
        if (appearance(c) != after.appearance(c) || pieceAt(c) != after.pieceAt(c))
            out.push_back(c);
    }
    return out;
}

}  // namespace mobiatus
}  // namespace arbiter
