// libFuzzer target for a game's position text (Game::load), compiled once per
// game with ARBITER_FUZZ_GAME naming it (tests/fuzz/CMakeLists.txt): any text
// loads or is refused with a reason, never a crash. A loaded position writes
// itself out as text that loads to the same text; each of its legal actions
// encodes as text that decodes to it; after the first of them the position
// still round-trips.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "engine/core/game.h"
#include "tests/fuzz/fuzz_check.h"

#ifndef ARBITER_FUZZ_GAME
#error "ARBITER_FUZZ_GAME names the game whose position text this target reads"
#endif

namespace {

using arbiter::fuzzing::fuzzCheck;

const arbiter::Game& game() {
    static const std::unique_ptr<arbiter::Game> made = arbiter::makeGame(ARBITER_FUZZ_GAME);
    fuzzCheck(made != nullptr, "ARBITER_FUZZ_GAME is a game");
    return *made;
}

// The position's text loads again as the same text.
void checkRoundTrip(const arbiter::GameState& state) {
    const std::string text = state.serialize();
    std::string error;
    auto again = game().load(text, error);
    fuzzCheck(again != nullptr, "a position's own text loads");
    fuzzCheck(again->serialize() == text, "a position's own text loads as the same position");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string error;
    auto state = game().load(text, error);
    if (!state) {
        fuzzCheck(!error.empty(), "a refused position says why");
        return 0;
    }
    checkRoundTrip(*state);
    state->outcome();
    const auto actions = state->legalActions();
    for (const arbiter::Action& a : actions) {
        auto decoded = state->decode(state->encode(a));
        fuzzCheck(decoded.has_value() && *decoded == a, "a legal action's code decodes to it");
        fuzzCheck(state->isLegal(a), "a listed action is legal");
    }
    if (!actions.empty()) {
        state->describe(actions.front());
        state->apply(actions.front());
        checkRoundTrip(*state);
    }
    return 0;
}
