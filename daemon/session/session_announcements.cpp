// What a session says about the boards: illegal positions and their fixes,
// ambiguous and unconfirmed moves, where the game stands.
#include "daemon/session/session.h"

#include <cstdint>

namespace arbiter {

void Session::announceIllegal(const std::vector<CellFix>& fixes,
                              const std::vector<Action>& completes, const std::string& refusal) {
    const ToldFixes told = tellFixes(fixes, current().geometry(), &game_, SIZE_MAX, &places_);
    const std::vector<std::string>& steps = told.words;
    std::string text = refusal.empty() ? "Illegal position. To fix: "
                                       : "Illegal position: " + saidAtTable(refusal) + ". To fix: ";
    for (size_t i = 0; i < steps.size(); ++i) text += (i ? "; " : "") + steps[i];
    text += ".";
    nlohmann::json data = {{"fixes", steps}, {"fixSteps", told.steps}};
    if (!refusal.empty()) data["refusal"] = saidAtTable(refusal);
    if (!completes.empty()) {
        std::string what = actionSaid(current(), completes.front());
        text += " (That completes " + what + ".)";
        data["completes"] = what;
    }
    record({{"type", "illegal"}, {"fixes", steps}, {"at", time_.wallClock()}});
    out_.announce({AnnouncementType::Illegal, text, data});
}

void Session::announceConsequences(const std::vector<CellFix>& toMake) {
    const ToldFixes told = tellFixes(toMake, current().geometry(), &game_, SIZE_MAX, &places_);
    const std::vector<std::string>& steps = told.words;
    std::string text = "Now ";
    for (size_t i = 0; i < steps.size(); ++i) text += (i ? "; " : "") + steps[i];
    text += ".";
    record({{"type", "consequences"}, {"fixes", steps}, {"at", time_.wallClock()}});
    out_.announce(
        {AnnouncementType::Consequences, text, {{"fixes", steps}, {"fixSteps", told.steps}}});
}

void Session::announceFixed() {
    record({{"type", "fixed"}, {"at", time_.wallClock()}});
    out_.announce({AnnouncementType::Fixed,
                   "The position is correct again. " +
                       settings_.players[static_cast<size_t>(current().toMove())] + " to move.",
                   {}});
}

void Session::announceAmbiguous(const std::vector<Action>& candidates) {
    std::vector<std::string> names;
    std::string text = "The board fits more than one move: ";
    std::string say;
    for (size_t i = 0; i < candidates.size(); ++i) {
        names.push_back(actionSaid(current(), candidates[i]));
        text += (i ? " or " : "") + names.back();
        say += (i ? " or " : "") + ("arbiterctl do " + current().encode(candidates[i]));
    }
    out_.announce({AnnouncementType::Ambiguous,
                   text + ". Make the position unambiguous, or say which: " + say + ".",
                   {{"candidates", names}}});
}

void Session::announceUnconfirmed(const std::vector<Action>& actions,
                                  const std::vector<Cell>& cells) {
    std::vector<std::string> names;
    std::string made;
    for (size_t i = 0; i < actions.size(); ++i) {
        names.push_back(actionSaid(current(), actions[i]));
        made += (i ? " or " : "") + names.back();
    }
    std::string where;
    std::vector<std::string> cellNames;
    nlohmann::json squares = nlohmann::json::array();
    for (size_t i = 0; i < cells.size(); ++i) {
        cellNames.push_back(current().geometry().name(cells[i]));
        where += (i ? " or " : "") + places_.cellText(cells[i], current().geometry());
        if (!places_.empty()) squares.push_back(places_.data(cells[i]));
    }
    nlohmann::json data = {{"candidates", names}, {"cells", cellNames}};
    if (!places_.empty()) data["squares"] = squares;
    out_.announce({AnnouncementType::Confirm,
                   "If you made " + made + ", lift the piece on " + where +
                       " and set it down again: the board cannot tell a capture from a piece "
                       "held in the hand.",
                   data});
}

void Session::announceChainStop(const Action& a, int stops) {
    std::string text = describeStops(current(), a, stops);
    if (text.empty()) return;
    text = saidAtTable(text);
    const std::string& name = settings_.players[static_cast<size_t>(current().toMove())];
    out_.announce({AnnouncementType::Chain,
                   name + ": " + text + ".",
                   {{"stops", stops}, {"made", text}, {"name", name}}});
}

void Session::announceKnockOuts(const GameState& before, PlayerId actor) {
    // The end of the game says who is left; until then a society taken or a
    // last piece lost is news to the table. Leaving is announced as such.
    if (current().outcome().over()) return;
    for (PlayerId p = 0; p < before.playerCount(); ++p) {
        if (p == actor || !inGame(before, p) || inGame(current(), p)) continue;
        const std::string& name = playerName(p);
        out_.announce({AnnouncementType::Out,
                       name + " is out of the game.",
                       {{"ply", ply()}, {"player", p}, {"name", name}}});
    }
}

void Session::announceStatus() {
    out_.announce({AnnouncementType::Status,
                   toMoveText(turns_) + ". " + clockTextNow(),
                   {{"ply", ply()}, {"state", current().serialize()}}});
}

}  // namespace arbiter
