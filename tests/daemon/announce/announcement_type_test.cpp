#include "daemon/announce/announcement_type.h"

#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>
#include <utility>

namespace arbiter {
namespace {

AnnouncementType typeAt(size_t i) {
    return static_cast<AnnouncementType>(i);
}

TEST(AnnouncementTypes, EveryTypeHasANameOfItsOwn) {
    std::set<std::string_view> names;
    for (size_t i = 0; i < kAnnouncementTypeCount; ++i) {
        const std::string_view name = announcementTypeName(typeAt(i));
        EXPECT_FALSE(name.empty()) << "type " << i;
        EXPECT_TRUE(names.insert(name).second) << "\"" << name << "\" names two types";
    }
}

TEST(AnnouncementTypes, NamesComeBackAsTheirTypes) {
    for (size_t i = 0; i < kAnnouncementTypeCount; ++i) {
        const AnnouncementType type = typeAt(i);
        EXPECT_EQ(announcementTypeNamed(announcementTypeName(type)), type);
    }
    EXPECT_EQ(announcementTypeNamed(""), std::nullopt);
    EXPECT_EQ(announcementTypeNamed("Move"), std::nullopt);
    EXPECT_EQ(announcementTypeNamed("draw_offer"), std::nullopt);
    EXPECT_EQ(announcementTypeNamed("something-new"), std::nullopt);
}

// Clients read these names in the control socket's "event": they are the
// protocol, and stay as they were when announcements carried them as text.
TEST(AnnouncementTypes, TheWireNamesAreTheProtocols) {
    // clang-format off
    const std::pair<AnnouncementType, std::string_view> named[] = {
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
    };
    // clang-format on
    ASSERT_EQ(std::size(named), kAnnouncementTypeCount);
    for (const auto& [type, name] : named) EXPECT_EQ(announcementTypeName(type), name);
}

TEST(AnnouncementTypes, AreWrittenByTheirNames) {
    std::ostringstream out;
    out << AnnouncementType::DrawOffer;
    EXPECT_EQ(out.str(), "draw-offer");
}

}  // namespace
}  // namespace arbiter
