// What the Konfusion tests share: positions written as a list of pieces
// ("c3:S3 h8:N1") rather than as the position text, so that each test says
// only the pieces it is about, and the destinations of a piece by cell name.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <memory>
#include <set>
#include <sstream>
#include <string>

#include "engine/konfusion/konfusion.h"

namespace arbiter::konfusion::support {

inline Rules seats(int players, bool die = false) {
    Rules r;
    r.players = players;
    r.die = die;
    return r;
}

// The position text of `pieces` ("c3:S3 h8:N1"), with the seat to move, the
// captured pips ("0,0": their count is the number of seats) and, for the die
// option, the die field.
inline std::string positionText(const std::string& pieces, char toMove = 'S',
                                const std::string& captured = "0,0", const std::string& die = "") {
    std::array<std::string, kCells> board{};
    std::istringstream in(pieces);
    for (std::string item; in >> item;) {
        const size_t colon = item.find(':');
        const std::string name = item.substr(0, colon);
        const int file = name[0] - 'a', rank = std::stoi(name.substr(1)) - 1;
        board[static_cast<size_t>(rank * kSide + file)] = item.substr(colon + 1);
    }
    std::string text;
    for (int r = kSide - 1; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < kSide; ++f) {
            const std::string& piece = board[static_cast<size_t>(r * kSide + f)];
            if (piece.empty()) {
                ++empty;
                continue;
            }
            if (empty) text += std::to_string(empty);
            empty = 0;
            text += piece;
        }
        if (empty) text += std::to_string(empty);
        if (r > 0) text += '/';
    }
    text += std::string(" ") + toMove + " " + captured;
    if (!die.empty()) text += " " + die;
    return text;
}

inline std::unique_ptr<KonfusionState> loaded(const std::string& text, const Rules& rules) {
    std::string error;
    auto s = KonfusionState::load(text, error, rules);
    if (!s) {
        ADD_FAILURE() << text << ": " << error;
        return std::make_unique<KonfusionState>(rules);
    }
    return s;
}

// Two players, South to move, unless the captured pips say more seats.
inline std::unique_ptr<KonfusionState> position(const std::string& pieces, char toMove = 'S',
                                                const std::string& captured = "0,0") {
    const int players = 1 + static_cast<int>(std::count(captured.begin(), captured.end(), ','));
    return loaded(positionText(pieces, toMove, captured), seats(players));
}

inline Cell at(const std::string& name) {
    return (std::stoi(name.substr(1)) - 1) * kSide + (name[0] - 'a');
}

inline std::string nameOf(Cell c) {
    return std::string(1, static_cast<char>('a' + c % kSide)) + std::to_string(c / kSide + 1);
}

// Where the piece on `from` may go, by cell name.
inline std::set<std::string> reach(const KonfusionState& s, const std::string& from) {
    std::set<std::string> out;
    s.destinations(at(from)).each([&](Cell c) { out.insert(nameOf(c)); });
    return out;
}

inline void play(KonfusionState& s, const std::string& from, const std::string& to) {
    const Action a = Action::move(at(from), at(to));
    ASSERT_TRUE(s.isLegal(a)) << from << "-" << to << ": " << s.refusal(a) << "\n" << s.serialize();
    s.apply(a);
}

}  // namespace arbiter::konfusion::support
