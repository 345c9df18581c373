#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"

namespace arbiter {

// The Skirmish module's line in the table of games (engine/games.cpp): what it
// takes, and its factory (GameInfo::make).
GameInfo skirmishInfo();

namespace skirmish {

// The most cells a side of the surface has: 8 boards of 8 squares.
inline constexpr int kMaxSide = 64;

// How a game of Skirmish is laid out: how many players, and how many 8x8 boards
// across and up make its surface. Player i starts on board i % boards, in corner
// (i / boards) % 4 (a1, h1, h8, a8 of that board), with `pieces` pieces packed
// into that corner. Valid when 2 <= players <= 16, players <= 4 * boards and
// 1 <= pieces <= 16.
struct Layout {
    int players = 4;
    int boardsAcross = 1;
    int boardsUp = 1;
    int pieces = 3;
    SetPiece look{SetColour::White, Figure::Pawn};  // the set piece standing for every piece
    bool valid() const;
};

// A tiny game for two to sixteen players that exists to exercise what FIDE
// chess cannot: more than two players, pieces that all look alike so that
// only history tells whose they are, players joining late and leaving, and a
// score. The rules are in docs/rules/skirmish.md. In short: on their turn a
// player steps one of their pieces to any of the 8 neighbouring cells, empty
// or held by another player (a capture, worth one point); a player with no step
// passes; the last player with pieces wins; when a limit of the table stops
// the game, the highest score wins.
//
// Every piece is a white pawn: even a board that tells colour and kind apart
// cannot say whose a piece is, so the referee must follow ownership through
// history, as in Colonization.
class SkirmishState final : public GameState, public Roster, public Endings {
  public:
    // What a seat is doing. A late arrival first places one piece on any empty cell.
    enum class Seat : char { Playing = 'p', Placing = 'n', Left = 'l' };

    explicit SkirmishState(const Layout& layout);
    std::unique_ptr<GameState> clone() const override;
    const Roster* roster() const override { return this; }
    const Endings* endings() const override { return this; }

    const Geometry& geometry() const override { return geometry_; }
    int playerCount() const override { return static_cast<int>(seats_.size()); }
    PlayerId toMove() const override { return toMove_; }
    std::string playerName(PlayerId p) const override;

    std::optional<Piece> pieceAt(Cell c) const override;
    PlayerResources resources(PlayerId p) const override;
    Appearance appearance(Cell c) const override;

    void listActions(std::vector<Action>& out) const override;
    // Every action, a pass included, is a turn of its own: counted as
    // legalActions() lists them, without building them.
    std::optional<uint64_t> turnCount() const override;
    std::vector<Action> rosterActions() const override;
    void apply(const Action& a) override;
    Effect effect(const Action& a) const override;

    Outcome outcome() const override;
    bool canStillWin(PlayerId p) const override { return inGame(p); }
    bool inGame(PlayerId p) const override;
    Outcome stoppedOutcome(const std::string& why) const override;

    std::string describe(const Action& a) const override;
    std::string encode(const Action& a) const override;
    std::optional<Action> decode(std::string_view text) const override;
    // "8x8 p0,p1,l0,n0 1 aa....bb/a......b/..." : size, each seat's state and
    // score, who is to move, then the cells rank by rank from the top, '.' empty
    // or the owner's letter ('a' for the first player).
    std::string serialize() const override;
    static std::unique_ptr<SkirmishState> load(std::string_view text, std::string& error,
                                               SetPiece look = {SetColour::White, Figure::Pawn});

  private:
    // Per cell, the cells of its 8 steps in kSteps' order, NoCell off the board.
    using Neighbours = std::vector<std::array<Cell, 8>>;

    SkirmishState(Geometry geometry, int players, SetPiece look);
    int piecesOf(PlayerId p) const { return pieces_[static_cast<size_t>(p)]; }
    // Counts every seat's pieces and marks their cells, from owner_ (after a
    // setup or a load).
    void countPieces();
    // Seat `p`'s piece on `c` arrives or leaves: the marks of cellsOf_.
    void mark(PlayerId p, Cell c);
    void unmark(PlayerId p, Cell c);
    // The words of seat `p`'s marks in cellsOf_.
    const uint64_t* cellsOf(PlayerId p) const {
        return cellsOf_.data() + static_cast<size_t>(p) * static_cast<size_t>(words_);
    }
    // The next seat after `p` in the rotation that still takes turns.
    PlayerId nextAfter(PlayerId p) const;

    Geometry geometry_;
    // Shared by every copy of a state: built once per geometry, never changed.
    std::shared_ptr<const Neighbours> neighbours_;
    std::vector<PlayerId> owner_;  // per cell: whose piece stands there, or NoPlayer
    std::vector<Seat> seats_;
    std::vector<int> scores_;
    // Per seat, its pieces on the board: kept by apply() so that inGame(),
    // outcome() and the turn's rotation need not count the cells every step.
    std::vector<int> pieces_;
    // Per seat, a bit per cell where its pieces stand (words_ 64-bit words a
    // seat, seat after seat): the turn's steps are listed from the mover's
    // pieces in cell order without visiting every cell.
    std::vector<uint64_t> cellsOf_;
    int words_ = 0;
    PlayerId toMove_ = 0;
    SetPiece look_;
};

// The rules of Skirmish as a Game, for one layout.
class SkirmishGame final : public Game {
  public:
    explicit SkirmishGame(Layout layout = {});
    SkirmishGame(Layout layout, GameOptions resolved)
        : layout_(layout), options_(std::move(resolved)) {}
    std::string name() const override { return "skirmish"; }
    const GameOptions& options() const override { return options_; }
    std::unique_ptr<GameState> start() const override;
    std::unique_ptr<GameState> load(std::string_view text, std::string& error) const override;
    // A plain-text record: tags, the start, one numbered line per action, the result.
    std::string exportRecord(const GameRecord& record) const override;
    std::string recordExtension() const override { return "txt"; }

  private:
    Layout layout_;
    GameOptions options_;
};

}  // namespace skirmish
}  // namespace arbiter
