// Cornerport's rules (docs/rules/cornerport.md): how each ship moves and
// sinks, deep water, a freighter's arrival in port and the placement it
// brings, limits, passing, the win and the deep-water draw.
#include <gtest/gtest.h>

#include "engine/cornerport/cornerport.h"
#include "tests/engine/cornerport_test_support.h"

namespace arbiter::cornerport {
namespace {

using namespace support;
using Moves = std::set<std::string>;

// --- The start -------------------------------------------------------------

TEST(CornerportRules, EachSideStartsWithOneFreighterOnItsBackRankPort) {
    CornerportState s{Rules{}};
    EXPECT_EQ(s.serialize(), "7b/8/8/8/8/8/8/7B w - h1:h1,h8:h8");
    EXPECT_EQ(on(s, "h1"), "B");
    EXPECT_EQ(on(s, "h8"), "b");
    EXPECT_EQ(s.toMove(), kWhite);
    EXPECT_EQ(s.resources(kWhite).reserve, (std::vector<int>{8, 2, 1}));
    EXPECT_EQ(s.resources(kBlack).reserve, (std::vector<int>{8, 2, 1}));
    EXPECT_EQ(moves(s), (Moves{"h1-g1", "h1-g2", "h1-h2"}));
}

TEST(CornerportRules, WhitesPortsAreTheLightCornersAndBlacksTheDark) {
    CornerportState s{Rules{}};
    EXPECT_TRUE(s.isPortOf(at(s, "h1"), kWhite));
    EXPECT_TRUE(s.isPortOf(at(s, "a8"), kWhite));
    EXPECT_TRUE(s.isPortOf(at(s, "a1"), kBlack));
    EXPECT_TRUE(s.isPortOf(at(s, "h8"), kBlack));
    EXPECT_FALSE(s.isPortOf(at(s, "a1"), kWhite));
    EXPECT_FALSE(s.isPortOf(at(s, "b1"), kBlack));
}

TEST(CornerportRules, DeepWaterIsTheCentreFourByFour) {
    CornerportState s{Rules{}};
    for (const char* deep : {"c3", "f3", "c6", "f6", "d4", "e5"})
        EXPECT_TRUE(s.deepWater(at(s, deep))) << deep;
    for (const char* coastal : {"b3", "c2", "g6", "f7", "a1", "h8"})
        EXPECT_FALSE(s.deepWater(at(s, coastal))) << coastal;
}

// --- Moves -----------------------------------------------------------------

TEST(CornerportRules, AFreighterStepsOntoAnyEmptySquareAndNeverSinks) {
    auto s = position("e2:B d2:P f3:p h8:b", 'w', "e2:h1");
    EXPECT_EQ(movesFrom(*s, "e2"), (Moves{"e2-d1", "e2-e1", "e2-f1", "e2-d3", "e2-e3", "e2-f2"}));
    EXPECT_EQ(s->refusal(Action::move(at(*s, "e2"), at(*s, "f3"))),
              "a freighter never sinks a ship: it moves only onto an empty square");
    EXPECT_EQ(s->refusal(said(*s, "e2-e4")), "a freighter moves one square in any direction");
}

TEST(CornerportRules, PatrolBoatEntersDeepWaterOnlyToSink) {
    auto s = position("c2:P h1:B d3:r h8:b");
    EXPECT_EQ(movesFrom(*s, "c2"),
              (Moves{"c2-b1", "c2-b2", "c2-b3", "c2-c1", "c2-d1", "c2-d2", "c2xd3"}));
    EXPECT_EQ(s->refusal(said(*s, "c2-c3")),
              "a patrol boat may enter deep water only to sink a ship");
    EXPECT_EQ(s->refusal(said(*s, "c2-c4")), "a patrol boat moves one square in any direction");
}

TEST(CornerportRules, APatrolBoatInDeepWaterLeavesItOrSinksButGoesNoDeeper) {
    auto s = position("c3:P h1:B d4:r h8:b");
    EXPECT_EQ(movesFrom(*s, "c3"), (Moves{"c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-d2", "c3xd4"}));
}

TEST(CornerportRules, BattleShipMovesOneOrTwoStraightAndEntersDeepWater) {
    auto s = position("c1:R h1:B h8:b");
    EXPECT_EQ(movesFrom(*s, "c1"), (Moves{"c1-a1", "c1-b1", "c1-d1", "c1-e1", "c1-c2", "c1-c3"}));
    EXPECT_EQ(s->refusal(said(*s, "c1-d2")),
              "a battle ship moves one or two squares straight, never diagonally");
    EXPECT_EQ(s->refusal(said(*s, "c1-c4")),
              "a battle ship moves one or two squares straight, never diagonally");
}

TEST(CornerportRules, BattleShipIsBlockedAndSinksOnTheFirstSquare) {
    auto s = position("b2:R b3:P c2:p h1:B h8:b");
    EXPECT_EQ(movesFrom(*s, "b2"), (Moves{"b2-a2", "b2-b1", "b2xc2"}));
    EXPECT_EQ(s->refusal(said(*s, "b2-b4")), "a battle ship does not jump: b3 is in the way");
    EXPECT_EQ(s->refusal(said(*s, "b2-d2")), "a battle ship does not jump: c2 is in the way");
    EXPECT_EQ(s->refusal(said(*s, "b2-b3")),
              "the patrol boat on b3 is your own: you sink only your opponent's ships");
}

TEST(CornerportRules, BattleShipSinksOnTheSecondSquareAndEndsThere) {
    auto s = position("e1:R e3:p e4:p h1:B h8:b");
    EXPECT_EQ(movesFrom(*s, "e1"), (Moves{"e1-c1", "e1-d1", "e1-f1", "e1-g1", "e1-e2", "e1xe3"}));
    play(*s, "e1xe3");
    EXPECT_EQ(on(*s, "e3"), "R");
    EXPECT_EQ(on(*s, "e1"), "");
    EXPECT_EQ(on(*s, "e4"), "p");
    EXPECT_EQ(s->count(kBlack, kPatrolBoat), 1);
    EXPECT_EQ(s->toMove(), kBlack);
}

TEST(CornerportRules, OnlyTheMoversShipsMove) {
    auto s = position("c2:P h1:B h8:b");
    EXPECT_EQ(s->refusal(said(*s, "h8-g8")), "the freighter on h8 is Black's");
    EXPECT_EQ(s->refusal(said(*s, "d5-d6")), "there is no ship on d5");
}

// --- Arrival in port and placement ------------------------------------------

// White's freighter on b7 came from h1: arriving on a8 it may place a patrol boat, a battle ship or
// a freighter from off the board on h1, or nothing (end).
constexpr const char* kBeforeArrival = "b7:B h8:b";

TEST(CornerportRules, ArrivalInTheOtherPortOffersEachKindUnderItsLimitOrNothing) {
    auto s = position(kBeforeArrival, 'w', "b7:h1");
    EXPECT_EQ(s->describe(said(*s, "b7-a8")),
              "freighter b7-a8 arrives in port; may place a patrol boat, a battle ship or a "
              "freighter from off the board on h1, or nothing (end)");
    play(*s, "b7-a8");
    EXPECT_TRUE(s->midTurn());
    EXPECT_EQ(s->toMove(), kWhite);
    EXPECT_EQ(s->pendingPort(), at(*s, "h1"));
    EXPECT_EQ(moves(*s), (Moves{"P@h1", "R@h1", "B@h1", "end"}));
    EXPECT_EQ(s->homeOf(at(*s, "a8")), at(*s, "a8"));
    EXPECT_EQ(s->serialize(), "B6b/8/8/8/8/8/8/8 w h1 a8:a8,h8:h8");
}

TEST(CornerportRules, APlacementPutsTheShipOnThePortLeftAndEndsTheTurn) {
    auto s = position(kBeforeArrival, 'w', "b7:h1");
    play(*s, "b7-a8");
    play(*s, "R@h1");
    EXPECT_EQ(on(*s, "h1"), "R");
    EXPECT_FALSE(s->midTurn());
    EXPECT_EQ(s->toMove(), kBlack);
    EXPECT_EQ(s->resources(kWhite).reserve, (std::vector<int>{8, 1, 1}));
}

TEST(CornerportRules, PlacingNothingEndsTheTurnAndTheHomeStillMoves) {
    auto s = position(kBeforeArrival, 'w', "b7:h1");
    play(*s, "b7-a8");
    play(*s, "end");
    EXPECT_EQ(on(*s, "h1"), "");
    EXPECT_EQ(s->toMove(), kBlack);
    // Back to b7 and in again: a8 is home now, so nothing comes of it.
    play(*s, "h8-g8");
    play(*s, "a8-b7");
    EXPECT_EQ(s->homeOf(at(*s, "b7")), at(*s, "a8"));
    play(*s, "g8-h8");
    play(*s, "b7-a8");
    EXPECT_FALSE(s->midTurn());
    EXPECT_EQ(s->toMove(), kBlack);
}

TEST(CornerportRules, NoPlacementWhenThePortLeftIsOccupied) {
    auto s = position("b7:B h1:p h8:b", 'w', "b7:h1");
    EXPECT_EQ(s->describe(said(*s, "b7-a8")),
              "freighter b7-a8 arrives in port; h1 is not empty, so nothing is placed");
    play(*s, "b7-a8");
    EXPECT_FALSE(s->midTurn());
    EXPECT_EQ(s->toMove(), kBlack);
    EXPECT_EQ(s->homeOf(at(*s, "a8")), at(*s, "a8"));
}

TEST(CornerportRules, AnEnemyPortIsNoArrival) {
    auto s = position("b2:B h8:b", 'w', "b2:h1");
    play(*s, "b2-a1");
    EXPECT_FALSE(s->midTurn());
    EXPECT_EQ(s->homeOf(at(*s, "a1")), at(*s, "h1"));
}

TEST(CornerportRules, KindsAtTheirLimitAreNotOffered) {
    auto s = position("b7:B a6:R a5:R h8:b", 'w', "b7:h1");
    play(*s, "b7-a8");
    EXPECT_EQ(moves(*s), (Moves{"P@h1", "B@h1", "end"}));
    EXPECT_EQ(s->refusal(said(*s, "R@h1")), "you have all 2 battle ships on the board already");
}

TEST(CornerportRules, WithEveryKindAtItsLimitTheArrivalSimplyEndsTheTurn) {
    auto s = position("b7:B g1:B a6:R a5:R a2:P b2:P c2:P d2:P e2:P f2:P g2:P b1:P h8:b", 'w',
                      "b7:h1,g1:h1");
    EXPECT_EQ(s->describe(said(*s, "b7-a8")),
              "freighter b7-a8 arrives in port; every kind is on the board to its limit, so "
              "nothing is placed");
    play(*s, "b7-a8");
    EXPECT_FALSE(s->midTurn());
    EXPECT_EQ(s->toMove(), kBlack);
}

TEST(CornerportRules, SunkShipsMayBePlacedAgain) {
    auto s = position("b7:B a3:R a4:R b3:p h8:b", 'b', "b7:h1");
    play(*s, "b3xa4");
    play(*s, "b7-a8");
    EXPECT_EQ(moves(*s), (Moves{"P@h1", "R@h1", "B@h1", "end"}));
    play(*s, "R@h1");
    EXPECT_EQ(s->count(kWhite, kBattleShip), 2);
}

TEST(CornerportRules, APlacedFreighterIsHomeOnThePortItWasPlacedOn) {
    auto s = position(kBeforeArrival, 'w', "b7:h1");
    play(*s, "b7-a8");
    play(*s, "B@h1");
    EXPECT_EQ(s->homeOf(at(*s, "h1")), at(*s, "h1"));
    EXPECT_EQ(s->serialize(), "B6b/8/8/8/8/8/8/7B b - h1:h1,a8:a8,h8:h8");
}

TEST(CornerportRules, BlackPlacesOnItsOwnPorts) {
    auto s = position("h1:B b2:b", 'b', "b2:h8");
    play(*s, "b2-a1");
    EXPECT_EQ(moves(*s), (Moves{"P@h8", "R@h8", "B@h8", "end"}));
    play(*s, "P@h8");
    EXPECT_EQ(on(*s, "h8"), "p");
    EXPECT_EQ(s->toMove(), kWhite);
}

TEST(CornerportRules, WhileAPlacementIsPendingOnlyAPlacementOrEndMayFollow) {
    auto s = position(kBeforeArrival, 'w', "b7:h1");
    play(*s, "b7-a8");
    EXPECT_EQ(s->refusal(said(*s, "a8-b7")),
              "your freighter has just arrived in port: place a ship on h1 (P@h1, R@h1, B@h1) or "
              "place nothing (end)");
    EXPECT_EQ(s->refusal(said(*s, "R@b8")),
              "the ship goes on the port your freighter left, h1, not on b8");
    EXPECT_EQ(s->refusal(said(*s, "pass")),
              "your freighter has just arrived in port: place a ship on h1 (P@h1, R@h1, B@h1) or "
              "place nothing (end)");
}

TEST(CornerportRules, NoPlacementOrEndWithoutAnArrival) {
    CornerportState s{Rules{}};
    EXPECT_EQ(s.refusal(said(s, "P@a8")),
              "you place a ship only when your freighter arrives in your other port, on the port "
              "it left, and only if that port is empty");
    EXPECT_EQ(s.refusal(said(s, "end")),
              "a turn of Cornerport is one move; \"end\" places nothing after a freighter arrives "
              "in port");
}

// --- Passing ----------------------------------------------------------------

TEST(CornerportRules, APlayerWithShipsButNoMovePasses) {
    // A patrol boat in the middle of deep water cannot move until a ship comes by.
    auto s = position("d4:P h8:b");
    EXPECT_EQ(moves(*s), (Moves{"pass"}));
    EXPECT_EQ(s->describe(Action::pass()), "has no move and passes");
    play(*s, "pass");
    EXPECT_EQ(s->toMove(), kBlack);
    EXPECT_FALSE(s->outcome().over());
}

TEST(CornerportRules, APlayerWithAMoveMayNotPass) {
    CornerportState s{Rules{}};
    EXPECT_EQ(s.refusal(Action::pass()), "you may pass only when you have no move; you have 3");
}

// --- The win ------------------------------------------------------------------

TEST(CornerportRules, SinkingTheLastShipWins) {
    auto s = position("g7:P h1:B h8:b");
    EXPECT_EQ(s->describe(said(*s, "g7xh8")), "patrol boat g7xh8 sinks Black's freighter");
    play(*s, "g7xh8");
    EXPECT_EQ(s->outcome(), Outcome::win({kWhite}, "Black has no ship left on the board"));
    EXPECT_TRUE(s->legalActions().empty());
    EXPECT_EQ(s->refusal(Action::pass()), "the game is over");
    EXPECT_FALSE(s->canStillWin(kWhite));
}

TEST(CornerportRules, WhoeverHasAShipCanStillWin) {
    auto s = position("h1:B d4:p");
    EXPECT_TRUE(s->canStillWin(kWhite));  // a lone freighter may still bring in ships
    EXPECT_TRUE(s->canStillWin(kBlack));
}

// --- The deep-water draw --------------------------------------------------------

const Outcome kBlackStuckInDeepWater = Outcome::draw(
    "White has only patrol boats, and Black cannot leave deep water without stepping where a "
    "patrol boat would sink it unprotected");

TEST(CornerportRules, DeepWaterDrawWhenEveryWayOutIsStruckAndUnprotected) {
    // Black's freighter steps into d3: c2, d2 and e2 are all next to a patrol boat.
    auto s = position("c1:P e1:P c2:b", 'b', "c2:a1");
    EXPECT_FALSE(s->outcome().over());
    play(*s, "c2-d3");
    EXPECT_EQ(s->outcome(), kBlackStuckInDeepWater);
    EXPECT_TRUE(s->legalActions().empty());
    EXPECT_FALSE(s->canStillWin(kWhite));
}

TEST(CornerportRules, DeepWaterDrawWhenThereIsNoWayOutAtAll) {
    auto s = position("b2:P d4:b", 'w', "d4:h8");
    EXPECT_EQ(s->outcome(), kBlackStuckInDeepWater);
}

TEST(CornerportRules, DeepWaterDrawHoldsForBlacksPatrolBoatsToo) {
    auto s = position("c8:p e8:p d6:B", 'w', "d6:h1");
    EXPECT_EQ(s->outcome(),
              Outcome::draw("Black has only patrol boats, and White cannot leave deep water "
                            "without stepping where a patrol boat would sink it unprotected"));
}

TEST(CornerportRules, NoDeepWaterDrawWhenAWayOutIsProtected) {
    EXPECT_EQ(position("c1:P e1:P a3:P d3:b", 'w', "d3:a1")->outcome(), kBlackStuckInDeepWater);
    // Black's patrol boat on c3 guards c2, where the freighter may go.
    EXPECT_FALSE(position("c1:P e1:P a3:P d3:b c3:p", 'w', "d3:a1")->outcome().over());
}

TEST(CornerportRules, NoDeepWaterDrawWhenAWayOutIsNotStruck) {
    EXPECT_FALSE(position("c1:P d3:b", 'w', "d3:a1")->outcome().over());  // e2 is free
}

TEST(CornerportRules, NoDeepWaterDrawWhileTheOtherSideHasAShipInCoastalWater) {
    EXPECT_FALSE(position("c1:P e1:P d3:b h5:p", 'w', "d3:a1")->outcome().over());
}

TEST(CornerportRules, NoDeepWaterDrawForASideWithMoreThanPatrolBoats) {
    EXPECT_FALSE(position("c1:P e1:P a6:R d3:b", 'w', "d3:a1")->outcome().over());
    EXPECT_FALSE(position("c1:P e1:P h1:B d3:b", 'w', "d3:a1")->outcome().over());
}

// Black's patrol boat leaving d3 for d2 opens the line from its battle ship
// on d4 to d2: judged in the position after the move, d2 is protected.
TEST(CornerportRules, ProtectionIsJudgedAfterTheMoveOut) {
    EXPECT_FALSE(position("c1:P e1:P a3:P d3:p d4:r")->outcome().over());
    // Without the patrol boat, the battle ship's own ways out (b4, d2) are struck.
    EXPECT_EQ(position("c1:P e1:P a3:P d4:r")->outcome(), kBlackStuckInDeepWater);
}

// --- Effects ------------------------------------------------------------------------

// What effect() says of every action is what applying it does to the cells,
// as the slow default finds it.
TEST(CornerportRules, TheQuickEffectIsTheDefaultOne) {
    const std::vector<std::string> positions = {
        positionText("h1:B h8:b"),
        positionText("b2:R b3:P c2:p h1:B h8:b e1:R e3:p"),
        positionText("c2:P h1:B d3:r h8:b g7:p", 'b'),
        positionText(kBeforeArrival, 'w', "b7:h1"),
    };
    for (const std::string& text : positions) {
        auto s = loaded(text);
        for (const Action& a : s->legalActions()) {
            EXPECT_EQ(s->effect(a).changes, s->GameState::effect(a).changes)
                << text << ": " << s->encode(a);
        }
    }
    auto pending = position(kBeforeArrival, 'w', "b7:h1");
    play(*pending, "b7-a8");
    for (const Action& a : pending->legalActions()) {
        EXPECT_EQ(pending->effect(a).changes, pending->GameState::effect(a).changes)
            << pending->encode(a);
    }
    EXPECT_EQ(pending->effect(said(*pending, "R@h1")).changes.size(), 1u);
    EXPECT_TRUE(pending->effect(Action::endTurn()).empty());
}

TEST(CornerportRules, TheStandInsChooseTheFigures) {
    Rules rules;
    rules.figures = {Figure::Knight, Figure::Queen, Figure::King};
    CornerportState s{rules};
    EXPECT_EQ(s.appearance(at(s, "h1")), (SetPiece{SetColour::White, Figure::King}));
    EXPECT_EQ(s.appearance(at(s, "h8")), (SetPiece{SetColour::Black, Figure::King}));
}

}  // namespace
}  // namespace arbiter::cornerport
