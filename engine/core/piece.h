#pragma once

#include <cstdint>
#include <vector>

namespace arbiter {

// A player's seat in turn order: 0 moves first. Seed games have 2 to 16 players.
using PlayerId = int;
inline constexpr PlayerId NoPlayer = -1;
inline constexpr int kMaxPlayers = 16;

// A logical piece: what the rules say stands on a cell. `kind` indexes the
// game's own table of piece kinds (a FIDE knight, a csipgs design slot, a
// Colonization colony); `owner` is whose it is, which the board may not be able
// to sense (one colour for many players) and the referee then follows from history.
struct Piece {
    int kind = 0;
    PlayerId owner = NoPlayer;
    bool operator==(const Piece&) const = default;
};

// What a player holds beside the board: csipgs's treasury and reserve,
// Cornerport's pieces still off the board, Martian Chess's score.
struct PlayerResources {
    long treasury = 0;
    std::vector<int> reserve;  // count per piece kind, indexed like Piece::kind
    int score = 0;
    bool operator==(const PlayerResources&) const = default;
};

}  // namespace arbiter
