// The rules of Colonization (docs/rules/colonization.md): the surface and the
// seats, the opening placements, abstaining, steps, home planets' captures,
// pieces cut off from their home planets, production and its replacements,
// the Weapon, the three ways to win, late arrivals, rejoining and leaving,
// and what the boards are shown.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "engine/colonization/colonization.h"
#include "engine/core/game.h"
#include "tests/engine/colonization_test_support.h"

namespace arbiter::colonization {
namespace {

using namespace support;
using Names = std::set<std::string>;

std::unique_ptr<Game> game(GameOptions options, std::string* error = nullptr) {
    std::string why;
    auto g = makeGame("colonization", options, why);
    if (error) *error = why;
    return g;
}

GameOptions forPlayers(int players, int files = 0, int ranks = 0) {
    GameOptions o;
    o.players = players;
    o.files = files;
    o.ranks = ranks;
    return o;
}

// The cells an effect changes, by name, "c" after those that are consequences.
std::vector<std::string> changed(const ColonizationState& s, const Effect& e) {
    std::vector<std::string> out;
    for (const CellChange& ch : e.changes)
        out.push_back(s.geometry().name(ch.cell) + (ch.consequence ? "c" : ""));
    return out;
}

// --- The surface and the seats ---------------------------------------------

TEST(ColonizationRules, TheDefaultSurfaceIsOneBoardPerTwoPlayersAsSquareAsTheBoardsAllow) {
    const GameInfo* info = gameInfo("colonization");
    ASSERT_NE(info, nullptr);
    EXPECT_EQ(info->minPlayers, 2);
    EXPECT_EQ(info->maxPlayers, 16);
    EXPECT_EQ(info->defaultPlayers, 4);
    EXPECT_FALSE(info->sizeFixed());
    const std::vector<std::pair<int, std::pair<int, int>>> expected = {
        {2, {8, 8}},   {3, {16, 8}},   {4, {16, 8}},  {6, {24, 8}},  {8, {16, 16}},
        {10, {40, 8}}, {12, {24, 16}}, {14, {56, 8}}, {16, {32, 16}}};
    for (const auto& [players, size] : expected) {
        EXPECT_EQ(info->defaultSurfaceFor(players), size) << players;
        auto g = game(forPlayers(players));
        ASSERT_NE(g, nullptr) << players;
        EXPECT_EQ(g->options().files, size.first);
        EXPECT_EQ(g->options().ranks, size.second);
        EXPECT_EQ(g->start()->playerCount(), players);
    }
    auto g = game(GameOptions());
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->start()->geometry(), Geometry::rectangle(16, 8));
}

TEST(ColonizationRules, AnyRectangleWithASquareForEachPlayer) {
    auto g = game(forPlayers(6, 3, 2));
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->start()->geometry(), Geometry::rectangle(3, 2));
    ASSERT_NE(game(forPlayers(2, 1, 2)), nullptr);
    ASSERT_NE(game(forPlayers(2, 64, 64)), nullptr);
    std::string error;
    EXPECT_EQ(game(forPlayers(6, 5, 1), &error), nullptr);
    EXPECT_EQ(error,
              "colonization needs a square for each player: 6 players need at least 6 cells, not "
              "5x1");
    EXPECT_EQ(game(forPlayers(2, 65, 8), &error), nullptr);
    EXPECT_NE(error.find("1..64 files"), std::string::npos) << error;
}

TEST(ColonizationRules, SeatsAreNamedByNumberInTurnOrder) {
    ColonizationState s(Rules{}, 8, 8, 3);
    EXPECT_EQ(s.playerName(0), "Player 1");
    EXPECT_EQ(s.playerName(2), "Player 3");
    EXPECT_EQ(s.toMove(), 0);
    for (PlayerId p = 0; p < 3; ++p) EXPECT_EQ(s.seat(p), Seat::Placing);
}

// --- The opening -----------------------------------------------------------

TEST(ColonizationRules, EachPlayerFirstPlacesAHomePlanetOnAnyEmptySquare) {
    ColonizationState s(Rules{}, 2, 2, 2);
    EXPECT_EQ(moves(s), (Names{"B@a1", "B@a2", "B@b1", "B@b2"}));
    play(s, "B@a1");
    EXPECT_EQ(s.toMove(), 1);
    EXPECT_EQ(s.seat(0), Seat::Playing);
    EXPECT_EQ(moves(s), (Names{"B@a2", "B@b1", "B@b2"}));
    EXPECT_EQ(s.refusal(said(s, "pass")),
              "you place a home planet first, on any empty square (B@ and the square)");
    EXPECT_EQ(s.refusal(said(s, "B@a1")), "a1 is not empty");
    play(s, "B@b2");
    EXPECT_EQ(s.toMove(), 0);
    EXPECT_EQ(on(s, "a1"), "Ba");
    EXPECT_EQ(on(s, "b2"), "Bb");
}

TEST(ColonizationRules, APlacerWithNoEmptySquareCanOnlyPass) {
    auto s = position(1, 2, "p,n", 'b', "a1:Ba a2:Pa");
    EXPECT_EQ(moves(*s), (Names{"pass"}));
}

// --- A turn ----------------------------------------------------------------

TEST(ColonizationRules, APlayerMayAbstain) {
    auto s = position(8, 8, "p,p", 'a', "d4:Ba h8:Bb");
    EXPECT_TRUE(s->isLegal(Action::pass()));
    play(*s, "pass");
    EXPECT_EQ(s->toMove(), 1);
    EXPECT_EQ(s->plies(), 1);
}

TEST(ColonizationRules, APieceStepsToAnyOfItsEightEmptyNeighbours) {
    auto s = position(8, 8, "p,p", 'a', "d4:Ba d5:Pa h8:Bb");
    Names steps;
    for (const Action& a : s->legalActions()) {
        if (a.kind == Action::Kind::Move && s->geometry().name(a.from) == "d5")
            steps.insert(s->encode(a));
    }
    EXPECT_EQ(steps, (Names{"d5-c4", "d5-c5", "d5-c6", "d5-d6", "d5-e4", "d5-e5", "d5-e6"}));
    EXPECT_EQ(s->refusal(said(*s, "d5-d4")), "d4 holds one of your own pieces");
    EXPECT_EQ(s->refusal(said(*s, "d5-d7")),
              "d5 and d7 are not neighbours: a piece moves one step");
    EXPECT_EQ(s->refusal(said(*s, "e5-e6")), "you have no piece on e5");
}

TEST(ColonizationRules, OnlyAHomePlanetMovesOntoAnotherSocietysPieceAndTakesIt) {
    auto s = position(8, 8, "p,p", 'a', "d4:Ba d5:Pa e6:Pb e5:Bb f7:Pb");
    EXPECT_EQ(s->refusal(said(*s, "d5-e6")),
              "only a home planet may move onto another society's piece");
    const Names all = moves(*s);
    EXPECT_TRUE(all.count("d4xe5"));
    EXPECT_FALSE(all.count("d4xe6"));  // not a neighbour
    play(*s, "d4xe5");
    EXPECT_EQ(on(*s, "e5"), "Ba");
    EXPECT_EQ(on(*s, "d4"), "");
    // Player 2 lost its only home planet: its society is out, and with it
    // every piece it had.
    EXPECT_EQ(s->seat(1), Seat::Out);
    EXPECT_EQ(on(*s, "e6"), "");
    EXPECT_EQ(on(*s, "f7"), "");
    EXPECT_FALSE(s->inGame(1));
}

TEST(ColonizationRules, AHomePlanetTakesAnotherHomePlanetOrAnyStation) {
    auto s = position(8, 8, "p,p", 'b', "d4:Ba e4:Ra e5:Bb d6:Ba");
    EXPECT_TRUE(moves(*s).count("e5xd4"));
    EXPECT_TRUE(moves(*s).count("e5xe4"));
    play(*s, "e5xd4");
    // Player 1 keeps its other home planet; e4 was joined to d4 only.
    EXPECT_EQ(s->seat(0), Seat::Playing);
    EXPECT_EQ(on(*s, "e4"), "");
    EXPECT_EQ(on(*s, "d6"), "Ba");
}

// --- Pieces cut off from their home planets --------------------------------

TEST(ColonizationRules, AStepThatCutsAChainRemovesTheCutOffPieces) {
    auto s = position(8, 8, "p,p", 'a', "a1:Ba b2:Pa c3:Pa d4:Pa h8:Bb");
    const Action a = said(*s, "b2-b1");
    EXPECT_EQ(s->describe(a), "b2-b1; cut off: Player 1's colony on c3, Player 1's colony on d4");
    EXPECT_EQ(changed(*s, s->effect(a)), (std::vector<std::string>{"b1", "b2", "c3c", "d4c"}));
    s->apply(a);
    EXPECT_EQ(on(*s, "b1"), "Pa");
    EXPECT_EQ(on(*s, "c3"), "");
    EXPECT_EQ(on(*s, "d4"), "");
    EXPECT_EQ(s->piecesOf(0), 2);
}

TEST(ColonizationRules, APieceSteppingAwayFromItsChainIsItselfRemoved) {
    auto s = position(8, 8, "p,p", 'a', "a1:Ba b2:Pa c3:Pa d4:Pa h8:Bb");
    const Action a = said(*s, "c3-c4");
    EXPECT_EQ(s->describe(a), "c3-c4; cut off: Player 1's colony on c4, Player 1's colony on d4");
    // On the boards it would be only a colony lifted, as any piece in the
    // hand is: such a step is said, never read from the boards.
    EXPECT_TRUE(s->effect(a).empty());
    s->apply(a);
    EXPECT_EQ(on(*s, "c4"), "");
    EXPECT_EQ(on(*s, "d4"), "");
}

TEST(ColonizationRules, APlanetCaptureThatCutsAnEnemyChainRemovesItsCutOffPieces) {
    auto s = position(8, 8, "p,p", 'a', "g5:Ba h8:Bb g7:Pb f6:Pb e5:Pb");
    const Action a = said(*s, "g5xf6");
    EXPECT_EQ(s->describe(a),
              "home planet g5xf6 takes Player 2's colony; cut off: Player 2's "
              "colony on e5");
    // The mover lifts the colony it takes; the cut-off one is a consequence.
    EXPECT_EQ(changed(*s, s->effect(a)), (std::vector<std::string>{"e5c", "g5", "f6"}));
    s->apply(a);
    EXPECT_EQ(on(*s, "e5"), "");
    EXPECT_EQ(on(*s, "g7"), "Pb");
    EXPECT_EQ(on(*s, "f6"), "Ba");
}

TEST(ColonizationRules, ASocietySplitInTwoClustersEachOnAHomePlanetKeepsBoth) {
    auto s = position(8, 8, "p,p", 'b', "a1:Ba b1:Pa c1:Pa d1:Pa e1:Ba c2:Bb");
    const Action a = said(*s, "c2xc1");
    EXPECT_EQ(s->describe(a), "home planet c2xc1 takes Player 1's colony");
    s->apply(a);
    EXPECT_EQ(on(*s, "b1"), "Pa");
    EXPECT_EQ(on(*s, "d1"), "Pa");
    EXPECT_EQ(s->piecesOf(0), 4);
}

TEST(ColonizationRules, AClusterWithoutAHomePlanetIsRemoved) {
    auto s = position(8, 8, "p,p", 'b', "a1:Ba b1:Pa c1:Pa d1:Pa e1:Pa c2:Bb");
    play(*s, "c2xc1");
    EXPECT_EQ(on(*s, "b1"), "Pa");
    EXPECT_EQ(on(*s, "d1"), "");
    EXPECT_EQ(on(*s, "e1"), "");
}

// --- Production ------------------------------------------------------------

TEST(ColonizationRules, AColonyIsProducedOnAnEmptySquareNextToAHomePlanet) {
    auto s = position(8, 8, "p,p", 'a', "a1:Ba a2:Pa h8:Bb");
    Names produced;
    for (const std::string& m : moves(*s)) {
        if (m[1] == '@') produced.insert(m);
    }
    EXPECT_EQ(produced, (Names{"P@b1", "P@b2"}));
    EXPECT_EQ(s->refusal(said(*s, "P@f3")), "f3 is not next to one of your home planets");
    EXPECT_EQ(s->refusal(said(*s, "P@a2")), "a2 is not empty");
    EXPECT_EQ(s->describe(said(*s, "P@b2")), "colony on b2");
    play(*s, "P@b2");
    EXPECT_EQ(on(*s, "b2"), "Pa");
}

TEST(ColonizationRules, EightColoniesRefuseANinth) {
    auto s = position(8, 8, "p,p", 'a',
                      "d4:Ba c3:Pa c4:Pa c5:Pa d3:Pa d5:Pa e3:Pa e4:Pa f5:Pa "
                      "h8:Bb");
    EXPECT_EQ(s->refusal(said(*s, "P@e5")),
              "you have 8 colonies on the board: produce a station, a second home planet or "
              "nothing");
    // A station or a second planet may go on the empty e5 or on any square
    // next to d4 that a replaced colony frees.
    Names produced;
    for (const std::string& m : moves(*s)) {
        if (m[1] == '@') produced.insert(m);
    }
    EXPECT_EQ(produced, (Names{"R@c3", "R@c4", "R@c5", "R@d3", "R@d5", "R@e3", "R@e4", "R@e5",
                               "B@c3", "B@c4", "B@c5", "B@d3", "B@d5", "B@e3", "B@e4", "B@e5"}));
}

TEST(ColonizationRules, EightColoniesBecomeAnAgriculturalStation) {
    auto s = position(8, 8, "p,p", 'a', cornerSociety() + " h8:Bb");
    const Action a = said(*s, "R@b2");
    EXPECT_EQ(s->describe(a),
              "agricultural station on b2, replacing the eight colonies on a2 a3 b1 b2 b3 c1 c2 "
              "c3");
    // The hand puts the station on b2 (where a colony stood); the arbiter
    // says to take the other seven off.
    EXPECT_EQ(changed(*s, s->effect(a)),
              (std::vector<std::string>{"b1c", "c1c", "a2c", "b2", "c2c", "a3c", "b3c", "c3c"}));
    s->apply(a);
    EXPECT_EQ(s->count(0, kColony), 0);
    EXPECT_EQ(s->count(0, kAgricultural), 1);
    EXPECT_EQ(on(*s, "b2"), "Ra");
    EXPECT_EQ(s->piecesOf(0), 2);
}

TEST(ColonizationRules, TheReplacedColoniesFreeTheirSquaresForTheNewPiece) {
    // Every square next to a1 holds a colony: only their leaving makes room.
    auto s = position(8, 8, "p,p", 'a', cornerSociety() + " h8:Bb");
    EXPECT_TRUE(s->isLegal(said(*s, "R@a2")));
    EXPECT_TRUE(s->isLegal(said(*s, "B@b1")));
    EXPECT_EQ(s->refusal(said(*s, "R@c3")), "c3 is not next to one of your home planets");
}

TEST(ColonizationRules, EightColoniesBecomeASecondHomePlanet) {
    auto s = position(8, 8, "p,p", 'a', cornerSociety() + " h8:Bb");
    const Action a = said(*s, "B@b2");
    EXPECT_EQ(s->describe(a),
              "second home planet on b2, replacing the eight colonies on a2 a3 b1 b2 b3 c1 c2 c3");
    s->apply(a);
    EXPECT_EQ(s->count(0, kPlanet), 2);
    EXPECT_EQ(s->count(0, kColony), 0);
}

TEST(ColonizationRules, ProductionNeedsTheFullComplementItReplaces) {
    auto s = position(8, 8, "p,p", 'a', "d4:Ba c3:Pa c4:Pa h8:Bb");
    EXPECT_EQ(s->refusal(said(*s, "R@e4")),
              "an agricultural station replaces eight colonies and you have 2 colonies on the "
              "board");
    EXPECT_EQ(s->refusal(said(*s, "B@e4")),
              "a second home planet replaces eight colonies and you have 2 colonies on the board");
    EXPECT_EQ(s->refusal(said(*s, "N@e4")),
              "an industrial station replaces eight colonies and two agricultural stations, and "
              "you have 2 colonies and 0 agricultural stations on the board");
    EXPECT_EQ(s->refusal(said(*s, "K@e4")),
              "a Weapon replaces eight colonies, two agricultural and two industrial stations, "
              "and you have 2 colonies, 0 agricultural stations and 0 industrial stations on "
              "the board");
    auto two = position(8, 8, "p,p", 'a', "d4:Ba e4:Ba h8:Bb");
    EXPECT_EQ(two->refusal(said(*two, "B@d5")), "you have both home planets on the board already");
}

const std::string kTenAroundD4 =
    "d4:Ba c3:Pa c4:Pa c5:Pa d3:Pa d5:Pa e3:Pa e4:Pa e5:Pa b4:Ra f4:Ra";

TEST(ColonizationRules, EightColoniesAndTwoAgriculturalStationsBecomeAnIndustrialStation) {
    auto s = position(8, 8, "p,p", 'a', kTenAroundD4 + " h8:Bb");
    const Action a = said(*s, "N@c4");
    EXPECT_EQ(s->describe(a),
              "industrial station on c4, replacing the eight colonies on c3 c4 c5 d3 d5 e3 e4 e5 "
              "and the two agricultural stations on b4 f4");
    EXPECT_EQ(s->refusal(said(*s, "R@c4")),
              "you have both agricultural stations on the board "
              "already");
    s->apply(a);
    EXPECT_EQ(s->piecesOf(0), 2);
    EXPECT_EQ(on(*s, "c4"), "Na");
    EXPECT_EQ(on(*s, "b4"), "");
}

TEST(ColonizationRules, TwelveBecomeAWeapon) {
    auto s = position(8, 8, "p,p", 'a', kTenAroundD4 + " d2:Na d6:Na h8:Bb");
    EXPECT_EQ(s->refusal(said(*s, "N@c4")),
              "you have both industrial stations on the board already");
    const Action a = said(*s, "K@e4");
    EXPECT_EQ(s->describe(a),
              "Weapon on e4, replacing the eight colonies on c3 c4 c5 d3 d5 e3 e4 e5, the two "
              "agricultural stations on b4 f4 and the two industrial stations on d2 d6");
    EXPECT_EQ(s->effect(a).changes.size(), 12u);
    s->apply(a);
    EXPECT_EQ(s->piecesOf(0), 2);
    EXPECT_EQ(on(*s, "e4"), "Ka");
    // A queen said for the Weapon is the Weapon.
    auto again = position(8, 8, "p,p", 'a', kTenAroundD4 + " d2:Na d6:Na h8:Bb");
    EXPECT_EQ(said(*again, "Q@e4"), a);
}

TEST(ColonizationRules, NoThirdWeapon) {
    auto s = position(8, 8, "p,p", 'a', kTenAroundD4 + " d2:Na d6:Na g4:Ka a4:Ka h8:Bb");
    EXPECT_EQ(s->refusal(said(*s, "K@e4")), "you have both Weapons on the board already");
}

TEST(ColonizationRules, ProductionCutsOffWhatOnlyTheReplacedPiecesJoined) {
    auto s = position(8, 8, "p,p", 'a',
                      "d4:Ba c3:Pa c4:Pa c5:Pa d3:Pa d5:Pa e3:Pa e4:Pa e5:Pa f4:Na h8:Bb");
    const Action a = said(*s, "R@d5");
    EXPECT_EQ(s->describe(a),
              "agricultural station on d5, replacing the eight colonies on c3 c4 c5 d3 d5 e3 e4 "
              "e5; cut off: Player 1's industrial station on f4");
    s->apply(a);
    EXPECT_EQ(on(*s, "f4"), "");
    EXPECT_EQ(s->piecesOf(0), 2);
}

// --- The Weapon ------------------------------------------------------------

const std::string kWeaponTable = "a1:Ba a2:Pa b2:Ka c3:Pa h8:Bb g7:Pb g8:Pb f6:Rb h1:Bc g1:Pc";

TEST(ColonizationRules, TheWeaponLeavesOthersOnlyTheirHomePlanetsThenLeavesItself) {
    auto s = position(8, 8, "p,p,p", 'a', kWeaponTable);
    const Action a = said(*s, "weapon b2");
    EXPECT_EQ(a, Action::choice(kActivate, *s->geometry().parse("b2")));
    EXPECT_TRUE(s->isLegal(a));
    // Then the connection check: c3 was joined to a1 through the Weapon.
    EXPECT_EQ(s->describe(a), "activates the Weapon on b2; cut off: Player 1's colony on c3");
    s->apply(a);
    for (const char* gone : {"b2", "c3", "g7", "g8", "f6", "g1"})
        EXPECT_EQ(on(*s, gone), "") << gone;
    EXPECT_EQ(on(*s, "a1"), "Ba");
    EXPECT_EQ(on(*s, "a2"), "Pa");
    EXPECT_EQ(on(*s, "h8"), "Bb");
    EXPECT_EQ(on(*s, "h1"), "Bc");
    EXPECT_EQ(s->count(0, kWeapon), 0);
    EXPECT_TRUE(s->inGame(1));
    EXPECT_TRUE(s->inGame(2));
}

TEST(ColonizationRules, TheWeaponIsSaidNeverShown) {
    auto s = position(8, 8, "p,p,p", 'a', kWeaponTable);
    const Action a = said(*s, "weapon b2");
    EXPECT_TRUE(s->effect(a).empty());
    std::vector<Cell> told = s->consequences(a, *s);
    EXPECT_EQ(told.size(), 6u);  // all that the players are then told to take off
}

TEST(ColonizationRules, TheWeaponCannotBeUsedAfterTheTimeLimit) {
    auto s = position(8, 8, "p,p,p", 'a', kWeaponTable);
    EXPECT_EQ(s->refusedAfterTimeLimit(said(*s, "weapon b2")),
              "the Weapon cannot be used after the time limit");
    EXPECT_EQ(s->refusedAfterTimeLimit(said(*s, "a2-a3")), "");
    EXPECT_EQ(s->refusedAfterTimeLimit(Action::pass()), "");
    EXPECT_EQ(s->refusal(said(*s, "weapon a2")), "you have no Weapon on a2");
}

// --- Winning ---------------------------------------------------------------

TEST(ColonizationRules, AllSixteenPiecesOnTheBoardWinAtOnce) {
    auto s = position(8, 8, "p,p,p", 'a',
                      "d4:Ba h4:Ba c3:Pa c4:Pa c5:Pa d3:Pa d5:Pa e3:Pa e4:Pa b4:Ra f4:Ra d2:Na "
                      "d6:Na g4:Ka a4:Ka h8:Bb a8:Bc");
    EXPECT_EQ(s->piecesOf(0), 15);
    play(*s, "P@e5");
    EXPECT_EQ(s->outcome(), Outcome::win({0}, "Player 1 has all sixteen pieces on the board"));
    EXPECT_TRUE(s->legalActions().empty());
    EXPECT_TRUE(s->rosterActions().empty());
}

TEST(ColonizationRules, TheOnlySocietyLeftWins) {
    auto s = position(8, 8, "p,p,o", 'a', "d4:Ba e5:Bb");
    play(*s, "d4xe5");
    EXPECT_EQ(s->outcome(), Outcome::win({0}, "only Player 1's society is left"));
}

TEST(ColonizationRules, NotBeforeEveryPlayerHasPlacedAHomePlanet) {
    auto s = position(8, 8, "p,p,n", 'a', "d4:Ba e5:Bb");
    play(*s, "d4xe5");
    EXPECT_FALSE(s->outcome().over());
    EXPECT_EQ(s->toMove(), 2);
    play(*s, "B@a8");
    EXPECT_FALSE(s->outcome().over());
}

TEST(ColonizationRules, ARejoinerDoesNotKeepAnotherFromWinning) {
    auto s = position(8, 8, "p,p,b,p*", 'a', "d4:Ba e5:Bb a8:Bd");
    play(*s, "d4xe5");
    EXPECT_EQ(s->outcome(), Outcome::win({0}, "only Player 1's society is left"));
    // Nor one still to place its home planet.
    auto placing = position(8, 8, "p,p,b,n*", 'a', "d4:Ba e5:Bb");
    play(*placing, "d4xe5");
    EXPECT_TRUE(placing->outcome().over());
}

// The rejoiner's capture of the second last society leaves the last one
// alone among those that count: that one wins.
TEST(ColonizationRules, ARejoinerTakingTheSecondLastSocietyMakesTheLastOneWin) {
    auto s = position(8, 8, "p,p,b,p*", 'd', "a8:Ba e5:Bb d4:Bd");
    play(*s, "d4xe5");
    EXPECT_EQ(s->outcome(), Outcome::win({0}, "only Player 1's society is left"));
}

// Play never leaves a rejoiner alone (the last society that counts wins
// first), but a loaded position may: it wins once it has two home planets.
TEST(ColonizationRules, ARejoinerLeftAloneWinsOnlyOnceItHasTwoHomePlanets) {
    auto s = position(8, 8, "o,b,p*", 'c', cornerSociety('c'));
    EXPECT_FALSE(s->outcome().over());
    play(*s, "pass");
    EXPECT_EQ(s->toMove(), 2);
    play(*s, "B@b2");
    EXPECT_FALSE(s->rejoiner(2));
    EXPECT_EQ(s->outcome(), Outcome::win({2}, "only Player 3's society is left"));
}

TEST(ColonizationRules, WhenPlayIsStoppedMostPiecesWins) {
    auto s = position(8, 8, "p,p,p", 'a', "a1:Ba a2:Pa a3:Pa a4:Pa h8:Bb h7:Pb h1:Bc");
    EXPECT_EQ(s->stoppedOutcome("the time limit"),
              Outcome::win({0},
                           "the time limit: Player 1 has the most pieces on the board, 4 "
                           "pieces"));
}

TEST(ColonizationRules, WhenPlayIsStoppedEqualMostPiecesDrawAmongTheTied) {
    auto s = position(8, 8, "p,p,p", 'a', "a1:Ba a2:Pa a3:Pa h8:Bb h7:Pb h6:Pb h1:Bc");
    const Outcome o = s->stoppedOutcome("the time limit");
    EXPECT_EQ(o.status, Outcome::Status::Draw);
    EXPECT_EQ(o.winners, (std::vector<PlayerId>{0, 1}));
    EXPECT_EQ(o.reason,
              "the time limit: Player 1 and Player 2 have the most pieces on the board, 3 pieces "
              "each");
}

TEST(ColonizationRules, EveryoneInTheGameCanStillWinAndNoOneElse) {
    auto s = position(8, 8, "p,o,n,l", 'a', "a1:Ba");
    EXPECT_TRUE(s->canStillWin(0));
    EXPECT_FALSE(s->canStillWin(1));
    EXPECT_TRUE(s->canStillWin(2));
    EXPECT_FALSE(s->canStillWin(3));
    EXPECT_EQ(s->opponents(0), (std::vector<PlayerId>{2}));
}

// --- Late arrivals, rejoining, leaving -------------------------------------

TEST(ColonizationRules, ALateArrivalTakesTheNextSeatAndPlacesAHomePlanet) {
    auto s = position(8, 8, "p,p", 'b', "a1:Ba h8:Bb");
    EXPECT_EQ(s->rosterActions(),
              (std::vector<Action>{Action::join(), Action::leave(0), Action::leave(1)}));
    EXPECT_EQ(s->describe(Action::join()), "Player 3 joins");
    s->apply(Action::join());
    EXPECT_EQ(s->playerCount(), 3);
    EXPECT_EQ(s->seat(2), Seat::Placing);
    EXPECT_FALSE(s->rejoiner(2));
    EXPECT_EQ(s->toMove(), 1);
    play(*s, "pass");
    EXPECT_EQ(s->toMove(), 2);
    play(*s, "B@d4");
    EXPECT_EQ(s->toMove(), 0);
}

TEST(ColonizationRules, AKnockedOutPlayerRejoinsAtANewSeatAtTheEnd) {
    auto s = position(8, 8, "p,o,p", 'a', "a1:Ba h8:Bc");
    EXPECT_EQ(s->rosterActions(), (std::vector<Action>{Action::join(), Action::join(1),
                                                       Action::leave(0), Action::leave(2)}));
    EXPECT_EQ(s->describe(Action::join(1)), "Player 2 rejoins as Player 4");
    s->apply(Action::join(1));
    EXPECT_EQ(s->seat(1), Seat::Rejoined);
    EXPECT_EQ(s->seat(3), Seat::Placing);
    EXPECT_TRUE(s->rejoiner(3));
    EXPECT_EQ(s->refusal(Action::join(1)), "Player 2 has already rejoined");
    EXPECT_EQ(s->refusal(Action::join(0)), "Player 1 is still in the game");
}

// The player comes back with the set they played with, whatever colour the
// new seat would have had.
TEST(ColonizationRules, ARejoinerKeepsTheColourOfItsSet) {
    auto s = position(8, 8, "p,p,o", 'a', "a1:Ba h8:Bb");
    EXPECT_EQ(s->colourOf(2), SetColour::White);
    s->apply(Action::join(2));
    EXPECT_EQ(s->colourOf(3), SetColour::White);
    EXPECT_EQ(s->serialize(), "8x8 p,p,b,n*w a 0 7Bb/8/8/8/8/8/8/Ba7");
    play(*s, "pass");
    play(*s, "pass");
    play(*s, "B@d4");
    EXPECT_EQ(s->appearance(*s->geometry().parse("d4")),
              (SetPiece{SetColour::White, Figure::Bishop}));
    auto back = loaded(s->serialize());
    EXPECT_EQ(back->colourOf(3), SetColour::White);
    EXPECT_EQ(back->serialize(), s->serialize());
}

TEST(ColonizationRules, SeatsAreNeverReusedUpToSixtyFour) {
    ColonizationState s(Rules{}, 8, 8, 16);
    while (s.playerCount() < kMaxSeats) s.apply(Action::join());
    EXPECT_FALSE(s.isLegal(Action::join()));
    EXPECT_EQ(s.refusal(Action::join()), "every seat is taken: a game has at most 16");
}

TEST(ColonizationRules, ALeaverTakesTheirPiecesAndTheTurnMovesOn) {
    auto s = position(8, 8, "p,p,p", 'a', "a1:Ba a2:Pa h8:Bb h1:Bc");
    const Effect e = s->effect(Action::leave(0));
    EXPECT_EQ(changed(*s, e), (std::vector<std::string>{"a1", "a2"}));
    s->apply(Action::leave(0));
    EXPECT_EQ(s->seat(0), Seat::Left);
    EXPECT_EQ(on(*s, "a1"), "");
    EXPECT_EQ(s->toMove(), 1);
    EXPECT_FALSE(s->isLegal(Action::join(0)));
    EXPECT_EQ(s->refusal(Action::join(0)), "Player 1 left the game for good");
    s->apply(Action::leave(2));
    EXPECT_EQ(s->outcome(), Outcome::win({1}, "only Player 2's society is left"));
}

TEST(ColonizationRules, TheTurnSkipsSeatsThatAreOut) {
    auto s = position(8, 8, "p,o,p", 'a', "a1:Ba h8:Bc");
    play(*s, "pass");
    EXPECT_EQ(s->toMove(), 2);
    play(*s, "pass");
    EXPECT_EQ(s->toMove(), 0);
}

// --- What the boards show --------------------------------------------------

TEST(ColonizationRules, EachSeatsPiecesStandInItsColourAlternatingByDefault) {
    auto s = position(8, 8, "p,p,p", 'a', "a1:Ba b1:Pa h8:Bb g8:Kb h1:Bc");
    EXPECT_EQ(s->appearance(*s->geometry().parse("a1")),
              (SetPiece{SetColour::White, Figure::Bishop}));
    EXPECT_EQ(s->appearance(*s->geometry().parse("b1")),
              (SetPiece{SetColour::White, Figure::Pawn}));
    EXPECT_EQ(s->appearance(*s->geometry().parse("g8")),
              (SetPiece{SetColour::Black, Figure::King}));
    EXPECT_EQ(s->appearance(*s->geometry().parse("h1")),
              (SetPiece{SetColour::White, Figure::Bishop}));
    EXPECT_EQ(s->appearance(*s->geometry().parse("d4")), std::nullopt);
}

TEST(ColonizationRules, TheColoursOptionSetsEachSeatsColourAndLaterSeatsAlternate) {
    GameOptions o = forPlayers(3);
    o.values["colours"] = "wwB";
    auto g = game(o);
    ASSERT_NE(g, nullptr);
    const auto& rules = static_cast<const ColonizationGame&>(*g).rules();
    EXPECT_EQ(rules.colourOf(0), SetColour::White);
    EXPECT_EQ(rules.colourOf(1), SetColour::White);
    EXPECT_EQ(rules.colourOf(2), SetColour::Black);
    EXPECT_EQ(rules.colourOf(3), SetColour::Black);  // a late arrival: seat 4 alternates
    EXPECT_EQ(rules.colourOf(4), SetColour::White);
    std::string error;
    o.values["colours"] = "wbx";
    EXPECT_EQ(game(o, &error), nullptr);
    EXPECT_EQ(error,
              "option colours takes alternate or a word of w and b, one letter per seat in "
              "turn order (such as wwbbwb), not \"wbx\"");
}

TEST(ColonizationRules, AQueenIsReadAsTheWeaponsKingInEitherColour) {
    auto g = makeGame("colonization");
    EXPECT_EQ(readSensed(*g, {SetColour::White, Figure::Queen}),
              (SetPiece{SetColour::White, Figure::King}));
    EXPECT_EQ(readSensed(*g, {SetColour::Black, Figure::Queen}),
              (SetPiece{SetColour::Black, Figure::King}));
    EXPECT_EQ(readSensed(*g, {SetColour::Black, Figure::Rook}),
              (SetPiece{SetColour::Black, Figure::Rook}));
    EXPECT_EQ(lookName(*g, {SetColour::Black, Figure::Bishop}), "black bishop (a home planet)");
    EXPECT_EQ(lookName(*g, {SetColour::White, Figure::King}), "white king (a Weapon)");
}

TEST(ColonizationRules, TwoKindsMayNotShareAFigure) {
    GameOptions o;
    o.standIns["colony"] = StandIn(SetPiece{SetColour::White, Figure::Queen});
    std::string error;
    EXPECT_EQ(game(o, &error), nullptr);
    EXPECT_EQ(error,
              "the stand-ins for colony (white queen) and weapon (white king or queen) "
              "share a figure: each figure may stand for one kind only");
    GameOptions swapped;
    swapped.standIns["colony"] = StandIn(SetPiece{SetColour::Black, Figure::Rook});
    swapped.standIns["agricultural"] = StandIn(SetPiece{SetColour::White, Figure::Pawn});
    auto g = game(swapped, &error);
    ASSERT_NE(g, nullptr) << error;
    auto s = g->load(positionText(8, 8, "p,p", 'a', "a1:Ba a2:Pa h8:Bb"), error);
    ASSERT_NE(s, nullptr) << error;
    EXPECT_EQ(s->appearance(*s->geometry().parse("a2")),
              (SetPiece{SetColour::White, Figure::Rook}));
}

// What effect() says of every action but the Weapon is what applying it does
// to the cells, as the slow default finds it.
TEST(ColonizationRules, TheQuickEffectIsTheDefaultOne) {
    const std::vector<std::string> positions = {
        positionText(8, 8, "p,p", 'a', "a1:Ba b2:Pa c3:Pa d4:Pa h8:Bb"),
        positionText(8, 8, "p,p", 'a', "g5:Ba h8:Bb g7:Pb f6:Pb e5:Pb"),
        positionText(8, 8, "p,p", 'b', "a1:Ba b1:Pa c1:Pa d1:Pa e1:Pa c2:Bb"),
        positionText(8, 8, "p,p", 'a', cornerSociety() + " h8:Bb g7:Pb"),
        positionText(8, 8, "p,p", 'a', kTenAroundD4 + " d2:Na d6:Na h8:Bb g7:Pb"),
        positionText(8, 8, "p,p", 'a',
                     "d4:Ba c3:Pa c4:Pa c5:Pa d3:Pa d5:Pa e3:Pa e4:Pa e5:Pa f4:Na f5:Ka h8:Bb"),
        positionText(3, 3, "n,p", 'a', "b2:Bb"),
        // Two home planets and eight colonies: steps to lower squares too.
        positionText(8, 8, "p,p", 'a',
                     "d4:Ba e4:Ba c3:Pa c4:Pa c5:Pa d3:Pa d5:Pa e3:Pa e5:Pa f5:Pa h8:Bb"),
    };
    for (const std::string& text : positions) {
        auto s = loaded(text);
        for (const Action& a : s->legalActions()) {
            // The Weapon and steps into isolation are said: their effect is empty.
            if (a.kind == Action::Kind::Choice || s->effect(a).empty()) continue;
            EXPECT_EQ(s->effect(a).changes, s->GameState::effect(a).changes)
                << text << ": " << s->encode(a);
        }
        for (const Action& a : s->rosterActions()) {
            EXPECT_EQ(s->effect(a).changes, s->GameState::effect(a).changes)
                << text << ": " << s->encode(a);
        }
    }
}

}  // namespace
}  // namespace arbiter::colonization
