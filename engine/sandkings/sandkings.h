#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"
#include "engine/sandkings/cell_sets.h"

namespace arbiter {

// The Sandkings module's line in the table of games (engine/games.cpp): what it
// takes, and its factory (GameInfo::make).
GameInfo sandkingsInfo();

namespace sandkings {

inline constexpr int kMaxSeats = 4;
// The parts of a creature, as Piece::kind holds them.
enum Kind : int { kStinger = 0, kBody, kVertebra, kKinds };
inline constexpr int kMaxVertebrae = 4;
inline constexpr int kMaxParts = 6;

// The corners of the board, clockwise from a1 as seen from White's side. A
// seat is known by the corner it starts in, since three and four players are
// named by it, and suffocation is judged corner by corner.
enum Corner : int { SouthWest = 0, NorthWest, NorthEast, SouthEast };

// The corner seat `seat` starts in when `players` play: two take a1 and h8,
// three or four go clockwise from a1.
Corner cornerOf(int players, PlayerId seat);

// How one table plays, from its options (docs/rules/sandkings.md).
struct Rules {
    // Option orthogonal-block: a vertebra blocks a stinger only when it is
    // orthogonally next to its body (by default: in any of the 8 directions).
    bool orthogonalBlock = false;
    // Option stinger-near-body: a stinger standing next to its own body
    // (before the step) may sting even a blocking vertebra.
    bool stingerNearBody = false;
    // Option diagonal-suffocation: the chain that suffocates may be joined
    // diagonally as well.
    bool diagonalSuffocation = false;
    // Option double-steps: twice as many steps a turn as parts.
    bool doubleSteps = false;
    // The figure that stands for each part; the colour is the seat's.
    std::array<Figure, kKinds> figures = {Figure::Bishop, Figure::Rook, Figure::Pawn};

    int stepsFor(int parts) const { return doubleSteps ? 2 * parts : parts; }
};

// Everything one step does, worked out before it is made: where every piece
// stands after it, and what the rules took off and why. apply(), effect()
// and describe() all read it, so the three cannot disagree.
struct Aftermath {
    std::array<CellSet, kMaxSeats> pieces{};  // per seat, after the step
    std::array<CellSet, kKinds> kinds{};      // per kind, after the step
    PlayerId victim = NoPlayer;               // whose piece was stung, if any
    int stungKind = -1;                       // what was stung, if anything
    // The rest of a creature whose body was stung, and the pieces of the
    // victim a sting cut off from its body; both without the stung cell.
    CellSet creatureStung = 0;
    CellSet cutOff = 0;
    // Seats whose bodies were suffocated (bit per seat), their pieces, and
    // the kinds on the board just before they were taken off (for telling
    // the players which piece is which).
    unsigned suffocatedSeats = 0;
    CellSet suffocatedCells = 0;
    std::array<CellSet, kKinds> kindsBeforeSuffocation{};
    // Every cell the rules emptied beyond the step itself: what the players
    // are told to take off.
    CellSet consequences() const { return creatureStung | cutOff | suffocatedCells; }
};

// The legal steps of one creature in the listing's order: its pieces
// ascending by cell (those with no step left out), each with the cells it
// may step to. Counted, a playout's pick is found without listing.
struct CreatureSteps {
    struct Step {
        Cell from, to;
    };
    int pieces = 0;
    int total = 0;  // the steps of all the pieces
    std::array<Cell, kMaxParts> from{};
    std::array<CellSet, kMaxParts> to{};
    std::array<int, kMaxParts> counts{};  // of each piece's cells in `to`
    // The step at `index` of the listing, 0 <= index < total.
    Step at(int index) const;
};

// A game of Sandkings in progress (docs/rules/sandkings.md).
//
// The state keeps each seat's pieces and each kind's cells as sets of cells,
// which seats are still in, who is to move, and how many steps the turn has
// made and allows. The outcome is worked out when a turn begins and kept.
//
// Invariants: every seat still in has exactly one body and at most one
// stinger and four vertebrae, all joined to the body through its own pieces
// (8-neighbourhood); no body stands in a corner closed by another creature's
// chain (suffocation is judged after every step, and load() refuses such a
// position), so a step can suffocate only through the chain it joins or the
// body it moves; a seat out has no pieces; while the game goes on, the
// mover is in, 0 <= made < allowed, and allowed is the mover's parts (doubled
// with the option), since the mover cannot lose a part and stay in mid-turn.
class SandkingsState final : public GameState, public Roster, public TablePresentation {
  public:
    SandkingsState(const Rules& rules, int players);  // the start
    std::unique_ptr<GameState> clone() const override;
    const Roster* roster() const override { return this; }
    const TablePresentation* presentation() const override { return this; }

    const Geometry& geometry() const override { return *geometry_; }
    int playerCount() const override { return players_; }
    PlayerId toMove() const override { return toMove_; }
    // "White", "Black" for two; by starting corner for three or four:
    // "South-west", "North-west", "North-east", "South-east".
    std::string playerName(PlayerId p) const override;

    std::optional<Piece> pieceAt(Cell c) const override;
    // The score is the parts left.
    PlayerResources resources(PlayerId p) const override;
    Appearance appearance(Cell c) const override;

    void listActions(std::vector<Action>& out) const override;
    const Action* chooseListed(const std::function<uint64_t(uint64_t)>& pick,
                               std::vector<Action>& list) const override;
    bool isLegal(const Action& a) const override;
    // "that step leaves your vertebra on c3 cut off from your body", "the
    // vertebra on d4 is next to its body and blocks your stinger".
    std::string refusal(const Action& a) const override;
    void apply(const Action& a) override;
    PlayoutCount playOut(SeededRandom& random, int cap, uint64_t* trace) override;
    // The step's two cells by hand, and as consequences every piece the
    // rules then take off. A step whose own piece the rules take off (a body
    // walking into a closed corner, with diagonal-suffocation) is said, never
    // read from the boards: its effect is empty.
    Effect effect(const Action& a) const override;
    std::vector<Cell> consequences(const Action& a, const GameState& after) const override;

    bool midTurn() const override { return made_ > 0 && !outcome_.over(); }
    // Known at a turn's last step, where every step ends the turn, as do
    // "end" and a pass; before it, a step may leave the turn open.
    std::optional<uint64_t> turnCount() const override;
    Outcome outcome() const override { return outcome_; }
    bool canStillWin(PlayerId p) const override;
    bool inGame(PlayerId p) const override;

    // "vertebra c2-c3", "stinger c3xd4 stings Black's vertebra; cut off:
    // Black's vertebra on e5; suffocated: ...", "ends the turn", "passes".
    std::string describe(const Action& a) const override;
    // "c2-c3", "c3xd4", "end", "pass".
    std::string encode(const Action& a) const override;
    std::optional<Action> decode(std::string_view text) const override;
    // "PLAYERS IN MOVER MADE/ALLOWED CELLS" (docs/rules/sandkings.md), such
    // as "2 ab a 0/6 6VbSb/5VbBbVb/6Vb1/8/8/1Va6/VaBaVa5/SaVa6".
    std::string serialize() const override;
    static std::unique_ptr<SandkingsState> load(std::string_view text, std::string& error,
                                                const Rules& rules);
    // One line per seat (its parts and steps a turn), then who is to move
    // and how many steps are left this turn.
    std::vector<std::string> report() const override;

    const Rules& rules() const { return rules_; }
    CellSet piecesOf(PlayerId p) const { return pieces_[static_cast<size_t>(p)]; }
    int partsOf(PlayerId p) const { return countOf(piecesOf(p)); }
    int stepsMade() const { return made_; }
    int stepsAllowed() const { return allowed_; }
    // What the step from `from` to `to` does; the step must be legal.
    Aftermath aftermath(Cell from, Cell to) const;

  private:
    SandkingsState(const Rules& rules, int players, bool);  // empty board
    int kindAt(Cell c) const;                               // -1: empty
    PlayerId ownerAt(Cell c) const;                         // NoPlayer: empty
    CellSet occupied() const;
    CellSet bodyOf(PlayerId p) const { return piecesOf(p) & kinds_[kBody]; }
    void put(Cell c, int kind, PlayerId owner);
    void takeOff(CellSet cells);
    // Makes the legal step from `from` to `to` of the mover, with all that
    // the rules then take off, as aftermath() works it out (the tests hold
    // the two together) without copying every set into an Aftermath.
    void makeStep(Cell from, Cell to);
    // The seats suffocated once the mover's step onto `to` is made (and its
    // sting taken off), judged only where that step can have closed a
    // corner: no body stood in a closed corner before it (see the class).
    unsigned suffocatedByStep(Cell to, bool bodyMoved, unsigned seatsIn) const;
    // makeStep, and the turn moved on when the step ends it (beginTurnAfter
    // says what `stepsJudged` leaves out).
    void takeStep(Cell from, Cell to, bool stepsJudged = true);
    // Every vertebra of another creature that blocks the stinger of `p`.
    CellSet blockers(PlayerId p) const;
    // Where the piece of `p` on `from` may step (onto empty cells and, for
    // its stinger, onto what it may sting), before the connection is checked.
    CellSet reach(PlayerId p, Cell from, CellSet blocking) const;
    // Whether all of p's pieces stay joined to its body after its piece on
    // `from` steps to `to` (a sting takes no piece of p's).
    bool staysJoined(PlayerId p, Cell from, Cell to) const;
    // Calls visit(from, targets) for every piece of `p` that has a legal
    // step, ascending by from, with the cells it may step to, until it
    // returns false.
    template <typename Visit>
    void forEachPiece(PlayerId p, Visit visit) const;
    // Calls visit(from, to) for every legal step of `p`, ascending by from
    // and then by to, until it returns false.
    template <typename Visit>
    void forEachStep(PlayerId p, Visit visit) const;
    bool hasStep(PlayerId p) const;
    void stepsOf(PlayerId p, CreatureSteps& steps) const;
    // The seats (bit per seat) other than `p` whose bodies the chain `chain`
    // of `p`, touching both edges of `corner`, closes in, in `pieces`.
    static unsigned closedBy(PlayerId p, CellSet chain, size_t corner,
                             const std::array<CellSet, kMaxSeats>& pieces, CellSet bodies,
                             unsigned seatsIn, bool diagonal);
    // The bodies of other seats that the chains of `p` suffocate, in `pieces`.
    static unsigned suffocatedBy(PlayerId p, const std::array<CellSet, kMaxSeats>& pieces,
                                 CellSet bodies, unsigned seatsIn, bool diagonal);
    // The turn of the next seat still in after `after` begins.
    // With `stepsJudged` false, the outcome it keeps leaves out whether any
    // creature can step: a playout, which counts the mover's steps anyway,
    // asks decided() itself when there are none.
    void beginTurnAfter(PlayerId after, bool stepsJudged = true);
    Outcome decided(bool stepsJudged = true) const;
    // Why the step is not legal now; empty when it is.
    std::string stepRefusal(const Action& a) const;
    std::string cellName(Cell c) const { return geometry_->name(c); }
    // "Black's vertebra".
    std::string partWords(PlayerId owner, int kind) const;
    // "c2 c3": the cells of `s` by name, file by file.
    std::string cellList(CellSet s) const;
    // "body on b2, stinger on a1, vertebrae on a2 b1": the pieces on `cells`,
    // whose kinds `kinds` says.
    std::string creatureWords(CellSet cells, const std::array<CellSet, kKinds>& kinds) const;

    Rules rules_;
    // Shared by every copy: the referee and perft copy a state for each
    // action they try, and it never changes during a game.
    std::shared_ptr<const Geometry> geometry_;
    int players_ = 2;
    std::array<CellSet, kMaxSeats> pieces_{};
    std::array<CellSet, kKinds> kinds_{};
    unsigned seatsIn_ = 0;  // bit per seat still in
    PlayerId toMove_ = 0;
    int made_ = 0;
    int allowed_ = 0;
    Outcome outcome_;
};

// The rules of Sandkings for one table: its options read once into Rules.
class SandkingsGame final : public Game, public BoardReading {
  public:
    SandkingsGame(GameOptions resolved, Rules rules);
    std::string name() const override { return "sandkings"; }
    const GameOptions& options() const override { return options_; }
    std::unique_ptr<GameState> start() const override;
    std::unique_ptr<GameState> load(std::string_view text, std::string& error) const override;
    // A plain-text record: tags, the start, one line per step numbered by
    // turn, the result, then the parts each creature has left.
    std::string exportRecord(const GameRecord& record) const override;
    std::string recordExtension() const override { return "txt"; }
    const BoardReading* boardReading() const override { return this; }
    // "white bishop (a stinger)".
    std::string lookName(SetPiece look) const override;
    // Every step is one square onto a neighbour: a piece put down is a whole
    // step, so the table acts on it at once rather than after a settle time.
    bool settleNeeded() const override { return false; }

    const Rules& rules() const { return rules_; }

  private:
    GameOptions options_;
    Rules rules_;
};

}  // namespace sandkings
}  // namespace arbiter
