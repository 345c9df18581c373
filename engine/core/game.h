#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/action.h"
#include "engine/core/chance.h"
#include "engine/core/chess_set.h"
#include "engine/core/effect.h"
#include "engine/core/game_options.h"
#include "engine/core/geometry.h"
#include "engine/core/outcome.h"
#include "engine/core/piece.h"
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
    virtual std::vector<Action> legalActions() const = 0;
    // Join and Leave actions the game allows now, whoever is to move. None by
    // default: in a game of two, leaving is resigning and the session says so.
    virtual std::vector<Action> rosterActions() const { return {}; }
    // Whether `a` may be applied now. By default: whether it is among
    // legalActions() or rosterActions(); games with unlisted actions override.
    virtual bool isLegal(const Action& a) const;
    // Why `a` may not be made once the table's time limit has passed, though
    // the rules allow it otherwise (Colonization's Weapon); empty if it may.
    virtual std::string refusedAfterTimeLimit(const Action&) const { return {}; }
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

    // An action a board may show in parts, the first of which is itself a
    // legal action (castling begun with the rook, whose part alone is a rook
    // move). When the players go on from `made` to show `whole`, the table
    // takes `made` back and commits `whole` instead, unless `refusal` says why
    // the rules do not allow that here (strict touch: castling begins with the
    // king); the table then tells the players so.
    struct ActionBegun {
        Action whole;
        std::string refusal;
    };
    // The actions, legal here, that `made` (legal here) may be the first part
    // of. None by default: in most games an action shown is the whole of it.
    virtual std::vector<ActionBegun> actionsBegunBy(const Action&) const { return {}; }

    // Cells that no piece shows but the players must see (Möbiatus's circles
    // and singularities), in ascending order: lit on boards with LEDs.
    virtual std::vector<Cell> markedCells() const { return {}; }
    // The first `stops` stops of `a` (a Move with a path, legal here) made at
    // the table, in the players' words, announced as the player makes them
    // ("d4 takes Blue's b34 on the far face: jump on from d4"). 1 <= stops <=
    // a.path.size(). Empty by default: not announced.
    virtual std::string describeStops(const Action& a, int stops) const;

    // The player to move has acted this turn and may act again or end it.
    virtual bool midTurn() const { return false; }
    // What chance must draw before the player to move acts; nullopt mostly.
    virtual std::optional<ChanceDraw> chance() const { return std::nullopt; }

    // A finished game stays finished: legalActions() is then empty.
    virtual Outcome outcome() const = 0;
    // A draw the player to move may claim now but that does not end the game by
    // itself (FIDE threefold repetition, fifty-move rule); empty if none.
    virtual std::string claimableDraw() const { return {}; }
    // Whether `p` could still win by any series of legal actions; decides whether
    // running out of time loses or draws (FIDE 6.9).
    virtual bool canStillWin(PlayerId p) const = 0;
    // Whether `p` still takes turns: false once they have left or been knocked out.
    virtual bool inGame(PlayerId p) const { return p >= 0 && p < playerCount(); }
    // Who wins when `p` loses by something outside the rules (their flag
    // falls, they resign): everyone else still in the game by default; games
    // of teams say the other team, since partners win or lose together.
    virtual std::vector<PlayerId> opponents(PlayerId p) const;
    // Whether a round is under way, for games whose rounds are not one turn of
    // each player (Power Coinz: from a flip to its removal); a table's move
    // and time limits then count these. nullopt: a round is every player's turn.
    virtual std::optional<bool> roundUnderWay() const { return std::nullopt; }
    // The result when play is stopped here by a limit of the table (a whole-game
    // time limit, a move-count limit) rather than by the rules: by default a
    // draw; games that count a score decide by it.
    virtual Outcome stoppedOutcome(const std::string& why) const { return Outcome::draw(why); }

    // Notation. `describe` is the human form in this state, before the action is
    // applied (SAN for chess); `encode` is a stable machine form (UCI for chess)
    // that `decode` reads back, as the journal does on resume.
    virtual std::string describe(const Action& a) const = 0;
    virtual std::string encode(const Action& a) const = 0;
    virtual std::optional<Action> decode(std::string_view text) const = 0;
    // The whole state as text (FEN for chess), readable by Game::load.
    virtual std::string serialize() const = 0;
    // What the players must know that the boards do not show, one line each
    // (csipgs's treasuries, reserves and designs), for `arbiterctl status`.
    virtual std::vector<std::string> report() const { return {}; }

    // Hidden information (moderated csipgs Chess). Whether some player's view
    // hides part of the state; false by default, and every view below is then
    // the whole state, so that the table may show and say everything to all.
    virtual bool hidesInformation() const { return false; }
    // What `p` may know now (engine/core/view.h): by default every cell, every
    // piece and every player's resources, and no impassable cell. Where views
    // hide things, someone who is not a player (p outside the seats) sees
    // nothing; serialize() and report() stay the whole state, for the record.
    virtual View view(PlayerId p) const;
    // The state as `p` may know it, as text for the players, naming no cell,
    // piece or resource that view(p) hides: serialize() by default.
    virtual std::string viewText(PlayerId p) const;
    // The lines of report() that `p` may be told: report() by default.
    virtual std::vector<std::string> reportTo(PlayerId p) const;
    // What `p` may be told of `a` (legal here, not yet applied), in the players'
    // words: describe(a) by default. Where views hide things an opponent's
    // action may be only "Black has taken their turn", or nothing at all
    // (empty: a design change said); what it changed in p's view is what
    // differs between view(p) before and after it.
    virtual std::string describeTo(const Action& a, PlayerId p) const;
};

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

    // How this table reads a set piece that a board senses: as the look
    // (GameState::appearance) it stands for. Each piece is itself by default;
    // Martian Chess reads any colour alike, and a rook as a drone's knight.
    virtual SetPiece read(SetPiece sensed) const { return sensed; }
    // A look in the players' words, for what to put on or take off a cell:
    // "white knight" by default, "drone (knight or rook)" in Martian Chess.
    virtual std::string lookName(SetPiece look) const { return words(look); }
    // Whether the table waits until the boards have been still for the settle
    // time before it acts on what they show. Yes by default: a move on its way
    // may pass through another legal move (a rook put down on a2 on its way to
    // a3). A game whose every action on a board is one step onto a
    // neighbouring cell (Sandkings) says no: a piece put down is a whole step,
    // and players make steps faster than any settle time.
    virtual bool settleNeeded() const { return true; }
};

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
