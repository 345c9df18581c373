// Taking actions back: the last ply or a whole turn, the clocks given back as
// they stood, and an action replaced by the whole it was the first part of.
#include <spdlog/spdlog.h>

#include "daemon/session/session.h"

namespace arbiter {

void Session::undoLast() {
    const Before& b = before_.back();
    clock_.restore(b.clocks);
    limits_.restore(b.rounds);
    settings_.players = b.players;
    turns_ = b.turns;
    chanceCounter_ = b.chanceCounter;
    offersDraw_.resize(settings_.players.size(), false);
    before_.pop_back();
    states_.pop_back();
    actions_.pop_back();
    clocksAfter_.pop_back();
}

bool Session::canTakeBack() const {
    for (auto a = actions_.rbegin(); a != actions_.rend(); ++a) {
        if (a->kind != Action::Kind::Chance) return true;
    }
    return false;
}

bool Session::takeback() {
    std::string san;
    PlayerId mover = NoPlayer;
    std::vector<Millis> readings;
    if (!undoLastAction({}, san, mover, readings)) return false;
    announceTakeback(out_, san, mover, readings);
    return true;
}

bool Session::replace(const Action& whole) {
    const GameState* before = previous();
    if (!before || !before->isLegal(whole)) return false;
    std::string san;
    PlayerId mover = NoPlayer;
    std::vector<Millis> readings;
    if (!undoLastAction(before->encode(whole), san, mover, readings)) return false;
    // The mover's turn goes on as after a takeback, and ends with `whole`: one
    // increment, and the opponent's clock as it was before the part.
    return commitOne(whole, {}, san) && drawChance();
}

bool Session::undoLastAction(const std::string& replacedBy, std::string& undone, PlayerId& mover,
                             std::vector<Millis>& readings) {
    if (!canTakeBack()) return false;
    // Chance drawn after the player's action goes with it: undoing only the
    // draw would draw the same again at once.
    size_t plies = 1;
    while (actions_[actions_.size() - plies].kind == Action::Kind::Chance) ++plies;
    const size_t first = actions_.size() - plies;
    const Action action = actions_[first];
    const GameState& before = *states_[first];
    undone = actionSaid(before, action);
    ClockState restored = before_[first].clocks;
    nlohmann::json event = {{"type", "takeback"},
                            {"ply", ply()},
                            {"plies", plies},
                            {"action", before.encode(action)},
                            {"clock", restored.remaining},
                            {"at", time_.wallClock()}};
    if (!replacedBy.empty()) event["replacedBy"] = replacedBy;
    if (!record(event)) return false;
    mover = before.toMove();
    for (size_t i = 0; i < plies; ++i) undoLast();
    Millis now = time_.now();
    // The mover's clock starts again from the times journalled with the takeback.
    readings = clock_.remainingAll(now);
    if (!actions_.empty()) clock_.start(mover, now);
    if (actions_.empty()) limits_.stopPlay(now);  // back before the first move
    return true;
}

void Session::announceTakeback(AnnouncementSink& to, const std::string& undone, PlayerId mover,
                               const std::vector<Millis>& readings) const {
    // Where moves are said with the player's name, so is what is undone
    // ("Takeback of Ann's move: flips."); on a score sheet, the move alone.
    const std::string& moverName = settings_.players[static_cast<size_t>(mover)];
    const std::string undoneText = moveLabel(mover, 0).ends_with(": ")
                                       ? "Takeback of " + moverName + "'s move: " + undone + ". "
                                       : "Takeback: " + undone + " is undone. ";
    to.announce({AnnouncementType::Takeback,
                 undoneText + moverName + " to move. " + clockText(readings),
                 {{"ply", ply()}, {"undone", undone}}});
}

}  // namespace arbiter
