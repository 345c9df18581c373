// Sandkings rules (docs/rules/sandkings.md): the corners, the connection every
// step keeps, stings and blocking vertebrae, pieces cut off, suffocation in
// each corner, turns of steps, passes, three and four players, the win, and
// each option.
#include <gtest/gtest.h>

#include <string>

#include "engine/sandkings/sandkings.h"
#include "tests/engine/sandkings_test_support.h"

namespace arbiter::sandkings {
namespace {

using namespace support;

Rules withOption(bool Rules::*option) {
    Rules rules;
    rules.*option = true;
    return rules;
}

TEST(SandkingsRules, TwoPlayersStartInOppositeCorners) {
    SandkingsState s(Rules{}, 2);
    EXPECT_EQ(on(s, "a1"), "Sa");
    EXPECT_EQ(on(s, "b2"), "Ba");
    for (const char* c : {"a2", "b1", "c2", "b3"}) EXPECT_EQ(on(s, c), "Va") << c;
    EXPECT_EQ(on(s, "h8"), "Sb");
    EXPECT_EQ(on(s, "g7"), "Bb");
    for (const char* c : {"g8", "h7", "f7", "g6"}) EXPECT_EQ(on(s, c), "Vb") << c;
    EXPECT_EQ(s.playerName(0), "White");
    EXPECT_EQ(s.playerName(1), "Black");
    EXPECT_EQ(s.appearance(*s.geometry().parse("a1")),
              (SetPiece{SetColour::White, Figure::Bishop}));
    EXPECT_EQ(s.appearance(*s.geometry().parse("g7")), (SetPiece{SetColour::Black, Figure::Rook}));
    EXPECT_EQ(s.toMove(), 0);
    EXPECT_EQ(s.stepsAllowed(), 6);
    EXPECT_FALSE(s.midTurn());
}

TEST(SandkingsRules, ThreeAndFourPlayersGoClockwiseFromA1WithAlternatingColours) {
    SandkingsState three(Rules{}, 3);
    EXPECT_EQ(on(three, "a8"), "Sb");
    EXPECT_EQ(on(three, "b7"), "Bb");
    EXPECT_EQ(on(three, "h8"), "Sc");
    EXPECT_EQ(on(three, "g7"), "Bc");
    EXPECT_EQ(on(three, "h1"), "");
    EXPECT_EQ(three.playerName(0), "South-west");
    EXPECT_EQ(three.playerName(1), "North-west");
    EXPECT_EQ(three.playerName(2), "North-east");
    SandkingsState four(Rules{}, 4);
    EXPECT_EQ(on(four, "h1"), "Sd");
    EXPECT_EQ(on(four, "g2"), "Bd");
    for (const char* c : {"g1", "h2", "f2", "g3"}) EXPECT_EQ(on(four, c), "Vd") << c;
    EXPECT_EQ(four.playerName(3), "South-east");
    EXPECT_EQ(four.appearance(*four.geometry().parse("h8"))->colour, SetColour::White);
    EXPECT_EQ(four.appearance(*four.geometry().parse("h1"))->colour, SetColour::Black);
    EXPECT_EQ(four.appearance(*four.geometry().parse("a8"))->colour, SetColour::Black);
}

TEST(SandkingsRules, EveryStepKeepsThePiecesJoinedToTheBody) {
    // A body and a vertebra side by side: each may only step to the four
    // cells next to both.
    auto s = position(2, "ab", 'a', "d4:Ba d5:Va h8:Bb");
    EXPECT_EQ(moves(*s), (std::set<std::string>{"d4-c4", "d4-e4", "d4-c5", "d4-e5", "d5-c4",
                                                "d5-e4", "d5-c5", "d5-e5"}));
}

TEST(SandkingsRules, StepThatCutsOffAVertebraIsIllegal) {
    auto s = position(2, "ab", 'a', "d4:Ba d5:Va d6:Va h8:Bb");
    const Action step = said(*s, "d5-e4");
    EXPECT_FALSE(s->isLegal(step));
    EXPECT_EQ(s->refusal(step), "that step leaves your vertebra on d6 cut off from your body");
}

TEST(SandkingsRules, BodyStepThatLeavesAPieceBehindIsIllegal) {
    auto s = position(2, "ab", 'a', "d4:Ba d5:Va h8:Bb");
    EXPECT_EQ(s->refusal(said(*s, "d4-d3")),
              "that step leaves your vertebra on d5 cut off from your body");
}

TEST(SandkingsRules, AStepGoesOneSquareOntoAnEmptySquareOfTheBoard) {
    auto s = position(2, "ab", 'a', "d4:Ba d5:Va e5:Bb");
    EXPECT_EQ(s->refusal(said(*s, "e2-e3")), "you have no piece on e2");
    EXPECT_EQ(s->refusal(said(*s, "d4-d6")),
              "d4 and d6 are not neighbours: a piece steps one square");
    EXPECT_EQ(s->refusal(said(*s, "d4-d5")), "d5 holds one of your own pieces");
    EXPECT_EQ(s->refusal(said(*s, "d4xe5")),
              "only the stinger may step onto another creature's piece");
    EXPECT_FALSE(s->isLegal(Action::move(*s->geometry().parse("d4"), 64)));
    EXPECT_FALSE(
        s->isLegal(Action::move(*s->geometry().parse("d4"), *s->geometry().parse("c4"), kStinger)));
}

// White's stinger on d4, held by its vertebrae on d3 and d5 to its body on
// c4; Black's body on f5 with vertebrae on e5 (orthogonally next to it), e4
// (diagonally next to it) and e3 (not next to it).
const std::string kStingerFacingVertebrae = "c4:Ba d3:Va d5:Va d4:Sa f5:Bb e5:Vb e4:Vb e3:Vb";

std::set<std::string> stings(const SandkingsState& s) {
    std::set<std::string> out;
    for (const std::string& m : moves(s)) {
        if (m.find('x') != std::string::npos) out.insert(m);
    }
    return out;
}

TEST(SandkingsRules, VertebraNextToItsBodyInAnyDirectionBlocksTheStinger) {
    auto s = position(2, "ab", 'a', kStingerFacingVertebrae);
    EXPECT_EQ(stings(*s), (std::set<std::string>{"d4xe3"}));
    EXPECT_EQ(s->refusal(said(*s, "d4xe4")),
              "the vertebra on e4 is next to its body and blocks your stinger");
    EXPECT_EQ(s->refusal(said(*s, "d4xe5")),
              "the vertebra on e5 is next to its body and blocks your stinger");
}

TEST(SandkingsRules, WithOrthogonalBlockOnlyOrthogonalNeighboursOfTheBodyBlock) {
    auto s = position(2, "ab", 'a', kStingerFacingVertebrae, withOption(&Rules::orthogonalBlock));
    EXPECT_EQ(stings(*s), (std::set<std::string>{"d4xe3", "d4xe4"}));
}

TEST(SandkingsRules, WithStingerNearBodyAStingerNextToItsBodyStingsBlockingVertebrae) {
    const Rules rules = withOption(&Rules::stingerNearBody);
    auto s = position(2, "ab", 'a', kStingerFacingVertebrae, rules);
    // Next to its body on c4 before the step; after it, e5 is not: judged before.
    EXPECT_EQ(stings(*s), (std::set<std::string>{"d4xe3", "d4xe4", "d4xe5"}));
    // The body on b4 is not next to the stinger: the vertebrae block as usual.
    auto far =
        position(2, "ab", 'a', "b4:Ba c4:Va d3:Va d5:Va d4:Sa f5:Bb e5:Vb e4:Vb e3:Vb", rules);
    EXPECT_EQ(stings(*far), (std::set<std::string>{"d4xe3"}));
}

// White's stinger on e5 beside Black's chain h4 g4 f4 e4: f4 is not next to
// Black's body, and stinging it leaves e4 cut off.
const std::string kChainToCut = "d4:Ba e3:Va d5:Va e5:Sa h4:Bb g4:Vb f4:Vb e4:Vb";

TEST(SandkingsRules, StingRemovesThePieceAndWhatItCutsOff) {
    auto s = position(2, "ab", 'a', kChainToCut);
    play(*s, "e5xf4");
    EXPECT_EQ(on(*s, "f4"), "Sa");
    EXPECT_EQ(on(*s, "e5"), "");
    EXPECT_EQ(on(*s, "e4"), "");  // cut off from its body
    EXPECT_EQ(on(*s, "g4"), "Vb");
    EXPECT_EQ(s->partsOf(1), 2);
    EXPECT_TRUE(s->midTurn());
}

TEST(SandkingsRules, TheStepsOfATurnShrinkWithTheCreaturesParts) {
    auto s = position(2, "ab", 'a', kChainToCut);
    play(*s, "e5xf4");
    play(*s, "end");
    EXPECT_EQ(s->toMove(), 1);
    EXPECT_EQ(s->stepsAllowed(), 2);
    EXPECT_EQ(s->resources(1).score, 2);
    EXPECT_EQ(s->resources(0).score, 4);
}

TEST(SandkingsRules, AStingerMayStingSeveralTimesInOneTurn) {
    auto s = position(2, "ab", 'a', "d4:Ba e5:Va e4:Sa h6:Bb g5:Vb f4:Vb e3:Vb");
    play(*s, "e4xe3");
    play(*s, "e3xf4");
    EXPECT_EQ(s->partsOf(1), 2);
    EXPECT_EQ(on(*s, "f4"), "Sa");
    EXPECT_EQ(s->stepsMade(), 2);
    EXPECT_TRUE(s->midTurn());
    EXPECT_EQ(s->toMove(), 0);
}

TEST(SandkingsRules, StingingABodyRemovesTheWholeCreatureAndTheLastCreatureWins) {
    auto s = position(2, "ab", 'a', "d4:Ba e5:Va e4:Sa f5:Bb g5:Vb g6:Vb h7:Sb");
    play(*s, "e4xf5");
    for (const char* c : {"g5", "g6", "h7"}) EXPECT_EQ(on(*s, c), "") << c;
    EXPECT_FALSE(s->inGame(1));
    EXPECT_EQ(s->outcome(), Outcome::win({0}, "only White's creature is left"));
    EXPECT_TRUE(s->legalActions().empty());
    EXPECT_FALSE(s->midTurn());
}

TEST(SandkingsRules, ACreatureStungMidTurnByAThirdIsSkippedInTheTurnOrder) {
    // South-west stings North-west's body and goes on; North-east is next.
    auto s = position(3, "abc", 'a', "d4:Ba e5:Va e4:Sa f5:Bb g6:Vb h8:Bc");
    play(*s, "e4xf5");
    EXPECT_FALSE(s->inGame(1));
    EXPECT_FALSE(s->outcome().over());
    EXPECT_TRUE(s->midTurn());
    play(*s, "end");
    EXPECT_EQ(s->toMove(), 2);
    play(*s, "h8-g8");
    EXPECT_EQ(s->toMove(), 0);
}

// White's chain a3 b3 c3 c2 waits for c1 to close the corner a1 round
// Black's body on b2 (and its vertebra on a1).
const std::string kCornerAlmostClosed = "a3:Va b3:Va c3:Ba c2:Va d1:Sa b2:Bb a1:Vb";

class SandkingsSuffocation : public ::testing::TestWithParam<Corner> {};

TEST_P(SandkingsSuffocation, AChainFromEdgeToEdgeSuffocatesTheBodyInItsCorner) {
    const Corner corner = GetParam();
    auto s = position(2, "ab", 'a', mirroredText(kCornerAlmostClosed, corner));
    auto open = s->clone();
    play(*s, mirroredText("d1-c1", corner));
    EXPECT_FALSE(s->inGame(1));
    EXPECT_EQ(on(*s, mirrored("b2", corner)), "");
    EXPECT_EQ(on(*s, mirrored("a1", corner)), "");
    EXPECT_EQ(s->outcome().winners, std::vector<PlayerId>{0});
    // A step that leaves the chain short of the second edge suffocates nothing.
    auto& other = static_cast<SandkingsState&>(*open);
    play(other, mirroredText("d1-d2", corner));
    EXPECT_TRUE(other.inGame(1));
}

INSTANTIATE_TEST_SUITE_P(EachCorner, SandkingsSuffocation,
                         ::testing::Values(SouthWest, NorthWest, NorthEast, SouthEast));

TEST(SandkingsRules, SuffocationNeedsTheChainOfOneCreature) {
    // South-west's a3 b3 c3 and North-east's c2 c1 close a1's corner together.
    auto s = position(3, "abc", 'c', "a3:Va b3:Ba c3:Va b2:Bb c2:Bc d1:Vc");
    play(*s, "d1-c1");
    EXPECT_TRUE(s->inGame(1));
}

// White's a3 and b2 wait for c1 to make a diagonal chain round a1.
const std::string kDiagonalChain = "b2:Ba a3:Va c2:Sa a1:Bb";

TEST(SandkingsRules, ADiagonalChainSuffocatesNothingByDefault) {
    auto s = position(2, "ab", 'a', kDiagonalChain);
    play(*s, "c2-c1");
    EXPECT_TRUE(s->inGame(1));
    EXPECT_FALSE(s->outcome().over());
}

TEST(SandkingsRules, WithDiagonalSuffocationADiagonalChainSuffocates) {
    auto s = position(2, "ab", 'a', kDiagonalChain, withOption(&Rules::diagonalSuffocation));
    play(*s, "c2-c1");
    EXPECT_FALSE(s->inGame(1));
    EXPECT_EQ(s->outcome().winners, std::vector<PlayerId>{0});
}

TEST(SandkingsRules, ABodyThatWalksIntoAClosedCornerLosesItsCreatureAndItsTurn) {
    // Only with diagonal-suffocation can a body step across a chain: a2 lies
    // behind South-west's a3 b2 c1.
    Rules rules;
    rules.diagonalSuffocation = rules.doubleSteps = true;
    auto s = position(3, "abc", 'b', "b2:Ba a3:Va c1:Va b3:Bb h8:Bc", rules);
    EXPECT_EQ(s->stepsAllowed(), 2);
    const Action walk = said(*s, "b3-a2");
    EXPECT_TRUE(s->effect(walk).empty());  // said, never read from the boards
    play(*s, "b3-a2");
    EXPECT_FALSE(s->inGame(1));
    EXPECT_EQ(s->toMove(), 2);
    EXPECT_EQ(s->stepsMade(), 0);
    EXPECT_EQ(s->stepsAllowed(), 2);
}

TEST(SandkingsRules, WithDoubleStepsATurnHasTwiceTheParts) {
    SandkingsState s(withOption(&Rules::doubleSteps), 2);
    EXPECT_EQ(s.stepsAllowed(), 12);
    for (int i = 0; i < 6; ++i) {
        play(s, "a2-a3");
        play(s, "a3-a2");
    }
    EXPECT_EQ(s.toMove(), 1);
}

TEST(SandkingsRules, TheTurnEndsAfterAsManyStepsAsParts) {
    auto s = position(2, "ab", 'a', "d4:Ba d5:Va h8:Bb");
    EXPECT_EQ(s->stepsAllowed(), 2);
    play(*s, "d5-e5");
    EXPECT_TRUE(s->midTurn());
    play(*s, "e5-d5");
    // Every piece back where it stood, and still a turn.
    EXPECT_EQ(s->toMove(), 1);
    EXPECT_FALSE(s->midTurn());
    EXPECT_EQ(on(*s, "d5"), "Va");
}

TEST(SandkingsRules, ATurnMayEndEarlyButNotBeforeItsFirstStep) {
    SandkingsState s(Rules{}, 2);
    EXPECT_FALSE(s.isLegal(Action::endTurn()));
    EXPECT_EQ(s.refusal(Action::endTurn()),
              "a turn has at least one step: make one before ending the turn");
    EXPECT_EQ(s.refusal(Action::pass()), "you can still step, so you may not pass");
    play(s, "a2-a3");
    EXPECT_TRUE(s.isLegal(Action::endTurn()));
    EXPECT_EQ(s.refusal(Action::pass()), "you have stepped this turn: end it instead of passing");
    play(s, "end");
    EXPECT_EQ(s.toMove(), 1);
    EXPECT_EQ(s.stepsMade(), 0);
    EXPECT_EQ(s.stepsAllowed(), 6);
}

TEST(SandkingsRules, ACreatureStuckMidTurnCanOnlyEndItsTurn) {
    // North-west's lone body on a1, one step made of the two double-steps
    // allows, is hemmed in by two other creatures.
    Rules rules;
    rules.doubleSteps = true;
    auto s = loaded(positionText(3, "abc", 'b', 1, 2, "a1:Bb b1:Ba b2:Va a2:Bc"), rules);
    EXPECT_EQ(moves(*s), (std::set<std::string>{"end"}));
    EXPECT_TRUE(s->midTurn());
}

TEST(SandkingsRules, ACreatureThatCannotStepPasses) {
    // South-west's lone body on a1 is hemmed in by two other creatures.
    auto s = position(3, "abc", 'a', "a1:Ba a2:Bb b1:Bc b2:Vc");
    EXPECT_EQ(moves(*s), (std::set<std::string>{"pass"}));
    EXPECT_EQ(s->refusal(Action::endTurn()),
              "you cannot step at all: pass (your turn has no step to end)");
    play(*s, "pass");
    EXPECT_EQ(s->toMove(), 1);
}

TEST(SandkingsRules, WhoCanStillWin) {
    // A lone body cannot sting nor close a corner on its own.
    auto s = position(2, "ab", 'a', "d4:Ba e5:Va e4:Sa h8:Bb");
    EXPECT_TRUE(s->canStillWin(0));
    EXPECT_FALSE(s->canStillWin(1));
    auto three = position(3, "abc", 'a', "d4:Ba h8:Bb a8:Bc");
    EXPECT_TRUE(three->canStillWin(1));
}

}  // namespace
}  // namespace arbiter::sandkings
