// The built-in machine player's search (engine/machine/tree_search.h): what
// it may choose, what it finds, and what bounds it, in every game.
#include "engine/machine/tree_search.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/seeded_random.h"
#include "tests/engine/every_game.h"

namespace arbiter {
namespace {

// A few short playouts: enough to grow a tree, quick under the sanitizers.
SearchLimits fewPlayouts(uint64_t playouts = 24) {
    SearchLimits limits;
    limits.playouts = playouts;
    limits.playoutCap = 30;
    return limits;
}

// Whether the player to move has a choice to make: no chance due first, and
// more than one action listed.
bool hasAChoice(const GameState& s) {
    return !s.outcome().over() && !s.chance() && s.legalActions().size() > 1;
}

// The states a test searches in each game: the first with a choice from its
// start and from a few states some random actions into it.
std::vector<std::unique_ptr<GameState>> statesToSearch(const Game& game) {
    std::vector<std::unique_ptr<GameState>> states;
    for (uint64_t seed = 0; seed <= 3; ++seed) {
        std::unique_ptr<GameState> s = game.start();
        SeededRandom random(seed);
        s->playOut(random, static_cast<int>(seed) * 6, nullptr);
        for (int i = 0; i < 50 && !s->outcome().over() && !hasAChoice(*s); ++i)
            s->playOut(random, 1, nullptr);
        if (hasAChoice(*s)) states.push_back(std::move(s));
    }
    return states;
}

std::unique_ptr<GameState> fideFrom(const std::string& fen) {
    std::string error;
    std::unique_ptr<GameState> s = makeGame("fide")->load(fen, error);
    EXPECT_TRUE(s) << error;
    return s;
}

bool isListed(const GameState& s, const Action& a) {
    const std::vector<Action> listed = s.legalActions();
    return std::find(listed.begin(), listed.end(), a) != listed.end();
}

TEST(TreeSearch, ChoosesOnlyListedLegalActionsInEveryGame) {
    for (const std::unique_ptr<Game>& game : everyGame()) {
        ASSERT_TRUE(game);
        int searched = 0;
        for (const std::unique_ptr<GameState>& s : statesToSearch(*game)) {
            const std::optional<SearchChoice> choice = chooseAction(*s, 7, fewPlayouts());
            ASSERT_TRUE(choice) << game->name() << ": " << s->serialize();
            EXPECT_TRUE(isListed(*s, choice->action)) << game->name() << ": " << s->serialize();
            EXPECT_TRUE(s->isLegal(choice->action)) << game->name();
            EXPECT_FALSE(choice->action.changesRoster()) << game->name();
            EXPECT_LE(choice->playouts, 24u) << game->name();
            ++searched;
        }
        EXPECT_GE(searched, 2) << game->name();
    }
}

TEST(TreeSearch, SameSeedSameChoice) {
    for (const std::unique_ptr<Game>& game : everyGame()) {
        std::vector<std::unique_ptr<GameState>> states = statesToSearch(*game);
        states.resize(std::min<size_t>(states.size(), 2));
        for (const std::unique_ptr<GameState>& s : states) {
            const auto first = chooseAction(*s, 11, fewPlayouts(20));
            const auto second = chooseAction(*s, 11, fewPlayouts(20));
            ASSERT_TRUE(first && second) << game->name();
            EXPECT_EQ(first->action, second->action) << game->name();
            EXPECT_EQ(first->playouts, second->playouts) << game->name();
            EXPECT_EQ(first->nodes, second->nodes) << game->name();
            EXPECT_EQ(first->share, second->share) << game->name();
        }
    }
}

// White: Ra1, Kg1; Black: Kg8 behind its pawns. Ra8 is mate; nothing else wins.
TEST(TreeSearch, TakesAMateInOneInFide) {
    std::unique_ptr<GameState> s = fideFrom("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    for (uint64_t seed = 1; seed <= 3; ++seed) {
        const auto choice = chooseAction(*s, seed, fewPlayouts(400));
        ASSERT_TRUE(choice);
        EXPECT_EQ(s->encode(choice->action), "a1a8") << "seed " << seed;
        EXPECT_GT(choice->share, 0.9);
    }
}

// Black to move must stop Ra8 mate: only ...g6, ...h6, ...g5, ...h5, ...Kf8
// and the like make luft or run; the search sees that the others lose.
TEST(TreeSearch, PreventsAMateInOneInFide) {
    std::unique_ptr<GameState> s = fideFrom("6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1");
    const auto choice = chooseAction(*s, 3, fewPlayouts(2000));
    ASSERT_TRUE(choice);
    std::unique_ptr<GameState> after = s->clone();
    after->apply(choice->action);
    const std::optional<Action> mate = after->decode("a1a8");
    ASSERT_TRUE(mate);
    after->apply(*mate);
    EXPECT_FALSE(after->outcome().over()) << s->encode(choice->action) << " allows Ra8 mate";
}

TEST(TreeSearch, AStopAskedEndsTheSearchWithinAFewPlayouts) {
    for (const std::unique_ptr<Game>& game : everyGame()) {
        std::unique_ptr<GameState> s = std::move(statesToSearch(*game).back());
        int calls = 0;
        SearchLimits limits = fewPlayouts(1'000'000);
        limits.stop = [&calls] { return ++calls == 3; };
        const auto choice = chooseAction(*s, 5, limits);
        ASSERT_TRUE(choice) << game->name();
        EXPECT_EQ(calls, 3) << game->name();
        EXPECT_EQ(choice->playouts, 2 * kStopPollEvery) << game->name();
        EXPECT_TRUE(isListed(*s, choice->action)) << game->name();
    }
}

TEST(TreeSearch, AStopBeforeAnyPlayoutStillChoosesAListedAction) {
    for (const std::unique_ptr<Game>& game : everyGame()) {
        std::unique_ptr<GameState> s = std::move(statesToSearch(*game).front());
        SearchLimits limits = fewPlayouts(1000);
        limits.stop = [] { return true; };
        const auto choice = chooseAction(*s, 5, limits);
        ASSERT_TRUE(choice) << game->name();
        EXPECT_EQ(choice->playouts, 0u) << game->name();
        EXPECT_TRUE(isListed(*s, choice->action)) << game->name();
    }
}

TEST(TreeSearch, PlaysNoMorePlayoutsThanItsBudget) {
    std::unique_ptr<GameState> s = makeGame("martian")->start();
    const auto choice = chooseAction(*s, 1, fewPlayouts(37));
    ASSERT_TRUE(choice);
    EXPECT_EQ(choice->playouts, 37u);
}

TEST(TreeSearch, NeverGrowsItsTreeBeyondItsNodeLimit) {
    std::unique_ptr<GameState> s = makeGame("fide")->start();
    SearchLimits limits = fewPlayouts(300);
    limits.maxNodes = 50;
    const auto choice = chooseAction(*s, 1, limits);
    ASSERT_TRUE(choice);
    EXPECT_EQ(choice->playouts, 300u);
    EXPECT_EQ(choice->nodes, 50u);
    EXPECT_TRUE(isListed(*s, choice->action));
}

TEST(TreeSearch, NothingToChooseWhenTheGameIsOver) {
    for (const std::unique_ptr<Game>& game : everyGame()) {
        std::unique_ptr<GameState> s = game->start();
        SeededRandom random(2);
        for (int i = 0; i < 20 && !s->outcome().over(); ++i) s->playOut(random, 5000, nullptr);
        ASSERT_TRUE(s->outcome().over()) << game->name();
        EXPECT_FALSE(chooseAction(*s, 1, fewPlayouts())) << game->name();
    }
}

TEST(TreeSearch, NothingToChooseWhileChanceIsDue) {
    int found = 0;
    for (const std::unique_ptr<Game>& game : everyGame()) {
        std::unique_ptr<GameState> s = game->start();
        SeededRandom random(4);
        for (int i = 0; i < 200 && !s->outcome().over() && !s->chance(); ++i)
            s->playOut(random, 1, nullptr);
        if (!s->chance()) continue;
        EXPECT_FALSE(chooseAction(*s, 1, fewPlayouts())) << game->name();
        ++found;
    }
    EXPECT_GE(found, 2);  // Power Coinz's coins, Konfusion's die
}

// Kh1 against a rook on the second rank: Kg1 is the only move.
TEST(TreeSearch, ReturnsTheOnlyListedActionWithoutASearch) {
    std::unique_ptr<GameState> s = fideFrom("7k/8/8/8/8/8/r7/7K w - - 0 1");
    const auto choice = chooseAction(*s, 1, fewPlayouts(100));
    ASSERT_TRUE(choice);
    EXPECT_EQ(s->encode(choice->action), "h1g1");
    EXPECT_EQ(choice->playouts, 0u);
}

// Sandkings's turn is several steps: each is chosen on its own, the mover
// staying the same until the turn is complete.
TEST(TreeSearch, ChoosesATurnOfSeveralActionsOneActionAtATime) {
    std::unique_ptr<GameState> s = makeGame("sandkings")->start();
    const PlayerId mover = s->toMove();
    int actions = 0;
    do {
        const auto choice = chooseAction(*s, static_cast<uint64_t>(actions), fewPlayouts(16));
        ASSERT_TRUE(choice);
        ASSERT_TRUE(s->isLegal(choice->action));
        s->apply(choice->action);
        ++actions;
    } while (s->midTurn() && s->toMove() == mover && actions < 20);
    EXPECT_FALSE(s->midTurn());
    EXPECT_GE(actions, 1);
}

}  // namespace
}  // namespace arbiter
