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

// The Power Coinz module's line in the table of games (engine/games.cpp): what it
// takes, and its factory (GameInfo::make).
GameInfo powercoinzInfo();

namespace powercoinz {

inline constexpr int kCoins = 5;  // each team: coins rated 1 to 5

// The decisions said with arbiterctl, as Action::choice(arg, NoCell, payload).
inline constexpr int kFlip = 1;         // no payload
inline constexpr int kRemove = 2;       // payload {seat, rating}: a coin showing its rating
inline constexpr int kRemoveBlind = 3;  // payload {seat}: a face-down coin, picked by chance

// The voodoo power on the back of coin `rating` (1..5): what the losers of a
// round must do for each of the winner's coins that lands face down.
std::string powerOf(int rating);

// A game of Power Coinz in progress: a coin game without a board.
//
// A round: the player to move says "flip"; chance then flips every coin in
// play, one player's team after another (a draw of {coins, 2} each, 1 = the
// rating shows). The highest total of ratings showing wins the round; a tie
// for the highest is flipped again. The winner removes one opponent's coin
// that shows its rating, or, when no opponent's coin shows one, names an
// opponent and chance picks one of their face-down coins. A player without
// coins is out; the last player with coins wins. The winner of a round flips
// for the next. Rules and rulings: docs/rules/powercoinz.md.
class PowercoinzState final : public GameState,
                              public Roster,
                              public Endings,
                              public TablePresentation {
  public:
    enum class Phase : uint8_t { Flip, Flipping, Remove, Pick };

    explicit PowercoinzState(int players);
    std::unique_ptr<GameState> clone() const override;
    const Roster* roster() const override { return this; }
    const Endings* endings() const override { return this; }
    const TablePresentation* presentation() const override { return this; }

    const Geometry& geometry() const override;
    int playerCount() const override { return players_; }
    PlayerId toMove() const override { return toMove_; }
    std::string playerName(PlayerId p) const override;

    std::optional<Piece> pieceAt(Cell) const override { return std::nullopt; }
    // The score is the number of coins still in play.
    PlayerResources resources(PlayerId p) const override;
    Appearance appearance(Cell) const override { return std::nullopt; }

    void listActions(std::vector<Action>& out) const override;
    bool isLegal(const Action& a) const override;
    std::string refusal(const Action& a) const override;
    void apply(const Action& a) override;
    std::optional<ChanceDraw> chance() const override;

    Outcome outcome() const override;
    // Counted without playing in every phase (powercoinz_count.cpp): the
    // flipping turn by how the teams' totals may fall, the pick by the coins
    // chance picks from, a flip or a removal as the actions listed.
    std::optional<uint64_t> turnCount() const override;
    // The same playout as the hooks play, on the coins themselves
    // (powercoinz_playout.cpp): a whole playout is about 30 actions of a few
    // nanoseconds each, so the hooks' calls were most of it.
    PlayoutCount playOut(SeededRandom& random, int cap, uint64_t* trace) override;
    bool canStillWin(PlayerId p) const override { return inGame(p) && !outcome().over(); }
    bool inGame(PlayerId p) const override;
    // From a flip until its removal (or its tie) is done.
    std::optional<bool> roundUnderWay() const override { return phase_ != Phase::Flip; }
    // Stopped by a limit of the table: most coins left wins; equal is a draw among them.
    Outcome stoppedOutcome(const std::string& why) const override;

    std::string describe(const Action& a) const override;
    // "flip", "shows:135" (a team's flip: the ratings showing), "remove 2:3"
    // (seat 2's coin 3), "remove 2" (a face-down coin of seat 2), "picks:4".
    std::string encode(const Action& a) const override;
    std::optional<Action> decode(std::string_view text) const override;
    // "12345,1245 ?,? flip 1": each seat's coins ("-" when out), each seat's
    // coins showing their rating this round ("?" not flipped yet, "-" none),
    // the phase (flip; flipping:SEAT, who said flip; remove; pick:SEAT, whose
    // coin chance picks) and the seat to move (1..).
    std::string serialize() const override;
    static std::unique_ptr<PowercoinzState> load(std::string_view text, std::string& error);
    // Every team, what shows, the last round and the losers' duties.
    std::vector<std::string> report() const override;

    Phase phase() const { return phase_; }
    int coinsOf(PlayerId p) const { return coins_[static_cast<size_t>(p)]; }  // bit r-1: coin r

  private:
    PowercoinzState(int players, bool);
    // What each action does, for apply() and playOut(): a team's flip
    // (`shown`: the coins showing their rating), chance's pick of the
    // victim's `index`-th coin, "flip", and the round winner's removal of
    // coin `rating` of `q` or naming of `q` for chance to pick from.
    void teamFlipped(unsigned shown);
    void coinPicked(int index);
    void flipSaid();
    void coinRemoved(PlayerId q, int rating);
    void victimNamed(PlayerId q);
    // playOut's removal: the one the pick chooses among those listed; false
    // when none is listed.
    bool playRemoval(SeededRandom& random, uint64_t* trace);
    // After the last team is flipped: the round's winner, or a tie flipped again.
    void decideRound();
    int showingTotal(PlayerId p) const;
    bool anyOpponentShowing() const;
    PlayerId nextWithCoins(PlayerId after) const;  // NoPlayer when none
    // The only seat with coins left; NoPlayer while two or more have some.
    PlayerId lastWithCoins() const;
    std::string coinsText(int mask) const;
    // The turns of the Remove phase: one per removal listed.
    uint64_t removalCount() const;
    // The turns of a Flipping phase: every way the teams still to flip may
    // land, each ending in a tie's flip or in the winner's removals.
    uint64_t flippingTurnCount() const;

    // Per seat, in arrays rather than vectors: perft copies the state for
    // every draw it tries, and a copy is then one allocation.
    int players_ = 0;
    std::array<uint8_t, kMaxPlayers> coins_{};    // bit r-1 set while coin r is in play
    std::array<uint8_t, kMaxPlayers> showing_{};  // the coins showing their rating this round
    std::array<bool, kMaxPlayers> flipped_{};     // flipped this round
    Phase phase_ = Phase::Flip;
    PlayerId toMove_ = 0;
    PlayerId victim_ = NoPlayer;   // Pick: whose face-down coin chance picks
    PlayerId flipper_ = NoPlayer;  // Flipping: who said flip, and flips again after a tie
    // The last round decided, for the report: its winner and whether it was a tie.
    PlayerId lastWinner_ = NoPlayer;
    bool lastTied_ = false;
    // lastWithCoins(), kept as coins are removed: outcome() is asked after
    // every action, and the game is over only after a removal.
    PlayerId winner_ = NoPlayer;
};

// The rules of Power Coinz for one table.
class PowercoinzGame final : public Game {
  public:
    explicit PowercoinzGame(GameOptions resolved) : options_(std::move(resolved)) {}
    std::string name() const override { return "powercoinz"; }
    const GameOptions& options() const override { return options_; }
    std::unique_ptr<GameState> start() const override;
    std::unique_ptr<GameState> load(std::string_view text, std::string& error) const override;
    // A plain-text record: tags, the start, one line per action, the result.
    std::string exportRecord(const GameRecord& record) const override;
    std::string recordExtension() const override { return "txt"; }

  private:
    GameOptions options_;
};

}  // namespace powercoinz
}  // namespace arbiter
