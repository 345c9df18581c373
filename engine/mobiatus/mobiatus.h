#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"

namespace arbiter {

// The Möbiatus module's line in the table of games (engine/games.cpp): what it
// takes, and its factory (GameInfo::make).
GameInfo mobiatusInfo();

namespace mobiatus {

// The Möbius strip, 5 wide and 30 long, as the ring of its two faces: files
// a-e, ranks 1-60, rank 60 followed by rank 1 again (docs/rules/mobiatus.md).
inline constexpr int kFiles = 5;
inline constexpr int kRanks = 60;
inline constexpr int kCells = kFiles * kRanks;
inline constexpr int kMaxDots = 10;    // each side starts with ten and never gains one
inline constexpr int kMovePairs = 70;  // the game ends after this many
inline constexpr int kMaxPlies = 2 * kMovePairs;

// The cell on the other face of the strip, behind `c`: across the twist, so
// mirrored left to right. Its own inverse.
inline Cell opposite(Cell c) {
    assert(c >= 0 && c < kCells);
    const int x = c % kFiles, y = c / kFiles;
    return (y + kRanks / 2) % kRanks * kFiles + (kFiles - 1 - x);
}

// A set of cells as 300 bits: the dots of a side, the singularities, the cells
// a chain has touched. Copied freely while a chain is searched, so it is
// small and plain.
struct CellSet {
    std::array<uint64_t, (kCells + 63) / 64> words{};

    bool has(Cell c) const { return (words[static_cast<size_t>(c) / 64] >> (c % 64)) & 1; }
    void add(Cell c) { words[static_cast<size_t>(c) / 64] |= uint64_t{1} << (c % 64); }
    void remove(Cell c) { words[static_cast<size_t>(c) / 64] &= ~(uint64_t{1} << (c % 64)); }
    bool empty() const;
    int count() const;
    // Some cell is in both. Inline, as lowest() and |=: the chain search asks
    // them for every jump it tries.
    bool meets(const CellSet& o) const {
        uint64_t both = 0;
        for (size_t i = 0; i < words.size(); ++i) both |= words[i] & o.words[i];
        return both != 0;
    }
    // Calls `f(cell)` for each cell in ascending order.
    template <typename F>
    void each(F f) const {
        for (size_t w = 0; w < words.size(); ++w) {
            for (uint64_t rest = words[w]; rest != 0; rest &= rest - 1)
                f(static_cast<Cell>(w * 64) + lowest(rest));
        }
    }
    static int lowest(uint64_t bits) { return std::countr_zero(bits); }
    CellSet& operator|=(const CellSet& o) {
        for (size_t i = 0; i < words.size(); ++i) words[i] |= o.words[i];
        return *this;
    }
    bool operator==(const CellSet&) const = default;
};

// Red is player 0 and moves first; Blue is player 1.
enum Side : int { Red = 0, Blue = 1 };

// What stands on the cells: the dots of each side and the singularities.
// Circles are never stored: a circle is the cell opposite a dot.
//
// Invariants (faultOf() names the first broken one): the singularities
// are closed under opposite(); no dot stands on a singularity or opposite a
// dot; each side has at most ten dots. Mid-chain the moving dot stands on a
// singularity, and only there.
struct Board {
    std::array<CellSet, 2> dots;
    CellSet singular;

    bool occupied(Cell c) const { return dots[Red].has(c) || dots[Blue].has(c); }
    // The side whose dot is on `c`, or -1.
    int sideAt(Cell c) const { return dots[Red].has(c) ? Red : dots[Blue].has(c) ? Blue : -1; }
    bool operator==(const Board&) const = default;
};

// The first invariant of Board that `b` breaks, naming the cells ("c7 is
// singular but its opposite c37 is not"); empty when it keeps them all.
std::string faultOf(const Board& b);
// "c17", as Geometry names the ring's cells.
std::string nameOf(Cell c);

// Each way one jump of `mover` from the dot on `p` may go on `b`, a chain
// having touched `touched` so far: `way(target, group, rest)` for each, the
// targets in the knight's fixed order and each target's rests ascending;
// `group` is the singularities slid through (empty for a plain landing).
void forEachJump(const Board& b, Side mover, Cell p, const CellSet& touched,
                 const std::function<void(Cell target, const CellSet& group, Cell rest)>& way);
// The board after the dot of `mover` on `p` rests on `r`: its old cell and
// the one behind it singular at once, and an enemy dot behind the rest taken
// (`taken`, else NoCell), which makes that pair singular too.
Board rested(const Board& b, Side mover, Cell p, Cell r, Cell& taken);
// Whether `to` is a knight's jump from `from` on the ring.
bool isKnightsJump(Cell from, Cell to);
// The cells a move names, in order: the start, each stop, the end.
std::vector<Cell> cellsOf(const Action& a);
// Whether the dot of `mover` on `p` can complete a chain from here: what a
// capture that touched `touched` needs to be allowed.
bool canGoOn(const Board& b, Side mover, Cell p, const CellSet& touched);

// How one table plays, from its options (docs/rules/mobiatus.md).
struct Rules {
    bool morePiecesWins = false;    // seventy-pairs = more-pieces
    bool mandatoryCapture = false;  // mandatory-capture = on
    bool markers = false;           // markers = on: circles and singularities stand too
    SetPiece redDot{SetColour::White, Figure::Pawn};
    SetPiece blueDot{SetColour::Black, Figure::Pawn};
    SetPiece redCircle{SetColour::White, Figure::Knight};
    SetPiece blueCircle{SetColour::Black, Figure::Knight};
    SetPiece singularity{SetColour::White, Figure::Rook};
};

// One jump of a chain as the rules let it be made: from `from` over the
// knight's target `target` (where a slide starts, or the landing itself) to
// the rest `rest`, taking the dot opposite the rest if it is an enemy's.
struct Jump {
    Cell from = NoCell;
    Cell target = NoCell;
    Cell rest = NoCell;
    Cell taken = NoCell;  // the enemy dot taken, or NoCell
    bool slid() const { return target != rest; }
};

// A whole action as the search finds it: its jumps and the cells after it.
struct Chain {
    std::vector<Jump> jumps;
    Board after;
    Action action() const;
    bool captures() const { return jumps.size() > 1; }
};

// A game of Möbiatus in progress.
//
// The state keeps the board, whose turn it is and how many plies have been
// played; the outcome follows from those and is kept, computed when an action
// is applied or a state loaded, since the referee and the session ask it
// after every action.
class MobiatusState final : public GameState,
                            public TablePresentation,
                            public ActionsInParts,
                            public Endings {
  public:
    explicit MobiatusState(const Rules& rules);  // the start position
    std::unique_ptr<GameState> clone() const override;
    const TablePresentation* presentation() const override { return this; }
    const ActionsInParts* actionsInParts() const override { return this; }
    const Endings* endings() const override { return this; }

    const Geometry& geometry() const override;
    int playerCount() const override { return 2; }
    PlayerId toMove() const override { return toMove_; }
    std::string playerName(PlayerId p) const override;  // "Red", "Blue"

    // A dot is Piece{0, side}; circles and singularities are not pieces.
    std::optional<Piece> pieceAt(Cell c) const override;
    // The score is the dots a side has left.
    PlayerResources resources(PlayerId p) const override;
    // The dots; with the markers option the circles and singularities too.
    Appearance appearance(Cell c) const override;

    // Every distinct resulting position once (the first chain found to it);
    // with mandatory capture only the captures, if there are any.
    void listActions(std::vector<Action>& out) const override;
    // The distinct positions legalActions() lists, without building them.
    std::optional<uint64_t> turnCount() const override;
    std::string refusal(const Action& a) const override;
    void apply(const Action& a) override;
    // The dots taken on the far face; with markers, every cell but the
    // mover's own (from, the stops, to) whose look changes.
    std::vector<Cell> consequences(const Action& a, const GameState& after) const override;
    // As GameState::effect, from the board after `a` alone: the referee
    // lists every action's effect, and cloning the state and comparing all
    // 300 cells made Möbiatus's judgements the slowest of any game.
    Effect effect(const Action& a) const override;
    // Every circle and every singularity.
    std::vector<Cell> markedCells() const override;
    // "c2-d4 takes Blue's b34 on the far face: take it off, then jump on from d4".
    std::string describeStops(const Action& a, int stops) const override;

    Outcome outcome() const override { return outcome_; }
    bool canStillWin(PlayerId p) const override;
    // With the more-pieces option, the side with more dots wins; else a draw.
    Outcome stoppedOutcome(const std::string& why) const override;

    // "c2-d4 takes Blue's b34 on the far face, d4-e6; new singularities b34 c2
    // c32 d4; circle on a36".
    std::string describe(const Action& a) const override;
    // "c2-d4", "c2-d4-e6-a7": the start, each capture's rest, the last rest.
    std::string encode(const Action& a) const override;
    std::optional<Action> decode(std::string_view text) const override;
    // The ranks from 60 down, '/'-separated: R, B, x or a run of empties 1-5;
    // the side to move, r or b; the plies played: "5/5/.../RRRRR/RRRRR r 0".
    std::string serialize() const override;
    static std::unique_ptr<MobiatusState> load(std::string_view text, std::string& error,
                                               const Rules& rules);
    // The move pair and the dots, then both faces side by side.
    std::vector<std::string> report() const override;

    const Board& board() const { return board_; }
    int plies() const { return plies_; }
    int dotCount(PlayerId p) const { return board_.dots[static_cast<size_t>(p)].count(); }
    // Every chain the player to move may make, in the search's order
    // (dots ascending, jumps in their fixed order, rests ascending), two
    // chains to one position included; the mandatory capture option is not
    // applied. `firstOnly`: stop at the first.
    std::vector<Chain> chains(bool firstOnly = false) const;
    // The chain that `a` names, if it is one the player to move may make.
    std::optional<Chain> chainOf(const Action& a) const;

  private:
    MobiatusState(const Rules& rules, bool empty);
    Outcome decided() const;
    // Calls visit(jumps, count) for the first chain to each distinct position.
    template <typename Visit>
    void forEachDistinct(Visit visit) const;
    std::string moveRefusal(const Action& a) const;
    std::string jumpText(const Jump& j) const;
    std::string cellName(Cell c) const { return geometry().name(c); }
    // What cell `c` shows on board `b` (appearance()).
    Appearance lookOn(const Board& b, Cell c) const;

    Rules rules_;
    Board board_;
    PlayerId toMove_ = Red;
    int plies_ = 0;
    Outcome outcome_;
};

// The rules of Möbiatus for one table: its options read once into Rules.
class MobiatusGame final : public Game, public BoardReading {
  public:
    explicit MobiatusGame(GameOptions resolved);
    std::string name() const override { return "mobiatus"; }
    const GameOptions& options() const override { return options_; }
    std::unique_ptr<GameState> start() const override;
    std::unique_ptr<GameState> load(std::string_view text, std::string& error) const override;
    // A plain-text record: tags, the start, one line per action, the result.
    std::string exportRecord(const GameRecord& record) const override;
    std::string recordExtension() const override { return "txt"; }
    const BoardReading* boardReading() const override { return this; }
    // A singularity is a rook of either colour.
    SetPiece read(SetPiece sensed) const override;
    // "white pawn (a Red dot)", "white rook (a singularity)".
    std::string lookName(SetPiece look) const override;

    const Rules& rules() const { return rules_; }

  private:
    GameOptions options_;
    Rules rules_;
};

}  // namespace mobiatus
}  // namespace arbiter
