#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"

namespace arbiter {

// The Cornerport module's line in the table of games (engine/games.cpp): what it
// takes, and its factory (GameInfo::make).
GameInfo cornerportInfo();

namespace cornerport {

// The kinds of ship, as Piece::kind and Action::piece hold them.
enum Kind : int { kPatrolBoat = 0, kBattleShip, kFreighter, kKinds };
// How many of each kind a player may have on the board at once.
inline constexpr std::array<int, kKinds> kLimit = {8, 2, 2};
inline constexpr PlayerId kWhite = 0;
inline constexpr PlayerId kBlack = 1;
// The deep water, c3 to f6, as a set of cells (bit c for cell c).
inline constexpr uint64_t kDeepWater = 0x00003C3C3C3C0000ULL;

// How one table plays, from its stand-ins: the figure standing for each kind
// (the colour is always the owner's: White's ships white, Black's black).
struct Rules {
    std::array<Figure, kKinds> figures = {Figure::Pawn, Figure::Rook, Figure::Bishop};
};

// What stands on one cell: nothing (kind < 0) or a ship and its owner.
struct Square {
    int8_t kind = -1;
    int8_t owner = -1;
    bool empty() const { return kind < 0; }
    bool operator==(const Square&) const = default;
};

// A game of Cornerport in progress (docs/rules/cornerport.md).
//
// The state keeps the 64 cells, each freighter's home port (the own port it
// last stood on, kept on the freighter's cell and moved with it), who is to
// move, and the port a placement is pending on: a freighter that has just
// arrived in port leaves the turn open (midTurn()) until its owner places a
// ship on the port it left or ends the turn. The outcome follows from these
// alone, so a finished game loads as finished; it is worked out once per
// action and kept.
//
// Invariants: no player exceeds a kind's limit; every freighter has a home
// that is one of its owner's ports, and a freighter standing on an own port
// has that port as its home; a pending placement's port is empty and a
// placement on it is possible.
class CornerportState final : public GameState, public TablePresentation {
  public:
    explicit CornerportState(const Rules& rules);  // the start
    std::unique_ptr<GameState> clone() const override;
    const TablePresentation* presentation() const override { return this; }

    const Geometry& geometry() const override { return geometry_; }
    int playerCount() const override { return 2; }
    PlayerId toMove() const override { return toMove_; }
    std::string playerName(PlayerId p) const override;  // "White", "Black"

    std::optional<Piece> pieceAt(Cell c) const override;
    // The reserve: the ships of each kind still off the board.
    PlayerResources resources(PlayerId p) const override;
    Appearance appearance(Cell c) const override;

    void listActions(std::vector<Action>& out) const override;
    // Plays what GameState::playOut plays, on this state: the moves counted
    // and the one drawn found by their bits, no Action built unless traced.
    PlayoutCount playOut(SeededRandom& random, int cap, uint64_t* trace) override;
    std::string refusal(const Action& a) const override;
    void apply(const Action& a) override;
    // The cell a placement fills; the two cells of a move. Said actions
    // (end of turn, pass) change none.
    Effect effect(const Action& a) const override;
    bool midTurn() const override { return pending_ != NoCell; }
    // Every move completes a turn but a freighter's arrival that brings a
    // placement, which completes one per kind it may bring and one for "end".
    std::optional<uint64_t> turnCount() const override;

    Outcome outcome() const override { return outcome_; }
    // Whoever still has a ship may still sink the other's last one: a lone
    // freighter can bring in fighting ships.
    bool canStillWin(PlayerId p) const override;

    // "freighter g2-h1 arrives in port; may place on a8", "patrol boat
    // c2xd3 sinks Black's battle ship", "places a battle ship on a8".
    std::string describe(const Action& a) const override;
    // Announced: as describe(), with what the mover may do next after an
    // arrival; Recorded: what happened only, as the record keeps it.
    enum class Wording { Announced, Recorded };
    std::string describe(const Action& a, Wording wording) const;
    // "g2-h1", "c2xd3", "R@a8", "end", "pass".
    std::string encode(const Action& a) const override;
    std::optional<Action> decode(std::string_view text) const override;
    // "CELLS MOVER PENDING HOMES" (docs/rules/cornerport.md), the start being
    // "7b/8/8/8/8/8/8/7B w - h1:h1,h8:h8".
    std::string serialize() const override;
    static std::unique_ptr<CornerportState> load(std::string_view text, std::string& error,
                                                 const Rules& rules);
    // Each player's ships off the board and freighters' homes, who is to move,
    // and a pending placement.
    std::vector<std::string> report() const override;

    // The ships of `kind` that `p` has on the board.
    int count(PlayerId p, int kind) const {
        return counts_[static_cast<size_t>(p)][static_cast<size_t>(kind)];
    }
    int shipsOf(PlayerId p) const;
    // The home port of the freighter on `c`, or NoCell when none stands there.
    Cell homeOf(Cell c) const { return homes_[static_cast<size_t>(c)]; }
    // The port a placement is pending on, or NoCell.
    Cell pendingPort() const { return pending_; }
    // The two ports of `p`: White h1 and a8, Black a1 and h8. The corners of
    // the colour of the player's pieces: h1 and a8 are light, a1 and h8 dark.
    // White's back-rank port first.
    std::array<Cell, 2> portsOf(PlayerId p) const {
        return p == kWhite ? std::array<Cell, 2>{7, 56} : std::array<Cell, 2>{0, 63};
    }
    bool isPortOf(Cell c, PlayerId p) const {
        const auto ports = portsOf(p);
        return c == ports[0] || c == ports[1];
    }
    // The centre 4x4, c3 to f6.
    bool deepWater(Cell c) const { return (kDeepWater >> c) & 1; }

  private:
    CornerportState(const Rules& rules, bool empty);
    const Square& at(Cell c) const { return cells_[static_cast<size_t>(c)]; }
    // Sets a cell, keeping the counts; the cell's freighter home goes with it.
    void put(Cell c, Square s, Cell home = NoCell);
    // The board moves of `p`, as if `p` were to move, appended to `out`.
    void addMoves(PlayerId p, std::vector<Action>& out) const;
    // Calls emit(from, to) for each board move of `p`, in addMoves' order, so
    // that they can be listed, counted or looked for without being built.
    template <typename Emit>
    void forEachMove(PlayerId p, Emit emit) const;
    // The same for the ship on `from` alone.
    template <typename Emit>
    void forEachMoveFrom(Cell from, Emit emit) const;
    // The moves of the ship on `from` as bits in the listing's order, and in
    // `offsets` how far along the cell numbers each bit's move goes.
    unsigned moveBits(Cell from, const std::array<int, 8>*& offsets) const;
    // The cells a patrol boat or freighter on `from` may move to.
    uint64_t stepTargets(Cell from) const;
    // How many board moves `p` has, and how many more turns the arrivals among
    // them bring (each placement and "end" is a turn of its own).
    uint64_t moveCount(PlayerId p) const;
    uint64_t arrivalTurns(PlayerId p) const;
    // Whether the ship on `from` could capture on `target` in one move, were
    // an enemy there: the squares it strikes. Freighters strike nothing.
    bool strikes(Cell from, Cell target) const;
    // Where a placement would go after the freighter on `from` moves to `to`
    // (the port it leaves as home), or NoCell when the move brings none.
    Cell placementAfter(Cell from, Cell to) const;
    // The kinds `p` may still place (fewer than the limit on the board).
    std::vector<int> placeable(PlayerId p) const;
    int placeableCount(PlayerId p) const;
    // Whether the deep-water draw holds with `side` the one of patrol boats only.
    bool deepWaterDraw(PlayerId side) const;
    Outcome decided() const;
    // False where decided() is surely ongoing: both have ships, and each a
    // battle ship or a freighter among them, so no deep-water draw.
    bool mayBeDecided() const {
        const auto onlyPatrolBoats = [&](PlayerId p) {
            return count(p, kBattleShip) == 0 && count(p, kFreighter) == 0;
        };
        return fleets_[0] == 0 || fleets_[1] == 0 || onlyPatrolBoats(kWhite) ||
               onlyPatrolBoats(kBlack);
    }
    // apply()'s kinds of action, each taking what it needs rather than an
    // Action, so that playOut() plays without building one: the ship on
    // `from` moving to `to`; a ship of `kind` placed on the pending port; the
    // turn passed or ended. Each ends as closeAction does.
    void moveShip(Cell from, Cell to);
    void placeShip(int kind);
    void endTurnOrPass();
    // Hands the move to the other player when the turn ends, and works out
    // the outcome where it may have changed.
    void closeAction(PlayerId mover, bool turnEnds);
    // One random action of a playout, drawn as GameState::playOut draws it,
    // folded into `*trace` when `trace` is not null, and applied.
    void playRandomMove(SeededRandom& random, uint64_t* trace);
    void playRandomPlacement(SeededRandom& random, uint64_t* trace);
    std::string moveRefusal(const Action& a) const;
    std::string placeRefusal(const Action& a) const;
    std::string cellName(Cell c) const { return geometry_.name(c); }
    std::string reserveText(PlayerId p) const;

    Rules rules_;
    Geometry geometry_;
    std::array<Square, 64> cells_{};
    // Per cell: the home port of the freighter standing there, else NoCell.
    // Bytes, and the fleets as bit sets of cells, since perft copies the state
    // for every action it tries and the move search walks only the fleet.
    std::array<int8_t, 64> homes_{};
    std::array<uint64_t, 2> fleets_{};
    std::array<std::array<int, kKinds>, 2> counts_{};
    PlayerId toMove_ = kWhite;
    Cell pending_ = NoCell;
    Outcome outcome_;
};

// The rules of Cornerport for one table: its stand-ins read once into Rules.
class CornerportGame final : public Game, public BoardReading {
  public:
    CornerportGame(GameOptions resolved, Rules rules);
    std::string name() const override { return "cornerport"; }
    const GameOptions& options() const override { return options_; }
    std::unique_ptr<GameState> start() const override;
    std::unique_ptr<GameState> load(std::string_view text, std::string& error) const override;
    // A plain-text record: tags, the start, one line per action, the result,
    // then the ships each player has on the board.
    std::string exportRecord(const GameRecord& record) const override;
    std::string recordExtension() const override { return "txt"; }
    const BoardReading* boardReading() const override { return this; }
    // "white rook (a battle ship)".
    std::string lookName(SetPiece look) const override;

    const Rules& rules() const { return rules_; }

  private:
    GameOptions options_;
    Rules rules_;
};

}  // namespace cornerport
}  // namespace arbiter
