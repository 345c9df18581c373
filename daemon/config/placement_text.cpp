// A board's origin and squares read from its [board.NAME] section, and its origin written back.
#include "daemon/config/placement_text.h"

#include <algorithm>
#include <sstream>
#include <vector>

#include "daemon/config/configuration.h"
#include "daemon/config/setting_text.h"
#include "daemon/table/board_layout.h"
#include "engine/core/geometry.h"

namespace arbiter {

using namespace setting_text;

namespace {

// A board square of an 8x8 board, "a1" to "h8", as its number (0 = a8).
std::optional<int> parseBoardSquare(const std::string& text) {
    auto square = parseCellName(text);
    if (!square || square->first > 7 || square->second > 7) return std::nullopt;
    return (7 - square->second) * 8 + square->first;
}

}  // namespace

std::optional<std::bitset<64>> parseSquares(const std::string& text) {
    if (text == "all") return std::bitset<64>().set();
    std::bitset<64> used;
    std::stringstream parts(text);
    std::string part;
    while (std::getline(parts, part, ',')) {
        part = trim(part);
        auto dash = part.find('-');
        auto from = parseCellName(part.substr(0, dash));
        auto to = dash == std::string::npos ? from : parseCellName(part.substr(dash + 1));
        if (!from || !to) return std::nullopt;
        auto [f0, r0] = *from;
        auto [f1, r1] = *to;
        if (std::max({f0, f1, r0, r1}) > 7) return std::nullopt;
        for (int f = std::min(f0, f1); f <= std::max(f0, f1); ++f) {
            for (int r = std::min(r0, r1); r <= std::max(r0, r1); ++r)
                used.set(static_cast<size_t>((7 - r) * 8 + f));
        }
    }
    if (used.none()) return std::nullopt;
    return used;
}

bool readOrigin(const std::string& text, BoardPlacement& placement, std::string& error) {
    std::vector<std::string> words;
    std::stringstream in(text);
    for (std::string word; in >> word;) words.push_back(word);
    const std::string forms =
        "write the cell under the board's lower-left corner (origin = i1) or which of the "
        "board's squares lies on which cell (origin = d4 on a1)";
    if (words.size() == 1) {
        auto cell = parseCellName(words[0]);
        if (!cell) {
            error = "origin \"" + text + "\" is not a cell name; " + forms;
            return false;
        }
        placement.originFile = cell->first;
        placement.originRank = cell->second;
        return true;
    }
    if (words.size() < 2 || words.size() > 3 || words[1] != "on") {
        error = "origin \"" + text + "\" is neither a cell nor SQUARE on CELL; " + forms;
        return false;
    }
    auto square = parseBoardSquare(words[0]);
    if (!square) {
        error = "origin \"" + text + "\": " + words[0] +
                " is not a square of the board (a1 to h8); " + forms;
        return false;
    }
    auto cell = words.size() == 3 ? parseCellName(words[2]) : std::nullopt;
    if (!cell) {
        error = "origin \"" + text + "\" needs a cell after \"on\" (a1, j10, ...); " + forms;
        return false;
    }
    BoardPlacement atZero = placement;
    atZero.originFile = atZero.originRank = 0;
    auto [file, rank] = atZero.coordinatesOf(*square);
    placement.originFile = cell->first - file;
    placement.originRank = cell->second - rank;
    return true;
}

std::string originText(const BoardPlacement& placement, const Geometry& cells) {
    int file = placement.originFile, rank = placement.originRank;
    // A board not turned whose a1 is unused is clearer said by a square in use.
    constexpr size_t kA1 = 56;
    bool a1Unused = placement.rotation == 0 && !placement.used.test(kA1);
    if (!a1Unused && file >= 0 && file < cells.files() && rank >= 0 && rank < cells.ranks())
        return cellName(file, rank);
    // Off the surface: the board's first square in use, and the cell it lies on
    // (on a ring, perhaps once round: the same cell). Every square in use of a
    // layout that checkLayout accepts lies on a cell, so the first one does.
    for (int r = 0; r < 8; ++r) {
        for (int f = 0; f < 8; ++f) {
            int square = (7 - r) * 8 + f;
            if (!placement.used.test(static_cast<size_t>(square))) continue;
            auto [onFile, onRank] = placement.coordinatesOf(square);
            if (onFile >= 0 && onRank >= 0)
                return cellName(f, r) + " on " + cellName(onFile, onRank);
            if (Cell c = cells.cell(onFile, onRank); c != NoCell)
                return cellName(f, r) + " on " + cells.name(c);
        }
    }
    return cellName(std::max(file, 0), std::max(rank, 0));  // a layout checkLayout refuses
}

}  // namespace arbiter
