#include "daemon/table/board_picture.h"

#include <algorithm>
#include <map>
#include <utility>

namespace arbiter {

namespace {

// A board square's coordinate as it is written: its file's letter or its rank's digit.
char fileOf(int square) {
    return static_cast<char>('a' + square % 8);
}
char rankOf(int square) {
    return static_cast<char>('1' + 7 - square / 8);
}

}  // namespace

std::vector<std::string> boardPicture(const BoardPlacement& placement, const Geometry& cells,
                                      const std::vector<Appearance>& wanted) {
    // Where each of the 64 squares lies, in the game's coordinates.
    std::map<std::pair<int, int>, int> squareAt;
    int left = 0, bottom = 0;
    for (int s = 0; s < 64; ++s) {
        const auto at = placement.coordinatesOf(s);
        squareAt[at] = s;
        if (s == 0 || at.first < left) left = at.first;
        if (s == 0 || at.second < bottom) bottom = at.second;
    }
    // Turned a quarter, the board's files run up the picture and its ranks across.
    const bool quarter = placement.rotation == 90 || placement.rotation == 270;
    std::vector<std::string> lines;
    for (int y = bottom + 7; y >= bottom; --y) {
        const int first = squareAt.at({left, y});
        std::string line(1, quarter ? fileOf(first) : rankOf(first));
        for (int x = left; x < left + 8; ++x) {
            const int s = squareAt.at({x, y});
            const Cell c = Surface::cellOf(cells, placement, s);
            char shown = ' ';
            if (c != NoCell && static_cast<size_t>(c) < wanted.size())
                shown =
                    wanted[static_cast<size_t>(c)] ? letter(*wanted[static_cast<size_t>(c)]) : '.';
            line += ' ';
            line += shown;
        }
        lines.push_back(line);
    }
    std::string along = " ";
    for (int x = left; x < left + 8; ++x) {
        const int s = squareAt.at({x, bottom});
        along += ' ';
        along += quarter ? rankOf(s) : fileOf(s);
    }
    lines.push_back(along);
    return lines;
}

}  // namespace arbiter
