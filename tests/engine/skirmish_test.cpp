// Skirmish, the small many-player game: its rules as docs/rules/skirmish.md states them.
#include "engine/skirmish/skirmish.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "engine/core/text_fields.h"
#include "tests/engine/seeded_numbers.h"

namespace arbiter::skirmish {
namespace {

Cell at(const GameState& s, const char* name) {
    return *s.geometry().parse(name);
}

PlayerId ownerAt(const GameState& s, const char* name) {
    auto p = s.pieceAt(at(s, name));
    return p ? p->owner : NoPlayer;
}

void play(GameState& s, const char* text) {
    auto a = s.decode(text);
    ASSERT_TRUE(a) << text;
    ASSERT_TRUE(s.isLegal(*a)) << text << " in " << s.serialize();
    s.apply(*a);
}

TEST(Skirmish, FourPlayersStartInTheFourCorners) {
    SkirmishState s(Layout{});
    EXPECT_EQ(s.playerCount(), 4);
    EXPECT_EQ(s.geometry().files(), 8);
    const char* homes[4][3] = {
        {"a1", "b1", "a2"}, {"h1", "g1", "h2"}, {"h8", "g8", "h7"}, {"a8", "b8", "a7"}};
    for (PlayerId p = 0; p < 4; ++p) {
        for (const char* cell : homes[p]) EXPECT_EQ(ownerAt(s, cell), p) << cell;
    }
    EXPECT_EQ(s.serialize(),
              "8x8 p0,p0,p0,p0 0 dd....cc/d......c/......../......../......../"
              "......../a......b/aa....bb");
}

TEST(Skirmish, EveryPieceLooksLikeTheSameWhitePawn) {
    SkirmishState s(Layout{});
    SetPiece pawn{SetColour::White, Figure::Pawn};
    EXPECT_EQ(s.appearance(at(s, "a1")), pawn);
    EXPECT_EQ(s.appearance(at(s, "h8")), pawn);
    EXPECT_EQ(s.appearance(at(s, "d4")), std::nullopt);
}

TEST(Skirmish, APieceStepsToAnyNeighbourNotHeldByItsOwner) {
    SkirmishState s(Layout{});
    // a1 reaches only b2; b1 reaches c1, c2, b2; a2 reaches a3, b3, b2.
    EXPECT_EQ(s.legalActions().size(), 7u);
    EXPECT_TRUE(s.isLegal(*s.decode("a2-b3")));
    EXPECT_FALSE(s.isLegal(*s.decode("a1-a2")));
    EXPECT_FALSE(s.isLegal(*s.decode("a2-a4")));
    EXPECT_FALSE(s.isLegal(*s.decode("h1-h2"))) << "not player 1's piece";
}

TEST(Skirmish, TurnsGoRoundTheTable) {
    SkirmishState s(Layout{});
    play(s, "a2-a3");
    EXPECT_EQ(s.toMove(), 1);
    play(s, "h2-h3");
    play(s, "h7-h6");
    play(s, "a7-a6");
    EXPECT_EQ(s.toMove(), 0);
}

TEST(Skirmish, ACaptureScoresAPointAndTheCapturedPieceChangesHands) {
    std::string error;
    auto s = SkirmishState::load("4x4 p0,p0 0 ..../.b../a.../....", error);
    ASSERT_TRUE(s) << error;
    EXPECT_EQ(s->describe(*s->decode("a2-b3")), "a2xb3");
    play(*s, "a2-b3");
    EXPECT_EQ(ownerAt(*s, "b3"), 0);
    EXPECT_EQ(s->resources(0).score, 1);
    EXPECT_EQ(s->outcome(), Outcome::win({0}, "last player standing"));
    EXPECT_TRUE(s->legalActions().empty());
}

TEST(Skirmish, APlayerWithoutPiecesIsSkipped) {
    std::string error;
    auto s = SkirmishState::load("4x4 p0,p0,p0 0 a.../.b../...c/....", error);
    ASSERT_TRUE(s) << error;
    play(*s, "a4-b3");  // takes player 2's only piece
    EXPECT_FALSE(s->inGame(1));
    EXPECT_EQ(s->toMove(), 2);
    EXPECT_FALSE(s->outcome().over());
}

TEST(Skirmish, APlayerWithNoStepPasses) {
    std::string error;
    // With 8-way steps and captures, only a newcomer facing a full board has no
    // action; the rule is there so that a turn can never be stuck.
    auto s = SkirmishState::load("2x2 p0,n0 1 aa/aa", error);
    ASSERT_TRUE(s) << error;
    ASSERT_EQ(s->legalActions(), std::vector<Action>{Action::pass()});
    play(*s, "pass");
    EXPECT_EQ(s->toMove(), 0);
}

TEST(Skirmish, ALateArrivalTakesTheNextSeatAndPlacesAPieceFirst) {
    SkirmishState s(Layout{});
    play(s, "a2-a3");
    EXPECT_EQ(s.describe(Action::join()), "Player 5 joins");
    play(s, "join");
    EXPECT_EQ(s.playerCount(), 5);
    EXPECT_EQ(s.toMove(), 1) << "joining does not take anyone's turn";
    play(s, "h2-h3");
    play(s, "h7-h6");
    play(s, "a7-a6");
    EXPECT_EQ(s.toMove(), 4);
    auto actions = s.legalActions();
    EXPECT_EQ(actions.size(), 64u - 12u);
    EXPECT_TRUE(std::all_of(actions.begin(), actions.end(),
                            [](const Action& a) { return a.kind == Action::Kind::Place; }));
    play(s, "@d4");
    EXPECT_EQ(ownerAt(s, "d4"), 4);
    EXPECT_EQ(s.toMove(), 0);
}

TEST(Skirmish, ALeavingPlayersPiecesLeaveWithThemAndTheirTurnPasses) {
    SkirmishState s(Layout{});
    play(s, "leave:0");
    EXPECT_EQ(ownerAt(s, "a1"), NoPlayer);
    EXPECT_EQ(ownerAt(s, "b1"), NoPlayer);
    EXPECT_FALSE(s.inGame(0));
    EXPECT_EQ(s.toMove(), 1);
    play(s, "leave:2");
    EXPECT_EQ(s.toMove(), 1) << "someone else leaving does not take the turn";
    play(s, "leave:3");
    EXPECT_EQ(s.outcome(), Outcome::win({1}, "last player standing"));
    EXPECT_TRUE(s.rosterActions().empty());
}

TEST(Skirmish, NobodyLeavesTwiceOrJoinsASeventeenthSeat) {
    SkirmishState s(Layout{});
    play(s, "leave:3");
    EXPECT_FALSE(s.isLegal(Action::leave(3)));
    EXPECT_FALSE(s.isLegal(Action::leave(7)));
    for (int i = 0; i < 12; ++i) play(s, "join");
    EXPECT_EQ(s.playerCount(), 16);
    EXPECT_FALSE(s.isLegal(Action::join()));
}

TEST(Skirmish, AStoppedGameGoesToTheHighestScoreAndATieIsADrawAmongTheTied) {
    std::string error;
    auto s = SkirmishState::load("4x4 p2,p1,p0 0 a.../.b../...c/....", error);
    ASSERT_TRUE(s) << error;
    EXPECT_EQ(s->stoppedOutcome("time limit"), Outcome::win({0}, "time limit, highest score"));
    auto tie = SkirmishState::load("4x4 p2,p2,p0 0 a.../.b../...c/....", error);
    ASSERT_TRUE(tie) << error;
    Outcome o = tie->stoppedOutcome("move limit");
    EXPECT_EQ(o.status, Outcome::Status::Draw);
    EXPECT_EQ(o.winners, (std::vector<PlayerId>{0, 1}));
}

TEST(Skirmish, ALayoutOfSixteenBoardsSeatsSixteenPlayersOnePerBoard) {
    SkirmishState s(Layout{16, 4, 4, 3});
    EXPECT_EQ(s.geometry().files(), 32);
    EXPECT_EQ(s.geometry().ranks(), 32);
    EXPECT_EQ(s.playerCount(), 16);
    EXPECT_EQ(ownerAt(s, "a1"), 0);
    EXPECT_EQ(ownerAt(s, "i1"), 1);
    EXPECT_EQ(ownerAt(s, "y25"), 15);
    EXPECT_EQ(s.legalActions().size(), 7u);
}

TEST(Skirmish, SerializedStatesLoadBackUnchanged) {
    SkirmishState s(Layout{});
    play(s, "a2-a3");
    play(s, "join");
    play(s, "leave:2");
    std::string error;
    auto back = SkirmishState::load(s.serialize(), error);
    ASSERT_TRUE(back) << error;
    EXPECT_EQ(back->serialize(), s.serialize());
    EXPECT_EQ(back->toMove(), s.toMove());
    EXPECT_EQ(back->legalActions(), s.legalActions());
}

TEST(Skirmish, BadStateTextIsRefusedWithAReason) {
    const char* bad[] = {
        "",
        "8x8",
        "8x8 p0,p0 0 ........",          // too few rows
        "1x1 p0,p0 0 .",                 // too small
        "99x8 p0,p0 0 ./././././././.",  // too wide
        "2x2 p0 0 ../..",                // one seat
        "2x2 p0,q0 0 ../..",             // unknown seat state
        "2x2 p0,p0 0 ..../..",           // row too long
        "2x2 p0,p0 0 .z/..",             // no such owner
        "2x2 p0,l0 0 .b/a.",             // a leaver's piece
        "2x2 p0,p0 5 a./.b",             // no such mover
        "3x3 p0,p0,p0 2 a../.b./...",    // mover out of the game
        "2x2 p0,px 0 a./.b",             // bad score
    };
    for (const char* text : bad) {
        std::string error;
        EXPECT_EQ(SkirmishState::load(text, error), nullptr) << text;
        EXPECT_FALSE(error.empty()) << text;
    }
}

TEST(Skirmish, ActionsEncodeAndDecodeBack) {
    SkirmishState s(Layout{});
    for (const Action& a : s.legalActions()) EXPECT_EQ(s.decode(s.encode(a)), a);
    for (const Action& a : s.rosterActions()) EXPECT_EQ(s.decode(s.encode(a)), a);
    EXPECT_EQ(s.decode("@c3"), Action::place(0, at(s, "c3")));
    for (const char* bad : {"", "a1", "a1-", "z9-a1", "@", "leave:", "leave:x", "jump"})
        EXPECT_EQ(s.decode(bad), std::nullopt) << bad;
}

TEST(Skirmish, TheTwentyFourthFileXIsNotTakenForACapture) {
    SkirmishState s(Layout{16, 4, 4, 3});  // 32 files: ..., w, x, y, ...
    const Geometry& g = s.geometry();
    EXPECT_EQ(s.decode("x8-w8"), Action::move(*g.parse("x8"), *g.parse("w8")));
    EXPECT_EQ(s.decode("x8xw8"), Action::move(*g.parse("x8"), *g.parse("w8")));
    EXPECT_EQ(s.decode("w8xx8"), Action::move(*g.parse("w8"), *g.parse("x8")));
}

TEST(Skirmish, TheRecordListsEveryActionAndTheResult) {
    SkirmishGame game;
    GameRecord rec;
    rec.tags = {{"Event", "test"}};
    rec.startText = game.start()->serialize();
    auto s = game.start();
    rec.actions = {*s->decode("a2-a3"), Action::join(), Action::leave(1)};
    rec.outcome = Outcome::win({0, 2}, "agreed");
    std::string text = game.exportRecord(rec);
    EXPECT_NE(text.find("[Event \"test\"]"), std::string::npos);
    EXPECT_NE(text.find("1. Player 1: a2-a3"), std::string::npos) << text;
    EXPECT_NE(text.find("2. Player 5 joins"), std::string::npos) << text;
    EXPECT_NE(text.find("3. Player 2 leaves"), std::string::npos) << text;
    EXPECT_NE(text.find("Result: won by players 1, 3 (agreed)"), std::string::npos) << text;
}

// Whether seat `p` takes turns, worked out from the cells and the seats' text
// alone: a seat placing its first piece, or playing with a piece on the board.
bool inGameByCount(const GameState& s, PlayerId p) {
    const std::string text = s.serialize();
    const char seat = splitOn(splitOn(text, ' ')[1], ',')[static_cast<size_t>(p)][0];
    int pieces = 0;
    for (Cell c = 0; c < s.geometry().size(); ++c) {
        auto piece = s.pieceAt(c);
        pieces += piece && piece->owner == p;
    }
    return seat == 'n' || (seat == 'p' && pieces > 0);
}

TEST(Skirmish, PieceCountsKeptByEachActionAgreeWithTheCellsAlongRandomGames) {
    SeededNumbers random(31);
    for (int game = 0; game < 60; ++game) {
        SkirmishState s(Layout{2 + game % 5, 2, 1, 1 + game % 3});
        for (int step = 0; step < 400 && !s.outcome().over(); ++step) {
            std::vector<Action> actions = s.legalActions();
            // Now and then someone joins or leaves: those change the counts too.
            if (random.below(12) == 0) actions = s.rosterActions();
            ASSERT_FALSE(actions.empty());
            s.apply(actions[static_cast<size_t>(random.below(static_cast<int>(actions.size())))]);
            std::string error;
            auto loaded = SkirmishState::load(s.serialize(), error);
            ASSERT_TRUE(loaded) << error;
            for (PlayerId p = 0; p < s.playerCount(); ++p) {
                ASSERT_EQ(s.inGame(p), inGameByCount(s, p)) << p << " in " << s.serialize();
                ASSERT_EQ(s.inGame(p), loaded->inGame(p)) << p << " in " << s.serialize();
            }
            ASSERT_EQ(s.outcome(), loaded->outcome()) << s.serialize();
            ASSERT_EQ(s.legalActions(), loaded->legalActions()) << s.serialize();
        }
    }
}

TEST(GameRegistry, KnowsSkirmish) {
    auto game = makeGame("skirmish");
    ASSERT_TRUE(game);
    EXPECT_EQ(game->start()->playerCount(), 4);
}

}  // namespace
}  // namespace arbiter::skirmish
