// What a moderated table answers through the control socket: each client's
// status, who may ask what (docs/control.md, "Who may ask what in a moderated
// game"), and the players' own actions and takebacks.

#include "daemon/announce/position_picture.h"
#include "daemon/control/control_protocol.h"
#include "daemon/control/do_verb.h"
#include "daemon/table/moderated_table.h"
#include "daemon/table/scene.h"

namespace arbiter {

namespace {

// Each player's board shows their own view, not a share of one surface: a
// picture draws the cells alone, and marks nothing that would tell one
// player's doings to another.
nlohmann::json cellsAlone(nlohmann::json scene) {
    scene["boards"] = nlohmann::json::array();
    scene["lastAction"] = nlohmann::json::array();
    scene["toFix"] = nlohmann::json::array();
    return scene;
}

}  // namespace

nlohmann::json ModeratedTable::statusFor(int seat) const {
    nlohmann::json boards = nlohmann::json::array();
    for (size_t i = 0; i < seats_.size(); ++i) {
        nlohmann::json board = Desk::boardStatus(desk_.settings().boards[i].name, *seats_[i].link);
        board["player"] = i;
        boards.push_back(board);
    }
    nlohmann::json j = desk_.status(boards);
    j["moderated"] = true;
    if (seat >= 0) j["as"] = seat;
    if (!desk_.session()) {
        j["awaited"] = "each player's view of the start on their own board";
        j["scene"] = cellsAlone(hiddenSceneCells(desk_.start().geometry()));
        return j;
    }
    const Session& session = *desk_.session();
    nlohmann::json snapshot = session.snapshot();
    // Counted as every announcement counts: a design change said raises it for no one.
    snapshot["ply"] = plyToldToEveryone(session);
    if (desk_.playing()) {
        // What names a cell, a piece or an action is for its player alone.
        snapshot.erase("state");
        snapshot.erase("lastMoves");
        snapshot.erase("report");
        if (seat >= 0 && seat < session.current().playerCount()) {
            const GameState& now = session.current();
            snapshot["state"] = viewText(now, seat);
            nlohmann::json report = nlohmann::json::array();
            for (const std::string& line : reportTo(now, seat))
                report.push_back(session.withTableNames(line));
            snapshot["report"] = report;
            const View seen = view(now, seat);
            const ViewedState viewed = viewOf(now, seat);
            j["picture"] = positionPicture(viewed, &seen);
            j["scene"] = sceneCells(viewed, desk_.game(), &seen);
        } else {
            j["scene"] = hiddenSceneCells(session.current().geometry());
        }
        j["awaited"] = session.playerName(session.current().toMove()) + " to move";
        // A player who connects after being told to put their board right
        // (after a restart, say) learns it here.
        if (seat >= 0 && seat < static_cast<int>(seats_.size()) &&
            !seats_[static_cast<size_t>(seat)].told.empty())
            j["awaited"] = "your board to be put right: " + seats_[static_cast<size_t>(seat)].told;
    } else {
        j["picture"] = positionPicture(session.current());
        j["scene"] = sceneCells(session.current(), desk_.game());
        j["awaited"] = "each player's view of the start on their own board";
    }
    j["scene"] = cellsAlone(std::move(j["scene"]));
    j["session"] = snapshot;
    return j;
}

ControlReply ModeratedTable::admit(const std::string& name, const std::string& secret, int& seat) {
    for (int p = 0; p < desk_.start().playerCount(); ++p) {
        if (nameOf(p) != name) continue;
        const std::string wanted = static_cast<size_t>(p) < desk_.settings().secrets.size()
                                       ? desk_.settings().secrets[static_cast<size_t>(p)]
                                       : std::string();
        // Compared whole, so that how long the answer takes tells nothing.
        unsigned char differs = secret.size() != wanted.size();
        for (size_t i = 0; i < secret.size(); ++i)
            differs |= static_cast<unsigned char>(secret[i] ^
                                                  wanted[i % std::max<size_t>(1, wanted.size())]);
        if (differs) return ControlReply::wrongSecret("wrong secret for " + name);
        seat = p;
        return ControlReply::done({{"player", p}, {"name", name}});
    }
    std::string list;
    for (int p = 0; p < desk_.start().playerCount(); ++p) list += (p ? ", " : "") + nameOf(p);
    return ControlReply::refused("no player is called \"" + name +
                                 "\" at this table; the "
                                 "players are " +
                                 list);
}

ControlReply ModeratedTable::mayAsk(int seat, const std::string& request) const {
    namespace kind = control::request;
    if (request == kind::kStatus || request == kind::kSubscribe || request == kind::kUnsubscribe ||
        request == kind::kGames || request == kind::kAs)
        return ControlReply::done();
    if (seat < 0)
        return ControlReply::refused(
            "in a moderated game only the players change anything, each as themselves: "
            "arbiterctl --as NAME " +
            request +
            " (with their secret in $ARBITER_SECRET); a client that has not said who it is may "
            "only watch (status, watch, games)");
    if (request == kind::kNewGame && desk_.playing())
        return ControlReply::refused(
            "a game is on: a player ends it by resigning (arbiterctl --as NAME do resign); only "
            "the operator abandons it (arbiterd --new-game)");
    if (request == kind::kTakeback && desk_.playing() && desk_.session()->canTakeBack()) {
        const PlayerId last = desk_.session()->previous()->toMove();
        if (last != seat)
            return ControlReply::refused("the last turn is " + nameOf(last) +
                                         "'s: a player takes back only their own");
    }
    return ControlReply::done();
}

ControlReply ModeratedTable::newGame() {
    if (desk_.playing()) {
        if (ControlReply refused = desk_.abandon(); !refused.ok) return refused;
        gameEnded();
    }
    return ControlReply::done({{"text", "new game: waiting for the start position"}});
}

ControlReply ModeratedTable::act(const std::string& action, int, const std::string&) {
    return ControlReply::refused(
        "in a moderated game each player says their actions as themselves: arbiterctl --as NAME "
        "do " +
        action + " (with their secret in $ARBITER_SECRET)");
}

ControlReply ModeratedTable::actAs(int player, const std::string& action) {
    if (!desk_.playing()) return Desk::noGame();
    if (player < 0 || player >= desk_.session()->current().playerCount())
        return ControlReply::refused("no such player");
    const std::vector<View> before = viewsNow();
    // No one joins a game of hidden views: "join" goes to the game, which has no such action.
    return desk_.say(
        doVerbNamed(action), player, [&] { return sayAction(action, player); },
        [&] { tellViews(before); });
}

ControlReply ModeratedTable::sayAction(const std::string& action, PlayerId player) {
    Session& session = *desk_.session();
    const GameState& now = session.current();
    if (player != now.toMove()) return ControlReply::refused("it is not your turn");
    auto a = now.decode(action);
    if (!a || a->kind == Action::Kind::Chance || a->changesRoster())
        return ControlReply::refused("\"" + action + "\" is not an action of " +
                                     desk_.game().name() + " that can be made now");
    if (std::string no = now.refusal(*a); !no.empty())
        return ControlReply::refused("\"" + action + "\": " + session.withTableNames(no));
    if (!session.commit(*a)) return ControlReply::refused("cannot record the game");
    // Said to this player alone: their own action.
    return ControlReply::done(
        {{"text", "said: " + action + " (" + session.playerName(player) + ")"}});
}

ControlReply ModeratedTable::takeback() {
    std::vector<View> before;
    return desk_.takeback(
        desk_.playing() && desk_.session()->canTakeBack(),
        [&] {
            before = viewsNow();
            const Session& session = *desk_.session();
            sorted_.takingBack(session.previous()->toMove(), lastActionIsSecret(session));
        },
        [&] { tellViews(before); });
}

}  // namespace arbiter
