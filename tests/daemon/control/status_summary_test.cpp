#include "tools/arbiterctl/status_summary.h"

#include <gtest/gtest.h>

namespace arbiter::ctl {
namespace {

using nlohmann::json;

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// After a game ends the table waits for the next one; until it begins,
// status still says how the last one ended.
TEST(StatusSummary, AnEndedGameSaysItsResult) {
    json status = {{"game", "konfusion"},
                   {"awaited", "the start position of konfusion on the boards"},
                   {"session",
                    {{"over", true},
                     {"result",
                      {{"status", "win"},
                       {"winners", {0}},
                       {"reason", "move limit reached"},
                       {"text", "Game over: move limit reached. South wins."}}}}}};
    const std::string shown = statusSummary(status);
    EXPECT_TRUE(
        shown.starts_with("konfusion: waiting for the start position of konfusion on "
                          "the boards\nGame over: move limit reached. South wins.\n"))
        << shown;
    status["session"].erase("result");
    EXPECT_FALSE(contains(statusSummary(status), "Game over")) << statusSummary(status);
    EXPECT_EQ(statusSummary(json::array()), "arbiterd\n");
}

// Boards named like squares (a1, f6) are called by their labels.
TEST(StatusSummary, BoardsAreCalledByTheirLabels) {
    json status = {
        {"game", "konfusion"},
        {"boards",
         {{{"name", "a1"}, {"device", "vboard:a1"}, {"connected", true}, {"label", "board C"}},
          {{"name", "main"}, {"device", "dgt:/dev/ttyACM0"}, {"connected", false}},
          {{"name", "dgt:/dev/ttyACM1"}, {"device", "dgt:/dev/ttyACM1"}, {"connected", true}}}}};
    const std::string shown = statusSummary(status);
    EXPECT_TRUE(contains(shown, "\nBoard C (vboard:a1): connected\n")) << shown;
    EXPECT_TRUE(contains(shown, "\nBoard main (dgt:/dev/ttyACM0): not connected\n")) << shown;
    EXPECT_TRUE(contains(shown, "\nBoard dgt:/dev/ttyACM1: connected\n")) << shown;
}

}  // namespace
}  // namespace arbiter::ctl
