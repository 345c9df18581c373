// csipgs Chess (engine/csipgs/csipgs.h): the rules on hand-built positions, the
// notation, and perft counted by hand. Sources: ../shared/seeds/002 and the
// csipgs section of ../shared/RULINGS.md.
//
// Positions are written as CsipgsState::load reads them:
//   <board> <mover>[SLOT=DESIGN] <white>,<black treasury> <kinds> <reserves> <white slots> <black
//   slots>
// where the mover's treasury already holds this turn's credit.
#include "engine/csipgs/csipgs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "engine/core/perft.h"
#include "engine/core/text_fields.h"
#include "tests/engine/perft_program.h"

namespace arbiter::csipgs {
namespace {

constexpr const char* kSlots6 = "fmWfcF,R,N,B,WF+royal,BR";
constexpr const char* kKings = "K=5:WF+royal,k=5:WF+royal";
constexpr const char* kStart =
    "4k3/8/8/8/8/8/8/4K3 w 1,0 K=5:WF+royal,k=5:WF+royal - fmWfcF,R,N,B,WF+royal,BR "
    "fmWfcF,R,N,B,WF+royal,BR";

using Squares = std::set<std::string>;

// A position with the six starting designs in both players' slots.
std::string pos(const std::string& board, const std::string& mover, const std::string& treasuries,
                const std::string& kinds, const std::string& reserves = "-") {
    return board + " " + mover + " " + treasuries + " " + kinds + " " + reserves + " " + kSlots6 +
           " " + kSlots6;
}

std::unique_ptr<CsipgsState> load(const std::string& text, Rules rules = {}) {
    std::string error;
    auto s = CsipgsState::load(text, error, rules);
    EXPECT_TRUE(s) << text << ": " << error;
    return s;
}

std::string loadError(const std::string& text, Rules rules = {}) {
    std::string error;
    auto s = CsipgsState::load(text, error, rules);
    EXPECT_FALSE(s) << text << " was accepted";
    return error;
}

Rules relayOn() {
    Rules r;
    r.relay = true;
    return r;
}

Cell at(const GameState& s, const std::string& name) {
    auto c = s.geometry().parse(name);
    EXPECT_TRUE(c) << name;
    return c.value_or(NoCell);
}

// Where the piece on `from` may go, among the legal actions.
Squares targets(const CsipgsState& s, const std::string& from) {
    Squares out;
    const Cell f = at(s, from);
    for (const Action& a : s.legalActions()) {
        if (a.kind == Action::Kind::Move && a.from == f) out.insert(s.geometry().name(a.to));
    }
    return out;
}

// The squares of the legal transfers.
Squares transfers(const CsipgsState& s) {
    Squares out;
    for (const Action& a : s.legalActions()) {
        if (a.kind == Action::Kind::Place) out.insert(s.geometry().name(a.to));
    }
    return out;
}

size_t count(const CsipgsState& s, Action::Kind kind) {
    auto actions = s.legalActions();
    return static_cast<size_t>(std::count_if(actions.begin(), actions.end(),
                                             [&](const Action& a) { return a.kind == kind; }));
}

Action said(const GameState& s, const std::string& text) {
    auto a = s.decode(text);
    EXPECT_TRUE(a) << text;
    return a.value_or(Action::pass());
}

void play(GameState& s, const std::string& text) {
    auto a = s.decode(text);
    ASSERT_TRUE(a) << text << " in " << s.serialize();
    ASSERT_EQ(s.refusal(*a), "") << text << " in " << s.serialize();
    s.apply(*a);
}

// The design of the piece on `square`, or "(empty)".
std::string designAt(const CsipgsState& s, const std::string& square) {
    auto piece = s.pieceAt(at(s, square));
    return piece ? s.kind(piece->kind).design.text() : "(empty)";
}

std::string refusal(const GameState& s, const std::string& text) {
    return s.refusal(said(s, text));
}

// --- Each atom's moves ----------------------------------------------------------

struct Reach {
    const char* design;
    Squares squares;
};

// A White piece of `design` on d4; White's king on h1 and Black's on a8, off
// every line and leap from d4.
std::unique_ptr<CsipgsState> aloneOnD4(const std::string& design) {
    return load(pos("k7/8/8/8/3X4/8/8/7K", "w", "1,0", std::string(kKings) + ",X=3:" + design));
}

TEST(Csipgs, EachAtomAndDirectionOnAnOpenBoard) {
    const std::vector<Reach> table = {
        {"W", {"d5", "d3", "c4", "e4"}},
        {"fW", {"d5"}},
        {"bW", {"d3"}},
        {"sW", {"c4", "e4"}},
        {"D", {"d6", "d2", "b4", "f4"}},
        {"fD", {"d6"}},
        {"bD", {"d2"}},
        {"sD", {"b4", "f4"}},
        {"H", {"d7", "d1", "a4", "g4"}},
        {"fH", {"d7"}},
        {"bH", {"d1"}},
        {"sH", {"a4", "g4"}},
        {"R", {"d5", "d6", "d7", "d8", "d3", "d2", "d1", "a4", "b4", "c4", "e4", "f4", "g4", "h4"}},
        {"fR", {"d5", "d6", "d7", "d8"}},
        {"bR", {"d3", "d2", "d1"}},
        {"sR", {"a4", "b4", "c4", "e4", "f4", "g4", "h4"}},
        {"F", {"c5", "e5", "c3", "e3"}},
        {"fF", {"c5", "e5"}},
        {"bF", {"c3", "e3"}},
        {"A", {"b6", "f6", "b2", "f2"}},
        {"fA", {"b6", "f6"}},
        {"bA", {"b2", "f2"}},
        {"G", {"a7", "g7", "a1", "g1"}},
        {"fG", {"a7", "g7"}},
        {"bG", {"a1", "g1"}},
        {"B", {"e5", "f6", "g7", "h8", "c5", "b6", "a7", "c3", "b2", "a1", "e3", "f2", "g1"}},
        {"fB", {"e5", "f6", "g7", "h8", "c5", "b6", "a7"}},
        {"bB", {"c3", "b2", "a1", "e3", "f2", "g1"}},
        {"N", {"e6", "c6", "f5", "b5", "f3", "b3", "e2", "c2"}},
        {"fN", {"e6", "c6", "f5", "b5"}},
        {"bN", {"f3", "b3", "e2", "c2"}},
        {"ffN", {"e6", "c6"}},
        {"bbN", {"e2", "c2"}},
        {"fsN", {"f5", "b5"}},
        {"bsN", {"f3", "b3"}},
        {"ffNbbN", {"e6", "c6", "e2", "c2"}},
        {"fsNbsN", {"f5", "b5", "f3", "b3"}},
        {"L", {"e7", "c7", "g5", "a5", "e1", "c1", "g3", "a3"}},
        {"fL", {"e7", "c7", "g5", "a5"}},
        {"bL", {"e1", "c1", "g3", "a3"}},
        {"ffL", {"e7", "c7"}},
        {"fsL", {"g5", "a5"}},
        {"bbL", {"e1", "c1"}},
        {"bsL", {"g3", "a3"}},
        // The knightrider repeats each knight leap while the squares are empty:
        // (1,2) e6 f8; (-1,2) c6 b8; (2,1) f5 h6; (-2,1) b5; (2,-1) f3 h2;
        // (-2,-1) b3; (1,-2) e2; (-1,-2) c2.
        {"NN", {"e6", "f8", "c6", "b8", "f5", "h6", "b5", "f3", "h2", "b3", "e2", "c2"}},
        {"ffNN", {"e6", "f8", "c6", "b8"}},
        {"fsNN", {"f5", "h6", "b5"}},
        {"bbNN", {"e2", "c2"}},
        {"bsNN", {"f3", "h2", "b3"}},
        {"K", {"d5", "d3", "c4", "e4", "c5", "e5", "c3", "e3"}},
    };
    for (const Reach& r : table) {
        auto s = aloneOnD4(r.design);
        ASSERT_TRUE(s);
        EXPECT_EQ(targets(*s, "d4"), r.squares) << r.design;
    }
}

// d4 ringed by White pawns on all eight neighbours: leapers jump them, riders
// and one-step atoms are stuck.
TEST(Csipgs, LeapersJumpAndRidersAreBlocked) {
    const std::vector<Reach> table = {
        {"W", {}},
        {"F", {}},
        {"R", {}},
        {"B", {}},
        {"D", {"d6", "d2", "b4", "f4"}},
        {"H", {"d7", "d1", "a4", "g4"}},
        {"A", {"b6", "f6", "b2", "f2"}},
        {"G", {"a7", "g7", "a1", "g1"}},
        {"N", {"e6", "c6", "f5", "b5", "f3", "b3", "e2", "c2"}},
        {"L", {"e7", "c7", "g5", "a5", "e1", "c1", "g3", "a3"}},
        {"NN", {"e6", "f8", "c6", "b8", "f5", "h6", "b5", "f3", "h2", "b3", "e2", "c2"}},
    };
    for (const Reach& r : table) {
        auto s = load(pos("k7/8/8/2PPP3/2PXP3/2PPP3/8/7K", "w", "1,0",
                          std::string(kKings) + ",P=1:fmWfcF,X=3:" + r.design));
        ASSERT_TRUE(s);
        EXPECT_EQ(targets(*s, "d4"), r.squares) << r.design;
    }
}

TEST(Csipgs, RidersStopAtTheFirstPieceAndTakeOnlyAnEnemy) {
    // Rook d4; White pawns d6 and b4, Black pawn f4: up d5 (d6 is White's), down
    // d3 d2 d1, left c4 (b4 is White's), right e4 and f4 (a capture), not g4.
    auto s = load(pos("k7/8/3P4/8/1P1R1p2/8/8/7K", "w", "1,0",
                      std::string(kKings) + ",P=1:fmWfcF,R=2:R,p=1:fmWfcF"));
    ASSERT_TRUE(s);
    EXPECT_EQ(targets(*s, "d4"), (Squares{"d5", "d3", "d2", "d1", "c4", "e4", "f4"}));
    // Knightrider d4 with White's pawn on e6 (that ray ends before it) and
    // Black's on c6 and h6 (taken, and the ray ends there): c6 f5 h6 b5 f3 h2 b3 e2 c2.
    auto nn = load(pos("k7/8/2p1P2p/8/3X4/8/8/7K", "w", "1,0",
                       std::string(kKings) + ",P=1:fmWfcF,X=6:NN,p=1:fmWfcF"));
    ASSERT_TRUE(nn);
    EXPECT_EQ(targets(*nn, "d4"), (Squares{"c6", "f5", "h6", "b5", "f3", "h2", "b3", "e2", "c2"}));
}

TEST(Csipgs, MoveOnlyAndCaptureOnlyParts) {
    // Black pawns on d7 and h4. mR moves d5 d6 (not onto d7), d3 d2 d1, a4 b4
    // c4, e4 f4 g4 (not h4); cR only takes d7 and h4.
    const std::string board = "k7/3p4/8/8/3X3p/8/8/7K";
    auto m = load(pos(board, "w", "1,0", std::string(kKings) + ",X=2:mR,p=1:fmWfcF"));
    ASSERT_TRUE(m);
    EXPECT_EQ(targets(*m, "d4"),
              (Squares{"d5", "d6", "d3", "d2", "d1", "a4", "b4", "c4", "e4", "f4", "g4"}));
    auto c = load(pos(board, "w", "1,0", std::string(kKings) + ",X=2:cR,p=1:fmWfcF"));
    ASSERT_TRUE(c);
    EXPECT_EQ(targets(*c, "d4"), (Squares{"d7", "h4"}));
    // The Pawn fmWfcF: d5 when empty, takes only forward-diagonally.
    auto open = load(pos("k7/8/8/8/3P4/8/8/7K", "w", "1,0", std::string(kKings) + ",P=1:fmWfcF"));
    ASSERT_TRUE(open);
    EXPECT_EQ(targets(*open, "d4"), (Squares{"d5"}));
    // Black pawns d5 (in front: no move), e5 (taken), c3 (behind: not taken).
    auto blocked = load(pos("k7/8/8/3pp3/3P4/2p5/8/7K", "w", "1,0",
                            std::string(kKings) + ",P=1:fmWfcF,p=1:fmWfcF"));
    ASSERT_TRUE(blocked);
    EXPECT_EQ(targets(*blocked, "d4"), (Squares{"e5"}));
}

TEST(Csipgs, NoDoubleStepPromotionOrCastling) {
    // A Pawn on its second rank steps one; a Pawn on the last rank stays a Pawn
    // with no move; a King next to its Rooks does not castle.
    auto s = load(
        pos("P3k3/8/8/8/8/8/4P3/R3K2R", "w", "1,0", std::string(kKings) + ",P=1:fmWfcF,R=2:R"));
    ASSERT_TRUE(s);
    EXPECT_EQ(targets(*s, "e2"), (Squares{"e3"}));
    EXPECT_EQ(targets(*s, "a8"), Squares{});
    EXPECT_EQ(targets(*s, "e1"), (Squares{"d1", "d2", "f1", "f2"}));
    play(*s, "e2e3");
    EXPECT_EQ(designAt(*s, "e3"), "fmWfcF");
}

// Black's forward is down the board: a Black piece on d5 with the kings on a1
// (White) and h8 (Black), Black to move.
TEST(Csipgs, ForwardIsMirroredForBlack) {
    const std::vector<Reach> table = {
        {"fR", {"d4", "d3", "d2", "d1"}},
        {"bR", {"d6", "d7", "d8"}},
        {"sW", {"c5", "e5"}},
        {"fD", {"d3"}},
        {"fH", {"d2"}},
        {"fF", {"c4", "e4"}},
        {"bF", {"c6", "e6"}},
        {"fG", {"a2", "g2"}},
        {"ffN", {"c3", "e3"}},
        {"bbN", {"c7", "e7"}},
        {"fsN", {"b4", "f4"}},
        {"bsN", {"b6", "f6"}},
        {"ffL", {"c2", "e2"}},
        {"fsL", {"a4", "g4"}},
        {"ffNN", {"c3", "b1", "e3", "f1"}},
    };
    for (const Reach& r : table) {
        auto s =
            load(pos("7k/8/8/3x4/8/8/8/K7", "b", "0,1", std::string(kKings) + ",x=3:" + r.design));
        ASSERT_TRUE(s);
        EXPECT_EQ(targets(*s, "d5"), r.squares) << r.design;
    }
    // Black's Pawn on d5 steps to d4 and takes on c4, not on e6.
    auto pawn = load(
        pos("7k/8/4P3/3p4/2P5/8/8/K7", "b", "0,1", std::string(kKings) + ",P=1:fmWfcF,p=1:fmWfcF"));
    ASSERT_TRUE(pawn);
    EXPECT_EQ(targets(*pawn, "d5"), (Squares{"d4", "c4"}));
}

// --- Check and mate with one royal ------------------------------------------------

TEST(Csipgs, OneRoyalMayNotMoveIntoCheck) {
    // Black's Rook d8 covers d1 and d2.
    auto s = load(pos("k2r4/8/8/8/8/8/8/4K3", "w", "1,0", std::string(kKings) + ",r=2:R"));
    ASSERT_TRUE(s);
    EXPECT_EQ(targets(*s, "e1"), (Squares{"e2", "f1", "f2"}));
    EXPECT_EQ(refusal(*s, "e1d1"), "it would leave White's only royal piece in check");
    EXPECT_EQ(refusal(*s, "e1e3"), "the King (WF+royal) on e1 cannot go to e3");
    EXPECT_EQ(refusal(*s, "d8d1"), "White has no piece on d8");
}

TEST(Csipgs, OneRoyalInCheckMustGetOut) {
    // Black's Rook e8 checks e1. White may step off the e file or put the Rook
    // h2 on e2; with 10 zorkmids and a Pawn in reserve, no purchase and no transfer.
    auto s = load(pos("k3r3/8/8/8/8/8/7R/4K3", "w", "10,0",
                      std::string(kKings) + ",P=1:fmWfcF,R=2:R,r=2:R", "P"));
    ASSERT_TRUE(s);
    EXPECT_TRUE(s->inCheck(0));
    EXPECT_FALSE(s->inCheck(1));
    EXPECT_EQ(targets(*s, "e1"), (Squares{"d1", "d2", "f1", "f2"}));
    EXPECT_EQ(targets(*s, "h2"), (Squares{"e2"}));
    EXPECT_EQ(s->legalActions().size(), 5u);
    EXPECT_EQ(refusal(*s, "h2h3"), "it would leave White's only royal piece in check");
    EXPECT_EQ(refusal(*s, "buy 1"), "no purchases while a royal piece is in check");
    EXPECT_EQ(refusal(*s, "@d1"),
              "the royal piece next to d1 is in check, and a royal in check cannot bring in "
              "reserves");
    EXPECT_FALSE(s->outcome().over());
}

TEST(Csipgs, CheckmateEndsTheGame) {
    // Black's Rook a8-a1 mates the King h1 behind its Pawns g2 h2. White has 21
    // zorkmids and a Pawn in reserve, but cannot buy or transfer while in check.
    auto s = load(
        pos("r6k/8/8/8/8/8/6PP/7K", "b", "20,0", std::string(kKings) + ",P=1:fmWfcF,r=2:R", "P"));
    ASSERT_TRUE(s);
    EXPECT_FALSE(s->outcome().over());
    play(*s, "a8a1");
    EXPECT_EQ(s->treasury(0), 21);
    EXPECT_TRUE(s->inCheck(0));
    EXPECT_EQ(s->outcome(), Outcome::win({1}, "checkmate"));
    EXPECT_TRUE(s->legalActions().empty());
    EXPECT_EQ(refusal(*s, "h1g1"), "the game is over");
}

TEST(Csipgs, NoPossibleActionLosesEvenWithoutCheck) {
    // Black's Queen b4-b3 leaves White's King a1 no square (a2 b1 b2 are all
    // covered), not in check. White then has 0 + 1 zorkmids: not a Pawn's 2.
    const std::string board = "7k/8/8/8/1q6/8/8/K7";
    const std::string kinds = std::string(kKings) + ",q=6:BR";
    auto s = load(pos(board, "b", "0,1", kinds));
    ASSERT_TRUE(s);
    play(*s, "b4b3");
    EXPECT_FALSE(s->inCheck(0));
    EXPECT_EQ(s->outcome(), Outcome::win({1}, "White has no possible action"));
    EXPECT_TRUE(s->legalActions().empty());
    // With 1 + 1 = 2 zorkmids White can still buy a Pawn, and must.
    auto rich = load(pos(board, "b", "1,1", kinds));
    ASSERT_TRUE(rich);
    play(*rich, "b4b3");
    EXPECT_FALSE(rich->outcome().over());
    EXPECT_EQ(rich->legalActions(), std::vector<Action>{buy(0)});
    // With a piece in reserve White can bring it in next to the King: a2, b1, b2.
    auto reserve = load(pos(board, "b", "0,1", kinds + ",P=1:fmWfcF", "P"));
    ASSERT_TRUE(reserve);
    play(*reserve, "b4b3");
    EXPECT_FALSE(reserve->outcome().over());
    EXPECT_EQ(transfers(*reserve), (Squares{"a2", "b1", "b2"}));
}

// --- Several royals ---------------------------------------------------------------

// White's Kings c1 and e1; Black's Rook e8 checks e1.
std::unique_ptr<CsipgsState> twoWhiteKings() {
    return load(
        pos("4r2k/8/8/8/8/8/8/2K1K3", "w", "10,0", std::string(kKings) + ",P=1:fmWfcF,r=2:R", "P"));
}

TEST(Csipgs, SeveralRoyalsMayIgnoreCheck) {
    auto s = twoWhiteKings();
    ASSERT_TRUE(s);
    EXPECT_EQ(s->royals(0), 2);
    EXPECT_TRUE(s->inCheck(0));
    // c1 may move as if nothing happened, e1 may stay on the e file.
    EXPECT_EQ(targets(*s, "c1"), (Squares{"b1", "b2", "c2", "d1", "d2"}));
    EXPECT_EQ(targets(*s, "e1"), (Squares{"d1", "d2", "e2", "f1", "f2"}));
    // No purchase while a royal is in check.
    EXPECT_EQ(refusal(*s, "buy 1"), "no purchases while a royal piece is in check");
    // Transfers next to c1, which is not in check, even on squares also next to
    // e1; not on those next to e1 alone.
    EXPECT_EQ(transfers(*s), (Squares{"b1", "b2", "c2", "d1", "d2"}));
    EXPECT_EQ(refusal(*s, "@f2"),
              "the royal piece next to f2 is in check, and a royal in check cannot bring in "
              "reserves");
}

TEST(Csipgs, ARoyalCanBeCapturedAndTheLastOneFollowsFideRules) {
    auto s = twoWhiteKings();
    ASSERT_TRUE(s);
    play(*s, "c1b1");  // ignores the check on e1
    play(*s, "e8e1");  // takes the King, and checks b1 along the first rank
    EXPECT_EQ(s->royals(0), 1);
    EXPECT_FALSE(s->outcome().over());
    EXPECT_TRUE(s->inCheck(0));
    // One royal left: it must get out of check (a1 and c1 are on the rank).
    EXPECT_EQ(targets(*s, "b1"), (Squares{"a2", "b2", "c2"}));
    EXPECT_EQ(refusal(*s, "b1c1"), "it would leave White's only royal piece in check");
    EXPECT_EQ(count(*s, Action::Kind::Place), 0u);
    EXPECT_EQ(count(*s, Action::Kind::Choice), 0u);
}

TEST(Csipgs, NoRoyalOnTheBoardLoses) {
    // White's only royal is in reserve: it does not count.
    auto s = load(pos("4k3/8/8/8/8/8/8/3R4", "w", "20,0", std::string(kKings) + ",R=2:R", "K"));
    ASSERT_TRUE(s);
    EXPECT_EQ(s->royals(0), 0);
    EXPECT_EQ(s->outcome(), Outcome::win({1}, "White has no royal piece left"));
    EXPECT_TRUE(s->legalActions().empty());
    EXPECT_FALSE(s->canStillWin(0));
    EXPECT_TRUE(s->canStillWin(1));
    auto black = load(pos("8/8/8/8/8/8/8/4K3", "w", "1,0", "K=5:WF+royal"));
    ASSERT_TRUE(black);
    EXPECT_EQ(black->outcome(), Outcome::win({0}, "Black has no royal piece left"));
}

// --- Purchases --------------------------------------------------------------------

TEST(Csipgs, APurchaseNeedsTheZorkmids) {
    auto s = load(kStart);
    ASSERT_TRUE(s);
    EXPECT_EQ(refusal(*s, "buy 1"), "Pawn (slot 1) costs 2 zorkmids and White has 1");
    EXPECT_EQ(refusal(*s, "buy 2"), "Rook (slot 2) costs 5 zorkmids and White has 1");
    EXPECT_EQ(refusal(*s, "buy 5"), "King (slot 5) costs 12 zorkmids and White has 1");
    auto designed = load("4k3/8/8/8/8/8/8/4K3 w 3,0 " + std::string(kKings) +
                         " - fmWfcF,R,FfR,B,WF+royal,BR " + kSlots6);
    ASSERT_TRUE(designed);
    EXPECT_EQ(refusal(*designed, "buy 3"), "FfR (slot 3) costs 4 zorkmids and White has 3");
    EXPECT_EQ(s->refusal(buy(6)), "there are slots 1 to 6");
    EXPECT_EQ(s->refusal(buy(-1)), "there are slots 1 to 6");
}

TEST(Csipgs, AtMostSixteenPiecesCountingTheReserve) {
    // The King and 7 Pawns on the board, 8 Pawns in reserve: 16.
    auto full = load(pos("4k3/8/8/8/8/8/PPPPPPP1/4K3", "w", "100,0",
                         std::string(kKings) + ",P=1:fmWfcF", "PPPPPPPP"));
    ASSERT_TRUE(full);
    EXPECT_EQ(refusal(*full, "buy 1"),
              "White has 16 pieces on the board and in reserve, the most allowed");
    EXPECT_EQ(count(*full, Action::Kind::Choice), 0u);
    // 15: the sixteenth may be bought, from any slot White can pay for.
    auto fifteen = load(pos("4k3/8/8/8/8/8/PPPPPPP1/4K3", "w", "100,0",
                            std::string(kKings) + ",P=1:fmWfcF", "PPPPPPP"));
    ASSERT_TRUE(fifteen);
    EXPECT_EQ(refusal(*fifteen, "buy 6"), "");
    EXPECT_EQ(count(*fifteen, Action::Kind::Choice), 6u);
}

TEST(Csipgs, APurchaseGoesToTheReserveAndCostsItsPrice) {
    auto s = load(pos("4k3/8/8/8/8/8/8/4K3", "w", "7,3", kKings));
    ASSERT_TRUE(s);
    EXPECT_EQ(s->describe(said(*s, "buy 2")), "White buys a Rook (slot 2) for 5 zorkmids, 2 left");
    play(*s, "buy 2");
    EXPECT_EQ(s->treasury(0), 2);
    EXPECT_EQ(s->treasury(1), 4) << "Black's credit";
    ASSERT_EQ(s->reserve(0).size(), 1u);
    EXPECT_EQ(s->kind(s->reserve(0)[0]).design.text(), "R");
    EXPECT_EQ(s->kind(s->reserve(0)[0]).slot, 1);
    EXPECT_EQ(s->resources(0).treasury, 2);
    EXPECT_TRUE(s->reserve(1).empty());
    EXPECT_EQ(s->toMove(), 1);
    EXPECT_EQ(s->serialize(), "4k3/8/8/8/8/8/8/4K3 b 2,4 K=5:WF+royal,R=2:R,k=5:WF+royal R " +
                                  std::string(kSlots6) + " " + kSlots6);
}

TEST(Csipgs, CreditTheNextPlayerGetsAZorkmid) {
    auto s = load(kStart);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->treasury(0), 1);
    EXPECT_EQ(s->treasury(1), 0);
    play(*s, "e1e2");
    EXPECT_EQ(s->treasury(0), 1);
    EXPECT_EQ(s->treasury(1), 1);
    play(*s, "e8e7");
    EXPECT_EQ(s->treasury(0), 2);
    EXPECT_EQ(s->treasury(1), 1);
    EXPECT_EQ(refusal(*s, "buy 1"), "");
}

TEST(Csipgs, OneZorkmidIsSaidInTheSingular) {
    auto s = load(kStart);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->report()[0].substr(0, 25), "White: 1 zorkmid; reserve");
    EXPECT_EQ(s->report()[1].substr(0, 26), "Black: 0 zorkmids; reserve");
}

// --- Transfers --------------------------------------------------------------------

TEST(Csipgs, ATransferGoesToAnEmptySquareNextToARoyal) {
    // White's Pawn d2 leaves d1 e2 f2 f1 free around the King e1.
    auto s = load(
        pos("4k3/8/8/8/8/8/3P4/4K3", "w", "1,0", std::string(kKings) + ",P=1:fmWfcF,R=2:R", "R"));
    ASSERT_TRUE(s);
    EXPECT_EQ(transfers(*s), (Squares{"d1", "e2", "f2", "f1"}));
    EXPECT_EQ(refusal(*s, "@d2"), "d2 is not empty");
    EXPECT_EQ(refusal(*s, "@e4"),
              "a reserve piece comes in only next to one of your royal pieces, and e4 is next to "
              "none");
    EXPECT_EQ(s->describe(said(*s, "@f2")), "Rook from the reserve to f2");
    play(*s, "2:R@f2");
    EXPECT_TRUE(s->reserve(0).empty());
    EXPECT_EQ(designAt(*s, "f2"), "R");
    EXPECT_EQ(s->pieceAt(at(*s, "f2")).value_or(Piece{-1, NoPlayer}).owner, 0);
    EXPECT_EQ(s->treasury(1), 1);
    EXPECT_EQ(s->toMove(), 1);
    // Black has nothing in reserve.
    EXPECT_EQ(s->refusal(Action::place(0, at(*s, "d8"))), "Black's reserve holds no such piece");
    EXPECT_EQ(count(*s, Action::Kind::Place), 0u);
}

// --- Design changes ---------------------------------------------------------------

TEST(Csipgs, ADesignChangeIsSaidFirstAndTakesEffectAfterTheAction) {
    auto s = load(pos("4k3/8/8/8/8/8/8/4K3", "w", "5,0", kKings));
    ASSERT_TRUE(s);
    const Action change = said(*s, "design 2 FfR");
    EXPECT_EQ(s->describe(change),
              "White designs slot 2 as FfR (price 4) in place of Rook, from the end of this "
              "turn");
    play(*s, "design 2 FfR");
    EXPECT_TRUE(s->midTurn());
    EXPECT_EQ(s->toMove(), 0);
    EXPECT_EQ(s->slot(0, 1).text(), "R") << "not before the action";
    EXPECT_EQ(s->serialize(), "4k3/8/8/8/8/8/8/4K3 w2=FfR 5,0 K=5:WF+royal,k=5:WF+royal - " +
                                  std::string(kSlots6) + " " + kSlots6);
    EXPECT_EQ(refusal(*s, "design 3 B"), "White has already changed a design this turn");
    EXPECT_EQ(s->refusal(Action::endTurn()),
              "a turn ends with its action (a move, a transfer or a purchase); say a design "
              "change before it");
    // The purchase in the same turn buys the old design, at its price.
    play(*s, "buy 2");
    EXPECT_FALSE(s->midTurn());
    EXPECT_EQ(s->treasury(0), 0);
    ASSERT_EQ(s->reserve(0).size(), 1u);
    const int rook = s->reserve(0)[0];
    EXPECT_EQ(s->kind(rook).design.text(), "R");
    EXPECT_EQ(s->slot(0, 1).text(), "FfR");
    EXPECT_EQ(s->slot(1, 1).text(), "R") << "Black's slots are his own";
    // Later the Rook comes in as a Rook, looks like one, and moves like one.
    play(*s, "e8d8");
    play(*s, "2:R@e2");
    EXPECT_EQ(s->appearance(at(*s, "e2")), (SetPiece{SetColour::White, Figure::Rook}));
    play(*s, "d8c8");
    EXPECT_EQ(targets(*s, "e2").count("e8"), 1u);
    EXPECT_EQ(targets(*s, "e2").count("a2"), 1u);
    // 0 after the purchase, and a zorkmid at each of the two turns since.
    EXPECT_EQ(s->treasury(0), 2);
}

TEST(Csipgs, APieceBoughtEarlierKeepsItsDesignAndSlot) {
    // A FfR bought from slot 3 and a Knight from slot 3 before it: both in slot
    // 3, both shown as Knights, each with its own design.
    auto s = load(
        "4k3/8/8/8/8/8/8/4K3 w 4,0 A=3:N,K=5:WF+royal,N=3:FfR,k=5:WF+royal AN "
        "fmWfcF,R,FfR,B,WF+royal,BR " +
        std::string(kSlots6));
    ASSERT_TRUE(s);
    play(*s, "design 3 B");
    play(*s, "FfR@d2");
    play(*s, "e8f8");  // d8 is covered by the FfR
    play(*s, "N@f2");
    EXPECT_EQ(s->slot(0, 2).text(), "B");
    EXPECT_EQ(designAt(*s, "d2"), "FfR");
    EXPECT_EQ(designAt(*s, "f2"), "N");
    const SetPiece knight{SetColour::White, Figure::Knight};
    EXPECT_EQ(s->appearance(at(*s, "d2")), knight);
    EXPECT_EQ(s->appearance(at(*s, "f2")), knight);
    play(*s, "f8g8");
    // FfR d2: c1 c3 e3 (e1 is White's King), and forward up to d8.
    EXPECT_EQ(targets(*s, "d2"), (Squares{"c1", "c3", "e3", "d3", "d4", "d5", "d6", "d7", "d8"}));
}

TEST(Csipgs, DesignChangeRefusals) {
    auto s = load(kStart);
    ASSERT_TRUE(s);
    EXPECT_EQ(refusal(*s, "design 1 W+relay"),
              "+relay is not allowed at this table (option relay=off)");
    EXPECT_EQ(refusal(*s, "design 3 N"), "slot 3 already holds N");
    EXPECT_EQ(refusal(*s, "design 5 K+royal"), "slot 5 already holds WF+royal");
    EXPECT_EQ(refusal(*s, "design 6 RB"), "slot 6 already holds BR");
    std::string error;
    const Design ffr = *Design::parse("FfR", error);
    EXPECT_EQ(s->refusal(redesign(6, ffr)), "there are slots 1 to 6");
    EXPECT_EQ(s->refusal(redesign(-1, ffr)), "there are slots 1 to 6");
    // A design that cannot be built says why, as Design::parse does.
    EXPECT_EQ(refusal(*s, "design 3 sF"),
              "that design cannot be built: 's' does not apply to F: diagonal atoms (F, A, G, B) "
              "take f or b at position 1 of sF");
    EXPECT_EQ(s->refusal(Action::choice(kRedesign, NoCell, {2, 'Z'})),
              "that design cannot be built: unknown atom 'Z' at position 1 of Z; atoms are W D H "
              "R F A G B N L NN, and K (WF) and Q (BR)");
    EXPECT_EQ(s->refusal(Action::choice(kRedesign, NoCell, {2})),
              "that design cannot be built: a design needs at least one atom, e.g. FfR");
    EXPECT_EQ(s->refusal(Action::choice(kRedesign, NoCell, {2, 'W', 1})),
              "that design cannot be built: a design is written in letters and '+'");
    EXPECT_EQ(s->refusal(Action::choice(7, NoCell, {2})), "that is not an action of csipgs Chess");
    EXPECT_EQ(refusal(*s, "design 1 FfR"), "");
    // With the option on, +relay designs may be said.
    auto relay = load(kStart, relayOn());
    ASSERT_TRUE(relay);
    EXPECT_EQ(refusal(*relay, "design 1 W+relay"), "");
    // A design change is said, not listed.
    for (const Action& a : s->legalActions()) EXPECT_NE(a.arg, kRedesign);
}

// --- Relay (option relay=on) ------------------------------------------------------

TEST(Csipgs, APieceDefendedByARelayPieceGainsItsMoves) {
    // The relay Knight b1 defends d2: the Wazir there also leaps as a knight
    // (b3 c4 e4 f3 f1; b1 is White's own).
    const std::string kinds = std::string(kKings) + ",N=3:N+relay,W=1:W";
    auto s = load(pos("7k/8/8/8/8/8/3W4/1N5K", "w", "1,0", kinds), relayOn());
    ASSERT_TRUE(s);
    EXPECT_EQ(targets(*s, "d2"), (Squares{"d3", "d1", "c2", "e2", "b3", "c4", "e4", "f3", "f1"}));
    EXPECT_EQ(targets(*s, "b1"), (Squares{"a3", "c3"}));
    // From a1 the relay Knight does not defend d2 (it covers b3 and c2).
    auto apart = load(pos("7k/8/8/8/8/8/3W4/N6K", "w", "1,0", kinds), relayOn());
    ASSERT_TRUE(apart);
    EXPECT_EQ(targets(*apart, "d2"), (Squares{"d3", "d1", "c2", "e2"}));
}

TEST(Csipgs, RelayedPowersAreNotPassedOn) {
    // The relay Knight b1 defends the relay Wazir d2, which defends the fmW on
    // d3: that one gains the Wazir's steps (c3 e3, d2 being White's) but not the
    // knight's, which reached d2 only by relay.
    auto s = load(pos("7k/8/8/8/8/3A4/3W4/1N5K", "w", "1,0",
                      std::string(kKings) + ",A=1:fmW,N=3:N+relay,W=2:W+relay"),
                  relayOn());
    ASSERT_TRUE(s);
    EXPECT_EQ(targets(*s, "d3"), (Squares{"d4", "c3", "e3"}));
    EXPECT_EQ(targets(*s, "d2"), (Squares{"d1", "c2", "e2", "b3", "c4", "e4", "f3", "f1"}));
}

TEST(Csipgs, RelayedAttacksGiveCheck) {
    // The Wazir d1-d2 comes under the relay Knight b1 and so attacks e4 as a
    // knight: Black's King is in check and may not go to d3 (the Wazir) or f3
    // (the Wazir as a knight).
    auto s =
        load(pos("8/8/8/8/4k3/8/8/1N1W3K", "w", "1,0", std::string(kKings) + ",N=3:N+relay,W=1:W"),
             relayOn());
    ASSERT_TRUE(s);
    EXPECT_FALSE(s->inCheck(1));
    play(*s, "d1d2");
    EXPECT_TRUE(s->inCheck(1));
    EXPECT_TRUE(s->attacked(at(*s, "f3"), 0));
    EXPECT_EQ(targets(*s, "e4"), (Squares{"d4", "d5", "e3", "e5", "f4", "f5"}));
    // The relay is an option: without it the design cannot be loaded at all.
    EXPECT_EQ(loadError(pos("8/8/8/8/4k3/8/8/1N1W3K", "w", "1,0",
                            std::string(kKings) + ",N=3:N+relay,W=1:W")),
              "kind N: +relay is not allowed at this table (option relay=off)");
}

// --- Threefold repetition ------------------------------------------------------------

// Treasuries grow by a zorkmid a turn, so a state can come back only if each
// player spends, over the cycle, one zorkmid per turn, and buys back what was
// taken. Knights cost 3: over three turns each player takes once, buys a Knight
// and brings it in where the taker stood.
//   White K a1 N b1; Black k e6 n d5 n c3; treasuries 2,1.
//   b1xc3 d5xc3 | buy 3 buy 3 | N@b1 n@d5: the same state, 6 turns later.
TEST(Csipgs, ThreefoldRepetitionOfTheWholeStateIsADraw) {
    const std::string start =
        pos("8/8/4k3/3n4/8/2n5/8/KN6", "w", "2,1", "K=5:WF+royal,N=3:N,k=5:WF+royal,n=3:N");
    auto s = load(start);
    ASSERT_TRUE(s);
    const char* cycle[6] = {"b1c3", "d5c3", "buy 3", "buy 3", "3:N@b1", "3:N@d5"};
    for (int round = 0; round < 2; ++round) {
        for (int i = 0; i < 6; ++i) {
            EXPECT_FALSE(s->outcome().over()) << round << " " << i;
            play(*s, cycle[i]);
        }
        EXPECT_EQ(s->serialize(), start) << "round " << round;
    }
    EXPECT_EQ(s->outcome(), Outcome::draw("threefold repetition"));
    EXPECT_TRUE(s->legalActions().empty());
}

TEST(Csipgs, RepetitionCountsTheWholeStateNotTheBoard) {
    // The kings walking back and forth repeat the board, never the treasuries.
    auto s = load(kStart);
    ASSERT_TRUE(s);
    for (int i = 0; i < 4; ++i) {
        play(*s, "e1e2");
        play(*s, "e8e7");
        play(*s, "e2e1");
        play(*s, "e7e8");
    }
    EXPECT_EQ(s->serialize(), "4k3/8/8/8/8/8/8/4K3 w 9,8 K=5:WF+royal,k=5:WF+royal - " +
                                  std::string(kSlots6) + " " + kSlots6);
    EXPECT_FALSE(s->outcome().over());
}

// --- Notation ---------------------------------------------------------------------

TEST(Csipgs, PositionTextReadsBackAsItself) {
    const std::vector<std::string> texts = {
        kStart,
        // A designed piece: FfR from slot 3 takes the slot's letter N.
        "4k3/8/8/8/3N4/8/8/4K3 w 3,2 K=5:WF+royal,N=3:FfR,k=5:WF+royal - "
        "fmWfcF,R,FfR,B,WF+royal,BR fmWfcF,R,N,B,WF+royal,BR",
        // Two kinds in slot 3: the Knight, the slot's first design, keeps N; FfR takes A.
        "4k3/8/8/8/3A4/8/8/1N2K3 b 3,2 A=3:FfR,K=5:WF+royal,N=3:N,k=5:WF+royal - "
        "fmWfcF,R,FfR,B,WF+royal,BR fmWfcF,R,N,B,WF+royal,BR",
        // Reserves, both players': White's letters, then Black's.
        "4k3/4p3/8/8/8/8/8/4K3 b 0,6 K=5:WF+royal,P=1:fmWfcF,R=2:R,k=5:WF+royal,p=1:fmWfcF,"
        "q=6:BR PRRpq fmWfcF,R,N,B,WF+royal,BR fmWfcF,R,N,B,WF+royal,BR",
        // A design change said: White's slot 3 becomes FfR after the action.
        "4k3/8/8/8/8/8/8/4K3 w3=FfR 5,0 K=5:WF+royal,k=5:WF+royal - fmWfcF,R,N,B,WF+royal,BR "
        "fmWfcF,R,N,B,WF+royal,BR",
        "4k3/8/8/8/8/8/8/4K3 b6=NN 5,7 K=5:WF+royal,k=5:WF+royal - fmWfcF,R,N,B,WF+royal,BR "
        "fmWfcF,R,N,B,WF+royal,BR",
        // Designed slots and a royal of one's own design.
        "q3k3/8/8/8/8/8/8/2QK4 w 1000000000,0 K=5:WF+royal,Q=6:fmG+royal,k=5:WF+royal,"
        "q=6:BR - fmWfcF,ffNbbN,L,fsNN,WF+royal,fmG+royal fmWfcF,R,N,B,WF+royal,BR",
    };
    for (const std::string& text : texts) {
        auto s = load(text);
        ASSERT_TRUE(s) << text;
        EXPECT_EQ(s->serialize(), text);
    }
    // A relay design, at a table that allows it.
    const std::string relay =
        "4k3/8/8/8/8/8/8/2NK4 w 1,0 K=5:WF+royal,N=3:N+relay,k=5:WF+royal - "
        "fmWfcF,R,N+relay,B,WF+royal,BR fmWfcF,R,N,B,WF+royal,BR";
    auto r = load(relay, relayOn());
    ASSERT_TRUE(r);
    EXPECT_EQ(r->serialize(), relay);
}

TEST(Csipgs, APlayedStateReadsBackAsItself) {
    auto s = load(pos("4k3/8/8/8/8/8/8/4K3", "w", "9,9", kKings));
    ASSERT_TRUE(s);
    for (const char* a : {"design 3 FfR", "buy 3", "design 2 NN", "buy 1", "buy 3", "e8d8",
                          "3:N@d2", "1:fmWfcF@d7", "3:FfR@e2", "design 4 fsL"}) {
        play(*s, a);
        auto again = load(s->serialize());
        ASSERT_TRUE(again) << a;
        EXPECT_EQ(again->serialize(), s->serialize()) << a;
    }
    // Treasuries: White 9 -3 (Knight) +1 -4 (FfR) +1 +1 = 5; Black 9 +1 -2 (Pawn)
    // +1 +1 +1 = 11. The Knight keeps N; slot 3's new design takes A.
    EXPECT_EQ(s->serialize(),
              "3k4/3p4/8/8/8/8/3NA3/4K3 b4=fsL 5,11 A=3:FfR,K=5:WF+royal,N=3:N,k=5:WF+royal,"
              "p=1:fmWfcF - fmWfcF,R,FfR,B,WF+royal,BR fmWfcF,NN,N,B,WF+royal,BR");
}

TEST(Csipgs, LoadRefusesBadPositions) {
    const std::string k = kKings;
    const std::string slots = std::string(kSlots6) + " " + kSlots6;
    struct Case {
        std::string text;
        std::string says;
    };
    const std::vector<Case> cases = {
        {"4k3/8/8/8/8/8/8/4K3 w 1,0 " + k + " -",
         "a csipgs position has 7 fields: board, player to move, treasuries, kinds, reserves, "
         "White's slots, Black's slots"},
        {"4k3/8/8/8/8/8/4K3 w 1,0 " + k + " - " + slots, "the board has 8 ranks separated by '/'"},
        {"4k3/8/8/8/8/8/8/4K4 w 1,0 " + k + " - " + slots, "rank 1 must have 8 squares"},
        {"4k3/8/8/8/8/8/8/4K2 w 1,0 " + k + " - " + slots, "rank 1 must have 8 squares"},
        {"4k3/8/8/8/8/8/8/4K2KK w 1,0 " + k + " - " + slots, "rank 1 must have 8 squares"},
        {"4k3/8/8/8/3Z4/8/8/4K3 w 1,0 " + k + " - " + slots,
         "rank 4: 'Z' is not defined in the kinds field"},
        {"4k3/8/8/8/8/8/8/4K3 w 1,0 " + k + " Q " + slots,
         "reserve: 'Q' is not defined in the kinds field"},
        {"4k3/8/8/8/8/8/8/4K3 w 1,0 " + k + ",Q=6:BR - " + slots,
         "kind Q is defined but no piece has it"},
        {"4k3/8/8/8/8/8/8/4K3 w 1,0 " + k + ",K=5:WF - " + slots, "kind letter K is defined twice"},
        {"4k3/8/8/8/8/8/8/4K3 w 1,0 " + k + ",N=7:N N " + slots, "kind N=7:N: slots are 1 to 6"},
        {"4k3/8/8/8/8/8/8/4K3 w 1,0 " + k + ",N=0:N N " + slots, "kind N=0:N: slots are 1 to 6"},
        {"4k3/8/8/8/8/8/8/4K3 w 1,0 " + k + ",N:3=N N " + slots,
         "a kind is written LETTER=SLOT:DESIGN, e.g. K=5:WF+royal, not 'N:3=N'"},
        {"4k3/8/8/8/8/8/8/4K3 w 1,0 " + k + ",N=3:Z N " + slots,
         "kind N: unknown atom 'Z' at position 1 of Z; atoms are W D H R F A G B N L NN, and K "
         "(WF) and Q (BR)"},
        {"4k3/8/8/8/8/8/8/4K3 w 1,0 " + k + ",N=3:N+relay N " + slots,
         "kind N: +relay is not allowed at this table (option relay=off)"},
        {"4k3/8/8/8/8/8/8/4K3 w 1,0 " + k + ",P=1:fmWfcF PPPPPPPPPPPPPPPP " + slots,
         "White has more than 16 pieces"},
        {"4k3/8/8/8/8/8/8/4K3 w 1,0 " + k + ",p=1:fmWfcF ppppppppppppppppp " + slots,
         "Black has more than 16 pieces"},
        {"4k3/8/8/8/8/8/8/4K3 x 1,0 " + k + " - " + slots,
         "the player to move is w or b (w3=FfR: a design change said for slot 3)"},
        {"4k3/8/8/8/8/8/8/4K3 w3FfR 1,0 " + k + " - " + slots,
         "a design change said is written w3=FfR, not 'w3FfR'"},
        {"4k3/8/8/8/8/8/8/4K3 w7=FfR 1,0 " + k + " - " + slots,
         "a design change said is written w3=FfR, not 'w7=FfR'"},
        {"4k3/8/8/8/8/8/8/4K3 w3=sF 1,0 " + k + " - " + slots,
         "the design change said: 's' does not apply to F: diagonal atoms (F, A, G, B) take f "
         "or b at position 1 of sF"},
        {"4k3/8/8/8/8/8/8/4K3 w3=N 1,0 " + k + " - " + slots,
         "the design change said for slot 3 is what the slot already holds"},
        {"4k3/8/8/8/8/8/8/4K3 w -1,0 " + k + " - " + slots,
         "treasuries are written WHITE,BLACK in whole zorkmids, e.g. 1,0"},
        {"4k3/8/8/8/8/8/8/4K3 w 1 " + k + " - " + slots,
         "treasuries are written WHITE,BLACK in whole zorkmids, e.g. 1,0"},
        {"4k3/8/8/8/8/8/8/4K3 w 1000000001,0 " + k + " - " + slots,
         "treasuries are written WHITE,BLACK in whole zorkmids, e.g. 1,0"},
        {"4k3/8/8/8/8/8/8/4K3 w 1,0 " + k + " - fmWfcF,R,N,B,WF+royal " + kSlots6,
         "White's slots are 6 designs separated by commas"},
        {"4k3/8/8/8/8/8/8/4K3 w 1,0 " + k + " - " + kSlots6 + " fmWfcF,R,N,B,WF+royal,BR,W",
         "Black's slots are 6 designs separated by commas"},
        {"4k3/8/8/8/8/8/8/4K3 w 1,0 " + k + " - " + kSlots6 + " fmWfcF,R,N,B,WF+royal,sF",
         "Black's slot 6: 's' does not apply to F: diagonal atoms (F, A, G, B) take f or b at "
         "position 1 of sF"},
        {"4k3/8/8/8/8/8/8/4R1K1 w 1,0 " + k + ",R=2:R - " + slots,
         "Black's only royal piece is in check while it is not their turn"},
    };
    for (const Case& c : cases) EXPECT_EQ(loadError(c.text), c.says) << c.text;
    // The side to move may be in check; a side with two royals may wait in check.
    EXPECT_TRUE(load("4k3/8/8/8/8/8/8/4r1K1 w 1,0 " + k + ",r=2:R - " + slots));
    EXPECT_TRUE(load("4k2k/8/8/8/8/8/8/4R1K1 w 1,0 " + k + ",R=2:R - " + slots));
}

TEST(Csipgs, EveryActionEncodesAndDecodesBack) {
    auto s = load(pos("4k3/8/8/8/8/8/8/4K3", "w", "5,0", std::string(kKings) + ",P=1:fmWfcF", "P"));
    ASSERT_TRUE(s);
    const Cell e1 = at(*s, "e1"), e2 = at(*s, "e2");
    ASSERT_EQ(s->reserve(0).size(), 1u);
    const int pawn = s->reserve(0)[0];
    std::string error;
    const std::vector<std::pair<Action, std::string>> actions = {
        {Action::move(e1, e2), "e1e2"},
        {Action::place(pawn, e2), "1:fmWfcF@e2"},
        {buy(2), "buy 3"},
        {redesign(2, *Design::parse("FfR", error)), "design 3 FfR"},
        {Action::endTurn(), "end"},
    };
    for (const auto& [action, text] : actions) {
        EXPECT_EQ(s->encode(action), text);
        EXPECT_EQ(s->decode(text), action) << text;
    }
    EXPECT_EQ(s->decode("e1-e2"), Action::move(e1, e2));
    EXPECT_EQ(s->decode("e1xe2"), Action::move(e1, e2));
    EXPECT_EQ(s->decode("  buy   3 "), buy(2));
    EXPECT_EQ(s->encode(said(*s, "design 3 fRF")), "design 3 FfR");
    // A slot beyond 6 is read, so that the refusal can say which slots there are.
    EXPECT_EQ(s->refusal(*s->decode("buy 7")), "there are slots 1 to 6");
    EXPECT_EQ(s->refusal(*s->decode("design 9 N")), "there are slots 1 to 6");
    for (const char* bad : {"", "buy 0", "buy", "design 3", "design 0 N", "buy 100", "e9e2", "e1",
                            "hello", "4:B@e2", "B@e2", "@e9", "end now"})
        EXPECT_EQ(s->decode(bad), std::nullopt) << bad;
}

TEST(Csipgs, ATransferNamesItsPieceOnlyAsFarAsNeeded) {
    // White's reserve: two Pawns (one kind), Black's nothing.
    auto pawns =
        load(pos("4k3/8/8/8/8/8/8/4K3", "w", "1,0", std::string(kKings) + ",P=1:fmWfcF", "PP"));
    ASSERT_TRUE(pawns);
    ASSERT_EQ(pawns->reserve(0).size(), 2u);
    const Cell e2 = at(*pawns, "e2");
    EXPECT_EQ(pawns->decode("@e2"), Action::place(pawns->reserve(0)[0], e2));
    EXPECT_EQ(pawns->decode("fmWfcF@e2"), Action::place(pawns->reserve(0)[0], e2));
    // A Knight and a FfR, both from slot 3: "@e2" could be either.
    auto two = load("4k3/8/8/8/8/8/8/4K3 w 1,0 A=3:N,K=5:WF+royal,N=3:FfR,k=5:WF+royal AN " +
                    std::string(kSlots6) + " " + kSlots6);
    ASSERT_TRUE(two);
    EXPECT_EQ(two->decode("@e2"), std::nullopt);
    EXPECT_EQ(two->decode("3:@e2"), std::nullopt);
    auto knight = two->decode("N@e2");
    ASSERT_TRUE(knight);
    EXPECT_EQ(two->kind(knight->piece).design.text(), "N");
    auto ffr = two->decode("FfR@e2");
    ASSERT_TRUE(ffr);
    EXPECT_EQ(two->kind(ffr->piece).design.text(), "FfR");
    EXPECT_EQ(two->decode("3:N@e2"), knight);
    EXPECT_EQ(two->decode("2:N@e2"), std::nullopt);
    // Two Rooks from slots 2 and 4: the design alone is not enough.
    auto rooks = load(
        "4k3/8/8/8/8/8/8/4K3 w 1,0 B=4:R,K=5:WF+royal,R=2:R,k=5:WF+royal BR "
        "fmWfcF,R,N,R,WF+royal,BR " +
        std::string(kSlots6));
    ASSERT_TRUE(rooks);
    EXPECT_EQ(rooks->decode("R@e2"), std::nullopt);
    auto fromFour = rooks->decode("4:R@e2");
    ASSERT_TRUE(fromFour);
    EXPECT_EQ(rooks->kind(fromFour->piece).slot, 3);
    EXPECT_EQ(rooks->encode(*fromFour), "4:R@e2");
    // Black to move reads Black's reserve.
    auto black =
        load(pos("4k3/8/8/8/8/8/8/4K3", "b", "1,1", std::string(kKings) + ",P=1:fmWfcF", "P"));
    ASSERT_TRUE(black);
    EXPECT_EQ(black->decode("@e7"), std::nullopt);
}

TEST(Csipgs, MovesAreDescribedForThePlayers) {
    auto s = load(
        pos("r3k3/8/8/8/8/8/8/R3K1N1", "w", "1,0", std::string(kKings) + ",N=3:N,R=2:R,r=2:R"));
    ASSERT_TRUE(s);
    EXPECT_EQ(s->describe(said(*s, "g1f3")), "Knight g1-f3");
    EXPECT_EQ(s->describe(said(*s, "a1a8")), "Rook a1xa8 takes the Rook");
    EXPECT_EQ(s->encode(said(*s, "a1xa8")), "a1a8");
}

// --- What the boards show -----------------------------------------------------------

TEST(Csipgs, AppearanceIsTheSlotsStandInInTheOwnersColour) {
    auto s = load(
        "4k3/8/8/8/3n4/8/8/3NK3 w 1,0 K=5:WF+royal,N=3:FfR,k=5:WF+royal,n=3:NN - "
        "fmWfcF,R,FfR,B,WF+royal,BR fmWfcF,R,NN,B,WF+royal,BR");
    ASSERT_TRUE(s);
    EXPECT_EQ(s->appearance(at(*s, "e1")), (SetPiece{SetColour::White, Figure::King}));
    EXPECT_EQ(s->appearance(at(*s, "e8")), (SetPiece{SetColour::Black, Figure::King}));
    EXPECT_EQ(s->appearance(at(*s, "d1")), (SetPiece{SetColour::White, Figure::Knight}));
    EXPECT_EQ(s->appearance(at(*s, "d4")), (SetPiece{SetColour::Black, Figure::Knight}));
    EXPECT_EQ(s->appearance(at(*s, "a1")), std::nullopt);
    // The table may choose other stand-ins per slot.
    Rules rules;
    rules.standIns[2] = Figure::Bishop;
    rules.standIns[4] = Figure::Queen;
    auto chosen = load(s->serialize(), rules);
    ASSERT_TRUE(chosen);
    EXPECT_EQ(chosen->appearance(at(*chosen, "d1")), (SetPiece{SetColour::White, Figure::Bishop}));
    EXPECT_EQ(chosen->appearance(at(*chosen, "d4")), (SetPiece{SetColour::Black, Figure::Bishop}));
    EXPECT_EQ(chosen->appearance(at(*chosen, "e8")), (SetPiece{SetColour::Black, Figure::Queen}));
}

TEST(Csipgs, TheTablesStandInsReachTheGame) {
    GameOptions options;
    options.standIns["slot3"] = SetPiece{SetColour::White, Figure::Bishop};
    std::string error;
    auto game = makeGame("csipgs", options, error);
    ASSERT_TRUE(game) << error;
    auto s = game->load("4k3/8/8/8/8/8/8/3NK3 w 1,0 K=5:WF+royal,N=3:N,k=5:WF+royal - " +
                            std::string(kSlots6) + " " + kSlots6,
                        error);
    ASSERT_TRUE(s) << error;
    EXPECT_EQ(s->appearance(at(*s, "d1")), (SetPiece{SetColour::White, Figure::Bishop}));
    EXPECT_EQ(game->start()->appearance(at(*s, "e1")), (SetPiece{SetColour::White, Figure::King}));
}

// --- Impassable squares (option impassable) ---------------------------------------

Rules impassableOn(const std::vector<std::string>& squares, bool moderated = false) {
    Rules r;
    r.moderated = moderated;
    for (const std::string& name : squares) {
        auto c = Geometry::rectangle(8, 8).parse(name);
        EXPECT_TRUE(c) << name;
        r.impassable |= Squareset{1} << c.value_or(0);
    }
    return r;
}

// White: King h1, Rook d4, a dabbaba (D) on b3, a Rook in reserve; Black:
// King a8, Rook h8. Impassable: b4, d5, g2, h5.
std::unique_ptr<CsipgsState> besideImpassableSquares(Rules rules) {
    return load(
        pos("k6r/8/8/8/3R4/1X6/8/7K", "w", "1,0", std::string(kKings) + ",R=2:R,X=3:D,r=2:R", "R"),
        rules);
}

TEST(Csipgs, NoPieceEntersOrRidesThroughAnImpassableSquare) {
    auto s = besideImpassableSquares(impassableOn({"b4", "d5", "g2", "h5"}));
    ASSERT_TRUE(s);
    // The Rook stops before d5 and b4.
    EXPECT_EQ(targets(*s, "d4"), (Squares{"c4", "d3", "d2", "d1", "e4", "f4", "g4", "h4"}));
    EXPECT_EQ(refusal(*s, "d4d5"), "d5 is impassable");
    EXPECT_EQ(refusal(*s, "d4d6"), "the Rook (R) on d4 cannot go to d6");
    // A leaper jumps over one as over a piece, but never lands on one.
    EXPECT_EQ(targets(*s, "b3"), (Squares{"b5", "b1", "d3"}));
    EXPECT_EQ(refusal(*s, "b3b4"), "b4 is impassable");
    // Nor does a reserve piece come in on one.
    EXPECT_EQ(transfers(*s), (Squares{"g1", "h2"}));
    EXPECT_EQ(refusal(*s, "@g2"), "g2 is impassable");
    // An attack does not pass either: the Rook h8 does not check h1 through h5.
    EXPECT_FALSE(s->inCheck(0));
    auto open = besideImpassableSquares({});
    ASSERT_TRUE(open);
    EXPECT_TRUE(open->inCheck(0));
}

TEST(Csipgs, ImpassableSquaresAreAnOptionOfTheTable) {
    GameOptions options;
    options.values["impassable"] = "d5,b4";
    std::string error;
    auto game = makeGame("csipgs", options, error);
    ASSERT_TRUE(game) << error;
    EXPECT_EQ(game->options().value("moderated"), "off");
    auto s = game->start();
    EXPECT_EQ(markedCells(*s), (std::vector<Cell>{at(*s, "b4"), at(*s, "d5")}));
    auto rook =
        game->load(pos("k7/8/8/8/3R4/8/8/7K", "w", "1,0", std::string(kKings) + ",R=2:R"), error);
    ASSERT_TRUE(rook) << error;
    EXPECT_FALSE(rook->isLegal(Action::move(at(*s, "d4"), at(*s, "d6"))));
    EXPECT_EQ(markedCells(*makeGame("csipgs")->start()), std::vector<Cell>{});
    // A piece cannot stand on one.
    EXPECT_FALSE(
        game->load(pos("k7/8/8/3R4/8/8/8/7K", "w", "1,0", std::string(kKings) + ",R=2:R"), error));
    EXPECT_EQ(error, "d5 is impassable and cannot hold a piece");
}

// --- The moderated game: what each player sees ------------------------------------

// The squares `p` sees.
Squares seen(const GameState& s, PlayerId p) {
    Squares out;
    const View v = view(s, p);
    for (Cell c = 0; c < 64; ++c) {
        if (v.sees(c)) out.insert(s.geometry().name(c));
    }
    return out;
}

// White: King e1, Rook d4, a Rook in reserve, 3 zorkmids; Black: King e8, Pawn
// d6, a Pawn in reserve, 5 zorkmids.
std::unique_ptr<CsipgsState> rookAndPawn(Rules rules = impassableOn({}, true)) {
    return load(
        pos("4k3/8/3p4/8/3R4/8/8/4K3", "w", "3,5", std::string(kKings) + ",R=2:R,p=1:fmWfcF", "Rp"),
        rules);
}

TEST(CsipgsView, ARookSeesAlongItsLinesUpToTheFirstPieceAndAKingItsNeighbours) {
    auto s = rookAndPawn();
    ASSERT_TRUE(s);
    EXPECT_NE(s->hidden(), nullptr);
    EXPECT_EQ(seen(*s, 0), (Squares{"d4", "d5", "d6", "d3", "d2", "d1", "a4", "b4", "c4", "e4",
                                    "f4", "g4", "h4", "e1", "e2", "f2", "f1"}));
    // Black's Pawn sees where it may step (d5) and take (c5, e5), down the board.
    EXPECT_EQ(seen(*s, 1), (Squares{"e8", "d8", "d7", "e7", "f7", "f8", "d6", "d5", "c5", "e5"}));
}

TEST(CsipgsView, AKnightSeesItsJumpsAndNotTheSquaresBetween) {
    // White: King a1, Knight g1, Pawn d4; a Black Pawn on f2 next to the Knight.
    auto s = load(pos("7k/8/8/8/3P4/8/5p2/K5N1", "w", "1,0",
                      std::string(kKings) + ",N=3:N,P=1:fmWfcF,p=1:fmWfcF"),
                  impassableOn({}, true));
    ASSERT_TRUE(s);
    EXPECT_EQ(seen(*s, 0),
              (Squares{"a1", "a2", "b1", "b2", "g1", "e2", "f3", "h3", "d4", "d5", "c5", "e5"}));
}

TEST(CsipgsView, ARoyalSeesThePiecesThatAttackIt) {
    // The Knight f3 checks White's King, which therefore sees it; the Knight a6 does not.
    auto s = load(pos("4k3/8/n7/8/8/5n2/8/4K3", "w", "1,0", std::string(kKings) + ",n=3:N"),
                  impassableOn({}, true));
    ASSERT_TRUE(s);
    EXPECT_EQ(seen(*s, 0), (Squares{"e1", "d1", "d2", "e2", "f2", "f1", "f3"}));
    const View v = s->view(0);
    EXPECT_EQ(v.pieces[static_cast<size_t>(at(*s, "f3"))], s->pieceAt(at(*s, "f3")));
    EXPECT_EQ(v.looks[static_cast<size_t>(at(*s, "f3"))],
              (SetPiece{SetColour::Black, Figure::Knight}));
}

TEST(CsipgsView, UnseenPiecesAndTheOpponentsResourcesAreHidden) {
    auto s = rookAndPawn();
    ASSERT_TRUE(s);
    const View white = s->view(0);
    EXPECT_EQ(white.pieces[static_cast<size_t>(at(*s, "d6"))], s->pieceAt(at(*s, "d6")));
    EXPECT_EQ(white.pieces[static_cast<size_t>(at(*s, "e8"))], std::nullopt);
    EXPECT_EQ(white.looks[static_cast<size_t>(at(*s, "e8"))], std::nullopt);
    EXPECT_FALSE(white.sees(at(*s, "e8")));
    EXPECT_EQ(white.resourcesSeen, (std::vector<bool>{true, false}));
    EXPECT_EQ(s->view(1).resourcesSeen, (std::vector<bool>{false, true}));
    // Someone who does not play sees nothing.
    EXPECT_EQ(seen(*s, 2), Squares{});
    EXPECT_EQ(seen(*s, NoPlayer), Squares{});
}

// `text` with each '_' a '?', the view text's mark of a hidden square: so
// that no run of question marks reads as a C++ trigraph.
std::string hidden(std::string text) {
    std::replace(text.begin(), text.end(), '_', '?');
    return text;
}

TEST(CsipgsView, TheViewTextNamesNoHiddenSquarePieceOrResource) {
    auto s = rookAndPawn();
    ASSERT_TRUE(s);
    EXPECT_EQ(s->viewText(0),
              hidden("________/________/___p____/___1____/3R4/___1____/___3__/___1K1__ w 3,_ "
                     "K=5:WF+royal,R=2:R,p=1:fmWfcF R_ ") +
                  kSlots6 + " ?");
    EXPECT_EQ(s->viewText(1),
              hidden("___1k1__/___3__/___p____/__3___/________/________/________/________ w _,5 "
                     "k=5:WF+royal,p=1:fmWfcF _p ? ") +
                  kSlots6);
    // A design change said waits unseen by the opponent.
    play(*s, "design 3 FfR");
    EXPECT_NE(s->viewText(0).find(" w3=FfR "), std::string::npos) << s->viewText(0);
    EXPECT_EQ(s->viewText(1).find("FfR"), std::string::npos) << s->viewText(1);
    // Without moderation it is the whole position.
    auto open = rookAndPawn({});
    ASSERT_TRUE(open);
    EXPECT_EQ(open->hidden(), nullptr);
    EXPECT_EQ(open->viewText(1), open->serialize());
    EXPECT_EQ(seen(*open, 1).size(), 64u);
}

TEST(CsipgsView, TheReportToAPlayerHoldsTheirOwnResourcesAndThePiecesInSight) {
    auto s = rookAndPawn();
    ASSERT_TRUE(s);
    const auto whole = s->report();
    ASSERT_EQ(whole.size(), 4u);
    EXPECT_EQ(s->reportTo(0),
              (std::vector<std::string>{whole[0], whole[2],
                                        "Black's pieces in sight: d6 fmWfcF (Pawn)"}));
    EXPECT_EQ(s->reportTo(1),
              (std::vector<std::string>{whole[1], whole[3], "White's pieces in sight: none"}));
    EXPECT_EQ(rookAndPawn({})->reportTo(1), whole);
}

TEST(CsipgsView, AnOpponentIsToldOnlyThatATurnWasTakenAndACheck) {
    auto s = rookAndPawn();
    ASSERT_TRUE(s);
    for (const char* text : {"d4d6", "buy 1", "2:R@d2", "e1e2"}) {
        const Action a = said(*s, text);
        ASSERT_EQ(s->refusal(a), "") << text;
        EXPECT_EQ(s->describeTo(a, 0), s->describe(a)) << text;
        EXPECT_EQ(s->describeTo(a, 1), "White has taken their turn") << text;
    }
    EXPECT_EQ(s->describeTo(said(*s, "design 3 FfR"), 1), "");
    // A check is told to both, and to everyone else.
    const Action check = said(*s, "d4e4");
    EXPECT_EQ(s->describeTo(check, 0), s->describe(check) + ": Black is in check");
    EXPECT_EQ(s->describeTo(check, 1), "White has taken their turn: Black is in check");
    EXPECT_EQ(s->describeTo(check, NoPlayer), "White has taken their turn: Black is in check");
    auto open = rookAndPawn({});
    ASSERT_TRUE(open);
    const Action a = said(*open, "d4d6");
    EXPECT_EQ(open->describeTo(a, 1), "Rook d4xd6 takes the Pawn");
}

TEST(CsipgsView, ImpassableSquaresAreFoundBySightAndRemembered) {
    // White: King h1, Rook d1, which sees d4; nobody sees b6, h6, or f2 and
    // d7, which the Kings would see from their start.
    const Rules rules = impassableOn({"b6", "d4", "h6", "f2", "d7"}, true);
    auto s = load(pos("k7/8/8/8/8/8/8/3R3K", "w", "1,0", std::string(kKings) + ",R=2:R"), rules);
    ASSERT_TRUE(s);
    const Cell b6 = at(*s, "b6"), d4 = at(*s, "d4"), h6 = at(*s, "h6");
    EXPECT_TRUE(s->view(0).sees(d4));
    EXPECT_TRUE(s->view(0).knowsImpassable(d4));
    EXPECT_FALSE(s->view(0).knowsImpassable(b6));
    EXPECT_FALSE(s->view(0).knowsImpassable(h6));
    EXPECT_FALSE(s->view(1).knowsImpassable(d4));
    EXPECT_FALSE(s->view(0).knowsImpassable(at(*s, "f2")));
    EXPECT_FALSE(s->view(1).knowsImpassable(at(*s, "d7")));
    EXPECT_EQ(s->markedCells(), std::vector<Cell>{});  // not lit for all to see
    play(*s, "d1b1");                                  // up the b file to b6
    EXPECT_TRUE(s->view(0).knowsImpassable(b6));
    EXPECT_FALSE(s->view(0).knowsImpassable(h6));
    EXPECT_FALSE(s->view(0).sees(d4));
    EXPECT_TRUE(s->view(0).knowsImpassable(d4));
    const std::string white = s->viewText(0);
    EXPECT_EQ(splitOn(white, '/')[4], "?1?*????");
    // The position says what each has found, and reads back as itself.
    EXPECT_EQ(s->serialize().substr(s->serialize().rfind(' ')), " d4,b6/-");
    auto again = load(s->serialize(), rules);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->serialize(), s->serialize());
    EXPECT_EQ(again->view(0), s->view(0));
    const std::string seven = s->serialize().substr(0, s->serialize().rfind(' '));
    EXPECT_EQ(loadError(seven + " e4/-", rules),
              "\"e4\" is not an impassable square of this table; the 8th field is the impassable "
              "squares White and Black have seen, e.g. b2,g5/-");
    EXPECT_EQ(loadError(seven + " d4", rules),
              "the 8th field is the impassable squares White and Black have seen, e.g. b2,g5/-");
    EXPECT_NE(
        loadError(s->serialize(), impassableOn({"b6", "d4", "h6", "f2", "d7"})).find("7 fields"),
        std::string::npos);
}

TEST(CsipgsView, ARefusedMoveNamesOnlyTheImpassableSquaresItsPlayerFound) {
    // White's Rook on d1 sees d4; b6 is found by no one.
    const std::string text = pos("k7/8/8/8/8/8/8/3R3K", "w", "1,0", std::string(kKings) + ",R=2:R");
    auto s = load(text, impassableOn({"b6", "d4"}, true));
    ASSERT_TRUE(s);
    EXPECT_EQ(refusal(*s, "d1d4"), "d4 is impassable");
    EXPECT_EQ(refusal(*s, "d1b6"), "the Rook (R) on d1 cannot go to b6");
    // In the open game every impassable square is in sight.
    auto open = load(text, impassableOn({"b6", "d4"}));
    ASSERT_TRUE(open);
    EXPECT_EQ(refusal(*open, "d1b6"), "b6 is impassable");
}

// --- Perft, counted by hand ---------------------------------------------------------

// Full turns from the start (moves, transfers, purchases; no design changes).
// d1: White's King e1 has d1 d2 e2 f2 f1: 5; White's 1 zorkmid buys nothing (a
// Pawn costs 2). d2: Black's King has d8 d7 e7 f7 f8 after each: 25. d3: White
// now has 2 zorkmids: a Pawn, or a King move: from d1 or f1 5, from d2 e2 f2 8
// (the Kings are far apart): (5+1) x 2 + (8+1) x 3 = 39 per Black reply, but
// as a sum over White's first moves times Black's 5 replies: 39 x 5 = 195.
// d4: Black has 2 zorkmids: a Pawn, or a King move, 5 from d8 f8 and 8 from
// d7 e7 f7 whatever White did (White's King is on ranks 1-3, Black's on 6-8,
// and a bought Pawn stays in reserve): 39 x 39 = 1521.
// d5: White's third turn. After a King move to X at turn 2 (treasury 3: a
// Pawn, a Knight or a Bishop): moves(X) + 3; after a purchase at turn 2 (the
// King on Y from turn 1, treasury 1, a Pawn in reserve): moves(Y) + moves(Y)
// transfers. Sum over turn-1 squares Y of 2 x moves(Y) = 2 x 34 = 68, and over
// the 34 two-step paths of moves(X) + 3: the squares reached from d1: c1 c2 d2
// e2 e1 = 5+8+8+8+5 = 34, from f1 34, from d2 c1 c2 c3 d1 d3 e1 e2 e3 =
// 5+8+8+5+8+5+8+8 = 55, from e2 55, from f2 55: 233, plus 3 x 34 = 102.
// White: 68 + 233 + 102 = 403, independent of Black's 39: 403 x 39 = 15717.
TEST(CsipgsPerft, FullTurnsFromTheStart) {
    auto s = load(kStart);
    ASSERT_TRUE(s);
    EXPECT_EQ(perft(*s, 0), 1u);
    EXPECT_EQ(perft(*s, 1), 5u);
    EXPECT_EQ(perft(*s, 2), 25u);
    EXPECT_EQ(perft(*s, 3), 195u);
    EXPECT_EQ(perft(*s, 4), 1521u);
    // Depth 5, 15717, is counted by perft_full (tests/engine/perft_full.cmake),
    // which the slower sanitizer build leaves out.
}

// Board moves alone: d1 5, d2 25, d3 (5+5+8+8+8) x 5 = 34 x 5 = 170, d4 34 x 34
// = 1156, d5 233 x 34 = 7922 (233 as above: the King moves from every square two
// steps from e1, counted once per path).
TEST(CsipgsPerft, BoardMovesOnlyFromTheStart) {
    auto s = load(kStart);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->perftMovesOnly(0), 1u);
    EXPECT_EQ(s->perftMovesOnly(1), 5u);
    EXPECT_EQ(s->perftMovesOnly(2), 25u);
    EXPECT_EQ(s->perftMovesOnly(3), 170u);
    EXPECT_EQ(s->perftMovesOnly(4), 1156u);
    EXPECT_EQ(s->perftMovesOnly(5), 7922u);
}

// White: King a1, Knightrider c1; Black: King h8.
// d1: the Knightrider's rays from c1: (1,2) d3 e5 f7; (-1,2) b3 a5; (2,1) e2
// g3; (-2,1) a2; the rest leave the board: 8; the King a2 b1 b2: 3. 11.
// d2: Black's King has g8 g7 h7 unless covered. From a5 the ray (2,1) c6 e7 g8
// covers g8: 2. From f7 ((2,1): h8) and e2 ((1,2): f4 g6 h8) the King is in
// check, but none of g8 g7 h7 is covered: 3. From d3 e5 b3 g3 a2 nothing near:
// 3. After the 3 King moves: 3. 7 x 3 + 2 + 3 x 3 = 32.
const char* kKnightrider =
    "7k/8/8/8/8/8/8/K1X5 w 1,0 K=5:WF+royal,X=6:NN,k=5:WF+royal - fmWfcF,R,N,B,WF+royal,BR "
    "fmWfcF,R,N,B,WF+royal,BR";

TEST(CsipgsPerft, ALoneKnightrider) {
    auto s = load(kKnightrider);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->perftMovesOnly(1), 11u);
    EXPECT_EQ(s->perftMovesOnly(2), 32u);
    std::vector<std::pair<std::string, uint64_t>> divide;
    for (const auto& [move, n] : s->perftMovesOnlyDivide(2))
        divide.emplace_back(s->encode(move), n);
    std::sort(divide.begin(), divide.end());
    EXPECT_EQ(divide, (std::vector<std::pair<std::string, uint64_t>>{{"a1a2", 3},
                                                                     {"a1b1", 3},
                                                                     {"a1b2", 3},
                                                                     {"c1a2", 3},
                                                                     {"c1a5", 2},
                                                                     {"c1b3", 3},
                                                                     {"c1d3", 3},
                                                                     {"c1e2", 3},
                                                                     {"c1e5", 3},
                                                                     {"c1f7", 3},
                                                                     {"c1g3", 3}}));
}

// Black to move: King h8 and a forward Rook b7, which for Black rides down the
// b file; White: King a1.
// d1: the Rook b6 b5 b4 b3 b2 b1: 6; the King g8 g7 h7: 3. 9.
// d2: White's King has a2 b1 b2, less what the Rook covers below it. Rook on
// b6 b5 b4 b3: b1 and b2 covered, a2 left: 1 each. On b2: it covers b1; a2, and
// b2 taking it (nothing defends it): 2. On b1: it covers nothing; a2, b2, and
// b1 taking it: 3. After each King move the Rook b7 still covers b1 b2: 1.
// 4 x 1 + 2 + 3 + 3 x 1 = 12.
TEST(CsipgsPerft, ABlackForwardRookRidesDown) {
    auto s = load(pos("7k/1x6/8/8/8/8/8/K7", "b", "0,1", std::string(kKings) + ",x=2:fR"));
    ASSERT_TRUE(s);
    EXPECT_EQ(s->perftMovesOnly(1), 9u);
    EXPECT_EQ(s->perftMovesOnly(2), 12u);
}

// White: King h1, Rook a1; Black: King h8; a4 and c1 impassable.
// d1: the Rook a2 a3 (a4 stops it) and b1 (c1 stops it); the King g1 g2 h2: 6
// (without the impassable squares the Rook has a2..a8 and b1..g1: 16).
// d2: Black's King has g8 g7 h7 after each, none of them covered: 6 x 3 = 18.
// Full turns count the same: neither side can buy or bring anything in.
TEST(CsipgsPerft, ImpassableSquaresCutTheRooksLines) {
    const std::string text = pos("7k/8/8/8/8/8/8/R6K", "w", "1,0", std::string(kKings) + ",R=2:R");
    auto s = load(text, impassableOn({"a4", "c1"}));
    ASSERT_TRUE(s);
    EXPECT_EQ(s->perftMovesOnly(1), 6u);
    EXPECT_EQ(s->perftMovesOnly(2), 18u);
    EXPECT_EQ(perft(*s, 1), 6u);
    EXPECT_EQ(perft(*s, 2), 18u);
    EXPECT_EQ(load(text)->perftMovesOnly(1), 16u);
}

// --- arbiter-perft, as a user runs it ---------------------------------------------

TEST(CsipgsPerft, TheToolCountsBoardMovesAndFullTurns) {
    ProgramResult moves = runPerft({"--game", "csipgs", "--depth", "3", "--moves-only"});
    EXPECT_EQ(moves.status, 0) << moves.err;
    EXPECT_EQ(moves.out, "170\n");
    ProgramResult full = runPerft({"--game", "csipgs", "--depth", "3"});
    EXPECT_EQ(full.status, 0) << full.err;
    EXPECT_EQ(full.out, "195\n");
    ProgramResult divide = runPerft(
        {"--game=csipgs", "--position", kKnightrider, "--depth", "2", "--divide", "--moves-only"});
    EXPECT_EQ(divide.status, 0) << divide.err;
    // One line per first move (in the engine's order), then the total alone.
    std::vector<std::string> lines;
    for (size_t start = 0, end; (end = divide.out.find('\n', start)) != std::string::npos;
         start = end + 1)
        lines.push_back(divide.out.substr(start, end - start));
    ASSERT_FALSE(lines.empty()) << divide.out;
    EXPECT_EQ(lines.back(), "32");
    lines.pop_back();
    std::sort(lines.begin(), lines.end());
    EXPECT_EQ(lines, (std::vector<std::string>{"a1a2: 3", "a1b1: 3", "a1b2: 3", "c1a2: 3",
                                               "c1a5: 2", "c1b3: 3", "c1d3: 3", "c1e2: 3",
                                               "c1e5: 3", "c1f7: 3", "c1g3: 3"}));
}

TEST(CsipgsPerft, TheToolRefusesMovesOnlyForOtherGames) {
    ProgramResult r = runPerft({"--game", "fide", "--depth", "1", "--moves-only"});
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("--moves-only is for csipgs"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
    ProgramResult bad = runPerft({"--game", "csipgs", "--position", "nonsense", "--depth", "1"});
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find("bad csipgs position: a csipgs position has 7 fields"),
              std::string::npos)
        << bad.err;
    ProgramResult option =
        runPerft({"--game", "csipgs", "--option", "relay=maybe", "--depth", "1"});
    EXPECT_EQ(option.status, 2);
    EXPECT_EQ(option.out, "");
}

}  // namespace
}  // namespace arbiter::csipgs
