#include "bench/machine_games.h"

#include <algorithm>
#include <map>
#include <optional>

#include "bench/cpu_time.h"
#include "engine/core/playout.h"
#include "engine/core/seeded_random.h"
#include "engine/machine/tree_search.h"

namespace arbiter::bench {

namespace {

std::unique_ptr<Game> gameWith(const std::string& name, int players,
                               const std::map<std::string, std::string>& values = {}) {
    GameOptions options;
    options.players = players;
    options.values = values;
    std::string error;
    return makeGame(name, options, error);
}

bool listedNow(const GameState& s, const Action& a) {
    const std::vector<Action> listed = s.legalActions();
    return std::find(listed.begin(), listed.end(), a) != listed.end();
}

// One search of the machine at `seat`, checked: its action, or nullopt and
// a fault.
std::optional<Action> machineAction(const GameState& s, uint64_t playouts, uint64_t seed,
                                    bool withStop, PlayedGame& game) {
    SearchLimits limits;
    limits.playouts = playouts;
    // A stop that fires at its first, second or third call.
    int calls = 0;
    const int firesAt = 1 + static_cast<int>(seed % 3);
    if (withStop) limits.stop = [&] { return ++calls == firesAt; };
    const double begin = threadCpuSeconds();
    const std::optional<SearchChoice> choice = chooseAction(s, seed, limits);
    const double seconds = threadCpuSeconds() - begin;
    MachineTurns& m = game.machine;
    ++m.searches;
    m.seconds += seconds;
    m.longestSeconds = std::max(m.longestSeconds, seconds);
    if (!choice) {
        game.fault = "the machine found nothing to choose in a game going on";
        return std::nullopt;
    }
    m.playouts += choice->playouts;
    m.mostPlayouts = std::max(m.mostPlayouts, choice->playouts);
    const uint64_t bound =
        withStop ? std::min<uint64_t>(playouts, uint64_t(firesAt - 1) * kStopPollEvery) : playouts;
    if (choice->playouts > bound)
        game.fault = "a search played " + std::to_string(choice->playouts) + " playouts of " +
                     std::to_string(bound);
    else if (!s.isLegal(choice->action) || !listedNow(s, choice->action) ||
             choice->action.changesRoster())
        game.fault = "the machine chose " + s.encode(choice->action) + ", not a listed action";
    if (!game.fault.empty()) return std::nullopt;
    return choice->action;
}

}  // namespace

std::vector<MachineTable> machineTables(bool larger) {
    std::vector<MachineTable> tables;
    for (const GameInfo& info : gameCatalog()) tables.push_back({info.name, makeGame(info.name)});
    tables.push_back({"konfusion with its die", gameWith("konfusion", 2, {{"die", "on"}})});
    if (larger) {
        tables.push_back({"martian for four", gameWith("martian", 4)});
        tables.push_back({"colonization for twelve", gameWith("colonization", 12)});
    }
    return tables;
}

MachineTable tableForTwo(const std::string& name) {
    const GameInfo* info = gameInfo(name);
    if (info && info->minPlayers <= 2) return {name, gameWith(name, 2)};
    return {name, makeGame(name)};
}

PlayedGame playGame(const Game& game, const GamePlan& plan) {
    PlayedGame played;
    std::unique_ptr<GameState> s = game.start();
    SeededRandom random(plan.seed);
    PlayoutScratch scratch;
    while (!s->outcome().over() && played.fault.empty()) {
        if (played.actions >= plan.cap) {
            played.capped = true;
            break;
        }
        const auto mover = static_cast<size_t>(s->toMove());
        const uint64_t playouts = mover < plan.playouts.size() ? plan.playouts[mover] : 0;
        std::optional<Action> next;
        if (playouts > 0 && !s->chance()) {
            const uint64_t seed = plan.seed * 1'000'003 + uint64_t(played.actions);
            const bool withStop = plan.tryStops && played.actions % 3 == 0;
            next = machineAction(*s, playouts, seed, withStop, played);
        } else if (const Action* drawn = randomPlayoutAction(*s, random, scratch)) {
            next = *drawn;
        } else {
            played.fault = "the game is stuck: nothing listed";
        }
        if (!next) break;
        s->apply(*next);
        ++played.actions;
    }
    played.outcome =
        played.capped ? stoppedOutcome(*s, "the bench's cap of actions") : s->outcome();
    return played;
}

}  // namespace arbiter::bench
