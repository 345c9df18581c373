#include "daemon/table/board_lights.h"

#include <bitset>

namespace arbiter {

void BoardLights::light(const std::vector<Cell>& cells) {
    const Geometry& g = surface_.geometry();
    std::vector<bool> wanted(static_cast<size_t>(g.size()), false);
    for (Cell c : cells) {
        if (c >= 0 && c < g.size()) wanted[static_cast<size_t>(c)] = true;
    }
    for (size_t b = 0; b < links_.size(); ++b) {
        const BoardPlacement& placement = surface_.placement(static_cast<int>(b));
        std::bitset<64> lit;
        for (int s = 0; s < 64; ++s) {
            const Cell c = Surface::cellOf(g, placement, s);
            if (c != NoCell && placement.used.test(static_cast<size_t>(s)) &&
                wanted[static_cast<size_t>(c)])
                lit.set(static_cast<size_t>(s));
        }
        links_[b]->light(lit);
    }
}

void BoardLights::light(const std::vector<CellFix>& fixes) {
    std::vector<Cell> cells;
    for (const CellFix& f : fixes) cells.push_back(f.cell);
    light(cells);
}

void BoardLights::lightAction(const GameState& state, const Action& action) {
    std::vector<Cell> cells;
    for (const CellChange& ch : state.effect(action).changes) cells.push_back(ch.cell);
    light(cells);
}

void BoardLights::lightGame(const Session& session) {
    std::vector<Cell> cells = markedCells(session.current());
    // The last action that touched cells: a pass, the end of a turn or a
    // draw of chance after a move leaves that move lit.
    const auto& actions = session.actions();
    for (auto a = actions.rbegin(); a != actions.rend(); ++a) {
        const size_t before = cells.size();
        if (a->from != NoCell) cells.push_back(a->from);
        cells.insert(cells.end(), a->path.begin(), a->path.end());
        if (a->to != NoCell) cells.push_back(a->to);
        if (cells.size() > before) break;
    }
    light(cells);
}

}  // namespace arbiter
