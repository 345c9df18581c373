#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"
#include "engine/fide/move.h"
#include "engine/fide/movegen.h"
#include "engine/fide/position.h"
#include "engine/fide/repetition.h"

namespace arbiter {

// The FIDE chess module's line in the table of games (engine/games.cpp): what it
// takes, and its factory (GameInfo::make).
GameInfo fideInfo();

namespace fide {

// A FIDE chess game in progress behind the referee's GameState interface.
//
// Why: the referee and session know games only through GameState; this class
// translates between that vocabulary (cells, Actions, Outcomes) and the fast
// chess core (squares, Moves, Positions), and adds what a single position
// cannot know: the history of positions for threefold and fivefold repetition.
// Player 0 is White, player 1 Black; Piece::kind is int(Figure).
// An Action for a move is Action::move(from, to, promotion kind or -1), castling
// is the king's step (e1 to g1), en passant the pawn's step.
//
// Castling begun with the rook is castling (actionsBegunBy): the rook's part,
// shown alone and left still, is a legal rook move, and the king's part that
// follows is taken as the rest of castling. With `strictTouch` the state keeps
// FIDE 4.4's reading instead: castling begins with the king, and a rook moved
// first is a rook move.
//
// Cloning copies one Position, the repetition history (a short vector of
// keys and a 64-byte set of those seen) and the kept legal moves: well under
// a microsecond, so the referee can clone per legal move.
class FideState final : public GameState, public ActionsInParts, public Endings {
  public:
    explicit FideState(const Position& position, bool strictTouch = false);

    std::unique_ptr<GameState> clone() const override;
    const ActionsInParts* actionsInParts() const override { return this; }
    const Endings* endings() const override { return this; }

    const Geometry& geometry() const override;
    int playerCount() const override { return 2; }
    PlayerId toMove() const override;
    std::string playerName(PlayerId p) const override;

    std::optional<Piece> pieceAt(Cell c) const override;
    PlayerResources resources(PlayerId p) const override;
    Appearance appearance(Cell c) const override;

    void listActions(std::vector<Action>& out) const override;
    const Action* chooseListed(const std::function<uint64_t(uint64_t)>& pick,
                               std::vector<Action>& list) const override;
    // Every move is a turn of its own.
    std::optional<uint64_t> turnCount() const override;
    // Why a move may not be made, in a chess player's words (refusal.h).
    std::string refusal(const Action& a) const override;
    void apply(const Action& a) override;
    // The hooks' playout (every move a turn) played on the position itself:
    // the moves kept as runs (MoveBatches) and only the drawn one read out,
    // no Action built unless traced, no virtual call (fide_playout.cpp).
    PlayoutCount playOut(SeededRandom& random, int cap, uint64_t* trace) override;
    std::vector<ActionBegun> actionsBegunBy(const Action& made) const override;

    Outcome outcome() const override;
    std::string claimableDraw() const override;
    bool canStillWin(PlayerId p) const override;

    std::string describe(const Action& a) const override;
    std::string encode(const Action& a) const override;
    std::optional<Action> decode(std::string_view text) const override;
    std::string serialize() const override;

    const Position& position() const { return position_; }
    static Action toAction(Move m);

  private:
    // The legal move an action stands for, if any.
    std::optional<Move> legalMoveFor(const Action& a) const;
    // The move a legal action stands for, read off the action and the board.
    Move moveOf(const Action& a) const;
    // How the game stands, in short: what outcome() says, kept until the
    // next move without the Outcome's strings.
    enum class Ending : uint8_t {
        Unknown,  // not worked out since the last move
        Ongoing,
        Checkmate,
        Stalemate,
        InsufficientMaterial,
        FivefoldRepetition,
        SeventyFiveMoves,
    };

    // The position's legal moves, worked out when first asked and kept until
    // the next move: outcome() and listActions() both need them, and a game
    // played out at random asks both every move.
    const MoveList& legalMoves() const;
    Ending ending() const;
    Ending endingNow() const;  // what ending() keeps
    // Whether a rule other than checkmate and stalemate ends the game now.
    bool drawnByRule() const;

    Position position_;
    RepetitionHistory history_;
    bool strictTouch_ = false;  // the game option "strict-touch"
    // Kept in place rather than in a Memo, whose copy in and out cost a
    // playout more than the generation; a copy of the state keeps them, as
    // they belong to the same position.
    mutable MoveList moves_;
    mutable bool movesKnown_ = false;
    mutable Ending ending_ = Ending::Unknown;
};

// The rules of FIDE chess as a Game: standard start, FEN loading, PGN export.
class FideGame final : public Game {
  public:
    FideGame();
    explicit FideGame(GameOptions resolved) : options_(std::move(resolved)) {}
    std::string name() const override { return "fide"; }
    const GameOptions& options() const override { return options_; }
    std::unique_ptr<GameState> start() const override;
    std::unique_ptr<GameState> load(std::string_view text, std::string& error) const override;
    std::string exportRecord(const GameRecord& record) const override;
    std::string recordExtension() const override { return "pgn"; }

  private:
    GameOptions options_;
};

}  // namespace fide
}  // namespace arbiter
