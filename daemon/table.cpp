#include "daemon/table.h"

#include <spdlog/spdlog.h>

namespace arbiter {

namespace {
std::vector<BoardPlacement> placementsFor(const TableSettings& settings) {
    // One 8x8 board covering the game's cells; several boards come with layouts.
    std::vector<BoardPlacement> placements;
    for (const DeviceSpec& d : settings.boards)
        placements.push_back({d.text(), 0, 0, 0, Sensing::ColourAndKind});
    return placements;
}
}  // namespace

Table::Table(EventLoop& loop, TableSettings settings, std::unique_ptr<Game> game,
             AnnouncementSink& out)
    : loop_(loop),
      settings_(std::move(settings)),
      game_(std::move(game)),
      out_(out),
      surface_(game_->start()->geometry(), placementsFor(settings_)) {}

Table::~Table() {
    if (judgeTimer_) loop_.cancel(*judgeTimer_);
    if (flagTimer_) loop_.cancel(*flagTimer_);
}

std::unique_ptr<Table> Table::create(EventLoop& loop, TableSettings settings, AnnouncementSink& out,
                                     std::string& error) {
    auto game = makeGame(settings.game);
    if (!game) {
        error = "unknown game \"" + settings.game + "\"; known games:";
        for (const auto& name : gameNames()) error += " " + name;
        return nullptr;
    }
    if (settings.boards.size() != 1) {
        error = "this game is played on exactly one board; name it with --board dgt:PATH";
        return nullptr;
    }
    std::unique_ptr<Table> table(new Table(loop, std::move(settings), std::move(game), out));
    const std::string& dir = table->settings_.session.journalDir;
    if (!dir.empty()) {
        auto unfinished = findUnfinishedJournal(dir, error);
        if (!error.empty()) {
            error = "cannot resume: " + error + " (move the damaged journal away to start afresh)";
            return nullptr;
        }
        if (unfinished) {
            table->session_ = Session::resume(*table->game_, *unfinished, out, loop.time(), error);
            if (!table->session_) {
                error = "cannot resume: " + error + " (move the journal away to start afresh)";
                return nullptr;
            }
            table->armFlag();
        }
    }
    for (size_t i = 0; i < table->settings_.boards.size(); ++i) {
        table->links_.push_back(std::make_unique<BoardLink>(loop, static_cast<int>(i),
                                                            table->settings_.boards[i], *table));
    }
    return table;
}

void Table::connectBoards() {
    if (!session_)
        out_.announce({"waiting", "Waiting for the start position of " + game_->name() + ".", {}});
    for (auto& link : links_) link->connect();
}

void Table::boardConnected(int, const std::string&) {
    // Moves may have been made while it was away: the first judgement may catch up.
    if (session_ && onBoard_) catchUpPlies_ = 2;
}

void Table::boardDump(int board, const BoardSquares& squares) {
    surface_.boardDump(board, squares, loop_.time().now());
    surfaceChanged();
}

void Table::squareChanged(int board, int square, Appearance content) {
    surface_.squareChanged(board, square, content, loop_.time().now());
    surfaceChanged();
}

void Table::boardLost(int board, const std::string& why) {
    surface_.boardLost(board, loop_.time().now());
    out_.announce({"board",
                   "Board " + surface_.placement(board).name + " is gone (" + why +
                       "); the game waits for it. Clocks keep running.",
                   {{"board", board}, {"connected", false}}});
    surfaceChanged();
}

void Table::surfaceChanged() {
    if (judgeTimer_) loop_.cancel(*judgeTimer_);
    judgeTimer_ = loop_.at(surface_.lastChange() + settings_.settleMs, [this] {
        judgeTimer_.reset();
        judge();
    });
}

void Table::judge() {
    if (!surface_.allKnown()) return;
    if (!session_ || session_->over())
        judgeBeforeGame();
    else
        judgeInGame();
}

bool Table::orientTo(const GameState& target) {
    int original = surface_.placement(0).rotation;
    for (int rotation : {original, (original + 180) % 360}) {
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
    auto start = game_->start();
    if (orientTo(*start)) startGame();
}

void Table::startGame() {
    std::string error;
    session_ = Session::begin(*game_, settings_.session, out_, loop_.time(), error);
    if (!session_) {
        spdlog::error("cannot start a game: {}", error);
        return;
    }
    onBoard_ = true;
    illegalShown_ = false;
    lastFixes_.clear();
    armFlag();
}

void Table::judgeInGame() {
    if (!onBoard_) {
        // A resumed game: find which way round the board stands before judging.
        int original = surface_.placement(0).rotation;
        for (int rotation : {original, (original + 180) % 360}) {
            surface_.setRotation(0, rotation);
            auto kind = referee_.judge(session_->current(), session_->previous(), surface_, 2).kind;
            if (kind != Verdict::Kind::Illegal && kind != Verdict::Kind::Ambiguous) {
                onBoard_ = true;
                catchUpPlies_ = 2;
                break;
            }
        }
        if (!onBoard_) surface_.setRotation(0, original);
        onBoard_ = true;
        session_->announceStatus();
    }

    Verdict v = referee_.judge(session_->current(), session_->previous(), surface_, catchUpPlies_);
    catchUpPlies_ = 1;
    switch (v.kind) {
        case Verdict::Kind::Unknown:
        case Verdict::Kind::Pending:
            return;
        case Verdict::Kind::Settled:
            if (illegalShown_) session_->announceFixed();
            break;
        case Verdict::Kind::Commit:
            for (const Action& a : v.actions) {
                if (!session_->commit(a) || session_->over()) break;
            }
            break;
        case Verdict::Kind::Takeback:
            session_->takeback();
            break;
        case Verdict::Kind::Ambiguous:
            session_->announceAmbiguous(v.candidates);
            break;
        case Verdict::Kind::Illegal: {
            std::vector<std::string> fixes;
            for (const CellFix& f : v.fixes)
                fixes.push_back(Referee::describe(f, session_->current().geometry()));
            if (!illegalShown_ || fixes != lastFixes_)
                session_->announceIllegal(v.fixes, v.fixesComplete);
            illegalShown_ = true;
            lastFixes_ = fixes;
            return;
        }
    }
    illegalShown_ = false;
    lastFixes_.clear();
    armFlag();
    if (session_->over()) gameEnded();
}

void Table::gameEnded() {
    out_.announce({"waiting", "Set up the start position to begin a new game.", {}});
    // Judge at once: a game drawn by repetition may end on the start position itself.
    surfaceChanged();
}

void Table::armFlag() {
    if (flagTimer_) loop_.cancel(*flagTimer_);
    flagTimer_.reset();
    if (!session_ || session_->over()) return;
    auto at = session_->clock().flagAt();
    if (!at) return;
    flagTimer_ = loop_.at(*at, [this] {
        flagTimer_.reset();
        session_->checkFlag();
        if (session_->over())
            gameEnded();
        else
            armFlag();
    });
}

}  // namespace arbiter
