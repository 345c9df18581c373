#include "daemon/announce/position_picture.h"

namespace arbiter {

std::vector<std::string> positionPicture(const GameState& state, const View* seenBy) {
    // Pictures of a few boards' worth; larger surfaces (Möbiatus's ring) are
    // drawn by their game's report, side by side as the boards lie.
    constexpr int kMostRanks = 16, kMostFiles = 26;
    const Geometry& g = state.geometry();
    std::vector<std::string> lines;
    if (g.size() == 0 || g.ranks() > kMostRanks || g.files() > kMostFiles) return lines;
    for (int rank = g.ranks() - 1; rank >= 0; --rank) {
        std::string line = (rank + 1 < 10 ? " " : "") + std::to_string(rank + 1);
        for (int file = 0; file < g.files(); ++file) {
            const Cell c = g.cell(file, rank);
            char shown = ' ';
            if (c != NoCell && seenBy && seenBy->knowsImpassable(c)) {
                shown = '*';
            } else if (c != NoCell && seenBy && !seenBy->sees(c)) {
                shown = '?';
            } else if (c != NoCell) {
                const Appearance look = state.appearance(c);
                shown = look ? letter(*look) : '.';
            }
            line += ' ';
            line += shown;
        }
        lines.push_back(line);
    }
    std::string files = "  ";
    for (int file = 0; file < g.files(); ++file) {
        files += ' ';
        files += static_cast<char>('a' + file);
    }
    lines.push_back(files);
    return lines;
}

}  // namespace arbiter
