#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/memo.h"
#include "engine/csipgs/board.h"
#include "engine/csipgs/design.h"
#include "engine/csipgs/kind_attacks.h"

namespace arbiter {

// The csipgs module's line in the table of games (engine/games.cpp): what it
// takes, and its factory (GameInfo::make).
GameInfo csipgsInfo();

namespace csipgs {

inline constexpr int kSlots = 6;
inline constexpr int kMaxPieces = 16;  // board and reserve together, per player

// An amount of money as said at the table: "1 zorkmid", "5 zorkmids".
inline std::string zorkmids(long amount) {
    return std::to_string(amount) + (amount == 1 ? " zorkmid" : " zorkmids");
}

// What decides a piece's rules and its look: its design, and the slot it was
// bought from, whose stand-in shows it on the boards. A piece keeps both when
// the slot is later redesigned.
struct Kind {
    Design design;
    int slot = 0;  // 0..5
    std::vector<Step> steps;
    KindAttacks attacks;  // the steps as tables, for move generation
    uint64_t hash = 0;    // of design and slot
};

// The table's choices: relay allowed, the moderated game (each player sees
// only what their pieces see), the impassable squares, and the set piece
// (figure) standing for each slot's pieces; the colour follows the owner.
struct Rules {
    bool relay = false;
    bool moderated = false;
    Squareset impassable = 0;
    std::array<Figure, kSlots> standIns = {Figure::Pawn,   Figure::Rook, Figure::Knight,
                                           Figure::Bishop, Figure::King, Figure::Queen};
};

// The actions said rather than shown: Action::choice(kBuy, NoCell, {slot}) and
// Action::choice(kRedesign, NoCell, {slot, design text as characters...}).
inline constexpr int kBuy = 1;
inline constexpr int kRedesign = 2;
Action buy(int slot);
Action redesign(int slot, const Design& design);

// The option `impassable` read: "none", or squares separated by commas
// ("b2,g5"). nullopt and why when it names something else, a square twice, or
// a square a King starts on.
std::optional<Squareset> parseImpassable(std::string_view text, std::string& error);

// csipgs Chess (docs/rules/csipgs.md): chess with an economy. Each turn the
// player to move gets a zorkmid of credit (already in their treasury while they
// are to move), may say one design change, and then makes exactly one action:
// a move, a transfer of a reserve piece to an empty square next to one of
// their royal pieces not in check, or a purchase into the reserve. The design
// change, if said, takes effect after the action, as the rules order it; the
// action ends the turn. With one royal piece the FIDE rules of check and mate
// apply to it; with several, check may be ignored and royals captured. A player
// with no possible action, or no royal piece on the board, loses; a threefold
// repetition of the whole state is a draw.
class CsipgsState final : public GameState, public HiddenInformation, public TablePresentation {
  public:
    explicit CsipgsState(Rules rules = {});
    std::unique_ptr<GameState> clone() const override;
    // Only the moderated game hides anything (view() and below).
    const HiddenInformation* hidden() const override { return rules_.moderated ? this : nullptr; }
    const TablePresentation* presentation() const override { return this; }

    const Geometry& geometry() const override { return geometry_; }
    int playerCount() const override { return 2; }
    PlayerId toMove() const override { return toMove_; }
    std::string playerName(PlayerId p) const override { return p == 0 ? "White" : "Black"; }

    // Piece::kind indexes kind().
    std::optional<Piece> pieceAt(Cell c) const override;
    PlayerResources resources(PlayerId p) const override;
    Appearance appearance(Cell c) const override;
    const Kind& kind(int id) const { return *kinds_[static_cast<size_t>(id)]; }

    void listActions(std::vector<Action>& out) const override;
    bool isLegal(const Action& a) const override;
    std::string refusal(const Action& a) const override;
    void apply(const Action& a) override;
    Effect effect(const Action& a) const override;
    // A design change said, its action still to come.
    bool midTurn() const override { return pending_.has_value(); }
    // Every listed action (a move, a transfer, a purchase) ends the turn.
    std::optional<uint64_t> turnCount() const override { return legalActions().size(); }

    Outcome outcome() const override;
    bool canStillWin(PlayerId p) const override { return royals(p) > 0; }

    std::string describe(const Action& a) const override;
    std::string encode(const Action& a) const override;
    std::optional<Action> decode(std::string_view text) const override;
    // The whole state; see docs/rules/csipgs.md ("Position notation").
    std::string serialize() const override;
    static std::unique_ptr<CsipgsState> load(std::string_view text, std::string& error,
                                             Rules rules = {});
    // Treasuries, reserves, slots with prices, and each piece's design, as lines
    // for the players.
    std::vector<std::string> report() const override;

    // The moderated game (docs/rules/csipgs.md, "Moderated csipgs Chess"):
    // each player sees only what their pieces see, and the impassable squares
    // they have seen; the opponent's treasury, reserve and designs are hidden.
    // Without it everyone sees everything, impassable squares included.
    View view(PlayerId p) const override;
    std::string viewText(PlayerId p) const override;
    std::vector<std::string> reportTo(PlayerId p) const override;
    std::string describeTo(const Action& a, PlayerId p) const override;
    // The impassable squares, for LEDs, unless they are to be discovered.
    std::vector<Cell> markedCells() const override;
    // The squares p's pieces see now: their own squares, every square they
    // could move to or capture on (a ride up to and including the first
    // occupied or impassable square), the 8 neighbours of p's royal pieces,
    // and the squares of enemy pieces that attack one of those.
    Squareset sight(PlayerId p) const;
    // The impassable squares p has seen so far (all of them when not moderated).
    Squareset knownImpassable(PlayerId p) const;

    long treasury(PlayerId p) const { return treasury_[static_cast<size_t>(p)]; }
    const Design& slot(PlayerId p, int s) const {
        return slots_[static_cast<size_t>(p)][static_cast<size_t>(s)];
    }
    // Kind ids in p's reserve, sorted.
    const std::vector<int>& reserve(PlayerId p) const { return reserve_[static_cast<size_t>(p)]; }
    // How many royal pieces p has on the board, and whether the one on `c` is attacked.
    int royals(PlayerId p) const;
    bool attacked(Cell c, PlayerId by) const;
    // p has a royal piece in check.
    bool inCheck(PlayerId p) const;

    // Board moves only, from the mover's pieces.
    std::vector<Action> legalMoves() const;
    // Perft over board moves alone (no credit, transfers, purchases or design
    // changes, no repetition), so that the counts compare with any chess-variant
    // engine given the same pieces: `arbiter-perft --moves-only`.
    // How a board move is checked to keep the mover's only royal piece out of
    // check: from sets of attacked squares, pins and checkers (the fast way,
    // used in play unless relay is on), or by trying each move on a copy of
    // the board (relay's way). Tests count both ways and compare.
    enum class Legality { Fastest, ByTrial };
    uint64_t perftMovesOnly(int depth, Legality how = Legality::Fastest) const;
    // The same per first move (depth >= 1), to find where a count differs.
    std::vector<std::pair<Action, uint64_t>> perftMovesOnlyDivide(int depth) const;

  private:
    // The kinds whose steps a piece may use: its own and, with relay, those of
    // the friendly relay pieces that defend it.
    struct Powers {
        std::array<int8_t, kMaxPieces + 1> kinds;
        int count = 0;
    };
    // One player's legal board moves, per piece: where it may go.
    struct PieceMoves {
        Cell from = NoCell;
        Squareset to = 0;
    };
    struct MoveList {
        std::array<PieceMoves, 64> pieces;
        int size = 0;
        uint64_t count() const;
    };

    int internKind(const Design& d, int slot);
    int piecesOf(PlayerId p) const;
    Cell royalCell(const Board& b, PlayerId p) const;  // p's only royal, or NoCell
    bool reaches(const Board& b, int kindId, PlayerId p, Cell from, Cell to, bool capturing) const;
    Powers powersOf(const Board& b, Cell c) const;
    bool attacked(const Board& b, Cell c, PlayerId by) const;
    int royals(const Board& b, PlayerId p) const;
    // p's legal moves on `b`. Without relay they are worked out on sets of
    // squares: the checks and pins against p's only royal are found once, and
    // each move then costs a few table lookups. With relay, where a move can
    // lend powers as well as open lines, each move is tried on a copy.
    void legalMoves(const Board& b, PlayerId p, MoveList& out,
                    Legality how = Legality::Fastest) const;
    void legalMovesBySets(const Board& b, PlayerId p, MoveList& out) const;
    // What the enemy does to p's only royal piece, on `royal` (added to
    // `threats`, which starts as none): the squares
    // it attacks (the royal lifted off the board), the squares where p's
    // other pieces may answer a check (all when there is none), and p's
    // pieces that stand alone between the royal and an enemy rider that
    // captures along that line, with the line each may keep to.
    struct Threats {
        Squareset danger = 0;
        Squareset answers = ~Squareset{0};
        Squareset pinned = 0;
        std::array<Squareset, 64> pinLine;  // set for the pinned squares only
    };
    void findThreats(const Board& b, PlayerId p, Cell royal, Threats& threats) const;
    void legalMovesByTrial(const Board& b, PlayerId p, MoveList& out) const;
    void addMoves(const Board& b, PlayerId p, std::vector<Action>& out) const;
    // Moves, transfers and purchases open to the player to move, as if the
    // game went on: legalActions() unless the game is over.
    const std::vector<Action>& possibleActions() const;
    std::vector<Action> listActions() const;  // what possibleActions() keeps
    Outcome outcomeNow() const;               // what outcome() keeps
    uint64_t perftMoves(const Board& b, PlayerId p, int depth, Legality how) const;
    std::string refusalOfMove(const Action& a) const;
    std::string refusalOfTransfer(const Action& a) const;
    std::string refusalOfBuy(int slot) const;
    std::string refusalOfRedesign(const Action& a) const;
    // A redesign's payload read as a design; nullopt (and why) when it is not one.
    std::optional<Design> designOf(const Action& a, std::string& error) const;
    std::optional<Design> designOf(const Action& a) const;
    void endTurn();
    uint64_t key() const;  // the whole state, for repetition
    bool impassable(Cell c) const { return c >= 0 && c < 64 && ((rules_.impassable >> c) & 1); }
    // Adds what each player sees now to what they have seen of the impassable squares.
    void rememberImpassable();
    // The position notation as p may know it (viewText), or whole (serialize).
    std::string positionText(PlayerId p, bool whole) const;
    // report()'s lines: p's treasury, reserve and slots; p's pieces on `on`.
    std::string resourcesLine(PlayerId p) const;
    std::string piecesLine(const std::string& title, PlayerId p, Squareset on) const;

    Rules rules_;
    Geometry geometry_;
    Board board_;
    std::vector<std::shared_ptr<const Kind>> kinds_;
    std::array<std::vector<int>, 2> reserve_;
    std::array<long, 2> treasury_{1, 0};
    std::array<std::array<Design, kSlots>, 2> slots_;
    std::optional<std::pair<int, Design>> pending_;  // slot, design
    PlayerId toMove_ = 0;
    std::vector<uint64_t> history_;              // key() at the start of each turn so far
    bool repeated_ = false;                      // the state has now stood three times
    std::array<Squareset, 2> seenImpassable_{};  // moderated: what each player has found
    // Worked out when first asked, until the next action.
    Memo<Outcome> outcome_;
    Memo<std::vector<Action>> actions_;  // every action, the game's end aside
};

// The rules of csipgs Chess as a Game.
class CsipgsGame final : public Game {
  public:
    explicit CsipgsGame(GameOptions resolved);
    std::string name() const override { return "csipgs"; }
    const GameOptions& options() const override { return options_; }
    std::unique_ptr<GameState> start() const override;
    std::unique_ptr<GameState> load(std::string_view text, std::string& error) const override;
    std::string exportRecord(const GameRecord& record) const override;
    std::string recordExtension() const override { return "txt"; }

  private:
    GameOptions options_;
    Rules rules_;
};

}  // namespace csipgs
}  // namespace arbiter
