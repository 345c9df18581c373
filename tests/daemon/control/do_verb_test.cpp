#include "daemon/control/do_verb.h"

#include <gtest/gtest.h>

#include <set>
#include <string_view>
#include <utility>

namespace arbiter {
namespace {

DoVerb verbAt(size_t i) {
    return static_cast<DoVerb>(i);
}

TEST(DoVerbs, EveryVerbHasANameOfItsOwnThatComesBackAsIt) {
    std::set<std::string_view> names;
    for (size_t i = 0; i < kDoVerbCount; ++i) {
        const std::string_view name = doVerbName(verbAt(i));
        EXPECT_FALSE(name.empty()) << "verb " << i;
        EXPECT_TRUE(names.insert(name).second) << "\"" << name << "\" names two verbs";
        EXPECT_EQ(doVerbNamed(name), verbAt(i)) << name;
    }
}

// A do request's "action" says them as docs/control.md lists them.
TEST(DoVerbs, TheNamesAreTheProtocols) {
    const std::pair<DoVerb, std::string_view> named[] = {
        {DoVerb::Resign, "resign"},        {DoVerb::Leave, "leave"},
        {DoVerb::DrawOffer, "draw-offer"}, {DoVerb::DrawAccept, "draw-accept"},
        {DoVerb::DrawClaim, "draw-claim"}, {DoVerb::Join, "join"},
    };
    ASSERT_EQ(std::size(named), kDoVerbCount);
    for (const auto& [verb, name] : named) EXPECT_EQ(doVerbName(verb), name);
}

// Anything else is a game's own action, left for the game to read.
TEST(DoVerbs, AGamesOwnActionIsNoVerb) {
    for (std::string_view action :
         {"pass", "e2e4", "a1-b2", "Resign", "resign ", "draw", "", "join Eve", "draw_offer"})
        EXPECT_EQ(doVerbNamed(action), std::nullopt) << action;
}

}  // namespace
}  // namespace arbiter
