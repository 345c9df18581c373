#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "daemon/announce/announcement.h"
#include "daemon/announce/cell_fix.h"
#include "daemon/announce/cell_places.h"
#include "daemon/base/time_source.h"
#include "daemon/clock/clock_face.h"
#include "daemon/clock/game_clock.h"
#include "daemon/clock/game_limits.h"
#include "daemon/clock/low_time_warnings.h"
#include "daemon/journal/journal.h"
#include "daemon/session/chance_source.h"
#include "daemon/session/machine_seats.h"
#include "engine/core/game.h"

namespace arbiter {

// What may stand as a player's name in announcements and records: UTF-8, 1
// to 40 characters (code points, not bytes), not only spaces, and no control
// characters, line separators or direction marks.
bool isValidPlayerName(const std::string& name);

// A game's options as the journal's first line records them: a journal is
// resumed only by a table with the same options.
nlohmann::json optionsJson(const GameOptions& options);

// The game a journal was played, as its first line names it and its options
// (optionsJson()) set it up: what arbiterctl replay replays it with. nullptr
// and a message naming the line when the line names no game that can be made.
std::unique_ptr<Game> gameOfJournal(const JournalContents& journal, std::string& error);

// The state a game begins from: the game's start, or `position` in the game's
// own text. nullptr and why when the text is not a position of this game (the
// game's own reason), lies on other cells or seats another number of players
// than the game's start, or is a game already over.
std::unique_ptr<GameState> startState(const Game& game, const std::string& position,
                                      std::string& error);

// How a session begins: the game, its clocks, the players, where to record it.
struct SessionSettings {
    TimeControl time;
    // Given by the table rather than defaulted: a game resumed must have been
    // played with it (findGameToResume refuses it otherwise).
    bool timeGiven = false;
    GameLimits limits;                 // on the whole game: time of play, moves each
    std::vector<std::string> players;  // names in turn order; empty = the game's own names
    // The position the game begins from, in the game's own text (FEN for
    // chess); empty = the game's start. The journal records it as `start`.
    std::string start;
    std::string journalDir;  // empty = no journal, no record
    // Where chance comes from in games that draw it; the caller picks it (at
    // random in arbiterd, fixed in tests) and the journal records it.
    uint64_t seed = 0;
    // The seats the machine plays (docs/machine.md); the journal records them.
    std::vector<MachineSeat> machines;
};

// One game in progress: the engine state and its history, the clocks, the
// journal. Every change is written to the journal before it is announced.
// Time is read from the injected TimeSource only; chance from the seeded
// ChanceSource, drawn as soon as the game asks for it (GameState::chance()).
//
// A ply is one action; a turn is one or more actions by one player
// (GameState::midTurn()). Clocks, increments, rounds, limits and move numbers
// count turns: the clock passes to the next player only when a turn ends.
class Session {
  public:
    static std::unique_ptr<Session> begin(const Game& game, const SessionSettings& settings,
                                          AnnouncementSink& out, const TimeSource& time,
                                          std::string& error);
    // Replays a journal. Fails with a message naming the line when it does not
    // fit this game (unknown move, wrong game); then nothing is changed.
    static std::unique_ptr<Session> resume(const Game& game, const JournalContents& journal,
                                           AnnouncementSink& out, const TimeSource& time,
                                           std::string& error);
    // A journal read back without going on with it: replayStart() checks its
    // "game" line (`header`, found at `where`: "PATH:LINE") against `game` and
    // gives the session at the start, then replayEvent() replays each later
    // event in turn. Nothing is written. resume() is this and the journal
    // continued; arbiterctl replay shows every position on the way.
    static std::unique_ptr<Session> replayStart(const Game& game, const nlohmann::json& header,
                                                const std::string& where, AnnouncementSink& out,
                                                const TimeSource& time, std::string& error);
    // Replays `event`, the one after those replayed so far, and says to
    // `said` (when given) what was said when it happened: moves, takebacks,
    // the result. Each field that says where the game stood (ply, player,
    // state, turn) must be where the replay stands. False and a message
    // naming `where` and what differs when it does not fit; then nothing changed.
    bool replayEvent(const nlohmann::json& event, const std::string& where, AnnouncementSink* said,
                     std::string& error);
    // The whole journal `reader` reads, replayed in silence as it is read (its
    // lines are never all held at once): the game where the journal leaves it.
    // Nothing is written; nullptr and a message naming the line on damage.
    static std::unique_ptr<Session> replay(const Game& game, JournalReader& reader,
                                           AnnouncementSink& out, const TimeSource& time,
                                           std::string& error);

    const GameState& current() const { return *states_.back(); }
    // Where a takeback leads: the state before the last player's action (chance
    // drawn after it goes with it); nullptr when there is none.
    const GameState* previous() const;
    int ply() const { return static_cast<int>(actions_.size()); }
    // Turns completed so far (a ply that leaves the player mid-turn is not one).
    int turns() const { return turns_; }
    const std::vector<Action>& actions() const { return actions_; }
    // The state action number `ply` (from 0) was made in: stateAt(0) is the start.
    const GameState& stateAt(int ply) const { return *states_[static_cast<size_t>(ply)]; }
    // Whether a takeback has a player's action to undo (chance drawn at the
    // start is never undone on its own).
    bool canTakeBack() const;
    // The name a seat plays under at this table.
    const std::string& playerName(PlayerId p) const {
        return settings_.players[static_cast<size_t>(p)];
    }
    // The seats the machine plays, as the game was begun or resumed with them.
    const std::vector<MachineSeat>& machines() const { return settings_.machines; }
    // The machine's seat `p`, or nullptr when a person plays it.
    const MachineSeat* machineSeatOf(PlayerId p) const {
        return machineSeat(settings_.machines, p);
    }
    // Who is to move and how far the game is, counted as moveLabel numbers
    // the moves: "Black to play move 3" where a score sheet would count
    // pairs of moves, "Ann to move after 6 turns" where players count turns.
    std::string toMoveText(int turns) const;
    Outcome outcome() const;
    bool over() const { return abandoned_ || outcome().over(); }
    const GameClock& clock() const { return clock_; }
    // The game as the clocks on the boards show it (ClockFace).
    ClockedGame clocked() const { return {&clock_, current().playerCount(), over()}; }
    std::string journalPath() const { return journal_ ? journal_->path() : std::string(); }
    std::string recordPath() const { return recordPath_; }
    // The game's record as it stands, in the game's own format (PGN for
    // chess), unfinished ("*") while the game goes on: what a live broadcast
    // shows. The whole game, hidden information and all: for tables that hide nothing.
    std::string recordSoFar() const;
    // The extension, and name, of that format: "pgn".
    std::string recordFormat() const { return game_.recordExtension(); }
    // Lines the journal could not write yet wait for it (announced once); the
    // table calls retryJournal() until it is complete, which is announced too.
    bool journalComplete() const { return !journal_ || journal_->complete(); }
    bool retryJournal();

    // The players made `a` (legal in current()); a Join names the newcomer, or
    // they get the game's name for the seat. Then whatever chance the game asks
    // for is drawn and committed too. Returns false if the journal could not
    // take it (more lines wait than a game writes): then the failure was
    // announced and the action (or the draw after it, which the next start
    // draws again) was not made.
    //
    // `madeAt`, when given, is when the board first showed the action made,
    // earlier than now when it was confirmed later (moves made faster than
    // the board settles): the clocks are charged as of then, never before
    // the action before it.
    bool commit(const Action& a, const std::string& joiner = {},
                std::optional<Millis> madeAt = std::nullopt);
    // Back to the state before the last player's action, clocks as they were
    // then; chance drawn after it is undone with it, and drawn the same again.
    bool takeback();
    // The last player's action turned out to be only the first part of
    // `whole`, legal in previous() (castling begun with the rook): it is
    // undone as takeback() undoes it, clocks included, and `whole` committed
    // in its place. Said once, as `whole` made in place of the part.
    bool replace(const Action& whole);
    // Called when the running clock may have reached zero; ends the game if so.
    void checkFlag();
    // The DGT clock that keeps this game's time (TimeControl "dgt") shows these
    // times: they become the game's. When it says that the flag of the player
    // to move has fallen, or shows them 0:00, the game ends on time as with
    // arbiterd's own clock; not while paused, and not before the clock has run
    // in this game (a flag left from the game before). Ignored in a game with
    // arbiterd's own clock, and when over.
    void clockReported(const ClockReport& report);
    // What the DGT clock showed last before this game began, taken as its times
    // from the start; a flag down in it counts only once the clock has shown
    // that player's time again (the players set it for this game).
    void clockShownBefore(const ClockReport& report);
    // When the running clock reaches its next low-time warning; nullopt when
    // none is to come (LowTimeWarnings).
    std::optional<Millis> lowTimeAt() const;
    // Called when a low-time warning may be due: "White: 1 minute left."
    void warnLowTime();
    // When the whole game's time limit will be reached; nullopt when none applies.
    std::optional<Millis> timeLimitAt() const { return limits_.timeLimitAt(); }
    bool timeLimitReached() const { return limits_.timeLimitReached(); }
    // Called when the time limit may have been reached: from then on the round
    // is finished, and the game ends at once if no round is under way.
    void checkTimeLimit();
    // The position on the surface breaks the rules: tell the players what to
    // fix, and why, when the rules refused what it looks like
    // (Verdict::refusal), naming the move `attempted` when the hands were
    // making one (Verdict::attempted).
    void announceIllegal(const std::vector<CellFix>& fixes, const std::vector<Action>& completes,
                         const std::string& refusal = {}, const Action* attempted = nullptr);
    // Why the boards are due work that breaks no rule: what is left of
    // `action` once its mover's part is nearly made (a promotion's new piece,
    // a die's next stand-in); the position after a takeback; the position
    // after what was said or done without the boards; and `action`, a move
    // that only can be said, made on a board (the fixes undo it).
    enum class WorkDue { Completion, AfterTakeback, AfterSaid, SayInstead };
    // Tells the players that work (an announcement of type "to-do"), never
    // "illegal".
    void announceToDo(WorkDue why, const std::vector<CellFix>& fixes,
                      const Action* action = nullptr);
    // An action was committed from its mover's part: tell the players what it
    // changes beyond that (pieces to take off far away) that is still to do.
    void announceConsequences(const std::vector<CellFix>& toMake);
    // The surface is right again after an illegal position.
    void announceFixed();
    // The surface fits each of `candidates` alike: say each, what step on the
    // boards singles out each (`tellingApart`, one per candidate, nullopt
    // where none does), and how to say which.
    void announceAmbiguous(const std::vector<Action>& candidates,
                           const std::vector<std::optional<CellFix>>& tellingApart = {});
    // The board may show one of `actions` made, or only a piece in the hand:
    // tell the players how to confirm it (touch the `cells`).
    void announceUnconfirmed(const std::vector<Action>& actions, const std::vector<Cell>& cells);
    // The mover stands part way through the chain `a`, its first `stops` stops
    // made: confirm them, and say what to take off and that they must go on.
    void announceChainStop(const Action& a, int stops);
    // Says where the game stands: used after a resume or a board's return.
    void announceStatus();
    // The clocks read now, said: "Ann 4:59, Bob 5:00".
    std::string clockTextNow() const;

    // Decisions no board shows, said through the control socket. Each returns
    // an empty string when done, or why it was refused (then nothing changed).
    // In a game that goes on without them (more than two players), the player
    // leaves it and their pieces with them; in a game of two the other wins.
    std::string resign(PlayerId p);
    // A late arrival takes the next seat, in the games that allow it.
    std::string join(const std::string& name);
    std::string offerDraw(PlayerId p);
    std::string acceptDraw(PlayerId p);
    // Who accepts a draw when no player is named: the player to move, unless
    // they offered it; then the one player still to agree, if only one is.
    std::optional<PlayerId> drawAccepter() const;
    std::string claimDraw(PlayerId p);
    // Stops and restarts the running clock (an arbiter's pause, a break).
    // resumeClocks() also starts a clock held after a restart: a player says
    // to go on before the boards show the game.
    std::string pauseClocks();
    std::string resumeClocks();
    // After a restart no clock runs until play goes on: the table starts the
    // clock of the player to move once its boards show the resumed position,
    // announcing "`why`: White's clock runs". False when no clock was held
    // (an action made meanwhile started the clocks, as a first move does).
    bool startHeldClock(const std::string& why);
    bool clockHeld() const;
    // Ends an unfinished game without a result ("*"), as when a new game is asked for.
    std::string abandon();
    // The players signalled the result on the board (the DGT result signal of
    // chess): the game ends with `o`. Refused when the game is over.
    std::string signalResult(const Outcome& o);

    // Where the game stands, for clients: state, players, clocks, scores, limits, result.
    nlohmann::json snapshot() const;
    // Each seat's score as the game counts it (captures in Skirmish; 0 in chess).
    std::vector<int> scores() const;
    // The last `n` actions as they were announced, oldest first ("12. Nf3",
    // "Ann: d4-d5"), without chance's draws or the clocks.
    std::vector<std::string> lastMoves(size_t n) const;
    // The game's names for its seats ("Player 2", "White") in `text` replaced
    // by the table's ("Bob"): what the engine writes is said to people.
    std::string withTableNames(const std::string& text) const;
    // Where the cells lie on the table's boards, when it has several: from
    // then on every move, fix and refusal names the board squares too ("k5
    // (board B c5)"). A session of one board keeps them empty.
    void placeCells(CellPlaces places) { places_ = std::move(places); }
    const CellPlaces& places() const { return places_; }
    // `text` of the engine, about the current position, as said at this
    // table: the table's names for the seats, and where each cell it names
    // lies on the boards (a refusal: "h5 (board A c3) is in the way").
    std::string saidAtTable(const std::string& text) const;
    // `a`, legal in `state`, as the engine describes it, in the table's names
    // and with the board squares it touches: "k5-k6 (board B c5-c6)".
    std::string actionSaid(const GameState& state, const Action& a) const;

  private:
    // "Bob is out of the game." for each seat `before` had in the game that
    // the last action, not its actor's own, took out.
    void announceKnockOuts(const GameState& before, PlayerId actor);
    Session(const Game& game, std::unique_ptr<GameState> start, const SessionSettings& settings,
            AnnouncementSink& out, const TimeSource& time);
    bool record(const nlohmann::json& event);
    // One action, journalled, applied and announced; `inPlaceOf` names the
    // action it replaces, already taken back (replace()).
    bool commitOne(const Action& a, const std::string& joiner, const std::string& inPlaceOf = {},
                   std::optional<Millis> madeAt = std::nullopt);
    // Journals and undoes the last player's action with the chance drawn after
    // it, and starts the mover's clock again. `replacedBy` is what replace()
    // commits instead, for the journal; `readings` are the clocks as journalled,
    // for the announcement. False if the journal cannot be written.
    bool undoLastAction(const std::string& replacedBy, std::string& undone, PlayerId& mover,
                        std::vector<Millis>& readings);
    // Draws and commits chance for as long as the game asks for it.
    bool drawChance();
    // Says `a`, made by `actor` in `before` as part of turn number `turn` (from
    // 0), which left the clocks at `remaining`; current() is the state after it.
    void announceAction(AnnouncementSink& to, const GameState& before, const Action& a,
                        PlayerId actor, int turn, const std::vector<Millis>& remaining,
                        const std::string& inPlaceOf) const;
    // Says that `undone`, `mover`'s, was taken back, leaving the clocks at `readings`.
    void announceTakeback(AnnouncementSink& to, const std::string& undone, PlayerId mover,
                          const std::vector<Millis>& readings) const;
    // Says how the game ended (abandoned when `o` is not over), its scores and record.
    void announceResult(AnnouncementSink& to, const Outcome& o) const;
    // Replaying a "result" line: the game ends as it said, and it is said again.
    // The steps of replayEvent() for lines of moves and takebacks.
    struct JournalLine;
    bool replayMove(const JournalLine& line, AnnouncementSink* said);
    bool replayTakeback(const JournalLine& line, AnnouncementSink* said);
    // The action a move line names, checked as legal and, for chance, as the
    // seed's draw; nullopt, the line's error set, when it is not.
    std::optional<Action> replayedAction(const JournalLine& line) const;
    bool replayResult(const nlohmann::json& event, const std::string& where, AnnouncementSink* said,
                      std::string& error);
    // Whether `a`, made in `before` and leading to `after`, completes a turn.
    static bool endsTurn(const Action& a, const GameState& after);
    // The clocks after `a`, made at `now`, which led from `before` to `after`.
    void advanceClock(GameClock& clock, const GameState& before, const Action& a,
                      const GameState& after, Millis now) const;
    // Bookkeeping of an action besides state and clocks: names, offers, rounds.
    void noteTurn(const GameState& before, const Action& a, const GameState& after,
                  const std::string& joiner);
    // Everything back as it was before the last action.
    void undoLast();
    // After an action: the game ends if the rules or a limit say so.
    void endIfOver();
    // How a game came to its end, for the record's Termination tag (PGN's
    // words). An outcome that is not over is the game abandoned.
    enum class Ending {
        ByPlay,       // the rules, a resignation, an agreed or claimed draw
        OnTime,       // a flag fell
        ByTheLimits,  // the table's time or move limit stopped it
    };
    void finish(const Outcome& outcome, Ending ending = Ending::ByPlay);
    // The record of the game up to now, ended by `o`; `termination` is PGN's
    // Termination tag ("normal", "unterminated", ...).
    GameRecord gameRecord(const Outcome& o, const std::string& termination) const;
    // `flagged` ran out of time: they leave a game that goes on without them,
    // else the game ends (a draw when no opponent can still win).
    void flagFell(PlayerId flagged, Millis now);
    // Whose decision `a` is in `state`: the mover, the one leaving or the newcomer.
    static PlayerId actorOf(const GameState& state, const Action& a);
    // "12. ", "12... " or "Ann: " for an action of turn number `turn` (from 0).
    std::string moveLabel(PlayerId mover, int turn) const;
    // "Ann 4:59, Bob 5:00": the clocks as `readings` give them, so that what
    // is said is exactly what was recorded with it.
    std::string clockText(const std::vector<Millis>& readings) const;
    nlohmann::json clockJson() const;
    std::string resultText(const Outcome& o) const;
    // "Game over: Ann is checkmated. Bob wins.": the result as announced.
    std::string gameOverText(const Outcome& o) const;
    std::string refusal(PlayerId p) const;

    const Game& game_;
    SessionSettings settings_;
    AnnouncementSink& out_;
    const TimeSource& time_;
    std::vector<std::unique_ptr<GameState>> states_;  // states_[0] is the start
    std::vector<Action> actions_;
    // Per action, every seat's remaining time just after it, as journalled:
    // the clock times of the game's record.
    std::vector<std::vector<Millis>> clocksAfter_;
    // Per ply, what a takeback puts back besides the state.
    struct Before {
        ClockState clocks;
        GameLimitWatch::Rounds rounds;
        std::vector<std::string> players;
        int turns = 0;
        uint64_t chanceCounter = 0;
    };
    std::vector<Before> before_;
    GameClock clock_;
    LowTimeWarnings lowTime_;
    GameLimitWatch limits_;
    ChanceSource chance_;
    uint64_t chanceCounter_ = 0;  // the next value of chance_ to draw
    int turns_ = 0;
    Millis lastMadeAt_ = 0;  // when the last action was made, as its clocks were charged
    std::optional<Outcome> adjudicated_;  // ended by the clock, not by the rules
    std::unique_ptr<JournalWriter> journal_;
    std::string started_;
    std::string recordPath_;
    std::string finishedRecord_;    // the record as finish() wrote it
    std::vector<bool> offersDraw_;  // per player: a draw offer stands
    bool abandoned_ = false;        // ended without a result
    // Resumed from the journal, and no clock started since (startHeldClock).
    bool clockHeld_ = false;
    // While replaying: what a takeback of a part undid, which the next move
    // was said to be made in place of (castling begun with the rook).
    std::string replacedPart_;
    CellPlaces places_;  // empty on a table of one board
    // While replaying a journal with checksums: every line was written with
    // all its fields, so a field left out is damage, not an older journal.
    bool replayStrict_ = false;
};

}  // namespace arbiter
