#include "tools/arbiterctl/readable_json.h"

#include <gtest/gtest.h>

namespace arbiter::ctl {
namespace {

using nlohmann::json;

TEST(ReadableJson, NestedStatusReadsAsIndentedLines) {
    json status = {{"game", "fide"},
                   {"over", false},
                   {"players", {"White", "Black"}},
                   {"boards", {{{"device", "/dev/ttyACM0"}, {"connected", true}}}},
                   {"clocks", {{"White", 900000}}},
                   {"result", nullptr},
                   {"history", json::array()}};
    EXPECT_EQ(readable(status),
              "boards:\n"
              "  - connected: true\n"
              "    device: /dev/ttyACM0\n"
              "clocks:\n"
              "  White: 900000\n"
              "game: fide\n"
              "history: (none)\n"
              "over: false\n"
              "players: White, Black\n"
              "result: -\n");
}

TEST(ReadableJson, ListsOfSentencesGoOneItemALine) {
    // A game's report: each line holds commas of its own, so joining them with
    // commas would lose where one ends.
    json status = {{"report", {"White: 3 zorkmids; reserve: Rook, Knight", "Black: 2 zorkmids"}},
                   {"long", json(std::vector<std::string>(12, "0123456789"))}};
    std::string text = readable(status);
    std::string report =
        "report:\n"
        "  - White: 3 zorkmids; reserve: Rook, Knight\n"
        "  - Black: 2 zorkmids\n";
    EXPECT_NE(text.find(report), std::string::npos) << text;
    EXPECT_NE(text.find("long:\n  - 0123456789\n  - 0123456789\n"), std::string::npos) << text;
}

}  // namespace
}  // namespace arbiter::ctl
