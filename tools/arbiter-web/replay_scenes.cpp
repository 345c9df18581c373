#include "tools/arbiter-web/replay_scenes.h"

#include <memory>
#include <vector>

#include "daemon/journal/journal.h"
#include "daemon/session/session.h"
#include "daemon/table/scene.h"

namespace arbiter::web {

namespace {

// What was said while replaying one event.
class SaidLines final : public AnnouncementSink {
  public:
    void announce(const Announcement& a) override { lines.push_back(a.text); }
    std::vector<std::string> lines;
};

nlohmann::json position(const Session& session, const Game& game, const std::string& said) {
    nlohmann::json report = nlohmann::json::array();
    for (const std::string& line : arbiter::report(session.current()))
        report.push_back(session.withTableNames(line));
    nlohmann::json scene = sceneCells(session.current(), game);
    scene["boards"] = nlohmann::json::array();
    scene["toFix"] = nlohmann::json::array();
    scene["lastAction"] =
        session.actions().empty()
            ? nlohmann::json::array()
            : sceneActionCells(session.actions().back(), session.current().geometry());
    return {{"ply", session.ply()}, {"said", said}, {"scene", scene}, {"report", report}};
}

}  // namespace

nlohmann::json replayScenes(const std::string& journalPath, const TimeSource& time) {
    auto cannot = [](const std::string& why) { return nlohmann::json{{"error", why}}; };
    std::string error;
    auto journal = readJournal(journalPath, error);
    if (!journal) return cannot(error);
    auto game = gameOfJournal(*journal, error);
    if (!game) return cannot(error);
    auto reader = JournalReader::open(journal->path, error);
    if (!reader) return cannot(error);
    nlohmann::json event;
    if (!reader->next(event, error)) return cannot(error);
    SaidLines said;
    auto session = Session::replayStart(*game, event, reader->where(), said, time, error);
    if (!session) return cannot(error);

    nlohmann::json positions = nlohmann::json::array({position(*session, *game, "Start")});
    while (reader->next(event, error)) {
        said.lines.clear();
        if (!session->replayEvent(event, reader->where(), &said, error)) return cannot(error);
        const std::string type = event.value("type", "");
        std::string text;
        for (const std::string& line : said.lines) text += (text.empty() ? "" : "\n") + line;
        if (type == "move" || type == "takeback")
            positions.push_back(position(*session, *game, text));
    }
    if (!error.empty()) return cannot(error);
    if (!journal->finished && session->current().hidden())
        return cannot(journal->path +
                      " is a game in which each player sees only part of the board, and it has no "
                      "result yet: it is replayed once it has ended");
    nlohmann::json players = nlohmann::json::array();
    for (PlayerId p = 0; p < session->current().playerCount(); ++p)
        players.push_back(session->playerName(p));
    nlohmann::json result = session->snapshot().value("result", nlohmann::json::object());
    return {
        {"journal", journal->path},
        {"game", game->name()},
        {"players", players},
        {"positions", positions},
        {"result", result.value("text", journal->finished ? "" : "The game has no result yet.")}};
}

}  // namespace arbiter::web
