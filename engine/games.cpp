// The table of games: the one place that lists every engine module, each line
// its GameInfo with its factory.
#include "engine/colonization/colonization.h"
#include "engine/core/game.h"
#include "engine/cornerport/cornerport.h"
#include "engine/csipgs/csipgs.h"
#include "engine/fide/fide_game.h"
#include "engine/konfusion/konfusion.h"
#include "engine/martian/martian.h"
#include "engine/mobiatus/mobiatus.h"
#include "engine/powercoinz/powercoinz.h"
#include "engine/sandkings/sandkings.h"
#include "engine/skirmish/skirmish.h"

namespace arbiter {

const std::vector<GameInfo>& gameCatalog() {
    static const std::vector<GameInfo> catalog = {
        fideInfo(),      skirmishInfo(), csipgsInfo(),       martianInfo(),    powercoinzInfo(),
        konfusionInfo(), mobiatusInfo(), colonizationInfo(), cornerportInfo(), sandkingsInfo()};
    return catalog;
}

const GameInfo* gameInfo(std::string_view name) {
    for (const GameInfo& info : gameCatalog()) {
        if (info.name == name) return &info;
    }
    return nullptr;
}

std::vector<std::string> gameNames() {
    std::vector<std::string> names;
    for (const GameInfo& info : gameCatalog()) names.push_back(info.name);
    return names;
}

std::unique_ptr<Game> makeGame(std::string_view name, const GameOptions& options,
                               std::string& error) {
    const GameInfo* info = gameInfo(name);
    if (!info) {
        error = "unknown game \"" + std::string(name) + "\"; known games:";
        for (const auto& known : gameNames()) error += " " + known;
        return nullptr;
    }
    auto resolved = options.resolved(*info, error);
    if (!resolved) return nullptr;
    return info->make(*resolved, error);
}

std::unique_ptr<Game> makeGame(std::string_view name) {
    std::string error;
    return makeGame(name, GameOptions(), error);
}

}  // namespace arbiter
