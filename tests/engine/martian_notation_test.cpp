// Martian Chess in text, and against careless and hostile input: positions
// written by serialize() load back as themselves, every malformed position is
// refused with a message that says what is wrong, nothing said or loaded
// crashes the engine, and the table's options are checked when the game is made.
#include <gtest/gtest.h>

#include <iterator>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "engine/martian/martian.h"

namespace arbiter::martian {
namespace {

constexpr const char* kStart2 = "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 1 0,0 - -";
constexpr const char* kStart4 = "QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 1 0,0,0,0 - -";
constexpr const char* kCells2 = "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1";
constexpr const char* kCells4 = "QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ";

Rules players(int n) {
    Rules r;
    r.players = n;
    return r;
}

Rules allOptions(int n = 2) {
    Rules r = players(n);
    r.callingClock = true;
    r.fieldPromotion = true;
    return r;
}

::testing::AssertionResult Says(const std::string& text, const std::string& part) {
    if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "\"" << text << "\" does not say \"" << part << "\"";
}

// serialize() of what `text` loads as, or the load's error.
std::string reread(const std::string& text, const Rules& rules = {}) {
    std::string error;
    auto s = MartianState::load(text, error, rules);
    return s ? s->serialize() : "error: " + error;
}

std::string loadError(const std::string& text, const Rules& rules = {}) {
    std::string error;
    auto s = MartianState::load(text, error, rules);
    EXPECT_FALSE(s) << text << " was accepted as " << s->serialize();
    return error;
}

int pyramidPoints(const GameState& s) {
    int n = 0;
    for (Cell c = 0; c < s.geometry().size(); ++c) {
        if (auto p = s.pieceAt(c)) n += points(p->kind);
    }
    return n;
}

int scorePoints(const GameState& s) {
    int n = 0;
    for (PlayerId p = 0; p < s.playerCount(); ++p) n += s.resources(p).score;
    return n;
}

// --- Round trips ----------------------------------------------------------------

TEST(MartianNotation, TheStartPositionsReadBackAsThemselves) {
    EXPECT_EQ(MartianState(players(2)).serialize(), kStart2);
    EXPECT_EQ(MartianState(players(4)).serialize(), kStart4);
    EXPECT_EQ(reread(kStart2), kStart2);
    EXPECT_EQ(reread(kStart4, players(4)), kStart4);
}

TEST(MartianNotation, AGameInProgressReadsBackWithScoresAndNoUndo) {
    const std::string text = "3P/4/4/D3/4/4/4/3P 2 1,0 a5a4 -";
    EXPECT_EQ(reread(text), text);
    std::string error;
    auto s = MartianState::load(text, error, {});
    ASSERT_TRUE(s) << error;
    EXPECT_EQ(s->toMove(), 1);
    EXPECT_EQ(s->resources(0).score, 1);
    // The loaded no undo is enforced.
    EXPECT_FALSE(s->isLegal(*s->decode("a5-a4")));
    EXPECT_TRUE(s->isLegal(*s->decode("a5-a3")));
    // And what play writes reads back.
    MartianState game(players(2));
    game.apply(*game.decode("a3-a5"));
    EXPECT_EQ(reread(game.serialize()), game.serialize());
    EXPECT_EQ(game.serialize(), "1DQQ/1PDQ/1PPD/D3/4/1PP1/QDP1/QQD1 2 0,0 a5a3 -");
}

TEST(MartianNotation, TheCalledClockReadsBack) {
    const std::string three = "3P/4/4/P3/D3/4/4/3P 1 0,0 - 3";
    EXPECT_EQ(reread(three, allOptions()), three);
    const std::string now = "3P/4/4/P3/D3/4/4/3P 1 0,0 - 0*";
    EXPECT_EQ(reread(now, allOptions()), now);
    std::string error;
    auto s = MartianState::load(now, error, allOptions());
    ASSERT_TRUE(s) << error;
    EXPECT_TRUE(s->midTurn());
    EXPECT_EQ(s->clockCount(), 0);
    EXPECT_FALSE(s->isLegal(Action::choice(kCallClock)));
    auto loaded3 = MartianState::load(three, error, allOptions());
    ASSERT_TRUE(loaded3) << error;
    EXPECT_FALSE(loaded3->midTurn());
    EXPECT_EQ(loaded3->clockCount(), 3);
    // The seventh move without a capture is over at once.
    auto seven = MartianState::load("3P/4/4/P3/D3/4/4/3P 1 0,0 - 7", error, allOptions());
    ASSERT_TRUE(seven) << error;
    EXPECT_TRUE(seven->outcome().over());
    // Calling, then the move, as the state writes them.
    MartianState called(allOptions());
    called.apply(Action::choice(kCallClock));
    EXPECT_EQ(called.serialize(), std::string(kCells2) + " 1 0,0 - 0*");
    EXPECT_EQ(reread(called.serialize(), allOptions()), called.serialize());
    called.apply(*called.decode("c3-d4"));
    EXPECT_EQ(called.serialize(), "1DQQ/1PDQ/1PPD/4/3P/DP2/QDP1/QQD1 2 0,0 - 1");
}

TEST(MartianNotation, LowerCaseLettersReadTheSame) {
    EXPECT_EQ(reread("1dqq/1pdq/1ppd/4/4/dpp1/qdp1/qqd1 1 0,0 - -"), kStart2);
}

TEST(MartianNotation, TheGameLoadsThroughItsOptions) {
    GameOptions options;
    options.players = 4;
    options.values["calling-clock"] = "on";
    std::string error;
    auto game = makeGame("martian", options, error);
    ASSERT_TRUE(game) << error;
    auto s = game->load("P6P/8/8/8/8/8/8/P6P 3 1,2,3,4 - 5", error);
    ASSERT_TRUE(s) << error;
    EXPECT_EQ(s->serialize(), "P6P/8/8/8/8/8/8/P6P 3 1,2,3,4 - 5");
    EXPECT_FALSE(game->load(kStart2, error));
    EXPECT_TRUE(Says(error, "rank 1 must be 8 cells wide"));
}

// Random games with every option, from `start`: every position reads back,
// every action's encoding reads back as the action, the quick effect() agrees
// with applying the action, and points are never made or lost (captures move
// them to a score, merges keep them). Merges are taken whenever they come up,
// so that they do come up.
struct Tally {
    int plies = 0, calls = 0, merged = 0, captures = 0;
};

void playRandomly(const Rules& rules, const std::string& start, unsigned seed, Tally& tally) {
    std::mt19937 rng(seed);
    for (int games = 0; games < 20; ++games) {
        std::string error;
        auto game = MartianState::load(start, error, rules);
        ASSERT_TRUE(game) << start << ": " << error;
        MartianState& s = *game;
        const int total = pyramidPoints(s) + scorePoints(s);
        for (int ply = 0; ply < 400 && !s.outcome().over(); ++ply, ++tally.plies) {
            const auto actions = s.legalActions();
            ASSERT_FALSE(actions.empty()) << s.serialize();
            std::vector<Action> merges;
            for (const Action& a : actions) {
                ASSERT_EQ(s.decode(s.encode(a)), a) << s.serialize() << ": " << s.encode(a);
                ASSERT_EQ(s.refusal(a), "") << s.serialize() << ": " << s.encode(a);
                ASSERT_NE(a.kind, Action::Kind::Pass) << s.serialize();
                if (a.kind == Action::Kind::Move && a.piece >= 0) merges.push_back(a);
            }
            const Action a =
                merges.empty() ? actions[rng() % actions.size()] : merges[rng() % merges.size()];
            if (a.kind == Action::Kind::Choice) ++tally.calls;
            if (a.kind == Action::Kind::Move && a.piece >= 0) ++tally.merged;
            if (a.kind == Action::Kind::Move && a.piece < 0 && s.pieceAt(a.to)) ++tally.captures;
            const Effect quick = s.effect(a);
            const Effect generic = s.GameState::effect(a);
            if (quick.changes.size() == 2 && generic.changes.size() == 1) {
                // A pyramid taken by one of its size: see TheEffectAgreesWithApplyingTheAction.
                ASSERT_EQ(quick.changes[0].cell == a.to ? quick.changes[1] : quick.changes[0],
                          generic.changes[0])
                    << s.serialize() << ": " << s.encode(a);
            } else {
                ASSERT_EQ(quick.changes, generic.changes) << s.serialize() << ": " << s.encode(a);
            }
            s.apply(a);
            ASSERT_EQ(pyramidPoints(s) + scorePoints(s), total) << s.serialize();
            ASSERT_EQ(reread(s.serialize(), rules), s.serialize());
        }
    }
}

// From the start and from a start where the queens are pawns (so that every
// player may merge from the first move).
TEST(MartianNotation, RandomTwoPlayerGamesKeepTheirNotation) {
    Tally tally;
    playRandomly(allOptions(2), kStart2, 2026, tally);
    playRandomly(allOptions(2), "1DPP/1PDP/1PPD/4/4/DPP1/PDP1/PPD1 1 0,0 - -", 2027, tally);
    EXPECT_GT(tally.plies, 1000);
    EXPECT_GT(tally.calls, 20);
    EXPECT_GT(tally.merged, 50);
    EXPECT_GT(tally.captures, 60);
}

TEST(MartianNotation, RandomFourPlayerGamesKeepTheirNotation) {
    Tally tally;
    playRandomly(allOptions(4), kStart4, 4004, tally);
    playRandomly(allOptions(4), "PPD2DPP/PDP2PDP/DPP2PPD/8/8/DPP2PPD/PDP2PDP/PPD2DPP 1 0,0,0,0 - -",
                 4005, tally);
    EXPECT_GT(tally.plies, 1000);
    EXPECT_GT(tally.calls, 20);
    EXPECT_GT(tally.merged, 50);
    EXPECT_GT(tally.captures, 60);
}

// Four players have no undo: a crossing leaves "-" in the NO-UNDO field (which
// load() insists on for four) and no "No undo" line in the report.
TEST(MartianNotation, FourPlayerStatesAfterACrossingReadBack) {
    MartianState s(players(4));
    s.apply(*s.decode("a3-a5"));
    EXPECT_EQ(s.serialize(), "QQD2DQQ/QDP2PDQ/DPP2PPD/D7/8/1PP2PPD/QDP2PDQ/QQD2DQQ 2 0,0,0,0 - -");
    EXPECT_EQ(reread(s.serialize(), players(4)), s.serialize());
    for (const std::string& line : s.report()) EXPECT_FALSE(Says(line, "No undo")) << line;
}

// --- Malformed positions ----------------------------------------------------------

struct Bad {
    std::string text;
    Rules rules;
    std::string says;
};

TEST(MartianNotation, MalformedPositionsAreRefusedWithAReason) {
    const std::string c2 = kCells2, c4 = kCells4;
    const Rules two = players(2), four = players(4), clock = allOptions(2);
    const std::vector<Bad> cases = {
        // Fields.
        {"", two, "CELLS SEAT SCORES NO-UNDO CLOCK"},
        {"", two, "this has 0 fields"},
        {c2 + " 1 0,0 -", two, "this has 4 fields"},
        {c2 + " 1 0,0 - - -", two, "this has 6 fields"},
        {c2, two, "this has 1 fields"},
        // Ranks and their width.
        {"1DQQ/1PDQ/1PPD/4/DPP1/QDP1/QQD1 1 0,0 - -", two,
         "the cells must be 8 ranks separated by '/', not 7"},
        {"4/" + c2 + " 1 0,0 - -", two, "not 9"},
        {"/////// 1 0,0 - -", two, "rank 1 must be 4 cells wide, as 2 players play on 4x8"},
        {"1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD2 1 0,0 - -", two, "rank 1 must be 4 cells wide"},
        {"1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD 1 0,0 - -", two, "rank 1 must be 4 cells wide"},
        {"1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQDPP 1 0,0 - -", two, "rank 1 must be 4 cells wide"},
        {"1DQQ/1PDQ/1PPD/4/4/DPP1/QDP/QQD1 1 0,0 - -", two, "rank 2 must be 4 cells wide"},
        {"1DQQ/1PDQ/1PPD/5/4/DPP1/QDP1/QQD1 1 0,0 - -", two, "rank 5 must be 4 cells wide"},
        {"1DQQ/1PDQ/1PPD/22/44/DPP1/QDP1/QQD1 1 0,0 - -", two, "rank 4 must be 4 cells wide"},
        {std::string(kStart4), two, "rank 1 must be 4 cells wide, as 2 players play on 4x8"},
        {std::string(kStart2), four, "rank 1 must be 8 cells wide, as 4 players play on 8x8"},
        // Letters.
        {"1DQX/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 1 0,0 - -", two,
         "rank 8: 'X' is not a pyramid (P, D, Q) or a count of empty cells"},
        {"1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD0 1 0,0 - -", two, "rank 1: '0' is not a pyramid"},
        {"1DQQ/1PDQ/1PPD/9/4/DPP1/QDP1/QQD1 1 0,0 - -", two, "rank 5: '9' is not a pyramid"},
        {"1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QKD1 1 0,0 - -", two, "'K' is not a pyramid"},
        {"1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QND1 1 0,0 - -", two, "'N' is not a pyramid"},
        {"1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD- 1 0,0 - -", two, "'-' is not a pyramid"},
        // The seat.
        {c2 + " 0 0,0 - -", two, "the seat to move must be 1 to 2, not \"0\""},
        {c2 + " 3 0,0 - -", two, "the seat to move must be 1 to 2, not \"3\""},
        {c2 + " x 0,0 - -", two, "the seat to move must be 1 to 2, not \"x\""},
        {c2 + " -1 0,0 - -", two, "the seat to move must be 1 to 2"},
        {c2 + " 1.5 0,0 - -", two, "the seat to move must be 1 to 2"},
        {c2 + " 99999999999999 0,0 - -", two, "the seat to move must be 1 to 2"},
        {c4 + " 5 0,0,0,0 - -", four, "the seat to move must be 1 to 4, not \"5\""},
        // The scores.
        {c2 + " 1 0 - -", two, "there must be 2 scores separated by commas, not \"0\""},
        {c2 + " 1 0,0,0 - -", two, "there must be 2 scores"},
        {c2 + " 1 0,,0 - -", two, "there must be 2 scores"},
        {c4 + " 1 0,0 - -", four, "there must be 4 scores separated by commas, not \"0,0\""},
        {c2 + " 1 0,-1 - -", two, "a score is a whole number of points, not \"-1\""},
        {c2 + " 1 0, - -", two, "a score is a whole number of points, not \"\""},
        {c2 + " 1 0,x - -", two, "a score is a whole number of points, not \"x\""},
        {c2 + " 1 +1,0 - -", two, "a score is a whole number of points, not \"+1\""},
        {c2 + " 1 0x10,0 - -", two, "a score is a whole number of points"},
        {c2 + " 1 99999999999999999999,0 - -", two,
         "a score is a whole number of points, not \"99999999999999999999\""},
        {c2 + " 1 2147483648,0 - -", two, "a score is a whole number of points"},
        {c2 + " 1 73,0 - -", two, "a score is a whole number of points, not \"73\""},
        // Points: what is on the board and in the scores never exceeds 18 a player.
        {c2 + " 1 1,0 - -", two,
         "the pyramids on the board and the scores make 37 points, more than the 36 that 2 "
         "players' pieces are worth"},
        {"3P/4/4/4/4/4/1P2/4 1 20,15 - -", two, "make 37 points, more than the 36"},
        {"QQQQ/QQQQ/QQQQ/QQQQ/4/4/4/4 1 0,0 - -", two, "make 48 points"},
        {"P6P/8/8/8/8/8/8/P6P 1 72,0,0,0 - -", four, "make 76 points, more than the 72"},
        // No undo.
        {c4 + " 2 0,0,0,0 a5a3 -", four, "no undo is a two-player rule: write - in its place"},
        {c2 + " 1 0,0 a5a3 -", two,
         "no undo must name the piece that just crossed into the mover's territory and the "
         "empty cell it came from (such as c4c5), or be -; not \"a5a3\""},
        {"1DQQ/1PDQ/1PPD/D3/4/1PP1/QDP1/QQD1 1 0,0 a5a3 -", two, "not \"a5a3\""},
        {c2 + " 1 0,0 a3a4 -", two, "no undo must name"},
        {c2 + " 1 0,0 a3b2 -", two, "no undo must name"},
        {c2 + " 1 0,0 a3 -", two, "no undo must name"},
        {c2 + " 1 0,0 zz -", two, "no undo must name"},
        {c2 + " 1 0,0 a3a5x -", two, "no undo must name"},
        {c2 + " 1 0,0 1a3a5 -", two, "no undo must name"},
        {c2 + " 1 0,0 a3e5 -", two, "no undo must name"},
        {c2 + " 1 0,0 a3a9 -", two, "no undo must name"},
        // The clock.
        {c2 + " 1 0,0 - 3", two,
         "this table does not play calling the clock (option calling-clock)"},
        {c2 + " 1 0,0 - 0*", two, "option calling-clock"},
        {c2 + " 1 0,0 - 8", clock,
         "the clock is - (not called), a count of moves without a capture from 0 to 7, or 0* "
         "(called this turn, the move to come); not \"8\""},
        {c2 + " 1 0,0 - -1", clock, "not \"-1\""},
        {c2 + " 1 0,0 - x", clock, "not \"x\""},
        {c2 + " 1 0,0 - 3*", clock, "not \"3*\""},
        {c2 + " 1 0,0 - 7*", clock, "not \"7*\""},
        {c2 + " 1 0,0 - *", clock, "not \"*\""},
        {c2 + " 1 0,0 - 0**", clock, "not \"0**\""},
        {c2 + " 1 0,0 - *0", clock, "not \"*0\""},
        {c2 + " 1 0,0 - 99999999999", clock, "not \"99999999999\""},
    };
    for (const Bad& b : cases) EXPECT_TRUE(Says(loadError(b.text, b.rules), b.says)) << b.text;
}

TEST(MartianNotation, TheLimitsThemselvesAreAccepted) {
    // 36 points with two players; 72 with four; a score of 72.
    EXPECT_EQ(reread("3P/4/4/4/4/4/1P2/4 1 20,14 - -"), "3P/4/4/4/4/4/1P2/4 1 20,14 - -");
    EXPECT_EQ(reread("P6P/8/8/8/8/8/8/P6P 1 68,0,0,0 - -", players(4)),
              "P6P/8/8/8/8/8/8/P6P 1 68,0,0,0 - -");
    EXPECT_EQ(reread("8/8/8/8/8/8/8/8 1 72,0,0,0 - -", players(4)),
              "8/8/8/8/8/8/8/8 1 72,0,0,0 - -");
    // Seat 2 of 2, seat 4 of 4, the clock at 0 and 7.
    EXPECT_EQ(reread(std::string(kCells2) + " 2 0,0 - -"), std::string(kCells2) + " 2 0,0 - -");
    EXPECT_EQ(reread(std::string(kCells4) + " 4 0,0,0,0 - -", players(4)),
              std::string(kCells4) + " 4 0,0,0,0 - -");
    EXPECT_EQ(reread(std::string(kCells2) + " 1 0,0 - 0", allOptions()),
              std::string(kCells2) + " 1 0,0 - 0");
    EXPECT_EQ(reread(std::string(kCells2) + " 1 0,0 - 7", allOptions()),
              std::string(kCells2) + " 1 0,0 - 7");
    // Empty runs may be split ("22" is four cells) and are written back whole.
    EXPECT_EQ(reread("1DQQ/1PDQ/1PPD/22/1111/DPP1/QDP1/QQD1 1 0,0 - -"), kStart2);
    // Extra white space between the fields is no harm.
    EXPECT_EQ(reread(std::string("  ") + kCells2 + "\t1  0,0 -\n- "), kStart2);
}

// --- Fuzz --------------------------------------------------------------------------

std::string randomBytes(std::mt19937& rng, size_t maxLength) {
    std::uniform_int_distribution<size_t> length(0, maxLength);
    std::uniform_int_distribution<int> byte(0, 255);
    std::string text;
    for (size_t n = length(rng); n > 0; --n) text += static_cast<char>(byte(rng));
    return text;
}

// From the characters the notation uses, and a few more.
std::string randomNotation(std::mt19937& rng, size_t maxLength) {
    static const std::string alphabet = "PDQpdqK0123456789/ ,-*abcdefghx=\t";
    std::uniform_int_distribution<size_t> length(0, maxLength), pick(0, alphabet.size() - 1);
    std::string text;
    for (size_t n = length(rng); n > 0; --n) text += alphabet[pick(rng)];
    return text;
}

// What load() accepts is a state of its own: written back, it reads as itself,
// and its listed actions are legal.
void checkAccepted(const std::string& text, const MartianState& s, const Rules& rules) {
    std::string error;
    auto again = MartianState::load(s.serialize(), error, rules);
    ASSERT_TRUE(again) << text << " -> " << s.serialize() << ": " << error;
    EXPECT_EQ(again->serialize(), s.serialize());
    for (const Action& a : s.legalActions()) {
        ASSERT_TRUE(s.isLegal(a)) << text << ": " << s.encode(a);
        ASSERT_EQ(s.refusal(a), "") << text << ": " << s.encode(a);
    }
    (void)s.outcome();
    (void)s.report();
}

TEST(MartianHostileInput, RandomTextNeverCrashesLoad) {
    std::mt19937 rng(20261124);
    const Rules rules[] = {players(2), players(4), allOptions(2), allOptions(4)};
    int refused = 0;
    for (int i = 0; i < 20000; ++i) {
        const Rules& r = rules[i % 4];
        std::string text = i % 2 ? randomBytes(rng, 60) : randomNotation(rng, 60);
        // Some texts of five fields, so the later checks are reached too.
        if (i % 3 == 0) {
            text = (r.players == 2 ? kCells2 : kCells4) + std::string(" ") +
                   randomNotation(rng, 3) + " " + randomNotation(rng, 8) + " " +
                   randomNotation(rng, 5) + " " + randomNotation(rng, 3);
        }
        std::string error;
        auto s = MartianState::load(text, error, r);
        if (!s) {
            ++refused;
            EXPECT_FALSE(error.empty()) << text;
            continue;
        }
        checkAccepted(text, *s, r);
    }
    EXPECT_GT(refused, 15000);
}

TEST(MartianHostileInput, MangledPositionsAreRefusedOrReadBackAsThemselves) {
    struct Good {
        std::string text;
        Rules rules;
    };
    const Good goods[] = {
        {kStart2, players(2)},
        {"3P/4/4/D3/4/4/4/3P 2 1,0 a5a4 -", players(2)},
        {"3P/4/4/P3/D3/4/4/3P 1 2,3 - 0*", allOptions(2)},
        {kStart4, allOptions(4)},
        {"P1D4P/2P5/8/8/8/8/8/P6P 2 3,0,1,2 - 5", allOptions(4)},
    };
    std::mt19937 rng(7);
    int accepted = 0, refused = 0;
    for (int i = 0; i < 10000; ++i) {
        const Good& g = goods[static_cast<size_t>(i) % std::size(goods)];
        std::string text = g.text;
        for (int edits = 1 + static_cast<int>(rng() % 3); edits > 0 && !text.empty(); --edits) {
            const size_t at = rng() % text.size();
            const std::string c = randomNotation(rng, 1) + "P";
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
        auto s = MartianState::load(text, error, g.rules);
        if (!s) {
            ++refused;
            EXPECT_FALSE(error.empty()) << text;
            continue;
        }
        ++accepted;
        checkAccepted(text, *s, g.rules);
    }
    EXPECT_GT(accepted, 100);
    EXPECT_GT(refused, 1000);
}

// Whatever is said, decode() gives nothing or an action that is either legal
// (and then plays) or refused with a reason; isLegal and refusal agree.
TEST(MartianHostileInput, SaidTextEitherActsLegallyOrIsRefused) {
    std::mt19937 rng(31337);
    const Rules rules[] = {allOptions(2), allOptions(4), players(2)};
    int refused = 0, taken = 0, undecoded = 0;
    for (const Rules& r : rules) {
        auto game = std::make_unique<MartianState>(r);
        for (int i = 0; i < 5000; ++i) {
            if (game->outcome().over()) game = std::make_unique<MartianState>(r);
            MartianState& s = *game;
            if (i % 8 == 7) {  // the game goes on, so positions vary
                const auto legal = s.legalActions();
                s.apply(legal[rng() % legal.size()]);
                continue;
            }
            std::string text;
            switch (i % 4) {
                case 0:
                    text = randomBytes(rng, 12);
                    break;
                case 1:
                    text = randomNotation(rng, 9);
                    break;
                case 2: {
                    // Two cell names, perhaps joined and suffixed.
                    const char* joins[] = {"-", "x", "", "--", " "};
                    const char* ends[] = {"", "", "=Q", "=D", "=P", "q", "d", "=K", "=", "Q"};
                    const auto files = static_cast<unsigned>(s.geometry().files());
                    auto cell = [&] {
                        return std::string(1, static_cast<char>('a' + rng() % (files + 1))) +
                               std::to_string(rng() % 10);
                    };
                    text = cell() + joins[rng() % 5] + cell() + ends[rng() % 10];
                    break;
                }
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
            (void)s.encode(*action);
            if (!why.empty()) {
                ++refused;
                EXPECT_EQ(s.serialize(), before);
                continue;
            }
            (void)s.effect(*action);
            s.apply(*action);
            ++taken;
            ASSERT_EQ(reread(s.serialize(), r), s.serialize()) << text << " in " << before;
        }
    }
    EXPECT_GT(refused, 500);
    EXPECT_GT(taken, 1000);
    EXPECT_GT(undecoded, 7000);
}

// Actions no one can say are refused just the same.
TEST(MartianHostileInput, ActionsWithNonsenseFieldsAreRefused) {
    MartianState s(allOptions(2));
    const Cell a3 = *s.geometry().parse("a3"), a4 = *s.geometry().parse("a4");
    std::vector<Action> nonsense = {
        Action::move(NoCell, a4), Action::move(a3, 32),
        Action::move(a3, -7),     Action::move(a3, a4, 3),
        Action::move(a3, a4, 99), Action::place(Pawn, a4),
        Action::remove(a3),       Action::choice(kCallClock, NoCell, {1}),
        Action::choice(0),        Action::chance({1}),
        Action::join(),           Action::leave(1),
    };
    for (const Action& a : nonsense) {
        EXPECT_FALSE(s.isLegal(a)) << s.encode(a);
        EXPECT_NE(s.refusal(a), "") << s.encode(a);
        (void)s.encode(a);
        (void)s.describe(a);
    }
}

// A move that is legal but for a field decode() never sets (a path, a
// negative piece other than -1, an arg or a payload) is refused, with a reason.
TEST(MartianHostileInput, RefusalAgreesWithIsLegalForEveryField) {
    MartianState s(allOptions(2));
    const Cell a3 = *s.geometry().parse("a3"), a4 = *s.geometry().parse("a4");
    Action withArg = Action::move(a3, a4);
    withArg.arg = 5;
    Action withPayload = Action::move(a3, a4);
    withPayload.payload = {1};
    for (const Action& a :
         {Action::move(a3, a4, -2), Action::moveVia(a3, {a4}, a4), withArg, withPayload}) {
        EXPECT_FALSE(s.isLegal(a)) << s.encode(a);
        EXPECT_NE(s.refusal(a), "") << s.encode(a);
    }
}

// --- The game's options ----------------------------------------------------------------

std::string makeError(const std::string& name, const GameOptions& options) {
    std::string error;
    auto game = makeGame(name, options, error);
    EXPECT_FALSE(game) << name << " was made";
    return error;
}

GameOptions withPlayers(int n, int files = 0, int ranks = 0) {
    GameOptions o;
    o.players = n;
    o.files = files;
    o.ranks = ranks;
    return o;
}

GameOptions withStandIn(const std::string& piece, const std::string& text) {
    GameOptions o;
    auto standIn = parseStandIn(text);
    EXPECT_TRUE(standIn) << text;
    if (standIn) o.standIns[piece] = *standIn;
    return o;
}

TEST(MartianOptions, TwoOrFourPlayersOnly) {
    EXPECT_EQ(makeError("martian", withPlayers(3)), "martian is for 2 or 4 players, not 3");
    EXPECT_EQ(makeError("martian", withPlayers(1)), "martian is for 2 or 4 players, not 1");
    EXPECT_EQ(makeError("martian", withPlayers(5)), "martian is for 2 or 4 players, not 5");
}

TEST(MartianOptions, TheSizeFollowsThePlayers) {
    EXPECT_EQ(makeError("martian", withPlayers(2, 8, 8)),
              "martian for 2 players is played on 4x8 cells only, not 8x8");
    EXPECT_EQ(makeError("martian", withPlayers(4, 4, 8)),
              "martian for 4 players is played on 8x8 cells only, not 4x8");
    EXPECT_EQ(makeError("martian", withPlayers(4, 16, 8)),
              "martian for 4 players is played on 8x8 cells only, not 16x8");
    std::string error;
    auto two = makeGame("martian", withPlayers(2, 4, 8), error);
    ASSERT_TRUE(two) << error;
    EXPECT_EQ(two->options().files, 4);
    auto four = makeGame("martian", withPlayers(4), error);
    ASSERT_TRUE(four) << error;
    EXPECT_EQ(four->options().files, 8);
    EXPECT_EQ(four->options().ranks, 8);
    EXPECT_EQ(four->start()->geometry().files(), 8);
}

TEST(MartianOptions, OptionsReachTheRules) {
    GameOptions o;
    o.values = {{"tie", "draw"}, {"field-promotion", "on"}, {"calling-clock", "on"}};
    std::string error;
    auto game = makeGame("martian", o, error);
    ASSERT_TRUE(game) << error;
    const Rules& r = static_cast<const MartianGame&>(*game).rules();
    EXPECT_TRUE(r.equalScoresDraw);
    EXPECT_TRUE(r.fieldPromotion);
    EXPECT_TRUE(r.callingClock);
    auto plain = makeGame("martian");
    ASSERT_TRUE(plain);
    const Rules& d = static_cast<const MartianGame&>(*plain).rules();
    EXPECT_FALSE(d.equalScoresDraw);
    EXPECT_FALSE(d.fieldPromotion);
    EXPECT_FALSE(d.callingClock);
    EXPECT_EQ(d.players, 2);
    o.values = {{"tie", "maybe"}};
    EXPECT_EQ(makeError("martian", o), "option tie takes emptier, draw, not \"maybe\"");
    o.values = {{"speed", "2"}};
    EXPECT_EQ(makeError("martian", o),
              "martian has no option \"speed\"; its options: tie, field-promotion, calling-clock");
}

TEST(MartianOptions, TwoPyramidsMayNotShareAFigure) {
    EXPECT_EQ(makeError("martian", withStandIn("drone", "N or Q")),
              "the stand-ins for drone (white knight or queen) and queen (white queen or king or "
              "bishop) share a figure: each figure may stand for one pyramid only");
    EXPECT_EQ(makeError("martian", withStandIn("pawn", "N")),
              "the stand-ins for pawn (white knight) and drone (white knight or rook) share a "
              "figure: each figure may stand for one pyramid only");
    EXPECT_EQ(makeError("martian", withStandIn("queen", "Q, R")),
              "the stand-ins for drone (white knight or rook) and queen (white queen or rook) "
              "share a figure: each figure may stand for one pyramid only");
    // Colour plays no part: a black knight is still a knight.
    EXPECT_TRUE(Says(makeError("martian", withStandIn("queen", "black knight")), "share a figure"));
    // Distinct figures are fine.
    std::string error;
    EXPECT_TRUE(makeGame("martian", withStandIn("queen", "K or B"), error)) << error;
    EXPECT_EQ(makeError("martian", withStandIn("king", "K")),
              "martian has no piece \"king\" to stand in for; its pieces: pawn, drone, queen");
}

TEST(MartianOptions, OtherGamesRefuseAListOfStandIns) {
    std::string error;
    const GameOptions skirmish = withStandIn("piece", "white pawn or knight");
    EXPECT_FALSE(skirmish.resolved(*gameInfo("skirmish"), error));
    EXPECT_EQ(error,
              "the stand-in for piece is one set piece in skirmish, not \"white pawn or "
              "knight\"");
    EXPECT_EQ(makeError("skirmish", skirmish),
              "the stand-in for piece is one set piece in skirmish, not \"white pawn or knight\"");
    const GameOptions csipgs = withStandIn("slot1", "R or N");
    EXPECT_EQ(makeError("csipgs", csipgs),
              "the stand-in for slot1 is one set piece in csipgs, not \"white rook or knight\"");
    // One set piece is still fine there.
    EXPECT_TRUE(makeGame("skirmish", withStandIn("piece", "white knight"), error)) << error;
}

}  // namespace
}  // namespace arbiter::martian
