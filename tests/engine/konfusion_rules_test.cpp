// The rules of Konfusion (docs/rules/konfusion.md): the seats and their
// keyposts, each pip count's moves with ricochets, stops and jumps, the 6's
// winding walk, gaining pips, passing, every way the game ends, and the turns
// of the die option.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "engine/konfusion/konfusion.h"
#include "tests/engine/konfusion_test_support.h"

namespace arbiter::konfusion {
namespace {

using namespace support;
using Names = std::set<std::string>;

std::string pieceOn(const KonfusionState& s, const std::string& cell) {
    if (!s.pipsAt(at(cell))) return ".";
    return s.playerName(s.ownerAt(at(cell))).substr(0, 1) + std::to_string(s.pipsAt(at(cell)));
}

// What stands on `to` once South has moved there from `from` among `pieces`.
std::string landed(const std::string& pieces, const std::string& from, const std::string& to) {
    auto s = position(pieces);
    play(*s, from, to);
    return pieceOn(*s, to);
}

// --- The start ---------------------------------------------------------------

TEST(KonfusionRules, TwoPlayersStartOnTheirThreeBackRowsFacingEachOther) {
    KonfusionState s(seats(2));
    EXPECT_EQ(s.serialize(),
              "1N2N3N4N6N5N4N3N21/2N1N1N2N2N1N12/3N1N1N1N13/10/10/10/10/3S1S1S1S13/"
              "2S1S1S2S2S1S12/1S2S3S4S5S6S4S3S21 S 0,0");
    EXPECT_EQ(s.playerName(0), "South");
    EXPECT_EQ(s.playerName(1), "North");
    EXPECT_EQ(s.toMove(), 0);
    for (PlayerId p : {0, 1}) EXPECT_EQ(s.pipsOnBoard(p), 29 + 8 + 4);
    EXPECT_FALSE(s.outcome().over());
}

// West's 18 dice along the a to c files, East's along the j to h files:
// South's rows, each turned to its own side, never on another's cell.
TEST(KonfusionRules, WestAndEastSetUpAlongTheSideFiles) {
    using Pieces = std::vector<std::pair<const char*, const char*>>;
    const Pieces west = {{"a9", "W2"}, {"a8", "W3"}, {"a7", "W4"}, {"a6", "W5"}, {"a5", "W6"},
                         {"a4", "W4"}, {"a3", "W3"}, {"a2", "W2"}, {"b8", "W1"}, {"b7", "W1"},
                         {"b6", "W2"}, {"b5", "W2"}, {"b4", "W1"}, {"b3", "W1"}, {"c7", "W1"},
                         {"c6", "W1"}, {"c5", "W1"}, {"c4", "W1"}};
    const Pieces east = {{"j2", "E2"}, {"j3", "E3"}, {"j4", "E4"}, {"j5", "E5"}, {"j6", "E6"},
                         {"j7", "E4"}, {"j8", "E3"}, {"j9", "E2"}, {"i3", "E1"}, {"i4", "E1"},
                         {"i5", "E2"}, {"i6", "E2"}, {"i7", "E1"}, {"i8", "E1"}, {"h4", "E1"},
                         {"h5", "E1"}, {"h6", "E1"}, {"h7", "E1"}};
    for (int players : {3, 4}) {
        KonfusionState s(seats(players));
        EXPECT_EQ(s.playerName(1), "West");
        EXPECT_EQ(s.playerName(2), "North");
        for (const auto& [cell, piece] : west) EXPECT_EQ(pieceOn(s, cell), piece) << cell;
        for (const auto& [cell, piece] : east)
            EXPECT_EQ(pieceOn(s, cell), players == 4 ? piece : ".") << cell;  // nobody East
        int pieces = 0;
        for (Cell c = 0; c < kCells; ++c) pieces += s.pipsAt(c) != 0;
        EXPECT_EQ(pieces, players * 18);
        for (PlayerId p = 0; p < players; ++p) EXPECT_EQ(s.pipsOnBoard(p), 41);
    }
    EXPECT_EQ(KonfusionState(seats(4)).playerName(3), "East");
}

TEST(KonfusionRules, KeypostsAreTheCornersAndMiddleOfEverySeatedSidesBackRank) {
    auto names = [](std::array<Cell, 4> cells) {
        Names out;
        for (Cell c : cells) out.insert(nameOf(c));
        return out;
    };
    EXPECT_EQ(names(keypostsOf(South)), (Names{"a1", "e1", "f1", "j1"}));
    EXPECT_EQ(names(keypostsOf(North)), (Names{"a10", "e10", "f10", "j10"}));
    EXPECT_EQ(names(keypostsOf(West)), (Names{"a1", "a5", "a6", "a10"}));
    EXPECT_EQ(names(keypostsOf(East)), (Names{"j1", "j5", "j6", "j10"}));
    // Corners are shared; a side nobody sits at has none.
    EXPECT_EQ(Seating::of(2).keyposts.count(), 8);
    EXPECT_EQ(Seating::of(3).keyposts.count(), 10);
    EXPECT_EQ(Seating::of(4).keyposts.count(), 12);
    EXPECT_TRUE(Seating::of(3).keyposts.has(at("a5")));
    EXPECT_FALSE(Seating::of(3).keyposts.has(at("j5")));
    EXPECT_FALSE(Seating::of(2).keyposts.has(at("a5")));
}

// --- Each pip count's moves ------------------------------------------------

TEST(KonfusionRules, AOneStepsForwardLeftOrRightAsItsSeatSeesThem) {
    auto s = position("c3:S1 c8:W1 h8:N1 h3:E1", 'S', "0,0,0,0");
    EXPECT_EQ(reach(*s, "c3"), (Names{"c4", "b3", "d3"}));
    EXPECT_EQ(reach(*s, "c8"), (Names{"d8", "c9", "c7"}));
    EXPECT_EQ(reach(*s, "h8"), (Names{"h7", "g8", "i8"}));
    EXPECT_EQ(reach(*s, "h3"), (Names{"g3", "h2", "h4"}));
}

TEST(KonfusionRules, ATwoMovesTwoSquaresDiagonallyForward) {
    auto s = position("c3:S2 c8:W2 h8:N2 h3:E2", 'S', "0,0,0,0");
    EXPECT_EQ(reach(*s, "c3"), (Names{"a5", "e5"}));
    EXPECT_EQ(reach(*s, "c8"), (Names{"e10", "e6"}));
    EXPECT_EQ(reach(*s, "h8"), (Names{"j6", "f6"}));
    EXPECT_EQ(reach(*s, "h3"), (Names{"f1", "f5"}));
}

TEST(KonfusionRules, AThreeMovesThreeSquaresStraightEitherWay) {
    auto s = position("e5:S3 h10:N1");
    EXPECT_EQ(reach(*s, "e5"), (Names{"e8", "e2", "b5", "h5"}));
}

TEST(KonfusionRules, AFourMovesFourSquaresDiagonallyEitherWay) {
    auto s = position("e5:S4 h10:N1");
    EXPECT_EQ(reach(*s, "e5"), (Names{"a9", "i9", "a1", "i1"}));
}

// North and south run into the wall and stop early on e1 and a1 (keyposts);
// west and the two diagonals ricochet.
TEST(KonfusionRules, AFiveMovesFiveSquaresInAnyOfEightDirections) {
    auto s = position("e5:S5 h10:N1");
    EXPECT_EQ(reach(*s, "e5"),
              (Names{"e10", "e2", "e1", "j5", "b5", "j10", "b10", "j2", "b2", "a1"}));
}

// Any cell but its own is within six king steps of e5, and a walk may go
// back and forth: every cell but the start, the enemy on h10 as a capture.
TEST(KonfusionRules, ASixOnAnOpenBoardReachesEveryOtherCell) {
    auto s = position("e5:S6 h10:N1");
    EXPECT_EQ(s->destinations(at("e5")).count(), kCells - 1);
    EXPECT_FALSE(s->destinations(at("e5")).has(at("e5")));
}

// --- Ricochets ---------------------------------------------------------------

// b5 west: a5, off the wall back over its own start b5 (empty while it
// moves), to c5.
TEST(KonfusionRules, AThreeRicochetsOffTheWallAndComesBack) {
    auto s = position("b5:S3 h10:N1");
    EXPECT_EQ(reach(*s, "b5"), (Names{"c5", "e5", "b8", "b2"}));
    auto blocked = position("b5:S3 e5:S1 h10:N1");
    EXPECT_EQ(reach(*blocked, "b5"), (Names{"c5", "b8", "b2"}));
}

// b2 south-west: a1, then both walls at once send it straight back over b2
// (its start, empty), to c3 (blocked by its own 1) and d4. d4 is reached
// only so: north-east, c3 is on the first square and the 4 jumps to f6.
TEST(KonfusionRules, ADiagonalIntoACornerComesStraightBack) {
    auto s = position("b2:S4 c3:S1 h10:N1");
    EXPECT_EQ(reach(*s, "b2"), (Names{"a1", "d4", "f6", "d6", "f4"}));
}

// c3 south-west: b2, a1, b2, c3: back where it began, which is no move; a1
// is a keypost on the way, to stop on. A 2 on b9 into the corner a10 likewise.
TEST(KonfusionRules, AMoveMayNotEndOnItsStartSquare) {
    auto four = position("c3:S4 h10:N1");
    EXPECT_EQ(reach(*four, "c3"), (Names{"a1", "c7", "g7", "g3", "e1"}));
    auto two = position("b9:S2 h1:N1");
    EXPECT_EQ(reach(*two, "b9"), (Names{"a10", "d9"}));
}

// --- Blockers ------------------------------------------------------------------

TEST(KonfusionRules, APieceInThePathOffersAStopBeforeItOrAJumpOverIt) {
    auto s = position("c3:S3 c5:N1 h10:N1");
    EXPECT_EQ(reach(*s, "c3"), (Names{"c4", "c6", "c2", "b3", "f3"}));
    auto own = position("c3:S3 c5:S1 h10:N1");
    EXPECT_EQ(reach(*own, "c3"), reach(*s, "c3"));
}

TEST(KonfusionRules, OnlyTheFirstPieceInThePathOffersAStop) {
    auto s = position("a5:S5 c5:N1 e5:N1");
    const Names r = reach(*s, "a5");
    EXPECT_TRUE(r.count("b5"));   // before c5
    EXPECT_TRUE(r.count("f5"));   // over both
    EXPECT_FALSE(r.count("d5"));  // before e5: no
    EXPECT_FALSE(r.count("c5"));  // a capture only on the final square
    EXPECT_FALSE(r.count("e5"));
}

// Up, c4 is taken at once: over it to c6, and nothing before it.
TEST(KonfusionRules, APieceOnTheFirstSquareOffersNoStopTheMoverMustJump) {
    EXPECT_EQ(reach(*position("c3:S3 c4:N1 h10:N1"), "c3"), (Names{"c6", "c2", "b3", "f3"}));
}

// h4 south-west: g3, f2, e1 (a keypost, to stop on), off the south wall to
// d2. A piece on g3 or f2 leaves e1 behind it: the jump goes on to d2.
TEST(KonfusionRules, AJumpIsCommittedToTheFinalSquare) {
    EXPECT_EQ(reach(*position("h4:S4 h10:N1"), "h4"), (Names{"e1", "d2", "h2", "d8", "h8"}));
    EXPECT_EQ(reach(*position("h4:S4 g3:N1 h10:N1"), "h4"), (Names{"d2", "h2", "d8", "h8"}));
    EXPECT_EQ(reach(*position("h4:S4 f2:N1 h10:N1"), "h4"), (Names{"g3", "d2", "h2", "d8", "h8"}));
}

TEST(KonfusionRules, ACaptureIsOnlyByLandingOnTheFinalSquare) {
    auto s = position("c3:S3 c4:N1 c6:N2 h10:N1");
    play(*s, "c3", "c6");  // over c4
    EXPECT_EQ(pieceOn(*s, "c6"), "S3");
    EXPECT_EQ(pieceOn(*s, "c4"), "N1");  // jumped, not taken
    EXPECT_EQ(s->captured(0), 2);
    EXPECT_EQ(s->pipsOnBoard(1), 2);
}

TEST(KonfusionRules, LandingOnOnesOwnPieceIsNoMove) {
    auto s = position("c3:S3 c6:S1 h10:N1");
    EXPECT_FALSE(reach(*s, "c3").count("c6"));
    const Action a = Action::move(at("c3"), at("c6"));
    EXPECT_FALSE(s->isLegal(a));
    EXPECT_NE(s->refusal(a).find("your own piece"), std::string::npos) << s->refusal(a);
}

// --- Keyposts ------------------------------------------------------------------

TEST(KonfusionRules, AMoveMayStopEarlyOnAKeypostAndGainsAPip) {
    EXPECT_EQ(landed("h4:S4 h10:N1", "h4", "e1"), "S5");
}

TEST(KonfusionRules, EveryMoveEndingOnAKeypostGainsAPipHoweverItGotThere) {
    EXPECT_EQ(landed("e4:S3 h10:N1", "e4", "e1"), "S4");  // the full count: e3, e2, e1
    // c1, d1, e1 before f1, then g1: the stop before the piece on f1.
    EXPECT_EQ(reach(*position("b1:S5 f1:N1 h10:N1"), "b1").count("e1"), 1u);
    EXPECT_EQ(landed("b1:S5 f1:N1 h10:N1", "b1", "e1"), "S6");
    EXPECT_EQ(landed("e4:S3 e1:N2 h10:N1", "e4", "e1"), "S4");  // a capture
    EXPECT_EQ(landed("e7:S3 h1:N1", "e7", "e10"), "S4");        // North's keypost as well
}

TEST(KonfusionRules, NoPieceGrowsAboveSix) {
    EXPECT_EQ(landed("c2:S6 h10:N1", "c2", "a1"), "S6");
}

// --- The 6 ---------------------------------------------------------------------

// a1, with its own pieces on a2 and b2, walks out by b1 and round them to a3.
TEST(KonfusionRules, ASixWindsRoundPieces) {
    auto s = position("a1:S6 a2:S1 b2:S1 h10:N1");
    const Names r = reach(*s, "a1");
    EXPECT_TRUE(r.count("a3"));
    EXPECT_TRUE(r.count("b1"));
    EXPECT_FALSE(r.count("a2"));
    EXPECT_FALSE(r.count("a1"));
}

// Only b1 is open: the 6 goes b1, a1, b1, a1, b1 (revisiting its start) and
// takes c1 with its sixth step. It may not stop on b1 before c1.
TEST(KonfusionRules, ASixRevisitsSquaresAndNeverStopsBeforeABlocker) {
    auto s = position("a1:S6 a2:S1 b2:S1 c2:S1 c1:N1 h10:N1");
    EXPECT_EQ(reach(*s, "a1"), (Names{"c1"}));
}

// Only a1 is open from b1: after six steps the 6 would be on b1 again, its
// start, so it can only stop early on the keypost a1 (and stays a 6).
TEST(KonfusionRules, ASixMayStopEarlyOnAnEmptyKeypost) {
    auto s = position("b1:S6 c1:S1 a2:S1 b2:S1 c2:S1 h10:N1");
    EXPECT_EQ(reach(*s, "b1"), (Names{"a1"}));
    play(*s, "b1", "a1");
    EXPECT_EQ(pieceOn(*s, "a1"), "S6");
}

TEST(KonfusionRules, ASixHemmedInHasNoMove) {
    auto s = position("a1:S6 a2:N1 b1:N1 b2:N1");
    EXPECT_TRUE(reach(*s, "a1").empty());
}

// --- A 1 on the far rank ---------------------------------------------------

TEST(KonfusionRules, AOneReachingItsFarRankBecomesASixForEverySeat) {
    auto two = position("c9:S1 e9:S1 c2:N1 h5:N1");
    play(*two, "c9", "c10");
    EXPECT_EQ(pieceOn(*two, "c10"), "S6");
    play(*two, "c2", "c1");
    EXPECT_EQ(pieceOn(*two, "c1"), "N6");
    play(*two, "e9", "e10");  // a far keypost: a 6, not a 2
    EXPECT_EQ(pieceOn(*two, "e10"), "S6");
    auto four = position("c3:S1 i5:W1 h8:N1 b6:E1", 'W', "0,0,0,0");
    play(*four, "i5", "j5");  // West's far rank is the j file
    EXPECT_EQ(pieceOn(*four, "j5"), "W6");
    play(*four, "h8", "h7");
    play(*four, "b6", "a6");  // East's is the a file
    EXPECT_EQ(pieceOn(*four, "a6"), "E6");
}

TEST(KonfusionRules, AOneElsewhereGainsOnAKeypostLikeAnyPiece) {
    EXPECT_EQ(landed("b1:S1 h10:N1", "b1", "a1"), "S2");
}

// --- Passing -------------------------------------------------------------------

TEST(KonfusionRules, APlayerPassesExactlyWhenThereIsNoMove) {
    auto s = position("a1:S6 a2:N1 b1:N1 b2:N1");
    EXPECT_EQ(s->legalActions(), std::vector<Action>{Action::pass()});
    s->apply(Action::pass());
    EXPECT_EQ(s->toMove(), 1);
    EXPECT_FALSE(s->outcome().over());
    EXPECT_FALSE(s->isLegal(Action::pass()));  // North can move
    EXPECT_GT(s->legalActions().size(), 1u);
}

TEST(KonfusionRules, LegalActionsAreInOrderOfFromCellThenToCell) {
    KonfusionState s(seats(2));
    const auto actions = s.legalActions();
    ASSERT_EQ(actions.size(), 26u);
    for (size_t i = 1; i < actions.size(); ++i) {
        EXPECT_LT(std::pair(actions[i - 1].from, actions[i - 1].to),
                  std::pair(actions[i].from, actions[i].to));
    }
}

// --- The end -----------------------------------------------------------------

TEST(KonfusionRules, HoldingTheOppositeFourKeypostsWins) {
    auto s = position("a10:S5 e10:S5 f10:S5 j9:S1 c3:N1");
    play(*s, "j9", "j10");
    EXPECT_EQ(s->outcome(), Outcome::win({0},
                                         "South holds North's four keyposts (a10, e10, f10, "
                                         "j10)"));
    EXPECT_TRUE(s->legalActions().empty());
}

TEST(KonfusionRules, FourPlayersWestWinsOnEastsKeyposts) {
    auto s = position("j1:W2 j5:W2 j6:W2 i10:W1 c3:S1 h8:N1 e5:E1", 'W', "0,0,0,0");
    play(*s, "i10", "j10");
    EXPECT_EQ(s->outcome().winners, std::vector<PlayerId>{1});
    EXPECT_EQ(s->outcome().reason, "West holds East's four keyposts (j1, j5, j6, j10)");
}

// With three, nobody sits East: West has no keyposts to take and wins only
// by a removal.
TEST(KonfusionRules, ThreePlayersWestHasNoKeypostsToTake) {
    auto s = position("j1:W2 j5:W2 j6:W2 i10:W1 c3:S1 h8:N1", 'W', "0,0,0");
    play(*s, "i10", "j10");
    EXPECT_FALSE(s->outcome().over());
}

TEST(KonfusionRules, TwoPlayersRemovingTheOthersLastPieceWins) {
    auto s = position("c3:S3 c6:N2");
    play(*s, "c3", "c6");
    EXPECT_EQ(s->outcome(), Outcome::win({0}, "North has no pieces left"));
}

// South takes West's last piece and the game ends, but North has the most
// pips on the board.
TEST(KonfusionRules, ThreePlayersARemovalEndsTheGameForTheMostPipsOnTheBoard) {
    auto s = position("c3:S3 c6:W1 h8:N6 h9:N5", 'S', "0,0,0");
    play(*s, "c3", "c6");
    EXPECT_EQ(s->outcome(),
              Outcome::win({2},
                           "West has no pieces left; North has the most pips on the board "
                           "(11)"));
}

TEST(KonfusionRules, EqualPipsOnTheBoardAreDecidedByPipsCaptured) {
    auto s = position("c3:S3 c6:W1 h8:N3", 'S', "0,0,5");
    play(*s, "c3", "c6");
    EXPECT_EQ(s->outcome(), Outcome::win({2},
                                         "West has no pieces left; South and North have 3 "
                                         "pips on the board each, and North captured the "
                                         "most (5)"));
}

TEST(KonfusionRules, FourPlayersStillTiedIsADrawAmongTheTied) {
    auto s = position("c3:S3 c6:W1 h8:N3 j5:E1", 'S', "0,0,1,0");
    play(*s, "c3", "c6");
    const Outcome o = s->outcome();
    EXPECT_EQ(o.status, Outcome::Status::Draw);
    EXPECT_EQ(o.winners, (std::vector<PlayerId>{0, 2}));
    EXPECT_EQ(o.reason,
              "West has no pieces left; South and North tie with 3 pips on the board "
              "and 1 captured each: a draw between them");
}

// South takes North's last piece on j10, its fourth keypost: the keyposts
// decide, not the pips (West has more).
TEST(KonfusionRules, KeypostsComeBeforeARemoval) {
    auto s = position("a10:S2 e10:S2 f10:S2 j7:S3 j10:N1 a3:W6 a4:W6 a5:W6", 'S', "0,0,0");
    play(*s, "j7", "j10");
    EXPECT_EQ(s->outcome().winners, std::vector<PlayerId>{0});
    EXPECT_EQ(s->outcome().reason.rfind("South holds North's four keyposts", 0), 0u)
        << s->outcome().reason;
}

// Every cell full of 6s but b2; South's 1 on b1 steps into it. Now b1 is the
// only empty cell, and no 6 can walk six steps in and out of it: a draw.
TEST(KonfusionRules, NobodyAbleToMoveIsADraw) {
    std::string pieces;
    for (int c = 0; c < kCells; ++c) {
        const std::string name = nameOf(c);
        if (name == "b2") continue;
        pieces += name + (name == "b1" ? ":S1 " : c < 50 ? ":S6 " : ":N6 ");
    }
    auto s = position(pieces);
    EXPECT_EQ(reach(*s, "b1"), (Names{"b2"}));
    play(*s, "b1", "b2");
    EXPECT_EQ(s->outcome(), Outcome::draw("no player can move"));
}

TEST(KonfusionRules, OpponentsOfAPlayerWhoLosesOutsideTheRules) {
    EXPECT_EQ(KonfusionState(seats(2)).opponents(0), std::vector<PlayerId>{1});
    EXPECT_EQ(KonfusionState(seats(2)).opponents(1), std::vector<PlayerId>{0});
    // With more, the best of the others by pips on the board, then captured.
    auto three = position("c3:S3 c6:W1 h8:N6", 'S', "0,0,0");
    EXPECT_EQ(three->opponents(2), std::vector<PlayerId>{0});
    EXPECT_EQ(three->opponents(0), std::vector<PlayerId>{2});
    auto four = position("c3:S3 c6:W3 h8:N3 j5:E1", 'S', "0,2,2,0");
    EXPECT_EQ(four->opponents(0), (std::vector<PlayerId>{1, 2}));  // tied: they share it
    EXPECT_EQ(four->opponents(1), std::vector<PlayerId>{2});
}

TEST(KonfusionRules, AStoppedGameGoesToTheMostPipsThenCapturesElseADrawAmongTheTied) {
    auto ahead = position("c3:S3 h8:N2");
    EXPECT_EQ(ahead->stoppedOutcome("time"),
              Outcome::win({0}, "time; South has the most pips on the board (3)"));
    auto captures = position("c3:S3 h8:N3", 'S', "1,4");
    EXPECT_EQ(captures->stoppedOutcome("time").winners, std::vector<PlayerId>{1});
    auto tied = position("c3:S3 h8:N3 e5:W1", 'S', "2,0,2");
    const Outcome o = tied->stoppedOutcome("moves");
    EXPECT_EQ(o.status, Outcome::Status::Draw);
    EXPECT_EQ(o.winners, (std::vector<PlayerId>{0, 2}));
}

TEST(KonfusionRules, APlayerWithPiecesCanStillWin) {
    auto s = position("c3:S3 h8:N3", 'S', "0,0,0");
    EXPECT_TRUE(s->canStillWin(0));
    EXPECT_FALSE(s->canStillWin(1));  // West has no pieces: the game is over
    EXPECT_TRUE(s->outcome().over());
}

// --- The die option ------------------------------------------------------------

std::unique_ptr<KonfusionState> dieGame(const std::string& pieces, const std::string& die = "?") {
    return loaded(positionText(pieces, 'S', "0,0", die), seats(2, true));
}

TEST(KonfusionRules, WithTheDieATurnBeginsWithARoll) {
    KonfusionState s(seats(2, true));
    EXPECT_EQ(s.chance(), (ChanceDraw{1, 6}));
    EXPECT_EQ(s.legalActions().size(), 6u);
    EXPECT_FALSE(s.isLegal(Action::move(at("d3"), at("d4"))));
    s.apply(Action::chance({3}));
    EXPECT_EQ(s.roll(), 4);
    EXPECT_FALSE(s.chance());
    EXPECT_FALSE(s.midTurn());
    EXPECT_EQ(s.legalActions().size(), 26u);  // no end of the turn before a move
    EXPECT_EQ(s.toMove(), 0);
}

TEST(KonfusionRules, WithTheDieUpToTheRollOfDifferentPiecesMove) {
    auto s = dieGame("c3:S1 e3:S1 g3:S1 h10:N1", "2");
    play(*s, "c3", "c4");
    EXPECT_TRUE(s->midTurn());
    EXPECT_EQ(s->movedThisTurn(), std::vector<Cell>{at("c4")});
    EXPECT_FALSE(s->isLegal(Action::move(at("c4"), at("c5"))));  // moved already
    EXPECT_TRUE(s->isLegal(Action::endTurn()));
    EXPECT_EQ(s->legalActions().back(), Action::endTurn());
    play(*s, "e3", "e4");
    EXPECT_EQ(s->toMove(), 1);  // two moved: the turn is over
    EXPECT_FALSE(s->midTurn());
    EXPECT_EQ(s->roll(), 0);
    EXPECT_TRUE(s->chance());
}

TEST(KonfusionRules, WithTheDieTheTurnMayEndEarly) {
    auto s = dieGame("c3:S1 e3:S1 h10:N1", "6");
    EXPECT_FALSE(s->isLegal(Action::endTurn()));  // not before a move
    play(*s, "c3", "c4");
    s->apply(Action::endTurn());
    EXPECT_EQ(s->toMove(), 1);
    EXPECT_EQ(s->serialize(), positionText("c4:S1 e3:S1 h10:N1", 'N', "0,0", "?"));
}

// The 6 on a1 is hemmed in by North's pieces: once both 1s have moved,
// nothing unmoved can, and the turn ends with three of the five unused.
TEST(KonfusionRules, WithTheDieTheTurnEndsWhenNoUnmovedPieceCanMove) {
    auto s = dieGame("a1:S6 a2:N1 b1:N1 b2:N1 e3:S1 g3:S1", "5");
    EXPECT_EQ(reach(*s, "a1"), Names{});
    play(*s, "e3", "e4");
    EXPECT_TRUE(s->midTurn());
    play(*s, "g3", "g4");
    EXPECT_FALSE(s->midTurn());
    EXPECT_EQ(s->toMove(), 1);
}

TEST(KonfusionRules, WithTheDieNoRollWhenThereIsNoMove) {
    auto s = dieGame("a1:S6 a2:N1 b1:N1 b2:N1");
    EXPECT_FALSE(s->chance());
    EXPECT_EQ(s->legalActions(), std::vector<Action>{Action::pass()});
    s->apply(Action::pass());
    EXPECT_EQ(s->toMove(), 1);
    EXPECT_TRUE(s->chance());
}

TEST(KonfusionRules, WithTheDieARollOfOneIsOneMove) {
    auto s = dieGame("c3:S1 e3:S1 h10:N1");
    s->apply(Action::chance({0}));
    play(*s, "c3", "c4");
    EXPECT_EQ(s->toMove(), 1);
}

TEST(KonfusionRules, WithTheDieTheGameEndsInTheMiddleOfATurn) {
    auto s = dieGame("c3:S3 c6:N2 e3:S1", "3");
    play(*s, "c3", "c6");
    EXPECT_EQ(s->outcome(), Outcome::win({0}, "North has no pieces left"));
    EXPECT_FALSE(s->midTurn());
    EXPECT_TRUE(s->legalActions().empty());
    EXPECT_FALSE(s->chance());
}

}  // namespace
}  // namespace arbiter::konfusion
