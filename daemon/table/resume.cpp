#include "daemon/table/resume.h"

#include <spdlog/spdlog.h>

#include "daemon/session/session.h"

namespace arbiter {

const char* const kNewGameAdvice =
    "--new-game to begin a new game (the unfinished game is then closed as abandoned; its "
    "journal stays)";

namespace {
// How the table's own settings contradict a journal's header: "it was played
// with 5+3, not 15+10"; empty when they do not (unset ones never do).
std::string resumeClash(const nlohmann::json& header, const SessionSettings& asked) {
    std::string clash;
    // A time that is no time control is not a clash but damage, which the
    // resume names with its line.
    const auto it = header.find("time");
    const auto played = it != header.end() && it->is_string()
                            ? TimeControl::parse(it->get<std::string>())
                            : std::nullopt;
    if (asked.timeGiven && played && played->text() != asked.time.text())
        clash = "played with " + played->text() + ", not " + asked.time.text();
    // Both as the game writes them: the desk keeps the position asked for so.
    if (!asked.start.empty() && header.contains("start") && header["start"].is_string() &&
        header["start"].get<std::string>() != asked.start)
        clash += (clash.empty() ? "begun from " : ", and begun from ") +
                 header["start"].get<std::string>() + " rather than the position asked for";
    if (!asked.players.empty() && header.contains("players") && header["players"].is_array()) {
        std::vector<std::string> names;
        for (const auto& n : header["players"])
            if (n.is_string()) names.push_back(n.get<std::string>());
        if (names != asked.players) {
            std::string list;
            for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
            clash += (clash.empty() ? "played by " : ", and by ") + list +
                     " rather than the players named";
        }
    }
    return clash;
}

// Why the game in `found` cannot go on on these cells; empty when it can.
std::string otherCells(const Game& game, const JournalContents& found) {
    // The surface and the boards are laid out for this table's cells: a game
    // begun on other cells cannot go on here. Checked before resuming, which
    // reopens the journal and announces the game.
    const Geometry cells = game.start()->geometry();
    const nlohmann::json& header = found.header;
    std::string unreadable;  // Session::resume says what is wrong with the header
    auto start = header.contains("start") && header["start"].is_string()
                     ? game.load(header["start"].get<std::string>(), unreadable)
                     : nullptr;
    if (!start || start->geometry() == cells) return {};
    auto size = [](const Geometry& g) {
        return std::to_string(g.files()) + "x" + std::to_string(g.ranks());
    };
    bool sameSize =
        start->geometry().files() == cells.files() && start->geometry().ranks() == cells.ranks();
    return "cannot resume " + found.path + ": that game is played on " + size(start->geometry()) +
           " cells" + (sameSize ? " with other cells left out" : "") + ", but this table's " +
           game.name() + " is on " + size(cells) +
           "; start arbiterd without --players, --size and --option to resume it with its "
           "own, or add " +
           kNewGameAdvice;
}
}  // namespace

bool findGameToResume(const Game& game, const TableSettings& settings,
                      std::optional<JournalContents>& unfinished, std::string& error) {
    unfinished.reset();
    const std::string& dir = settings.session.journalDir;
    if (dir.empty()) return true;
    // A message of its own: `error` may hold a caller's earlier one.
    std::string damaged;
    auto found = findUnfinishedJournal(dir, damaged);
    if (!damaged.empty() && settings.newGame) {
        // Kept as it is, for whoever wants to read it: the new game's journal
        // is the newest, and the one resumed next.
        spdlog::warn("cannot resume: {}; kept as it is, and a new game begins (--new-game)",
                     damaged);
        return true;
    }
    if (!damaged.empty()) {
        error = "cannot resume: " + damaged +
                " (add --new-game to begin a new game; the damaged journal is kept as it is)";
        return false;
    }
    if (!found) return true;
    // A game about to be closed (--new-game) is not played on, so nothing of
    // it can clash with this table: not its cells, nor what it was played with.
    if (settings.newGame) {
        unfinished = std::move(found);
        return true;
    }
    if (std::string why = otherCells(game, *found); !why.empty()) {
        error = why;
        return false;
    }
    // What the table asks for must be what the game was played with: silently
    // resuming with other times or names surprised players.
    if (std::string clash = resumeClash(found->header, settings.session); !clash.empty()) {
        error = "an unfinished game is in " + found->path + ", " + clash +
                "; leave those options out to resume it, or start afresh with "
                "arbiterd --new-game";
        return false;
    }
    unfinished = std::move(found);
    return true;
}

bool positionToResume(const Game& game, const TableSettings& settings, const TimeSource& time,
                      std::unique_ptr<GameState>& position, std::string& error) {
    position.reset();
    // The position asked for as the game writes it, as the table compares it.
    TableSettings asked = settings;
    if (!asked.session.start.empty()) {
        auto start = startState(game, asked.session.start, error);
        if (!start) return false;
        asked.session.start = start->serialize();
    }
    std::optional<JournalContents> unfinished;
    if (!findGameToResume(game, asked, unfinished, error)) return false;
    if (!unfinished || asked.newGame) return true;
    // Replayed as resume() would, writing nothing and saying nothing.
    Announcer silent;
    auto reader = JournalReader::open(unfinished->path, error);
    auto session = reader ? Session::replay(game, *reader, silent, time, error) : nullptr;
    if (!session) {
        error = "cannot resume: " + error +
                " (add --new-game to begin a new game; the journal is kept as it is)";
        return false;
    }
    position = session->current().clone();
    return true;
}

bool closeUnfinished(const Game& tableGame, const JournalContents& unfinished,
                     const TimeSource& time, AnnouncementSink& out, std::string& error) {
    // Replayed in silence: the players asked not to go on with it.
    struct Silence : AnnouncementSink {
        void announce(const Announcement&) override {}
    } silence;
    // Replayed as the game its journal names, which may be another than this
    // table's; else (a game no catalogue lists) as the table's.
    std::string unplayable;
    auto own = gameOfJournal(unfinished, unplayable);
    auto old = Session::resume(own ? *own : tableGame, unfinished, silence, time, unplayable);
    if (!old) {
        // Nothing is written to a journal that cannot be replayed: it stays as
        // it is, and the new game's journal, being newer, is the one resumed next.
        out.announce({AnnouncementType::Abandoned,
                      "The unfinished game in " + unfinished.path + " cannot be replayed (" +
                          unplayable +
                          "); its journal is kept as it is, and a new game begins, as "
                          "--new-game asks.",
                      {{"journal", unfinished.path}, {"turns", 0}}});
        return true;
    }
    const int moves = old->turns();
    if (std::string why = old->abandon(); !why.empty()) {
        error = "cannot close the unfinished game in " + unfinished.path + ": " + why;
        return false;
    }
    out.announce({AnnouncementType::Abandoned,
                  "The unfinished game in " + unfinished.path + " (" + std::to_string(moves) +
                      " moves) is closed as abandoned, as --new-game asks; a new game begins.",
                  {{"journal", unfinished.path}, {"turns", moves}}});
    return true;
}

}  // namespace arbiter
