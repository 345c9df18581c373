#include "daemon/control/do_verb.h"

#include <array>

namespace arbiter {

namespace {

struct VerbName {
    DoVerb verb;
    std::string_view name;
};

// The one table of the verbs' names (docs/control.md, "The actions of do"),
// in the enum's order.
constexpr std::array<VerbName, kDoVerbCount> kVerbNames{{
    {DoVerb::Resign, "resign"},
    {DoVerb::Leave, "leave"},
    {DoVerb::DrawOffer, "draw-offer"},
    {DoVerb::DrawAccept, "draw-accept"},
    {DoVerb::DrawClaim, "draw-claim"},
    {DoVerb::Join, "join"},
}};

// Looked up by the enum's value: each entry must stand at its own place.
constexpr bool inEnumOrder() {
    for (std::size_t i = 0; i < kVerbNames.size(); ++i) {
        if (static_cast<std::size_t>(kVerbNames[i].verb) != i) return false;
    }
    return true;
}
static_assert(inEnumOrder(), "kVerbNames lists every DoVerb once, in the enum's order");

}  // namespace

std::string_view doVerbName(DoVerb verb) {
    return kVerbNames[static_cast<std::size_t>(verb)].name;
}

std::optional<DoVerb> doVerbNamed(std::string_view action) {
    for (const VerbName& v : kVerbNames) {
        if (v.name == action) return v.verb;
    }
    return std::nullopt;
}

}  // namespace arbiter
