#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "daemon/announce/cell_fix.h"
#include "daemon/referee/piece_identities.h"
#include "daemon/referee/surface.h"
#include "engine/core/game.h"

namespace arbiter {

// What the referee makes of a still surface.
struct Verdict {
    enum class Kind {
        Unknown,    // some cell of the game cannot be seen (a board is away)
        Settled,    // the surface shows the current state
        Pending,    // on the way to a legal action or a takeback: a piece in the hand
        Commit,     // shows the state after `actions` (one, or more when catching up)
        Takeback,   // shows the state before the last action
        Ambiguous,  // several legal actions explain it equally: `candidates`
        Illegal,    // nothing explains it: `fixes` say what to change
        // Last, so that the numbers of the others stay as they were (the
        // referee bench's signature counts verdicts by them).
        Replace,  // shows `actions` made instead of the last action, which began them
    };
    Kind kind = Kind::Unknown;
    std::vector<Action> actions;
    std::vector<Action> candidates;
    std::vector<CellFix> fixes;
    // Illegal only: the fixes lead to this legal action rather than back to the
    // current state, because the surface is nearer to it (a pawn put on the last
    // rank without being exchanged for the promoted piece).
    std::vector<Action> fixesComplete;
    // Illegal only: why the surface is not the action it looks like, when the
    // rules refuse it (GameState::ActionBegun::refusal: castling begun with
    // the rook under strict touch); empty otherwise.
    std::string refusal;
    // Illegal only: the move the hands were making, when the surface shows
    // one piece lifted off a cell and set down on another and the rules
    // refuse that move (`refusal` says why) or it can only be said (its
    // effect shows nothing on a board; `refusal` empty). `fixes` then lead
    // back to the current state (attempted_move.h).
    std::optional<Action> attempted;
    // Pending only: the surface shows the state after this action, but a cell
    // whose piece it changes was never touched (`untouched`). On a board that
    // cannot tell pieces apart a lifted piece looks like a capture made; only
    // the captured piece being lifted off tells them apart.
    std::vector<Action> unconfirmed;
    std::vector<Cell> untouched;
    // Pending only: the mover stands on a stop of a capture chain (a Move with
    // a path, Möbiatus), the first `chainStops` of `chain`'s stops made; 0 when
    // not, or when several chains explain it alike.
    Action chain;
    int chainStops = 0;
    // Commit only: what the actions change beyond the mover's hands (a piece
    // removed far away) that the surface does not show yet, each with what the
    // cell must show after: the players are told to make these.
    std::vector<CellFix> consequences;
};

// The one place where physical meets logical. For the current state and for
// every legal action it knows what the cells should show (the game's physical
// projection) and compares the sensed surface with those, honouring what each
// board can sense. No game has move-detection code of its own.
//
// It is sparse, because a table may have a thousand cells and hundreds of legal
// actions and a verdict is wanted after every sensor event: prepare() is called
// once per committed state and learns each legal action's Effect (the few cells
// it changes), indexed by cell, and which cells differ from the state now;
// judge() then follows the surface's changes cell by cell and looks only at the
// differing cells and the actions that touch them. Actions with an empty effect
// (a pass, a purchase) cannot be shown on a board and are never considered.
//
// Where the boards cannot tell whose a piece is (occupancy only, or one colour
// for all players), ownership is followed through history: the state knows
// whose each piece is, and an action that changes a cell's piece without
// changing what the cell shows (a capture) counts only once that cell has
// been touched since the last agreed position (Surface::touched), or once
// another player's action after it shows it made (a quick reply to a capture
// the board could not see).
//
// An action may be shown in parts, the first of which is itself a legal action
// and is committed once the surface is still (ActionsInParts::actionsBegunBy:
// castling begun with the rook). If the surface then shows the whole action
// made from the state before that first part, the verdict is Replace: the
// first part is taken back and the whole committed in its place.
//
// What an action changes beyond the mover's hands (CellChange::consequence) may
// show either way when the action is judged: the action is committed once the
// mover's part is shown, and the verdict lists the consequences still to make.
class Referee {
  public:
    Referee();
    ~Referee();
    Referee(Referee&&) noexcept;
    Referee& operator=(Referee&&) noexcept;

    // Learns `current` for judging `surface` against it: the projection, each
    // legal action's effect indexed by cell, the next player's actions when a
    // turn of several actions is under way (a board showing one of them implies
    // the end of the turn), what a takeback to `previous` changes, and which
    // cells differ now. `last` is the action that led from `previous` to
    // `current`, if known (else the two states are compared cell by cell), and
    // then also what the actions that `last` may have begun would change.
    // Called once per committed state; the surface must have the state's geometry.
    // `only`, when given, are the actions the surface may show made, of all
    // the legal ones: while the machine is to move, the one it chose (none
    // while it thinks), so that anything else is a position to put right.
    void prepare(const GameState& current, const GameState* previous, const Action* last,
                 const Surface& surface, const std::vector<Action>* only = nullptr);
    bool prepared() const { return current_ != nullptr; }

    // The verdict on `surface` (the one prepared with) as it is now, in time
    // proportional to the cells that changed since the last call and to the
    // actions touching the cells that differ. `catchUpPlies` > 1 also tries
    // sequences of up to that many actions (at most kMostCatchUpPlies), the
    // shorter first: moves made faster than the board settles, or while a
    // board was away.
    //
    // Those sequences must change only cells the hands were at since the last
    // agreed position. With `unseenCells`, failing those, sequences are also
    // looked for that pass through cells the board never reported (a DGT
    // board scans every 200-250 ms and misses a square a piece crossed within
    // one scan): only while moves are being followed, never to judge a still
    // board, where they would read a position put wrong as moves out of sight.
    Verdict judge(const Surface& surface, int catchUpPlies = 1, bool unseenCells = false);
    // The longest sequence looked for. Four plies are two moves each in chess:
    // what a 200-250 ms DGT scan can hold at 50 ms a move. Longer ones are
    // more and more often explained by other orders of the same moves (or by
    // moves out and back, which the board never shows), and their search grows
    // with the legal actions to that power.
    static constexpr int kMostCatchUpPlies = 4;
    // The most states a search for sequences lists before it gives up: a
    // bound on the time a judgement takes in a game of many actions.
    static constexpr int kSequenceBudget = 1500;
    // What to change so that the surface shows the prepared state.
    std::vector<CellFix> fixes(const Surface& surface);

    // A judgement once, without keeping the preparation: finding which way
    // round a board stands, tests. `previous` is the state before the last action.
    Verdict judge(const GameState& current, const GameState* previous, const Surface& surface,
                  int catchUpPlies = 1) const;

    // What to change so that the surface shows `state`.
    static std::vector<CellFix> fixesTo(const GameState& state, const Surface& surface);

    // The physical projection of a state: what each cell should show.
    static std::vector<Appearance> project(const GameState& state);
    static bool matches(const SensedCell& sensed, const Appearance& wanted, Sensing sensing);

  private:
    struct Ply;
    struct Candidate;

    // The steps of judge(), in its order. A surface that shows the current
    // state: Settled, unless the pieces' tags say a look-alike stands where
    // another piece belongs (then Illegal, and its fixes say where).
    Verdict settledVerdict(const Surface& surface);
    // The surface shows the current state: unless the pieces' tags say a
    // look-alike stands where another piece belongs (those are returned),
    // each tag is the state's piece on its cell from now on.
    std::vector<CellFix> learnIdentities(const Surface& surface);
    // Drops from `made` the explanations whose pieces the tags contradict;
    // the misplaced pieces of the first dropped, for telling.
    std::vector<CellFix> keepPiecesTold(const Surface& surface,
                                        std::vector<const Candidate*>& made) const;
    // The actions of `ply` touching the
    // differing cell that fewest of them touch.
    std::span<const uint32_t> fewestTouching(const Ply& ply) const;
    // The single actions among `covering` that the surface shows exactly.
    std::vector<Candidate> candidatesShown(const Surface& surface,
                                           std::span<const uint32_t> covering) const;
    // How many plies to look for sequences over, given the single actions shown.
    int pliesToLookAt(const Surface& surface, std::span<const uint32_t> covering,
                      const std::vector<Candidate>& shown, int catchUpPlies) const;
    // Commit or Ambiguous, of the explanations shown exactly and made.
    Verdict verdictOnMade(const Surface& surface, const std::vector<const Candidate*>& made) const;
    // The explanations that the evidence of the hands prefers, in the game's order.
    std::vector<const Candidate*> mostLikely(const Surface& surface,
                                             const std::vector<const Candidate*>& made) const;
    void keepChainFollowed(std::vector<const Candidate*>& best) const;
    // Pending on a capture the hands may not have made (Verdict::unconfirmed).
    static Verdict verdictOnUnconfirmed(const std::vector<const Candidate*>& unconfirmed);
    // When no action is shown: a chain part made, a takeback, a replacement,
    // or an action on its way; `refusal` set when a replacement shown is
    // refused by the rules. nullopt when none: the position is illegal.
    std::optional<Verdict> verdictBesideActions(const Surface& surface,
                                                std::span<const uint32_t> covering,
                                                std::string& refusal);
    Verdict illegalVerdict(const Surface& surface, const std::string& refusal) const;

    // Brings the differing cells up to date with the surface's changes.
    void sync(const Surface& surface);
    void rescan(const Surface& surface);
    void update(const Surface& surface, Cell c);
    bool differs(Cell c) const { return differAt_[static_cast<size_t>(c)] >= 0; }

    // Whether a cell shows what `change` leaves there (or, for a consequence,
    // what was there before it).
    bool done(const Surface& surface, const CellChange& change) const;
    // The surface shows exactly the state after these changes to the current one.
    bool shows(const Surface& surface, std::span<const CellChange> changes) const;
    // On the way to the state after these changes: each differing cell shows
    // the change made or nothing (a piece in the hand, a captured piece lifted).
    bool onTheWay(const Surface& surface, std::span<const CellChange> changes) const;
    // How many cells would still differ from the state after these changes.
    int mismatches(const Surface& surface, std::span<const CellChange> changes) const;
    std::vector<CellFix> fixesTowards(const Surface& surface,
                                      std::span<const CellChange> changes) const;

    // Part way through a chain: a chain and the number of its stops made, if
    // the surface shows that and, of what it could show, the stops seen made
    // so far single out which (the first `stops` of the chain's path made).
    std::pair<int, int> chainStop(const Surface& surface);
    // Whether `a` begins with the chain stops seen made since prepare().
    bool followsChainMade(const Action& a) const;

    // The sequences of two to `catchUpPlies` actions (two when 1: the end of
    // a turn and the next player's action), beginning with one touching a
    // differing cell (or with the end of a turn), that the surface shows exactly.
    void findSequences(const Surface& surface, int catchUpPlies, bool unseenCells,
                       std::vector<Candidate>& out);
    // A sequence being searched: where its actions stand among the legal
    // ones, the actions, and what they change together.
    struct Sequence {
        std::vector<uint32_t> order;
        std::vector<Action> actions;
        std::vector<CellChange> changes;
    };
    // Whether the hands have been at every cell that `e` changes by hand since
    // the last agreed position, or the cell looks the same after (a capture
    // the board cannot see). Sequences of such actions are looked for
    // first: a piece in the hand is then never explained as moved on and
    // captured through squares nobody touched.
    static bool handled(const Surface& surface, const Effect& e);
    // `seq` (which led to `here`) followed by `left` more actions, all handled
    // when `strict`, within `budget` states listed.
    void extend(const Surface& surface, const Ply& here, Sequence& seq, int left, bool strict,
                int& budget, std::vector<Candidate>& out);
    // The cells whose piece `actions` (from the current state, in turn)
    // change though no hand was seen there, unless another player acted after
    // the action that changed it. Until then such a capture may be only a
    // piece in the hand (Verdict::unconfirmed); the next player's answer shows
    // it made, as they could not have moved had it not been.
    std::vector<Cell> unansweredUntouched(const Surface& surface,
                                          const std::vector<Action>& actions) const;
    // How many cells the hands were at since the last agreed position that
    // none of `actions` (from the current state, in turn) changes.
    int touchedBeside(const Surface& surface, const std::vector<Action>& actions) const;
    // Whether the hands reached the cells of `actions` (from the current
    // state, in turn) in that order (Surface::firstTouch).
    bool inTouchOrder(const Surface& surface, const std::vector<Action>& actions) const;

    std::unique_ptr<Ply> current_;
    std::unique_ptr<Ply> afterEndTurn_;  // mid-turn: the state once the turn is ended
    int endTurnIndex_ = -1;              // where Action::endTurn() is among the legal actions
    std::vector<Appearance> now_;        // the projection of the current state
    bool hasPrevious_ = false;
    std::vector<CellChange> takeback_;  // current -> previous, cell by cell
    // The actions the last action may have been the first part of, each with
    // what it changes from the current state: the last action taken back and
    // the whole made instead (ActionsInParts::actionsBegunBy).
    struct Replacement {
        Action whole;
        std::string refusal;
        std::vector<CellChange> changes;
    };
    std::vector<Replacement> replacements_;
    // The cells of the game that do not show what the current state wants
    // (unknown cells included), and each cell's place in that list or -1.
    std::vector<Cell> differing_;
    std::vector<int> differAt_;
    const Surface* surface_ = nullptr;
    uint64_t stamp_ = 0;  // the surface's changes taken into account
    std::vector<CellChange> scratch_;
    // The mover's cell and the stops of a capture chain it has been seen to
    // make in the state prepared (chainStop), empty if none.
    std::vector<Cell> chainMade_;
    // Which tag is which of the game's pieces, learnt whenever the surface
    // shows the current state, and kept from one prepared state to the next.
    PieceIdentities identities_;
};

}  // namespace arbiter
