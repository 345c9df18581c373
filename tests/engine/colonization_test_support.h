// What the Colonization tests share: positions written as a list of pieces
// ("a1:Ba b2:Pa d4:Bb", a kind letter and a seat letter, a the first seat)
// rather than as the whole position text, so that each test says only the
// cells it is about; and actions by their notation.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/colonization/colonization.h"
#include "tests/engine/actions_by_text.h"

namespace arbiter::colonization::support {

using arbiter::testing::moves;
using arbiter::testing::play;
using arbiter::testing::said;

// A table of `seats` ("p,p,n": each seat's state) on `files` x `ranks`
// cells, `mover` the seat letter to move, with `pieces` ("a1:Ba b2:Pa").
inline std::string positionText(int files, int ranks, const std::string& seats, char mover,
                                const std::string& pieces, int plies = 0) {
    const Geometry g = Geometry::rectangle(files, ranks);
    std::vector<std::string> cells(static_cast<size_t>(g.size()));
    std::istringstream in(pieces);
    for (std::string item; in >> item;) {
        const size_t colon = item.find(':');
        const auto c = g.parse(item.substr(0, colon));
        EXPECT_TRUE(c) << item;
        if (c) cells[static_cast<size_t>(*c)] = item.substr(colon + 1);
    }
    std::string text = std::to_string(files) + "x" + std::to_string(ranks) + " " + seats + " " +
                       mover + " " + std::to_string(plies) + " ";
    for (int r = ranks - 1; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < files; ++f) {
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

inline std::unique_ptr<ColonizationState> loaded(const std::string& text, const Rules& rules = {}) {
    std::string error;
    auto s = ColonizationState::load(text, error, rules);
    if (!s) {
        ADD_FAILURE() << text << ": " << error;
        return std::make_unique<ColonizationState>(rules, 8, 8, 2);
    }
    return s;
}

inline std::unique_ptr<ColonizationState> position(int files, int ranks, const std::string& seats,
                                                   char mover, const std::string& pieces) {
    return loaded(positionText(files, ranks, seats, mover, pieces));
}

// Eight colonies around a home planet on a1 of seat `s` ('a'): a2 a3 b1 b2
// b3 c1 c2 c3, the 3x3 corner filled.
inline std::string cornerSociety(char s = 'a') {
    std::string text = std::string("a1:B") + s;
    for (const char* c : {"a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"})
        text += std::string(" ") + c + ":P" + s;
    return text;
}

// What stands on a cell, as position text writes it ("Pb"), or "" for nothing.
inline std::string on(const ColonizationState& s, const std::string& cell) {
    auto c = s.geometry().parse(cell);
    EXPECT_TRUE(c) << cell;
    if (!c) return "?";
    auto p = s.pieceAt(*c);
    if (!p) return "";
    return std::string(1, "BPRNK"[p->kind]) + char('a' + p->owner);
}

}  // namespace arbiter::colonization::support
