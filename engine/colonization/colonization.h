#pragma once

#include <array>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"

namespace arbiter {

// The Colonization module's line in the table of games (engine/games.cpp): what it
// takes, and its factory (GameInfo::make).
GameInfo colonizationInfo();

namespace colonization {

// The kinds of piece, as Piece::kind and Action::piece hold them.
enum Kind : int { kPlanet = 0, kColony, kAgricultural, kIndustrial, kWeapon, kKinds };
// How many of each kind a society has: sixteen in all.
inline constexpr std::array<int, kKinds> kLimit = {2, 8, 2, 2, 2};
inline constexpr int kAllPieces = 16;
// Seats are never reused, so late arrivals and rejoiners add seats: they are
// bounded by the seats a table keeps clocks for (the game starts with 2 to 16).
inline constexpr int kMaxSeats = kMaxPlayers;
inline constexpr int kMaxSide = 64;
// Action::choice(kActivate, cell): activate the Weapon standing on `cell`.
inline constexpr int kActivate = 1;
// The eight steps to a cell's neighbours (file, rank), in the order actions are listed.
inline constexpr int kSteps[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                     {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

// What a seat is doing. Seats keep their place in the rotation for good; a
// player knocked out who comes back takes a new seat at the end.
enum class Seat : char {
    Placing = 'n',  // to place a first home planet on its next turn
    Playing = 'p',
    Out = 'o',       // knocked out: no home planet left; may rejoin
    Rejoined = 'b',  // knocked out, and back at a later seat
    Left = 'l',      // left the game for good
};

// How one table plays, from its options: the seats' colours and the figure
// standing for each kind (only the figure counts; the colour is the seat's).
struct Rules {
    // Set colours by seat, from the colours option; seats beyond it alternate
    // white, black by seat index, as the default does for every seat.
    std::vector<SetColour> colours;
    std::array<Figure, kKinds> figures = {Figure::Bishop, Figure::Pawn, Figure::Rook,
                                          Figure::Knight, Figure::King};
    // Other figures a board may show for a kind (the Weapon: a queen), read as it.
    std::array<std::vector<Figure>, kKinds> also = {{{}, {}, {}, {}, {Figure::Queen}}};

    SetColour colourOf(PlayerId seat) const;
};

// "alternate" or a word of w and b (either case) to colours by seat; nullopt
// for anything else.
std::optional<std::vector<SetColour>> parseColours(const std::string& option);

// The surface a game is played on, with each cell's neighbours in kSteps
// order (NoCell off the surface) worked out once, since listing the actions
// and looking for pieces cut off step from every piece, and Geometry::step
// divides twice for each step. Shared by every copy of a state.
struct Neighbourhood {
    explicit Neighbourhood(Geometry g);
    Geometry geometry;
    std::vector<std::array<Cell, std::size(kSteps)>> neighbours;
    // Per cell, its neighbours in ascending cell order, NoCell after the last:
    // the cells a production next to a home planet may use, in listing order.
    std::vector<std::array<Cell, std::size(kSteps)>> ascending;
    // Per cell, a bit per kSteps direction that leads onto the surface.
    std::vector<uint8_t> onSurface;
};

// Whether the cells marked in `ring` (a bit per kSteps direction around some
// cell) hang together without that cell: neighbours in the ring touch, and
// so do two straight ones either side of a corner. A piece leaving the
// middle then cuts none of them off from the others.
bool ringHangsTogether(unsigned ring);

// What stands on one cell: nothing (kind < 0) or a kind and its owner.
struct Square {
    int8_t kind = -1;
    int8_t owner = -1;
    bool empty() const { return kind < 0; }
    bool operator==(const Square&) const = default;
};

// One cell an action changes, and why: the mover's hand, or what the rules
// then take off (pieces replaced by production, pieces cut off from their
// home planets, what the Weapon clears).
struct Edit {
    enum class Why : uint8_t { Hand, Replaced, CutOff, Weapon };
    Cell cell = NoCell;
    Square before;
    Square after;
    Why why = Why::Hand;
    // What the rules took off: a step's piece cut off where it arrived left
    // no trace on the cells (before and after both empty) but is told.
    Square lost;
};

// A game of Colonization in progress (docs/rules/colonization.md).
//
// The state keeps the cells, each seat's state, who is to move and how many
// actions were played; per seat it also keeps how many pieces of each kind
// stand and where its home planets are, since every action and every
// connection check asks them. The outcome is worked out when an action is
// applied or a state loaded, and kept.
//
// Invariants: every piece of a society is joined to one of its home planets
// by a chain of its own pieces (8-neighbourhood); only Playing seats have
// pieces, and each has one or two home planets; no seat exceeds a kind's limit.
class ColonizationState final : public GameState,
                                public Roster,
                                public Endings,
                                public TablePresentation {
  public:
    ColonizationState(const Rules& rules, int files, int ranks, int players);  // the start
    std::unique_ptr<GameState> clone() const override;
    const Roster* roster() const override { return this; }
    const Endings* endings() const override { return this; }
    const TablePresentation* presentation() const override { return this; }

    const Geometry& geometry() const override { return surface_->geometry; }
    int playerCount() const override { return static_cast<int>(seats_.size()); }
    PlayerId toMove() const override { return toMove_; }
    std::string playerName(PlayerId p) const override;  // "Player 3"

    std::optional<Piece> pieceAt(Cell c) const override;
    // The score is the pieces on the board.
    PlayerResources resources(PlayerId p) const override;
    Appearance appearance(Cell c) const override;

    void listActions(std::vector<Action>& out) const override;
    std::optional<uint64_t> turnCount() const override;
    std::vector<Action> rosterActions() const override;
    std::string refusedAfterTimeLimit(const Action& a) const override;
    std::string refusal(const Action& a) const override;
    void apply(const Action& a) override;
    // The cells the action changes; empty for the Weapon, which is said.
    Effect effect(const Action& a) const override;
    std::vector<Cell> consequences(const Action& a, const GameState& after) const override;

    Outcome outcome() const override { return outcome_; }
    bool canStillWin(PlayerId p) const override { return inGame(p); }
    bool inGame(PlayerId p) const override;
    // Most pieces on the board wins; equal: a draw among the tied.
    Outcome stoppedOutcome(const std::string& why) const override;

    // "home planet on d4", "home planet d4xd5 takes Player 2's colony; cut
    // off: Player 2's colony on e6".
    std::string describe(const Action& a) const override;
    // "B@d4", "d4-d5", "d4xd5", "pass", "weapon f3", "join", "rejoin 3", "leave 3".
    std::string encode(const Action& a) const override;
    std::optional<Action> decode(std::string_view text) const override;
    // "SIZE SEATS MOVER PLIES CELLS" (docs/rules/colonization.md):
    // "8x8 p,p,n 1 2 8/8/8/3Ba3/8/8/1Bb6/8 c" is wrong order; see there.
    std::string serialize() const override;
    static std::unique_ptr<ColonizationState> load(std::string_view text, std::string& error,
                                                   const Rules& rules);
    // One line per seat, then who is to move.
    std::vector<std::string> report() const override;

    Seat seat(PlayerId p) const { return seats_[static_cast<size_t>(p)]; }
    // Whether `p` came back after being knocked out and has not yet had two
    // home planets on the board: it does not count for the only-society win.
    bool rejoiner(PlayerId p) const { return rejoiner_[static_cast<size_t>(p)]; }
    int count(PlayerId p, int kind) const {
        return societies_[static_cast<size_t>(p)].counts[static_cast<size_t>(kind)];
    }
    int piecesOf(PlayerId p) const;
    SetColour colourOf(PlayerId p) const { return colours_[static_cast<size_t>(p)]; }
    int plies() const { return plies_; }
    // What `a` (legal here) changes, in ascending cell order, each cell once.
    std::vector<Edit> editsOf(const Action& a) const;

  private:
    ColonizationState(const Rules& rules, Geometry geometry);
    Square& at(Cell c) { return cells_[static_cast<size_t>(c)]; }
    const Square& at(Cell c) const { return cells_[static_cast<size_t>(c)]; }
    // Sets a cell, keeping the counts and the home planets' cells.
    void put(Cell c, Square s);
    // Puts a piece of `kind` read from a position's text on `c`; why not, in
    // the players' words, when `owner` is no seat, is not playing, or has as
    // many of the kind as the rules allow.
    std::string putRead(Cell c, std::optional<PlayerId> owner, int kind);
    // Makes `edits` (editsOf's) on the cells.
    void make(const std::vector<Edit>& edits);
    // Makes what `a` changes on the cells when that is a pass, a step or a
    // colony, as most actions are, without building the edits; false, with
    // nothing made, when editsOf() is needed.
    bool makeQuickly(const Action& a);
    // Takes off the pieces of `seat` no longer joined to its home planets.
    void dropCutOff(PlayerId seat);
    // The bits of the kSteps directions from `c` to the cells `p` holds.
    unsigned ringOf(Cell c, PlayerId p) const;
    // A new seat in the table's colour for its index, or, for a rejoiner, in
    // `colour`: the colour of the set the player already played with.
    void addSeat(Seat s, bool rejoiner, std::optional<SetColour> colour = std::nullopt);
    PlayerId nextAfter(PlayerId p) const;
    // Calls emit(kind, from, to, piece) for each action legalActions() lists,
    // in its order, so that they can be counted without being built.
    template <typename Emit>
    void forEachAction(Emit emit) const;
    Outcome decided(PlayerId mover) const;
    // The kinds a production of `kind` replaces, a bit per kind: all of the
    // mover's pieces of them leave first. None for a colony.
    static unsigned replacedBy(int kind);
    // Whether the player to move may produce `kind` (a kind) now, whatever the cell.
    bool mayProduce(int kind) const;
    // Why the player to move may not produce `kind` now, whatever the cell.
    std::string productionRefusal(int kind) const;
    bool nextToOwnPlanet(Cell c, PlayerId p) const;
    // The edits that cut off the pieces of `seat` no longer joined to its
    // home planets once `edits` are made, added to them.
    void cutOff(PlayerId seat, std::vector<Edit>& edits) const;
    std::string cellName(Cell c) const { return geometry().name(c); }
    std::string pieceWords(const Square& s) const;  // "Player 2's colony"

    // Shared by every copy: the referee and perft copy a state for each
    // action they try, and neither changes during a game.
    std::shared_ptr<const Rules> rules_;
    std::shared_ptr<const Neighbourhood> surface_;
    std::vector<Square> cells_;
    // Per cell, a bit per kSteps direction that leads to an empty cell on
    // the surface, kept by put(): a piece's steps are read off it. One more
    // at the end, meaningless, stands for every cell off the surface.
    std::vector<uint8_t> open_;
    std::vector<Seat> seats_;
    std::vector<bool> rejoiner_;
    std::vector<SetColour> colours_;
    // Per seat, what put() keeps of its pieces, since every action and every
    // connection check asks it: how many of each kind, where its home
    // planets are (NoCell where none) and its cells in ascending order, so
    // that the actions are listed without looking through the board.
    struct Society {
        std::array<int, kKinds> counts{};
        std::array<Cell, 2> planets{NoCell, NoCell};
        std::array<Cell, kAllPieces> cells{};
        int size = 0;
    };
    std::vector<Society> societies_;
    PlayerId toMove_ = 0;
    int plies_ = 0;
    Outcome outcome_;
};

// The rules of Colonization for one table: its options read once into Rules.
class ColonizationGame final : public Game, public BoardReading {
  public:
    ColonizationGame(GameOptions resolved, Rules rules);
    std::string name() const override { return "colonization"; }
    const GameOptions& options() const override { return options_; }
    std::unique_ptr<GameState> start() const override;
    std::unique_ptr<GameState> load(std::string_view text, std::string& error) const override;
    // A plain-text record: tags, the start, one line per action, the result,
    // then the pieces each seat has on the board.
    std::string exportRecord(const GameRecord& record) const override;
    std::string recordExtension() const override { return "txt"; }
    const BoardReading* boardReading() const override { return this; }
    // Another figure a kind may show (the Weapon's queen) is read as its own,
    // in the colour sensed.
    SetPiece read(SetPiece sensed) const override;
    // "white bishop (a home planet)".
    std::string lookName(SetPiece look) const override;

    const Rules& rules() const { return tableRules_; }

  private:
    GameOptions options_;
    Rules tableRules_;
};

}  // namespace colonization
}  // namespace arbiter
