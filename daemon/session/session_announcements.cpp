// What a session says about the boards: illegal positions and their fixes,
// ambiguous and unconfirmed moves, where the game stands.
#include "daemon/session/session.h"

#include <cstdint>

namespace arbiter {

namespace {

std::string joined(const std::vector<std::string>& steps) {
    std::string text;
    for (size_t i = 0; i < steps.size(); ++i) text += (i ? "; " : "") + steps[i];
    return text;
}

// The lead of a "to-do" and its machine word in `data` ("due").
struct DueWords {
    const char* lead;
    const char* due;
};
DueWords dueWords(Session::WorkDue why) {
    switch (why) {
        case Session::WorkDue::Completion:
            return {"Still to do: ", "completion"};
        case Session::WorkDue::AfterTakeback:
            return {"Set up the position after the takeback: ", "takeback"};
        case Session::WorkDue::AfterSaid:
            return {"Set up the position as the game stands now: ", "said"};
        case Session::WorkDue::SayInstead:
            break;
    }
    return {"", "say"};
}

}  // namespace

void Session::announceIllegal(const std::vector<CellFix>& fixes,
                              const std::vector<Action>& completes, const std::string& refusal,
                              const Action* attempted) {
    const ToldFixes told = tellFixes(fixes, current().geometry(), &game_, SIZE_MAX, &places_);
    const std::vector<std::string>& steps = told.words;
    const std::string why = saidAtTable(refusal);
    // The action the hands were making, as typed, with its board squares.
    const std::string tried =
        attempted ? places_.withActionPlaces(current().encode(*attempted), *attempted,
                                             current().geometry())
                  : std::string();
    std::string text = "Illegal position";
    if (attempted && !why.empty())
        text += ": " + tried + " (" + why + ")";
    else if (!why.empty())
        text += ": " + why;
    text += ". To fix: " + joined(steps) + ".";
    nlohmann::json data = {{"fixes", steps}, {"fixSteps", told.steps}};
    if (!why.empty()) data["refusal"] = why;
    if (attempted) data["attempted"] = current().encode(*attempted);
    if (!completes.empty()) {
        std::string what = actionSaid(current(), completes.front());
        text += " (That completes " + what + ".)";
        data["completes"] = what;
    }
    record({{"type", "illegal"}, {"fixes", steps}, {"at", time_.wallClock()}});
    out_.announce({AnnouncementType::Illegal, text, data});
}

void Session::announceToDo(WorkDue why, const std::vector<CellFix>& fixes, const Action* action) {
    const ToldFixes told = tellFixes(fixes, current().geometry(), &game_, SIZE_MAX, &places_);
    const DueWords words = dueWords(why);
    nlohmann::json data = {{"due", words.due}, {"fixes", told.words}, {"fixSteps", told.steps}};
    std::string text = words.lead + joined(told.words) + ".";
    if (action && why == WorkDue::Completion) {
        const std::string what = actionSaid(current(), *action);
        text += " (That completes " + what + ".)";
        data["completes"] = what;
    } else if (action && why == WorkDue::SayInstead) {
        // Made on a board, it leaves what a piece in the hand leaves: said,
        // the referee knows it and says what to change.
        const std::string code = current().encode(*action);
        const std::string what = actionSaid(current(), *action);
        text = "That move is said, not read from the boards (" + what + "): say arbiterctl do " +
               code + ", and the boards are then told what to change. Or put it back: " +
               joined(told.words) + ".";
        data["say"] = "arbiterctl do " + code;
        data["action"] = what;
    }
    record(
        {{"type", "to-do"}, {"due", words.due}, {"fixes", told.words}, {"at", time_.wallClock()}});
    out_.announce({AnnouncementType::ToDo, text, data});
}

void Session::announceConsequences(const std::vector<CellFix>& toMake) {
    const ToldFixes told = tellFixes(toMake, current().geometry(), &game_, SIZE_MAX, &places_);
    const std::vector<std::string>& steps = told.words;
    const std::string text = "Now " + joined(steps) + ".";
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

void Session::announceAmbiguous(const std::vector<Action>& candidates,
                                const std::vector<std::optional<CellFix>>& tellingApart) {
    // Each reading numbered, so that the "or" between long ones is not lost.
    std::vector<std::string> names;
    std::string readings, steps, say;
    nlohmann::json stepData = nlohmann::json::array();
    for (size_t i = 0; i < candidates.size(); ++i) {
        const std::string number = "(" + std::to_string(i + 1) + ")";
        names.push_back(actionSaid(current(), candidates[i]));
        readings += (i ? "; or " : "") + number + " " + names.back();
        say += (i ? ", or " : "") + ("arbiterctl do " + current().encode(candidates[i])) + " for " +
               number;
        if (i >= tellingApart.size() || !tellingApart[i]) {
            stepData.push_back(nullptr);
            continue;
        }
        const FixStep step = fixStep(*tellingApart[i], current().geometry(), &game_, &places_);
        steps += (steps.empty() ? "for " : "; for ") + number + " " + describeFix(step);
        stepData.push_back(fixStepData(step));
    }
    std::string text =
        "The board fits " + std::to_string(candidates.size()) + " moves: " + readings + ". ";
    text += steps.empty() ? "No step on the boards tells them apart: say which: "
                          : "To tell them apart on the boards, " + steps + ". Or say which: ";
    out_.announce({AnnouncementType::Ambiguous,
                   text + say + ".",
                   {{"candidates", names}, {"tellApart", stepData}}});
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
