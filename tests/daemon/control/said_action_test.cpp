// An action said with `do`, as the control layer reads it for every table:
// blanks around it (a copied move, a typed space too many) are dropped once,
// before any game reads it, so that every game takes " e2e4 " as it takes
// "e2e4"; four games once took them and three refused them.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "daemon/control/control_request.h"
#include "engine/core/game.h"

namespace arbiter {
namespace {

ParsedControlLine saying(const std::string& action) {
    return parseControlLine(nlohmann::json{{"type", "do"}, {"action", action}}.dump());
}

TEST(SaidAction, BlanksAroundAnActionAreDroppedForEveryGame) {
    for (const std::string& name : gameNames()) {
        SCOPED_TRACE(name);
        auto game = makeGame(name);
        ASSERT_TRUE(game);
        auto state = game->start();
        while (state->chance()) state->apply(state->legalActions().front());
        const auto legal = state->legalActions();
        ASSERT_FALSE(legal.empty());
        const std::string code = state->encode(legal.front());
        for (const std::string& said :
             {" " + code, code + " ", "\t" + code + "\r\n", "  " + code + "  "}) {
            const ParsedControlLine parsed = saying(said);
            ASSERT_EQ(parsed.kind, ParsedControlLine::Kind::Request) << parsed.error;
            EXPECT_EQ(parsed.request.action, code);
            auto read = state->decode(parsed.request.action);
            ASSERT_TRUE(read) << "\"" << said << "\"";
            EXPECT_EQ(*read, legal.front());
        }
    }
}

TEST(SaidAction, TheVerbsAreReadAlikeAndBlanksWithinAreKept) {
    EXPECT_EQ(saying(" resign\n").request.action, "resign");
    EXPECT_EQ(saying("remove 2:3 ").request.action, "remove 2:3");
}

TEST(SaidAction, AnActionOfBlanksAloneIsRefused) {
    for (const char* blank : {"", " ", "\t\r\n"}) {
        const ParsedControlLine parsed = saying(blank);
        EXPECT_EQ(parsed.kind, ParsedControlLine::Kind::Refused) << "\"" << blank << "\"";
        EXPECT_NE(parsed.error.find("needs \"action\""), std::string::npos) << parsed.error;
    }
}

}  // namespace
}  // namespace arbiter
