// engine/core/perft: the generic perft over complete turns. Every count here is
// worked out by hand from the rules, in the comment above it: on tiny Skirmish
// positions, and on two games written for this file alone, one whose turns are
// several steps and one where a coin decides how far you go. The last tests run
// the real arbiter-perft as a user would.
#include "engine/core/perft.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/skirmish/skirmish.h"
#include "tests/engine/perft_program.h"

namespace arbiter {
namespace {

// What the two test games share: two players, pieces that look like white
// pawns, and notation read back by matching encode() against the legal actions.
class TestGameState : public GameState {
  public:
    explicit TestGameState(Geometry geometry) : geometry_(std::move(geometry)) {}
    const Geometry& geometry() const override { return geometry_; }
    int playerCount() const override { return 2; }
    std::string playerName(PlayerId p) const override { return "P" + std::to_string(p + 1); }
    PlayerResources resources(PlayerId) const override { return {}; }
    Appearance appearance(Cell c) const override {
        if (!pieceAt(c)) return std::nullopt;
        return SetPiece{SetColour::White, Figure::Pawn};
    }
    bool canStillWin(PlayerId) const override { return !outcome().over(); }
    std::string describe(const Action& a) const override { return encode(a); }
    std::optional<Action> decode(std::string_view text) const override {
        for (const Action& a : legalActions()) {
            if (encode(a) == text) return a;
        }
        return std::nullopt;
    }

  protected:
    Geometry geometry_;
};

// Line: a game of turns of one or two steps. P1's piece starts on a1 and P2's on
// d1 of a 1x4 line (cells a1 b1 c1 d1). A turn is one step of your piece left
// or right, then, if a further step the same way stays on the line, either a
// second step that way or "end". Stepping onto the other piece takes it and
// wins. The second step is only offered when it exists, so a first step to the
// end of the line completes the turn by itself.
class LineState final : public TestGameState {
  public:
    LineState() : TestGameState(Geometry::rectangle(4, 1)) {}
    std::unique_ptr<GameState> clone() const override { return std::make_unique<LineState>(*this); }
    PlayerId toMove() const override { return toMove_; }
    std::optional<Piece> pieceAt(Cell c) const override {
        for (PlayerId p : {winner_, toMove_, 1 - toMove_}) {
            if (p != NoPlayer && at_[p] == c) return Piece{0, p};
        }
        return std::nullopt;
    }
    bool midTurn() const override { return stepped_ && winner_ == NoPlayer; }
    void listActions(std::vector<Action>& out) const override { out = listed(); }
    std::vector<Action> listed() const {
        if (outcome().over()) return {};
        Cell from = at_[toMove_];
        if (stepped_) return {Action::endTurn(), Action::move(from, from + direction_)};
        std::vector<Action> actions;
        for (int d : {1, -1}) {
            if (onLine(from + d)) actions.push_back(Action::move(from, from + d));
        }
        return actions;
    }
    void apply(const Action& a) override {
        if (a.kind == Action::Kind::Move) {
            if (a.to == at_[1 - toMove_]) winner_ = toMove_;
            direction_ = a.to - a.from;
            at_[toMove_] = a.to;
            bool again = !stepped_ && winner_ == NoPlayer && onLine(a.to + direction_);
            if (again) {
                stepped_ = true;
                return;
            }
        }
        if (winner_ != NoPlayer) return;
        stepped_ = false;
        toMove_ = 1 - toMove_;
    }
    Outcome outcome() const override {
        if (winner_ == NoPlayer) return Outcome::ongoing();
        return Outcome::win({winner_}, "took the other piece");
    }
    std::string encode(const Action& a) const override {
        if (a.kind == Action::Kind::EndTurn) return "end";
        return geometry_.name(a.from) + "-" + geometry_.name(a.to);
    }
    std::string serialize() const override {
        return std::to_string(at_[0]) + std::to_string(at_[1]) + std::to_string(toMove_);
    }

  private:
    bool onLine(Cell c) const { return c >= 0 && c < 4; }

    Cell at_[2] = {0, 3};
    PlayerId toMove_ = 0;
    PlayerId winner_ = NoPlayer;
    bool stepped_ = false;  // the first step of this turn is made
    int direction_ = 0;
};

// Race: P1 races along a1-b1-c1 and P2 along a2-b2-c2, both from the a file.
// Each turn starts with chance: `coins` coins of two sides, and the piece may
// go 1 + (the sum of the coins) cells forward if that stays on its track, or
// the player passes. Reaching the c file wins. With two or more coins, all of
// them showing 1 wins at once, before the player acts: chance alone ends the
// game. Drawing is not the player's act, so midTurn() stays false throughout.
class RaceState final : public TestGameState {
  public:
    explicit RaceState(int coins) : TestGameState(Geometry::rectangle(3, 2)), coins_(coins) {}
    std::unique_ptr<GameState> clone() const override { return std::make_unique<RaceState>(*this); }
    PlayerId toMove() const override { return toMove_; }
    std::optional<Piece> pieceAt(Cell c) const override {
        for (PlayerId p : {0, 1}) {
            if (cellOf(p) == c) return Piece{0, p};
        }
        return std::nullopt;
    }
    std::optional<ChanceDraw> chance() const override {
        if (outcome().over() || distance_ > 0) return std::nullopt;
        return ChanceDraw{coins_, 2};
    }
    bool isLegal(const Action& a) const override {
        if (chance()) {
            if (a.kind != Action::Kind::Chance || int(a.payload.size()) != coins_) return false;
            for (int v : a.payload) {
                if (v < 0 || v > 1) return false;
            }
            return true;
        }
        return GameState::isLegal(a);
    }
    void listActions(std::vector<Action>& out) const override { out = listed(); }
    std::vector<Action> listed() const {
        if (outcome().over() || chance()) return {};
        std::vector<Action> actions;
        if (file_[toMove_] + distance_ <= 2)
            actions.push_back(Action::move(cellOf(toMove_), cellOf(toMove_) + distance_));
        actions.push_back(Action::pass());
        return actions;
    }
    void apply(const Action& a) override {
        if (a.kind == Action::Kind::Chance) {
            int heads = 0;
            for (int v : a.payload) heads += v;
            distance_ = 1 + heads;
            if (coins_ >= 2 && heads == coins_) winner_ = toMove_;
            return;
        }
        if (a.kind == Action::Kind::Move) {
            file_[toMove_] += distance_;
            if (file_[toMove_] == 2) winner_ = toMove_;
        }
        distance_ = 0;
        if (winner_ == NoPlayer) toMove_ = 1 - toMove_;
    }
    Outcome outcome() const override {
        if (winner_ == NoPlayer) return Outcome::ongoing();
        return Outcome::win({winner_}, "reached the end");
    }
    std::string encode(const Action& a) const override {
        if (a.kind == Action::Kind::Pass) return "pass";
        if (a.kind == Action::Kind::Move)
            return geometry_.name(a.from) + "-" + geometry_.name(a.to);
        std::string text = "coin:";
        for (size_t i = 0; i < a.payload.size(); ++i)
            text += (i ? "," : "") + std::to_string(a.payload[i]);
        return text;
    }
    std::string serialize() const override {
        return std::to_string(file_[0]) + std::to_string(file_[1]) + std::to_string(toMove_);
    }

  private:
    Cell cellOf(PlayerId p) const { return geometry_.cell(file_[p], p); }

    int coins_;
    int file_[2] = {0, 0};
    PlayerId toMove_ = 0;
    PlayerId winner_ = NoPlayer;
    int distance_ = 0;  // 0 until this turn's coins are drawn
};

void play(GameState& s, std::string_view text) {
    auto a = s.decode(text);
    ASSERT_TRUE(a) << text << " in " << s.serialize();
    s.apply(*a);
}

std::unique_ptr<skirmish::SkirmishState> skirmishAt(const char* text) {
    std::string error;
    auto s = skirmish::SkirmishState::load(text, error);
    EXPECT_TRUE(s) << text << ": " << error;
    return s;
}

// --- The multi-step game --------------------------------------------------------

// From the start (P1 a1, P2 d1), P1 can only step right, to b1; c1 is then on
// the line, so the turn goes on: "end", or the second step b1-c1. Two turns.
// After "a1-b1 end" (P1 b1, P2 d1) P2 steps d1-c1 and may go on, taking b1:
// "d1-c1 end" and "d1-c1 c1-b1" (a win). After "a1-b1 b1-c1" P2's only step,
// d1-c1, takes P1's piece and ends the game mid-turn: one turn. Depth 2 = 3.
// Depth 3: only "a1-b1 end", "d1-c1 end" goes on (P1 b1, P2 c1): P1 takes on
// c1 (the game ends) or steps back to a1, where a further step would leave the
// line, so that step alone is the turn. 2. Depth 4: after "b1-a1" (P1 a1, P2
// c1) P2 steps c1-b1 then "end" or takes on a1, or steps c1-d1 (the end of the
// line, the turn is over): 3.
TEST(TurnPerft, ATurnOfSeveralStepsIsOneTurn) {
    LineState s;
    EXPECT_EQ(perft(s, 0), 1u);
    EXPECT_EQ(perft(s, 1), 2u);
    EXPECT_EQ(perft(s, 2), 3u);
    EXPECT_EQ(perft(s, 3), 2u);
    EXPECT_EQ(perft(s, 4), 3u);
}

TEST(TurnPerft, DivideNamesEachTurnByItsActions) {
    LineState s;
    EXPECT_EQ(perftDivide(s, 1), (std::vector<TurnCount>{{"a1-b1 end", 1}, {"a1-b1 b1-c1", 1}}));
    EXPECT_EQ(perftDivide(s, 2), (std::vector<TurnCount>{{"a1-b1 end", 2}, {"a1-b1 b1-c1", 1}}));
    play(s, "a1-b1");
    play(s, "end");
    EXPECT_EQ(perftDivide(s, 1), (std::vector<TurnCount>{{"d1-c1 end", 1}, {"d1-c1 c1-b1", 1}}));
}

TEST(TurnPerft, ForEachTurnGivesTheActionsAndTheStateAfter) {
    LineState s;
    std::vector<std::vector<Action>> turns;
    std::vector<PlayerId> nextToMove;
    forEachTurn(s, [&](const Turn& turn, const GameState& after) {
        turns.push_back(turn.actions);
        nextToMove.push_back(after.toMove());
    });
    Cell a1 = 0, b1 = 1, c1 = 2;
    EXPECT_EQ(turns,
              (std::vector<std::vector<Action>>{{Action::move(a1, b1), Action::endTurn()},
                                                {Action::move(a1, b1), Action::move(b1, c1)}}));
    EXPECT_EQ(nextToMove, (std::vector<PlayerId>{1, 1}));
}

// A state in the middle of a turn counts the rest of that turn as its first:
// after a1-b1 P1 may still "end" or step b1-c1.
TEST(TurnPerft, AStateMidTurnStartsWithTheRestOfTheTurn) {
    LineState s;
    play(s, "a1-b1");
    ASSERT_TRUE(s.midTurn());
    EXPECT_EQ(perftDivide(s, 1), (std::vector<TurnCount>{{"end", 1}, {"b1-c1", 1}}));
    // Then as from the start after each: 2 turns for P2 after "end", 1 after b1-c1.
    EXPECT_EQ(perft(s, 2), 3u);
}

TEST(TurnPerft, AFinishedGameHasNoTurns) {
    LineState s;
    play(s, "a1-b1");
    play(s, "b1-c1");
    play(s, "d1-c1");
    ASSERT_TRUE(s.outcome().over());
    EXPECT_EQ(perft(s, 0), 1u);
    EXPECT_EQ(perft(s, 1), 0u);
    EXPECT_EQ(perft(s, 3), 0u);
    EXPECT_TRUE(perftDivide(s, 2).empty());
}

// --- The chance game ------------------------------------------------------------

// One coin: a 0 lets P1 go 1 (a1-b1) or pass, a 1 lets P1 go 2 (a1-c1, a win) or
// pass: 4 turns. Depth 2: the win ends the game; after each of the other 3, P2
// has the same 4 turns: 12. Depth 3: after the 3 x 3 turns that do not win, P1
// stands on b1 in 3 of them (coin 0: b1-c1 or pass; coin 1: 2 would leave the
// track, so pass: 3 turns) and on a1 in 6 (4 turns): 9 + 24 = 33.
TEST(TurnPerft, EachOutcomeOfChanceIsABranchOfTheTurn) {
    RaceState s(1);
    EXPECT_EQ(perft(s, 1), 4u);
    EXPECT_EQ(perft(s, 2), 12u);
    EXPECT_EQ(perft(s, 3), 33u);
    EXPECT_EQ(
        perftDivide(s, 2),
        (std::vector<TurnCount>{
            {"coin:0 a1-b1", 4}, {"coin:0 pass", 4}, {"coin:1 a1-c1", 0}, {"coin:1 pass", 4}}));
}

// Two coins make 2^2 = 4 outcomes, and 0,1 and 1,0 are separate branches though
// both mean "go 2". 0,0: a1-b1 or pass; 0,1: a1-c1 or pass; 1,0: the same; 1,1:
// P1 wins as the coins land, a turn of the draw alone. 7 turns. Depth 2: P2
// has the same 7 after each of the 4 turns that do not win (a1-b1 and the three
// passes): 28.
TEST(TurnPerft, OutcomesOfSeveralDrawsCountInEveryOrder) {
    RaceState s(2);
    EXPECT_EQ(perftDivide(s, 1), (std::vector<TurnCount>{{"coin:0,0 a1-b1", 1},
                                                         {"coin:0,0 pass", 1},
                                                         {"coin:0,1 a1-c1", 1},
                                                         {"coin:0,1 pass", 1},
                                                         {"coin:1,0 a1-c1", 1},
                                                         {"coin:1,0 pass", 1},
                                                         {"coin:1,1", 1}}));
    EXPECT_EQ(perft(s, 2), 28u);
}

// Once the coin is drawn the rest of the turn is the player's: a state loaded
// after the draw counts only the choices it leaves.
TEST(TurnPerft, AStateAfterTheDrawCountsThePlayersChoices) {
    RaceState s(1);
    s.apply(Action::chance({1}));
    ASSERT_FALSE(s.chance());
    ASSERT_FALSE(s.midTurn());
    EXPECT_EQ(perftDivide(s, 1), (std::vector<TurnCount>{{"a1-c1", 1}, {"pass", 1}}));
}

// --- Skirmish -------------------------------------------------------------------

// 3x3, P1 on a1, P2 on b2, P3 on a3. P1 steps to b1, b2 (taking P2's only piece)
// or a2: 3. After a1-b1 or a1-a2, P2 on b2 may go to all 8 other cells (two of
// them captures): 8 each. After a1xb2 P2 is out and P3's turn comes: a3 to a2,
// b3 or b2 (a capture): 3. Depth 2 = 8 + 3 + 8 = 19.
TEST(SkirmishPerft, CapturesAndAPlayerKnockedOut) {
    auto s = skirmishAt("3x3 p0,p0,p0 0 c../.b./a..");
    EXPECT_EQ(perft(*s, 1), 3u);
    EXPECT_EQ(perftDivide(*s, 2),
              (std::vector<TurnCount>{{"a1-b1", 8}, {"a1-b2", 3}, {"a1-a2", 8}}));
    EXPECT_EQ(perft(*s, 2), 19u);
}

// Two players, P1 on a1 and P2 on b2 of 3x3: as above, but taking b2 leaves P1
// alone and the game is over, so that turn has nothing below it: 8 + 0 + 8.
TEST(SkirmishPerft, ATurnThatEndsTheGameHasNothingBelowIt) {
    auto s = skirmishAt("3x3 p0,p0 0 .../.b./a..");
    EXPECT_EQ(perft(*s, 1), 3u);
    EXPECT_EQ(perftDivide(*s, 2),
              (std::vector<TurnCount>{{"a1-b1", 8}, {"a1-b2", 0}, {"a1-a2", 8}}));
    EXPECT_EQ(perft(*s, 2), 16u);
}

// 2x2: P1 on a1, b1, a2; P2 on b2; P3 has just joined (placing) and is to move.
// The board is full, so P3 passes: 1. Then each of P1's three pieces can take b2
// (no other cell is free): 3, and P2 is out. Then P3 places on the one empty
// cell, where the piece that took came from: 1 each, 3.
TEST(SkirmishPerft, APlayerWithNothingToDoPasses) {
    auto s = skirmishAt("2x2 p0,p0,n0 2 ab/aa");
    EXPECT_EQ(perftDivide(*s, 1), (std::vector<TurnCount>{{"pass", 1}}));
    EXPECT_EQ(perft(*s, 2), 3u);
    EXPECT_EQ(perft(*s, 3), 3u);
    // P1 fills the board and P2 (joined, placing) has no cell: P1's pieces have
    // only their own as neighbours, so both pass for ever, one turn at a time.
    auto stuck = skirmishAt("2x2 p0,n0 0 aa/aa");
    EXPECT_EQ(perft(*stuck, 1), 1u);
    EXPECT_EQ(perft(*stuck, 4), 1u);
}

TEST(SkirmishPerft, AFinishedGameIsZeroAtAnyDepthAndDepthZeroIsOne) {
    auto s = skirmishAt("3x3 p1,p0 0 .../.../a..");  // P2 has no pieces: P1 has won
    ASSERT_TRUE(s->outcome().over());
    EXPECT_EQ(perft(*s, 0), 1u);
    EXPECT_EQ(perft(*s, 1), 0u);
    EXPECT_EQ(perft(*s, 2), 0u);
    EXPECT_EQ(perft(*skirmishAt("3x3 p0,p0 0 .../.b./a.."), 0), 1u);
}

// The start for 4 players: each corner of three (a1 b1 a2) has 7 steps (a1-b2;
// b1-c1, b1-c2, b1-b2; a2-a3, a2-b3, a2-b2), whatever the others have done, since
// nobody moves twice in 4 turns and the corners are too far apart to meet. So
// 7^d. Join and leave are allowed all along but are not turns.
TEST(SkirmishPerft, TheStartIsSevenStepsForEachPlayerInTurn) {
    auto s = makeGame("skirmish")->start();
    ASSERT_FALSE(rosterActions(*s).empty());
    EXPECT_EQ(perft(*s, 1), 7u);
    EXPECT_EQ(perft(*s, 2), 49u);
    EXPECT_EQ(perft(*s, 3), 343u);
    EXPECT_EQ(perft(*s, 4), 2401u);
}

// --- arbiter-perft, the real program ----------------------------------------------

// Two players: 7 steps each, as in TheStartIsSevenStepsForEachPlayerInTurn.
TEST(PerftTool, CountsSkirmishForTwoPlayers) {
    ProgramResult r = runPerft({"--game", "skirmish", "--players", "2", "--depth", "2"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.lastLine(), "49") << r.out;
}

TEST(PerftTool, DividesByFirstTurnAndTakesAPosition) {
    ProgramResult r = runPerft({"--game=skirmish", "--position", "3x3 p0,p0,p0 0 c../.b./a..",
                                "--depth", "2", "--divide"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "a1-b1: 8\na1-b2: 3\na1-a2: 8\n19\n");
}

TEST(PerftTool, OptionsAndSizeReachTheGame) {
    // One piece each in the corners a1 and h1 of one board: a1 has 3 steps.
    ProgramResult r = runPerft({"--game", "skirmish", "--players", "2", "--option", "pieces=1",
                                "--size", "8x8", "--depth", "1"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.lastLine(), "3");
}

TEST(PerftTool, ChessStillCountsByFenAndStartpos) {
    EXPECT_EQ(runPerft({"--game", "fide", "--fen", "startpos", "--depth", "2"}).lastLine(), "400");
    ProgramResult r =
        runPerft({"--position", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "--depth", "1", "--divide"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("e1g1: 1\n"), std::string::npos) << r.out;
    EXPECT_EQ(r.lastLine(), "15");  // king 5 squares, castling 1, rook 9
}

TEST(PerftTool, BadArgumentsExitTwoWithAMessage) {
    struct Case {
        std::vector<std::string> args;
        std::string says;
    };
    const Case cases[] = {
        {{"--game", "nosuch", "--depth", "1"}, "known games: fide skirmish"},
        {{"--game", "skirmish", "--option", "pieces=99", "--depth", "1"}, "1..16"},
        {{"--game", "skirmish", "--option", "pieces=0003", "--depth", "1"}, "1..16"},
        {{"--game", "skirmish", "--option", "speed=2", "--depth", "1"}, "its options: pieces"},
        {{"--game", "skirmish", "--option", "pieces", "--depth", "1"}, "KEY=VALUE"},
        {{"--game", "skirmish", "--size", "9x8", "--depth", "1"}, "multiples of 8"},
        {{"--game", "skirmish", "--size", "big", "--depth", "1"}, "FILESxRANKS"},
        {{"--game", "fide", "--players", "3", "--depth", "1"}, "2 players"},
        {{"--game", "skirmish", "--position", "8x8 p0", "--depth", "1"}, "bad skirmish position"},
        {{"--game", "fide", "--fen", "nonsense", "--depth", "1"}, "bad FEN"},
        {{"--game", "skirmish"}, "--depth is required"},
        {{"--depth", "21"}, "0 to 20"},
        {{"--depth", "1", "--frobnicate"}, "unknown argument"},
    };
    for (const Case& c : cases) {
        ProgramResult r = runPerft(c.args);
        EXPECT_EQ(r.status, 2) << c.args[0] << " " << c.args[1];
        EXPECT_NE(r.err.find(c.says), std::string::npos) << r.err;
        EXPECT_EQ(r.out, "");
    }
}

}  // namespace
}  // namespace arbiter
