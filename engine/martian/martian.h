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

// The Martian Chess module's line in the table of games (engine/games.cpp): what it
// takes, and its factory (GameInfo::make).
GameInfo martianInfo();

namespace martian {

// The three sizes of pyramid, as Piece::kind. A captured piece scores kind + 1.
enum Kind : int { Pawn = 0, Drone = 1, Queen = 2 };
inline constexpr int kKinds = 3;
inline int points(int kind) {
    return kind + 1;
}

// Calling the clock: Action::choice(kCallClock), said before the move.
inline constexpr int kCallClock = 1;
// Moves in a row without a capture, once the clock is called, that end the game.
inline constexpr int kClockMoves = 7;

// How one table plays, from its options (docs/rules/martian.md).
struct Rules {
    int players = 2;               // 2 (a 4x8 board) or 4 (8x8, two teams)
    bool equalScoresDraw = false;  // option tie=draw; else the emptier wins a tie
    bool fieldPromotion = false;   // option field-promotion
    bool callingClock = false;     // option calling-clock
    // The set piece each pyramid is shown by; colour plays no part.
    std::array<SetPiece, kKinds> looks = {SetPiece{SetColour::White, Figure::Pawn},
                                          SetPiece{SetColour::White, Figure::Knight},
                                          SetPiece{SetColour::White, Figure::Queen}};
};

// A game of Martian Chess in progress.
//
// Pyramids have no owner: a piece is moved by whoever's territory it stands
// in, so Piece::owner is the territory's player and changes when the piece
// crosses a canal. The state keeps only the pyramid on each cell, the scores,
// whose turn it is, the one move the no-undo rule forbids next and the count of
// the called clock; the outcome follows from those (whoever emptied a
// territory moved last), so a finished game loads as finished.
class MartianState final : public GameState, public Endings, public TablePresentation {
  public:
    explicit MartianState(const Rules& rules);  // the start position
    std::unique_ptr<GameState> clone() const override;
    const Endings* endings() const override { return this; }
    const TablePresentation* presentation() const override { return this; }

    const Geometry& geometry() const override { return geometry_; }
    int playerCount() const override { return rules_.players; }
    PlayerId toMove() const override { return toMove_; }
    std::string playerName(PlayerId p) const override;

    std::optional<Piece> pieceAt(Cell c) const override;
    PlayerResources resources(PlayerId p) const override;
    Appearance appearance(Cell c) const override;

    void listActions(std::vector<Action>& out) const override;
    std::string refusal(const Action& a) const override;
    void apply(const Action& a) override;
    Effect effect(const Action& a) const override;
    bool midTurn() const override { return calledNow_; }
    std::optional<uint64_t> turnCount() const override;

    Outcome outcome() const override;
    bool canStillWin(PlayerId p) const override;
    // The other team: partners win or lose together.
    std::vector<PlayerId> opponents(PlayerId p) const override;
    Outcome stoppedOutcome(const std::string& why) const override;

    // "queen b4xa5 for 2 points, 5 in all", "drone a3-a5 crosses into Player
    // 2's territory", "calls the clock: ..." (said after the player's name).
    std::string describe(const Action& a) const override;
    // "a3-a5", "b4xa5", "c1-c2=Q" (a merge), "call", "pass".
    std::string encode(const Action& a) const override;
    std::optional<Action> decode(std::string_view text) const override;
    // "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 1 0,0 - -": the cells from the top
    // rank as in FEN (P, D, Q; no colour, so lower case reads the same), the
    // seat to move (1..4), the scores, the move no undo forbids ("c5c4": the
    // piece on c5 may not go back to c4) or "-", and the called clock's count
    // ("-": not called; "3": three moves without a capture; "0*": called in
    // this turn, the move still to come).
    std::string serialize() const override;
    static std::unique_ptr<MartianState> load(std::string_view text, std::string& error,
                                              const Rules& rules);
    // Scores, teams, territories, the called clock and what no undo forbids.
    std::vector<std::string> report() const override;

    // The player whose territory holds `c`.
    PlayerId territoryOf(Cell c) const;
    // The seat playing with `p` (four players), or `p` itself (two).
    PlayerId partnerOf(PlayerId p) const { return rules_.players == 4 ? (p + 2) % 4 : p; }
    // A player's score with their partner's.
    int teamScore(PlayerId p) const;
    // How many moves without a capture since the clock was called, or -1.
    int clockCount() const { return clockCount_; }

  private:
    struct Board;
    explicit MartianState(const Rules& rules, bool empty);
    // Board moves of the player to move, with the no-undo rule and merges.
    void addMoves(std::vector<Action>& out) const;
    // Calls visit(from, to, becomes) for each board move of `p`, in
    // addMoves()'s order, while it returns true: counting and probing for a
    // move then need no Action built, nor a copy of the state.
    template <typename Visit>
    void forEachMove(PlayerId p, bool honourNoUndo, Visit visit) const;
    bool hasMove(PlayerId p, bool honourNoUndo) const;
    // Why the game is over, as outcome() words it, without building the words.
    enum class End { No, Emptied, Clock, Stuck };
    // Works out end_ and emptied_ from the counts: once per position reached,
    // since the listing and outcome() ask it at every step of a game.
    void judge();
    // judge() but for the lack of moves.
    End decided(PlayerId& emptied) const;
    // Counts held_ and occupied_ afresh from the cells, then judges: for a
    // position set up rather than reached by apply().
    void settle();
    // What held_ and occupied_ should be, counted from the cells.
    std::array<std::array<int8_t, kKinds>, 4> countHeld() const;
    uint64_t countOccupied() const;
    // What `a` would make of the moving piece: -1 illegal, else the kind that
    // stands on `a.to` after it.
    int resultOf(const Action& a) const;
    std::string moveRefusal(const Action& a) const;
    std::string cellName(Cell c) const { return geometry_.name(c); }
    std::string territoryText(PlayerId p) const;

    Rules rules_;
    Geometry geometry_;
    const Board* board_;  // shared by every state of this size
    // Per cell: a Kind, or -1 empty. A fixed array (at most 8x8) so that a
    // clone allocates nothing but itself.
    std::array<int8_t, 64> cells_;
    std::array<int, 4> scores_{};
    PlayerId toMove_ = 0;
    // No undo: the piece that just crossed onto noUndoTo_ may not go back to noUndoFrom_.
    Cell noUndoFrom_ = NoCell;
    Cell noUndoTo_ = NoCell;
    int clockCount_ = -1;
    bool calledNow_ = false;  // the clock was called this turn; the move is to come
    // Per territory, how many pyramids of each kind stand in it, kept by
    // apply(): whether a territory is empty decides the game, and which kinds
    // a player has decides the merges.
    std::array<std::array<int8_t, kKinds>, 4> held_{};
    // A bit per cell that holds a pyramid, so that a player's pieces are
    // found without looking at the empty cells.
    uint64_t occupied_ = 0;
    // Whether and why the game is over here (and whose territory is empty).
    End end_ = End::No;
    PlayerId emptied_ = NoPlayer;
};

// The rules of Martian Chess for one table.
class MartianGame final : public Game, public BoardReading {
  public:
    explicit MartianGame(GameOptions resolved);
    std::string name() const override { return "martian"; }
    const GameOptions& options() const override { return options_; }
    std::unique_ptr<GameState> start() const override;
    std::unique_ptr<GameState> load(std::string_view text, std::string& error) const override;
    // A plain-text record: tags, the start, one line per move, the result and scores.
    std::string exportRecord(const GameRecord& record) const override;
    std::string recordExtension() const override { return "txt"; }
    const BoardReading* boardReading() const override { return this; }
    // Any colour; each figure as the pyramid it stands in for.
    SetPiece read(SetPiece sensed) const override;
    // "drone (knight or rook)".
    std::string lookName(SetPiece look) const override;

    const Rules& rules() const { return rules_; }
    // The pyramid a set piece stands for, whatever its colour, or -1.
    int kindShownBy(Figure f) const;

  private:
    GameOptions options_;
    Rules rules_;
};

}  // namespace martian
}  // namespace arbiter
