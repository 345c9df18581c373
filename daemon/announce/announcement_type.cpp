#include "daemon/announce/announcement_type.h"

#include <array>
#include <ostream>

namespace arbiter {

namespace {

struct TypeName {
    AnnouncementType type;
    std::string_view name;
};

// The one table of wire names, in the enum's order, one type a line.
// clang-format off
constexpr std::array<TypeName, kAnnouncementTypeCount> kTypeNames{{
    {AnnouncementType::Start, "start"},
    {AnnouncementType::Resume, "resume"},
    {AnnouncementType::Abandoned, "abandoned"},
    {AnnouncementType::Waiting, "waiting"},
    {AnnouncementType::Setup, "setup"},
    {AnnouncementType::Move, "move"},
    {AnnouncementType::Moved, "moved"},
    {AnnouncementType::Chain, "chain"},
    {AnnouncementType::Chance, "chance"},
    {AnnouncementType::Takeback, "takeback"},
    {AnnouncementType::Illegal, "illegal"},
    {AnnouncementType::Consequences, "consequences"},
    {AnnouncementType::Fixed, "fixed"},
    {AnnouncementType::View, "view"},
    {AnnouncementType::Found, "found"},
    {AnnouncementType::Ambiguous, "ambiguous"},
    {AnnouncementType::Confirm, "confirm"},
    {AnnouncementType::Lever, "lever"},
    {AnnouncementType::Claimable, "claimable"},
    {AnnouncementType::DrawOffer, "draw-offer"},
    {AnnouncementType::Join, "join"},
    {AnnouncementType::Leave, "leave"},
    {AnnouncementType::Flag, "flag"},
    {AnnouncementType::TimeLimit, "time-limit"},
    {AnnouncementType::Pause, "pause"},
    {AnnouncementType::ResumeClocks, "resume-clocks"},
    {AnnouncementType::Result, "result"},
    {AnnouncementType::Status, "status"},
    {AnnouncementType::Journal, "journal"},
    {AnnouncementType::Error, "error"},
    {AnnouncementType::Board, "board"},
    {AnnouncementType::Clock, "clock"},
    {AnnouncementType::Button, "button"},
}};
// clang-format on

// Looked up by the enum's value: each entry must stand at its own place.
constexpr bool inEnumOrder() {
    for (std::size_t i = 0; i < kTypeNames.size(); ++i) {
        if (static_cast<std::size_t>(kTypeNames[i].type) != i) return false;
    }
    return true;
}
static_assert(inEnumOrder(), "kTypeNames lists every AnnouncementType once, in the enum's order");

}  // namespace

std::string_view announcementTypeName(AnnouncementType type) {
    return kTypeNames[static_cast<std::size_t>(type)].name;
}

std::optional<AnnouncementType> announcementTypeNamed(std::string_view name) {
    for (const TypeName& t : kTypeNames) {
        if (t.name == name) return t.type;
    }
    return std::nullopt;
}

std::ostream& operator<<(std::ostream& out, AnnouncementType type) {
    return out << announcementTypeName(type);
}

}  // namespace arbiter
