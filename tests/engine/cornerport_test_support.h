// What the Cornerport tests share: positions written as a list of ships
// ("h1:B d4:p", a kind letter, upper case White's, lower case Black's) rather
// than as the whole position text, so that each test says only the squares it
// is about; and actions by their notation.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/cornerport/cornerport.h"
#include "tests/engine/actions_by_text.h"

namespace arbiter::cornerport::support {

using arbiter::testing::moves;
using arbiter::testing::play;
using arbiter::testing::said;

// The position text of `ships` ("h1:B b7:B d4:p"), `mover` ('w' or 'b') to
// move, a placement pending on `pending` ("-" for none). Each freighter
// standing on one of its owner's ports has that port as home; `homes` gives
// the others' ("b7:h1").
inline std::string positionText(const std::string& ships, char mover = 'w',
                                const std::string& homes = "", const std::string& pending = "-") {
    const Geometry g = Geometry::rectangle(8, 8);
    std::vector<char> cells(64, 0);
    std::istringstream in(ships);
    for (std::string item; in >> item;) {
        const size_t colon = item.find(':');
        const auto c = g.parse(item.substr(0, colon));
        EXPECT_TRUE(c && colon + 2 == item.size()) << item;
        if (c) cells[static_cast<size_t>(*c)] = item[colon + 1];
    }
    std::string text;
    for (int r = 7; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < 8; ++f) {
            const char what = cells[static_cast<size_t>(r * 8 + f)];
            if (!what) {
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
    std::string allHomes = homes;
    for (Cell c = 0; c < 64; ++c) {
        const char what = cells[static_cast<size_t>(c)];
        const bool white = what == 'B', black = what == 'b';
        const bool ownPort = (white && (c == 7 || c == 56)) || (black && (c == 0 || c == 63));
        if (ownPort) allHomes += (allHomes.empty() ? "" : ",") + g.name(c) + ":" + g.name(c);
    }
    return text + " " + mover + " " + pending + " " + (allHomes.empty() ? "-" : allHomes);
}

inline std::unique_ptr<CornerportState> loaded(const std::string& text, const Rules& rules = {}) {
    std::string error;
    auto s = CornerportState::load(text, error, rules);
    if (!s) {
        ADD_FAILURE() << text << ": " << error;
        return std::make_unique<CornerportState>(rules);
    }
    return s;
}

inline std::unique_ptr<CornerportState> position(const std::string& ships, char mover = 'w',
                                                 const std::string& homes = "",
                                                 const std::string& pending = "-") {
    return loaded(positionText(ships, mover, homes, pending));
}

inline Cell at(const CornerportState& s, const std::string& name) {
    auto c = s.geometry().parse(name);
    EXPECT_TRUE(c) << name;
    return c.value_or(0);
}

// The legal moves of the ship on `from`, by their notation.
inline std::set<std::string> movesFrom(const CornerportState& s, const std::string& from) {
    std::set<std::string> out;
    for (const Action& a : s.legalActions()) {
        if (a.kind == Action::Kind::Move && a.from == at(s, from)) out.insert(s.encode(a));
    }
    return out;
}

// What stands on a square, as the position text writes it ("p"), or "".
inline std::string on(const CornerportState& s, const std::string& cell) {
    auto p = s.pieceAt(at(s, cell));
    if (!p) return "";
    const char letter = "PRB"[p->kind];
    return std::string(1, p->owner == kWhite ? letter : static_cast<char>(letter - 'A' + 'a'));
}

}  // namespace arbiter::cornerport::support
