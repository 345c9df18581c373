// The referee is sparse: prepared once per state, it follows the surface
// event by event and looks only at the cells that differ and the actions that
// touch them. These tests hold it to the verdicts a fresh look at the whole
// surface gives, and cover what needs the next player's actions: catching up
// two plies and the end of a turn implied by the next player's step.
#include <gtest/gtest.h>

#include <memory>
#include <random>

#include "daemon/referee/referee.h"
#include "engine/skirmish/skirmish.h"
#include "tests/daemon/sensed_boards.h"
#include "tests/games/two_step.h"

namespace arbiter {
namespace {

std::vector<std::string> codes(const GameState& state, const std::vector<Action>& actions) {
    std::vector<std::string> out;
    for (const Action& a : actions) out.push_back(state.encode(a));
    return out;
}

// Everything a verdict says, in words, so that two verdicts can be compared
// and a difference read.
std::string said(const GameState& state, const Verdict& v) {
    std::string s = "kind " + std::to_string(static_cast<int>(v.kind));
    auto list = [&](const char* what, const std::vector<Action>& actions) {
        s += std::string("; ") + what;
        for (const std::string& code : codes(state, actions)) s += " " + code;
    };
    list("actions", v.actions);
    list("candidates", v.candidates);
    list("completes", v.fixesComplete);
    list("unconfirmed", v.unconfirmed);
    s += "; fixes";
    for (const CellFix& f : v.fixes) s += " " + describeFix(f, state.geometry());
    s += "; untouched";
    for (Cell c : v.untouched) s += " " + state.geometry().name(c);
    s += "; consequences";
    for (const CellFix& f : v.consequences) s += " " + describeFix(f, state.geometry());
    return s;
}

TEST(SparseReferee, FollowingTheEventsGivesTheVerdictOfAFreshLookAtEveryCell) {
    // Four players of look-alike pieces on two occupancy boards; moves made
    // right, wrongly, half-way, taken back, and a board lost and back.
    skirmish::SkirmishGame game({4, 2, 1, 6});
    auto state = game.start();
    std::unique_ptr<GameState> previous;
    testing::SensedBoards boards(state->geometry(), Sensing::Occupancy);
    boards.show(*state);
    Referee referee;
    referee.prepare(*state, nullptr, nullptr, boards.surface());
    const Referee fresh;
    std::mt19937 random(7);
    auto any = [&](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
    const Geometry g = state->geometry();  // a copy: the state is replaced on a takeback
    // Verdicts seen, by kind (Replace, the last kind, never arises in Skirmish).
    int commits = 0, kinds[static_cast<int>(Verdict::Kind::Replace) + 1] = {};

    for (int event = 0; event < 3000 && !state->outcome().over(); ++event) {
        SCOPED_TRACE("event " + std::to_string(event) + " in " + state->serialize());
        int what = any(10);
        if (what < 2) {
            // A whole legal action: the piece lifted, a captured piece lifted, the piece put.
            auto legal = state->legalActions();
            const Action& a = legal[static_cast<size_t>(any(static_cast<int>(legal.size())))];
            if (a.kind == Action::Kind::Move) {
                Appearance piece = state->appearance(a.from);
                boards.report(a.from, std::nullopt);
                if (state->appearance(a.to)) boards.report(a.to, std::nullopt);
                boards.report(a.to, piece);
            }
        } else if (what < 5) {
            // A step of a legal action, one cell at a time.
            auto legal = state->legalActions();
            const Action& a = legal[static_cast<size_t>(any(static_cast<int>(legal.size())))];
            if (a.kind == Action::Kind::Move) {
                boards.report(any(2) ? a.from : a.to,
                              any(2) ? Appearance() : state->appearance(a.from));
            }
        } else if (what < 8) {
            // A hand anywhere: a piece lifted or put down.
            Cell c = any(g.size());
            boards.report(
                c, any(2) ? Appearance() : Appearance(SetPiece{SetColour::Black, Figure::Rook}));
        } else if (what < 9) {
            // Back to the agreed position, or to the one before it.
            const GameState& target = previous && any(2) ? *previous : *state;
            for (Cell c = 0; c < g.size(); ++c) {
                if (boards.surface().cell(c).content.has_value() !=
                    target.appearance(c).has_value())
                    boards.report(c, target.appearance(c));
            }
        } else {
            int b = any(boards.surface().boardCount());
            BoardSquares squares{};
            for (int s = 0; s < 64; ++s) {
                Cell c = Surface::cellOf(g, boards.surface().placement(b), s);
                if (c != NoCell) squares[static_cast<size_t>(s)] = boards.surface().cell(c).content;
            }
            boards.lose(b);
            Verdict away = referee.judge(boards.surface());
            EXPECT_EQ(away.kind, Verdict::Kind::Unknown);
            ++kinds[static_cast<int>(away.kind)];
            if (any(2)) squares[static_cast<size_t>(any(64))] = std::nullopt;
            boards.comeBack(b, squares);
        }
        for (int plies : {1, 2}) {
            Verdict followed = referee.judge(boards.surface(), plies);
            Verdict looked = fresh.judge(*state, previous.get(), boards.surface(), plies);
            ASSERT_EQ(said(*state, followed), said(*state, looked)) << "catching up " << plies;
        }
        Verdict v = referee.judge(boards.surface());
        ++kinds[static_cast<int>(v.kind)];
        if (v.kind == Verdict::Kind::Commit || v.kind == Verdict::Kind::Takeback ||
            v.kind == Verdict::Kind::Settled) {
            // What the table does: the surface is still, the state moves on.
            boards.surface().markStill();
            const Action* last = nullptr;
            if (v.kind == Verdict::Kind::Commit) {
                previous = state->clone();
                state->apply(v.actions.front());
                last = &v.actions.front();
                ++commits;
            } else if (v.kind == Verdict::Kind::Takeback) {
                state = previous->clone();
                previous.reset();
            }
            if (v.kind != Verdict::Kind::Settled)
                referee.prepare(*state, previous.get(), last, boards.surface());
        }
    }
    // The walk must have met what it is meant to compare.
    EXPECT_GT(commits, 100);
    for (auto kind : {Verdict::Kind::Unknown, Verdict::Kind::Settled, Verdict::Kind::Pending,
                      Verdict::Kind::Takeback, Verdict::Kind::Illegal})
        EXPECT_GT(kinds[static_cast<int>(kind)], 0) << static_cast<int>(kind);
}

class SkirmishOnOccupancy : public ::testing::Test {
  protected:
    void start(const std::string& text) {
        std::string error;
        state = skirmish::SkirmishState::load(text, error);
        ASSERT_TRUE(state) << error;
        boards = std::make_unique<testing::SensedBoards>(state->geometry(), Sensing::Occupancy);
        boards->show(*state);
        referee.prepare(*state, nullptr, nullptr, boards->surface());
    }
    // What a board that was away sends when it comes back: its squares now.
    BoardSquares squaresNow(int b) {
        BoardSquares squares{};
        for (int s = 0; s < 64; ++s) {
            Cell c = Surface::cellOf(state->geometry(), boards->surface().placement(b), s);
            if (c != NoCell) squares[static_cast<size_t>(s)] = shown[static_cast<size_t>(c)];
        }
        return squares;
    }
    void step(const char* from, const char* to) {
        shown[static_cast<size_t>(boards->cell(from))] = std::nullopt;
        shown[static_cast<size_t>(boards->cell(to))] = SetPiece{SetColour::White, Figure::Pawn};
    }
    void seeTheState() {
        shown.assign(static_cast<size_t>(state->geometry().size()), std::nullopt);
        for (Cell c = 0; c < state->geometry().size(); ++c)
            shown[static_cast<size_t>(c)] = state->appearance(c);
    }

    std::unique_ptr<GameState> state;
    std::unique_ptr<testing::SensedBoards> boards;
    std::vector<Appearance> shown;  // what the players have made, cell by cell
    Referee referee;
};

TEST_F(SkirmishOnOccupancy, TwoStepsMadeWhileTheBoardWasAwayAreCaughtUp) {
    start(
        "8x8 p0,p0,p0,p0 0 dd....cc/d......c/......../......../......../......../"
        "a......b/aa....bb");
    seeTheState();
    boards->lose(0);
    step("a2", "a3");  // Ann
    step("h2", "h3");  // then Bob
    boards->comeBack(0, squaresNow(0));
    EXPECT_EQ(referee.judge(boards->surface()).kind, Verdict::Kind::Illegal);
    Verdict v = referee.judge(boards->surface(), 2);
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(codes(*state, v.actions), (std::vector<std::string>{"a2-a3", "h2-h3"}));
}

TEST_F(SkirmishOnOccupancy, ACaptureMadeWhileTheBoardWasAwayIsCaughtUp) {
    // Ann on b2 next to Bob's only piece on c3; Cat on c1. Ann captures c3, Bob
    // is out, and Cat steps. A board back from absence counts as touched
    // everywhere, so the capture needs no confirming.
    start(
        "8x8 p0,p0,p0,p0 0 ......dd/......../......../......../......../..b...../"
        ".a....../..c.....");
    seeTheState();
    boards->lose(0);
    step("b2", "c3");
    step("c1", "d1");
    boards->comeBack(0, squaresNow(0));
    Verdict v = referee.judge(boards->surface(), 2);
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(codes(*state, v.actions), (std::vector<std::string>{"b2-c3", "c1-d1"}));
}

// Two Step: a turn is one or two steps of a rook. After White's first step the
// turn may go on or end, and Black's step on the board shows that it ended.
class ImpliedEndOfTurn : public ::testing::Test {
  protected:
    void SetUp() override {
        state = game->start();
        boards = std::make_unique<testing::SensedBoards>(state->geometry(), Sensing::ColourAndKind);
        boards->show(*state);
        play("a1-a2");
        ASSERT_TRUE(state->midTurn());
        boards->lift("a1");
        boards->put("a2", kWhiteRook);
        boards->surface().markStill();
        referee.prepare(*state, previous.get(), &last, boards->surface());
    }
    void play(const char* code) {
        auto a = state->decode(code);
        ASSERT_TRUE(a && state->isLegal(*a)) << code;
        previous = state->clone();
        last = *a;
        state->apply(*a);
    }
    Verdict judge(int plies = 1) { return referee.judge(boards->surface(), plies); }

    static constexpr SetPiece kWhiteRook{SetColour::White, Figure::Rook};
    static constexpr SetPiece kBlackRook{SetColour::Black, Figure::Rook};
    std::unique_ptr<Game> game = testgames::makeTwoStepGame();
    std::unique_ptr<GameState> state, previous;
    Action last;
    std::unique_ptr<testing::SensedBoards> boards;
    Referee referee;
};

TEST_F(ImpliedEndOfTurn, TheNextPlayersStepEndsTheTurn) {
    boards->lift("a8");
    EXPECT_EQ(judge().kind, Verdict::Kind::Pending) << "the next player's rook in the hand";
    boards->put("a7", kBlackRook);
    Verdict v = judge();
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(codes(*state, v.actions), (std::vector<std::string>{"end", "a8-a7"}));
}

TEST_F(ImpliedEndOfTurn, TheMoversSecondStepIsOneAction) {
    boards->lift("a2");
    boards->put("a3", kWhiteRook);
    Verdict v = judge();
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(codes(*state, v.actions), std::vector<std::string>{"a2-a3"});
}

TEST_F(ImpliedEndOfTurn, ARookOfTheWrongColourIsNobodysStep) {
    boards->lift("b1");
    boards->put("c1", kBlackRook);
    Verdict v = judge();
    ASSERT_EQ(v.kind, Verdict::Kind::Illegal);
    ASSERT_EQ(v.fixes.size(), 1u);
    EXPECT_EQ(describeFix(v.fixes[0], state->geometry()),
              "replace the black rook on c1 by a white rook");
    EXPECT_EQ(codes(*state, v.fixesComplete), std::vector<std::string>{"b1-c1"});
}

TEST_F(ImpliedEndOfTurn, TheNextPlayersStepIsCaughtUpWithTheEndOfTheTurn) {
    // Black steps while the board is away: when it comes back, the end of
    // White's turn is implied there too.
    boards->lose(0);
    BoardSquares squares{};
    for (int s = 0; s < 64; ++s) {
        Cell c = Surface::cellOf(state->geometry(), boards->surface().placement(0), s);
        squares[static_cast<size_t>(s)] = state->appearance(c);
    }
    auto at = [&](const char* name) -> Appearance& {
        return squares[static_cast<size_t>(boards->where(boards->cell(name)).second)];
    };
    at("a8") = std::nullopt;
    at("a7") = kBlackRook;
    boards->comeBack(0, squares);
    Verdict v = judge(2);
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(codes(*state, v.actions), (std::vector<std::string>{"end", "a8-a7"}));
}

TEST_F(ImpliedEndOfTurn, AStepBackIsTheSecondStepNotATakeback) {
    boards->lift("a2");
    boards->put("a1", kWhiteRook);
    Verdict v = judge();
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(codes(*state, v.actions), std::vector<std::string>{"a2-a1"});
}

}  // namespace
}  // namespace arbiter
