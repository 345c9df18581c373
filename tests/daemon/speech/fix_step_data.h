#pragma once

#include <optional>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "daemon/announce/cell_fix.h"

namespace arbiter::testing {

// Fix steps as announcements carry them (fixStepData), for what speech reads:
// a piece named by the game's words for it, the set piece's own unless given.
inline NamedPiece piece(SetColour colour, Figure figure, const std::string& name = "") {
    const SetPiece set{colour, figure};
    return {set, name.empty() ? words(set) : name};
}
inline nlohmann::json put(const std::string& cell, NamedPiece wanted) {
    return fixStepData({.cell = cell, .what = FixStep::Do::Put, .wanted = std::move(wanted)});
}
inline nlohmann::json takeOff(const std::string& cell,
                              std::optional<NamedPiece> sensed = std::nullopt) {
    return fixStepData({.cell = cell, .what = FixStep::Do::TakeOff, .sensed = std::move(sensed)});
}
inline nlohmann::json replace(const std::string& cell, NamedPiece sensed, NamedPiece wanted) {
    return fixStepData({.cell = cell,
                        .what = FixStep::Do::Replace,
                        .sensed = std::move(sensed),
                        .wanted = std::move(wanted)});
}
// A look-alike to exchange: the right piece on `rightCell` now, or from there.
inline nlohmann::json exchange(const std::string& cell, NamedPiece sensed,
                               const std::string& rightCell, bool standsThere) {
    return fixStepData({.cell = cell,
                        .what = FixStep::Do::Exchange,
                        .sensed = sensed,
                        .wanted = sensed,
                        .rightPieceCell = rightCell,
                        .rightPieceStandsThere = standsThere});
}
constexpr SetColour White = SetColour::White;
constexpr SetColour Black = SetColour::Black;

}  // namespace arbiter::testing
