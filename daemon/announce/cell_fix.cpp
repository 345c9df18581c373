#include "daemon/announce/cell_fix.h"

namespace arbiter {

std::string describeFix(const CellFix& fix, const Geometry& g, const Game* game) {
    std::string cell = g.name(fix.cell);
    auto name = [&](SetPiece p) { return game ? lookName(*game, p) : words(p); };
    // A board that senses only occupancy does not know which piece it sees;
    // a fix with no piece sensed nor wanted has no piece to name either.
    if (!fix.wanted && (fix.sensing == Sensing::Occupancy || !fix.sensed))
        return "take the piece off " + cell;
    if (!fix.wanted) return "take the " + name(*fix.sensed) + " off " + cell;
    if (!fix.sensed) return "put a " + name(*fix.wanted) + " on " + cell;
    return "replace the " + name(*fix.sensed) + " on " + cell + " by a " + name(*fix.wanted);
}

}  // namespace arbiter
