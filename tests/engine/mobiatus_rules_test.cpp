// The rules of Möbiatus (docs/rules/mobiatus.md): the ring of the strip's two
// faces and its opposite cells, knight jumps across the seam, circles,
// slides through singularities, captures from the far face and their chains,
// the options, every way the game ends, and what the boards and the players
// are shown.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/mobiatus/mobiatus.h"
#include "tests/engine/mobiatus_test_support.h"

namespace arbiter::mobiatus {
namespace {

using namespace support;
using Names = std::set<std::string>;

// The action `text` names, legal or not ("c2-d4-e6").
Action said(const std::string& text) {
    std::vector<Cell> cells;
    size_t start = 0;
    for (size_t i = 0; i <= text.size(); ++i) {
        if (i == text.size() || text[i] == '-') {
            cells.push_back(at(text.substr(start, i - start)));
            start = i + 1;
        }
    }
    if (cells.size() == 2) return Action::move(cells[0], cells[1]);
    return Action::moveVia(cells.front(), {cells.begin() + 1, cells.end() - 1}, cells.back());
}

std::vector<std::string> names(const std::vector<Cell>& cells) {
    std::vector<std::string> out;
    for (Cell c : cells) out.push_back(nameOf(c));
    return out;
}

// --- The ring --------------------------------------------------------------

TEST(MobiatusRules, TheOppositeCellIsAcrossTheTwistMirroredLeftToRight) {
    EXPECT_EQ(nameOf(opposite(at("a1"))), "e31");
    EXPECT_EQ(nameOf(opposite(at("e31"))), "a1");
    EXPECT_EQ(nameOf(opposite(at("e30"))), "a60");
    EXPECT_EQ(nameOf(opposite(at("a60"))), "e30");
    EXPECT_EQ(nameOf(opposite(at("c2"))), "c32");
    EXPECT_EQ(nameOf(opposite(at("d4"))), "b34");
    for (Cell c = 0; c < kCells; ++c) {
        EXPECT_EQ(opposite(opposite(c)), c);
        EXPECT_NE(opposite(c), c);
    }
}

TEST(MobiatusRules, TheCellsAreAFiveByRingOfSixtyRanks) {
    MobiatusState s{Rules{}};
    EXPECT_EQ(s.geometry(), Geometry::ring(5, 60));
    EXPECT_EQ(s.playerName(0), "Red");
    EXPECT_EQ(s.playerName(1), "Blue");
    EXPECT_EQ(s.toMove(), 0);
}

TEST(MobiatusRules, RedStartsOnRanksOneAndTwoBlueOnSixteenAndSeventeen) {
    MobiatusState s{Rules{}};
    for (char f = 'a'; f <= 'e'; ++f) {
        for (int r : {1, 2}) EXPECT_EQ(s.pieceAt(at(f + std::to_string(r))), (Piece{0, 0}));
        for (int r : {16, 17}) EXPECT_EQ(s.pieceAt(at(f + std::to_string(r))), (Piece{0, 1}));
    }
    EXPECT_EQ(s.dotCount(0), 10);
    EXPECT_EQ(s.dotCount(1), 10);
    EXPECT_TRUE(s.board().singular.empty());
    EXPECT_EQ(s.resources(0).score, 10);
    EXPECT_FALSE(s.outcome().over());
}

// --- Knight jumps ----------------------------------------------------------

TEST(MobiatusRules, AKnightJumpFromRankSixtyLandsOnRanksOneAndTwo) {
    auto s = position("c60:R c20:B");
    EXPECT_EQ(reach(*s, "c60"), (Names{"d2", "e1", "e59", "d58", "b58", "a59", "a1", "b2"}));
}

TEST(MobiatusRules, AKnightJumpFromRankOneLandsOnRanksFiftyNineAndSixty) {
    auto s = position("c1:R c20:B");
    EXPECT_EQ(reach(*s, "c1"), (Names{"d3", "e2", "e60", "d59", "b59", "a60", "a2", "b3"}));
}

// Files do not wrap: the strip has edges.
TEST(MobiatusRules, AJumpNeverLeavesTheStripsEdges) {
    auto s = position("a30:R c20:B");
    EXPECT_EQ(reach(*s, "a30"), (Names{"b32", "c31", "c29", "b28"}));
}

TEST(MobiatusRules, ADotMayNotLandOnADot) {
    auto s = position("c2:R d4:B e20:B");
    EXPECT_FALSE(reach(*s, "c2").contains("d4"));
    EXPECT_EQ(s->refusal(said("c2-d4")), "a dot stands on d4");
}

TEST(MobiatusRules, ADotMayNotLandOnItsOwnCircle) {
    auto s = position("c2:R b34:R e20:B");
    EXPECT_FALSE(reach(*s, "c2").contains("d4"));
    EXPECT_EQ(s->refusal(said("c2-d4")), "d4 is opposite your own dot on b34");
}

TEST(MobiatusRules, AMoveLeavesASingularityOnItsCellAndBehindIt) {
    auto s = position("c2:R e20:B");
    play(*s, "c2-e3");
    EXPECT_TRUE(s->board().singular.has(at("c2")));
    EXPECT_TRUE(s->board().singular.has(at("c32")));
    EXPECT_EQ(s->board().singular.count(), 2);
    EXPECT_EQ(s->pieceAt(at("e3")), (Piece{0, 0}));
    EXPECT_FALSE(s->pieceAt(at("c2")));
    EXPECT_EQ(s->toMove(), 1);
    EXPECT_EQ(s->plies(), 1);
}

// --- Slides ----------------------------------------------------------------

// The knight's d12 is singular and joined to d13: the dot slides through both
// and may rest on any of the six free cells round them.
TEST(MobiatusRules, ASlideThroughAGroupOffersEachRestAsItsOwnChoice) {
    auto s = position("c10:R d12:x d13:x a25:B");
    EXPECT_EQ(reach(*s, "c10"), (Names{"e11", "e9", "d8", "b8", "a9", "a11", "b12", "c12", "e12",
                                       "d11", "c13", "e13", "d14"}));
    EXPECT_EQ(s->legalActions().size(), 13u);
}

TEST(MobiatusRules, ASlideBlockedOnEverySideMakesTheJumpIllegal) {
    // Round d12: a Red dot, a Blue dot, Red's own circle (behind b41), a Blue dot.
    auto s = position("c10:R d12:x c12:R e12:B b41:R d13:B a25:B");
    EXPECT_EQ(reach(*s, "c10"), (Names{"e11", "e9", "d8", "b8", "a9", "a11", "b12"}));
    EXPECT_EQ(s->refusal(said("c10-d11")), "d11 is opposite your own dot on b41");
    EXPECT_EQ(s->refusal(said("c10-d12")),
              "d12 is a singularity: a dot lands on one only to slide on");
}

// The group d10-d12 touches c10, where the dot starts: it counts as occupied.
// e11 is both a jump and a rest of the slide: one move.
TEST(MobiatusRules, ASlideNeverRestsOnTheMoversStartCell) {
    auto s = position("c10:R d10:x d11:x d12:x a25:B");
    const Names expected = {"e11", "e9", "d8",  "b8",  "a9",  "a11", "b12",
                            "e10", "d9", "c11", "c12", "e12", "d13"};
    EXPECT_EQ(reach(*s, "c10"), expected);
    EXPECT_EQ(s->legalActions().size(), expected.size());
}

// d2 to d30 singular: the slide from b1 runs up the whole group to d30, whose
// neighbour d31 is behind b1 itself, Red's own circle.
TEST(MobiatusRules, ASlideNeverRestsOnTheMoversOwnCircle) {
    std::string cells = "b1:R e50:B";
    for (int r = 2; r <= 30; ++r) cells += " d" + std::to_string(r) + ":x";
    auto s = position(cells);
    const Names rests = reach(*s, "b1");
    EXPECT_FALSE(rests.contains("d31"));
    EXPECT_FALSE(rests.contains("b1"));
    EXPECT_TRUE(rests.contains("d1"));
    EXPECT_TRUE(rests.contains("c30"));
    EXPECT_TRUE(rests.contains("e30"));
    // c2-c30, e2-e30 and d1 round the group; c3 is a jump too; d60, c59, a59, a3.
    EXPECT_EQ(rests.size(), 63u);
}

// --- Captures and chains ----------------------------------------------------

TEST(MobiatusRules, ADotOppositeTheRestIsTakenAndTheDotMustJumpOn) {
    auto s = position("c2:R b34:B e20:B");
    EXPECT_TRUE(moves(*s).contains("c2-d4-e6"));
    EXPECT_FALSE(moves(*s).contains("c2-d4"));
    play(*s, "c2-d4-e6");
    EXPECT_FALSE(s->pieceAt(at("b34")));
    EXPECT_EQ(s->pieceAt(at("e6")), (Piece{0, 0}));
    std::vector<Cell> singular;
    s->board().singular.each([&](Cell c) { singular.push_back(c); });
    EXPECT_EQ(names(singular), (std::vector<std::string>{"c2", "d4", "c32", "b34"}));
    EXPECT_EQ(s->dotCount(1), 1);
}

TEST(MobiatusRules, ACaptureWithoutTheRestOfItsChainIsNoMove) {
    auto s = position("c2:R b34:B e20:B");
    EXPECT_EQ(s->refusal(said("c2-d4")),
              "c2-d4 takes Blue's b34 on the far face, so the dot must jump on from d4: name the "
              "rest of the chain");
}

TEST(MobiatusRules, ADoubleCapture) {
    auto s = position("c2:R b34:B a36:B e20:B");
    EXPECT_EQ(moves(*s), (Names{"c2-d4-e6-c5", "c2-d4-e6-c7", "c2-d4-e6-d8", "c2-d4-e2", "c2-d4-b3",
                                "c2-d4-b5", "c2-d4-c6", "c2-e3", "c2-e1", "c2-d60", "c2-b60",
                                "c2-a1", "c2-a3", "c2-b4"}));
    play(*s, "c2-d4-e6-c7");
    EXPECT_EQ(s->dotCount(1), 1);
    EXPECT_TRUE(s->board().singular.has(at("e6")));
    EXPECT_TRUE(s->board().singular.has(at("a36")));
    EXPECT_FALSE(s->outcome().over());
}

// Every jump on from d4 is blocked by a dot: taking b34 would leave the dot
// with nowhere to go, so c2-d4 may not be made at all.
TEST(MobiatusRules, CaptureRefusedWithoutContinuation) {
    auto s = position("c2:R b34:B e6:B e2:B b3:B b5:B c6:B");
    for (const Action& a : s->legalActions()) EXPECT_TRUE(a.path.empty()) << s->encode(a);
    EXPECT_EQ(s->legalActions().size(), 7u);
    EXPECT_EQ(s->refusal(said("c2-d4")),
              "c2-d4 takes Blue's b34 on the far face, but that capture leaves no way to jump on "
              "from d4");
}

TEST(MobiatusRules, AChainMayNotLandOnACellItMadeSingular) {
    auto s = position("c2:R b34:B e20:B");
    EXPECT_FALSE(moves(*s).contains("c2-d4-c2"));
    EXPECT_EQ(s->refusal(said("c2-d4-c2")), "this chain has touched c2 already");
}

// b2 and b3 are singular. Once c2-d4 has taken b34, c2 is singular at once
// and joins them: the slide from d4 over b3 would pass through c2, which the
// chain touched, so none of the rests round b2-b3 is offered.
TEST(MobiatusRules, AChainMayNotSlideThroughAGroupHoldingACellItTouched) {
    auto s = position("c2:R b34:B b3:x b2:x e20:B");
    EXPECT_EQ(moves(*s), (Names{"c2-d4-e6", "c2-d4-e2", "c2-d4-b5", "c2-d4-c6", "c2-e3", "c2-e1",
                                "c2-d60", "c2-b60", "c2-a1", "c2-a3", "c2-b4"}));
    EXPECT_EQ(s->refusal(said("c2-d4-a3")),
              "a3 is not a knight's jump from d4, nor the end of a slide from one that avoids the "
              "cells this chain has touched");
}

// a1-b3 takes d33: b3, where the dot now stands, is a singularity this
// capture made, and it joins b4-c4-d4. The knight's d4 from b3 would slide
// through that group, and so through b3 (RULINGS.md): none of its rests round
// b4-c4-d4 is offered. The chain goes on only by plain jumps.
TEST(MobiatusRules, AChainMayNotJumpOnIntoAGroupJoinedToTheCellItStandsOn) {
    auto s = position("a1:R d33:B e46:B b4:x c4:x d4:x");
    EXPECT_EQ(moves(*s),
              (Names{"a1-b3-c5", "a1-b3-d2", "a1-b3-c1", "a1-b3-a5", "a1-c2", "a1-c60", "a1-b59"}));
    EXPECT_EQ(s->legalActions().size(), 7u);
    EXPECT_EQ(s->refusal(said("a1-b3-d5")),
              "d5 is not a knight's jump from b3, nor the end of a slide from one that avoids the "
              "cells this chain has touched");
    EXPECT_EQ(s->refusal(said("a1-b3-c3")),
              "c3 is not a knight's jump from b3, nor the end of a slide from one that avoids the "
              "cells this chain has touched");
}

// As above, but Blue's dots stand on c5, d2, c1 and a5: the slide through
// b4-c4-d4 is the only way on that is left, and it touches b3. A capture
// with no way on may not be made (the seed: "it may not make the capture");
// it does not end the move on b3.
TEST(MobiatusRules, ACaptureWhoseOnlyWayOnIsIntoAGroupJoinedToItsCellMayNotBeMade) {
    auto s = position("a1:R d33:B b4:x c4:x d4:x c5:B d2:B c1:B a5:B");
    EXPECT_EQ(moves(*s), (Names{"a1-c2", "a1-c60", "a1-b59"}));
    EXPECT_EQ(s->refusal(said("a1-b3")),
              "a1-b3 takes Blue's d33 on the far face, but that capture leaves no way to jump on "
              "from b3");
    EXPECT_EQ(s->refusal(said("a1-b3-d5")),
              "a1-b3 takes Blue's d33 on the far face, but that capture leaves no way to jump on "
              "from b3");
}

// The same group beside b3, without a chain: b3 is the dot's cell, not a
// singularity, so it joins no group, and the slide through b4-c4-d4 goes to
// every free cell round it but b3.
TEST(MobiatusRules, AnOrdinaryMoveSlidesThroughAGroupJoinedToItsStartCell) {
    auto s = position("b3:R e46:B b4:x c4:x d4:x");
    EXPECT_EQ(reach(*s, "b3"),
              (Names{"c5", "d2", "c1", "a1", "a5", "a4", "b5", "c3", "d3", "d5", "e4"}));
    EXPECT_EQ(s->legalActions().size(), 11u);
}

// c10-d12-b13-c15 and c10-b13-d12-c15 (over the singular b12) take the same
// two dots and end on c15: one position, one action, the first found.
TEST(MobiatusRules, TwoChainsEndingInTheSamePositionAreOneAction) {
    auto s = position("c10:R b42:B d43:B b12:x c14:x");
    std::set<std::string> all;
    std::vector<Board> ends;
    for (const Chain& c : s->chains()) {
        all.insert(s->encode(c.action()));
        if (std::find(ends.begin(), ends.end(), c.after) == ends.end()) ends.push_back(c.after);
    }
    EXPECT_TRUE(all.contains("c10-d12-b13-c15"));
    EXPECT_TRUE(all.contains("c10-b13-d12-c15"));
    EXPECT_EQ(s->chains().size(), 33u);
    EXPECT_EQ(s->legalActions().size(), ends.size());
    EXPECT_EQ(ends.size(), 31u);
    const Names listed = moves(*s);
    EXPECT_TRUE(listed.contains("c10-d12-b13-c15"));
    EXPECT_FALSE(listed.contains("c10-b13-d12-c15"));
    EXPECT_TRUE(listed.contains("c10-d12-b13-d14"));
    EXPECT_FALSE(listed.contains("c10-b13-d12-d14"));
    EXPECT_TRUE(listed.contains("c10-b13-d12-e14"));  // no other chain ends there
    EXPECT_EQ(s->decode("c10-b13-d12-c15"), s->decode("c10-d12-b13-c15"));
    EXPECT_EQ(s->refusal(said("c10-b13-d12-c15")),
              "that chain ends in the same position as c10-d12-b13-c15, which is how that move "
              "is said");
}

// --- Options ----------------------------------------------------------------

TEST(MobiatusRules, MandatoryCaptureLeavesOnlyTheCaptures) {
    auto s = position("c2:R b34:B a36:B e20:B", 'r', -1, withOptions(true));
    EXPECT_EQ(moves(*s), (Names{"c2-d4-e6-c5", "c2-d4-e6-c7", "c2-d4-e6-d8", "c2-d4-e2", "c2-d4-b3",
                                "c2-d4-b5", "c2-d4-c6"}));
    EXPECT_EQ(s->refusal(said("c2-e3")),
              "with mandatory capture you must take when you can: c2-d4-e6-c5, c2-d4-e6-c7, "
              "c2-d4-e6-d8, ...");
    // Without a capture to make, every move is allowed.
    auto quiet = position("c10:R d12:x d13:x a25:B", 'r', -1, withOptions(true));
    EXPECT_EQ(quiet->legalActions().size(), 13u);
}

TEST(MobiatusRules, SeventyMovePairsDrawByDefault) {
    auto s = position("a1:R b1:R e20:B", 'b', 139);
    EXPECT_FALSE(s->outcome().over());
    play(*s, "e20-d22");
    EXPECT_EQ(s->plies(), 140);
    EXPECT_EQ(s->outcome(), Outcome::draw("70 move pairs played"));
    EXPECT_TRUE(s->legalActions().empty());
}

TEST(MobiatusRules, SeventyMovePairsWithMorePiecesGoToTheSideWithMoreDots) {
    auto s = position("a1:R b1:R e20:B", 'b', 139, withOptions(false, true));
    play(*s, "e20-d22");
    EXPECT_EQ(s->outcome(), Outcome::win({0}, "70 move pairs played: Red has more dots, 2 to 1"));
    auto even = position("a1:R e20:B", 'b', 139, withOptions(false, true));
    play(*even, "e20-d22");
    EXPECT_EQ(even->outcome(), Outcome::draw("70 move pairs played: Red and Blue have 1 dot each"));
    auto blue = position("a1:R e20:B e25:B", 'b', 139, withOptions(false, true));
    play(*blue, "e20-d22");
    EXPECT_EQ(blue->outcome(),
              Outcome::win({1}, "70 move pairs played: Blue has more dots, 2 to 1"));
}

TEST(MobiatusRules, AStopByTheTableDecidesByDotsOnlyWithMorePieces) {
    EXPECT_EQ(position("a1:R b1:R e20:B")->stoppedOutcome("time limit"),
              Outcome::draw("time limit"));
    EXPECT_EQ(position("a1:R b1:R e20:B", 'r', -1, withOptions(false, true))
                  ->stoppedOutcome("time limit"),
              Outcome::win({0}, "time limit: Red has more dots, 2 to 1"));
}

// --- The end ----------------------------------------------------------------

TEST(MobiatusRules, ASideWithoutALegalMoveLoses) {
    auto s = position("a1:R b3:B c2:B c60:B b59:B");
    EXPECT_EQ(s->outcome(), Outcome::win({1}, "Red has no legal move"));
    EXPECT_TRUE(s->legalActions().empty());
    EXPECT_EQ(s->refusal(said("a1-b3")), "the game is over");
}

TEST(MobiatusRules, ASideWithoutDotsLoses) {
    auto s = position("c2:R b34:B");
    play(*s, "c2-d4-e6");
    EXPECT_EQ(s->outcome(), Outcome::win({0}, "Blue has no dots left"));
    EXPECT_FALSE(s->canStillWin(1));
    EXPECT_TRUE(s->canStillWin(0));
    EXPECT_EQ(position("a1:B", 'r')->outcome(), Outcome::win({1}, "Red has no dots left"));
}

// No dots comes before no move, and both before the limit.
TEST(MobiatusRules, TheEndIsCheckedDotsFirstThenMovesThenTheLimit) {
    EXPECT_EQ(position("a1:B", 'r', 140)->outcome(), Outcome::win({1}, "Red has no dots left"));
    EXPECT_EQ(position("a1:R b3:B c2:B c60:B b59:B", 'r', 140)->outcome(),
              Outcome::win({1}, "Red has no legal move"));
    EXPECT_EQ(position("a1:R e20:B", 'r', 140)->outcome(), Outcome::draw("70 move pairs played"));
}

// --- What the boards show ----------------------------------------------------

TEST(MobiatusRules, WithoutMarkersOnlyTheDotsStandOnTheBoards) {
    auto s = position("c2:R b34:B e20:B d12:x");
    EXPECT_EQ(s->appearance(at("c2")), (SetPiece{SetColour::White, Figure::Pawn}));
    EXPECT_EQ(s->appearance(at("b34")), (SetPiece{SetColour::Black, Figure::Pawn}));
    EXPECT_FALSE(s->appearance(at("c32")));  // Red's circle
    EXPECT_FALSE(s->appearance(at("d12")));  // a singularity
}

TEST(MobiatusRules, WithMarkersCirclesAreKnightsAndSingularitiesRooks) {
    auto s = position("c2:R b34:B e20:B d12:x", 'r', -1, withOptions(false, false, true));
    EXPECT_EQ(s->appearance(at("c2")), (SetPiece{SetColour::White, Figure::Pawn}));
    EXPECT_EQ(s->appearance(at("c32")), (SetPiece{SetColour::White, Figure::Knight}));
    EXPECT_EQ(s->appearance(at("d4")), (SetPiece{SetColour::Black, Figure::Knight}));
    EXPECT_EQ(s->appearance(at("d12")), (SetPiece{SetColour::White, Figure::Rook}));
    EXPECT_EQ(s->appearance(at("b42")), (SetPiece{SetColour::White, Figure::Rook}));
    EXPECT_FALSE(s->appearance(at("a5")));
}

TEST(MobiatusRules, WithoutMarkersTheTakenDotIsTheOnlyConsequence) {
    auto s = position("c2:R b34:B e20:B");
    const Effect e = s->effect(said("c2-d4-e6"));
    std::vector<std::string> changed, consequences;
    for (const CellChange& ch : e.changes) {
        changed.push_back(nameOf(ch.cell));
        if (ch.consequence) consequences.push_back(nameOf(ch.cell));
    }
    EXPECT_EQ(changed, (std::vector<std::string>{"c2", "e6", "b34"}));
    EXPECT_EQ(consequences, (std::vector<std::string>{"b34"}));
}

// The mover lifts the dot from c2 and leaves a rook, passes d4 (a Blue circle,
// a rook after) and sets the dot on e6; the rest is arbiter's to announce.
TEST(MobiatusRules, WithMarkersEveryOtherChangedCellIsAConsequence) {
    auto s = position("c2:R b34:B e20:B", 'r', -1, withOptions(false, false, true));
    const Effect e = s->effect(said("c2-d4-e6"));
    std::vector<std::string> mine, consequences;
    for (const CellChange& ch : e.changes)
        (ch.consequence ? consequences : mine).push_back(nameOf(ch.cell));
    EXPECT_EQ(mine, (std::vector<std::string>{"c2", "d4", "e6"}));
    EXPECT_EQ(consequences, (std::vector<std::string>{"c32", "b34", "a36"}));
    const CellChange* taken = e.find(at("b34"));
    ASSERT_TRUE(taken);
    EXPECT_EQ(taken->after, (SetPiece{SetColour::White, Figure::Rook}));
}

TEST(MobiatusRules, MarkedCellsAreTheCirclesAndTheSingularities) {
    auto s = position("c2:R b34:B d12:x");
    EXPECT_EQ(names(s->markedCells()), (std::vector<std::string>{"d4", "d12", "c32", "b42"}));
    EXPECT_EQ(MobiatusState{Rules{}}.markedCells().size(), 20u);
}

TEST(MobiatusRules, TheTableReadsARookOfEitherColourAsASingularity) {
    GameOptions options;
    options.values["markers"] = "on";
    std::string error;
    auto game = makeGame("mobiatus", options, error);
    ASSERT_TRUE(game) << error;
    EXPECT_EQ(readSensed(*game, {SetColour::Black, Figure::Rook}),
              (SetPiece{SetColour::White, Figure::Rook}));
    EXPECT_EQ(readSensed(*game, {SetColour::Black, Figure::Knight}),
              (SetPiece{SetColour::Black, Figure::Knight}));
    EXPECT_EQ(lookName(*game, {SetColour::White, Figure::Rook}), "white rook (a singularity)");
    EXPECT_EQ(lookName(*game, {SetColour::Black, Figure::Pawn}), "black pawn (a Blue dot)");
    EXPECT_EQ(readSensed(*makeGame("mobiatus"), {SetColour::Black, Figure::Rook}),
              (SetPiece{SetColour::White, Figure::Rook}));
    EXPECT_EQ(readSensed(*makeGame("mobiatus"), {SetColour::Black, Figure::Pawn}),
              (SetPiece{SetColour::Black, Figure::Pawn}));
    // A table whose dots are rooks, without markers, reads them as they are.
    GameOptions rooks;
    rooks.standIns["red"] = StandIn(SetPiece{SetColour::White, Figure::Rook});
    rooks.standIns["blue"] = StandIn(SetPiece{SetColour::Black, Figure::Rook});
    auto rookGame = makeGame("mobiatus", rooks, error);
    ASSERT_TRUE(rookGame) << error;
    EXPECT_EQ(readSensed(*rookGame, {SetColour::Black, Figure::Rook}),
              (SetPiece{SetColour::Black, Figure::Rook}));
}

// --- The registry -----------------------------------------------------------

TEST(MobiatusRules, TheGameIsRegisteredWithItsOptionsAndStandIns) {
    const GameInfo* info = gameInfo("mobiatus");
    ASSERT_TRUE(info);
    EXPECT_EQ(info->defaultFiles, 5);
    EXPECT_EQ(info->defaultRanks, 60);
    ASSERT_TRUE(info->option("seventy-pairs"));
    EXPECT_EQ(info->option("seventy-pairs")->defaultValue, "draw");
    EXPECT_EQ(info->option("seventy-pairs")->choices,
              (std::vector<std::string>{"draw", "more-pieces"}));
    EXPECT_EQ(info->option("mandatory-capture")->defaultValue, "off");
    EXPECT_EQ(info->option("markers")->defaultValue, "off");
    const std::pair<const char*, SetPiece> standIns[] = {
        {"red", {SetColour::White, Figure::Pawn}},
        {"blue", {SetColour::Black, Figure::Pawn}},
        {"red-circle", {SetColour::White, Figure::Knight}},
        {"blue-circle", {SetColour::Black, Figure::Knight}},
        {"singularity", {SetColour::White, Figure::Rook}}};
    for (const auto& [piece, look] : standIns) {
        ASSERT_TRUE(info->standIn(piece)) << piece;
        EXPECT_EQ(info->standIn(piece)->standIn, StandIn(look)) << piece;
    }
    auto game = makeGame("mobiatus");
    ASSERT_TRUE(game);
    EXPECT_EQ(game->start()->legalActions().size(), 44u);
    EXPECT_EQ(game->recordExtension(), "txt");
}

TEST(MobiatusRules, StandInsThatLookAlikeAreRefused) {
    GameOptions options;
    options.values["markers"] = "on";
    options.standIns["red-circle"] = StandIn(SetPiece{SetColour::White, Figure::Pawn});
    std::string error;
    EXPECT_FALSE(makeGame("mobiatus", options, error));
    EXPECT_EQ(error,
              "the stand-ins for red (white pawn) and red-circle (white pawn) look alike: each "
              "must be told apart (a singularity's figure counts in either colour)");
    // Without markers only the dots must differ.
    options.values["markers"] = "off";
    EXPECT_TRUE(makeGame("mobiatus", options, error)) << error;
    options.values["markers"] = "on";
    options.standIns["red-circle"] = StandIn(SetPiece{SetColour::Black, Figure::Rook});
    EXPECT_FALSE(makeGame("mobiatus", options, error));
}

}  // namespace
}  // namespace arbiter::mobiatus
