#pragma once

// Actions named in a game's own notation, as rules tests write them: what is
// legal, an action read from its text, and an action played by its text.
// Shared by every game's test support, since all of them go through the
// GameState interface alone.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "engine/core/game.h"

namespace arbiter::testing {

// Every legal action by its notation.
inline std::set<std::string> moves(const GameState& s) {
    std::set<std::string> out;
    for (const Action& a : s.legalActions()) out.insert(s.encode(a));
    return out;
}

// The action `text` reads as (a failure, and a pass, if it reads as none).
inline Action said(const GameState& s, const std::string& text) {
    auto a = s.decode(text);
    EXPECT_TRUE(a) << text;
    return a.value_or(Action::pass());
}

// Plays `text`, which must be legal here.
inline void play(GameState& s, const std::string& text) {
    auto a = s.decode(text);
    ASSERT_TRUE(a) << text << ": " << s.serialize();
    ASSERT_TRUE(s.isLegal(*a)) << text << ": " << s.refusal(*a) << " in " << s.serialize();
    s.apply(*a);
}

}  // namespace arbiter::testing
