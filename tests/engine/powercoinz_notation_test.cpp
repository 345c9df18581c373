// Power Coinz in text, and against careless and hostile input: positions
// written by serialize() load back as themselves in every phase, every
// malformed position is refused with a message that says what is wrong,
// nothing said or loaded crashes the engine, and whole random games keep
// their notation: every action encodes and decodes back, and isLegal()
// agrees with refusal().
//
// Positions: "COINS SHOWING PHASE SEAT" (engine/powercoinz/powercoinz.h), such
// as the start "12345,12345 ?,? flip 1".
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "engine/powercoinz/powercoinz.h"
#include "tests/engine/powercoinz_test_support.h"

namespace arbiter::powercoinz {
namespace {

constexpr const char* kStart = "12345,12345 ?,? flip 1";

// serialize() of what `text` loads as, or the load's error.
std::string reread(const std::string& text) {
    std::string error;
    auto s = PowercoinzState::load(text, error);
    return s ? s->serialize() : "error: " + error;
}

std::string loadError(const std::string& text) {
    std::string error;
    auto s = PowercoinzState::load(text, error);
    EXPECT_FALSE(s) << text << " was accepted as " << s->serialize();
    return error;
}

using support::load;

void play(GameState& s, const std::string& text) {
    auto a = s.decode(text);
    ASSERT_TRUE(a) << text << " in " << s.serialize();
    ASSERT_EQ(s.refusal(*a), "") << text << " in " << s.serialize();
    s.apply(*a);
}

std::string seats(int n, const std::string& each) {
    std::string out;
    for (int i = 0; i < n; ++i) out += (i ? "," : "") + each;
    return out;
}

// --- Round trips ------------------------------------------------------------------

TEST(PowercoinzNotation, TheStartReadsBackAsItself) {
    EXPECT_EQ(PowercoinzState(2).serialize(), kStart);
    EXPECT_EQ(reread(kStart), kStart);
    const std::string sixteen = seats(16, "12345") + " " + seats(16, "?") + " flip 1";
    EXPECT_EQ(PowercoinzState(16).serialize(), sixteen);
    EXPECT_EQ(reread(sixteen), sixteen);
}

TEST(PowercoinzNotation, EveryPhaseReadsBackAsItself) {
    for (const std::string text : {
             "12345,12345 ?,? flipping:1 1",      // chance to flip the first team
             "12345,1245 13,? flipping:1 2",      // one team flipped
             "1,2,3 ?,?,? flipping:3 1",          // said by the last seat
             "12345,12345 45,3 remove 1",         // a coin shows: remove it
             "12345,12345 5,- remove 1",          // none shows: name an opponent
             "12345,245 5,- pick:2 1",            // chance picks
             "12345,12345 5,14 flip 1",           // a tie: flip again
             "1245,12345 45,- flip 1",            // after a pick
             "-,12,12 ?,?,? flip 2",              // seat 1 out
             "12345,-,12345 -,?,? flipping:1 3",  // seat 2 out, skipped
             "12345,-,1,12 5,?,-,- pick:3 1",     // four seats, one out
             "12345,12345,12345 5,-,- remove 1",  // three, nothing shows
             "1,- ?,? flip 1",                    // over: the last with coins
             "12345,12345 ?,? flip 2",            // Player 2 flips
         }) {
        EXPECT_EQ(reread(text), text);
    }
    const std::string many = seats(16, "5") + " " + seats(15, "5") + ",? flipping:16 16";
    EXPECT_EQ(reread(many), many);
}

TEST(PowercoinzNotation, SpacingReadsTheSameButLeadingZerosAreRefused) {
    EXPECT_EQ(reread("  12345,12345   ?,?\tflip  1 "), kStart);
    // Numbers are written as numbers are, in every game: "01" is none.
    EXPECT_EQ(reread("12345,12345 ?,? flip 01").rfind("error: ", 0), 0u);
    EXPECT_EQ(reread("12345,12345 ?,? flipping:01 1").rfind("error: ", 0), 0u);
}

// A game played through every phase: each state written reads back as itself.
TEST(PowercoinzNotation, AGameInProgressReadsBackInEveryPhase) {
    PowercoinzState s(3);
    const std::vector<std::pair<std::string, std::string>> steps = {
        {"flip", "12345,12345,12345 ?,?,? flipping:1 1"},
        {"shows:5", "12345,12345,12345 5,?,? flipping:1 2"},
        {"shows:23", "12345,12345,12345 5,23,? flipping:1 3"},
        {"shows:14", "12345,12345,12345 5,23,14 flip 1"},  // a tie
        {"flip", "12345,12345,12345 ?,?,? flipping:1 1"},
        {"shows:-", "12345,12345,12345 -,?,? flipping:1 2"},
        {"shows:1", "12345,12345,12345 -,1,? flipping:1 3"},
        {"shows:-", "12345,12345,12345 -,1,- remove 2"},
        {"remove 3", "12345,12345,12345 -,1,- pick:3 2"},
        {"picks:5", "12345,12345,1234 -,1,- flip 2"},
        {"flip", "12345,12345,1234 ?,?,? flipping:2 1"},
    };
    for (const auto& [said, written] : steps) {
        play(s, said);
        EXPECT_EQ(s.serialize(), written) << "after " << said;
        EXPECT_EQ(reread(s.serialize()), s.serialize()) << "after " << said;
    }
}

// --- Malformed positions ---------------------------------------------------------------

TEST(PowercoinzNotation, FourFieldsAreNeeded) {
    const std::string form =
        "a Power Coinz position is COINS SHOWING PHASE SEAT, such as \"12345,12345 ?,? flip "
        "1\"; this has ";
    EXPECT_EQ(loadError(""), form + "0 fields");
    EXPECT_EQ(loadError("   "), form + "0 fields");
    EXPECT_EQ(loadError("12345,12345"), form + "1 fields");
    EXPECT_EQ(loadError("12345,12345 ?,? flip"), form + "3 fields");
    EXPECT_EQ(loadError("12345,12345 ?,? flip 1 1"), form + "5 fields");
    EXPECT_EQ(loadError("12345, 12345 ?,? flip 1"), form + "5 fields");
}

TEST(PowercoinzNotation, TwoToSixteenSeats) {
    const std::string seatsError =
        "Power Coinz is for 2 to 16 players: give each seat's coins, separated by commas";
    EXPECT_EQ(loadError("12345 ? flip 1"), seatsError);
    EXPECT_EQ(loadError(seats(17, "1") + " " + seats(17, "?") + " flip 1"), seatsError);
    EXPECT_EQ(reread(seats(16, "1") + " " + seats(16, "?") + " flip 1"),
              seats(16, "1") + " " + seats(16, "?") + " flip 1");
    EXPECT_EQ(loadError("12345,12345 ? flip 1"),
              "give what shows for each of the 2 seats, separated by commas");
    EXPECT_EQ(loadError("12345,12345,1 ?,? flip 1"),
              "give what shows for each of the 3 seats, separated by commas");
    EXPECT_EQ(loadError("12345,12345 ?,?,? flip 1"),
              "give what shows for each of the 2 seats, separated by commas");
}

TEST(PowercoinzNotation, CoinsAreRisingDigitsOneToFive) {
    auto coinsError = [](int seat, const std::string& text) {
        return "seat " + std::to_string(seat) +
               "'s coins are its ratings in rising order (12345, 245) or - when out, not \"" +
               text + "\"";
    };
    EXPECT_EQ(loadError("12345,12346 ?,? flip 1"), coinsError(2, "12346"));
    EXPECT_EQ(loadError("21345,12345 ?,? flip 1"), coinsError(1, "21345"));
    EXPECT_EQ(loadError("1123,12345 ?,? flip 1"), coinsError(1, "1123"));
    EXPECT_EQ(loadError("012,12345 ?,? flip 1"), coinsError(1, "012"));
    EXPECT_EQ(loadError(",12345 ?,? flip 1"), coinsError(1, ""));
    EXPECT_EQ(loadError("12345,x ?,? flip 1"), coinsError(2, "x"));
    EXPECT_EQ(loadError("12345,-- ?,? flip 1"), coinsError(2, "--"));
    EXPECT_EQ(loadError("12345,? ?,? flip 1"), coinsError(2, "?"));
}

TEST(PowercoinzNotation, OnlyCoinsInPlayShow) {
    auto showError = [](int seat, const std::string& text) {
        return "seat " + std::to_string(seat) +
               " shows ratings of coins it has in play (in rising order), - or ?, not \"" + text +
               "\"";
    };
    EXPECT_EQ(loadError("1245,12345 3,? flip 1"), showError(1, "3"));
    EXPECT_EQ(loadError("12345,12345 31,? flip 1"), showError(1, "31"));
    EXPECT_EQ(loadError("-,1 1,? flip 2"), showError(1, "1"));
    EXPECT_EQ(loadError("12345,12345 ?,?? flip 1"), showError(2, "??"));
    EXPECT_EQ(loadError("12345,12345 ?,6 flip 1"), showError(2, "6"));
    EXPECT_EQ(loadError("12345,245 ?,1 flip 1"), showError(2, "1"));
}

TEST(PowercoinzNotation, TheSeatToMoveHasCoins) {
    auto seatError = [](const std::string& text) {
        return "the seat to move must be a seat with coins, 1 to 2, not \"" + text + "\"";
    };
    EXPECT_EQ(loadError("12345,12345 ?,? flip 3"), seatError("3"));
    EXPECT_EQ(loadError("12345,12345 ?,? flip 0"), seatError("0"));
    EXPECT_EQ(loadError("12345,12345 ?,? flip -1"), seatError("-1"));
    EXPECT_EQ(loadError("12345,12345 ?,? flip x"), seatError("x"));
    EXPECT_EQ(loadError("12345,12345 ?,? flip 1x"), seatError("1x"));
    EXPECT_EQ(loadError("12345,12345 ?,? flip 99999999999"), seatError("99999999999"));
    EXPECT_EQ(loadError("-,12345 ?,? flip 1"), seatError("1"));
}

TEST(PowercoinzNotation, ThePhaseIsOneOfFour) {
    auto phaseError = [](const std::string& text) {
        return "the phase is flip, flipping:SEAT, remove or pick:SEAT (an opponent with coins), "
               "not \"" +
               text + "\"";
    };
    EXPECT_EQ(loadError("12345,12345 ?,? dance 1"), phaseError("dance"));
    EXPECT_EQ(loadError("12345,12345 ?,? Flip 1"), phaseError("Flip"));
    EXPECT_EQ(loadError("12345,12345 ?,? flipping 1"), phaseError("flipping"));
    EXPECT_EQ(loadError("12345,12345 ?,? flipping: 1"), phaseError("flipping:"));
    EXPECT_EQ(loadError("12345,12345 ?,? flipping:3 1"), phaseError("flipping:3"));
    EXPECT_EQ(loadError("12345,12345 ?,? flipping:0 1"), phaseError("flipping:0"));
    EXPECT_EQ(loadError("-,1,1 ?,?,? flipping:1 2"), phaseError("flipping:1"));
    EXPECT_EQ(loadError("12345,12345 5,- remove:2 1"), phaseError("remove:2"));
    EXPECT_EQ(loadError("12345,12345 5,- pick 1"), phaseError("pick"));
    EXPECT_EQ(loadError("12345,12345 5,- pick:x 1"), phaseError("pick:x"));
    // The victim of a pick is an opponent with coins, never the winner.
    EXPECT_EQ(loadError("12345,12345 5,- pick:1 1"), phaseError("pick:1"));
    EXPECT_EQ(loadError("12345,12345,- 5,-,? pick:3 1"), phaseError("pick:3"));
    EXPECT_EQ(loadError("12345,12345 5,- pick:3 1"), phaseError("pick:3"));
}

TEST(PowercoinzNotation, NoRemovalBeforeEveryTeamHasFlipped) {
    const std::string early = "a round's winner removes a coin only once every team has flipped";
    EXPECT_EQ(loadError("12345,12345 5,? remove 1"), early);
    EXPECT_EQ(loadError("12345,12345 ?,? remove 1"), early);
    EXPECT_EQ(loadError("12345,12345 ?,- pick:2 1"), early);
    EXPECT_EQ(loadError("12345,12345,12345 5,-,? remove 1"), early);
    // An out player does not flip: "?" there is as it should be.
    EXPECT_EQ(reread("12345,-,12345 5,?,- remove 1"), "12345,-,12345 5,?,- remove 1");
}

TEST(PowercoinzNotation, WhileFlippingTheSeatsBeforeTheOneToMoveHaveFlipped) {
    const std::string order =
        "while flipping, the seats before the one to move have flipped and the others show ?";
    EXPECT_EQ(loadError("12345,12345 ?,5 flipping:1 1"), order);
    EXPECT_EQ(loadError("12345,12345 5,? flipping:1 1"), order);
    EXPECT_EQ(loadError("12345,12345 ?,? flipping:1 2"), order);
    EXPECT_EQ(loadError("12345,12345 5,5 flipping:1 2"), order);
    EXPECT_EQ(loadError("12345,12345,12345 -,?,5 flipping:2 2"), order);
    // An out seat is skipped, whatever it shows.
    EXPECT_EQ(reread("12345,-,12345 -,?,? flipping:1 3"), "12345,-,12345 -,?,? flipping:1 3");
}

// --- Hostile input: load ----------------------------------------------------------------

// Text from the notation's own alphabet, mostly.
std::string randomNotation(std::mt19937& rng, size_t maxLength) {
    static const std::string alphabet = "12345-?,: flipngremovckshw0679x";
    std::string text;
    for (size_t n = rng() % (maxLength + 1); n > 0; --n) text += alphabet[rng() % alphabet.size()];
    return text;
}

std::string randomBytes(std::mt19937& rng, size_t maxLength) {
    std::string text;
    for (size_t n = rng() % (maxLength + 1); n > 0; --n) text += static_cast<char>(rng() % 256);
    return text;
}

// Digits of the coins in `mask` in rising order, "-" for none.
std::string digits(unsigned mask) {
    std::string out;
    for (int r = 1; r <= kCoins; ++r) {
        if (mask & (1u << (r - 1))) out += static_cast<char>('0' + r);
    }
    return out.empty() ? "-" : out;
}

// A position near enough to the notation to pass its first checks, often
// all of them: random teams, what shows a random part of each (now and then
// a coin not in play), a random phase and seat.
std::string plausiblePosition(std::mt19937& rng) {
    const int n = 1 + static_cast<int>(rng() % 4);
    std::string coins, shown;
    for (int i = 0; i < n; ++i) {
        const unsigned team = rng() % 6 == 0 ? 0 : rng() % 32;
        const unsigned up = static_cast<unsigned>(rng() % 12 == 0 ? rng() % 32 : team & rng());
        coins += (i ? "," : "") + digits(team);
        shown += (i ? "," : "") + (rng() % 3 == 0 ? std::string("?") : digits(up));
    }
    if (rng() % 16 == 0) shown += ",?";
    static const char* const phases[] = {"flip", "flipping:", "remove", "pick:", "flop"};
    std::string phase = phases[rng() % std::size(phases)];
    if (phase.ends_with(":")) phase += std::to_string(rng() % 5);
    return coins + " " + shown + " " + phase + " " + std::to_string(rng() % 5);
}

// What a state loaded from hostile text must bear: it reads back as itself,
// and everything it can be asked works.
void checkAccepted(const std::string& text, const PowercoinzState& s) {
    const std::string written = s.serialize();
    ASSERT_EQ(reread(written), written) << text;
    (void)s.report();
    (void)s.outcome();
    (void)s.stoppedOutcome("stopped");
    (void)s.chance();
    for (PlayerId p = -1; p <= s.playerCount(); ++p) {
        (void)s.resources(p);
        (void)s.inGame(p);
    }
    for (const Action& a : s.legalActions()) {
        ASSERT_EQ(s.refusal(a), "") << s.encode(a) << " in " << written;
        (void)s.describe(a);
        const auto back = s.decode(s.encode(a));
        ASSERT_TRUE(back) << s.encode(a) << " in " << written;
        EXPECT_EQ(*back, a) << s.encode(a) << " in " << written;
        PowercoinzState after = s;
        after.apply(a);
        (void)after.serialize();
    }
}

TEST(PowercoinzHostileInput, RandomTextNeverCrashesLoad) {
    std::mt19937 rng(20250111);
    int refused = 0, accepted = 0;
    for (int i = 0; i < 20000; ++i) {
        std::string text;
        switch (i % 3) {
            case 0:
                text = randomBytes(rng, 40);
                break;
            case 1:
                text = randomNotation(rng, 40);
                break;
            default:
                // Four plausible fields, so the later checks are reached.
                text = plausiblePosition(rng);
        }
        std::string error;
        auto s = PowercoinzState::load(text, error);
        if (!s) {
            ++refused;
            EXPECT_FALSE(error.empty()) << text;
            continue;
        }
        ++accepted;
        checkAccepted(text, *s);
    }
    EXPECT_GT(refused, 13000);
    EXPECT_GT(accepted, 300);
}

TEST(PowercoinzHostileInput, MangledPositionsAreRefusedOrReadBackAsThemselves) {
    const std::string goods[] = {
        kStart,
        "12345,1245 13,? flipping:1 2",
        "12345,12345 45,3 remove 1",
        "12345,245 5,- pick:2 1",
        "12345,-,1,12 5,?,-,- pick:3 1",
        "-,12,12 ?,?,? flip 2",
    };
    std::mt19937 rng(7);
    int accepted = 0, refused = 0;
    for (int i = 0; i < 10000; ++i) {
        std::string text = goods[static_cast<size_t>(i) % std::size(goods)];
        for (int edits = 1 + static_cast<int>(rng() % 3); edits > 0 && !text.empty(); --edits) {
            const size_t at = rng() % text.size();
            const std::string c = randomNotation(rng, 1) + "3";
            switch (rng() % 3) {
                case 0:
                    text.replace(at, 1, c.substr(0, 1));
                    break;
                case 1:
                    text.insert(at, c.substr(0, 1));
                    break;
                default:
                    text.erase(at, 1);
            }
        }
        std::string error;
        auto s = PowercoinzState::load(text, error);
        if (!s) {
            ++refused;
            EXPECT_FALSE(error.empty()) << text;
            continue;
        }
        ++accepted;
        checkAccepted(text, *s);
    }
    EXPECT_GT(accepted, 500);
    EXPECT_GT(refused, 3000);
}

// --- Hostile input: what is said ----------------------------------------------------------

// Whatever is said, decode() gives nothing or an action that is either legal
// (and then plays) or refused with a reason; isLegal and refusal agree.
TEST(PowercoinzHostileInput, SaidTextEitherActsLegallyOrIsRefused) {
    std::mt19937 rng(31337);
    static const char* const words[] = {
        "flip", "remove ", "shows:", "picks:", "remove 2:", "remove 1", "-", ":", "12", "3"};
    int refused = 0, taken = 0, undecoded = 0;
    for (int players : {2, 3, 5}) {
        auto game = std::make_unique<PowercoinzState>(players);
        for (int i = 0; i < 6000; ++i) {
            if (game->outcome().over()) game = std::make_unique<PowercoinzState>(players);
            PowercoinzState& s = *game;
            if (i % 6 == 5) {  // the game goes on, so the phases vary
                const auto legal = s.legalActions();
                s.apply(legal[rng() % legal.size()]);
                continue;
            }
            std::string text;
            switch (i % 5) {
                case 0:
                    text = randomBytes(rng, 12);
                    break;
                case 1:
                    text = randomNotation(rng, 12);
                    break;
                case 2:
                    text = std::string(words[rng() % std::size(words)]) +
                           words[rng() % std::size(words)];
                    break;
                case 3:
                    text = std::string(words[rng() % std::size(words)]) +
                           std::to_string(static_cast<int>(rng() % 40) - 10) +
                           (rng() % 2 ? ":" + std::to_string(static_cast<int>(rng() % 9) - 1)
                                      : std::string());
                    break;
                default: {
                    // A legal action's own text with one character changed, or none.
                    const auto legal = s.legalActions();
                    text = s.encode(legal[rng() % legal.size()]);
                    const std::string other = randomNotation(rng, 1);
                    if (rng() % 2 && !other.empty()) text[rng() % text.size()] = other[0];
                }
            }
            const std::string before = s.serialize();
            auto action = s.decode(text);
            if (!action) {
                ++undecoded;
                continue;
            }
            const std::string why = s.refusal(*action);
            ASSERT_EQ(s.isLegal(*action), why.empty()) << text << " in " << before << ": " << why;
            (void)s.describe(*action);
            const std::string code = s.encode(*action);
            if (!why.empty()) {
                ++refused;
                EXPECT_EQ(s.serialize(), before);
                continue;
            }
            // What is legal is said back the same way.
            EXPECT_EQ(s.decode(code), action) << text << " as " << code << " in " << before;
            s.apply(*action);
            ++taken;
        }
    }
    EXPECT_GT(refused, 500);
    EXPECT_GT(taken, 500);
    EXPECT_GT(undecoded, 5000);
}

// Actions no one can say are refused just the same, in every phase.
TEST(PowercoinzHostileInput, ActionsWithNonsenseFieldsAreRefused) {
    for (const char* text : {kStart, "12345,12345 ?,? flipping:1 1", "12345,12345 45,3 remove 1",
                             "12345,12345 5,- remove 1", "12345,245 5,- pick:2 1"}) {
        auto s = load(text);
        Action withCell = Action::choice(kRemove, 0, {1, 3});
        Action withPiece = Action::choice(kRemove, NoCell, {1, 3});
        withPiece.piece = 2;
        Action chanceWithPath = Action::chance({0});
        chanceWithPath.path = {0};
        const std::vector<Action> nonsense = {
            Action::move(0, 1),
            Action::place(0, NoCell),
            Action::remove(NoCell),
            Action::pass(),
            Action::endTurn(),
            Action::join(),
            Action::leave(0),
            Action::choice(0),
            Action::choice(-1, NoCell, {1}),
            Action::choice(kRemove, NoCell, {1000000, 3}),
            Action::choice(kRemove, NoCell, {-5, 3}),
            Action::choice(kRemove, NoCell, {1, -3}),
            Action::choice(kRemoveBlind, NoCell, {1000000}),
            Action::choice(kRemoveBlind, NoCell, {}),
            Action::chance({}),
            Action::chance({7}),
            Action::chance({0, 0, 0, 0, 0, 0, 0, 0, 0}),
            withCell,
            withPiece,
            chanceWithPath,
        };
        for (const Action& a : nonsense) {
            EXPECT_FALSE(s->isLegal(a)) << s->encode(a) << " in " << text;
            EXPECT_NE(s->refusal(a), "") << s->encode(a) << " in " << text;
            (void)s->encode(a);
            (void)s->describe(a);
        }
    }
}

TEST(PowercoinzHostileInput, NumbersTooLongForAnIntAreNotDecoded) {
    auto s = load("12345,12345,12345 5,1,- remove 1");
    EXPECT_FALSE(s->decode("remove 99999999999:1"));
    EXPECT_FALSE(s->decode("remove 2:99999999999"));
    EXPECT_FALSE(s->decode("remove 99999999999"));
    EXPECT_FALSE(s->decode("remove 2:"));
    EXPECT_FALSE(s->decode("remove :1"));
    EXPECT_FALSE(s->decode("remove"));
    EXPECT_FALSE(s->decode("remove "));
    EXPECT_FALSE(s->decode("remove  2"));
    EXPECT_FALSE(s->decode("remove 2:1 "));
    EXPECT_FALSE(s->decode("Flip"));
    EXPECT_FALSE(s->decode(""));
    auto pick = load("12345,245 5,- pick:2 1");
    EXPECT_FALSE(pick->decode("picks:99999999999"));
    EXPECT_FALSE(pick->decode("picks:-2"));
    EXPECT_FALSE(pick->decode("picks: 2"));
}

// --- Random games ----------------------------------------------------------------------

struct Seen {
    int ties = 0, removals = 0, picks = 0, outs = 0;
};

// One whole game with every decision and draw at random (a fixed seed): every
// legal action is legal by isLegal() and refusal() alike, encodes and decodes
// back to itself and is described; actions not listed are refused with a
// reason; each state reads back as itself; the last player with coins wins.
void playRandomGame(std::mt19937& rng, int players, Seen& seen) {
    PowercoinzState s(players);
    int coinsLeft = 5 * players;
    for (int step = 0; !s.outcome().over(); ++step) {
        ASSERT_LT(step, 100000) << "a game of " << players << " does not end";
        const std::string before = s.serialize();
        ASSERT_EQ(reread(before), before);
        const auto legal = s.legalActions();
        ASSERT_FALSE(legal.empty()) << before;
        for (const Action& a : legal) {
            ASSERT_EQ(s.refusal(a), "") << s.encode(a) << " in " << before;
            ASSERT_TRUE(s.isLegal(a)) << s.encode(a) << " in " << before;
            const std::string code = s.encode(a);
            const auto back = s.decode(code);
            ASSERT_TRUE(back) << code << " in " << before;
            ASSERT_EQ(*back, a) << code << " in " << before;
            ASSERT_NE(s.describe(a), "") << code << " in " << before;
        }
        const int seat = static_cast<int>(rng() % static_cast<unsigned>(players + 1)) - 1;
        const int rating = static_cast<int>(rng() % 7);
        for (const Action& a :
             {Action::choice(kFlip), Action::choice(kRemove, NoCell, {seat, rating}),
              Action::choice(kRemoveBlind, NoCell, {seat}), Action::chance({0}),
              Action::chance({1, 0, 1}), Action::chance({0, 0, 0, 0, 0})}) {
            const bool listed = std::find(legal.begin(), legal.end(), a) != legal.end();
            const std::string why = s.refusal(a);
            EXPECT_EQ(s.isLegal(a), listed) << s.encode(a) << " in " << before << ": " << why;
            EXPECT_EQ(why.empty(), listed) << s.encode(a) << " in " << before << ": " << why;
        }
        const Action a = legal[rng() % legal.size()];
        const PowercoinzState::Phase phase = s.phase();
        const int inPlay = [&] {
            int n = 0;
            for (PlayerId p = 0; p < players; ++p) n += s.inGame(p);
            return n;
        }();
        s.apply(a);
        if (a.kind == Action::Kind::Choice && a.arg == kRemove) ++seen.removals;
        if (phase == PowercoinzState::Phase::Pick) ++seen.picks;
        if (phase == PowercoinzState::Phase::Flipping && s.phase() == PowercoinzState::Phase::Flip)
            ++seen.ties;
        int coins = 0, nowInPlay = 0;
        for (PlayerId p = 0; p < players; ++p) {
            coins += s.resources(p).score;
            nowInPlay += s.inGame(p);
        }
        // Only a removal or a pick takes a coin, one at a time.
        const bool takes = phase == PowercoinzState::Phase::Pick ||
                           (a.kind == Action::Kind::Choice && a.arg == kRemove);
        ASSERT_EQ(coins, coinsLeft - (takes ? 1 : 0)) << s.encode(a) << " in " << before;
        coinsLeft = coins;
        seen.outs += inPlay - nowInPlay;
    }
    const Outcome o = s.outcome();
    ASSERT_EQ(o.status, Outcome::Status::Win);
    ASSERT_EQ(o.winners.size(), 1u);
    EXPECT_TRUE(s.inGame(o.winners[0]));
    EXPECT_EQ(coinsLeft, s.resources(o.winners[0]).score);
    EXPECT_EQ(o.reason, "the last player with coins");
    EXPECT_TRUE(s.legalActions().empty());
    EXPECT_EQ(s.refusal(Action::choice(kFlip)), "the game is over");
    EXPECT_EQ(reread(s.serialize()), s.serialize());
}

TEST(PowercoinzNotation, RandomGamesKeepTheirNotationToTheEnd) {
    std::mt19937 rng(1001);
    Seen seen;
    for (int players : {2, 2, 2, 2, 3, 3, 4, 5, 7, 16}) {
        playRandomGame(rng, players, seen);
        if (::testing::Test::HasFatalFailure()) return;
    }
    EXPECT_GT(seen.ties, 10);
    EXPECT_GT(seen.removals, 50);
    EXPECT_GT(seen.picks, 10);
    EXPECT_EQ(seen.outs, 1 + 1 + 1 + 1 + 2 + 2 + 3 + 4 + 6 + 15);
}

// The least int is no seat: "remove -2147483648:1" once overflowed seat - 1
// (undefined behaviour, which the sanitizer build aborts on).
TEST(PowercoinzHostileInput, TheLeastIntIsNotASeat) {
    auto s = load("12345,12345,12345 5,1,- remove 1");
    for (const char* text : {"remove -2147483648:1", "remove -2147483648"}) {
        auto a = s->decode(text);
        if (a) {
            EXPECT_NE(s->refusal(*a), "") << text;
        }
    }
}

// An out seat's "-" does not count as a flip of a seat in play: seat 1, to
// move and not flipped, is no round's winner.
TEST(PowercoinzNotation, AnOutSeatDoesNotStandInForAnUnflippedOne) {
    EXPECT_EQ(loadError("1,-,1 ?,-,1 remove 1"),
              "a round's winner removes a coin only once every team has flipped");
}

// A coin removed after it showed shows nothing: the state after the removal
// writes and reads back.
TEST(PowercoinzNotation, AStateAfterRemovingACoinThatShowedReadsBack) {
    auto s = load("12345,12345 45,3 remove 1");
    play(*s, "remove 2:3");
    EXPECT_EQ(s->serialize(), "12345,1245 45,- flip 1");
    EXPECT_EQ(reread(s->serialize()), s->serialize());
    auto three = load("12345,1,12345 5,1,- remove 1");
    play(*three, "remove 2:1");
    EXPECT_EQ(three->serialize(), "12345,-,12345 5,-,- flip 1");
    EXPECT_EQ(reread(three->serialize()), three->serialize());
}

// Positions no game can reach are refused, each with the reason.
TEST(PowercoinzNotation, PositionsNoRoundCanLeaveAreRefused) {
    EXPECT_EQ(loadError("1,1 -,1 remove 1"),
              "the seat to move removes a coin only when its total showing is the round's one "
              "highest");
    EXPECT_EQ(loadError("1,1 1,1 remove 1"),
              "the seat to move removes a coin only when its total showing is the round's one "
              "highest");
    EXPECT_EQ(loadError("12345,12345 12,1 pick:2 1"),
              "chance picks a face-down coin only when no opponent's coin shows its rating");
    EXPECT_EQ(loadError("1,- ?,? flipping:1 1"),
              "one player has coins: the game is over, and its phase is flip");
    EXPECT_EQ(loadError("1,1 ,1 flip 1"), "seat 1 shows nothing written: give ?, - or ratings");
    // With no opponent's coin showing, the winner is still to name one: a removal is due.
    std::string error;
    EXPECT_TRUE(PowercoinzState::load("12345,12345 1,- remove 1", error)) << error;
}

}  // namespace
}  // namespace arbiter::powercoinz
