#include "daemon/table/table.h"

#include <algorithm>

#include <spdlog/spdlog.h>

#include "daemon/announce/position_picture.h"
#include "daemon/boards/piece_calibration.h"
#include "daemon/control/do_verb.h"
#include "daemon/referee/attempted_move.h"
#include "daemon/referee/referee.h"
#include "daemon/table/board_picture.h"
#include "daemon/table/resume.h"
#include "daemon/table/scene.h"

namespace arbiter {

namespace {
std::vector<BoardPlacement> placementsFor(const TableSettings& settings) {
    std::vector<BoardPlacement> placements;
    for (const BoardSetting& b : settings.boards) {
        placements.push_back(b.placement);
        placements.back().sensing = sensingOf(b.device, b.placement.sensing, settings.pieceTags);
    }
    return placements;
}
}  // namespace

Table::Table(EventLoop& loop, TableSettings settings, std::unique_ptr<Game> game,
             AnnouncementSink& out)
    : loop_(loop),
      desk_(loop, std::move(settings), std::move(game), *this),
      clockFace_(
          loop, desk_.settings().clockFace, [this] { return clockPorts(); },
          [this]() -> std::optional<ClockedGame> {
              if (!desk_.session()) return std::nullopt;
              return desk_.session()->clocked();
          }),
      surface_(desk_.game().start()->geometry(), placementsFor(desk_.settings())),
      guide_(loop, desk_, surface_, lights_, announcer_),
      judge_(loop, desk_, surface_, lights_, guide_, announcer_, *this) {
    announcer_.add(out);
    announcer_.add(clockFace_);
    announcer_.add(machine_);
    judge_.followMachine(machine_);
    desk_.keepJournalUntilWritten([this] {
        // A game ended meanwhile: a start position already set up begins the
        // next one now.
        if (!desk_.playing() && !desk_.playedWithoutBoards()) judge_.surfaceChanged();
    });
}

Table::~Table() = default;

std::unique_ptr<Table> Table::create(EventLoop& loop, TableSettings settings,
                                     std::unique_ptr<Game> game, AnnouncementSink& out,
                                     std::string& error) {
    const Geometry cells = game->start()->geometry();
    if (std::string why = checkLayout(settings.boards, cells); !why.empty()) {
        error = why;
        return nullptr;
    }
    auto start = startState(*game, settings.session.start, error);
    if (!start) return nullptr;
    std::unique_ptr<Table> table(new Table(loop, std::move(settings), std::move(game), out));
    table->desk_.setStart(std::move(start));
    if (!table->resumeUnfinished(error)) return nullptr;
    const auto& boards = table->desk_.settings().boards;
    for (size_t i = 0; i < boards.size(); ++i) {
        table->links_.push_back(std::make_unique<BoardLink>(
            loop, static_cast<int>(i), boards[i].device, *table, &table->buses_));
        table->links_.back()->identifyPiecesBy(table->desk_.settings().pieceTags);
    }
    return table;
}

bool Table::resumeUnfinished(std::string& error) {
    std::optional<JournalContents> unfinished;
    if (!findGameToResume(desk_.game(), desk_.settings(), unfinished, error)) return false;
    if (unfinished && desk_.settings().newGame) {
        if (!closeUnfinished(desk_.game(), *unfinished, loop_.time(), announcer_, error))
            return false;
        unfinished.reset();
    }
    if (!unfinished) return true;
    if (!desk_.resume(*unfinished, announcer_, error)) return false;
    judge_.gameResumed();
    desk_.armTimers();
    if (timekeeper_.takeClockTimes()) clockEndedGame();
    return true;
}

void Table::connectBoards() {
    if (!desk_.session() && desk_.playedWithoutBoards()) {
        // Nothing to set up: the game is played through arbiterctl alone.
        startGame();
        return;
    }
    if (!desk_.session())
        announcer_.announce(
            {AnnouncementType::Waiting,
             "Waiting for the start position of " + desk_.game().name() + guide_.startSetup() + ".",
             {}});
    for (auto& link : links_) link->connect();
    if (desk_.session()) lights_.lightGame(*desk_.session());
}

void Table::startShown() {
    startGame();
}

void Table::startGame() {
    if (!desk_.lastJournalWritten()) return;
    const bool begun = desk_.begin(announcer_);
    judge_.stale();
    if (!begun) return;
    judge_.gameBegun();
    guide_.gameOn();
    lights_.lightGame(*desk_.session());
    surface_.markStill();
    desk_.armTimers();
    if (timekeeper_.takeClockTimes()) clockEndedGame();
}

void Table::gameEnded() {
    judge_.gameOver();
    if (desk_.playedWithoutBoards()) {
        announcer_.announce({AnnouncementType::Waiting,
                             "Say arbiterctl new-game to begin a new game.",
                             {{"by", "arbiterctl"}}});
        return;
    }
    announcer_.announce(
        {AnnouncementType::Waiting, "Set up the start position to begin a new game.", {}});
    // Judge at once: a game drawn by repetition may end on the start position itself.
    judge_.surfaceChanged();
}

void Table::timeCalled(bool playerLeft) {
    judge_.stale();
    // A player out on time in a game that goes on: their pieces come off.
    if (!playerLeft) return;
    judge_.gameMovedOn();
    judge_.surfaceChanged();
}

void Table::clockEndedGame() {
    judge_.stale();
    desk_.armTimers();  // none is needed any more
    gameEnded();
}

std::vector<ClockPort*> Table::clockPorts() const {
    std::vector<ClockPort*> clocks;
    for (const auto& link : links_) {
        if (ClockPort* clock = link->clock()) clocks.push_back(clock);
    }
    return clocks;
}

void Table::boardConnected(int board, const std::string& device) {
    // A board found by probing (device = auto) is known only now: it is
    // read with what its protocol can tell, as a board named so would be.
    std::string error;
    if (auto spec = DeviceSpec::parse(device, error)) {
        const BoardSetting& setting = desk_.settings().boards[static_cast<size_t>(board)];
        const Sensing sensing =
            sensingOf(*spec, setting.placement.sensing, desk_.settings().pieceTags);
        if (sensing != surface_.placement(board).sensing) {
            surface_.setSensing(board, sensing);
            spdlog::info("board {}: read by {}, which is what a {} board tells", device,
                         sensing == Sensing::Occupancy ? "occupancy" : "colour and kind",
                         spec->driver());
        }
    }
    absences_.back(board, surface_.placement(board).name);
    judge_.boardCameBack();
}

void Table::boardDump(int board, const BoardSquares& squares) {
    surface_.boardDump(board, desk_.read(squares), loop_.time().now());
    judge_.surfaceChanged();
}

void Table::squareChanged(int board, int square, Appearance content) {
    surface_.squareChanged(board, square, desk_.read(content), loop_.time().now());
    judge_.surfaceChanged();
}

void Table::pieceTags(int board, const SquareTags& tags) {
    surface_.boardTags(board, tags, loop_.time().now());
    judge_.surfaceChanged();
}

void Table::boardLost(int board, const std::string& why) {
    surface_.boardLost(board, loop_.time().now());
    absences_.gone(board, surface_.placement(board).name, why);
    timekeeper_.clockDetached(board);
    judge_.surfaceChanged();
}

void Table::clockAttached(int) {
    clockFace_.clockAttached();
}

void Table::clockDisplay(int board, const ClockDisplay& shown) {
    if (timekeeper_.clockDisplay(board, shown)) clockEndedGame();
}

void Table::clockDetached(int board) {
    timekeeper_.clockDetached(board);
}

void Table::clockButton(int board, ClockButton button) {
    if (!desk_.playing()) return;
    if (button == ClockButton::Ok) {
        desk_.session()->announceStatus();
        return;
    }
    if (button != ClockButton::Run) return;
    const ControlReply reply = desk_.session()->clock().paused() ? resumeClocks() : pauseClocks();
    if (!reply.ok)
        announcer_.announce({AnnouncementType::Button,
                             "The run button of the clock on board " +
                                 surface_.placement(board).name +
                                 " does nothing now: " + reply.error + ".",
                             {{"board", board}, {"button", "run"}, {"refused", reply.error}}});
}

void Table::clockLever(int, bool) {
    judge_.clockLever();
}

nlohmann::json Table::status() const {
    nlohmann::json boards = nlohmann::json::array();
    const GameState& shown = desk_.playing() ? desk_.session()->current() : desk_.start();
    const std::vector<Appearance> wanted = Referee::project(shown);
    for (size_t i = 0; i < links_.size(); ++i) {
        const BoardPlacement& placement = surface_.placement(static_cast<int>(i));
        nlohmann::json board = Desk::boardStatus(placement.name, *links_[i]);
        board["rotation"] = placement.rotation;
        if (const std::string& label = desk_.settings().boards[i].label; !label.empty())
            board["label"] = label;
        // Each board as it lies, in its own squares: what its players set it up from.
        board["picture"] = boardPicture(placement, surface_.geometry(), wanted);
        boards.push_back(board);
    }
    nlohmann::json j = desk_.status(boards);
    if (desk_.session()) j["session"] = desk_.session()->snapshot();
    j["awaited"] = awaited();
    j["picture"] = positionPicture(shown);
    j["scene"] = scene(shown, boards);
    if (auto machine = machine_.status(); !machine.is_null()) {
        // What the hands must do on the boards for the machine, as the steps
        // a fix is told in: from what the boards show to the state after it.
        if (const auto only = machine_.accepted(*desk_.session());
            only && only->size() == 1 && machine["chosen"].is_object()) {
            auto after = desk_.session()->current().clone();
            after->apply(only->front());
            machine["chosen"]["toMake"] =
                sceneFixes(Referee::fixesTo(*after, surface_), after->geometry(), desk_.game(),
                           &desk_.places());
        }
        j["machine"] = std::move(machine);
    }
    return j;
}

void Table::machineTurnChanged() {
    judge_.stale();
    // What the machine chose is lit where it is to be made.
    if (const Session* session = desk_.session()) {
        if (const auto only = machine_.accepted(*session); only && only->size() == 1)
            lights_.lightAction(session->current(), only->front());
    }
    judge_.surfaceChanged();
}

void Table::machineActs(const Action& action) {
    const Session& session = *desk_.session();
    const PlayerId seat = session.current().toMove();
    const ControlReply made = act(session.current().encode(action), seat, {});
    if (!made.ok) spdlog::warn("the machine's action was refused: {}", made.error);
}

nlohmann::json Table::scene(const GameState& shown, const nlohmann::json& boards) const {
    nlohmann::json scene = sceneCells(shown, desk_.game());
    scene["boards"] = nlohmann::json::array();
    for (size_t i = 0; i < links_.size(); ++i) {
        nlohmann::json board = {{"name", boards[i]["name"]}, {"connected", boards[i]["connected"]}};
        if (boards[i].contains("label")) board["label"] = boards[i]["label"];
        board["squares"] =
            sceneBoardSquares(surface_.placement(static_cast<int>(i)), shown.geometry());
        scene["boards"].push_back(std::move(board));
    }
    scene["lastAction"] = nlohmann::json::array();
    // Between games the cells are the next start's: the last game's moves
    // are not on them.
    if (const Session* session = desk_.playing() ? desk_.session() : nullptr) {
        // The last action that touched a cell: a roll of Konfusion's dice or a
        // join after a move leaves the move highlighted.
        const auto& actions = session->actions();
        for (auto a = actions.rbegin(); a != actions.rend(); ++a) {
            scene["lastAction"] = sceneActionCells(*a, shown.geometry());
            if (!scene["lastAction"].empty()) break;
        }
    }
    scene["toFix"] = sceneFixes(fixesShown(shown), shown.geometry(), desk_.game(), &desk_.places());
    return scene;
}

std::vector<CellFix> Table::fixesShown(const GameState& shown) const {
    if (!surface_.allKnown()) return {};
    if (!desk_.playing()) return Referee::fixesTo(shown, surface_);
    if (isUnjudged(judge_.phase())) return {};
    if (!isBehind(judge_.phase()) && !judge_.toldToPutRight()) return {};
    const std::vector<CellFix>& told = judge_.toldFixes();
    return told.empty() ? Referee::fixesTo(shown, surface_) : told;
}

std::string Table::awaited() const {
    if (!desk_.playing()) {
        if (desk_.playedWithoutBoards()) return "arbiterctl new-game to begin a game";
        return "the start position of " + desk_.game().name() + " on the boards";
    }
    const Session& session = *desk_.session();
    const GameState& now = session.current();
    if (desk_.playedWithoutBoards()) return session.playerName(now.toMove()) + " to act";
    if (!surface_.allKnown()) return "every board to be connected";
    if (isUnjudged(judge_.phase())) return "the boards to show the resumed position (the picture)";
    if (isBehind(judge_.phase()) || judge_.toldToPutRight()) {
        // What the players were told to make, as it stands now: the fixes
        // the warning said (towards a legal action, when one was nearer),
        // else the way back to the position.
        constexpr size_t kNamedInStatus = 4;
        const std::vector<CellFix>& told = judge_.toldFixes();
        const std::string fixes =
            nameFixes(told.empty() ? Referee::fixesTo(now, surface_) : told, now.geometry(),
                      desk_.game(), kNamedInStatus, &desk_.places())
                .text;
        // A move all but made is completed, not put back: the picture (the
        // position before it) is the other way to make the boards right.
        if (const Action* completes = judge_.toldCompletes(); completes && !fixes.empty())
            return "the move " + session.actionSaid(now, *completes) +
                   " to be completed: " + fixes + " (or put back as the picture shows)";
        if (!fixes.empty()) return "the boards to be put right: " + fixes;
    }
    if (const auto only = machine_.accepted(session)) {
        const std::string machine = session.playerName(now.toMove()) + " (machine)";
        if (only->empty()) return machine + " to think";
        return machine + "'s " + session.actionSaid(now, only->front()) +
               " to be made on the boards";
    }
    std::string text = session.playerName(now.toMove()) + " to move";
    if (now.midTurn()) text += ", who may go on or end the turn (arbiterctl do end)";
    return text + timekeeper_.awaited();
}

ControlReply Table::newGame() {
    if (desk_.playing()) {
        if (ControlReply refused = desk_.abandon(); !refused.ok) return refused;
        if (desk_.playedWithoutBoards())
            judge_.gameOver();
        else
            gameEnded();
    }
    // Without boards there is no start position to wait for.
    if (desk_.playedWithoutBoards()) {
        startGame();
        return ControlReply::done({{"text", "new game begun"}});
    }
    return ControlReply::done({{"text", "new game: waiting for the start position"}});
}

ControlReply Table::act(const std::string& action, int player, const std::string& name) {
    if (!desk_.playing()) return Desk::noGame();
    const std::optional<DoVerb> verb = doVerbNamed(action);
    const bool joining = verb == DoVerb::Join;
    if (!name.empty() && !joining)
        return ControlReply::refused("only a player joining is given a name");
    Session& session = *desk_.session();
    // Said for no one, an action is the player to move's: while the boards
    // show a move not yet judged, that may be about to change hands.
    if (player < 0 && !joining && judge_.showsActionUnjudged())
        return ControlReply::refused(
            "a move on the boards is not judged yet, and the turn may be about to pass: say it "
            "again once the move is announced, or name the player with --player");
    PlayerId who = player < 0 ? session.current().toMove() : player;
    if (player < 0 && verb == DoVerb::DrawAccept) {
        // Never one's own offer: the other player accepts it.
        const std::optional<PlayerId> accepter = session.drawAccepter();
        if (!accepter)
            return ControlReply::refused(
                "more than one player has still to agree to the draw: name the one who accepts "
                "with --player");
        who = *accepter;
    }
    judge_.stale();            // whatever is said may change the state
    bool changesCells = true;  // what a leaver's pieces or a said move change
    return desk_.say(
        verb, who,
        [&] {
            if (!joining) return sayAction(action, who, changesCells);
            const std::string why = session.join(name);
            if (!why.empty()) return ControlReply::refused(why);
            const PlayerId newcomer = session.current().playerCount() - 1;
            return ControlReply::done({{"text", "joined: " + session.playerName(newcomer)}});
        },
        [&] { judge_.actionSaid(joining, changesCells); });
}

ControlReply Table::sayAction(const std::string& action, PlayerId who, bool& changesCells) {
    // A game's own action, said rather than shown; the boards follow.
    Session& session = *desk_.session();
    const GameState& now = session.current();
    if (who != now.toMove())
        return ControlReply::refused(
            "it is not " +
            (who < now.playerCount() ? session.playerName(who) : "player " + std::to_string(who)) +
            "'s turn");
    auto a = now.decode(action);
    if (!a) {
        // A move the game reads only when legal (chess): why not, from its cells.
        if (std::string no = refusalOfMoveSaid(now, action); !no.empty())
            return ControlReply::refused("\"" + action + "\": " + session.saidAtTable(no) + "; " +
                                         legalNow());
        return ControlReply::refused("\"" + action + "\" is not an action of " +
                                     desk_.game().name() + " that can be made now; " + legalNow());
    }
    if (a->kind == Action::Kind::Chance)
        return ControlReply::refused("chance is drawn by the referee, never said");
    // The machine's seat makes what the machine chose, and nothing else.
    if (const auto only = machine_.accepted(session);
        only && std::find(only->begin(), only->end(), *a) == only->end())
        return ControlReply::refused(
            session.playerName(who) + " is played by the machine, which " +
            (only->empty()
                 ? "is thinking"
                 : "chose " + session.actionSaid(now, only->front()) + ": make that on the board"));
    if (std::string no = session.timeLimitReached() ? refusedAfterTimeLimit(now, *a) : "";
        !no.empty())
        return ControlReply::refused("\"" + action + "\": " + no);
    if (std::string no = now.refusal(*a); !no.empty())
        return ControlReply::refused("\"" + action + "\": " + session.saidAtTable(no) + "; " +
                                     legalNow());
    changesCells = !now.effect(*a).empty();
    if (!session.commit(*a)) return ControlReply::refused("cannot record the game");
    return ControlReply::done({{"text", "said: " + action + " (" + session.playerName(who) + ")"}});
}

std::string Table::legalNow() const {
    const GameState& now = desk_.session()->current();
    auto legal = now.legalActions();
    if (legal.empty()) return "no action is legal now";
    constexpr size_t kShown = 8;
    std::string list = "legal now: ";
    for (size_t i = 0; i < legal.size() && i < kShown; ++i)
        list += (i ? ", " : "") + now.encode(legal[i]);
    if (legal.size() > kShown) list += " and " + std::to_string(legal.size() - kShown) + " more";
    return list;
}

ControlReply Table::takeback() {
    const bool possible = desk_.playing() && desk_.session()->ply() != 0;
    ControlReply reply = desk_.takeback(
        possible, [this] { judge_.stale(); },
        [this] { judge_.gameMovedOn(SurfaceJudge::MovedOn::Takeback); });
    if (reply.ok) judge_.surfaceChanged();
    return reply;
}

}  // namespace arbiter
