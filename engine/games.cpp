// The registry of games: the one place that lists every engine module.
#include "engine/core/game.h"
#include "engine/fide/fide_game.h"
#include "engine/skirmish/skirmish.h"

namespace arbiter {

std::unique_ptr<Game> makeGame(std::string_view name) {
    if (name == "fide") return makeFideGame();
    if (name == "skirmish") return makeSkirmishGame();
    return nullptr;
}

std::vector<std::string> gameNames() {
    return {"fide", "skirmish"};
}

}  // namespace arbiter
