// What the Sandkings tests share: positions written as a list of pieces
// ("a1:Sa b2:Ba c3:Vb": S stinger, B body, V vertebra, and the seat's letter,
// a the first seat) rather than as the whole position text, so that each test
// says only the cells it is about; and steps by their notation.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/sandkings/sandkings.h"
#include "tests/engine/actions_by_text.h"

namespace arbiter::sandkings::support {

using arbiter::testing::moves;
using arbiter::testing::play;
using arbiter::testing::said;

// The position text for `players` with the seats `in` ("ab"), `mover` to
// move having made `made` steps of `allowed` this turn, and `pieces`.
inline std::string positionText(int players, const std::string& in, char mover, int made,
                                int allowed, const std::string& pieces) {
    const Geometry g = Geometry::rectangle(kSide, kSide);
    std::vector<std::string> cells(kCells);
    std::istringstream items(pieces);
    for (std::string item; items >> item;) {
        const size_t colon = item.find(':');
        const auto c = g.parse(item.substr(0, colon));
        EXPECT_TRUE(c) << item;
        if (c) cells[static_cast<size_t>(*c)] = item.substr(colon + 1);
    }
    std::string text = std::to_string(players) + " " + in + " " + mover + " " +
                       std::to_string(made) + "/" + std::to_string(allowed) + " ";
    for (int r = kSide - 1; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < kSide; ++f) {
            const std::string& what = cells[static_cast<size_t>(g.cell(f, r))];
            if (what.empty()) {
                ++empty;
                continue;
            }
            if (empty) text += std::to_string(empty);
            empty = 0;
            text += what;
        }
        if (empty) text += std::to_string(empty);
        if (r > 0) text += '/';
    }
    return text;
}

inline std::unique_ptr<SandkingsState> loaded(const std::string& text, const Rules& rules = {}) {
    std::string error;
    auto s = SandkingsState::load(text, error, rules);
    if (!s) {
        ADD_FAILURE() << text << ": " << error;
        return std::make_unique<SandkingsState>(rules, 2);
    }
    return s;
}

// How many parts `pieces` gives seat `seat` ('a'): each item ends in its letter.
inline int partsIn(const std::string& pieces, char seat) {
    std::istringstream items(pieces);
    int n = 0;
    for (std::string item; items >> item;) n += item.back() == seat;
    return n;
}

// A position at the start of `mover`'s turn: the steps it allows follow from
// the mover's parts, as they must.
inline std::unique_ptr<SandkingsState> position(int players, const std::string& in, char mover,
                                                const std::string& pieces,
                                                const Rules& rules = {}) {
    return loaded(
        positionText(players, in, mover, 0, rules.stepsFor(partsIn(pieces, mover)), pieces), rules);
}

// What stands on a cell, as position text writes it ("Vb"), or "" for nothing.
inline std::string on(const SandkingsState& s, const std::string& cell) {
    auto c = s.geometry().parse(cell);
    EXPECT_TRUE(c) << cell;
    if (!c) return "?";
    auto p = s.pieceAt(*c);
    if (!p) return "";
    return std::string(1, "SBV"[p->kind]) + char('a' + p->owner);
}

// `cell` seen from `corner` as a1 is seen from South-west: the board turned
// over so that a1 lands in that corner ("b3" from the north-east is "g6").
inline std::string mirrored(const std::string& cell, Corner corner) {
    char file = cell[0], rank = cell[1];
    if (corner == NorthEast || corner == SouthEast) file = static_cast<char>('a' + 'h' - file);
    if (corner == NorthWest || corner == NorthEast) rank = static_cast<char>('1' + '8' - rank);
    return std::string{file, rank};
}

// Every cell of a piece list ("a1:Sa b2:Ba") and of a step ("d1-c1") mirrored.
inline std::string mirroredText(const std::string& text, Corner corner) {
    std::string out = text;
    for (size_t i = 0; i + 1 < out.size(); ++i) {
        const bool starts = i == 0 || out[i - 1] == ' ' || out[i - 1] == '-' || out[i - 1] == 'x';
        if (starts && out[i] >= 'a' && out[i] <= 'h' && out[i + 1] >= '1' && out[i + 1] <= '8') {
            const std::string m = mirrored(out.substr(i, 2), corner);
            out[i] = m[0];
            out[i + 1] = m[1];
        }
    }
    return out;
}

}  // namespace arbiter::sandkings::support
