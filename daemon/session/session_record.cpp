// How a session ends: the result line in the journal, the game's record in
// its own format beside it, and the announcement.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

#include <spdlog/spdlog.h>

#include "daemon/session/session.h"

namespace arbiter {

namespace {

// PGN's TimeControl tag (seconds): "300+3", hourglass "*300"; "?" for what PGN cannot say.
std::string pgnTimeControl(const TimeControl& t) {
    if (t.stages().size() > 1) return "?";
    switch (t.mode) {
        case TimeControl::Mode::Fischer:
            return std::to_string(t.base / 1000) + "+" + std::to_string(t.increment / 1000);
        case TimeControl::Mode::Hourglass:
            return "*" + std::to_string(t.base / 1000);
        default:
            return "?";
    }
}

}  // namespace

std::string Session::resultText(const Outcome& o) const {
    std::string who;
    for (PlayerId p : o.winners) {
        if (!who.empty()) who += " and ";
        who += settings_.players[static_cast<size_t>(p)];
    }
    if (o.status == Outcome::Status::Draw) return who.empty() ? "Draw" : "Draw between " + who;
    return who + (o.winners.size() == 1 ? " wins" : " win");
}

std::string Session::gameOverText(const Outcome& o) const {
    return "Game over: " + withTableNames(o.reason) + ". " + resultText(o) + ".";
}

std::string Session::saidAtTable(const std::string& text) const {
    // The squares first: a table's name for a seat is never read as a cell.
    return withTableNames(places_.withPlaces(text, current().geometry()));
}

std::string Session::actionSaid(const GameState& state, const Action& a) const {
    return withTableNames(places_.withActionPlaces(state.describe(a), a, state.geometry()));
}

std::string Session::withTableNames(const std::string& text) const {
    const GameState& state = current();
    // Longest names first, so that "Player 1" never takes the front of "Player 12".
    std::vector<PlayerId> seats;
    for (PlayerId p = 0; p < state.playerCount(); ++p) seats.push_back(p);
    std::sort(seats.begin(), seats.end(), [&](PlayerId a, PlayerId b) {
        return state.playerName(a).size() > state.playerName(b).size();
    });
    auto isWordChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
    // Marked first and named after, so that a table name is never replaced again.
    std::string marked = text;
    for (PlayerId p : seats) {
        const std::string from = state.playerName(p);
        const std::string& to = settings_.players[static_cast<size_t>(p)];
        if (from.empty() || from == to) continue;
        for (size_t at = marked.find(from); at != std::string::npos; at = marked.find(from, at)) {
            const size_t end = at + from.size();
            if ((at > 0 && isWordChar(marked[at - 1])) ||
                (end < marked.size() && isWordChar(marked[end]))) {
                at = end;
                continue;
            }
            const std::string mark = "\x01" + std::to_string(p) + "\x02";
            marked.replace(at, from.size(), mark);
            at += mark.size();
        }
    }
    std::string named;
    for (size_t i = 0; i < marked.size(); ++i) {
        if (marked[i] != '\x01') {
            named += marked[i];
            continue;
        }
        size_t close = marked.find('\x02', i);
        named += settings_.players[std::stoul(marked.substr(i + 1, close - i - 1))];
        i = close;
    }
    return named;
}

GameRecord Session::gameRecord(const Outcome& o, const std::string& termination) const {
    GameRecord rec;
    rec.startText = states_.front()->serialize();
    rec.actions = actions_;
    rec.clocks = clocksAfter_;
    for (size_t i = 0, turn = 0; i < actions_.size(); ++i) {
        rec.turnOf.push_back(static_cast<int>(turn));
        if (endsTurn(actions_[i], *states_[i + 1])) ++turn;
    }
    rec.outcome = o;
    rec.outcomeNote = o.reason;
    std::string date = started_.substr(0, 10);
    for (char& c : date) {
        if (c == '-') c = '.';
    }
    rec.tags = {{"Event", "arbiter game"}, {"Site", "?"}, {"Date", date}, {"Round", "-"}};
    // A seat's tag is the game's name for it: White and Black in chess (as PGN
    // wants), Player1, Player2, ... elsewhere.
    // The seats the machine played are "program" (PGN's WhiteType and
    // BlackType), and one tag says at which level each played.
    std::string machines;
    for (PlayerId p = 0; p < current().playerCount(); ++p) {
        std::string tag = current().playerName(p);
        tag.erase(std::remove(tag.begin(), tag.end(), ' '), tag.end());
        rec.tags.emplace_back(tag, settings_.players[static_cast<size_t>(p)]);
        if (const MachineSeat* m = machineSeatOf(p)) {
            rec.tags.emplace_back(tag + "Type", "program");
            machines += (machines.empty() ? "" : "; ") + current().playerName(p) + " at level " +
                        std::to_string(m->level);
        }
    }
    if (!machines.empty()) rec.tags.emplace_back("Machine", machines);
    rec.tags.emplace_back("TimeControl", pgnTimeControl(settings_.time));
    rec.tags.emplace_back("Termination", termination);
    // The rules the game was played by, where the game takes options (csipgs's
    // impassable squares, Skirmish's pieces): the moves alone may not replay.
    std::string options;
    for (const auto& [name, value] : game_.options().values)
        options += (options.empty() ? "" : " ") + name + "=" + value;
    if (!options.empty()) rec.tags.emplace_back("Options", options);
    return rec;
}

std::string Session::recordSoFar() const {
    if (!finishedRecord_.empty()) return finishedRecord_;
    return game_.exportRecord(gameRecord(outcome(), "unterminated"));
}

void Session::finish(const Outcome& o, Ending ending) {
    if (!o.over())
        abandoned_ = true;
    else if (!current().outcome().over())
        adjudicated_ = o;
    Millis now = time_.now();
    clock_.stop(now);
    limits_.stopPlay(now);

    // PGN's Termination tag (the PGN standard's supplemental tags), in every
    // record. A game stopped by a limit has the table's ruling for its result,
    // not one reached by play: an adjudication.
    const char* termination = !o.over()                       ? "abandoned"
                              : ending == Ending::OnTime      ? "time forfeit"
                              : ending == Ending::ByTheLimits ? "adjudication"
                                                              : "normal";
    std::string exported = game_.exportRecord(gameRecord(o, termination));
    finishedRecord_ = exported;

    const char* status = !o.over()                          ? "abandoned"
                         : o.status == Outcome::Status::Win ? "win"
                                                            : "draw";
    nlohmann::json event = {{"type", "result"},     {"status", status},
                            {"winners", o.winners}, {"reason", o.reason},
                            {"scores", scores()},   {"clock", clock_.remainingAll(now)},
                            {"moves", turns_},      {"at", time_.wallClock()}};
    if (journal_) {
        std::filesystem::path p(journal_->path());
        p.replace_extension(game_.recordExtension());
        std::ofstream file(p);
        file << exported;
        if (file) {
            recordPath_ = p.string();
            event["record"] = recordPath_;
        } else {
            spdlog::error("cannot write the game record {}", p.string());
        }
    }
    record(event);
    announceResult(out_, o);
}

void Session::announceResult(AnnouncementSink& to, const Outcome& o) const {
    std::string text = o.over() ? gameOverText(o) : std::string("Game abandoned without a result.");
    // Games that keep score say it with the result (Martian Chess, Skirmish).
    const std::vector<int> points = scores();
    if (o.over() && std::any_of(points.begin(), points.end(), [](int n) { return n != 0; })) {
        text += " Scores:";
        for (size_t p = 0; p < points.size(); ++p)
            text += (p ? ", " : " ") + settings_.players[p] + " " + std::to_string(points[p]);
        text += ".";
    }
    if (!recordPath_.empty()) text += " Record: " + recordPath_ + ".";
    const char* status = !o.over()                          ? "abandoned"
                         : o.status == Outcome::Status::Win ? "win"
                                                            : "draw";
    std::vector<std::string> winnerNames;
    for (PlayerId p : o.winners) winnerNames.push_back(settings_.players[static_cast<size_t>(p)]);
    to.announce({AnnouncementType::Result,
                 text,
                 {{"status", status},
                  {"winners", o.winners},
                  {"names", winnerNames},
                  {"reason", o.reason},
                  {"namedReason", withTableNames(o.reason)},
                  {"scores", points}}});
}

}  // namespace arbiter
