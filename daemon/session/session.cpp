#include "daemon/session/session.h"
#include "daemon/base/utf8.h"

#include <algorithm>
#include <cassert>

#include <spdlog/spdlog.h>

namespace arbiter {

namespace {

std::string journalStem(const std::string& wallClock, const std::string& game) {
    std::string stem = wallClock;
    for (char& c : stem) {
        if (c == ':') c = '-';
    }
    return stem + "-" + game;
}

// Pieces of other players that stood on the board before the action and not
// after, and the one a move lands on (in Martian Chess a queen taken by a
// queen leaves the same piece, of the same owner, on the cell). With
// `byHand`, only those the mover takes with their own hands: what the rules
// take off beyond them (pieces cut off, a creature suffocated) is told as
// what to take off, once, rather than as taken already.
std::vector<std::string> capturedBy(const Game& game, const GameState& before,
                                    const GameState& after, const Action& a, PlayerId mover,
                                    bool byHand = false) {
    std::vector<std::string> captured;
    const Geometry& g = before.geometry();
    const Effect effect = byHand ? before.effect(a) : Effect{};
    for (Cell c = 0; c < g.size(); ++c) {
        if (!g.contains(c)) continue;
        if (const CellChange* change = effect.find(c); change && change->consequence) continue;
        auto was = before.pieceAt(c);
        if (!was || was->owner == mover) continue;
        const bool landedOn = a.kind == Action::Kind::Move && a.to == c;
        if (after.pieceAt(c) == was && !landedOn) continue;
        if (auto look = before.appearance(c))
            captured.push_back(lookName(game, *look) + " on " + g.name(c));
    }
    return captured;
}

void announceJournalComplete(AnnouncementSink& out, const std::string& path) {
    out.announce({AnnouncementType::Journal,
                  "The journal is written again: " + path + " is complete.",
                  {{"journal", path}}});
}

}  // namespace

nlohmann::json optionsJson(const GameOptions& options) {
    nlohmann::json standIns = nlohmann::json::object();
    for (const auto& [piece, set] : options.standIns) standIns[piece] = set.words();
    return {{"players", options.players},
            {"size", std::to_string(options.files) + "x" + std::to_string(options.ranks)},
            {"values", options.values},
            {"standIns", standIns}};
}

std::unique_ptr<GameState> startState(const Game& game, const std::string& position,
                                      std::string& error) {
    auto usual = game.start();
    if (position.empty()) return usual;
    const std::string named = "position \"" + position + "\"";
    std::string why;
    auto state = game.load(position, why);
    if (!state) {
        error = named + " is not a position of " + game.name() + ": " + why;
        return nullptr;
    }
    auto size = [](const Geometry& g) {
        return std::to_string(g.files()) + "x" + std::to_string(g.ranks());
    };
    // The boards are laid out, and the players named, for the game's own cells and seats.
    if (!(state->geometry() == usual->geometry())) {
        error = named + " is on " + size(state->geometry()) + " cells, but this table's " +
                game.name() + " is on " + size(usual->geometry()) + " (--size)";
        return nullptr;
    }
    if (state->playerCount() != usual->playerCount()) {
        error = named + " has " + std::to_string(state->playerCount()) +
                " players, but this table's " + game.name() + " starts with " +
                std::to_string(usual->playerCount()) + " (--players)";
        return nullptr;
    }
    if (const Outcome over = state->outcome(); over.over()) {
        error = named + " is a game already over (" + over.reason + "); give one still to play";
        return nullptr;
    }
    return state;
}

bool isValidPlayerName(const std::string& name) {
    if (!isUtf8(name)) return false;
    const std::u32string characters = codePoints(name);
    if (characters.empty() || characters.size() > 40) return false;
    bool blank = true;
    for (char32_t c : characters) {
        // Controls, C0 and C1 (U+009B opens a terminal's escape sequence),
        // the line and paragraph separators, the marks that reorder text
        // around them and the invisible ones (zero-width spaces and joiners,
        // the byte order mark): a name reaches logs, consoles and clock
        // displays, and must show as what it is.
        if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x061c || c == 0x180e ||
            (c >= 0x200b && c <= 0x200f) || (c >= 0x2028 && c <= 0x202e) ||
            (c >= 0x2060 && c <= 0x206f) || c == 0xfeff)
            return false;
        const bool space = c == ' ' || c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
                           c == 0x202f || c == 0x205f || c == 0x3000;
        if (!space) blank = false;
    }
    return !blank;
}

Session::Session(const Game& game, std::unique_ptr<GameState> start,
                 const SessionSettings& settings, AnnouncementSink& out, const TimeSource& time)
    : game_(game),
      settings_(settings),
      out_(out),
      time_(time),
      clock_(settings.time, start->playerCount()),
      lowTime_(settings.time),
      limits_(settings.limits),
      chance_(settings.seed) {
    if (settings_.players.size() != static_cast<size_t>(start->playerCount())) {
        settings_.players.clear();
        for (PlayerId p = 0; p < start->playerCount(); ++p)
            settings_.players.push_back(start->playerName(p));
    }
    offersDraw_.assign(static_cast<size_t>(start->playerCount()), false);
    states_.push_back(std::move(start));
}

std::unique_ptr<Session> Session::begin(const Game& game, const SessionSettings& settings,
                                        AnnouncementSink& out, const TimeSource& time,
                                        std::string& error) {
    auto start = startState(game, settings.start, error);
    if (!start) return nullptr;
    std::unique_ptr<Session> s(new Session(game, std::move(start), settings, out, time));
    s->started_ = time.wallClock();
    if (!settings.journalDir.empty()) {
        s->journal_ = JournalWriter::create(settings.journalDir,
                                            journalStem(s->started_, game.name()), error);
        if (!s->journal_) return nullptr;
    }
    nlohmann::json header = {
        {"type", "game"},
        {"version", kJournalVersion},
        // Every line carries its CRC-32 (JournalWriter): a damaged one is refused.
        {"checksum", "crc32"},
        {"game", game.name()},
        {"start", s->current().serialize()},
        {"time", settings.time.text()},
        {"limits", {{"time", settings.limits.time}, {"moves", settings.limits.moves}}},
        {"players", s->settings_.players},
        {"options", optionsJson(game.options())},
        {"seed", s->chance_.seedText()},
        {"started", s->started_}};
    // Only where the machine plays, so that every other journal reads as before.
    if (!settings.machines.empty()) header["machines"] = machineSeatsJson(settings.machines);
    if (!s->record(header)) {
        error = "cannot write the journal";
        return nullptr;
    }
    std::string where = s->journal_ ? " Journal: " + s->journal_->path() + "." : "";
    const std::string clocks = settings.time.keptByDgtClock()
                                   ? "the DGT clock keeps the time: set it, and start it with "
                                     "its lever."
                                   : "clocks start with the first move.";
    out.announce({AnnouncementType::Start,
                  "New game of " + game.name() + ", " + settings.time.text() + ". " +
                      s->settings_.players[0] + " to move; " + clocks + where,
                  {{"game", game.name()}, {"time", settings.time.text()}}});
    // A game that opens with chance (a die for the first turn) draws it now.
    if (!s->drawChance()) {
        error = "cannot write the journal";
        return nullptr;
    }
    return s;
}

Outcome Session::outcome() const {
    if (adjudicated_) return *adjudicated_;
    return current().outcome();
}

bool Session::record(const nlohmann::json& event) {
    if (!journal_) return true;
    // A disk that stays full must not fill memory instead: far more than any
    // game writes, and then the game stops taking actions.
    constexpr size_t kMostWaiting = 10000;
    if (journal_->waiting() >= kMostWaiting) {
        std::string error;
        if (!journal_->retry(error)) {
            spdlog::error("{}", error);
            out_.announce({AnnouncementType::Error,
                           "Cannot record the game (" + error + "): nothing was changed.",
                           {{"journal", journal_->path()}, {"error", error}}});
            return false;
        }
    }
    const bool wasComplete = journal_->complete();
    std::string error;
    if (journal_->write(event, error)) {
        if (!wasComplete) announceJournalComplete(out_, journal_->path());
        return true;
    }
    // The line waits, in order, and the game goes on: refusing moves already
    // made on the boards would stop the game for the disk's sake.
    spdlog::error("{}", error);
    if (wasComplete)
        out_.announce({AnnouncementType::Error,
                       "The journal cannot be written: " + error +
                           "; retrying. The game goes on, and its lines wait to be written.",
                       {{"journal", journal_->path()}, {"error", error}}});
    return true;
}

bool Session::retryJournal() {
    if (journalComplete()) return true;
    std::string error;
    if (!journal_->retry(error)) {
        spdlog::debug("{}; retrying", error);
        return false;
    }
    announceJournalComplete(out_, journal_->path());
    return true;
}

bool Session::endsTurn(const Action& a, const GameState& after) {
    // Chance never ends a turn: it only decides what the player may do in it.
    if (a.changesRoster() || a.kind == Action::Kind::Chance) return false;
    return !after.midTurn();
}

PlayerId Session::actorOf(const GameState& state, const Action& a) {
    if (a.kind == Action::Kind::Join) return state.playerCount();
    if (a.kind == Action::Kind::Leave) return a.arg;
    return state.toMove();
}

void Session::noteTurn(const GameState& before, const Action& a, const GameState& after,
                       const std::string& joiner) {
    if (a.kind == Action::Kind::Join)
        settings_.players.push_back(joiner.empty() ? after.playerName(after.playerCount() - 1)
                                                   : joiner);
    offersDraw_.resize(static_cast<size_t>(after.playerCount()), false);
    // A turn is taken by the action that ends it, and by leaving on one's own turn.
    bool tookTurn =
        endsTurn(a, after) || (a.kind == Action::Kind::Leave && a.arg == before.toMove());
    if (auto underWay = roundUnderWay(after)) {
        if (!a.changesRoster()) limits_.roundMarked(*underWay);
    } else if (tookTurn) {
        limits_.turnTaken(before.toMove(), after.toMove());
    }
    if (endsTurn(a, after)) ++turns_;
    if (a.kind == Action::Kind::Chance) {
        // Moves the counter exactly as far as drawing these values did.
        if (auto what = before.chance()) chance_.draw(*what, chanceCounter_);
    }
}

bool Session::commit(const Action& a, const std::string& joiner, std::optional<Millis> madeAt) {
    return commitOne(a, joiner, {}, madeAt) && drawChance();
}

bool Session::drawChance() {
    while (!over()) {
        auto what = current().chance();
        if (!what) return true;
        uint64_t counter = chanceCounter_;
        if (!commitOne(Action::chance(chance_.draw(*what, counter)), {})) return false;
    }
    return true;
}

const GameState* Session::previous() const {
    for (size_t i = actions_.size(); i > 0; --i) {
        if (actions_[i - 1].kind != Action::Kind::Chance) return states_[i - 1].get();
    }
    return nullptr;
}

bool Session::commitOne(const Action& a, const std::string& joiner, const std::string& inPlaceOf,
                        std::optional<Millis> madeAt) {
    const GameState& before = current();
    PlayerId actor = actorOf(before, a);
    Millis now = time_.now();
    if (madeAt) now = std::clamp(*madeAt, std::min(lastMadeAt_, now), now);
    std::string san = before.describe(a);
    std::string code = before.encode(a);
    auto after = before.clone();
    after->apply(a);

    GameClock clock = clock_;
    advanceClock(clock, before, a, *after, now);
    GameLimitWatch limits = limits_;
    // Play (for the time limit) starts with the first move and waits while paused.
    if (!a.changesRoster() && !clock_.paused()) limits.startPlay(now);
    std::vector<Millis> remaining = clock.remainingAll(now);
    auto captured = capturedBy(game_, before, *after, a, actor);
    nlohmann::json event = {{"type", "move"},
                            {"ply", ply() + 1},
                            {"player", actor},
                            {"action", code},
                            {"notation", san},
                            {"state", after->serialize()},
                            {"captured", captured},
                            {"clock", remaining},
                            // What a takeback gives back, so that one after a
                            // restart charges the thinking time as one before it.
                            {"clockBefore", clock_.remainingAll(now)},
                            {"played", limits.played(now)},
                            {"turn", turns_ + 1},
                            {"endsTurn", endsTurn(a, *after)},
                            {"at", time_.wallClock()}};
    if (a.kind == Action::Kind::Join) {
        event["name"] = joiner.empty() ? after->playerName(actor) : joiner;
    }
    if (!record(event)) return false;

    before_.push_back(
        {clock_.snapshot(now), limits_.rounds(), settings_.players, turns_, chanceCounter_});
    lastMadeAt_ = now;
    const int turn = turns_;  // the turn this action belongs to, counted before it may end it
    clock_ = clock;
    limits_ = limits;
    noteTurn(before, a, *after, event.value("name", ""));
    // Moving is declining: offers by everyone else lapse.
    if (!a.changesRoster() && a.kind != Action::Kind::Chance) {
        for (size_t p = 0; p < offersDraw_.size(); ++p) {
            if (static_cast<PlayerId>(p) != actor) offersDraw_[p] = false;
        }
    }
    states_.push_back(std::move(after));
    actions_.push_back(a);
    clocksAfter_.push_back(remaining);
    assert(settings_.players.size() == static_cast<size_t>(current().playerCount()) &&
           "one name per seat");
    announceAction(out_, before, a, actor, turn, remaining, inPlaceOf);
    announceKnockOuts(before, actor);
    endIfOver();
    return true;
}

void Session::announceAction(AnnouncementSink& to, const GameState& before, const Action& a,
                             PlayerId actor, int turn, const std::vector<Millis>& remaining,
                             const std::string& inPlaceOf) const {
    const std::string label = moveLabel(actor, turn);
    const std::string& name = settings_.players[static_cast<size_t>(actor)];
    // As its player may be told of it: a game of hidden views, where no one
    // sees the whole board, says check to the mover as to everyone else.
    const std::string san = describeTo(before, a, actor);
    if (a.kind == Action::Kind::Join) {
        // A rejoining player comes back to a new seat, under their old name.
        nlohmann::json data = {
            {"ply", ply()}, {"player", actor}, {"name", name}, {"clock", remaining}};
        if (a.arg >= 0) data["rejoins"] = a.arg;
        to.announce({AnnouncementType::Join,
                     name + (a.arg >= 0 ? " rejoins" : " joins") + " the game in seat " +
                         std::to_string(actor + 1) + ", at the end of the rotation. " +
                         clockText(remaining),
                     data});
    } else if (a.kind == Action::Kind::Leave) {
        std::string next =
            current().outcome().over()
                ? std::string()
                : " " + settings_.players[static_cast<size_t>(current().toMove())] + " to move.";
        to.announce({AnnouncementType::Leave,
                     name + " leaves the game; their pieces leave the board with them." + next,
                     {{"ply", ply()}, {"player", actor}, {"name", name}, {"clock", remaining}}});
    } else if (a.kind == Action::Kind::Chance) {
        to.announce({AnnouncementType::Chance,
                     "Chance for " + name + ": " + withTableNames(san) + ".",
                     {{"ply", ply()},
                      {"player", actor},
                      {"name", name},
                      {"notation", withTableNames(san)},
                      {"drawn", a.payload}}});
    } else {
        const std::string code = before.encode(a);
        auto captured = capturedBy(game_, before, current(), a, actor);
        // On several boards, the squares the hands used: "k5-k6 (board B c5-c6)".
        const std::string places = places_.actionPlaces(a);
        std::string text = label +
                           withTableNames(places_.withActionPlaces(san, a, before.geometry())) +
                           " (" + code + ")";
        for (const auto& c : capturedBy(game_, before, current(), a, actor, true))
            text += ", takes the " + c;
        if (!inPlaceOf.empty()) text += ", in place of " + inPlaceOf;
        nlohmann::json data = {{"ply", ply()},
                               {"player", actor},
                               {"name", name},
                               {"san", san},
                               {"notation", withTableNames(san)},
                               {"uci", code},
                               {"captured", captured},
                               {"clock", remaining}};
        if (!inPlaceOf.empty()) data["inPlaceOf"] = inPlaceOf;
        if (!places.empty()) data["squares"] = places_.actionData(a, before.geometry());
        to.announce({AnnouncementType::Move, text + ". " + clockText(remaining), data});
    }
}

void Session::endIfOver() {
    Outcome o = current().outcome();
    if (o.over()) {
        finish(o);
        return;
    }
    if (std::string why = limits_.reason(); !why.empty()) {
        finish(stoppedOutcome(current(), why), Ending::ByTheLimits);
        return;
    }
    std::string claim = claimableDraw(current());
    if (!claim.empty()) {
        out_.announce({AnnouncementType::Claimable,
                       settings_.players[static_cast<size_t>(current().toMove())] +
                           " may claim a draw (" + claim + ").",
                       {{"reason", claim},
                        {"name", settings_.players[static_cast<size_t>(current().toMove())]}}});
    }
}

}  // namespace arbiter
