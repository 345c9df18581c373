#pragma once

#include <functional>
#include <optional>
#include <string>

#include "engine/core/game.h"

namespace arbiter {

// The plain-text record of a game that has no exchange format of its own
// (Martian Chess, Konfusion): the tags, the start, one line per action
// numbered as the table numbers it and named by seat ("2. South: 5 e6xe9",
// "1... North: 5 f10-f5" for two players, "3. Ann: ..." for more), then the result
// ("Result: South wins (...)"). `state` is the start, loaded from
// record.startText, or nullptr when that text would not load; it is played
// through the actions, so that the game can add lines about where it ended
// (scores, pips). A damaged record stops at its first action that is not legal.
std::string textRecord(const GameRecord& record, GameState* state);

// Whether the moves of `state`'s game are numbered in pairs, as a score sheet
// numbers them ("7.", "7..."): two players on a board. A game without a board,
// or of more players, counts turns. The table's announcements and the
// records both number by it, so that a move has one number wherever it is read.
bool movesNumberedInPairs(const GameState& state);

// How a game's record words its lines where textRecord's defaults do not fit.
struct TextRecordStyle {
    // Two players' turns numbered in pairs, as a score sheet and the table's
    // announcements number them: "7. White: ...", "7... Black: ...", or each
    // turn on its own ("7. Ann: ..."). Unset: as the table numbers them, by
    // movesNumberedInPairs() of the position each action leaves.
    std::optional<bool> turnsInPairs;
    // The action as the record keeps it; empty: the state's describe().
    std::function<std::string(const GameState&, const Action&)> describe;
};
std::string textRecord(const GameRecord& record, GameState* state, const TextRecordStyle& style);

}  // namespace arbiter
