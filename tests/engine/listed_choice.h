// Holding GameState::chooseListed() to listActions(): at every index the
// pick chooses, the action the list holds there, the pick told the list's
// length. Shared by choose_listed_test.cpp (every game) and the games' own
// tests over their option tables.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/game.h"

namespace arbiter {

// Every index of the list, chosen one by one; nothing chosen from an empty list.
inline void expectEveryIndexChoosesItsListedAction(const GameState& s, const std::string& game) {
    std::vector<Action> listed = s.legalActions();
    std::erase_if(listed, [](const Action& a) { return a.changesRoster(); });
    std::vector<Action> scratch;
    for (uint64_t i = 0; i < listed.size(); ++i) {
        uint64_t told = 0;
        const Action* chosen = s.chooseListed(
            [&](uint64_t n) {
                told = n;
                return i;
            },
            scratch);
        ASSERT_NE(chosen, nullptr) << game << " at " << s.serialize();
        EXPECT_EQ(told, listed.size()) << game << " at " << s.serialize();
        EXPECT_EQ(*chosen, listed[i]) << game << ", index " << i << " at " << s.serialize();
    }
    if (listed.empty()) EXPECT_EQ(s.chooseListed([](uint64_t) { return 0; }, scratch), nullptr);
}

}  // namespace arbiter
