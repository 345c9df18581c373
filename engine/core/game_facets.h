#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/core/action.h"
#include "engine/core/chess_set.h"
#include "engine/core/geometry.h"
#include "engine/core/outcome.h"
#include "engine/core/piece.h"
#include "engine/core/view.h"

namespace arbiter {

// The facets of a game: groups of hooks that only some games have. A game
// state (GameState) or a game (Game) hands out each facet it has, usually
// itself, and nullptr for the others; what a game without the facet does is
// said once, in the functions beside GameState in game.h that callers ask
// (inGame(state, p), report(state), ...). Every hook of a facet is a hook of
// the state: GameState::kHooks counts them too.

// Hidden information (moderated csipgs Chess): some player's view hides part
// of the state. A game without this facet shows every player the whole state,
// so that the table may show and say everything to all.
class HiddenInformation {
  public:
    virtual ~HiddenInformation() = default;
    // What `p` may know now (engine/core/view.h). Someone who is not a player
    // (p outside the seats) sees nothing; serialize() and report() stay the
    // whole state, for the record.
    virtual View view(PlayerId p) const = 0;
    // The state as `p` may know it, as text for the players, naming no cell,
    // piece or resource that view(p) hides.
    virtual std::string viewText(PlayerId p) const = 0;
    // The lines of report() that `p` may be told.
    virtual std::vector<std::string> reportTo(PlayerId p) const = 0;
    // What `p` may be told of `a` (legal here, not yet applied), in the players'
    // words. An opponent's action may be only "Black has taken their turn", or
    // nothing at all (empty: a design change said); what it changed in p's view
    // is what differs between view(p) before and after it.
    virtual std::string describeTo(const Action& a, PlayerId p) const = 0;
};

// A roster that changes during the game: players join late or leave
// (Skirmish, Colonization) or are knocked out (Sandkings, Power Coinz). A game
// without this facet keeps every seat in the game to the end.
class Roster {
  public:
    virtual ~Roster() = default;
    // Join and Leave actions the game allows now, whoever is to move. None by
    // default: in a game of two, leaving is resigning and the session says so.
    virtual std::vector<Action> rosterActions() const { return {}; }
    // Whether `p` still takes turns: false once they have left or been knocked out.
    virtual bool inGame(PlayerId p) const = 0;
};

// How a game ends besides its own outcome(): draws a player may claim, and
// what the table's limits (a whole-game time limit, a move-count limit) do to
// it. A game without this facet has no claims, counts a round as every
// player's turn, allows every action after a time limit, and is drawn when a
// limit stops it.
class Endings {
  public:
    virtual ~Endings() = default;
    // A draw the player to move may claim now but that does not end the game by
    // itself (FIDE threefold repetition, fifty-move rule); empty if none.
    virtual std::string claimableDraw() const { return {}; }
    // Why `a` may not be made once the table's time limit has passed, though
    // the rules allow it otherwise (Colonization's Weapon); empty if it may.
    virtual std::string refusedAfterTimeLimit(const Action&) const { return {}; }
    // Whether a round is under way, for games whose rounds are not one turn of
    // each player (Power Coinz: from a flip to its removal); a table's move
    // and time limits then count these. nullopt: a round is every player's turn.
    virtual std::optional<bool> roundUnderWay() const { return std::nullopt; }
    // The result when play is stopped here by a limit of the table rather than
    // by the rules: by default a draw; games that count a score decide by it.
    virtual Outcome stoppedOutcome(const std::string& why) const { return Outcome::draw(why); }
};

// What the table shows and tells beyond the pieces on the boards. A game
// without this facet has nothing more to show.
class TablePresentation {
  public:
    virtual ~TablePresentation() = default;
    // What the players must know that the boards do not show, one line each
    // (csipgs's treasuries, reserves and designs), for `arbiterctl status`.
    virtual std::vector<std::string> report() const { return {}; }
    // Cells that no piece shows but the players must see (Möbiatus's circles
    // and singularities), in ascending order: lit on boards with LEDs.
    virtual std::vector<Cell> markedCells() const { return {}; }
};

// An action that a board shows in parts. A game without this facet has none:
// an action shown is the whole of it, and told once it is made.
class ActionsInParts {
  public:
    virtual ~ActionsInParts() = default;
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
    // of. None by default.
    virtual std::vector<ActionBegun> actionsBegunBy(const Action&) const { return {}; }
    // The first `stops` stops of `a` (a Move with a path, legal here) made at
    // the table, in the players' words, announced as the player makes them
    // ("d4 takes Blue's b34 on the far face: jump on from d4"). 1 <= stops <=
    // a.path.size(). Empty by default: not announced.
    virtual std::string describeStops(const Action&, int) const { return {}; }
};

// How a table reads the boards for a game whose set pieces are not simply
// themselves (Game::boardReading()). A game without this facet reads each set
// piece as itself, names it as a set piece ("white knight"), and waits for the
// boards to be still before acting.
class BoardReading {
  public:
    virtual ~BoardReading() = default;
    // How this table reads a set piece that a board senses: as the look
    // (GameState::appearance) it stands for. Martian Chess reads any colour
    // alike, and a rook as a drone's knight.
    virtual SetPiece read(SetPiece sensed) const { return sensed; }
    // A look in the players' words, for what to put on or take off a cell:
    // "drone (knight or rook)" in Martian Chess.
    virtual std::string lookName(SetPiece look) const { return words(look); }
    // Whether the table waits until the boards have been still for the settle
    // time before it acts on what they show. Yes by default: a move on its way
    // may pass through another legal move (a rook put down on a2 on its way to
    // a3). A game whose every action on a board is one step onto a
    // neighbouring cell (Sandkings) says no: a piece put down is a whole step,
    // and players make steps faster than any settle time.
    virtual bool settleNeeded() const { return true; }
};

}  // namespace arbiter
