// What a session tells of where the game stands: the moves numbered as a
// score sheet numbers them, the last moves, the snapshot a status shows.
#include "daemon/session/session.h"
#include "engine/core/text_record.h"

namespace arbiter {

std::string Session::moveLabel(PlayerId mover, int turn) const {
    // Numbered by turns, so that every action of one turn carries its number;
    // a game not numbered in pairs says who acted.
    if (movesNumberedInPairs(current()))
        return std::to_string(turn / 2 + 1) + (mover == 0 ? ". " : "... ");
    return settings_.players[static_cast<size_t>(mover)] + ": ";
}

std::string Session::toMoveText(int turns) const {
    const std::string& name = settings_.players[static_cast<size_t>(current().toMove())];
    if (movesNumberedInPairs(current()))
        return name + " to play move " + std::to_string(turns / 2 + 1);
    return name + " to move after " + std::to_string(turns) + (turns == 1 ? " turn" : " turns");
}

std::vector<int> Session::scores() const {
    std::vector<int> all;
    for (PlayerId p = 0; p < current().playerCount(); ++p)
        all.push_back(current().resources(p).score);
    return all;
}

std::vector<std::string> Session::lastMoves(size_t n) const {
    std::vector<std::string> moves;
    for (size_t i = actions_.size(); i > 0 && moves.size() < n; --i) {
        const Action& a = actions_[i - 1];
        if (a.kind == Action::Kind::Chance || a.changesRoster()) continue;
        const GameState& before = *states_[i - 1];
        moves.push_back(moveLabel(actorOf(before, a), before_[i - 1].turns) +
                        actionSaid(before, a));
    }
    return {moves.rbegin(), moves.rend()};
}

nlohmann::json Session::snapshot() const {
    Millis now = time_.now();
    Outcome o = outcome();
    std::vector<bool> seated;
    for (PlayerId p = 0; p < current().playerCount(); ++p) seated.push_back(inGame(current(), p));
    std::vector<std::string> lines;
    for (const std::string& line : report(current())) lines.push_back(withTableNames(line));
    // The clocks as the players read them, in the announcements' own format.
    std::vector<std::string> clockTexts;
    for (PlayerId p = 0; p < current().playerCount(); ++p)
        clockTexts.push_back(clock_.timesKnown() ? GameClock::format(clock_.remaining(p, now))
                                                 : std::string("?"));
    constexpr size_t kLastMovesShown = 6;
    nlohmann::json j = {{"game", game_.name()},
                        {"state", current().serialize()},
                        {"ply", ply()},
                        {"toMove", current().toMove()},
                        {"players", settings_.players},
                        {"machines", machineSeatsJson(settings_.machines)},
                        {"time", settings_.time.text()},
                        {"clock", clock_.remainingAll(now)},
                        {"clockText", clockTexts},
                        {"lastMoves", lastMoves(kLastMovesShown)},
                        {"clockRunning", clock_.timeRuns()},
                        {"clockKnown", clock_.timesKnown()},
                        {"scores", scores()},
                        {"inGame", seated},
                        {"limits",
                         {{"time", limits_.limits().time},
                          {"moves", limits_.limits().moves},
                          {"played", limits_.played(now)},
                          {"rounds", limits_.rounds().done},
                          {"timeLimitReached", limits_.timeLimitReached()}}},
                        {"report", lines},
                        {"journal", journalPath()},
                        {"over", o.over() || abandoned_}};
    if (o.over()) {
        j["result"] = {{"status", o.status == Outcome::Status::Win ? "win" : "draw"},
                       {"winners", o.winners},
                       {"reason", withTableNames(o.reason)},
                       {"text", gameOverText(o)}};
    }
    return j;
}

}  // namespace arbiter
