#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/action.h"
#include "engine/core/chance.h"
#include "engine/core/chess_set.h"
#include "engine/core/effect.h"
#include "engine/core/game_facets.h"
#include "engine/core/game_options.h"
#include "engine/core/geometry.h"
#include "engine/core/outcome.h"
#include "engine/core/piece.h"
#include "engine/core/playout.h"
#include "engine/core/seeded_random.h"
#include "engine/core/view.h"

namespace arbiter {

// The state of one game in progress, behind the interface that the referee and
// the session use for every game. Each game module implements it; nothing
// outside engine/ knows a game's internals.
//
// Invariant: a state is always legal for its game; apply() takes only actions
// for which isLegal() holds.
//
// A turn may be several actions (Sandkings's steps, csipgs's action and then a
// design change): midTurn() says the player to move has acted and may go on or
// end the turn (Action::endTurn()); the session counts a turn as taken when an
// action leaves the state not midTurn(). Chance comes in as an action too: while
// chance() says what must be drawn, the session draws it and commits
// Action::chance(values).
class GameState {
  public:
    // How many hooks (virtual functions but the destructor) GameState and its
    // facets (game_facets.h) have. Whoever adds or removes one updates this
    // and the list of hooks in tests/daemon/referee/viewed_state_forwarding_test.cpp,
    // which checks that ViewedState forwards every hook or deliberately answers
    // it itself, and that this count matches the headers.
    static constexpr int kHooks = 45;

    virtual ~GameState() = default;
    virtual std::unique_ptr<GameState> clone() const = 0;

    virtual const Geometry& geometry() const = 0;
    virtual int playerCount() const = 0;
    virtual PlayerId toMove() const = 0;
    virtual std::string playerName(PlayerId p) const = 0;  // "White", "Red", "Player 3"

    virtual std::optional<Piece> pieceAt(Cell c) const = 0;
    virtual PlayerResources resources(PlayerId p) const = 0;
    // The physical projection: which set piece stands on the cell in this state.
    virtual Appearance appearance(Cell c) const = 0;

    // What the player to move may do now, as far as it can be listed: every
    // action a board can show, and the small announced ones (pass, end of turn,
    // a purchase). Families too large to list (csipgs's design changes) are
    // left out and validated by isLegal() when they are said.
    std::vector<Action> legalActions() const {
        std::vector<Action> out;
        listActions(out);
        return out;
    }
    // The same list written into `out`, replacing what it held: a caller that
    // lists at every step (a playout, a search) keeps one list and its memory.
    virtual void listActions(std::vector<Action>& out) const = 0;
    // The action at index pick(n) of the n that listActions() lists now
    // (roster actions left out), held in `list` (which it may use as it
    // likes); nullptr when nothing is listed. What a random playout draws at
    // every step: by default the list is made and the pick taken from it,
    // and a game that can find the chosen action without writing out the
    // others (by counting them) overrides it.
    virtual const Action* chooseListed(const std::function<uint64_t(uint64_t)>& pick,
                                       std::vector<Action>& list) const;
    // Plays a random game from here (engine/core/playout.h) until it is over
    // or `cap` actions are played, folding each action into `*trace` when
    // `trace` is not null. By default through the hooks above, one virtual
    // call after another; a game may play the same actions, drawn in the same
    // order, its own way, since a machine player that samples lives on how
    // many of these it plays a second.
    virtual PlayoutCount playOut(SeededRandom& random, int cap, uint64_t* trace);
    // Whether `a` may be applied now. By default: whether it is among
    // legalActions() or rosterActions(); games with unlisted actions override.
    virtual bool isLegal(const Action& a) const;
    // Why `a` may not be made now, in the players' words ("it costs 5 zorkmids
    // and you have 3"); empty when it may. Games say more than the default.
    virtual std::string refusal(const Action& a) const;
    virtual void apply(const Action& a) = 0;

    // What `a` (legal here) does to the cells. By default the state is copied,
    // `a` applied and every cell compared, with consequences() marking what
    // the mover does not make by hand; games override it to be quick, since
    // the referee asks it for every legal action after every commit.
    virtual Effect effect(const Action& a) const;
    // Cells that `a` changes beyond what the mover does by hand (see
    // CellChange::consequence), given the state `after` it. None by default.
    virtual std::vector<Cell> consequences(const Action& a, const GameState& after) const;

    // The player to move has acted this turn and may act again or end it.
    virtual bool midTurn() const { return false; }
    // What chance must draw before the player to move acts; nullopt mostly.
    virtual std::optional<ChanceDraw> chance() const { return std::nullopt; }
    // How many ways the player to move has to complete the turn from here
    // (perft(*this, 1), perft.h; 0 when the game is over), when the game
    // knows without playing them: for instance where no chance is due and
    // every action legalActions() lists, roster actions aside, completes a
    // turn by itself, or at the last step of a turn of several. nullopt by
    // default: perft then plays each action to see. Perft counts its last
    // turn this way, at its start and at every state inside it, as chess
    // engines count their leaves, since playing them is most of its time.
    virtual std::optional<uint64_t> turnCount() const { return std::nullopt; }

    // A finished game stays finished: legalActions() is then empty.
    virtual Outcome outcome() const = 0;
    // Whether `p` could still win by any series of legal actions; decides whether
    // running out of time loses or draws (FIDE 6.9).
    virtual bool canStillWin(PlayerId p) const = 0;
    // Who wins when `p` loses by something outside the rules (their flag
    // falls, they resign): everyone else still in the game by default; games
    // of teams say the other team, since partners win or lose together.
    virtual std::vector<PlayerId> opponents(PlayerId p) const;

    // Notation. `describe` is the human form in this state, before the action is
    // applied (SAN for chess); `encode` is a stable machine form (UCI for chess)
    // that `decode` reads back, as the journal does on resume.
    virtual std::string describe(const Action& a) const = 0;
    virtual std::string encode(const Action& a) const = 0;
    virtual std::optional<Action> decode(std::string_view text) const = 0;
    // The whole state as text (FEN for chess), readable by Game::load.
    virtual std::string serialize() const = 0;

    // The facets this state has (game_facets.h); nullptr for those it has not.
    virtual const HiddenInformation* hidden() const { return nullptr; }
    virtual const Roster* roster() const { return nullptr; }
    virtual const Endings* endings() const { return nullptr; }
    virtual const TablePresentation* presentation() const { return nullptr; }
    virtual const ActionsInParts* actionsInParts() const { return nullptr; }
};

// A state's facets asked for, each hook answered by the facet where the state
// has it and otherwise as a game without the facet answers it.
std::vector<Action> rosterActions(const GameState& s);
bool inGame(const GameState& s, PlayerId p);
std::string claimableDraw(const GameState& s);
std::string refusedAfterTimeLimit(const GameState& s, const Action& a);
std::optional<bool> roundUnderWay(const GameState& s);
Outcome stoppedOutcome(const GameState& s, const std::string& why);
std::vector<std::string> report(const GameState& s);
std::vector<Cell> markedCells(const GameState& s);
std::vector<ActionsInParts::ActionBegun> actionsBegunBy(const GameState& s, const Action& made);
std::string describeStops(const GameState& s, const Action& a, int stops);
// Where the state hides nothing: every cell, every piece and every player's
// resources, and no impassable cell.
View view(const GameState& s, PlayerId p);
std::string viewText(const GameState& s, PlayerId p);                     // serialize()
std::vector<std::string> reportTo(const GameState& s, PlayerId p);        // report(s)
std::string describeTo(const GameState& s, const Action& a, PlayerId p);  // describe(a)
// The whole state as everyone sees it where nothing is hidden: what view()
// gives then, and what a game that hides things starts its views from.
View wholeView(const GameState& s, PlayerId p);

// Everything a game record needs beyond the actions: for the exported record.
struct GameRecord {
    std::vector<std::pair<std::string, std::string>>
        tags;               // ("Event", "..."), ("Date", "2026.11.21")
    std::string startText;  // serialize() of the start state
    std::vector<Action> actions;
    // Per action, the number of the turn it belongs to (0 first): a turn may
    // be several actions, and records number turns, not actions.
    std::vector<int> turnOf;
    // Per action, every seat's remaining time in milliseconds just after it
    // (increment included), as the journal has it; empty when not known.
    std::vector<std::vector<std::int64_t>> clocks;
    Outcome outcome;          // Ongoing if unfinished
    std::string outcomeNote;  // overrides the reason, e.g. "White lost on time"
};

// A game's rules for one table (its options resolved): how to begin and how to
// load a state. One per engine module.
class Game {
  public:
    virtual ~Game() = default;
    virtual std::string name() const = 0;  // "fide"
    // The options this table plays with, every default filled in.
    virtual const GameOptions& options() const = 0;
    virtual std::unique_ptr<GameState> start() const = 0;
    // Reads serialize()'s text; nullptr and a message in `error` when it is not valid.
    virtual std::unique_ptr<GameState> load(std::string_view text, std::string& error) const = 0;
    // The finished record in the game's own exchange format (PGN for chess).
    virtual std::string exportRecord(const GameRecord& record) const = 0;
    virtual std::string recordExtension() const = 0;  // "pgn"

    // The facet of a game whose set pieces are not simply themselves
    // (game_facets.h); nullptr: each is itself, and the table waits for the
    // boards to be still.
    virtual const BoardReading* boardReading() const { return nullptr; }
};

// The facet's answers, or those of a game without it.
SetPiece readSensed(const Game& g, SetPiece sensed);
std::string lookName(const Game& g, SetPiece look);
bool settleNeeded(const Game& g);

// Every game the engine knows, with its player counts, options, stand-ins and
// factory: the table of games (engine/games.cpp).
const std::vector<GameInfo>& gameCatalog();
const GameInfo* gameInfo(std::string_view name);
std::vector<std::string> gameNames();
// A game for one table. nullptr and a message naming what is wrong and what is
// valid when the game is unknown or the options do not fit it.
std::unique_ptr<Game> makeGame(std::string_view name, const GameOptions& options,
                               std::string& error);
// The game with all its defaults; nullptr for an unknown name.
std::unique_ptr<Game> makeGame(std::string_view name);

}  // namespace arbiter
