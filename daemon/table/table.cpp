#include "daemon/table/table.h"

#include <algorithm>
#include <filesystem>

#include <spdlog/spdlog.h>

#include "daemon/announce/position_picture.h"
#include "daemon/table/games_reply.h"

namespace arbiter {

namespace {
// How often lines the journal could not write are tried again.
constexpr Millis kJournalRetryMs = 1000;

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
    // Both as the game writes them: Table::create normalises the position asked for.
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

std::vector<BoardPlacement> placementsFor(const TableSettings& settings) {
    std::vector<BoardPlacement> placements;
    for (const BoardSetting& b : settings.boards) placements.push_back(b.placement);
    return placements;
}
}  // namespace

Table::Table(EventLoop& loop, TableSettings settings, std::unique_ptr<Game> game,
             AnnouncementSink& out)
    : loop_(loop),
      settings_(std::move(settings)),
      game_(std::move(game)),
      clockFace_(
          loop, settings_.clockFace, [this] { return clockPorts(); },
          [this]() -> std::optional<ClockedGame> {
              if (!session_) return std::nullopt;
              return session_->clocked();
          }),
      out_(announcer_),
      surface_(game_->start()->geometry(), placementsFor(settings_)) {
    announcer_.add(out);
    announcer_.add(clockFace_);
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

bool Table::dgtKeepsTime() const {
    return session_ ? session_->clock().control().keptByDgtClock()
                    : settings_.session.time.keptByDgtClock();
}

void Table::clockDisplay(int board, const ClockDisplay& shown) {
    if (!dgtKeepsTime()) return;
    // With clocks on several boards, the first to report keeps the time.
    if (timekeeper_ && *timekeeper_ != board) return;
    const bool arrived = !timekeeper_;
    timekeeper_ = board;
    timekeeperShown_ = shown;
    if (!session_ || session_->over()) return;
    session_->clockReported(clockReportOf(shown, settings_.clockFace.white));
    if (session_->over()) {
        refereeStale_ = true;
        armTimers();  // none is needed any more
        gameEnded();
        return;
    }
    if (arrived)
        out_.announce({"clock",
                       "The DGT clock on board " + surface_.placement(board).name +
                           " keeps the time: " + session_->clockTextNow() + ".",
                       {{"board", board}, {"connected", true}}});
}

void Table::clockDetached(int board) {
    if (!timekeeper_ || *timekeeper_ != board) return;
    timekeeper_.reset();
    timekeeperShown_.reset();
    if (!dgtKeepsTime() || !session_ || session_->over()) return;
    out_.announce({"clock",
                   "The DGT clock on board " + surface_.placement(board).name +
                       " is gone: the game keeps its last times (" + session_->clockTextNow() +
                       ") until a clock reports again.",
                   {{"board", board}, {"connected", false}}});
}

void Table::takeClockTimes() {
    if (!session_ || session_->over() || !dgtKeepsTime()) return;
    if (timekeeperShown_) {
        session_->clockReported(clockReportOf(*timekeeperShown_, settings_.clockFace.white));
        if (session_->over()) {
            refereeStale_ = true;
            armTimers();
            gameEnded();
        }
        return;
    }
    if (session_->clock().timesKnown()) return;  // resumed: the journal's times stand
    out_.announce({"clock",
                   "Waiting for the DGT clock: plug it into a board, set it and start it with its "
                   "lever. Until it reports, the game has no times.",
                   {{"connected", false}}});
}

void Table::clockButton(int board, ClockButton button) {
    if (!session_ || session_->over()) return;
    if (button == ClockButton::Ok) {
        session_->announceStatus();
        return;
    }
    if (button != ClockButton::Run) return;
    const ControlReply reply = session_->clock().paused() ? resumeClocks() : pauseClocks();
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
    std::unique_ptr<Table> table(new Table(loop, std::move(settings), std::move(game), out));
    table->start_ = startState(*table->game_, table->settings_.session.start, error);
    if (!table->start_) return nullptr;
    // As the game writes it, so that the journal of a game begun here matches it.
    if (!table->settings_.session.start.empty())
        table->settings_.session.start = table->start_->serialize();
    std::optional<JournalContents> unfinished;
    if (!findGameToResume(*table->game_, table->settings_, unfinished, error)) return nullptr;
    if (unfinished && table->settings_.newGame) {
        if (!table->closeUnfinished(*unfinished, error)) return nullptr;
        unfinished.reset();
    }
    if (unfinished) {
        table->session_ =
            Session::resume(*table->game_, *unfinished, table->out_, loop.time(), error);
        if (!table->session_) {
            error = "cannot resume: " + error + " (move the journal away to start afresh)";
            return nullptr;
        }
        table->armTimers();
        table->takeClockTimes();
    }
    for (size_t i = 0; i < table->settings_.boards.size(); ++i) {
        table->links_.push_back(std::make_unique<BoardLink>(
            loop, static_cast<int>(i), table->settings_.boards[i].device, *table));
    }
    return table;
}

bool Table::findGameToResume(const Game& game, const TableSettings& settings,
                             std::optional<JournalContents>& unfinished, std::string& error) {
    unfinished.reset();
    const std::string& dir = settings.session.journalDir;
    if (dir.empty()) return true;
    // A message of its own: `error` may hold a caller's earlier one.
    std::string damaged;
    auto found = findUnfinishedJournal(dir, damaged);
    if (!damaged.empty()) {
        error = "cannot resume: " + damaged + " (move the damaged journal away to start afresh)";
        return false;
    }
    if (!found) return true;
    // The surface and the boards are laid out for this table's cells: a game
    // begun on other cells cannot go on here. Checked before resuming, which
    // reopens the journal and announces the game.
    const Geometry cells = game.start()->geometry();
    const nlohmann::json& header = found->header;
    std::string unreadable;  // Session::resume says what is wrong with the header
    auto start = header.contains("start") && header["start"].is_string()
                     ? game.load(header["start"].get<std::string>(), unreadable)
                     : nullptr;
    if (start && !(start->geometry() == cells)) {
        auto size = [](const Geometry& g) {
            return std::to_string(g.files()) + "x" + std::to_string(g.ranks());
        };
        bool sameSize = start->geometry().files() == cells.files() &&
                        start->geometry().ranks() == cells.ranks();
        error = "cannot resume " + found->path + ": that game is played on " +
                size(start->geometry()) + " cells" +
                (sameSize ? " with other cells left out" : "") + ", but this table's " +
                game.name() + " is on " + size(cells) +
                "; start arbiterd with that game's size (--size), or move the journal "
                "away to start afresh";
        return false;
    }
    // What the table asks for must be what the game was played with: silently
    // resuming with other times or names surprised players. A game about to be
    // closed (--new-game) is not played on, so nothing it says can clash.
    if (!settings.newGame) {
        if (std::string clash = resumeClash(header, settings.session); !clash.empty()) {
            error = "an unfinished game is in " + found->path + ", " + clash +
                    "; leave those options out to resume it, or start afresh with "
                    "arbiterd --new-game";
            return false;
        }
    }
    unfinished = std::move(found);
    return true;
}

bool Table::positionToResume(const Game& game, const TableSettings& settings,
                             const TimeSource& time, std::unique_ptr<GameState>& position,
                             std::string& error) {
    position.reset();
    // The position asked for as the game writes it, as create() compares it.
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
        error = "cannot resume: " + error + " (move the journal away to start afresh)";
        return false;
    }
    position = session->current().clone();
    return true;
}

bool Table::closeUnfinished(const JournalContents& unfinished, std::string& error) {
    // Replayed in silence: the players asked not to go on with it.
    struct Silence : AnnouncementSink {
        void announce(const Announcement&) override {}
    } silence;
    auto old = Session::resume(*game_, unfinished, silence, loop_.time(), error);
    if (!old) {
        error = "cannot close the unfinished game: " + error + " (move the journal away instead)";
        return false;
    }
    const int moves = old->turns();
    if (std::string why = old->abandon(); !why.empty()) {
        error = "cannot close the unfinished game in " + unfinished.path + ": " + why;
        return false;
    }
    out_.announce({"abandoned",
                   "The unfinished game in " + unfinished.path + " (" + std::to_string(moves) +
                       " moves) is closed as abandoned, as --new-game asks; a new game begins.",
                   {{"journal", unfinished.path}, {"turns", moves}}});
    return true;
}

void Table::connectBoards() {
    if (!session_ && playedWithoutBoards()) {
        // Nothing to set up: the game is played through arbiterctl alone.
        startGame();
        return;
    }
    if (!session_)
        out_.announce({"waiting",
                       "Waiting for the start position of " + game_->name() + startSetup() + ".",
                       {}});
    for (auto& link : links_) link->connect();
    if (session_) lightGame();
}

std::string Table::startSetup() const {
    // Players know chess's start; a game of a few pieces is told piece by piece.
    constexpr size_t kMostKindsTold = 6;
    const GameState* start = start_.get();
    const auto cells = Referee::project(*start);
    std::vector<std::pair<SetPiece, std::string>> groups;  // set piece, its squares
    for (Cell c = 0; c < static_cast<Cell>(cells.size()); ++c) {
        if (!cells[static_cast<size_t>(c)]) continue;
        const SetPiece piece = *cells[static_cast<size_t>(c)];
        auto group = std::find_if(groups.begin(), groups.end(),
                                  [&](const auto& g) { return g.first == piece; });
        if (group == groups.end()) group = groups.insert(groups.end(), {piece, ""});
        group->second += (group->second.empty() ? "" : ", ") + start->geometry().name(c);
    }
    if (game_->name() == "fide" && settings_.session.start.empty())
        return " (the usual one: White on ranks 1 and 2, Black on 7 and 8, each queen on her own "
               "colour, d1 and d8)";
    if (groups.empty()) return ": every square empty";
    // Too many kinds to read out (Konfusion's six figures in two colours):
    // say where the whole of it is written.
    if (groups.size() > kMostKindsTold)
        return ": arbiterd with these options and --print-start prints each board's part of it";
    std::string text;
    for (const auto& [piece, squares] : groups)
        text += (text.empty() ? ": " : "; ") + game_->lookName(piece) + " on " + squares;
    return text;
}

void Table::boardConnected(int, const std::string&) {
    // Moves may have been made while it was away: the first judgement may catch up.
    if (session_ && onBoard_) catchUpPlies_ = 2;
}

void Table::boardDump(int board, const BoardSquares& squares) {
    BoardSquares read = squares;
    for (Appearance& square : read) {
        if (square) square = game_->read(*square);
    }
    surface_.boardDump(board, read, loop_.time().now());
    surfaceChanged();
}

void Table::squareChanged(int board, int square, Appearance content) {
    if (content) content = game_->read(*content);
    surface_.squareChanged(board, square, content, loop_.time().now());
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
    judgeTimer_.at(surface_.lastChange() + settings_.settleMs, [this] { judge(); });
    // Verdicts follow the events as they arrive (a few microseconds each); only
    // acting on one waits until the surface has been still for the settle time.
    early_.reset();
    if (session_ && !session_->over() && onBoard_ && surface_.allKnown()) {
        prepareReferee();
        early_ = referee_.judge(surface_, catchUpPlies_);
        earlyStamp_ = surface_.changeStamp();
        earlyPly_ = session_->ply();
        // A game whose every action on a board is one step (Sandkings) needs no
        // settle time: a piece put down is a whole step, and the next step may
        // follow faster than the boards are ever still. Until the boards show
        // what was said, nothing is a step, and that is judged at settle.
        if (early_->kind == Verdict::Kind::Commit && !game_->settleNeeded() && !boardBehind_) {
            judgeTimer_.cancel();
            judgeInGame();
            return;
        }
    }
    armLook();
    watchResultSignal();
}

void Table::prepareReferee() {
    const GameState& current = session_->current();
    if (!refereeStale_ && preparedFor_ == &current && preparedPly_ == session_->ply()) return;
    const auto& actions = session_->actions();
    // The last action leads from previous() to here unless chance came after it;
    // then the referee compares the two states cell by cell.
    bool direct = !actions.empty() && actions.back().kind != Action::Kind::Chance;
    referee_.prepare(current, session_->previous(), direct ? &actions.back() : nullptr, surface_);
    refereeStale_ = false;
    preparedFor_ = &current;
    preparedPly_ = session_->ply();
}

void Table::light(const std::vector<Cell>& cells) {
    const Geometry& g = surface_.geometry();
    std::vector<bool> wanted(static_cast<size_t>(g.size()), false);
    for (Cell c : cells) {
        if (c >= 0 && c < g.size()) wanted[static_cast<size_t>(c)] = true;
    }
    for (size_t b = 0; b < links_.size(); ++b) {
        const BoardPlacement& placement = surface_.placement(static_cast<int>(b));
        std::bitset<64> lit;
        for (int s = 0; s < 64; ++s) {
            const Cell c = Surface::cellOf(g, placement, s);
            if (c != NoCell && placement.used.test(static_cast<size_t>(s)) &&
                wanted[static_cast<size_t>(c)])
                lit.set(static_cast<size_t>(s));
        }
        links_[b]->light(lit);
    }
}

void Table::light(const std::vector<CellFix>& fixes) {
    std::vector<Cell> cells;
    for (const CellFix& f : fixes) cells.push_back(f.cell);
    light(cells);
}

void Table::lightGame() {
    std::vector<Cell> cells = session_->current().markedCells();
    // The last action that touched cells: a pass, the end of a turn or a
    // draw of chance after a move leaves that move lit.
    const auto& actions = session_->actions();
    for (auto a = actions.rbegin(); a != actions.rend(); ++a) {
        const size_t before = cells.size();
        if (a->from != NoCell) cells.push_back(a->from);
        cells.insert(cells.end(), a->path.begin(), a->path.end());
        if (a->to != NoCell) cells.push_back(a->to);
        if (cells.size() > before) break;
    }
    light(cells);
}

void Table::judge() {
    if (!surface_.allKnown()) return;
    if (!session_ || session_->over())
        judgeBeforeGame();
    else
        judgeInGame();
}

std::vector<int> Table::rotationsToTry() const {
    int configured = surface_.placement(0).rotation;
    if (settings_.boards.size() == 1 && !settings_.boards[0].rotationGiven)
        return {configured, (configured + 180) % 360};
    return {configured};
}

bool Table::orientTo(const GameState& target) {
    int original = surface_.placement(0).rotation;
    for (int rotation : rotationsToTry()) {
        surface_.setRotation(0, rotation);
        if (referee_.judge(target, nullptr, surface_).kind == Verdict::Kind::Settled) {
            if (rotation != original)
                spdlog::info("the board stands turned round ({} degrees); turning it in software",
                             rotation);
            return true;
        }
    }
    surface_.setRotation(0, original);
    return false;
}

void Table::judgeBeforeGame() {
    if (orientTo(*start_))
        startGame();
    else
        armSetupHint();
}

Table::NamedFixes Table::nameFixes(const std::vector<CellFix>& fixes, const Geometry& g,
                                   size_t most) const {
    NamedFixes out{{}, nlohmann::json::array()};
    for (size_t i = 0; i < fixes.size() && i < most; ++i) {
        std::string fix = describeFix(fixes[i], g, game_.get());
        out.text += (i ? "; " : "") + fix;
        out.named.push_back(fix);
    }
    if (fixes.size() > most)
        out.text += "; and " + std::to_string(fixes.size() - most) + " more squares";
    return out;
}

void Table::tellResumedSetup() {
    const GameState& now = session_->current();
    const auto fixes = Referee::fixesTo(now, surface_);
    light(fixes);
    const auto [text, named] = nameFixes(fixes, now.geometry(), kSetupFixesNamed);
    if (text == setupTold_) return;
    // The whole position the first time, as a picture to set it up from.
    std::string shown;
    if (setupTold_.empty()) {
        shown = " The position:";
        for (const std::string& line : positionPicture(now)) shown += "\n" + line;
    }
    setupTold_ = text;
    illegalShown_ = true;  // "The position is correct again" once it stands
    out_.announce({"setup",
                   "Set up the position of the resumed game: " + text + "." + shown,
                   {{"fixes", named}, {"count", fixes.size()}}});
}

void Table::armSetupHint() {
    if (setupTimer_.armed()) return;
    setupTimer_.after(settings_.setupHintMs, [this] {
        if (session_ && !session_->over()) return;
        tellSetup();
        armSetupHint();
    });
}

void Table::tellSetup() {
    if (!surface_.allKnown()) return;
    // The fewest fixes over the ways the board may stand: a board set up the
    // other way round is told in its own terms.
    const GameState* start = start_.get();
    const int original = surface_.placement(0).rotation;
    std::vector<CellFix> fixes;
    int best = original;
    for (int rotation : rotationsToTry()) {
        surface_.setRotation(0, rotation);
        auto these = Referee::fixesTo(*start, surface_);
        if (fixes.empty() || these.size() < fixes.size()) {
            fixes = std::move(these);
            best = rotation;
        }
    }
    // Lit on the board the way it stands, as the fixes are named.
    surface_.setRotation(0, best);
    light(fixes);
    surface_.setRotation(0, original);
    if (fixes.empty()) return;
    const auto [text, named] = nameFixes(fixes, start->geometry(), kSetupFixesNamed);
    const Millis now = loop_.time().now();
    if (text == setupTold_ && now - setupToldAt_ < settings_.setupRepeatMs) return;
    setupTold_ = text;
    setupToldAt_ = now;
    out_.announce({"setup",
                   "Still to set up the start position of " + game_->name() + ": " + text + ".",
                   {{"fixes", named}, {"count", fixes.size()}}});
}

void Table::startGame() {
    // A new game would leave the last one's waiting lines behind for good.
    if (session_ && !session_->retryJournal()) {
        spdlog::error("a new game waits until the last game's journal {} is written",
                      session_->journalPath());
        armJournalRetry();
        return;
    }
    std::string error;
    session_ = Session::begin(*game_, settings_.session, out_, loop_.time(), error);
    refereeStale_ = true;
    if (!session_) {
        spdlog::error("cannot start a game: {}", error);
        return;
    }
    onBoard_ = true;
    resuming_ = false;
    boardBehind_ = false;
    illegalShown_ = false;
    setupTimer_.cancel();
    setupTold_.clear();
    lightGame();
    surface_.markStill();
    lastFixes_.clear();
    armTimers();
    takeClockTimes();
}

void Table::judgeInGame() {
    if (!onBoard_) {
        // A resumed game: find which way round the board stands before judging.
        // If no rotation explains it, keep the configured one and let the
        // judgement below say what to fix.
        int original = surface_.placement(0).rotation;
        bool explained = false;
        for (int rotation : rotationsToTry()) {
            surface_.setRotation(0, rotation);
            auto kind = referee_.judge(session_->current(), session_->previous(), surface_, 2).kind;
            explained = kind != Verdict::Kind::Illegal && kind != Verdict::Kind::Ambiguous;
            if (explained) break;
        }
        if (!explained) surface_.setRotation(0, original);
        catchUpPlies_ = 2;
        onBoard_ = true;
        resuming_ = true;
        session_->announceStatus();
    }

    // Kings put in the centre are the result signal, never a position to fix.
    if (!resuming_ && !boardBehind_ && showsResultSignal()) return;
    // Moves the board has moved on from while it was never still.
    if (!pressing_) follow();
    if (!session_ || session_->over()) return;

    // The verdict reached when the last event arrived still holds if neither the
    // surface nor the game has changed since, and it found what the surface
    // shows; else sequences of moves made faster than the board settled are
    // looked for too.
    bool sameGame = !refereeStale_ && earlyPly_ == session_->ply();
    prepareReferee();
    const bool earlyHolds =
        early_ && sameGame && earlyStamp_ == surface_.changeStamp() &&
        (early_->kind == Verdict::Kind::Commit || early_->kind == Verdict::Kind::Settled);
    Verdict v = earlyHolds ? *early_
                           : referee_.judge(surface_,
                                            resuming_ ? catchUpPlies_ : Referee::kMostCatchUpPlies);
    early_.reset();
    catchUpPlies_ = 1;
    if (resuming_) {
        // After a restart the boards are often set up again from scratch:
        // until they show the game (or moves made meanwhile), what they show
        // is a position being set up, never a takeback or a move to complete.
        if (v.kind == Verdict::Kind::Pending || v.kind == Verdict::Kind::Unknown) return;
        if (v.kind != Verdict::Kind::Settled && v.kind != Verdict::Kind::Commit) {
            tellResumedSetup();
            return;
        }
        resuming_ = false;
        setupTold_.clear();
    }
    if (boardBehind_ && v.kind != Verdict::Kind::Settled && v.kind != Verdict::Kind::Unknown) {
        // Nothing the boards show is a move until they show what was said.
        v = Verdict{};
        v.kind = Verdict::Kind::Illegal;
        v.fixes = referee_.fixes(surface_);
    }
    if (v.kind == Verdict::Kind::Settled) boardBehind_ = false;
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
            if (illegalShown_) session_->announceFixed();
            break;
        case Verdict::Kind::Commit: {
            // Made when the surface last changed (it has been still since), or
            // at a press of the lever, which ends the move.
            const Millis madeAt = pressing_ ? loop_.time().now() : surface_.lastChange();
            bool recorded = true;
            for (const Action& a : v.actions) {
                recorded = session_->commit(a, {}, madeAt);
                if (!recorded || session_->over()) break;
            }
            committedSinceLever_ = true;
            refereeStale_ = true;
            // The mover's part is made; what the action does beyond it (pieces
            // removed far away) is for the players to make now, and the cells are
            // judged against the new state from here on.
            toClear_.clear();
            if (recorded && !session_->over() && !v.consequences.empty()) {
                session_->announceConsequences(v.consequences);
                for (const CellFix& f : v.consequences) toClear_.push_back(f.cell);
                armConsequencesReminder();
            }
            break;
        }
        case Verdict::Kind::Takeback:
            session_->takeback();
            refereeStale_ = true;
            break;
        case Verdict::Kind::Replace:
            // The last action was only the first part of this one (castling
            // begun with the rook): one action, recorded and announced once.
            session_->replace(v.actions.front());
            refereeStale_ = true;
            break;
        case Verdict::Kind::Ambiguous:
            session_->announceAmbiguous(v.candidates);
            break;
        case Verdict::Kind::Illegal: {
            // After a said action, only what the players were told to make is
            // still to make: no alarm, a reminder after a while.
            bool told =
                boardBehind_ && !toClear_.empty() && v.fixesComplete.empty() &&
                std::all_of(v.fixes.begin(), v.fixes.end(), [&](const CellFix& f) {
                    return std::find(toClear_.begin(), toClear_.end(), f.cell) != toClear_.end();
                });
            light(v.fixes);
            if (told) {
                armConsequencesReminder();
                return;
            }
            std::vector<std::string> fixes;
            for (const CellFix& f : v.fixes)
                fixes.push_back(describeFix(f, session_->current().geometry(), game_.get()));
            if (!illegalShown_ || fixes != lastFixes_)
                session_->announceIllegal(v.fixes, v.fixesComplete, v.refusal);
            illegalShown_ = true;
            lastFixes_ = fixes;
            return;
        }
    }
    illegalShown_ = false;
    lastFixes_.clear();
    chainShown_.clear();
    if (v.kind != Verdict::Kind::Commit) toClear_.clear();
    // What is still to make of the action lights up in its place; then the
    // action itself does, and stays lit when it ended the game.
    if (toClear_.empty())
        lightGame();
    else
        light(toClear_);
    armTimers();
    if (session_->over()) {
        gameEnded();
        return;
    }
    // Ready for the next sensor event rather than at it.
    prepareReferee();
}

void Table::gameEnded() {
    if (playedWithoutBoards()) {
        out_.announce(
            {"waiting", "Say arbiterctl new-game to begin a new game.", {{"by", "arbiterctl"}}});
        return;
    }
    out_.announce({"waiting", "Set up the start position to begin a new game.", {}});
    // Judge at once: a game drawn by repetition may end on the start position itself.
    surfaceChanged();
}

void Table::armJournalRetry() {
    if (journalTimer_.armed() || !session_ || session_->journalComplete()) return;
    journalTimer_.after(kJournalRetryMs, [this] {
        if (!session_->retryJournal()) {
            armJournalRetry();
            return;
        }
        // A game ended meanwhile: a start position already set up begins the
        // next one now.
        if (session_->over() && !playedWithoutBoards()) surfaceChanged();
    });
}

void Table::armTimers() {
    armJournalRetry();
    flagTimer_.cancel();
    limitTimer_.cancel();
    if (!session_ || session_->over()) return;
    if (auto at = session_->clock().flagAt()) {
        flagTimer_.at(*at, [this] {
            int ply = session_->ply();
            session_->checkFlag();
            refereeStale_ = true;
            // A player out on time in a game that goes on: their pieces come off.
            if (!session_->over() && session_->ply() != ply) {
                boardBehind_ = true;
                surfaceChanged();
            }
            if (session_->over())
                gameEnded();
            else
                armTimers();
        });
    }
    if (auto at = session_->timeLimitAt()) {
        limitTimer_.at(*at, [this] {
            session_->checkTimeLimit();
            refereeStale_ = true;
            if (session_->over())
                gameEnded();
            else
                armTimers();
        });
    }
}

void Table::announceChainStop(const Action& chain, int stops) {
    std::vector<Cell> made{chain.from};
    made.insert(made.end(), chain.path.begin(), chain.path.begin() + stops);
    if (made == chainShown_) return;
    chainShown_ = std::move(made);
    session_->announceChainStop(chain, stops);
}

void Table::armConsequencesReminder() {
    if (hintTimer_.armed()) return;
    hintTimer_.after(settings_.confirmHintMs, [this] {
        if (!session_ || session_->over()) return;
        // Still only what was left to do differs (it also looks like a takeback
        // begun, hence Pending): say it again rather than wait in silence.
        auto fixes = referee_.fixes(surface_);
        if (fixes.empty()) return;
        for (const CellFix& f : fixes) {
            if (std::find(toClear_.begin(), toClear_.end(), f.cell) == toClear_.end()) return;
        }
        session_->announceConsequences(fixes);
    });
}

void Table::armConfirmHint(const Verdict& v) {
    if (hintTimer_.armed()) return;
    hintTimer_.after(settings_.confirmHintMs, [this, actions = v.unconfirmed, cells = v.untouched] {
        if (session_ && !session_->over()) session_->announceUnconfirmed(actions, cells);
    });
}

std::string Table::legalNow() const {
    const GameState& now = session_->current();
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
    for (size_t i = 0; i < links_.size(); ++i)
        boards.push_back({{"name", surface_.placement(static_cast<int>(i)).name},
                          {"device", links_[i]->device().text()},
                          {"connected", links_[i]->connected()},
                          {"rotation", surface_.placement(static_cast<int>(i)).rotation}});
    nlohmann::json j = {{"game", game_->name()}, {"boards", boards}};
    if (session_) {
        j["session"] = session_->snapshot();
        j["waitingForStart"] = session_->over();
    } else {
        j["waitingForStart"] = true;
    }
    j["awaited"] = awaited();
    const bool playing = session_ && !session_->over();
    j["picture"] = positionPicture(playing ? session_->current() : *start_);
    return j;
}

std::string Table::awaited() const {
    if (!session_ || session_->over()) {
        if (playedWithoutBoards()) return "arbiterctl new-game to begin a game";
        return "the start position of " + game_->name() + " on the boards";
    }
    const GameState& now = session_->current();
    if (playedWithoutBoards()) return session_->playerName(now.toMove()) + " to act";
    if (!surface_.allKnown()) return "every board to be connected";
    if (!onBoard_) return "the boards to show the resumed position (the picture)";
    if (boardBehind_ || illegalShown_) {
        // What the players were told to make, as it stands now.
        constexpr size_t kNamedInStatus = 4;
        const std::string fixes =
            nameFixes(Referee::fixesTo(now, surface_), now.geometry(), kNamedInStatus).text;
        if (!fixes.empty()) return "the boards to be put right: " + fixes;
    }
    std::string text = session_->playerName(now.toMove()) + " to move";
    if (now.midTurn()) text += ", who may go on or end the turn (arbiterctl do end)";
    if (dgtKeepsTime() && !timekeeper_)
        text += session_->clock().timesKnown()
                    ? " (the DGT clock to come back: the game keeps its last times)"
                    : " (and the DGT clock: set it and start it with its lever)";
    return text;
}

ControlReply Table::newGame() {
    if (session_ && !session_->over()) {
        if (auto why = session_->abandon(); !why.empty()) return ControlReply::refused(why);
        armTimers();
        if (!playedWithoutBoards()) gameEnded();
    }
    // Without boards there is no start position to wait for.
    if (playedWithoutBoards()) startGame();
    return ControlReply::done();
}

ControlReply Table::act(const std::string& action, int player, const std::string& name) {
    if (!session_ || session_->over()) return ControlReply::refused("no game is in progress");
    if (!name.empty() && action != "join")
        return ControlReply::refused("only a player joining is given a name");
    PlayerId who = player < 0 ? session_->current().toMove() : player;
    int ply = session_->ply();
    refereeStale_ = true;  // whatever is said may change the state
    std::string why;
    bool showsOnBoard = true;  // what a leaver's pieces or a said move change
    if (action == "resign" || action == "leave")
        why = session_->resign(who);
    else if (action == "join")
        why = session_->join(name);
    else if (action == "draw-offer")
        why = session_->offerDraw(who);
    else if (action == "draw-accept")
        why = session_->acceptDraw(who);
    else if (action == "draw-claim")
        why = session_->claimDraw(who);
    else {
        // A game's own action, said rather than shown; the boards follow below.
        const GameState& now = session_->current();
        if (who != now.toMove())
            return ControlReply::refused("it is not " +
                                         (who < now.playerCount()
                                              ? session_->playerName(who)
                                              : "player " + std::to_string(who)) +
                                         "'s turn");
        auto a = now.decode(action);
        if (!a)
            return ControlReply::refused("\"" + action + "\" is not an action of " + game_->name() +
                                         " that can be made now; " + legalNow());
        if (a->kind == Action::Kind::Chance)
            return ControlReply::refused("chance is drawn by the referee, never said");
        if (std::string no = session_->timeLimitReached() ? now.refusedAfterTimeLimit(*a) : "";
            !no.empty())
            return ControlReply::refused("\"" + action + "\": " + no);
        if (std::string no = now.refusal(*a); !no.empty())
            return ControlReply::refused("\"" + action + "\": " + session_->withTableNames(no) +
                                         "; " + legalNow());
        showsOnBoard = !now.effect(*a).empty();
        if (!session_->commit(*a)) return ControlReply::refused("cannot record the game");
    }
    if (!why.empty()) return ControlReply::refused(why);
    if (!session_->over() && session_->ply() != ply && action != "join" && surface_.allKnown()) {
        // Said rather than shown (a move, a production, a Weapon, someone leaving
        // with their pieces): the boards must now show it. The players are told
        // what to make, as for any consequence, and nothing else is judged
        // until they have.
        auto fixes = Referee::fixesTo(session_->current(), surface_);
        bool told = std::all_of(fixes.begin(), fixes.end(), [&](const CellFix& f) {
            return std::find(toClear_.begin(), toClear_.end(), f.cell) != toClear_.end();
        });
        // What is still to make from an earlier action was said already.
        if (!fixes.empty() && !told) {
            session_->announceConsequences(fixes);
            toClear_.clear();
            for (const CellFix& f : fixes) toClear_.push_back(f.cell);
            light(fixes);
            boardBehind_ = true;
            illegalShown_ = true;  // said once the boards are right again
            surfaceChanged();
        }
    } else if (!session_->over() && session_->ply() != ply && action != "join" && showsOnBoard) {
        // Some board is away: once all are back, they must show what was said.
        boardBehind_ = true;
        toClear_.clear();
        surfaceChanged();
    }
    // A said action the boards already show (a pass, a choice): lit at once.
    if (!session_->over() && session_->ply() != ply && !boardBehind_ && !illegalShown_) lightGame();
    armTimers();
    if (session_->over()) gameEnded();
    return ControlReply::done();
}

ControlReply Table::takeback() {
    if (!session_ || session_->over()) return ControlReply::refused("no game is in progress");
    if (session_->ply() == 0) return ControlReply::refused("there is no move to take back");
    refereeStale_ = true;
    if (!session_->takeback()) return ControlReply::refused("cannot record the game");
    boardBehind_ = true;
    armTimers();
    surfaceChanged();
    return ControlReply::done();
}

ControlReply Table::pauseClocks() {
    if (!session_ || session_->over()) return ControlReply::refused("no game is in progress");
    if (auto why = session_->pauseClocks(); !why.empty()) return ControlReply::refused(why);
    armTimers();
    return ControlReply::done();
}

ControlReply Table::resumeClocks() {
    if (!session_ || session_->over()) return ControlReply::refused("no game is in progress");
    if (auto why = session_->resumeClocks(); !why.empty()) return ControlReply::refused(why);
    armTimers();
    return ControlReply::done();
}

ControlReply Table::games() const {
    return answerGames(settings_.session.journalDir, session_.get(), journalSummaries_);
}

}  // namespace arbiter
