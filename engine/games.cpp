// The registry of games: the one place that lists every engine module.
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
    if (name == "fide") return makeFideGame(*resolved);
    if (name == "skirmish") return makeSkirmishGame(*resolved, error);
    if (name == "csipgs") return makeCsipgsGame(*resolved, error);
    if (name == "martian") return makeMartianGame(*resolved, error);
    if (name == "powercoinz") return makePowercoinzGame(*resolved);
    if (name == "konfusion") return makeKonfusionGame(*resolved, error);
    if (name == "mobiatus") return makeMobiatusGame(*resolved, error);
    if (name == "colonization") return makeColonizationGame(*resolved, error);
    if (name == "cornerport") return makeCornerportGame(*resolved, error);
    if (name == "sandkings") return makeSandkingsGame(*resolved, error);
    error = "game \"" + std::string(name) + "\" is listed but not built";
    return nullptr;
}

std::unique_ptr<Game> makeGame(std::string_view name) {
    std::string error;
    return makeGame(name, GameOptions(), error);
}

}  // namespace arbiter
