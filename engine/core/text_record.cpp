#include "engine/core/text_record.h"

#include <sstream>

namespace arbiter {

bool movesNumberedInPairs(const GameState& state) {
    return state.playerCount() == 2 && state.geometry().size() > 0;
}

std::string textRecord(const GameRecord& record, GameState* state) {
    return textRecord(record, state, TextRecordStyle{});
}

std::string textRecord(const GameRecord& record, GameState* state, const TextRecordStyle& style) {
    std::ostringstream out;
    for (const auto& [tag, value] : record.tags) out << "[" << tag << " \"" << value << "\"]\n";
    out << "[Start \"" << record.startText << "\"]\n\n";
    for (size_t i = 0; state && i < record.actions.size(); ++i) {
        const Action& a = record.actions[i];
        const int turn = i < record.turnOf.size() ? record.turnOf[i] : static_cast<int>(i);
        const PlayerId mover = state->toMove();
        const std::string name = state->playerName(mover);
        const std::string said = style.describe ? style.describe(*state, a) : state->describe(a);
        const bool legal = state->isLegal(a);
        if (legal) state->apply(a);
        // Numbered by the position the action leaves, as the table
        // announced it (a player joining a game of two ends the pairs).
        if (style.turnsInPairs.value_or(movesNumberedInPairs(*state)))
            out << turn / 2 + 1 << (mover == 0 ? ". " : "... ");
        else
            out << turn + 1 << ". ";
        out << name << ": " << said << "\n";
        if (!legal) break;  // say no more than is known
    }
    auto names = [&](const std::vector<PlayerId>& who) {
        std::string text;
        for (size_t i = 0; i < who.size(); ++i)
            text += (i ? " and " : "") +
                    (state ? state->playerName(who[i]) : "Player " + std::to_string(who[i] + 1));
        return text;
    };
    const Outcome& o = record.outcome;
    out << "\nResult: ";
    if (!o.over())
        out << "unfinished";
    else if (o.status == Outcome::Status::Win)
        out << names(o.winners) << (o.winners.size() == 1 ? " wins" : " win");
    else if (o.winners.empty())
        out << "drawn";
    else
        out << "drawn between " << names(o.winners);
    const std::string note = record.outcomeNote.empty() ? o.reason : record.outcomeNote;
    if (!note.empty()) out << " (" << note << ")";
    out << "\n";
    return out.str();
}

}  // namespace arbiter
