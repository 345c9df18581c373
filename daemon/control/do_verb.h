#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace arbiter {

// The requests of `arbiterctl do` that every table answers itself, whatever
// its game: resigning (or leaving: the same), the draws, a late arrival
// joining. A closed list, read once where a request reaches the table; any
// other text a do request says is an action of the game in its own notation
// ("e2e4", "pass", "a1-b2"), which only the game can read.
enum class DoVerb {
    Resign,
    Leave,
    DrawOffer,
    DrawAccept,
    DrawClaim,
    Join,
};

// How many verbs there are: Join must stay the last (the name table checks
// that it names as many).
inline constexpr std::size_t kDoVerbCount = static_cast<std::size_t>(DoVerb::Join) + 1;

// The verb as a do request's "action" says it: "resign", "draw-offer".
std::string_view doVerbName(DoVerb verb);
// The verb an action's text names; nullopt for a game's own action.
std::optional<DoVerb> doVerbNamed(std::string_view action);

}  // namespace arbiter
