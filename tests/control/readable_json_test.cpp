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

}  // namespace
}  // namespace arbiter::ctl
