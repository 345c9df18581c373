#include "daemon/table/moderated_table.h"

#include <algorithm>

#include "daemon/boards/piece_calibration.h"
#include "daemon/referee/attempted_move.h"
#include "daemon/referee/viewed_state.h"
#include "daemon/table/resume.h"
#include "daemon/table/setup_guide.h"

namespace arbiter {

ModeratedTable::ModeratedTable(EventLoop& loop, TableSettings settings, std::unique_ptr<Game> game,
                               AnnouncementSink& out)
    : loop_(loop), desk_(loop, std::move(settings), std::move(game), *this) {
    announcer_.addPerPlayer(out);
}

ModeratedTable::~ModeratedTable() = default;

std::unique_ptr<ModeratedTable> ModeratedTable::create(EventLoop& loop, TableSettings settings,
                                                       std::unique_ptr<Game> game,
                                                       AnnouncementSink& out, std::string& error) {
    auto start = startState(*game, settings.session.start, error);
    if (!start) return nullptr;
    if (std::string why =
            checkPlayerBoards(settings.boards, start->geometry(), start->playerCount());
        !why.empty()) {
        error = why;
        return nullptr;
    }
    std::unique_ptr<ModeratedTable> table(
        new ModeratedTable(loop, std::move(settings), std::move(game), out));
    Desk& desk = table->desk_;
    desk.setStart(std::move(start));
    std::optional<JournalContents> unfinished;
    if (!findGameToResume(desk.game(), desk.settings(), unfinished, error)) return nullptr;
    if (unfinished && desk.settings().newGame) {
        // Closed, record and all: the operator's way to end a game the
        // players left, since new-game on the socket is refused while one is on.
        if (!closeUnfinished(desk.game(), *unfinished, loop.time(), table->announcer_, error))
            return nullptr;
        unfinished.reset();
    }
    // Said to the sorter: a resumed game names its moves to no one.
    if (unfinished && !desk.resume(*unfinished, table->sorted_, error)) return nullptr;
    const Geometry cells = desk.start().geometry();
    for (size_t i = 0; i < desk.settings().boards.size(); ++i) {
        const BoardSetting& board = desk.settings().boards[i];
        BoardPlacement placement = board.placement;
        placement.sensing = sensingOf(board.device, placement.sensing, desk.settings().pieceTags);
        // Resumed: every board must come to show its player's view first.
        table->seats_.push_back(
            Seat{Surface(cells, {placement}), Referee(),
                 std::make_unique<BoardLink>(loop, static_cast<int>(i), board.device, *table,
                                             &table->buses_),
                 desk.session() != nullptr, -1, std::string(), std::nullopt});
        table->seats_.back().link->identifyPiecesBy(desk.settings().pieceTags);
    }
    desk.armTimers();
    return table;
}

void ModeratedTable::connectBoards() {
    if (!desk_.session())
        announcer_.announce({AnnouncementType::Waiting,
                             "Waiting for the start of " + desk_.game().name() +
                                 ": each player sets up their own view on their own board "
                                 "(arbiterd --print-start shows each board's part).",
                             {}});
    for (Seat& seat : seats_) seat.link->connect();
}

void ModeratedTable::boardConnected(int board, const std::string&) {
    absences_.back(board, desk_.settings().boards[static_cast<size_t>(board)].name);
}

void ModeratedTable::boardDump(int board, const BoardSquares& squares) {
    seats_[static_cast<size_t>(board)].surface.boardDump(0, desk_.read(squares),
                                                         loop_.time().now());
    surfaceChanged();
}

void ModeratedTable::squareChanged(int board, int square, Appearance content) {
    seats_[static_cast<size_t>(board)].surface.squareChanged(0, square, desk_.read(content),
                                                             loop_.time().now());
    surfaceChanged();
}

void ModeratedTable::boardLost(int board, const std::string& why) {
    Seat& seat = seats_[static_cast<size_t>(board)];
    seat.surface.boardLost(0, loop_.time().now());
    seat.behind = desk_.playing();  // whatever happened meanwhile, it must show the view again
    absences_.gone(board, desk_.settings().boards[static_cast<size_t>(board)].name, why);
}

void ModeratedTable::surfaceChanged() {
    Millis last = 0;
    for (const Seat& seat : seats_) last = std::max(last, seat.surface.lastChange());
    judgeTimer_.at(last + desk_.settings().settleMs, [this] { judge(); });
}

ViewedState ModeratedTable::viewOf(const GameState& state, PlayerId p) const {
    return ViewedState(state.clone(), p);
}

std::vector<View> ModeratedTable::viewsNow() const {
    std::vector<View> views;
    for (PlayerId p = 0; p < static_cast<PlayerId>(seats_.size()); ++p)
        views.push_back(view(desk_.session()->current(), p));
    return views;
}

void ModeratedTable::judge() {
    for (const Seat& seat : seats_) {
        if (!seat.surface.allKnown()) return;
    }
    if (desk_.playing())
        judgeInGame();
    else
        judgeBeforeGame();
}

void ModeratedTable::judgeBeforeGame() {
    // Each player is told alone what is still to set up on their board: it
    // names only squares of their own view of the start.
    bool ready = true;
    for (PlayerId p = 0; p < static_cast<PlayerId>(seats_.size()); ++p) {
        Seat& seat = seats_[static_cast<size_t>(p)];
        const ViewedState view = viewOf(desk_.start(), p);
        auto fixes = Referee::fixesTo(view, seat.surface);
        std::vector<Cell> cells;
        for (const CellFix& f : fixes) cells.push_back(f.cell);
        const auto [text, named, steps] =
            nameFixes(fixes, view.geometry(), desk_.game(), SetupGuide::kFixesNamed);
        light(p, cells);
        ready = ready && fixes.empty();
        if (text == seat.told) continue;
        seat.told = text;
        if (!text.empty())
            announcer_.announce({AnnouncementType::Setup,
                                 nameOf(p) + ", still to set up on your board: " + text + ".",
                                 {{"fixes", named}, {"fixSteps", steps}, {"count", fixes.size()}},
                                 p});
    }
    if (ready) startGame();
}

std::string ModeratedTable::nameOf(PlayerId p) const {
    const auto& names = desk_.settings().session.players;
    return static_cast<size_t>(p) < names.size() ? names[static_cast<size_t>(p)]
                                                 : desk_.start().playerName(p);
}

void ModeratedTable::startGame() {
    if (!desk_.begin(sorted_)) return;
    for (PlayerId p = 0; p < static_cast<PlayerId>(seats_.size()); ++p) {
        Seat& seat = seats_[static_cast<size_t>(p)];
        seat.behind = false;
        seat.preparedPly = -1;
        seat.told.clear();
        seat.seenBefore.reset();
        seat.surface.markStill();
        light(p, {});
    }
    desk_.armTimers();
}

void ModeratedTable::judgeInGame() {
    const PlayerId mover = desk_.session()->current().toMove();
    for (PlayerId p = 0; p < static_cast<PlayerId>(seats_.size()); ++p) {
        Seat& seat = seats_[static_cast<size_t>(p)];
        if (p == mover && !seat.behind) continue;
        // A board that is not to be judged for a move must just show its view.
        if (checkView(p)) seat.behind = false;
    }
    // Every board shows its player's view of the resumed game: its clock runs.
    const bool allShown =
        std::none_of(seats_.begin(), seats_.end(), [](const Seat& seat) { return seat.behind; });
    if (allShown && desk_.session()->startHeldClock("Every board shows the game"))
        desk_.armTimers();
    if (mover >= 0 && mover < static_cast<PlayerId>(seats_.size()) &&
        !seats_[static_cast<size_t>(mover)].behind)
        judgeMover(mover);
}

void ModeratedTable::judgeMover(PlayerId p) {
    Seat& seat = seats_[static_cast<size_t>(p)];
    Session& session = *desk_.session();
    if (seat.preparedPly != session.ply()) {
        // No takeback is judged on a board: a player's board never shows the
        // state before the other's move. Takebacks are said (arbiterctl).
        seat.referee.prepare(viewOf(session.current(), p), nullptr, nullptr, seat.surface);
        seat.preparedPly = session.ply();
    }
    const Verdict v = seat.referee.judge(seat.surface);
    switch (v.kind) {
        case Verdict::Kind::Unknown:
        case Verdict::Kind::Pending:
        case Verdict::Kind::Takeback:
        case Verdict::Kind::Replace:
            return;
        case Verdict::Kind::Settled:
            if (!seat.told.empty()) {
                seat.told.clear();
                announcer_.announce(
                    {AnnouncementType::Fixed,
                     "Your board shows your view again. " + session.playerName(p) + " to move.",
                     {},
                     p});
                light(p, {});
            }
            return;
        case Verdict::Kind::Commit: {
            const std::vector<View> before = viewsNow();
            seat.surface.markStill();
            for (const Action& a : v.actions) {
                if (!session.commit(a) || session.over()) break;
            }
            // Once the game is over the boards are set up for the next one.
            if (!session.over()) tellViews(before);
            desk_.armTimers();
            if (session.over()) gameEnded();
            return;
        }
        case Verdict::Kind::Ambiguous: {
            std::string text = "Your board fits more than one action: ";
            std::string say;
            for (size_t i = 0; i < v.candidates.size(); ++i) {
                text += (i ? " or " : "") +
                        session.withTableNames(session.current().describe(v.candidates[i]));
                say += (i ? " or " : "") +
                       ("arbiterctl do " + session.current().encode(v.candidates[i]));
            }
            announcer_.announce(
                {AnnouncementType::Ambiguous, text + ". Say which: " + say + ".", {}, p});
            return;
        }
        case Verdict::Kind::Illegal: {
            std::vector<Cell> cells;
            std::string text;
            ToldFixes told;
            for (const CellFix& f : v.fixes) {
                cells.push_back(f.cell);
                told.add(viewFixStep(f, nullptr, nullptr));
                text += (text.empty() ? "" : "; ") + told.words.back();
            }
            light(p, cells);
            if (text == seat.told) return;
            seat.told = text;
            const std::string why = moveRefusal(v.fixes);
            nlohmann::json data = {{"fixes", told.words}, {"fixSteps", told.steps}};
            if (!why.empty()) data["refusal"] = why;
            announcer_.announce({AnnouncementType::Illegal,
                                 "Your board shows no legal action" +
                                     (why.empty() ? "" : ": " + why) + ". To fix: " + text + ".",
                                 data, p});
            return;
        }
    }
}

void ModeratedTable::tellViews(const std::vector<View>& before) {
    for (PlayerId p = 0; p < static_cast<PlayerId>(seats_.size()); ++p) {
        Seat& seat = seats_[static_cast<size_t>(p)];
        seat.told.clear();
        seat.preparedPly = -1;
        seat.seenBefore = before[static_cast<size_t>(p)];
        seat.behind = !checkView(p);
        tellFound(p, before[static_cast<size_t>(p)]);
    }
}

void ModeratedTable::tellFound(PlayerId p, const View& before) {
    // No piece on a board shows an impassable square: the player learns of
    // one only by being told (and by its light, on a board that has them).
    const GameState& state = desk_.session()->current();
    const View now = view(state, p);
    const Geometry& g = state.geometry();
    std::vector<std::string> found;
    for (Cell c = 0; c < static_cast<Cell>(g.size()); ++c) {
        if (now.knowsImpassable(c) && !before.knowsImpassable(c)) found.push_back(g.name(c));
    }
    if (found.empty()) return;
    std::string squares;
    for (size_t i = 0; i < found.size(); ++i)
        squares += (i == 0 ? "" : i + 1 == found.size() ? " and " : ", ") + found[i];
    const bool one = found.size() == 1;
    const std::string who = nameOf(p);
    const std::string text = who + ", you found " +
                             (one ? "an impassable square on " : "impassable squares on ") +
                             squares + ": no piece may enter or cross " + (one ? "it." : "them.");
    announcer_.announce({AnnouncementType::Found, text, {{"squares", found}, {"name", who}}, p});
}

std::string ModeratedTable::moveRefusal(const std::vector<CellFix>& fixes) const {
    const GameState& now = desk_.session()->current();
    const std::optional<AttemptedMove> tried = attemptedMove(now, fixes);
    if (!tried || tried->refusal.empty()) return {};
    return desk_.session()->withTableNames(tried->refusal);
}

namespace {

// Whether the piece the player saw as their own on `cell` was captured by the
// action that led to `now`, another player's (the cell may be out of their
// sight now, but that is not why its piece comes off).
bool capturedFrom(const View& before, const Session& session, Cell cell) {
    const size_t i = static_cast<size_t>(cell);
    if (i >= before.pieces.size() || !before.pieces[i] || before.pieces[i]->owner != before.player)
        return false;
    const GameState* previous = session.previous();
    if (!previous || previous->toMove() == before.player) return false;
    const auto now = session.current().pieceAt(cell);
    return !now || now->owner != before.player;
}

}  // namespace

FixStep ModeratedTable::viewFixStep(const CellFix& fix, const View* before,
                                    const View* seen) const {
    FixStep step = fixStep(fix, desk_.session()->current().geometry(), &desk_.game());
    const size_t i = static_cast<size_t>(fix.cell);
    // What came into sight or went out of it, told in the words of the view.
    if (before && i < before->looks.size() && before->looks[i] == fix.sensed) {
        if (!fix.sensed && fix.wanted)
            step.change = FixStep::ViewChange::Appeared;
        else if (fix.sensed && !fix.wanted && capturedFrom(*before, *desk_.session(), fix.cell))
            step.change = FixStep::ViewChange::Captured;
        else if (fix.sensed && !fix.wanted && seen && !seen->sees(fix.cell))
            step.change = FixStep::ViewChange::OutOfSight;
        else if (fix.sensed && !fix.wanted)
            step.change = FixStep::ViewChange::Gone;
        else if (fix.sensed && fix.wanted)
            step.change = FixStep::ViewChange::Became;
    }
    return step;
}

bool ModeratedTable::checkView(PlayerId p) {
    Seat& seat = seats_[static_cast<size_t>(p)];
    const auto fixes = Referee::fixesTo(viewOf(desk_.session()->current(), p), seat.surface);
    std::vector<Cell> cells;
    ToldFixes told;
    std::string text;
    const View* was = seat.seenBefore ? &*seat.seenBefore : nullptr;
    const View seen = view(desk_.session()->current(), p);
    for (const CellFix& f : fixes) {
        cells.push_back(f.cell);
        told.add(viewFixStep(f, was, &seen));
        text += (text.empty() ? "" : "; ") + told.words.back();
    }
    light(p, cells);
    if (fixes.empty()) {
        if (!seat.told.empty())
            announcer_.announce(
                {AnnouncementType::Fixed, "Your board shows your view again.", {}, p});
        seat.told.clear();
        seat.seenBefore.reset();
        return true;
    }
    if (text != seat.told) {
        seat.told = text;
        const std::string who = desk_.session()->playerName(p);
        announcer_.announce({AnnouncementType::View,
                             who + ", in your view: " + text + ".",
                             {{"fixes", told.words}, {"fixSteps", told.steps}, {"name", who}},
                             p});
    }
    return false;
}

void ModeratedTable::light(PlayerId p, const std::vector<Cell>& cells) {
    Seat& seat = seats_[static_cast<size_t>(p)];
    const Geometry& g = seat.surface.geometry();
    const BoardPlacement& placement = seat.surface.placement(0);
    // The impassable squares the player knows of are lit too: no piece shows them.
    const View seen = view(desk_.playing() ? desk_.session()->current() : desk_.start(), p);
    std::bitset<64> lit;
    for (int s = 0; s < 64; ++s) {
        const Cell c = Surface::cellOf(g, placement, s);
        if (c != NoCell &&
            (seen.knowsImpassable(c) || std::find(cells.begin(), cells.end(), c) != cells.end()))
            lit.set(static_cast<size_t>(s));
    }
    seat.link->light(lit);
}

void ModeratedTable::gameEnded() {
    announcer_.announce({AnnouncementType::Waiting,
                         "Set up the start (each player their own view) to begin a new game.",
                         {}});
    surfaceChanged();
}

}  // namespace arbiter
