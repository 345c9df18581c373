// What the Möbiatus tests share: positions written as a list of cells
// ("c10:R d12:x a25:B") rather than as the 60 ranks of the position text, so
// that each test says only the cells it is about, and the moves of a position
// by their notation.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <set>
#include <sstream>
#include <string>

#include "engine/mobiatus/mobiatus.h"
#include "tests/engine/actions_by_text.h"

namespace arbiter::mobiatus::support {

using arbiter::testing::moves;
using arbiter::testing::play;
using arbiter::testing::said;

inline Cell at(const std::string& name) {
    return (std::stoi(name.substr(1)) - 1) * kFiles + (name[0] - 'a');
}

inline Rules withOptions(bool mandatoryCapture = false, bool morePieces = false,
                         bool markers = false) {
    Rules r;
    r.mandatoryCapture = mandatoryCapture;
    r.morePiecesWins = morePieces;
    r.markers = markers;
    return r;
}

// The position text of `cells` ("c10:R a25:B d12:x"): R and B dots, x a
// singularity, whose opposite is made singular too, as play always makes
// them; `plies` -1 for 0 with Red to move, 1 with Blue.
inline std::string positionText(const std::string& cells, char toMove = 'r', int plies = -1) {
    std::array<char, kCells> board{};
    std::istringstream in(cells);
    for (std::string item; in >> item;) {
        const size_t colon = item.find(':');
        const Cell c = at(item.substr(0, colon));
        const char what = item[colon + 1];
        board[static_cast<size_t>(c)] = what;
        if (what == 'x') board[static_cast<size_t>(opposite(c))] = 'x';
    }
    std::string text;
    for (int y = kRanks - 1; y >= 0; --y) {
        int empty = 0;
        for (int x = 0; x < kFiles; ++x) {
            const char what = board[static_cast<size_t>(y * kFiles + x)];
            if (!what) {
                ++empty;
                continue;
            }
            if (empty) text += std::to_string(empty);
            empty = 0;
            text += what;
        }
        if (empty) text += std::to_string(empty);
        if (y > 0) text += '/';
    }
    if (plies < 0) plies = toMove == 'r' ? 0 : 1;
    return text + " " + toMove + " " + std::to_string(plies);
}

inline std::unique_ptr<MobiatusState> loaded(const std::string& text, const Rules& rules = {}) {
    std::string error;
    auto s = MobiatusState::load(text, error, rules);
    if (!s) {
        ADD_FAILURE() << text << ": " << error;
        return std::make_unique<MobiatusState>(rules);
    }
    return s;
}

inline std::unique_ptr<MobiatusState> position(const std::string& cells, char toMove = 'r',
                                               int plies = -1, const Rules& rules = {}) {
    return loaded(positionText(cells, toMove, plies), rules);
}

// Where the dot on `from` may go in one plain move, by cell name.
inline std::set<std::string> reach(const MobiatusState& s, const std::string& from) {
    std::set<std::string> out;
    for (const Action& a : s.legalActions()) {
        if (a.from == at(from) && a.path.empty()) out.insert(nameOf(a.to));
    }
    return out;
}

}  // namespace arbiter::mobiatus::support
