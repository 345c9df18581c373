// Power Coinz (engine/powercoinz/powercoinz.h): every rule on the start and on
// hand-built positions. Sources: ../shared/seeds/001 ("Power Coinz"), the Power
// Coinz section of ../shared/RULINGS.md and the decisions recorded with the
// module (teams of five coins rated 1..5; a tie for the highest is flipped
// again by the same player; with no opponent's coin showing, the winner names
// an opponent and chance picks one of their coins; the last player with coins
// wins).
//
// Positions are written as PowercoinzState::load reads them:
//   COINS SHOWING PHASE SEAT
// COINS per seat in rising digits or "-" (out); SHOWING per seat "?" (not
// flipped this round), "-" (none) or digits; PHASE flip, flipping:SEAT (who
// said flip), remove, or pick:SEAT (whose coin chance picks); SEAT to move,
// 1-based. Decisions are said as the players say them ("flip", "remove 2:3",
// "remove 2") and chance as the journal writes it ("shows:135", "picks:4").
#include "engine/powercoinz/powercoinz.h"
#include "tests/engine/powercoinz_test_support.h"

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

namespace arbiter::powercoinz {
namespace {

constexpr const char* kSing = "sing one line of a song the winner chooses";
constexpr const char* kStand = "stand up and sit down again before the next flip";
constexpr const char* kKind = "say something kind about the winner";
constexpr const char* kHop = "hop on one foot until the next round is decided";
constexpr const char* kJoke = "tell the table a joke; the winner judges it";

using support::load;

Action said(const GameState& s, const std::string& text) {
    auto a = s.decode(text);
    EXPECT_TRUE(a) << text << " in " << s.serialize();
    return a.value_or(Action::endTurn());
}

// Why `text` is refused here; checks that isLegal() agrees.
std::string refusal(const GameState& s, const std::string& text) {
    const Action a = said(s, text);
    const std::string why = s.refusal(a);
    EXPECT_EQ(s.isLegal(a), why.empty()) << text << ": " << why;
    return why;
}

std::string refusal(const GameState& s, const Action& a) {
    const std::string why = s.refusal(a);
    EXPECT_EQ(s.isLegal(a), why.empty()) << s.encode(a) << ": " << why;
    return why;
}

// Says `text` (a decision or a draw), which must be legal; returns its description.
std::string play(GameState& s, const std::string& text) {
    auto a = s.decode(text);
    EXPECT_TRUE(a) << text << " in " << s.serialize();
    if (!a) return "";
    EXPECT_EQ(s.refusal(*a), "") << text << " in " << s.serialize();
    EXPECT_TRUE(s.isLegal(*a)) << text << " in " << s.serialize();
    if (!s.isLegal(*a)) return "";
    const std::string description = s.describe(*a);
    s.apply(*a);
    return description;
}

// The legal actions, encoded, as a set.
std::set<std::string> legal(const GameState& s) {
    std::set<std::string> out;
    for (const Action& a : s.legalActions()) out.insert(s.encode(a));
    return out;
}

using Lines = std::vector<std::string>;

int mask(const std::string& digits) {
    int m = 0;
    for (char c : digits) m |= 1 << (c - '1');
    return m;
}

// --- The start --------------------------------------------------------------------

TEST(PowercoinzRules, TwoPlayersStartWithFiveCoinsEachAndPlayerOneFlips) {
    PowercoinzState s(2);
    EXPECT_EQ(s.playerCount(), 2);
    EXPECT_EQ(s.geometry().size(), 0);
    EXPECT_FALSE(s.pieceAt(0));
    EXPECT_EQ(s.toMove(), 0);
    EXPECT_EQ(s.phase(), PowercoinzState::Phase::Flip);
    EXPECT_EQ(s.coinsOf(0), mask("12345"));
    EXPECT_EQ(s.coinsOf(1), mask("12345"));
    EXPECT_EQ(s.resources(0).score, 5);
    EXPECT_EQ(s.resources(1).score, 5);
    EXPECT_FALSE(s.chance());
    EXPECT_FALSE(s.outcome().over());
    EXPECT_EQ(s.serialize(), "12345,12345 ?,? flip 1");
    EXPECT_EQ(legal(s), std::set<std::string>{"flip"});
    EXPECT_EQ(s.playerName(0), "Player 1");
    EXPECT_EQ(s.playerName(1), "Player 2");
    EXPECT_EQ(s.report(), Lines({"Player 1: coins 12345", "Player 2: coins 12345"}));
}

TEST(PowercoinzRules, ManyPlayersStartAlikeUpToSixteen) {
    PowercoinzState five(5);
    EXPECT_EQ(five.playerCount(), 5);
    EXPECT_EQ(five.serialize(), "12345,12345,12345,12345,12345 ?,?,?,?,? flip 1");
    for (PlayerId p = 0; p < 5; ++p) {
        EXPECT_TRUE(five.inGame(p));
        EXPECT_EQ(five.resources(p).score, 5);
    }
    PowercoinzState sixteen(16);
    EXPECT_EQ(sixteen.playerCount(), 16);
    EXPECT_EQ(sixteen.playerName(15), "Player 16");
    EXPECT_EQ(sixteen.report().size(), 16u);
}

TEST(PowercoinzRules, TheGameIsMadeForTwoToSixteenPlayersWithoutABoard) {
    auto game = makeGame("powercoinz");
    ASSERT_TRUE(game);
    EXPECT_EQ(game->name(), "powercoinz");
    EXPECT_EQ(game->options().players, 2);
    EXPECT_EQ(game->start()->serialize(), "12345,12345 ?,? flip 1");
    for (int n : {3, 16}) {
        GameOptions o;
        o.players = n;
        std::string error;
        auto many = makeGame("powercoinz", o, error);
        ASSERT_TRUE(many) << n << ": " << error;
        EXPECT_EQ(many->start()->playerCount(), n);
    }
    for (int n : {1, 17}) {
        GameOptions o;
        o.players = n;
        std::string error;
        EXPECT_FALSE(makeGame("powercoinz", o, error)) << n;
        EXPECT_NE(error, "") << n;
    }
    std::string error;
    auto loaded = game->load("1,12 ?,? flip 2", error);
    ASSERT_TRUE(loaded) << error;
    EXPECT_EQ(loaded->toMove(), 1);
    EXPECT_FALSE(game->load("1,12 ?,? flip", error));
    EXPECT_NE(error, "");
}

// --- A round ----------------------------------------------------------------------

TEST(PowercoinzRules, FlipThenChanceFlipsEachTeamInSeatOrder) {
    PowercoinzState s(2);
    EXPECT_EQ(s.describe(said(s, "flip")), "flips");
    play(s, "flip");
    EXPECT_EQ(s.phase(), PowercoinzState::Phase::Flipping);
    EXPECT_EQ(s.serialize(), "12345,12345 ?,? flipping:1 1");
    // Chance flips Player 1's team: one draw of five coins, two sides each.
    EXPECT_EQ(s.toMove(), 0);
    EXPECT_EQ(s.chance(), (ChanceDraw{5, 2}));
    EXPECT_EQ(s.legalActions().size(), 32u);
    // Values by rising rating, 1 = the rating shows.
    const Action draw = Action::chance({0, 1, 1, 0, 1});
    EXPECT_EQ(s.encode(draw), "shows:235");
    EXPECT_EQ(s.decode("shows:235"), draw);
    EXPECT_EQ(s.describe(draw), "coins 235 show their rating (10)");
    s.apply(draw);
    EXPECT_EQ(s.serialize(), "12345,12345 235,? flipping:1 2");
    EXPECT_EQ(s.toMove(), 1);
    EXPECT_EQ(s.chance(), (ChanceDraw{5, 2}));
    EXPECT_EQ(s.report(),
              Lines({"Player 1: coins 12345, showing 235 (10)", "Player 2: coins 12345"}));
    // Player 2's flip decides the round: 10 against 5.
    EXPECT_EQ(play(s, "shows:14"),
              std::string("coins 14 show their rating (5). Player 1 wins the round and removes "
                          "an opponent's coin that shows its rating. The others must do what "
                          "Player 1's face-down coins say: coin 1: ") +
                  kSing + "; coin 4: " + kHop);
    EXPECT_EQ(s.phase(), PowercoinzState::Phase::Remove);
    EXPECT_EQ(s.toMove(), 0);
    EXPECT_FALSE(s.chance());
    EXPECT_EQ(s.serialize(), "12345,12345 235,14 remove 1");
    EXPECT_EQ(legal(s), (std::set<std::string>{"remove 2:1", "remove 2:4"}));
}

TEST(PowercoinzRules, ATeamWithFewerCoinsIsOneDrawOfThatManyCoins) {
    auto s = load("245,13 ?,? flipping:2 1");
    EXPECT_EQ(s->chance(), (ChanceDraw{3, 2}));
    EXPECT_EQ(s->encode(Action::chance({1, 0, 1})), "shows:25");
    EXPECT_EQ(s->decode("shows:25"), Action::chance({1, 0, 1}));
    EXPECT_EQ(s->decode("shows:-"), Action::chance({0, 0, 0}));
    EXPECT_EQ(s->describe(Action::chance({0, 0, 0})), "no coin shows its rating (0)");
    EXPECT_FALSE(s->decode("shows:1")) << "coin 1 is not Player 1's";
    EXPECT_FALSE(s->decode("shows:52"));
    play(*s, "shows:25");
    EXPECT_EQ(s->chance(), (ChanceDraw{2, 2}));
    // Player 1 wins, 7 against 4, though Player 2 said flip.
    EXPECT_EQ(play(*s, "shows:13"),
              std::string("coins 13 show their rating (4). Player 1 wins the round and removes "
                          "an opponent's coin that shows its rating. The others must do what "
                          "Player 1's face-down coins say: coin 4: ") +
                  kHop);
    EXPECT_EQ(s->toMove(), 0);
}

TEST(PowercoinzRules, EveryFaceDownCoinOfTheWinnerIsADutyOfTheLosers) {
    auto s = load("12345,12345 -,? flipping:2 2");
    EXPECT_EQ(play(*s, "shows:-"),
              "no coin shows its rating (0). A tie for the highest: flip again");
    s = load("12345,12345 -,? flipping:2 2");
    EXPECT_EQ(play(*s, "shows:5"),
              std::string("coins 5 show their rating (5). Player 2 wins the round and removes a "
                          "face-down coin of an opponent, picked by chance. The others must do "
                          "what Player 2's face-down coins say: coin 1: ") +
                  kSing + "; coin 2: " + kStand + "; coin 3: " + kKind + "; coin 4: " + kHop);
    EXPECT_EQ(s->report().back(),
              std::string("Player 2 won the round. The others must do what Player 2's face-down "
                          "coins say: coin 1: ") +
                  kSing + "; coin 2: " + kStand + "; coin 3: " + kKind + "; coin 4: " + kHop);
    EXPECT_EQ(powerOf(5), kJoke);
    EXPECT_EQ(powerOf(0), "");
    EXPECT_EQ(powerOf(6), "");
}

TEST(PowercoinzRules, AWinnerWithNoCoinFaceDownGivesNoDuty) {
    auto s = load("12345,12345 12345,? flipping:1 2");
    EXPECT_EQ(play(*s, "shows:1234"),
              "coins 1234 show their rating (10). Player 1 wins the round and removes an "
              "opponent's coin that shows its rating. None of Player 1's coins is face down: the "
              "others have no duty");
    EXPECT_EQ(s->report().back(),
              "Player 1 won the round. None of Player 1's coins is face down: the others have no "
              "duty");
}

// --- Ties ---------------------------------------------------------------------------

TEST(PowercoinzRules, ATieForTheHighestIsFlippedAgainByTheSamePlayer) {
    // Player 2 says flip; three teams all show 5.
    auto s = load("12345,12345,12345 ?,?,? flip 2");
    play(*s, "flip");
    EXPECT_EQ(s->serialize(), "12345,12345,12345 ?,?,? flipping:2 1");
    EXPECT_EQ(s->toMove(), 0) << "chance flips the teams from seat 1";
    play(*s, "shows:5");
    play(*s, "shows:23");
    EXPECT_EQ(play(*s, "shows:14"),
              "coins 14 show their rating (5). A tie for the highest: flip again");
    EXPECT_EQ(s->phase(), PowercoinzState::Phase::Flip);
    EXPECT_EQ(s->toMove(), 1) << "the player who said flip flips again";
    EXPECT_EQ(legal(*s), std::set<std::string>{"flip"});
    EXPECT_EQ(s->report(), Lines({"Player 1: coins 12345, showing 5 (5)",
                                  "Player 2: coins 12345, showing 23 (5)",
                                  "Player 3: coins 12345, showing 14 (5)",
                                  "The round was a tie for the highest: flip again"}));
    // Nobody lost a coin.
    for (PlayerId p = 0; p < 3; ++p) EXPECT_EQ(s->resources(p).score, 5);
    // The next flip starts afresh: nothing shows, the tie is forgotten.
    play(*s, "flip");
    EXPECT_EQ(s->serialize(), "12345,12345,12345 ?,?,? flipping:2 1");
    EXPECT_EQ(s->report().size(), 3u);
}

TEST(PowercoinzRules, ATieBelowTheHighestDecidesNothing) {
    // Players 1 and 3 tie at 3, Player 2 has 4: Player 2 wins.
    auto s = load("12345,12345,12345 3,4,? flipping:1 3");
    play(*s, "shows:12");
    EXPECT_EQ(s->phase(), PowercoinzState::Phase::Remove);
    EXPECT_EQ(s->toMove(), 1);
    // Two tied at the top and one below: a tie.
    s = load("12345,12345,12345 4,1,? flipping:1 3");
    play(*s, "shows:4");
    EXPECT_EQ(s->phase(), PowercoinzState::Phase::Flip);
    EXPECT_EQ(s->toMove(), 0);
    // Nothing shows anywhere: a tie at 0.
    s = load("12,3 -,? flipping:2 2");
    play(*s, "shows:-");
    EXPECT_EQ(s->phase(), PowercoinzState::Phase::Flip);
    EXPECT_EQ(s->toMove(), 1);
}

// --- Removing a coin that shows ---------------------------------------------------------

TEST(PowercoinzRules, TheWinnerRemovesAnOpponentsCoinThatShows) {
    auto s = load("12345,12345 45,35 remove 1");
    // With two players, "remove 3" is the opponent's coin 3.
    EXPECT_EQ(said(*s, "remove 3"), Action::choice(kRemove, NoCell, {1, 3}));
    EXPECT_EQ(said(*s, "remove 2:3"), Action::choice(kRemove, NoCell, {1, 3}));
    EXPECT_EQ(s->encode(said(*s, "remove 3")), "remove 2:3");
    EXPECT_EQ(s->describe(said(*s, "remove 3")), "removes Player 2's coin 3");
    EXPECT_EQ(legal(*s), (std::set<std::string>{"remove 2:3", "remove 2:5"}));
    play(*s, "remove 3");
    EXPECT_EQ(s->coinsOf(1), mask("1245"));
    EXPECT_EQ(s->resources(1).score, 4);
    EXPECT_EQ(s->resources(0).score, 5);
    // The winner of the round says flip for the next.
    EXPECT_EQ(s->phase(), PowercoinzState::Phase::Flip);
    EXPECT_EQ(s->toMove(), 0);
    EXPECT_EQ(legal(*s), std::set<std::string>{"flip"});
    EXPECT_FALSE(s->outcome().over());
}

TEST(PowercoinzRules, WithTwoPlayersRemoveNReadsFromEitherSeat) {
    auto s = load("12345,12345 1,45 remove 2");
    EXPECT_EQ(said(*s, "remove 1"), Action::choice(kRemove, NoCell, {0, 1}));
    EXPECT_EQ(said(*s, "remove 1:1"), Action::choice(kRemove, NoCell, {0, 1}));
    play(*s, "remove 1");
    EXPECT_EQ(s->coinsOf(0), mask("2345"));
    EXPECT_EQ(s->toMove(), 1);
    play(*s, "flip");
    EXPECT_EQ(s->serialize(), "2345,12345 ?,? flipping:2 1");
}

// --- Removing blind --------------------------------------------------------------------

TEST(PowercoinzRules, WithNoOpponentCoinShowingChancePicksOneOfTheNamedOpponents) {
    auto s = load("12345,12345 1,- remove 1");
    EXPECT_EQ(legal(*s), std::set<std::string>{"remove 2"});
    EXPECT_EQ(said(*s, "remove 2"), Action::choice(kRemoveBlind, NoCell, {1}));
    EXPECT_EQ(s->describe(said(*s, "remove 2")),
              "names Player 2: chance picks one of their face-down coins");
    play(*s, "remove 2");
    EXPECT_EQ(s->phase(), PowercoinzState::Phase::Pick);
    EXPECT_EQ(s->serialize(), "12345,12345 1,- pick:2 1");
    EXPECT_EQ(s->toMove(), 0) << "the winner stays to move while chance picks";
    // Chance picks one of the victim's five coins, uniformly.
    EXPECT_EQ(s->chance(), (ChanceDraw{1, 5}));
    EXPECT_EQ(legal(*s),
              (std::set<std::string>{"picks:1", "picks:2", "picks:3", "picks:4", "picks:5"}));
    EXPECT_EQ(said(*s, "picks:4"), Action::chance({3}));
    EXPECT_EQ(s->encode(Action::chance({3})), "picks:4");
    EXPECT_EQ(s->describe(Action::chance({3})), "Player 2's coin 4 is picked and removed");
    EXPECT_EQ(refusal(*s, "flip"), "chance is deciding; wait for it");
    play(*s, "picks:4");
    EXPECT_EQ(s->coinsOf(1), mask("1235"));
    EXPECT_EQ(s->phase(), PowercoinzState::Phase::Flip);
    EXPECT_EQ(s->toMove(), 0);
    EXPECT_FALSE(s->chance());
}

TEST(PowercoinzRules, ChancesPickIndexesTheCoinsLeftInRisingOrder) {
    auto s = load("12345,245 5,- pick:2 1");
    EXPECT_EQ(s->chance(), (ChanceDraw{1, 3}));
    EXPECT_EQ(said(*s, "picks:2"), Action::chance({0}));
    EXPECT_EQ(said(*s, "picks:4"), Action::chance({1}));
    EXPECT_EQ(said(*s, "picks:5"), Action::chance({2}));
    EXPECT_FALSE(s->decode("picks:3"));
    EXPECT_FALSE(s->decode("picks:1"));
    EXPECT_FALSE(s->decode("picks:6"));
    EXPECT_FALSE(s->decode("picks:"));
    EXPECT_NE(refusal(*s, Action::chance({3})), "");
    EXPECT_NE(refusal(*s, Action::chance({0, 0})), "");
    play(*s, "picks:5");
    EXPECT_EQ(s->coinsOf(1), mask("24"));
}

TEST(PowercoinzRules, AWinnerWithNothingShowingStillRemovesBlind) {
    // Player 2 wins with a single coin showing; Player 1's team shows nothing.
    auto s = load("12345,12345 -,? flipping:1 2");
    play(*s, "shows:1");
    EXPECT_EQ(s->toMove(), 1);
    EXPECT_EQ(legal(*s), std::set<std::string>{"remove 1"});
    play(*s, "remove 1");
    EXPECT_EQ(s->serialize(), "12345,12345 -,1 pick:1 2");
    play(*s, "picks:1");
    EXPECT_EQ(s->coinsOf(0), mask("2345"));
    EXPECT_EQ(s->toMove(), 1);
}

// --- Refusals -------------------------------------------------------------------------

TEST(PowercoinzRules, AFaceDownCoinMayNotBeRemovedWhileAnOpponentsCoinShows) {
    auto s = load("12345,12345 45,3 remove 1");
    EXPECT_EQ(refusal(*s, "remove 2:1"),
              "Player 2's coin 1 is face down: remove a coin that shows its rating");
    EXPECT_EQ(refusal(*s, "remove 2"),
              "Player 2's coin 2 is face down: remove a coin that shows its rating");
    EXPECT_EQ(refusal(*s, Action::choice(kRemoveBlind, NoCell, {1})),
              "an opponent's coin shows its rating: remove one of those by its rating");
    EXPECT_EQ(refusal(*s, "remove 2:3"), "");
}

TEST(PowercoinzRules, ARatingMayNotBeNamedWhenNoOpponentsCoinShows) {
    auto s = load("12345,12345 5,- remove 1");
    EXPECT_EQ(refusal(*s, Action::choice(kRemove, NoCell, {1, 3})),
              "no opponent's coin shows its rating: name an opponent (remove 2) and chance "
              "picks one of their coins");
    EXPECT_EQ(refusal(*s, "remove 2:3"),
              "no opponent's coin shows its rating: name an opponent (remove 2) and chance "
              "picks one of their coins");
}

TEST(PowercoinzRules, AWinnerMayNotRemoveTheirOwnCoin) {
    auto s = load("12345,12345 45,3 remove 1");
    EXPECT_EQ(refusal(*s, "remove 1:4"), "you remove an opponent's coin, not your own");
    EXPECT_EQ(refusal(*s, Action::choice(kRemoveBlind, NoCell, {0})),
              "you remove an opponent's coin, not your own");
    auto blind = load("12345,12345 5,- remove 1");
    EXPECT_EQ(refusal(*blind, "remove 1:5"), "you remove an opponent's coin, not your own");
    auto three = load("12345,12345,12345 5,-,- remove 1");
    EXPECT_EQ(refusal(*three, "remove 1"), "you remove an opponent's coin, not your own");
}

TEST(PowercoinzRules, NoSuchOpponentOrCoin) {
    auto s = load("12345,1245 45,2 remove 1");
    EXPECT_EQ(refusal(*s, "remove 3:1"), "there is no such opponent in play");
    EXPECT_EQ(refusal(*s, "remove 0:1"), "there is no such opponent in play");
    EXPECT_EQ(refusal(*s, "remove 2:3"), "Player 2 has no coin 3 in play");
    EXPECT_EQ(refusal(*s, "remove 2:6"), "Player 2 has no coin 6 in play");
    EXPECT_EQ(refusal(*s, "remove 2:0"), "Player 2 has no coin 0 in play");
    auto three = load("12345,-,12345 5,?,- remove 1");
    EXPECT_EQ(refusal(*three, "remove 2"), "there is no such opponent in play");
    EXPECT_EQ(refusal(*three, "remove 4"), "there is no such opponent in play");
    EXPECT_EQ(refusal(*three, "remove 3"), "");
    EXPECT_EQ(refusal(*s, Action::choice(kRemove, NoCell, {1})),
              "Power Coinz has no such decision");
    EXPECT_EQ(refusal(*s, Action::choice(kRemove, NoCell, {1, 2, 3})),
              "Power Coinz has no such decision");
    EXPECT_EQ(refusal(*s, Action::choice(9)), "Power Coinz has no such decision");
}

TEST(PowercoinzRules, NoFlipWhileARemovalIsDue) {
    auto s = load("12345,12345 45,3 remove 1");
    EXPECT_EQ(refusal(*s, "flip"), "Player 1 won the round and removes a coin first");
    auto pick = load("12345,12345 5,- pick:2 1");
    EXPECT_EQ(refusal(*pick, "flip"), "chance is deciding; wait for it");
    EXPECT_EQ(refusal(*pick, "remove 2"), "chance is deciding; wait for it");
}

TEST(PowercoinzRules, NothingButFlipWhileTheCoinsAreToBeFlipped) {
    auto s = load("12345,12345 45,3 flip 1");
    EXPECT_EQ(refusal(*s, "remove 2:3"), "the coins are to be flipped now: say flip");
    EXPECT_EQ(refusal(*s, Action::choice(kFlip, NoCell, {1})),
              "the coins are to be flipped now: say flip");
    EXPECT_EQ(refusal(*s, "flip"), "");
}

TEST(PowercoinzRules, ChanceIsNeverSaidByAPlayer) {
    auto flip = load("12345,12345 ?,? flip 1");
    EXPECT_EQ(refusal(*flip, Action::chance({1, 1, 1, 1, 1})), "no coin is being flipped now");
    auto remove = load("12345,12345 45,3 remove 1");
    EXPECT_EQ(refusal(*remove, Action::chance({0})), "no coin is being flipped now");
    EXPECT_FALSE(remove->decode("shows:12345"));
    EXPECT_FALSE(remove->decode("picks:3"));
    // While chance flips, the player's decisions wait, and a draw must fit the team.
    auto flipping = load("12345,12345 ?,? flipping:1 1");
    EXPECT_EQ(refusal(*flipping, "flip"), "chance is deciding; wait for it");
    EXPECT_EQ(refusal(*flipping, "remove 2:3"), "chance is deciding; wait for it");
    EXPECT_EQ(refusal(*flipping, Action::chance({1, 1, 1, 1})), "not a draw");
    EXPECT_EQ(refusal(*flipping, Action::chance({1, 1, 1, 1, 2})), "not a draw");
    EXPECT_EQ(refusal(*flipping, Action::chance({1, 1, 1, 1, -1})), "not a draw");
    Action withArg = Action::chance({1, 1, 1, 1, 1});
    withArg.arg = 1;
    EXPECT_EQ(refusal(*flipping, withArg), "not a draw");
    EXPECT_EQ(refusal(*flipping, Action::chance({1, 1, 1, 1, 1})), "");
}

TEST(PowercoinzRules, ThereIsNoBoard) {
    auto s = load("12345,12345 ?,? flip 1");
    const std::string noBoard = "Power Coinz is played without a board";
    EXPECT_EQ(refusal(*s, Action::move(0, 1)), noBoard);
    EXPECT_EQ(refusal(*s, Action::place(0, 3)), noBoard);
    EXPECT_EQ(refusal(*s, Action::remove(0)), noBoard);
    EXPECT_EQ(refusal(*s, Action::choice(kFlip, 4)), noBoard);
    EXPECT_EQ(refusal(*s, Action::moveVia(NoCell, {2}, NoCell)), noBoard);
    const std::string words = "Power Coinz is played with flip and remove, said with arbiterctl";
    EXPECT_EQ(refusal(*s, Action::pass()), words);
    EXPECT_EQ(refusal(*s, Action::endTurn()), words);
    EXPECT_EQ(refusal(*s, Action::join()), words);
    EXPECT_EQ(refusal(*s, Action::leave(1)), words);
    EXPECT_TRUE(s->rosterActions().empty());
    EXPECT_FALSE(s->appearance(0));
}

// --- Going out and the end ---------------------------------------------------------------

TEST(PowercoinzRules, ThePlayerWhoLosesTheirLastCoinIsOutAndTheLastWithCoinsWins) {
    auto s = load("12,1 12,1 remove 1");
    play(*s, "remove 1");
    EXPECT_EQ(s->coinsOf(1), 0);
    EXPECT_FALSE(s->inGame(1));
    EXPECT_TRUE(s->inGame(0));
    const Outcome o = s->outcome();
    EXPECT_EQ(o.status, Outcome::Status::Win);
    EXPECT_EQ(o.winners, std::vector<PlayerId>{0});
    EXPECT_EQ(o.reason, "the last player with coins");
    EXPECT_TRUE(s->legalActions().empty());
    EXPECT_FALSE(s->chance());
    EXPECT_EQ(refusal(*s, "flip"), "the game is over");
    EXPECT_FALSE(s->canStillWin(0));
    EXPECT_FALSE(s->canStillWin(1));
    EXPECT_EQ(s->resources(1).score, 0);
    EXPECT_EQ(s->report()[1], "Player 2: out of coins");
}

TEST(PowercoinzRules, ChancesPickOfTheLastCoinEndsTheGame) {
    auto s = load("5,2 5,- pick:2 1");
    EXPECT_EQ(s->chance(), (ChanceDraw{1, 1}));
    EXPECT_EQ(s->describe(said(*s, "picks:2")), "Player 2's coin 2 is picked and removed");
    play(*s, "picks:2");
    EXPECT_EQ(s->outcome(), Outcome::win({0}, "the last player with coins"));
}

TEST(PowercoinzRules, AnOutPlayerIsSkippedWhenTheTeamsAreFlipped) {
    // Three players; Player 2 loses the last coin and is out.
    auto s = load("12345,1,12345 5,1,- remove 1");
    play(*s, "remove 2:1");
    EXPECT_FALSE(s->inGame(1));
    EXPECT_FALSE(s->outcome().over());
    EXPECT_EQ(s->toMove(), 0);
    play(*s, "flip");
    EXPECT_EQ(s->toMove(), 0);
    play(*s, "shows:-");
    EXPECT_EQ(s->toMove(), 2) << "Player 2 has no coins to flip";
    EXPECT_EQ(s->serialize(), "12345,-,12345 -,?,? flipping:1 3");
    play(*s, "shows:2");
    EXPECT_EQ(s->phase(), PowercoinzState::Phase::Remove);
    EXPECT_EQ(s->toMove(), 2);
    // Only Player 1 is an opponent in play: chance picks blind.
    EXPECT_EQ(legal(*s), std::set<std::string>{"remove 1"});
    EXPECT_EQ(s->report(), Lines({"Player 1: coins 12345, showing - (0)", "Player 2: out of coins",
                                  "Player 3: coins 12345, showing 2 (2)",
                                  std::string("Player 3 won the round. The others must do what "
                                              "Player 3's face-down coins say: coin 1: ") +
                                      kSing + "; coin 3: " + kKind + "; coin 4: " + kHop +
                                      "; coin 5: " + kJoke}));
    play(*s, "remove 1");
    play(*s, "picks:3");
    EXPECT_EQ(s->coinsOf(0), mask("1245"));
    EXPECT_EQ(s->toMove(), 2);
}

TEST(PowercoinzRules, AnOutPlayerIsSkippedFromTheFirstSeatAndAtTheEnd) {
    auto first = load("-,12,12 ?,?,? flip 2");
    play(*first, "flip");
    EXPECT_EQ(first->toMove(), 1) << "seat 1 is out: chance starts with seat 2";
    play(*first, "shows:1");
    EXPECT_EQ(first->toMove(), 2);
    auto last = load("12,12,- ?,?,? flip 1");
    play(*last, "flip");
    play(*last, "shows:-");
    EXPECT_EQ(last->toMove(), 1);
    // Seat 3 is out: seat 2's flip is the last of the round.
    play(*last, "shows:2");
    EXPECT_EQ(last->phase(), PowercoinzState::Phase::Remove);
    EXPECT_EQ(last->toMove(), 1);
}

TEST(PowercoinzRules, TheGameGoesOnWhileTwoHaveCoins) {
    auto s = load("12345,1,1 5,1,- remove 1");
    play(*s, "remove 2:1");
    EXPECT_FALSE(s->outcome().over());
    EXPECT_TRUE(s->canStillWin(0));
    EXPECT_TRUE(s->canStillWin(2));
    EXPECT_FALSE(s->canStillWin(1));
    play(*s, "flip");
    play(*s, "shows:-");
    play(*s, "shows:1");
    play(*s, "remove 1");
    EXPECT_EQ(s->chance(), (ChanceDraw{1, 5}));
    play(*s, "picks:5");
    EXPECT_FALSE(s->outcome().over());
    EXPECT_EQ(s->coinsOf(0), mask("1234"));
}

// --- Three or more players -----------------------------------------------------------

TEST(PowercoinzRules, WithThreeOrMoreAnyOpponentsShowingCoinMayBeRemoved) {
    auto s = load("12345,12345,12345 5,1,24 remove 3");
    EXPECT_EQ(legal(*s), (std::set<std::string>{"remove 1:5", "remove 2:1"}));
    auto four = load("12345,12345,12345,12345 45,1,-,23 remove 1");
    EXPECT_EQ(legal(*four), (std::set<std::string>{"remove 2:1", "remove 4:2", "remove 4:3"}));
    // "remove 3" names seat 3 here, not a coin: a blind removal, refused while coins show.
    EXPECT_EQ(said(*four, "remove 3"), Action::choice(kRemoveBlind, NoCell, {2}));
    EXPECT_EQ(refusal(*four, "remove 3"),
              "an opponent's coin shows its rating: remove one of those by its rating");
    EXPECT_EQ(refusal(*four, "remove 3:1"),
              "Player 3's coin 1 is face down: remove a coin that shows its rating");
    play(*four, "remove 4:3");
    EXPECT_EQ(four->coinsOf(3), mask("1245"));
    EXPECT_EQ(four->toMove(), 0);
}

TEST(PowercoinzRules, WithThreeOrMoreAndNothingShowingAnyOpponentMayBeNamed) {
    auto s = load("12345,12345,12345,- 5,-,-,? remove 1");
    EXPECT_EQ(legal(*s), (std::set<std::string>{"remove 2", "remove 3"}));
    EXPECT_EQ(refusal(*s, "remove 4"), "there is no such opponent in play");
    play(*s, "remove 3");
    EXPECT_EQ(s->serialize(), "12345,12345,12345,- 5,-,-,? pick:3 1");
    play(*s, "picks:2");
    EXPECT_EQ(s->coinsOf(2), mask("1345"));
    EXPECT_EQ(s->coinsOf(1), mask("12345"));
}

TEST(PowercoinzRules, EveryLoserOwesTheDuties) {
    // The duties are said once, to "the others": every player who lost the round.
    auto s = load("12345,12345,12345 125,3,? flipping:1 3");
    const std::string text = play(*s, "shows:4");
    EXPECT_EQ(text, std::string("coins 4 show their rating (4). Player 1 wins the round and "
                                "removes an opponent's coin that shows its rating. The others "
                                "must do what Player 1's face-down coins say: coin 3: ") +
                        kKind + "; coin 4: " + kHop);
    EXPECT_EQ(legal(*s), (std::set<std::string>{"remove 2:3", "remove 3:4"}));
}

// --- A game stopped by the table -------------------------------------------------------

TEST(PowercoinzRules, AStoppedGameIsWonByMostCoinsLeft) {
    auto s = load("123,1245,- ?,?,? flip 1");
    const Outcome o = s->stoppedOutcome("the time limit");
    EXPECT_EQ(o.status, Outcome::Status::Win);
    EXPECT_EQ(o.winners, std::vector<PlayerId>{1});
    EXPECT_EQ(o.reason, "the time limit; most coins left");
}

TEST(PowercoinzRules, AStoppedGameWithEqualCoinsIsADrawAmongTheLeaders) {
    auto s = load("123,1,245,35 ?,?,?,? flip 1");
    const Outcome o = s->stoppedOutcome("the move limit");
    EXPECT_EQ(o.status, Outcome::Status::Draw);
    EXPECT_EQ(o.winners, (std::vector<PlayerId>{0, 2}));
    EXPECT_EQ(o.reason, "the move limit; as many coins left");
    const Outcome all = PowercoinzState(3).stoppedOutcome("stopped");
    EXPECT_EQ(all.status, Outcome::Status::Draw);
    EXPECT_EQ(all.winners, (std::vector<PlayerId>{0, 1, 2}));
}

// --- What the players are told -----------------------------------------------------------

TEST(PowercoinzRules, TheScoreIsTheCoinsLeft) {
    auto s = load("12345,1245,3,- ?,?,?,? flip 1");
    EXPECT_EQ(s->resources(0).score, 5);
    EXPECT_EQ(s->resources(1).score, 4);
    EXPECT_EQ(s->resources(2).score, 1);
    EXPECT_EQ(s->resources(3).score, 0);
    EXPECT_EQ(s->resources(4).score, 0);
    EXPECT_EQ(s->resources(-1).score, 0);
    EXPECT_EQ(s->resources(0).treasury, 0);
    EXPECT_TRUE(s->resources(0).reserve.empty());
}

TEST(PowercoinzRules, InGameIsHavingCoins) {
    auto s = load("12345,-,3 ?,?,? flip 1");
    EXPECT_TRUE(s->inGame(0));
    EXPECT_FALSE(s->inGame(1));
    EXPECT_TRUE(s->inGame(2));
    EXPECT_FALSE(s->inGame(3));
    EXPECT_FALSE(s->inGame(-1));
    EXPECT_FALSE(s->inGame(NoPlayer));
}

TEST(PowercoinzRules, TheReportGivesEveryTeamWhatShowsAndTheDuties) {
    auto s = load("12345,1245,- 135,2,? remove 1");
    EXPECT_EQ(s->report(),
              Lines({"Player 1: coins 12345, showing 135 (9)",
                     "Player 2: coins 1245, showing 2 (2)", "Player 3: out of coins",
                     std::string("Player 1 won the round. The others must do what Player 1's "
                                 "face-down coins say: coin 2: ") +
                         kStand + "; coin 4: " + kHop}));
    // While chance flips, the teams not yet flipped show nothing and no round is decided.
    auto flipping = load("12345,1245,3 4,?,? flipping:3 2");
    EXPECT_EQ(flipping->report(), Lines({"Player 1: coins 12345, showing 4 (4)",
                                         "Player 2: coins 1245", "Player 3: coins 3"}));
    // After the removal the winner's duties stand until the next flip.
    play(*s, "remove 2:2");
    EXPECT_EQ(s->report()[1], "Player 2: coins 145, showing - (0)");
    EXPECT_TRUE(s->report().back().starts_with("Player 1 won the round. The others must do"));
    play(*s, "flip");
    EXPECT_EQ(s->report(),
              Lines({"Player 1: coins 12345", "Player 2: coins 145", "Player 3: out of coins"}));
}

}  // namespace
}  // namespace arbiter::powercoinz
