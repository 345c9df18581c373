#include "tools/arbiterctl/game_replay.h"

#include <istream>
#include <memory>
#include <ostream>
#include <vector>

#include "daemon/announce/position_picture.h"
#include "daemon/journal/journal.h"
#include "daemon/session/session.h"

namespace arbiter::ctl {

namespace {

// What was said while replaying one event, kept until it is printed.
class SaidLines final : public AnnouncementSink {
  public:
    void announce(const Announcement& a) override { lines.push_back(a.text); }
    std::vector<std::string> lines;
};

// What one event printed: what was said, and the position it led to when
// it was a move (or the start); `ply` is where the game then stood.
struct Shown {
    int ply = 0;
    std::string text;
    bool move = false;
};

std::string positionText(const Session& session) {
    std::string text;
    for (const std::string& line : positionPicture(session.current())) text += line + "\n";
    for (const std::string& line : report(session.current()))
        text += session.withTableNames(line) + "\n";
    return text;
}

std::string heading(const JournalContents& journal, const Session& start) {
    const auto& header = journal.header;
    std::string text = header.value("game", std::string("?"));
    if (header.contains("time") && header["time"].is_string())
        text += ", " + header["time"].get<std::string>();
    text += ":";
    for (PlayerId p = 0; p < start.current().playerCount(); ++p) {
        text += (p ? ", " : " ") + start.playerName(p);
        if (start.playerName(p) != start.current().playerName(p))
            text += " (" + start.current().playerName(p) + ")";
    }
    if (header.contains("started") && header["started"].is_string())
        text += "; begun " + header["started"].get<std::string>();
    return text + "\nJournal: " + journal.path + "\n";
}

}  // namespace

int replayJournal(const ReplayRequest& request, std::ostream& out, std::ostream& err,
                  std::istream& in, const TimeSource& time) {
    constexpr int kShown = 0, kCannot = 2;
    auto cannot = [&](const std::string& why) {
        err << "arbiterctl: " << why << "\n";
        return kCannot;
    };
    std::string error;
    auto journal = readJournal(request.journal, error);
    if (!journal) return cannot(error);
    auto game = gameOfJournal(*journal, error);
    if (!game) return cannot(error);
    SaidLines said;
    auto reader = JournalReader::open(journal->path, error);
    if (!reader) return cannot(error);
    nlohmann::json event;
    if (!reader->next(event, error)) return cannot(error);
    auto session = Session::replayStart(*game, event, reader->where(), said, time, error);
    if (!session) return cannot(error);

    std::vector<Shown> shown = {{0, "Start\n" + positionText(*session), true}};
    while (reader->next(event, error)) {
        said.lines.clear();
        if (!session->replayEvent(event, reader->where(), &said, error)) return cannot(error);
        const std::string type = event["type"];
        std::string text;
        for (const std::string& line : said.lines) text += line + "\n";
        if (type == "move" || type == "takeback")
            shown.push_back({session->ply(), text + positionText(*session), type == "move"});
        else if (!text.empty())
            shown.push_back({session->ply(), text});
    }
    if (!error.empty()) return cannot(error);
    if (journal->droppedTornLine) {
        shown.push_back({session->ply(),
                         "(The journal's last line was cut short by a crash; that event was "
                         "never announced.)\n"});
    }
    // A game of hidden views (moderated csipgs Chess) still being played: its
    // journal names every move, which each player must not see.
    if (!journal->finished && session->current().hidden())
        return cannot(journal->path +
                      " is a game in which each player sees only part of the board, and it has "
                      "no result yet: it is replayed once it has ended (arbiterctl new-game ends "
                      "it as abandoned)");
    if (!journal->finished) shown.push_back({session->ply(), "The game has no result yet.\n"});

    out << heading(*journal, *session);
    if (request.ply) {
        if (*request.ply < 0 || *request.ply > session->ply())
            return cannot(journal->path + " has plies 0 to " + std::to_string(session->ply()) +
                          ", not " + std::to_string(*request.ply));
        // The last action to reach that ply is the one that stands in the
        // game as it ended: any before it were taken back.
        const Shown* at = nullptr;
        for (const Shown& s : shown) {
            if (s.move && s.ply == *request.ply) at = &s;
        }
        if (at) out << "\n" << at->text << std::flush;
        return kShown;
    }
    for (size_t i = 0; i < shown.size(); ++i) {
        out << "\n" << shown[i].text << std::flush;
        if (request.step && i + 1 < shown.size()) {
            out << "(Enter: next; q: stop) " << std::flush;
            std::string answer;
            if (!std::getline(in, answer) || answer == "q") break;
        }
    }
    return kShown;
}

}  // namespace arbiter::ctl
