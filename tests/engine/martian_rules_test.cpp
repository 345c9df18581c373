// Martian Chess (engine/martian/martian.h): every rule and option on hand-built
// positions. Sources: ../shared/seeds/003, the Martian Chess section of
// ../shared/RULINGS.md and the decisions recorded with the module.
//
// Positions are written as MartianState::load reads them:
//   CELLS SEAT SCORES NO-UNDO CLOCK
// CELLS from rank 8 down as in FEN with P, D, Q (pawn, drone, queen; pyramids
// have no colour), SEAT 1-based, one score per seat, NO-UNDO "a5a3" (the piece
// on a5 may not go straight back to a3) or "-", CLOCK "-", "0".."7" or "0*".
// Two players play on 4x8 (files a-d): Player 1 owns ranks 1-4, Player 2
// ranks 5-8. Four play on 8x8: Player 1 a1-d4, Player 2 a5-d8, Player 3 e5-h8,
// Player 4 e1-h4; partners 1 & 3, 2 & 4.
#include "engine/martian/martian.h"

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

namespace arbiter::martian {
namespace {

using Cells = std::set<std::string>;

const SetPiece kPawnLook{SetColour::White, Figure::Pawn};
const SetPiece kDroneLook{SetColour::White, Figure::Knight};
const SetPiece kQueenLook{SetColour::White, Figure::Queen};

Rules players(int n) {
    Rules r;
    r.players = n;
    return r;
}

Rules fieldPromotion(int n = 2) {
    Rules r = players(n);
    r.fieldPromotion = true;
    return r;
}

Rules callingClock(int n = 2) {
    Rules r = players(n);
    r.callingClock = true;
    return r;
}

Rules tieDraw(int n = 2) {
    Rules r = players(n);
    r.equalScoresDraw = true;
    return r;
}

// The position `text`; a failed load fails the test and gives the start, so
// the test goes on without a null state.
std::unique_ptr<MartianState> load(const std::string& text, const Rules& rules = {}) {
    std::string error;
    auto s = MartianState::load(text, error, rules);
    if (!s) {
        ADD_FAILURE() << text << ": " << error;
        return std::make_unique<MartianState>(rules);
    }
    return s;
}

::testing::AssertionResult Says(const std::string& text, const std::string& part) {
    if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "\"" << text << "\" does not say \"" << part << "\"";
}

// The prose the players are told may be reworded; the facts in it may not.
// A capture described: "queen b4xa5", the points it scores, the new total.
::testing::AssertionResult CaptureSays(const std::string& text, const std::string& move, int points,
                                       int total) {
    const std::string end = ", " + std::to_string(total) + " in all";
    if (text.rfind(move + " ", 0) != 0 || !text.ends_with(end) ||
        text.find(std::to_string(points), move.size()) == std::string::npos)
        return ::testing::AssertionFailure() << "\"" << text << "\" is not " << move << " scoring "
                                             << points << ", " << total << " in all";
    return ::testing::AssertionSuccess();
}

// An end by an empty territory, equal scores, and the tie won by the emptier.
::testing::AssertionResult TieWonByEmptier(const std::string& reason, const std::string& who,
                                           const std::string& score) {
    const std::string start = who + "'s territory is empty; " + score + ", and ";
    const std::string rest = reason.rfind(start, 0) == 0 ? reason.substr(start.size()) : "";
    if (rest.find(who) == std::string::npos || rest.find("emptied") == std::string::npos ||
        rest.find("tie") == std::string::npos)
        return ::testing::AssertionFailure()
               << "\"" << reason << "\" does not give the tie at " << score << " to " << who
               << " for emptying the territory";
    return ::testing::AssertionSuccess();
}

Cell at(const GameState& s, const std::string& name) {
    auto c = s.geometry().parse(name);
    EXPECT_TRUE(c) << name;
    return c.value_or(NoCell);
}

// Where the piece on `from` may go by a plain move or capture (no merge).
Cells targets(const GameState& s, const std::string& from) {
    Cells out;
    const Cell f = at(s, from);
    for (const Action& a : s.legalActions()) {
        if (a.kind == Action::Kind::Move && a.from == f && a.piece < 0)
            out.insert(s.geometry().name(a.to));
    }
    return out;
}

// The legal merges, as encoded ("c1-c2=Q").
Cells merges(const GameState& s) {
    Cells out;
    for (const Action& a : s.legalActions()) {
        if (a.kind == Action::Kind::Move && a.piece >= 0) out.insert(s.encode(a));
    }
    return out;
}

Action said(const GameState& s, const std::string& text) {
    auto a = s.decode(text);
    EXPECT_TRUE(a) << text;
    return a.value_or(Action::endTurn());
}

std::string refusal(const GameState& s, const std::string& text) {
    return s.refusal(said(s, text));
}

bool legal(const GameState& s, const std::string& text) {
    const Action a = said(s, text);
    const bool listed = s.isLegal(a);
    EXPECT_EQ(listed, s.refusal(a).empty()) << text << ": " << s.refusal(a);
    return listed;
}

void play(GameState& s, const std::string& text) {
    auto a = s.decode(text);
    ASSERT_TRUE(a) << text << " in " << s.serialize();
    ASSERT_EQ(s.refusal(*a), "") << text << " in " << s.serialize();
    ASSERT_TRUE(s.isLegal(*a)) << text << " in " << s.serialize();
    s.apply(*a);
}

// The cells holding `kind` in `p`'s territory, in cell order (a1 b1 .. a2 ..).
std::string cellsOf(const GameState& s, PlayerId p, int kind) {
    std::string out;
    for (Cell c = 0; c < s.geometry().size(); ++c) {
        auto piece = s.pieceAt(c);
        if (piece && piece->owner == p && piece->kind == kind)
            out += (out.empty() ? "" : " ") + s.geometry().name(c);
    }
    return out;
}

int pieceCount(const GameState& s) {
    int n = 0;
    for (Cell c = 0; c < s.geometry().size(); ++c) n += s.pieceAt(c).has_value();
    return n;
}

// --- Setup ----------------------------------------------------------------------

TEST(MartianRules, TwoPlayersStartInOppositeCornersOfAFourByEightBoard) {
    MartianState s(players(2));
    EXPECT_EQ(s.playerCount(), 2);
    EXPECT_EQ(s.geometry().files(), 4);
    EXPECT_EQ(s.geometry().ranks(), 8);
    EXPECT_EQ(s.toMove(), 0);
    EXPECT_EQ(cellsOf(s, 0, Queen), "a1 b1 a2");
    EXPECT_EQ(cellsOf(s, 0, Drone), "c1 b2 a3");
    EXPECT_EQ(cellsOf(s, 0, Pawn), "c2 b3 c3");
    EXPECT_EQ(cellsOf(s, 1, Queen), "d7 c8 d8");
    EXPECT_EQ(cellsOf(s, 1, Drone), "d6 c7 b8");
    EXPECT_EQ(cellsOf(s, 1, Pawn), "b6 c6 b7");
    EXPECT_EQ(pieceCount(s), 18);
    EXPECT_EQ(s.serialize(), "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 1 0,0 - -");
    EXPECT_EQ(s.playerName(0), "Player 1");
    EXPECT_EQ(s.playerName(1), "Player 2");
    EXPECT_FALSE(s.outcome().over());
}

TEST(MartianRules, FourPlayersStartInTheFourCornersClockwiseFromA1) {
    MartianState s(players(4));
    EXPECT_EQ(s.playerCount(), 4);
    EXPECT_EQ(s.geometry().files(), 8);
    EXPECT_EQ(s.geometry().ranks(), 8);
    EXPECT_EQ(cellsOf(s, 0, Queen), "a1 b1 a2");
    EXPECT_EQ(cellsOf(s, 0, Drone), "c1 b2 a3");
    EXPECT_EQ(cellsOf(s, 0, Pawn), "c2 b3 c3");
    EXPECT_EQ(cellsOf(s, 1, Queen), "a7 a8 b8");
    EXPECT_EQ(cellsOf(s, 1, Drone), "a6 b7 c8");
    EXPECT_EQ(cellsOf(s, 1, Pawn), "b6 c6 c7");
    EXPECT_EQ(cellsOf(s, 2, Queen), "h7 g8 h8");
    EXPECT_EQ(cellsOf(s, 2, Drone), "h6 g7 f8");
    EXPECT_EQ(cellsOf(s, 2, Pawn), "f6 g6 f7");
    EXPECT_EQ(cellsOf(s, 3, Queen), "g1 h1 h2");
    EXPECT_EQ(cellsOf(s, 3, Drone), "f1 g2 h3");
    EXPECT_EQ(cellsOf(s, 3, Pawn), "f2 f3 g3");
    EXPECT_EQ(pieceCount(s), 36);
    EXPECT_EQ(s.serialize(), "QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 1 0,0,0,0 - -");
    EXPECT_EQ(s.playerName(3), "Player 4");
}

TEST(MartianRules, TheGameStartsFromItsOptions) {
    std::string error;
    GameOptions four;
    four.players = 4;
    auto game = makeGame("martian", four, error);
    ASSERT_TRUE(game) << error;
    EXPECT_EQ(game->start()->serialize(),
              "QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 1 0,0,0,0 - -");
    auto two = makeGame("martian");
    ASSERT_TRUE(two);
    EXPECT_EQ(two->start()->serialize(), "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 1 0,0 - -");
    EXPECT_EQ(two->name(), "martian");
    // MartianGame::load reads the same notation as MartianState::load.
    auto loaded = two->load("3P/4/4/4/4/4/1P2/4 2 3,1 - -", error);
    ASSERT_TRUE(loaded) << error;
    EXPECT_EQ(loaded->toMove(), 1);
    EXPECT_EQ(loaded->resources(0).score, 3);
    EXPECT_EQ(loaded->resources(1).score, 1);
}

// --- Territories ---------------------------------------------------------------

TEST(MartianRules, TerritoriesAreTheHalvesOrTheQuadrants) {
    MartianState two(players(2));
    EXPECT_EQ(two.territoryOf(at(two, "a1")), 0);
    EXPECT_EQ(two.territoryOf(at(two, "d4")), 0);
    EXPECT_EQ(two.territoryOf(at(two, "a5")), 1);
    EXPECT_EQ(two.territoryOf(at(two, "d8")), 1);
    MartianState four(players(4));
    EXPECT_EQ(four.territoryOf(at(four, "d4")), 0);
    EXPECT_EQ(four.territoryOf(at(four, "a5")), 1);
    EXPECT_EQ(four.territoryOf(at(four, "d8")), 1);
    EXPECT_EQ(four.territoryOf(at(four, "e5")), 2);
    EXPECT_EQ(four.territoryOf(at(four, "h8")), 2);
    EXPECT_EQ(four.territoryOf(at(four, "e4")), 3);
    EXPECT_EQ(four.territoryOf(at(four, "h1")), 3);
}

TEST(MartianRules, APieceBelongsToWhoeverTerritoryItStandsIn) {
    MartianState s(players(2));
    EXPECT_EQ(s.pieceAt(at(s, "a3")), (Piece{Drone, 0}));
    play(s, "a3-a5");  // the drone crosses the canal
    EXPECT_EQ(s.pieceAt(at(s, "a5")), (Piece{Drone, 1}));
    EXPECT_EQ(s.pieceAt(at(s, "a3")), std::nullopt);
    // Player 2 now moves it; Player 1 no longer may.
    EXPECT_TRUE(legal(s, "a5-a6"));
    play(s, "b7-a8");
    EXPECT_FALSE(legal(s, "a5-a4"));
    EXPECT_TRUE(Says(refusal(s, "a5-a4"),
                     "the piece on a5 stands in Player 2's territory: you "
                     "move only pieces in your own (a1-d4)"));
    play(s, "c2-d1");
    play(s, "a5-a4");  // back across: Player 1's again
    EXPECT_EQ(s.pieceAt(at(s, "a4")), (Piece{Drone, 0}));
}

TEST(MartianRules, FourPlayersOwnByQuadrant) {
    MartianState s(players(4));
    EXPECT_EQ(s.pieceAt(at(s, "a8"))->owner, 1);
    EXPECT_EQ(s.pieceAt(at(s, "h8"))->owner, 2);
    EXPECT_EQ(s.pieceAt(at(s, "h1"))->owner, 3);
    play(s, "c1-e1");  // the drone goes into Player 4's quadrant
    EXPECT_EQ(s.pieceAt(at(s, "e1")), (Piece{Drone, 3}));
    EXPECT_EQ(s.toMove(), 1);
    EXPECT_FALSE(legal(s, "e1-e2")) << "Player 2 moves only in a5-d8";
    play(s, "c7-d8");
    play(s, "f7-e8");
    EXPECT_TRUE(legal(s, "e1-e2")) << "Player 4 moves what stands in e1-h4";
}

// --- How each pyramid moves -----------------------------------------------------

TEST(MartianRules, APawnStepsOneSquareDiagonallyInAnyDirection) {
    auto s = load("3P/4/4/4/4/4/1P2/4 1 0,0 - -");
    EXPECT_EQ(targets(*s, "b2"), (Cells{"a1", "c1", "a3", "c3"}));
    EXPECT_TRUE(Says(refusal(*s, "b2-b3"), "a pawn moves one square diagonally"));
    EXPECT_FALSE(legal(*s, "b2-d4"));
    // On the canal it steps into the other territory as well as back.
    auto edge = load("3P/4/4/4/1P2/4/4/4 1 0,0 - -");
    EXPECT_EQ(targets(*edge, "b4"), (Cells{"a3", "c3", "a5", "c5"}));
}

TEST(MartianRules, ADroneMovesOneOrTwoSquaresStraightWithoutJumping) {
    auto s = load("3P/4/4/4/4/4/1D2/4 1 0,0 - -");
    EXPECT_EQ(targets(*s, "b2"), (Cells{"b1", "b3", "b4", "a2", "c2", "d2"}));
    EXPECT_TRUE(Says(refusal(*s, "b2-c3"), "a drone moves one or two squares straight"));
    EXPECT_FALSE(legal(*s, "b2-b5")) << "three squares";
    // Its own pawn on b3 blocks b3 and b4.
    auto blocked = load("3P/4/4/4/4/1P2/1D2/4 1 0,0 - -");
    EXPECT_EQ(targets(*blocked, "b2"), (Cells{"b1", "a2", "c2", "d2"}));
    EXPECT_TRUE(Says(refusal(*blocked, "b2-b4"), "not jumping"));
    // A piece across the canal is taken, not jumped: b5 but never b6.
    auto across = load("3P/4/4/1P2/1D2/4/4/4 1 0,0 - -");
    EXPECT_EQ(targets(*across, "b4"), (Cells{"b5", "b3", "b2", "a4", "c4", "d4"}));
}

TEST(MartianRules, AQueenSlidesAnyDistanceStraightOrDiagonallyWithoutJumping) {
    auto open = load("3P/4/4/4/4/4/4/Q3 1 0,0 - -");
    EXPECT_EQ(targets(*open, "a1"), (Cells{"a2", "a3", "a4", "a5", "a6", "a7", "a8", "b1", "c1",
                                           "d1", "b2", "c3", "d4"}));
    EXPECT_TRUE(Says(refusal(*open, "a1-b3"), "a queen moves any distance straight or diagonally"));
    // Player 2's pawn on a6 is taken, and a7 and a8 are behind it.
    auto capture = load("3P/4/P3/4/4/4/4/Q3 1 0,0 - -");
    EXPECT_EQ(targets(*capture, "a1"),
              (Cells{"a2", "a3", "a4", "a5", "a6", "b1", "c1", "d1", "b2", "c3", "d4"}));
    // Its own pawn on b2 closes the diagonal.
    auto own = load("3P/4/4/4/4/4/1P2/Q3 1 0,0 - -");
    EXPECT_EQ(targets(*own, "a1"),
              (Cells{"a2", "a3", "a4", "a5", "a6", "a7", "a8", "b1", "c1", "d1"}));
}

// Four players: Player 1's queen on d1 slides through Player 4's quadrant along
// rank 1 (taking h1), through Player 2's up the d file and through Player 4's
// into Player 3's along the diagonal e2-h5.
TEST(MartianRules, PiecesMoveThroughOtherTerritories) {
    auto s = load("P6P/8/8/8/8/8/8/3Q3P 1 0,0,0,0 - -", players(4));
    EXPECT_EQ(targets(*s, "d1"),
              (Cells{"a1", "b1", "c1", "e1", "f1", "g1", "h1", "d2", "d3", "d4", "d5",
                     "d6", "d7", "d8", "c2", "b3", "a4", "e2", "f3", "g4", "h5"}));
    // Two players: a drone on the canal goes two squares into the other half.
    auto drone = load("P3/4/4/4/3D/4/4/4 1 0,0 - -");
    EXPECT_EQ(targets(*drone, "d4"), (Cells{"d5", "d6", "d3", "d2", "c4", "b4"}));
}

TEST(MartianRules, APlayerMovesOnlyPiecesInTheirOwnTerritory) {
    MartianState s(players(2));
    EXPECT_TRUE(Says(refusal(s, "b6-a5"), "stands in Player 2's territory"));
    EXPECT_TRUE(Says(refusal(s, "d4-d5"), "there is no piece on d4"));
    // Ten moves at the start, all of Player 1's pieces (see martian_perft_test).
    auto actions = s.legalActions();
    EXPECT_EQ(actions.size(), 10u);
    for (const Action& a : actions) EXPECT_EQ(s.pieceAt(a.from)->owner, 0) << s.encode(a);
}

// --- Captures -------------------------------------------------------------------

// Player 1's queen on b4 reaches Player 2's pawn a5, drone b5 and queen c5.
TEST(MartianRules, ACaptureAcrossTheCanalScoresOneTwoOrThreeByThePyramid) {
    const std::string position = "4/4/4/PDQ1/1Q2/4/4/3P 1 0,0 - -";
    struct Case {
        const char* capture;
        const char* cell;
        int points;
    };
    const Case cases[] = {{"b4xa5", "a5", 1}, {"b4xb5", "b5", 2}, {"b4xc5", "c5", 3}};
    for (const Case& c : cases) {
        auto s = load(position);
        EXPECT_TRUE(CaptureSays(s->describe(said(*s, c.capture)), std::string("queen ") + c.capture,
                                c.points, c.points));
        EXPECT_EQ(s->encode(said(*s, c.capture)), c.capture);
        play(*s, c.capture);
        EXPECT_EQ(s->resources(0).score, c.points) << c.capture;
        EXPECT_EQ(s->resources(1).score, 0) << c.capture;
        // The capturing queen now stands in Player 2's territory: it is theirs.
        EXPECT_EQ(s->pieceAt(at(*s, c.cell)), (Piece{Queen, 1})) << c.capture;
        EXPECT_EQ(s->pieceAt(at(*s, "b4")), std::nullopt);
        EXPECT_FALSE(s->outcome().over());
    }
    // The score adds up.
    auto scored = load("4/4/4/PDQ1/1Q2/4/4/3P 1 2,0 - -");
    EXPECT_TRUE(CaptureSays(scored->describe(said(*scored, "b4xc5")), "queen b4xc5", 3, 5));
    play(*scored, "b4xc5");
    EXPECT_EQ(scored->resources(0).score, 5);
}

TEST(MartianRules, NoCaptureInOnesOwnTerritory) {
    auto s = load("3P/4/4/4/4/4/1P2/Q3 1 0,0 - -");
    EXPECT_FALSE(legal(*s, "a1-b2"));
    EXPECT_TRUE(Says(refusal(*s, "a1-b2"),
                     "the piece on b2 is in your own territory: you capture only across a canal"));
    // A piece that has just crossed is the new territory's: its owner cannot take it.
    MartianState start(players(2));
    play(start, "a3-a5");
    EXPECT_EQ(targets(start, "b6"), (Cells{"c5", "a7"}));
    EXPECT_TRUE(Says(refusal(start, "b6-a5"), "you capture only across a canal"));
}

// Four players: Player 1's queen on d4 takes the pawn on e5, in partner Player
// 3's quadrant. The point is Player 1's, and the queen is now Player 3's.
TEST(MartianRules, APartnersPiecesCanBeCaptured) {
    auto s = load("P7/8/8/4P3/3Q4/8/8/P6P 1 0,0,0,0 - -", players(4));
    EXPECT_TRUE(legal(*s, "d4xe5"));
    play(*s, "d4xe5");
    EXPECT_EQ(s->resources(0).score, 1);
    EXPECT_EQ(s->resources(2).score, 0);
    EXPECT_EQ(s->teamScore(0), 1);
    EXPECT_EQ(s->teamScore(2), 1);
    EXPECT_EQ(s->teamScore(1), 0);
    EXPECT_EQ(s->pieceAt(at(*s, "e5")), (Piece{Queen, 2}));
}

// --- No undo --------------------------------------------------------------------

TEST(MartianRules, NoUndoAfterAMoveAcrossTheCanal) {
    MartianState s(players(2));
    play(s, "a3-a5");
    EXPECT_FALSE(legal(s, "a5-a3"));
    EXPECT_TRUE(Says(refusal(s, "a5-a3"),
                     "no undo: the piece just moved across the canal to a5 may not go straight "
                     "back to a3"));
    // Only that one move: the drone may go elsewhere, even one square back.
    EXPECT_EQ(targets(s, "a5"), (Cells{"a4", "a6", "a7", "b5", "c5"}));
    EXPECT_EQ(s.serialize(), "1DQQ/1PDQ/1PPD/D3/4/1PP1/QDP1/QQD1 2 0,0 a5a3 -");
}

// Player 1's drone on a4 takes Player 2's pawn on a5; Player 2 may not bring
// it straight back to a4 (where it would take nothing: a4 is empty now).
TEST(MartianRules, NoUndoAfterACaptureAcrossTheCanal) {
    auto s = load("3P/4/4/P3/D3/4/4/3P 1 0,0 - -");
    play(*s, "a4xa5");
    EXPECT_EQ(s->serialize(), "3P/4/4/D3/4/4/4/3P 2 1,0 a5a4 -");
    EXPECT_FALSE(legal(*s, "a5-a4"));
    EXPECT_TRUE(Says(refusal(*s, "a5-a4"), "no undo"));
    // Over a4 to a3 is another move.
    EXPECT_EQ(targets(*s, "a5"), (Cells{"a3", "a6", "a7", "b5", "c5"}));
}

TEST(MartianRules, NoUndoRestrictsOnlyTheVeryNextMove) {
    MartianState s(players(2));
    play(s, "a3-a5");
    play(s, "b7-a8");
    EXPECT_EQ(s.serialize().substr(s.serialize().size() - 4), " - -");
    play(s, "c2-d1");
    EXPECT_TRUE(legal(s, "a5-a3"));
    play(s, "a5-a3");
}

TEST(MartianRules, AMoveWithinOnesOwnTerritoryMayBeUndone) {
    MartianState s(players(2));
    play(s, "c3-d4");
    play(s, "b6-a5");
    EXPECT_TRUE(legal(s, "d4-c3"));
}

TEST(MartianRules, FourPlayersHaveNoUndoRule) {
    MartianState s(players(4));
    play(s, "a3-a5");  // Player 1's drone into Player 2's quadrant
    EXPECT_EQ(s.toMove(), 1);
    EXPECT_TRUE(legal(s, "a5-a3"));
    play(s, "a5-a3");
    EXPECT_EQ(s.pieceAt(at(s, "a3")), (Piece{Drone, 0}));
}

// --- The end ----------------------------------------------------------------------

// Only the mover's own territory can empty: a move that lands in another
// territory puts a piece there. Player 1's last piece, the drone a4, crosses.
TEST(MartianRules, TheGameEndsWhenTheMoversOwnTerritoryEmpties) {
    auto s = load("3P/4/4/4/D3/4/4/4 1 0,0 - -");
    EXPECT_FALSE(s->outcome().over());
    play(*s, "a4-a5");
    const Outcome o = s->outcome();
    ASSERT_TRUE(o.over());
    EXPECT_EQ(o.status, Outcome::Status::Win);
    EXPECT_EQ(o.winners, std::vector<PlayerId>{0});
    EXPECT_TRUE(TieWonByEmptier(o.reason, "Player 1", "0 to 0"));
    EXPECT_TRUE(s->legalActions().empty());
    EXPECT_EQ(refusal(*s, "a5-a4"), "the game is over");
    EXPECT_FALSE(s->canStillWin(0));
}

TEST(MartianRules, AfterTheEndTheHigherScoreWins) {
    // Player 1 takes the pawn on a5 with its last piece: 1 to 3, Player 2 wins.
    auto s = load("3P/4/4/P3/D3/4/4/4 1 0,3 - -");
    play(*s, "a4xa5");
    const Outcome o = s->outcome();
    ASSERT_TRUE(o.over());
    EXPECT_EQ(o.winners, std::vector<PlayerId>{1});
    EXPECT_EQ(o.reason, "Player 1's territory is empty; 3 to 1");
    // Equal after the capture: the emptier, Player 1, wins the tie.
    auto tie = load("3P/4/4/P3/D3/4/4/4 1 0,1 - -");
    play(*tie, "a4xa5");
    EXPECT_EQ(tie->outcome().winners, std::vector<PlayerId>{0});
    EXPECT_TRUE(TieWonByEmptier(tie->outcome().reason, "Player 1", "1 to 1"));
}

TEST(MartianRules, WithTieDrawEqualScoresAreADraw) {
    auto s = load("3P/4/4/4/D3/4/4/4 1 0,0 - -", tieDraw());
    play(*s, "a4-a5");
    const Outcome o = s->outcome();
    EXPECT_EQ(o.status, Outcome::Status::Draw);
    EXPECT_TRUE(o.winners.empty());
    EXPECT_EQ(o.reason, "Player 1's territory is empty; equal scores, 0 to 0");
    // Unequal scores still decide.
    auto won = load("3P/4/4/P3/D3/4/4/4 1 0,3 - -", tieDraw());
    play(*won, "a4xa5");
    EXPECT_EQ(won->outcome().winners, std::vector<PlayerId>{1});
}

// A loaded position with an empty quadrant is over, whichever of the four it
// is; the seat before the one to move emptied it and wins the tie with its partner.
TEST(MartianRules, FourPlayersEndWhenAnyOfTheFourTerritoriesIsEmpty) {
    const char* positions[4] = {
        "P6P/8/8/8/8/8/8/7P 2 0,0,0,0 - -",  // a1-d4 empty, Player 2 to move
        "7P/8/8/8/8/8/8/P6P 3 0,0,0,0 - -",  // a5-d8 empty
        "P7/8/8/8/8/8/8/P6P 4 0,0,0,0 - -",  // e5-h8 empty
        "P6P/8/8/8/8/8/8/P7 1 0,0,0,0 - -",  // e1-h4 empty
    };
    for (PlayerId p = 0; p < 4; ++p) {
        auto s = load(positions[p], players(4));
        const Outcome o = s->outcome();
        ASSERT_TRUE(o.over()) << positions[p];
        const std::string who = "Player " + std::to_string(p + 1);
        EXPECT_TRUE(TieWonByEmptier(o.reason, who, "0 to 0"));
        EXPECT_EQ(o.winners, (std::vector<PlayerId>{p % 2, p % 2 + 2})) << positions[p];
        EXPECT_TRUE(s->legalActions().empty());
    }
    // All four hold a piece: the game goes on.
    EXPECT_FALSE(load("P6P/8/8/8/8/8/8/P6P 1 0,0,0,0 - -", players(4))->outcome().over());
}

TEST(MartianRules, FourPlayersScoreAsTeams) {
    auto s = load("P6P/8/8/8/8/8/8/P6P 1 4,2,3,3 - -", players(4));
    EXPECT_EQ(s->teamScore(0), 7);
    EXPECT_EQ(s->teamScore(2), 7);
    EXPECT_EQ(s->teamScore(1), 5);
    EXPECT_EQ(s->teamScore(3), 5);
    EXPECT_EQ(s->partnerOf(0), 2);
    EXPECT_EQ(s->partnerOf(3), 1);
    EXPECT_EQ(s->resources(3).score, 3);
}

// Player 2's queen on d5 is its last piece; it takes Player 3's pawn on e6 and
// empties Player 2's quadrant.
TEST(MartianRules, FourPlayersTheTeamWithMorePointsWins) {
    auto s = load("8/8/4P3/3Q4/8/8/8/P6P 2 2,0,2,0 - -", players(4));
    play(*s, "d5xe6");
    const Outcome o = s->outcome();
    ASSERT_TRUE(o.over());
    EXPECT_EQ(o.winners, (std::vector<PlayerId>{0, 2}));
    EXPECT_EQ(o.reason, "Player 2's territory is empty; 4 to 1");
}

TEST(MartianRules, FourPlayersTheTieGoesToTheEmptierAndPartner) {
    auto s = load("8/8/4P3/3Q4/8/8/8/P6P 2 1,0,0,0 - -", players(4));
    play(*s, "d5xe6");
    const Outcome o = s->outcome();
    ASSERT_TRUE(o.over());
    EXPECT_EQ(o.winners, (std::vector<PlayerId>{1, 3}));
    EXPECT_TRUE(TieWonByEmptier(o.reason, "Player 2", "1 to 1"));
    auto draw = load("8/8/4P3/3Q4/8/8/8/P6P 2 1,0,0,0 - -", tieDraw(4));
    play(*draw, "d5xe6");
    EXPECT_EQ(draw->outcome().status, Outcome::Status::Draw);
    EXPECT_EQ(draw->outcome().reason, "Player 2's territory is empty; equal scores, 1 to 1");
}

TEST(MartianRules, OpponentsAreTheOtherPlayerOrTheOtherTeam) {
    MartianState two(players(2));
    EXPECT_EQ(two.opponents(0), std::vector<PlayerId>{1});
    EXPECT_EQ(two.opponents(1), std::vector<PlayerId>{0});
    MartianState four(players(4));
    EXPECT_EQ(four.opponents(0), (std::vector<PlayerId>{1, 3}));
    EXPECT_EQ(four.opponents(1), (std::vector<PlayerId>{0, 2}));
    EXPECT_EQ(four.opponents(2), (std::vector<PlayerId>{1, 3}));
    EXPECT_EQ(four.opponents(3), (std::vector<PlayerId>{0, 2}));
}

TEST(MartianRules, AGameStoppedByTheTableGoesToTheHigherTeamScore) {
    auto s = load("P6P/8/8/8/8/8/8/P6P 1 4,2,3,3 - -", players(4));
    const Outcome o = s->stoppedOutcome("time is up");
    EXPECT_EQ(o.winners, (std::vector<PlayerId>{0, 2}));
    EXPECT_EQ(o.reason, "time is up; 7 to 5");
    auto even = load("3P/4/4/4/4/4/1P2/4 1 2,2 - -");
    EXPECT_EQ(even->stoppedOutcome("time is up").status, Outcome::Status::Draw);
}

// --- Passing ----------------------------------------------------------------------

// Pass is legal only with no move. (No position has none: the piece of a
// territory nearest the canal can always step towards it, or over it, and
// no undo forbids one move only; so pass is only ever refused.)
TEST(MartianRules, PassOnlyWhenThereIsNoMove) {
    MartianState s(players(2));
    EXPECT_FALSE(legal(s, "pass"));
    EXPECT_EQ(refusal(s, "pass"), "you may pass only when you have no move; you have 10");
    MartianState clock(callingClock());
    EXPECT_EQ(refusal(clock, "pass"), "you may pass only when you have no move; you have 10");
    for (const Action& a : s.legalActions()) EXPECT_NE(a.kind, Action::Kind::Pass);
}

// --- Field promotion --------------------------------------------------------------

TEST(MartianRules, FieldPromotionIsOffByDefault) {
    auto s = load("3P/4/4/4/4/4/2P1/2D1 1 0,0 - -");
    EXPECT_TRUE(merges(*s).empty());
    EXPECT_FALSE(legal(*s, "c1-c2=Q"));
    EXPECT_TRUE(Says(refusal(*s, "c1-c2=Q"), "you capture only across a canal"));
    EXPECT_TRUE(Says(refusal(*s, "c1-c2"), "you capture only across a canal"));
}

TEST(MartianRules, ADroneOntoOwnPawnMergesIntoAQueenWhenNoQueenIsOwned) {
    auto s = load("3P/4/4/4/4/4/2P1/2D1 1 0,0 - -", fieldPromotion());
    EXPECT_EQ(merges(*s), Cells{"c1-c2=Q"});
    EXPECT_EQ(s->describe(said(*s, "c1-c2=Q")), "drone c1 merges with the pawn on c2 into a queen");
    play(*s, "c1-c2=Q");
    EXPECT_EQ(s->pieceAt(at(*s, "c2")), (Piece{Queen, 0}));
    EXPECT_EQ(s->pieceAt(at(*s, "c1")), std::nullopt);
    EXPECT_EQ(s->resources(0).score, 0) << "a merge scores nothing";
    EXPECT_EQ(s->toMove(), 1);
    EXPECT_EQ(s->serialize(), "3P/4/4/4/4/4/2Q1/4 2 0,0 - -");
}

TEST(MartianRules, APawnOntoOwnDroneMergesIntoAQueenWhenNoQueenIsOwned) {
    auto s = load("3P/4/4/4/4/4/1P2/2D1 1 0,0 - -", fieldPromotion());
    EXPECT_EQ(merges(*s), Cells{"b2-c1=Q"});
    play(*s, "b2-c1=Q");
    EXPECT_EQ(s->pieceAt(at(*s, "c1")), (Piece{Queen, 0}));
    EXPECT_EQ(s->pieceAt(at(*s, "b2")), std::nullopt);
}

TEST(MartianRules, NoQueenMergeWithAQueenInOwnTerritory) {
    auto s = load("3P/4/4/4/Q3/4/2P1/2D1 1 0,0 - -", fieldPromotion());
    EXPECT_TRUE(merges(*s).empty());
    EXPECT_TRUE(Says(refusal(*s, "c1-c2=Q"), "this merge is not allowed"));
    // A queen across the canal is Player 2's, and does not count.
    auto theirs = load("3P/4/4/Q3/4/4/2P1/2D1 1 0,0 - -", fieldPromotion());
    EXPECT_EQ(merges(*theirs), Cells{"c1-c2=Q"});
    // Another drone of one's own does not stop a drone and a pawn making a queen.
    auto drones = load("3P/4/4/4/3D/4/2P1/2D1 1 0,0 - -", fieldPromotion());
    EXPECT_EQ(merges(*drones), Cells{"c1-c2=Q"});
}

TEST(MartianRules, TwoPawnsMergeIntoADroneOnlyWithNoDroneOwned) {
    auto s = load("3P/4/4/4/4/4/1P2/P3 1 0,0 - -", fieldPromotion());
    EXPECT_EQ(merges(*s), (Cells{"a1-b2=D", "b2-a1=D"}));
    play(*s, "a1-b2=D");
    EXPECT_EQ(s->pieceAt(at(*s, "b2")), (Piece{Drone, 0}));
    // With a drone on d4: no merge.
    auto drone = load("3P/4/4/4/3D/4/1P2/P3 1 0,0 - -", fieldPromotion());
    EXPECT_TRUE(merges(*drone).empty());
    EXPECT_TRUE(Says(refusal(*drone, "a1-b2=D"),
                     "two pawns make a drone only when you have no "
                     "drone"));
    // A queen on d4 does not matter to two pawns.
    auto queen = load("3P/4/4/4/3Q/4/1P2/P3 1 0,0 - -", fieldPromotion());
    EXPECT_EQ(merges(*queen), (Cells{"a1-b2=D", "b2-a1=D"}));
}

TEST(MartianRules, NoOtherMergeExists) {
    // A queen onto a pawn.
    auto queen = load("3P/4/4/4/4/4/1P2/Q3 1 0,0 - -", fieldPromotion());
    EXPECT_TRUE(merges(*queen).empty());
    EXPECT_FALSE(legal(*queen, "a1-b2=Q"));
    EXPECT_FALSE(legal(*queen, "a1-b2=D"));
    // A drone onto a drone.
    auto drones = load("3P/4/4/4/4/4/2D1/2D1 1 0,0 - -", fieldPromotion());
    EXPECT_TRUE(merges(*drones).empty());
    EXPECT_FALSE(legal(*drones, "c1-c2=Q"));
    // A pawn onto a queen.
    auto pawn = load("3P/4/4/4/4/4/1Q2/P3 1 0,0 - -", fieldPromotion());
    EXPECT_TRUE(merges(*pawn).empty());
    EXPECT_FALSE(legal(*pawn, "a1-b2=Q"));
    // The wrong result for a drone and a pawn.
    auto wrong = load("3P/4/4/4/4/4/2P1/2D1 1 0,0 - -", fieldPromotion());
    EXPECT_FALSE(legal(*wrong, "c1-c2=D"));
    EXPECT_TRUE(Says(refusal(*wrong, "c1-c2=D"), "this merge is not allowed"));
    // A result named on a plain move or a capture.
    EXPECT_FALSE(legal(*wrong, "c1-d1=Q"));
    EXPECT_TRUE(Says(refusal(*wrong, "c1-d1=Q"),
                     "only a merge of two of your own pieces makes a new piece"));
}

TEST(MartianRules, AMergeIsANormalMoveOfTheMovingPiece) {
    // The drone goes two squares to the pawn on c3 over an empty c2...
    auto far = load("3P/4/4/4/4/2P1/4/2D1 1 0,0 - -", fieldPromotion());
    EXPECT_EQ(merges(*far), Cells{"c1-c3=Q"});
    // ...but does not jump the pawn on c2 to reach c3.
    auto jump = load("3P/4/4/4/4/2P1/2P1/2D1 1 0,0 - -", fieldPromotion());
    EXPECT_EQ(merges(*jump), Cells{"c1-c2=Q"});
    EXPECT_FALSE(legal(*jump, "c1-c3=Q"));
    // Pawns merge only diagonally.
    auto side = load("3P/4/4/4/4/4/4/PP2 1 0,0 - -", fieldPromotion());
    EXPECT_TRUE(merges(*side).empty());
    EXPECT_FALSE(legal(*side, "a1-b1=D"));
}

TEST(MartianRules, AMergeSaidWithoutItsResultIsReadAsTheMerge) {
    auto s = load("3P/4/4/4/4/4/1P2/P3 1 0,0 - -", fieldPromotion());
    EXPECT_EQ(said(*s, "a1-b2"), Action::move(at(*s, "a1"), at(*s, "b2"), Drone));
    auto queen = load("3P/4/4/4/4/4/2P1/2D1 1 0,0 - -", fieldPromotion());
    EXPECT_EQ(said(*queen, "c1-c2"), Action::move(at(*queen, "c1"), at(*queen, "c2"), Queen));
    EXPECT_TRUE(legal(*queen, "c1-c2"));
}

TEST(MartianRules, FieldPromotionWorksForFourPlayers) {
    // Player 2 (a5-d8) has a drone on c8 and pawns on c7 and a8 (over the empty
    // b8), and no queen.
    auto s = load("P1D4P/2P5/8/8/8/8/8/P6P 2 0,0,0,0 - -", fieldPromotion(4));
    EXPECT_EQ(merges(*s), (Cells{"c8-c7=Q", "c8-a8=Q"}));
}

// --- Calling the clock ------------------------------------------------------------

TEST(MartianRules, CallingTheClockNeedsItsOption) {
    MartianState s(players(2));
    for (const Action& a : s.legalActions()) EXPECT_NE(a.kind, Action::Kind::Choice);
    EXPECT_FALSE(legal(s, "call"));
    EXPECT_EQ(refusal(s, "call"),
              "calling the clock is not played at this table (option calling-clock)");
}

TEST(MartianRules, TheClockIsCalledBeforeTheMoveOncePerGame) {
    MartianState s(callingClock());
    EXPECT_EQ(s.legalActions().size(), 11u) << "ten moves and the call";
    EXPECT_TRUE(legal(s, "call"));
    const std::string call = s.describe(said(s, "call"));
    EXPECT_TRUE(Says(call, "calls the clock"));
    EXPECT_TRUE(Says(call, "seven moves in a row without a capture"));
    EXPECT_EQ(s.clockCount(), -1);
    play(s, "call");
    // Still Player 1's turn: the move is to come.
    EXPECT_TRUE(s.midTurn());
    EXPECT_EQ(s.toMove(), 0);
    EXPECT_EQ(s.clockCount(), 0);
    EXPECT_EQ(s.legalActions().size(), 10u);
    EXPECT_EQ(refusal(s, "call"), "the clock is already called");
    EXPECT_EQ(s.refusal(Action::endTurn()), "after calling the clock you must still move");
    EXPECT_TRUE(Says(s.serialize(), " 0*"));
    play(s, "c3-d4");
    // The caller's move counts.
    EXPECT_FALSE(s.midTurn());
    EXPECT_EQ(s.toMove(), 1);
    EXPECT_EQ(s.clockCount(), 1);
    EXPECT_EQ(refusal(s, "call"), "the clock is already called");
    for (const Action& a : s.legalActions()) EXPECT_NE(a.kind, Action::Kind::Choice);
}

TEST(MartianRules, SevenMovesWithoutACaptureAfterTheCallEndTheGame) {
    MartianState s(callingClock());
    play(s, "call");
    const char* moves[7] = {"c3-d4", "b6-a5", "d4-c3", "a5-b6", "c3-d4", "b6-a5", "d4-c3"};
    for (int i = 0; i < 7; ++i) {
        ASSERT_FALSE(s.outcome().over()) << "before move " << i + 1;
        play(s, moves[i]);
        EXPECT_EQ(s.clockCount(), i + 1);
    }
    const Outcome o = s.outcome();
    ASSERT_TRUE(o.over());
    // Nobody emptied a territory: equal scores are a draw even with tie=emptier.
    EXPECT_EQ(o.status, Outcome::Status::Draw);
    EXPECT_EQ(o.reason,
              "seven moves in a row without a capture since the clock was called; equal scores, 0 "
              "to 0");
}

TEST(MartianRules, TheClockEndsTheGameForTheHigherScore) {
    auto s = load("3P/4/4/P3/D3/4/4/3P 1 2,0 - 6", callingClock());
    play(*s, "d1-c2");
    const Outcome o = s->outcome();
    ASSERT_TRUE(o.over());
    EXPECT_EQ(o.winners, std::vector<PlayerId>{0});
    EXPECT_EQ(o.reason,
              "seven moves in a row without a capture since the clock was called; 2 to 0");
}

TEST(MartianRules, ACaptureResetsTheClock) {
    auto s = load("3P/4/4/P3/D3/4/4/3P 1 0,0 - 6", callingClock());
    play(*s, "a4xa5");
    EXPECT_EQ(s->clockCount(), 0);
    EXPECT_FALSE(s->outcome().over());
    EXPECT_EQ(s->serialize(), "3P/4/4/D3/4/4/4/3P 2 1,0 a5a4 0");
    play(*s, "d8-c7");
    EXPECT_EQ(s->clockCount(), 1);
}

TEST(MartianRules, TheClockIsCalledWithFourPlayersToo) {
    MartianState s(callingClock(4));
    EXPECT_EQ(s.legalActions().size(), 12u) << "eleven moves and the call";
    play(s, "call");
    play(s, "a3-a4");
    play(s, "c6-d5");
    EXPECT_EQ(s.clockCount(), 2);
    EXPECT_EQ(refusal(s, "call"), "the clock is already called");
}

// --- What a move does to the cells -------------------------------------------------

TEST(MartianRules, TheEffectOfAMoveEmptiesOneCellAndFillsAnother) {
    MartianState s(players(2));
    const Effect e = s.effect(said(s, "a3-a4"));
    ASSERT_EQ(e.changes.size(), 2u);
    EXPECT_EQ(e.changes[0], (CellChange{at(s, "a3"), kDroneLook, std::nullopt, true, false}));
    EXPECT_EQ(e.changes[1], (CellChange{at(s, "a4"), std::nullopt, kDroneLook, true, false}));
    // In cell order when the piece goes down the board.
    const Effect down = s.effect(said(s, "c2-d1"));
    ASSERT_EQ(down.changes.size(), 2u);
    EXPECT_EQ(down.changes[0], (CellChange{at(s, "d1"), std::nullopt, kPawnLook, true, false}));
    EXPECT_EQ(down.changes[1], (CellChange{at(s, "c2"), kPawnLook, std::nullopt, true, false}));
}

TEST(MartianRules, TheEffectOfACaptureReplacesTheTakenPyramid) {
    auto s = load("4/4/4/PDQ1/1Q2/4/4/3P 1 0,0 - -");
    const Effect e = s->effect(said(*s, "b4xa5"));
    ASSERT_EQ(e.changes.size(), 2u);
    EXPECT_EQ(e.changes[0], (CellChange{at(*s, "b4"), kQueenLook, std::nullopt, true, false}));
    EXPECT_EQ(e.changes[1], (CellChange{at(*s, "a5"), kPawnLook, kQueenLook, true, false}));
    // A queen taking a queen looks the same after, but the piece changes.
    const Effect same = s->effect(said(*s, "b4xc5"));
    ASSERT_EQ(same.changes.size(), 2u);
    EXPECT_EQ(same.changes[1], (CellChange{at(*s, "c5"), kQueenLook, kQueenLook, true, false}));
}

TEST(MartianRules, TheEffectOfAMergeIsTheNewPyramidOnTheTarget) {
    auto s = load("3P/4/4/4/4/4/2P1/2D1 1 0,0 - -", fieldPromotion());
    const Effect e = s->effect(said(*s, "c1-c2=Q"));
    ASSERT_EQ(e.changes.size(), 2u);
    EXPECT_EQ(e.changes[0], (CellChange{at(*s, "c1"), kDroneLook, std::nullopt, true, false}));
    EXPECT_EQ(e.changes[1], (CellChange{at(*s, "c2"), kPawnLook, kQueenLook, true, false}));
}

TEST(MartianRules, CallingTheClockChangesNoCell) {
    MartianState s(callingClock());
    EXPECT_TRUE(s.effect(said(s, "call")).empty());
}

// The quick effect() gives what the generic one (apply, then compare every
// cell's look and piece) does; but a pyramid taken by one of its own size
// leaves its cell looking and reading the same (pyramids have no owner of
// their own), so only the quick effect names that cell, as a piece change.
TEST(MartianRules, TheEffectAgreesWithApplyingTheAction) {
    std::vector<std::unique_ptr<MartianState>> states;
    states.push_back(std::make_unique<MartianState>(callingClock()));
    states.push_back(std::make_unique<MartianState>(callingClock(4)));
    states.push_back(load("4/4/4/PDQ1/1Q2/4/4/3P 1 0,0 - -"));
    states.push_back(load("3P/4/4/4/4/4/1P2/P3 1 0,0 - -", fieldPromotion()));
    states.push_back(load("3P/4/4/4/4/2P1/2P1/2D1 1 0,0 - -", fieldPromotion()));
    states.push_back(load("P6P/8/8/8/8/8/8/3Q3P 1 0,0,0,0 - -", players(4)));
    int checked = 0, sameSize = 0;
    for (const auto& s : states) {
        for (const Action& a : s->legalActions()) {
            std::vector<CellChange> quick = s->effect(a).changes;
            const std::vector<CellChange> generic = s->GameState::effect(a).changes;
            const auto taken = a.kind == Action::Kind::Move ? s->pieceAt(a.to) : std::nullopt;
            if (taken && a.piece < 0 && taken->kind == s->pieceAt(a.from)->kind) {
                ++sameSize;
                const Appearance look = s->appearance(a.to);
                ASSERT_EQ(quick.size(), 2u);
                const auto target = quick[0].cell == a.to ? quick.begin() : quick.begin() + 1;
                EXPECT_EQ(*target, (CellChange{a.to, look, look, true, false}));
                quick.erase(target);
            }
            EXPECT_EQ(quick, generic) << s->serialize() << ": " << s->encode(a);
            ++checked;
        }
    }
    EXPECT_GT(checked, 50);
    EXPECT_EQ(sameSize, 1) << "b4xc5, a queen taking a queen";
}

// --- Refusals -----------------------------------------------------------------------

TEST(MartianRules, RefusalsSayWhy) {
    MartianState s(callingClock());
    EXPECT_EQ(s.refusal(Action::move(-3, 200)), "no such cell");
    EXPECT_EQ(s.refusal(Action::place(Pawn, at(s, "d4"))), "Martian Chess has no such action");
    EXPECT_EQ(s.refusal(Action::remove(at(s, "a1"))), "Martian Chess has no such action");
    EXPECT_EQ(s.refusal(Action::choice(7)),
              "Martian Chess has no such choice; the only one is calling the clock");
    EXPECT_EQ(s.refusal(Action::choice(kCallClock, at(s, "a1"))),
              "Martian Chess has no such choice; the only one is calling the clock");
    EXPECT_EQ(s.refusal(Action::endTurn()), "a turn of Martian Chess is one move");
    EXPECT_EQ(s.refusal(Action::move(at(s, "a1"), at(s, "a1"))),
              "the piece on a1 is in your own territory: you capture only across a canal");
    EXPECT_EQ(refusal(s, "d4-d5"), "there is no piece on d4");
    EXPECT_EQ(refusal(s, "d8-d5"),
              "the piece on d8 stands in Player 2's territory: you move only pieces in your own "
              "(a1-d4)");
    EXPECT_EQ(refusal(s, "c2-c1"),
              "the piece on c1 is in your own territory: you capture only across a canal");
    EXPECT_EQ(refusal(s, "c2-c4"), "that is not a move: a pawn moves one square diagonally");
    EXPECT_EQ(refusal(s, "b2-b4"),
              "that is not a move: a drone moves one or two squares straight, not jumping");
    EXPECT_EQ(refusal(s, "a2-a4"),
              "that is not a move: a queen moves any distance straight or diagonally, not "
              "jumping");
    // With field promotion, a queen onto one's own pawn is no merge either.
    auto merge = load("3P/4/4/4/4/4/1P2/Q3 1 0,0 - -", fieldPromotion());
    const std::string noMerge =
        "the piece on b2 is in your own territory: you capture only across a canal, and only a "
        "drone and a pawn, or two pawns, merge";
    EXPECT_EQ(merge->refusal(Action::move(at(*merge, "a1"), at(*merge, "b2"))), noMerge);
    EXPECT_EQ(refusal(*merge, "a1-b2=Q"), noMerge);
    // A merge that could be made names what it makes.
    auto pawns = load("3P/4/4/4/4/4/1P2/P3 1 0,0 - -", fieldPromotion());
    EXPECT_EQ(pawns->refusal(Action::move(at(*pawns, "a1"), at(*pawns, "b2"))),
              "a merge names the piece it makes: a1-b2=D");
}

TEST(MartianRules, EveryListedActionIsLegalAndHasNoRefusal) {
    MartianState s(callingClock());
    for (const Action& a : s.legalActions()) {
        EXPECT_TRUE(s.isLegal(a)) << s.encode(a);
        EXPECT_EQ(s.refusal(a), "") << s.encode(a);
    }
}

// --- Notation of actions ------------------------------------------------------------

TEST(MartianRules, ActionsAreDescribedInWords) {
    MartianState s(callingClock());
    EXPECT_EQ(s.describe(said(s, "c3-d4")), "pawn c3-d4");
    EXPECT_EQ(s.describe(said(s, "a3-a5")), "drone a3-a5 crosses into Player 2's territory");
    EXPECT_TRUE(Says(s.describe(Action::pass()), "has no move and passes"));
    auto four = load("P6P/8/8/8/8/8/8/3Q3P 1 0,0,0,0 - -", players(4));
    EXPECT_EQ(four->describe(said(*four, "d1-h5")),
              "queen d1-h5 crosses into Player 3's territory");
    EXPECT_TRUE(CaptureSays(four->describe(said(*four, "d1xh1")), "queen d1xh1", 1, 1));
}

TEST(MartianRules, ActionsEncodeAndDecode) {
    auto s = load("4/4/4/PDQ1/1Q2/4/2P1/2D1 1 0,0 - -", fieldPromotion());
    const Cell b4 = at(*s, "b4"), a5 = at(*s, "a5"), c1 = at(*s, "c1"), c2 = at(*s, "c2");
    EXPECT_EQ(s->encode(Action::move(b4, at(*s, "b3"))), "b4-b3");
    EXPECT_EQ(s->encode(Action::move(b4, a5)), "b4xa5");
    EXPECT_EQ(s->encode(Action::move(c1, c2, Queen)), "c1-c2=Q");
    EXPECT_EQ(s->encode(Action::choice(kCallClock)), "call");
    EXPECT_EQ(s->encode(Action::pass()), "pass");
    for (const char* text : {"b4xa5", "b4-a5", "b4a5"})
        EXPECT_EQ(s->decode(text), Action::move(b4, a5)) << text;
    for (const char* text : {"c1-c2=Q", "c1c2q", "c1c2Q", "c1-c2"})
        EXPECT_EQ(s->decode(text), Action::move(c1, c2, Queen)) << text;
    EXPECT_EQ(s->decode("c1-c2=D"), Action::move(c1, c2, Drone));
    EXPECT_EQ(s->decode("call"), Action::choice(kCallClock));
    EXPECT_EQ(s->decode("call-clock"), Action::choice(kCallClock));
    EXPECT_EQ(s->decode("pass"), Action::pass());
    for (const char* text : {"", "b4", "b4-", "b4-b9", "b4-e4", "B4-A5", "b4-a5=K", "b4-a5=QQ",
                             "b4--a5", "resign", "b4-a5 "})
        EXPECT_EQ(s->decode(text), std::nullopt) << '"' << text << '"';
    // Every legal action reads back from its encoding.
    for (const Action& a : s->legalActions()) EXPECT_EQ(s->decode(s->encode(a)), a) << s->encode(a);
}

// --- What the players are told ------------------------------------------------------

TEST(MartianRules, TheReportGivesScoresAndTerritories) {
    MartianState s(players(2));
    EXPECT_EQ(s.report(),
              (std::vector<std::string>{
                  "Scores: Player 1 0, Player 2 0",
                  "Territories: Player 1 a1-d4 (9 pieces), Player 2 a5-d8 (9 pieces)"}));
    play(s, "a3-a5");
    EXPECT_EQ(s.report(), (std::vector<std::string>{
                              "Scores: Player 1 0, Player 2 0",
                              "Territories: Player 1 a1-d4 (8 pieces), Player 2 a5-d8 (10 pieces)",
                              "No undo: the drone on a5 may not go straight back to a3"}));
    auto one = load("3P/4/4/4/4/4/1P2/4 1 3,1 - -");
    EXPECT_EQ(one->report(),
              (std::vector<std::string>{
                  "Scores: Player 1 3, Player 2 1",
                  "Territories: Player 1 a1-d4 (1 piece), Player 2 a5-d8 (1 piece)"}));
}

TEST(MartianRules, TheReportGivesTeamScoresForFour) {
    auto s = load("P6P/8/8/8/8/8/8/P6P 1 4,2,3,3 - -", players(4));
    EXPECT_EQ(s->report(),
              (std::vector<std::string>{
                  "Team scores: Player 1 and Player 3 7 (4 + 3); Player 2 and Player 4 5 (2 + 3)",
                  "Territories: Player 1 a1-d4 (1 piece), Player 2 a5-d8 (1 piece), Player 3 "
                  "e5-h8 (1 piece), Player 4 e1-h4 (1 piece)"}));
}

TEST(MartianRules, TheReportGivesTheClockAndFieldPromotionWhenPlayed) {
    Rules both = callingClock();
    both.fieldPromotion = true;
    MartianState s(both);
    auto lines = s.report();
    ASSERT_EQ(lines.size(), 4u);
    EXPECT_EQ(lines[2], "The clock is not called (arbiterctl do call, before your move)");
    EXPECT_EQ(lines[3], "Field promotion is played");
    auto called = load("3P/4/4/P3/D3/4/4/3P 1 0,0 - 3", both);
    lines = called->report();
    ASSERT_EQ(lines.size(), 4u);
    EXPECT_EQ(lines[2], "The clock is called: 3 of 7 moves in a row without a capture");
}

// --- Stand-ins ----------------------------------------------------------------------

TEST(MartianRules, PyramidsLookLikeTheirStandIns) {
    MartianState s(players(2));
    EXPECT_EQ(s.appearance(at(s, "c2")), kPawnLook);
    EXPECT_EQ(s.appearance(at(s, "c1")), kDroneLook);
    EXPECT_EQ(s.appearance(at(s, "a1")), kQueenLook);
    EXPECT_EQ(s.appearance(at(s, "d4")), std::nullopt);
    auto game = makeGame("martian");
    ASSERT_TRUE(game);
    auto& martian = static_cast<const MartianGame&>(*game);
    EXPECT_EQ(martian.lookName(kPawnLook), "pawn");
    EXPECT_EQ(martian.lookName(kDroneLook), "drone (knight or rook)");
    EXPECT_EQ(martian.lookName(kQueenLook), "queen (queen or king or bishop)");
    // Any colour, and each listed figure, reads as the pyramid's look.
    EXPECT_EQ(martian.read({SetColour::Black, Figure::Rook}), kDroneLook);
    EXPECT_EQ(martian.read({SetColour::Black, Figure::Knight}), kDroneLook);
    EXPECT_EQ(martian.read({SetColour::White, Figure::King}), kQueenLook);
    EXPECT_EQ(martian.read({SetColour::Black, Figure::Bishop}), kQueenLook);
    EXPECT_EQ(martian.read({SetColour::Black, Figure::Pawn}), kPawnLook);
}

TEST(MartianRules, TheTableChoosesTheStandIns) {
    GameOptions options;
    options.standIns["drone"] = *parseStandIn("R or N");
    options.standIns["queen"] = *parseStandIn("Q");
    std::string error;
    auto game = makeGame("martian", options, error);
    ASSERT_TRUE(game) << error;
    auto& martian = static_cast<const MartianGame&>(*game);
    const SetPiece rook{SetColour::White, Figure::Rook};
    EXPECT_EQ(game->start()->appearance(*game->start()->geometry().parse("c1")), rook);
    EXPECT_EQ(martian.lookName(rook), "drone (rook or knight)");
    EXPECT_EQ(martian.lookName(kQueenLook), "queen");
    EXPECT_EQ(martian.read({SetColour::Black, Figure::Knight}), rook);
    // A king stands for nothing now: it reads as itself.
    const SetPiece king{SetColour::Black, Figure::King};
    EXPECT_EQ(martian.read(king), king);
    EXPECT_EQ(martian.kindShownBy(Figure::King), -1);
    EXPECT_EQ(martian.kindShownBy(Figure::Knight), Drone);
}

}  // namespace
}  // namespace arbiter::martian
