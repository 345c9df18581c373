#include "daemon/control/do_verb.h"

#include "daemon/base/name_table.h"

namespace arbiter {

namespace {

// The one table of the verbs' names (docs/control.md, "The actions of do"),
// in the enum's order.
constexpr NameTable<DoVerb, kDoVerbCount> kVerbNames{{{
    {DoVerb::Resign, "resign"},
    {DoVerb::Leave, "leave"},
    {DoVerb::DrawOffer, "draw-offer"},
    {DoVerb::DrawAccept, "draw-accept"},
    {DoVerb::DrawClaim, "draw-claim"},
    {DoVerb::Join, "join"},
}}};

static_assert(kVerbNames.inEnumOrder(), "kVerbNames lists every DoVerb once, in the enum's order");

}  // namespace

std::string_view doVerbName(DoVerb verb) {
    return kVerbNames.name(verb);
}

std::optional<DoVerb> doVerbNamed(std::string_view action) {
    return kVerbNames.named(action);
}

}  // namespace arbiter
