#include "daemon/announce/announcement_type.h"

#include <ostream>

#include "daemon/base/name_table.h"

namespace arbiter {

namespace {

// The one table of wire names, in the enum's order, one type a line.
// clang-format off
constexpr NameTable<AnnouncementType, kAnnouncementTypeCount> kTypeNames{{{
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
    {AnnouncementType::Machine, "machine"},
    {AnnouncementType::Illegal, "illegal"},
    {AnnouncementType::Consequences, "consequences"},
    {AnnouncementType::ToDo, "to-do"},
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
    {AnnouncementType::Out, "out"},
    {AnnouncementType::TimeLow, "time-low"},
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
}}};
// clang-format on

static_assert(kTypeNames.inEnumOrder(),
              "kTypeNames lists every AnnouncementType once, in the enum's order");

}  // namespace

std::string_view announcementTypeName(AnnouncementType type) {
    return kTypeNames.name(type);
}

std::optional<AnnouncementType> announcementTypeNamed(std::string_view name) {
    return kTypeNames.named(name);
}

std::ostream& operator<<(std::ostream& out, AnnouncementType type) {
    return out << announcementTypeName(type);
}

}  // namespace arbiter
