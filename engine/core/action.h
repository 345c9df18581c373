#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/geometry.h"

namespace arbiter {

// One thing a player does, as a plain value.
//
// An action names only the player's decision; what it does to the cells (a
// capture, a castling rook, Colonization's eight colonies replaced by a station,
// pieces cut off and removed) is its Effect (engine/core/effect.h), which the
// game derives by applying it, so no game needs move-detection code. Kinds:
// - Move:    a piece goes from `from` to `to`; `piece` >= 0 names what it becomes
//            (a promotion), else it stays what it is. `path` holds the cells it
//            stops on between them when those tell two moves apart (a Möbiatus
//            capture chain: two chains may end on one cell after other captures).
// - Place:   a piece of kind `piece` appears on `to` (a drop, a transfer from reserve).
// - Remove:  the piece on `from` leaves the board.
// - Pass:    no cell is involved (abstain, a player with no move).
// - Choice:  a game's own decision without a cell or with one (buy design `arg`,
//            produce, activate a Weapon); `arg`, the cells and `payload` mean what
//            the game says (a csipgs design is its atoms and modifiers).
// - EndTurn: the player ends a turn of several actions early (Sandkings). A board
//            showing the next player's action implies it.
// - Chance:  what chance gave (GameState::chance()): `payload` holds the values
//            drawn. Drawn by the session's seeded source, never said by a player.
// - Join:    a late arrival takes the next seat, at the end of the rotation;
//            `arg` is the seat they held before and were knocked out of (a
//            Colonization player rejoining), or -1 for a newcomer.
// - Leave:   player `arg` leaves the game for good.
// Join and Leave change who plays rather than the position; they are said at the
// table (never shown on a board) and may come at any time, whoever's turn it is,
// in the games that allow them (Roster::rosterActions).
struct Action {
    enum class Kind : uint8_t { Move, Place, Remove, Pass, Choice, EndTurn, Chance, Join, Leave };

    Kind kind = Kind::Pass;
    Cell from = NoCell;
    Cell to = NoCell;
    int piece = -1;
    int arg = 0;
    std::vector<Cell> path;    // cells between `from` and `to` that the game says matter
    std::vector<int> payload;  // a game's own small data; empty for most actions

    static Action move(Cell from, Cell to, int becomes = -1) {
        return {Kind::Move, from, to, becomes, 0, {}, {}};
    }
    static Action moveVia(Cell from, std::vector<Cell> path, Cell to, int becomes = -1) {
        return {Kind::Move, from, to, becomes, 0, std::move(path), {}};
    }
    static Action place(int piece, Cell to) { return {Kind::Place, NoCell, to, piece, 0, {}, {}}; }
    static Action remove(Cell from) { return {Kind::Remove, from, NoCell, -1, 0, {}, {}}; }
    static Action pass() { return {}; }
    static Action choice(int arg, Cell at = NoCell, std::vector<int> payload = {}) {
        return {Kind::Choice, NoCell, at, -1, arg, {}, std::move(payload)};
    }
    static Action endTurn() { return {Kind::EndTurn, NoCell, NoCell, -1, 0, {}, {}}; }
    static Action chance(std::vector<int> drawn) {
        return {Kind::Chance, NoCell, NoCell, -1, 0, {}, std::move(drawn)};
    }
    static Action join(int formerSeat = -1) {
        return {Kind::Join, NoCell, NoCell, -1, formerSeat, {}, {}};
    }
    static Action leave(int player) { return {Kind::Leave, NoCell, NoCell, -1, player, {}, {}}; }
    bool changesRoster() const { return kind == Kind::Join || kind == Kind::Leave; }

    bool operator==(const Action&) const = default;
};

// Appends to `out` an action without path or payload, filled where it lies,
// as Action::move, place or pass would make it. The games list their moves
// this way: listing is most of what perft and random playouts spend, and an
// action built aside and moved in measured slower in the games' playouts.
inline Action& appendAction(std::vector<Action>& out, Action::Kind kind, Cell from, Cell to,
                            int piece = -1) {
    Action& a = out.emplace_back();
    a.kind = kind;
    a.from = from;
    a.to = to;
    a.piece = piece;
    return a;
}

// Writes a listing over a list the caller keeps, from its first element on,
// and trims the list to what was written when it goes. Each element keeps
// its path's and payload's memory: at every step of a playout, destroying a
// list of actions and building the same shapes again was a good share of
// listing them.
class ActionWriter {
  public:
    // `expected`: how many actions will be written, reserved at once.
    explicit ActionWriter(std::vector<Action>& out, size_t expected = 0) : out_(out) {
        out_.reserve(expected);
    }
    ~ActionWriter() { out_.resize(written_); }
    ActionWriter(const ActionWriter&) = delete;
    ActionWriter& operator=(const ActionWriter&) = delete;

    // The next action, filled as appendAction fills it, its path and payload
    // empty for the caller to fill.
    Action& next(Action::Kind kind, Cell from = NoCell, Cell to = NoCell, int piece = -1) {
        if (written_ == out_.size()) out_.emplace_back();
        Action& a = out_[written_++];
        a.kind = kind;
        a.from = from;
        a.to = to;
        a.piece = piece;
        a.arg = 0;
        a.path.clear();
        a.payload.clear();
        return a;
    }

  private:
    std::vector<Action>& out_;
    size_t written_ = 0;
};

}  // namespace arbiter
