#include "tests/games/test_game.h"

namespace arbiter::testgames {

std::string turnRecord(const Game& game, const GameRecord& record) {
    std::string out, error;
    auto state = game.load(record.startText, error);
    for (size_t i = 0; state && i < record.actions.size(); ++i) {
        bool first = i == 0 || record.turnOf[i] != record.turnOf[i - 1];
        if (first) out += (i ? "\n" : "") + std::to_string(record.turnOf[i] + 1) + ".";
        out += " " + state->encode(record.actions[i]);
        state->apply(record.actions[i]);
    }
    return out.empty() ? out : out + "\n";
}

}  // namespace arbiter::testgames
