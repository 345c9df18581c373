// Holding a game's own random playout (its GameState::playOut override) to
// the hooks' playout (GameState's own), for tests/engine/playout_test.cpp and
// the games' playout tests: from the same state and seed, both must leave the
// same count, trace, position and outcome, and draw as many numbers.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>

#include "engine/core/game.h"
#include "engine/core/playout.h"
#include "engine/core/seeded_random.h"

namespace arbiter {

// For gtest's messages: a count in words rather than its bytes.
inline void PrintTo(const PlayoutCount& c, std::ostream* out) {
    *out << c.actions << " actions, " << c.turns << " turns" << (c.capped ? ", capped" : "")
         << (c.stuck ? ", stuck" : "");
}

// What one playout left behind.
struct PlayedOut {
    PlayoutCount count;
    uint64_t trace = 0;  // 0 when not traced
    std::string position;
    Outcome outcome;
    uint64_t nextNumber = 0;  // the random source's next number: as many drawn
};

enum class PlayedBy { TheHooks, TheGame };

// A copy of `from` played out from `seed` up to `cap` actions, by GameState's
// own playOut (always traced) or by the game's, traced or not.
inline PlayedOut playedOut(const GameState& from, uint64_t seed, int cap, PlayedBy by,
                           bool traced = true) {
    std::unique_ptr<GameState> s = from.clone();
    SeededRandom random(seed);
    PlayedOut p;
    if (by == PlayedBy::TheHooks)
        p.count = s->GameState::playOut(random, cap, &p.trace);
    else
        p.count = s->playOut(random, cap, traced ? &p.trace : nullptr);
    p.position = s->serialize();
    p.outcome = s->outcome();
    p.nextNumber = random.next();
    return p;
}

// The game's playouts from `from`, traced and not, against the hooks'; returns
// the hooks' playout, for the caller's tallies.
inline PlayedOut expectTheGamePlaysOutAsTheHooks(const GameState& from, uint64_t seed, int cap,
                                                 const std::string& where) {
    const PlayedOut hooks = playedOut(from, seed, cap, PlayedBy::TheHooks);
    for (bool traced : {true, false}) {
        const PlayedOut game = playedOut(from, seed, cap, PlayedBy::TheGame, traced);
        const std::string at = where + (traced ? ", traced" : ", untraced");
        EXPECT_EQ(game.count, hooks.count) << at;
        if (traced) EXPECT_EQ(game.trace, hooks.trace) << at;
        EXPECT_EQ(game.position, hooks.position) << at;
        EXPECT_EQ(game.outcome, hooks.outcome) << at;
        EXPECT_EQ(game.nextNumber, hooks.nextNumber) << at;
    }
    return hooks;
}

}  // namespace arbiter
