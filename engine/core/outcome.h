#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine/core/piece.h"

namespace arbiter {

// Where a game stands: still going, won by some players (partners win
// together), or drawn (perhaps only among some, as in Colonization's tie at the
// time limit). `reason` is for people: "checkmate", "stalemate", "fivefold repetition".
struct Outcome {
    enum class Status { Ongoing, Win, Draw };

    Status status = Status::Ongoing;
    std::vector<PlayerId> winners;  // Win: who won; Draw: who shares it (empty = all)
    std::string reason;

    bool over() const { return status != Status::Ongoing; }
    static Outcome ongoing() { return {}; }
    static Outcome win(std::vector<PlayerId> who, std::string why) {
        return {Status::Win, std::move(who), std::move(why)};
    }
    static Outcome draw(std::string why) { return {Status::Draw, {}, std::move(why)}; }
    bool operator==(const Outcome&) const = default;
};

// The players with the highest `count` among those `counts` lets count, in
// seat order, and that count (-1 when nobody counts): who leads when a table's
// limit stops a game that is decided by a score (Skirmish's captures,
// Colonization's pieces on the board).
struct Leaders {
    std::vector<PlayerId> players;
    int count = -1;
};
Leaders leaders(int players, const std::function<bool(PlayerId)>& counts,
                const std::function<int(PlayerId)>& count);

}  // namespace arbiter
