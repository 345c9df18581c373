// The cells of the ring and one jump at a time: CellSet, a dot resting, the
// jumps a dot may make and whether a chain can go on. The search itself is
// in mobiatus_chains.h.
#include "engine/mobiatus/mobiatus_chains.h"

#include <algorithm>
#include <bit>

namespace arbiter {
namespace mobiatus {

CellSet freeCells(const Board& b, Side mover) {
    CellSet taken = b.singular;
    taken |= b.dots[Red];
    taken |= b.dots[Blue];
    b.dots[static_cast<size_t>(mover)].each([&](Cell c) { taken.add(behind(c)); });
    CellSet free;
    for (size_t w = 0; w < free.words.size(); ++w) free.words[w] = ~taken.words[w];
    // The last word's bits past the ring's end name no cell.
    free.words.back() &= (uint64_t{1} << (kCells % 64)) - 1;
    return free;
}

Board rested(const Board& b, Side mover, Cell p, Cell r, Cell& taken) {
    Board next = b;
    next.singular.add(p);
    next.singular.add(behind(p));
    next.dots[static_cast<size_t>(mover)].remove(p);
    next.dots[static_cast<size_t>(mover)].add(r);
    taken = behind(r);
    CellSet& enemy = next.dots[static_cast<size_t>(1 - mover)];
    if (!enemy.has(taken)) {
        taken = NoCell;
        return next;
    }
    enemy.remove(taken);
    next.singular.add(taken);
    next.singular.add(r);
    return next;
}

bool isKnightsJump(Cell from, Cell to) {
    for (int v = 0; v < 8; ++v) {
        if (jumpTarget(from, v) == to) return true;
    }
    return false;
}

void forEachJump(const Board& b, Side mover, Cell p, const CellSet& touched,
                 const std::function<void(Cell target, const CellSet& group, Cell rest)>& way) {
    assert(b.dots[static_cast<size_t>(mover)].has(p));
    Groups groups(b, mover);
    eachJump(b, p, touched, groups, [&](Cell t, const CellSet& group, Cell r) {
        way(t, group, r);
        return true;
    });
}

bool canGoOn(const Board& b, Side mover, Cell p, const CellSet& touched) {
    auto first = [](const Jump*, int) { return false; };
    ChainSearch<decltype(first)> search(b, mover, first);
    return search.from(p, touched, 0);
}

Action actionOf(const Jump* jumps, int count) {
    assert(count >= 1);
    if (count == 1) return Action::move(jumps[0].from, jumps[0].rest);
    std::vector<Cell> path;
    for (int i = 0; i + 1 < count; ++i) path.push_back(jumps[i].rest);
    return Action::moveVia(jumps[0].from, std::move(path), jumps[count - 1].rest);
}

Action Chain::action() const {
    return actionOf(jumps.data(), static_cast<int>(jumps.size()));
}

bool CellSet::empty() const {
    return std::all_of(words.begin(), words.end(), [](uint64_t w) { return w == 0; });
}

int CellSet::count() const {
    int n = 0;
    for (uint64_t w : words) n += std::popcount(w);
    return n;
}

}  // namespace mobiatus
}  // namespace arbiter
