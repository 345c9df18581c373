#include "daemon/table/table.h"

#include <algorithm>
#include <cassert>
#include <filesystem>

#include <spdlog/spdlog.h>

#include "daemon/announce/position_picture.h"
#include "daemon/table/board_orientation.h"
#include "daemon/table/resume.h"

namespace arbiter {

namespace {
std::vector<BoardPlacement> placementsFor(const TableSettings& settings) {
    std::vector<BoardPlacement> placements;
    for (const BoardSetting& b : settings.boards) placements.push_back(b.placement);
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
      out_(announcer_),
      surface_(desk_.game().start()->geometry(), placementsFor(desk_.settings())) {
    announcer_.add(out);
    announcer_.add(clockFace_);
    desk_.keepJournalUntilWritten([this] {
        // A game ended meanwhile: a start position already set up begins the
        // next one now.
        if (!desk_.playing() && !desk_.playedWithoutBoards()) surfaceChanged();
    });
}

std::vector<ClockPort*> Table::clockPorts() const {
    std::vector<ClockPort*> clocks;
    for (const auto& link : links_) {
        if (ClockPort* clock = link->clock()) clocks.push_back(clock);
    }
    return clocks;
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
        out_.announce({"button",
                       "The run button of the clock on board " + surface_.placement(board).name +
                           " does nothing now: " + reply.error + ".",
                       {{"board", board}, {"button", "run"}, {"refused", reply.error}}});
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
        table->links_.push_back(
            std::make_unique<BoardLink>(loop, static_cast<int>(i), boards[i].device, *table));
    }
    return table;
}

bool Table::resumeUnfinished(std::string& error) {
    std::optional<JournalContents> unfinished;
    if (!findGameToResume(desk_.game(), desk_.settings(), unfinished, error)) return false;
    if (unfinished && desk_.settings().newGame) {
        if (!closeUnfinished(desk_.game(), *unfinished, loop_.time(), out_, error)) return false;
        unfinished.reset();
    }
    if (!unfinished) return true;
    if (!desk_.resume(*unfinished, out_, error)) return false;
    setPhase(TablePhase::Resumed);
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
        out_.announce(
            {"waiting",
             "Waiting for the start position of " + desk_.game().name() + guide_.startSetup() + ".",
             {}});
    for (auto& link : links_) link->connect();
    if (desk_.session()) lights_.lightGame(*desk_.session());
}

void Table::boardConnected(int, const std::string&) {
    // Moves may have been made while it was away: the first judgement may catch up.
    if (desk_.session() && !isUnjudged(phase_)) catchUpPlies_ = 2;
}

void Table::boardDump(int board, const BoardSquares& squares) {
    surface_.boardDump(board, desk_.read(squares), loop_.time().now());
    surfaceChanged();
}

void Table::squareChanged(int board, int square, Appearance content) {
    surface_.squareChanged(board, square, desk_.read(content), loop_.time().now());
    surfaceChanged();
}

void Table::boardLost(int board, const std::string& why) {
    surface_.boardLost(board, loop_.time().now());
    out_.announce(
        {"board",
         "Board " + surface_.placement(board).name + " is gone (" + why +
             "); the game waits for it. Clocks keep running.",
         {{"board", board}, {"name", surface_.placement(board).name}, {"connected", false}}});
    clockDetached(board);
    surfaceChanged();
}

void Table::surfaceChanged() {
    hintTimer_.cancel();
    judgeTimer_.at(surface_.lastChange() + desk_.settings().settleMs, [this] { judge(); });
    // Verdicts follow the events as they arrive (a few microseconds each); only
    // acting on one waits until the surface has been still for the settle time.
    early_.reset();
    if (desk_.playing() && !isUnjudged(phase_) && surface_.allKnown()) {
        prepareReferee();
        early_ = referee_.judge(surface_, catchUpPlies_);
        earlyStamp_ = surface_.changeStamp();
        earlyPly_ = desk_.session()->ply();
        // A game whose every action on a board is one step (Sandkings) needs no
        // settle time: a piece put down is a whole step, and the next step may
        // follow faster than the boards are ever still. Until the boards show
        // what was said, nothing is a step, and that is judged at settle.
        if (early_->kind == Verdict::Kind::Commit && !desk_.game().settleNeeded() &&
            !isBehind(phase_)) {
            judgeTimer_.cancel();
            judgeInGame(Judging::Still);
            return;
        }
    }
    armLook();
    watchResultSignal();
}

void Table::prepareReferee() {
    const GameState& current = desk_.session()->current();
    if (!refereeStale_ && preparedFor_ == &current && preparedPly_ == desk_.session()->ply())
        return;
    const auto& actions = desk_.session()->actions();
    // The last action leads from previous() to here unless chance came after it;
    // then the referee compares the two states cell by cell.
    bool direct = !actions.empty() && actions.back().kind != Action::Kind::Chance;
    referee_.prepare(current, desk_.session()->previous(), direct ? &actions.back() : nullptr,
                     surface_);
    refereeStale_ = false;
    preparedFor_ = &current;
    preparedPly_ = desk_.session()->ply();
}

void Table::judge() {
    if (!surface_.allKnown()) return;
    if (!desk_.playing())
        judgeBeforeGame();
    else
        judgeInGame(Judging::Still);
}

void Table::judgeBeforeGame() {
    if (orientTo(surface_, desk_.settings().boards, desk_.start()))
        startGame();
    else
        guide_.armHint();
}

void Table::startGame() {
    if (!desk_.lastJournalWritten()) return;
    const bool begun = desk_.begin(out_);
    refereeStale_ = true;
    if (!begun) return;
    setPhase(TablePhase::Playing);
    toldToFix_.reset();
    guide_.gameOn();
    lights_.lightGame(*desk_.session());
    surface_.markStill();
    desk_.armTimers();
    if (timekeeper_.takeClockTimes()) clockEndedGame();
}

void Table::setPhase(TablePhase next) {
    assert(isStep(phase_, next));
    // A game is on in every phase but SettingUp.
    assert((next == TablePhase::SettingUp) == !desk_.playing());
    phase_ = next;
}

void Table::judgeInGame(Judging why) {
    if (isUnjudged(phase_)) {
        // A resumed game: find which way round the board stands before judging.
        // If no rotation explains it, keep the configured one and let the
        // judgement below say what to fix.
        orientToGame(surface_, desk_.settings().boards, *desk_.session());
        catchUpPlies_ = 2;
        setPhase(phase_ == TablePhase::ResumedBehind ? TablePhase::ResumingBehind
                                                     : TablePhase::Resuming);
        desk_.session()->announceStatus();
    }

    // Kings put in the centre are the result signal, never a position to fix.
    if (phase_ == TablePhase::Playing && showsResultSignal()) return;
    // Moves the board has moved on from while it was never still.
    if (why != Judging::Lever) follow();
    if (!desk_.playing()) return;

    // The verdict reached when the last event arrived still holds if neither the
    // surface nor the game has changed since, and it found what the surface
    // shows; else sequences of moves made faster than the board settled are
    // looked for too.
    bool sameGame = !refereeStale_ && earlyPly_ == desk_.session()->ply();
    prepareReferee();
    const bool earlyHolds =
        early_ && sameGame && earlyStamp_ == surface_.changeStamp() &&
        (early_->kind == Verdict::Kind::Commit || early_->kind == Verdict::Kind::Settled);
    Verdict v = earlyHolds
                    ? *early_
                    : referee_.judge(surface_, isResuming(phase_) ? catchUpPlies_
                                                                  : Referee::kMostCatchUpPlies);
    early_.reset();
    catchUpPlies_ = 1;
    if (isResuming(phase_)) {
        // After a restart the boards are often set up again from scratch:
        // until they show the game (or moves made meanwhile), what they show
        // is a position being set up, never a takeback or a move to complete.
        if (v.kind == Verdict::Kind::Pending || v.kind == Verdict::Kind::Unknown) return;
        if (v.kind != Verdict::Kind::Settled && v.kind != Verdict::Kind::Commit) {
            // "The position is correct again" once it stands.
            if (guide_.tellResumedSetup() && !toldToFix_) toldToFix_.emplace();
            return;
        }
        setPhase(phase_ == TablePhase::ResumingBehind ? TablePhase::BoardBehind
                                                      : TablePhase::Playing);
        guide_.gameOn();
    }
    if (isBehind(phase_) && v.kind != Verdict::Kind::Settled && v.kind != Verdict::Kind::Unknown) {
        // Nothing the boards show is a move until they show what was said.
        v = Verdict{};
        v.kind = Verdict::Kind::Illegal;
        v.fixes = referee_.fixes(surface_);
    }
    if (isBehind(phase_) && v.kind == Verdict::Kind::Settled) setPhase(TablePhase::Playing);
    if (v.kind == Verdict::Kind::Settled || v.kind == Verdict::Kind::Commit ||
        v.kind == Verdict::Kind::Takeback || v.kind == Verdict::Kind::Replace)
        surface_.markStill();
    switch (v.kind) {
        case Verdict::Kind::Unknown:
            return;
        case Verdict::Kind::Pending:
            if (v.chainStops > 0) announceChainStop(v.chain, v.chainStops);
            if (!v.unconfirmed.empty()) armConfirmHint(v);
            if (!toClear_.empty()) armConsequencesReminder();
            return;
        case Verdict::Kind::Settled:
            if (toldToFix_) desk_.session()->announceFixed();
            break;
        case Verdict::Kind::Commit: {
            // Made when the surface last changed (it has been still since), or
            // at a press of the lever, which ends the move.
            const Millis madeAt =
                why == Judging::Lever ? loop_.time().now() : surface_.lastChange();
            bool recorded = true;
            for (const Action& a : v.actions) {
                recorded = desk_.session()->commit(a, {}, madeAt);
                if (!recorded || desk_.session()->over()) break;
            }
            committedSinceLever_ = true;
            refereeStale_ = true;
            // The mover's part is made; what the action does beyond it (pieces
            // removed far away) is for the players to make now, and the cells are
            // judged against the new state from here on.
            toClear_.clear();
            if (recorded && !desk_.session()->over() && !v.consequences.empty()) {
                desk_.session()->announceConsequences(v.consequences);
                for (const CellFix& f : v.consequences) toClear_.push_back(f.cell);
                armConsequencesReminder();
            }
            break;
        }
        case Verdict::Kind::Takeback:
            desk_.session()->takeback();
            refereeStale_ = true;
            break;
        case Verdict::Kind::Replace:
            // The last action was only the first part of this one (castling
            // begun with the rook): one action, recorded and announced once.
            desk_.session()->replace(v.actions.front());
            refereeStale_ = true;
            break;
        case Verdict::Kind::Ambiguous:
            desk_.session()->announceAmbiguous(v.candidates);
            break;
        case Verdict::Kind::Illegal: {
            // After a said action, only what the players were told to make is
            // still to make: no alarm, a reminder after a while.
            bool told =
                isBehind(phase_) && !toClear_.empty() && v.fixesComplete.empty() &&
                std::all_of(v.fixes.begin(), v.fixes.end(), [&](const CellFix& f) {
                    return std::find(toClear_.begin(), toClear_.end(), f.cell) != toClear_.end();
                });
            lights_.light(v.fixes);
            if (told) {
                armConsequencesReminder();
                return;
            }
            std::vector<std::string> fixes;
            for (const CellFix& f : v.fixes)
                fixes.push_back(
                    describeFix(f, desk_.session()->current().geometry(), &desk_.game()));
            if (!toldToFix_ || fixes != *toldToFix_)
                desk_.session()->announceIllegal(v.fixes, v.fixesComplete, v.refusal);
            toldToFix_ = std::move(fixes);
            return;
        }
    }
    toldToFix_.reset();
    chainShown_.clear();
    if (v.kind != Verdict::Kind::Commit) toClear_.clear();
    // What is still to make of the action lights up in its place; then the
    // action itself does, and stays lit when it ended the game.
    if (toClear_.empty())
        lights_.lightGame(*desk_.session());
    else
        lights_.light(toClear_);
    desk_.armTimers();
    if (desk_.session()->over()) {
        gameEnded();
        return;
    }
    // Ready for the next sensor event rather than at it.
    prepareReferee();
}

void Table::gameEnded() {
    setPhase(TablePhase::SettingUp);
    if (desk_.playedWithoutBoards()) {
        out_.announce(
            {"waiting", "Say arbiterctl new-game to begin a new game.", {{"by", "arbiterctl"}}});
        return;
    }
    out_.announce({"waiting", "Set up the start position to begin a new game.", {}});
    // Judge at once: a game drawn by repetition may end on the start position itself.
    surfaceChanged();
}

void Table::timeCalled(bool playerLeft) {
    refereeStale_ = true;
    // A player out on time in a game that goes on: their pieces come off.
    if (!playerLeft) return;
    setPhase(behind(phase_));
    surfaceChanged();
}

void Table::clockEndedGame() {
    refereeStale_ = true;
    desk_.armTimers();  // none is needed any more
    gameEnded();
}

void Table::announceChainStop(const Action& chain, int stops) {
    std::vector<Cell> made{chain.from};
    made.insert(made.end(), chain.path.begin(), chain.path.begin() + stops);
    if (made == chainShown_) return;
    chainShown_ = std::move(made);
    desk_.session()->announceChainStop(chain, stops);
}

void Table::armConsequencesReminder() {
    if (hintTimer_.armed()) return;
    hintTimer_.after(desk_.settings().confirmHintMs, [this] {
        if (!desk_.playing()) return;
        // Still only what was left to do differs (it also looks like a takeback
        // begun, hence Pending): say it again rather than wait in silence.
        auto fixes = referee_.fixes(surface_);
        if (fixes.empty()) return;
        for (const CellFix& f : fixes) {
            if (std::find(toClear_.begin(), toClear_.end(), f.cell) == toClear_.end()) return;
        }
        desk_.session()->announceConsequences(fixes);
    });
}

void Table::armConfirmHint(const Verdict& v) {
    if (hintTimer_.armed()) return;
    hintTimer_.after(desk_.settings().confirmHintMs,
                     [this, actions = v.unconfirmed, cells = v.untouched] {
                         if (desk_.playing()) desk_.session()->announceUnconfirmed(actions, cells);
                     });
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

nlohmann::json Table::status() const {
    nlohmann::json boards = nlohmann::json::array();
    for (size_t i = 0; i < links_.size(); ++i) {
        const BoardPlacement& placement = surface_.placement(static_cast<int>(i));
        nlohmann::json board = Desk::boardStatus(placement.name, *links_[i]);
        board["rotation"] = placement.rotation;
        boards.push_back(board);
    }
    nlohmann::json j = desk_.status(boards);
    if (desk_.session()) j["session"] = desk_.session()->snapshot();
    j["awaited"] = awaited();
    j["picture"] = positionPicture(desk_.playing() ? desk_.session()->current() : desk_.start());
    return j;
}

std::string Table::awaited() const {
    if (!desk_.playing()) {
        if (desk_.playedWithoutBoards()) return "arbiterctl new-game to begin a game";
        return "the start position of " + desk_.game().name() + " on the boards";
    }
    const GameState& now = desk_.session()->current();
    if (desk_.playedWithoutBoards()) return desk_.session()->playerName(now.toMove()) + " to act";
    if (!surface_.allKnown()) return "every board to be connected";
    if (isUnjudged(phase_)) return "the boards to show the resumed position (the picture)";
    if (isBehind(phase_) || toldToFix_) {
        // What the players were told to make, as it stands now.
        constexpr size_t kNamedInStatus = 4;
        const std::string fixes =
            nameFixes(Referee::fixesTo(now, surface_), now.geometry(), desk_.game(), kNamedInStatus)
                .text;
        if (!fixes.empty()) return "the boards to be put right: " + fixes;
    }
    std::string text = desk_.session()->playerName(now.toMove()) + " to move";
    if (now.midTurn()) text += ", who may go on or end the turn (arbiterctl do end)";
    return text + timekeeper_.awaited();
}

ControlReply Table::newGame() {
    if (desk_.playing()) {
        if (ControlReply refused = desk_.abandon(); !refused.ok) return refused;
        if (desk_.playedWithoutBoards())
            setPhase(TablePhase::SettingUp);
        else
            gameEnded();
    }
    // Without boards there is no start position to wait for.
    if (desk_.playedWithoutBoards()) startGame();
    return ControlReply::done();
}

ControlReply Table::act(const std::string& action, int player, const std::string& name) {
    if (!desk_.playing()) return Desk::noGame();
    if (!name.empty() && action != "join")
        return ControlReply::refused("only a player joining is given a name");
    Session& session = *desk_.session();
    const PlayerId who = player < 0 ? session.current().toMove() : player;
    refereeStale_ = true;      // whatever is said may change the state
    bool changesCells = true;  // what a leaver's pieces or a said move change
    return desk_.say(
        action, who,
        [&] {
            if (action != "join") return sayAction(action, who, changesCells);
            const std::string why = session.join(name);
            return why.empty() ? ControlReply::done() : ControlReply::refused(why);
        },
        [&] { actionSaid(action == "join", changesCells); });
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
    if (!a)
        return ControlReply::refused("\"" + action + "\" is not an action of " +
                                     desk_.game().name() + " that can be made now; " + legalNow());
    if (a->kind == Action::Kind::Chance)
        return ControlReply::refused("chance is drawn by the referee, never said");
    if (std::string no = session.timeLimitReached() ? now.refusedAfterTimeLimit(*a) : "";
        !no.empty())
        return ControlReply::refused("\"" + action + "\": " + no);
    if (std::string no = now.refusal(*a); !no.empty())
        return ControlReply::refused("\"" + action + "\": " + session.withTableNames(no) + "; " +
                                     legalNow());
    changesCells = !now.effect(*a).empty();
    if (!session.commit(*a)) return ControlReply::refused("cannot record the game");
    return ControlReply::done();
}

void Table::actionSaid(bool joined, bool changesCells) {
    const Session& session = *desk_.session();
    if (!joined && surface_.allKnown()) {
        // Said rather than shown (a move, a production, a Weapon, someone leaving
        // with their pieces): the boards must now show it. The players are told
        // what to make, as for any consequence, and nothing else is judged
        // until they have.
        auto fixes = Referee::fixesTo(session.current(), surface_);
        bool told = std::all_of(fixes.begin(), fixes.end(), [&](const CellFix& f) {
            return std::find(toClear_.begin(), toClear_.end(), f.cell) != toClear_.end();
        });
        // What is still to make from an earlier action was said already.
        if (!fixes.empty() && !told) {
            desk_.session()->announceConsequences(fixes);
            toClear_.clear();
            for (const CellFix& f : fixes) toClear_.push_back(f.cell);
            lights_.light(fixes);
            setPhase(behind(phase_));
            if (!toldToFix_) toldToFix_.emplace();  // said once the boards are right again
            surfaceChanged();
        }
    } else if (!joined && changesCells) {
        // Some board is away: once all are back, they must show what was said.
        setPhase(behind(phase_));
        toClear_.clear();
        surfaceChanged();
    }
    // A said action the boards already show (a pass, a choice): lit at once.
    if (!isBehind(phase_) && !toldToFix_) lights_.lightGame(*desk_.session());
}

ControlReply Table::takeback() {
    const bool possible = desk_.playing() && desk_.session()->ply() != 0;
    ControlReply reply = desk_.takeback(
        possible, [this] { refereeStale_ = true; }, [this] { setPhase(behind(phase_)); });
    if (reply.ok) surfaceChanged();
    return reply;
}

}  // namespace arbiter
