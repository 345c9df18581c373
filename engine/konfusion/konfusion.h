#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"

namespace arbiter {

// The Konfusion module's line in the table of games (engine/games.cpp): what it
// takes, and its factory (GameInfo::make).
GameInfo konfusionInfo();

namespace konfusion {

inline constexpr int kSide = 10;  // the board is 10 x 10 cells
inline constexpr int kCells = kSide * kSide;
inline constexpr int kMaxPips = 6;

// The four sides of the board, clockwise seen from above: a seat is known by
// the side it sits at, since the seats of two or three players leave sides
// empty and the rules (forward, far rank, keyposts) follow the side.
enum Side : int { South = 0, West = 1, North = 2, East = 3 };
inline Side opposite(Side s) {
    return static_cast<Side>((s + 2) % 4);
}

// How one table plays, from its options (docs/rules/konfusion.md).
struct Rules {
    int players = 2;   // 2 (South, North), 3 (South, West, North) or 4
    bool die = false;  // option die: a rolled die says how many pieces move each turn
    // The figure that stands for a die of each pip count (index pips - 1); the
    // colour on the board is the seat's, so only the figure is the table's.
    std::array<Figure, kMaxPips> looks = {Figure::Pawn, Figure::Knight, Figure::Bishop,
                                          Figure::Rook, Figure::Queen,  Figure::King};
};

// A set of cells as bits of a board padded with a guard column (11 bits a
// rank), so that one shift is one step in any of the eight directions and
// steps off the side fall into the guard: the 6's winding walk is a handful of
// shifts rather than a search, and a piece's destinations come out sorted and
// without repeats.
struct CellSet {
    __extension__ typedef unsigned __int128 Bits;
    Bits bits = 0;

    static constexpr int kStride = kSide + 1;
    static constexpr int kBits = kStride * kSide;
    // Per bit, its cell; the guard's bits name none (NoCell) and are never set.
    static constexpr std::array<int8_t, kBits> kCellOf = [] {
        std::array<int8_t, kBits> cells{};
        for (int i = 0; i < kBits; ++i)
            cells[static_cast<size_t>(i)] = static_cast<int8_t>(
                i % kStride == kSide ? NoCell : i / kStride * kSide + i % kStride);
        return cells;
    }();
    static constexpr int index(Cell c) { return c / kSide * kStride + c % kSide; }
    static constexpr Cell cellOf(int i) { return kCellOf[static_cast<size_t>(i)]; }
    // Per cell, its bit: a load rather than a shift of 128 bits.
    static constexpr std::array<Bits, kCells> kBitOf = [] {
        std::array<Bits, kCells> all{};
        for (Cell c = 0; c < kCells; ++c)
            all[static_cast<size_t>(c)] = Bits{1} << (c / kSide * kStride + c % kSide);
        return all;
    }();
    static CellSet of(Cell c) { return {kBitOf[static_cast<size_t>(c)]}; }
    static constexpr Bits kBoard = [] {
        Bits all = 0;
        for (Bits b : kBitOf) all |= b;
        return all;
    }();
    static CellSet board() { return {kBoard}; }  // every cell
    // The lowest cell (the set not empty), and the set without it.
    Cell first() const {
        const auto low = static_cast<uint64_t>(bits);
        return cellOf(low ? std::countr_zero(low)
                          : 64 + std::countr_zero(static_cast<uint64_t>(bits >> 64)));
    }
    CellSet withoutFirst() const { return {bits & (bits - 1)}; }
    bool has(Cell c) const { return (bits >> index(c)) & 1; }
    bool empty() const { return bits == 0; }
    int count() const;
    // The `index`-th cell in ascending order (from 0, below count()).
    Cell nth(int index) const;
    // The cells one king step from any cell of the set, the guard included.
    CellSet around() const;
    // Calls `f(cell)` for each cell in ascending order. Each half on its own:
    // stepping through 128-bit words was most of listing the moves.
    template <typename F>
    void each(F f) const {
        assert((bits & ~board().bits) == 0);  // a guard bit names no cell
        for (auto low = static_cast<uint64_t>(bits); low != 0; low &= low - 1)
            f(cellOf(std::countr_zero(low)));
        for (auto high = static_cast<uint64_t>(bits >> 64); high != 0; high &= high - 1)
            f(cellOf(64 + std::countr_zero(high)));
    }

    CellSet operator|(CellSet o) const { return {bits | o.bits}; }
    CellSet operator&(CellSet o) const { return {bits & o.bits}; }
    CellSet operator~() const { return {~bits}; }
    CellSet& operator|=(CellSet o) { return bits |= o.bits, *this; }
    CellSet& operator&=(CellSet o) { return bits &= o.bits, *this; }
    bool operator==(const CellSet&) const = default;
};

// What depends only on how many play: which side each seat sits at, which
// seat each side holds, and the keyposts of the seated sides.
struct Seating {
    int players = 2;
    std::array<Side, 4> sideOf{};
    std::array<PlayerId, 4> seatAt{};  // per Side; NoPlayer where nobody sits
    CellSet keyposts;                  // every seated side's four
    std::array<bool, kCells> keypostAt{};  // the same, per cell
    // Per seat, the four keyposts it wins by holding; empty when nobody sits opposite.
    std::array<CellSet, 4> toHold{};
    static const Seating& of(int players);  // players 2..4
};

// A side's four keyposts (its a1, e1, f1, j1), in ascending cell order.
std::array<Cell, 4> keypostsOf(Side s);
// Whether `c` is on the far rank of side `s` (South's rank 10, West's file j...).
bool onFarRank(Side s, Cell c);
// The cell a seat at side `s` calls (x, y) in its own view: x a..j from its
// left, y 1..10 from its edge (both from 0). Known at compile time, so that
// the tables of walks can mark the keyposts.
constexpr Cell fromView(Side s, int x, int y) {
    assert(x >= 0 && x < kSide && y >= 0 && y < kSide);
    const int last = kSide - 1;
    switch (s) {
        case South:
            return y * kSide + x;
        case West:
            return (last - x) * kSide + y;
        case North:
            return (last - y) * kSide + (last - x);
        case East:
            return x * kSide + (last - y);
    }
    return NoCell;
}

// A game of Konfusion in progress.
//
// The state keeps each cell's die (owner and pips), the pips each seat has
// captured, whose turn it is and, with the die option, the roll and which
// pieces have moved in this turn. The outcome follows from those and is kept,
// computed when an action is applied or a state loaded, since the referee and
// the session ask it after every action.
class KonfusionState final : public GameState, public Endings, public TablePresentation {
  public:
    explicit KonfusionState(const Rules& rules);  // the start position
    std::unique_ptr<GameState> clone() const override;
    const Endings* endings() const override { return this; }
    const TablePresentation* presentation() const override { return this; }

    const Geometry& geometry() const override;
    int playerCount() const override { return rules_.players; }
    PlayerId toMove() const override { return toMove_; }
    std::string playerName(PlayerId p) const override;  // "South", "West", ...

    // Piece::kind is the pips (1..6), as the stand-ins are named.
    std::optional<Piece> pieceAt(Cell c) const override;
    // The score is the pips on the board.
    PlayerResources resources(PlayerId p) const override;
    Appearance appearance(Cell c) const override;

    void listActions(std::vector<Action>& out) const override;
    const Action* chooseListed(const std::function<uint64_t(uint64_t)>& pick,
                               std::vector<Action>& list) const override;
    // Without the die, the hooks' playout played on the state's own fields,
    // each piece's destinations kept from step to step (konfusion_playout.cpp).
    PlayoutCount playOut(SeededRandom& random, int cap, uint64_t* trace) override;
    // Without the die every move, and the pass, is a whole turn; with it the
    // turns are counted move by move on copies, each roll's alike beyond the
    // pieces that can move (konfusion_turns.cpp).
    std::optional<uint64_t> turnCount() const override;
    bool isLegal(const Action& a) const override;
    std::string refusal(const Action& a) const override;
    void apply(const Action& a) override;
    // A move changes its two cells and nothing else; nothing else is shown.
    Effect effect(const Action& a) const override;
    bool midTurn() const override { return movedCount_ > 0 && !outcome_.over(); }
    // The die, at the start of a turn of the die option with a move to make.
    std::optional<ChanceDraw> chance() const override;

    Outcome outcome() const override { return outcome_; }
    bool canStillWin(PlayerId p) const override;
    // Two players: the other. Three or four: as a removal ends the game, the
    // best of the others by pips on the board, then pips captured (all of the
    // best when they tie).
    std::vector<PlayerId> opponents(PlayerId p) const override;
    // The most pips on the board, then the most captured; a tie at the top is
    // a draw among the tied.
    Outcome stoppedOutcome(const std::string& why) const override;

    // "4 d3-e1, on a keypost: a 5 now; exchange the rook for a queen", "3 c1xc4",
    // "the die shows 4: move up to 4 different pieces" (after the player's name).
    std::string describe(const Action& a) const override;
    // "e5-f6", "e5xf6", "pass", "end", "roll:4".
    std::string encode(const Action& a) const override;
    std::optional<Action> decode(std::string_view text) const override;
    // The cells from rank 10 down, a die as its seat letter and pips ("S4"),
    // empty runs as counts; the seat to move; the captured pips per seat; and
    // with the die option the roll ("?" to roll, "3", "3:e5,f6" with the cells
    // of the pieces moved): "10/10/.../1S2S3S4S5S6S4S3S21 S 0,0".
    std::string serialize() const override;
    static std::unique_ptr<KonfusionState> load(std::string_view text, std::string& error,
                                                const Rules& rules);
    // A picture of the board, the pips captured and on the board, the roll.
    std::vector<std::string> report() const override;

    Side sideOf(PlayerId p) const { return seating().sideOf[static_cast<size_t>(p)]; }
    int pipsAt(Cell c) const { return cells_[static_cast<size_t>(c)] & 7; }  // 0: empty
    PlayerId ownerAt(Cell c) const;                                          // NoPlayer: empty
    int captured(PlayerId p) const { return captured_[static_cast<size_t>(p)]; }
    int pipsOnBoard(PlayerId p) const;
    int roll() const { return roll_; }  // 0: not rolled (or no die option)
    std::vector<Cell> movedThisTurn() const;
    // Where the piece on `from` may go now (empty if it may not move); with
    // `firstOnly`, perhaps only some of it, enough to say whether it can move.
    CellSet destinations(Cell from, bool firstOnly = false) const;
    // destinations(from) of a piece on `from`, and into `read` squares that
    // hold every one whose contents decided them (the start left out): while
    // none of those changes, neither do they.
    CellSet destinationsReading(Cell from, CellSet& read) const;
    // The cells of p's pieces.
    CellSet cellsOf(PlayerId p) const { return own_[static_cast<size_t>(p)]; }

  private:
    KonfusionState(const Rules& rules, bool empty);
    const Seating& seating() const { return *seating_; }
    bool movedAlready(Cell c) const;
    // Whether `p` has a move; with `unmovedOnly`, by a piece not moved this turn.
    bool hasMove(PlayerId p, bool unmovedOnly) const;
    // hasMove(toMove_, false), kept until the next apply: the end of a turn,
    // the die and the walk of perft each ask it of the same state.
    bool moverCanMove() const;
    // The walks of a straight mover (1 to 5 pips) and of a 6; with kRead,
    // the squares the 6's looked at are added to `*read`.
    CellSet straightDestinations(Cell from, Side side, int pips, PlayerId owner,
                                 bool firstOnly) const;
    template <bool kRead>
    CellSet walkDestinations(Cell from, CellSet own, CellSet* read) const;
    // The pips the piece on `from` has after moving to `to`.
    int pipsAfter(Cell from, Cell to) const;
    // The move's change to the board, the end it may bring and, with the die,
    // the piece noted as moved: apply() without ending the turn.
    void movePiece(Cell from, Cell to);
    // The turns of the die option (konfusion_turns.cpp): per budget k of
    // moves left (1..budget), how many ways complete the turn from here, the
    // roll made; into byBudget[k].
    void turnsByBudget(int budget, std::array<uint64_t, kMaxPips + 1>& byBudget) const;
    // Per piece of the side to move, in the order own_ holds them, the cells
    // it may move to now (as bits); the rest of the array is left unset.
    using Reach = std::array<CellSet::Bits, kCells>;
    size_t reachOfEachPiece(Reach& reach) const;
    std::optional<uint64_t> turnCountWithDie() const;
    void put(Cell c, PlayerId owner, int pips);
    void clear(Cell c);
    void endTurn();
    // The end by keyposts (looked for from `lastMover` on), then by a seat
    // without pieces; ongoing if neither.
    Outcome decided(PlayerId lastMover) const;
    bool holdsKeyposts(PlayerId p) const;
    Outcome keypostWin(PlayerId p) const;
    Outcome removal() const;
    // No seat can move, at the start of a turn: the game is drawn.
    bool stuck() const;
    Outcome byPips(const std::vector<PlayerId>& among, const std::string& why) const;
    std::string moveRefusal(const Action& a) const;
    std::string cellName(Cell c) const { return geometry().name(c); }

    Rules rules_;
    const Seating* seating_;
    std::array<uint8_t, kCells> cells_{};  // 0 empty, else owner << 3 | pips
    std::array<CellSet, 4> own_{};         // per seat, the cells of its pieces
    CellSet occupied_;
    std::array<int, 4> captured_{};
    PlayerId toMove_ = 0;
    int roll_ = 0;  // die option: the roll of this turn, 0 until rolled
    std::array<Cell, kMaxPips> moved_{};
    int movedCount_ = 0;
    mutable int8_t moverCanMove_ = -1;  // moverCanMove(): -1 not known yet
    Outcome outcome_;
};

// The rules of Konfusion for one table: its options read once into Rules, so
// that every state it starts or loads plays with the same die and figures.
class KonfusionGame final : public Game, public BoardReading {
  public:
    explicit KonfusionGame(GameOptions resolved);
    std::string name() const override { return "konfusion"; }
    const GameOptions& options() const override { return options_; }
    std::unique_ptr<GameState> start() const override;
    std::unique_ptr<GameState> load(std::string_view text, std::string& error) const override;
    // A plain-text record: tags, the start, one line per action, the result.
    std::string exportRecord(const GameRecord& record) const override;
    std::string recordExtension() const override { return "txt"; }
    const BoardReading* boardReading() const override { return this; }
    // "white queen (a 5)".
    std::string lookName(SetPiece look) const override;

    const Rules& rules() const { return rules_; }

  private:
    GameOptions options_;
    Rules rules_;
};

}  // namespace konfusion
}  // namespace arbiter
