#pragma once

namespace arbiter {

// What chance must decide before the player to move can act: `count` values,
// each 0 .. sides-1 with equal odds (one die is {1, 6}; Power Coinz's flip of
// ten coins is {10, 2}). The engine only says what is to be drawn; the session
// draws it from its seeded source and commits Action::chance(values), so the
// journal holds every draw and replay and resume are exact.
struct ChanceDraw {
    int count = 1;
    int sides = 6;
    bool operator==(const ChanceDraw&) const = default;
};

}  // namespace arbiter
