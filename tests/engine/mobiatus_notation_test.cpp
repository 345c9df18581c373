// Möbiatus in text, and against careless and hostile input: positions written
// by serialize() load back as themselves, every malformed or inconsistent
// position is refused with a reason that names what is wrong, nothing loaded
// or said crashes the engine, actions read back from their notation, and the
// players are told plainly what a move does and where the game stands.
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/mobiatus/mobiatus.h"
#include "tests/engine/mobiatus_test_support.h"

namespace arbiter::mobiatus {
namespace {

using namespace support;

std::string startText() {
    std::string text;
    for (int r = 60; r >= 18; --r) text += "5/";
    text += "BBBBB/BBBBB/";
    for (int r = 15; r >= 3; --r) text += "5/";
    return text + "RRRRR/RRRRR r 0";
}

::testing::AssertionResult Says(const std::string& text, const std::string& part) {
    if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "\"" << text << "\" does not say \"" << part << "\"";
}

std::string loadError(const std::string& text) {
    std::string error;
    auto s = MobiatusState::load(text, error, Rules{});
    EXPECT_FALSE(s) << text << " was accepted as " << (s ? s->serialize() : "");
    EXPECT_FALSE(error.empty()) << text;
    return error;
}

// A game played with random legal actions, from the start, `plies` long or
// until it ends; every state on the way.
std::vector<std::unique_ptr<MobiatusState>> randomGame(unsigned seed, int plies,
                                                       const Rules& rules = {}) {
    std::mt19937 random(seed);
    std::vector<std::unique_ptr<MobiatusState>> states;
    states.push_back(std::make_unique<MobiatusState>(rules));
    for (int i = 0; i < plies; ++i) {
        const auto legal = states.back()->legalActions();
        if (legal.empty()) break;
        auto next = std::unique_ptr<MobiatusState>(
            static_cast<MobiatusState*>(states.back()->clone().release()));
        next->apply(legal[random() % legal.size()]);
        states.push_back(std::move(next));
    }
    return states;
}

// --- Positions ---------------------------------------------------------------

TEST(MobiatusNotation, TheStartIsWrittenRankSixtyFirst) {
    EXPECT_EQ(MobiatusState{Rules{}}.serialize(), startText());
    EXPECT_EQ(loaded(startText())->serialize(), startText());
}

TEST(MobiatusNotation, PositionsOnTheWayThroughGamesReadBackAsThemselves) {
    int chains = 0;
    for (unsigned seed = 1; seed <= 2; ++seed) {
        for (const auto& s : randomGame(seed, 140)) {
            const std::string text = s->serialize();
            auto back = loaded(text);
            EXPECT_EQ(back->serialize(), text);
            EXPECT_EQ(back->legalActions(), s->legalActions()) << text;
            EXPECT_EQ(back->outcome(), s->outcome()) << text;
            // A sample of the actions: decoding one costs a search of them all,
            // and late positions offer a hundred, many of them chains.
            const auto legal = s->legalActions();
            for (size_t i = 0; i < legal.size(); ++i) {
                const Action& a = legal[i];
                if (i % 32 != 0) continue;
                EXPECT_EQ(s->decode(s->encode(a)), a) << text << " " << s->encode(a);
                chains += !a.path.empty();
            }
        }
    }
    EXPECT_GT(chains, 0) << "the games should have offered some captures";
}

TEST(MobiatusNotation, SingularitiesTheSideToMoveAndThePliesReadBack) {
    const std::string text = positionText("c10:R d12:x d13:x a25:B e60:R", 'b', 77);
    EXPECT_EQ(loaded(text)->serialize(), text);
    auto s = loaded(text);
    EXPECT_EQ(s->toMove(), 1);
    EXPECT_EQ(s->plies(), 77);
    EXPECT_TRUE(s->board().singular.has(at("b43")));
}

TEST(MobiatusNotation, MalformedPositionsAreRefusedWithTheReason) {
    const std::string start = startText();
    EXPECT_TRUE(Says(loadError(""), "this has 0 fields"));
    EXPECT_TRUE(Says(loadError(start.substr(0, start.size() / 2)), "this has 1 fields"));
    EXPECT_TRUE(Says(loadError("5/5/5 r 0"), "60 ranks separated by '/', rank 60 first, not 3"));
    EXPECT_TRUE(Says(loadError(start + " 5"), "this has 4 fields"));
    auto withRank = [&](int rank, const std::string& cells) {
        std::string text;
        for (int r = 60; r >= 1; --r) text += (r == rank ? cells : "5") + (r > 1 ? "/" : "");
        return text + " r 0";
    };
    EXPECT_EQ(loadError(withRank(7, "RRRRRR")), "rank 7: a rank is 5 cells, this has more");
    EXPECT_EQ(loadError(withRank(7, "RRRR")), "rank 7: a rank is 5 cells, not 4");
    EXPECT_EQ(loadError(withRank(7, "")), "rank 7: a rank is 5 cells, not 0");
    EXPECT_EQ(loadError(withRank(7, "6")), "rank 7: a count of empty cells is 1 to 5, not 6");
    EXPECT_EQ(loadError(withRank(7, "0RRRRR")), "rank 7: a count of empty cells is 1 to 5, not 0");
    EXPECT_EQ(loadError(withRank(7, "23")),
              "rank 7: two counts of empty cells side by side: write one");
    EXPECT_EQ(loadError(withRank(7, "4R1")), "rank 7: a rank is 5 cells, this has more");
    EXPECT_EQ(loadError(withRank(7, "RRRRQ")),
              "rank 7: 'Q' is not R (a Red dot), B (a Blue dot), x (a singularity) or a count "
              "of empty cells 1 to 5");
    EXPECT_TRUE(Says(loadError(withRank(7, "rrrrr")), "'r' is not R"));
    EXPECT_TRUE(Says(loadError(withRank(7, "QQQQQ")), "'Q' is not R"));
    EXPECT_TRUE(Says(loadError(withRank(7,
                                        "\xff\xfe"
                                        "5")),
                     "'?' is not R"));
}

TEST(MobiatusNotation, InconsistentPositionsAreRefusedNamingTheCells) {
    auto text = [](const std::string& ranks1to60Cells, const std::string& rest) {
        return positionText(ranks1to60Cells).substr(0, positionText(ranks1to60Cells).find(' ')) +
               rest;
    };
    // positionText makes the opposite singular; write one face alone by hand.
    std::string lone;
    for (int r = 60; r >= 1; --r) lone += (r == 7 ? "2x2" : "5") + std::string(r > 1 ? "/" : "");
    EXPECT_EQ(loadError(lone + " r 0"),
              "c7 is singular but its opposite c37 is not: a singularity is made on both faces "
              "at once");
    EXPECT_EQ(loadError(positionText("a1:R e31:B c20:B")),
              "the dots on a1 and e31 face each other across the strip: a dot standing behind a "
              "dot would have been taken");
    EXPECT_EQ(loadError(text("a1:R e20:B", " r 1")),
              "Red moves first, so Red is to move after an even number of plies and Blue after "
              "an odd one: 1 plies and r to move do not fit");
    EXPECT_TRUE(Says(loadError(text("a1:R e20:B", " b 0")), "0 plies and b to move"));
    EXPECT_EQ(loadError(text("a1:R e20:B", " r 142")),
              "the plies played are a whole number from 0 to 140 (the game ends after 70 move "
              "pairs), not \"142\"");
    EXPECT_TRUE(Says(loadError(text("a1:R e20:B", " r 99999999999999999999999999")),
                     "not \"99999999999999999999999999\""));
    EXPECT_TRUE(Says(loadError(text("a1:R e20:B", " r -2")), "not \"-2\""));
    EXPECT_TRUE(Says(loadError(text("a1:R e20:B", " r +2")), "not \"+2\""));
    EXPECT_EQ(loadError(text("a1:R e20:B", " w 0")),
              "the side to move is r (Red) or b (Blue), not \"w\"");
    EXPECT_TRUE(Says(loadError(text("a1:R e20:B", " R 0")), "not \"R\""));
    std::string twelve;
    for (int r = 1; r <= 3; ++r)
        for (char f : {'a', 'b', 'c', 'd'})
            twelve += std::string(" ") + f + std::to_string(r) + ":R";
    EXPECT_EQ(loadError(positionText(twelve + " e20:B")), "Red has 12 dots: a side has at most 10");
}

// Whatever the text, load() answers with a state or a reason, never a crash.
TEST(MobiatusNotation, GarbageNeverCrashesTheLoader) {
    std::mt19937 random(4);
    const std::string alphabet = "RBx012345678/ rb-\xff";
    const std::string start = startText();
    int accepted = 0;
    for (int i = 0; i < 3000; ++i) {
        std::string text = start;
        const int edits = 1 + static_cast<int>(random() % 4);
        for (int e = 0; e < edits && !text.empty(); ++e) {
            const size_t at = random() % text.size();
            switch (random() % 3) {
                case 0:
                    text[at] = alphabet[random() % alphabet.size()];
                    break;
                case 1:
                    text.erase(at, 1 + random() % 3);
                    break;
                default:
                    text.insert(at, 1, alphabet[random() % alphabet.size()]);
            }
        }
        std::string error;
        auto s = MobiatusState::load(text, error, Rules{});
        if (s) {
            ++accepted;
            EXPECT_EQ(loaded(s->serialize())->serialize(), s->serialize());
            EXPECT_TRUE(faultOf(s->board()).empty());
            s->legalActions();
        } else {
            EXPECT_FALSE(error.empty()) << text;
        }
    }
    EXPECT_GT(accepted, 0);
    std::string error;
    EXPECT_FALSE(MobiatusState::load(std::string(100000, '/'), error, Rules{}));
    EXPECT_FALSE(MobiatusState::load(std::string(100000, '5') + " r 0", error, Rules{}));
}

// --- Actions -----------------------------------------------------------------

TEST(MobiatusNotation, ActionsAreWrittenAsTheirCellsJoinedByDashes) {
    auto s = position("c2:R b34:B e20:B");
    const auto chain = s->decode("c2-d4-e6");
    ASSERT_TRUE(chain);
    EXPECT_EQ(*chain, Action::moveVia(at("c2"), {at("d4")}, at("e6")));
    EXPECT_EQ(s->encode(*chain), "c2-d4-e6");
    EXPECT_EQ(s->decode("c2-e3"), Action::move(at("c2"), at("e3")));
    EXPECT_EQ(s->encode(Action::move(at("c2"), at("e3"))), "c2-e3");
    EXPECT_EQ(s->encode(Action::pass()), "?");
}

TEST(MobiatusNotation, DecodeReadsCapitalsCrossesAndSpaces) {
    auto s = position("c2:R b34:B e20:B");
    const auto chain = s->decode("c2-d4-e6");
    for (const char* text : {"C2-D4-E6", " c2 x d4 x e6 ", "c2xd4xe6", "c2-d4xE6"})
        EXPECT_EQ(s->decode(text), chain) << text;
}

TEST(MobiatusNotation, DecodeRefusesWhatIsNotALegalAction) {
    auto s = position("c2:R b34:B e20:B");
    for (const char* text : {"", "c2", "c2-d4", "c2-d5", "c2--d4", "c2-", "-c2-e3", "z9-a1",
                             "c2-c61", "c2-c0", "e20-d22", "c2-e3-c4", "c2-d4-e6-c5", "pass",
                             "c2-d4-e6-e6-e6-e6-e6-e6-e6-e6-e6-e6-e6-e6", "\xff"})
        EXPECT_FALSE(s->decode(text)) << text;
}

// --- What the players are told ----------------------------------------------

TEST(MobiatusNotation, DescribeSaysTheJumpsTheCapturesTheSingularitiesAndTheCircle) {
    auto s = position("c2:R b34:B e20:B");
    EXPECT_EQ(s->describe(*s->decode("c2-d4-e6")),
              "c2-d4 takes Blue's b34 on the far face, d4-e6; new singularities b34 c2 c32 d4; "
              "circle on a36");
    EXPECT_EQ(MobiatusState{Rules{}}.describe(Action::move(at("a1"), at("b3"))),
              "a1-b3; new singularities a1 e31; circle on d33");
}

TEST(MobiatusNotation, DescribeSaysWhereASlideStartsAndWhereItRests) {
    auto s = position("c10:R d12:x d13:x a25:B");
    EXPECT_EQ(s->describe(Action::move(at("c10"), at("e12"))),
              "c10-d12 slides to e12; new singularities c10 c40; circle on a42");
    // e11 is a rest of the slide over d12 and a knight's jump: said as the jump.
    auto t = position("c10:R d10:x d11:x d12:x a25:B");
    EXPECT_EQ(t->describe(Action::move(at("c10"), at("e11"))),
              "c10-e11; new singularities c10 c40; circle on a41");
}

TEST(MobiatusNotation, DescribeSaysAChainThroughASlide) {
    auto s = position("c10:R b42:B d43:B b12:x c14:x");
    EXPECT_EQ(s->describe(*s->decode("c10-b13-d12-e14")),
              "c10-b12 slides to b13 takes Blue's d43 on the far face, b13-d12 takes Blue's b42 "
              "on the far face, d12-e14; new singularities b13 b42 c10 c40 d12 d43; circle on "
              "a44");
}

TEST(MobiatusNotation, DescribeStopsSaysEachCaptureAsItIsMade) {
    auto s = position("c10:R b42:B d43:B b12:x c14:x");
    const Action chain = *s->decode("c10-d12-b13-c15");
    EXPECT_EQ(s->describeStops(chain, 1),
              "c10-d12 takes Blue's b42 on the far face: take it off, then jump on from d12");
    EXPECT_EQ(s->describeStops(chain, 2),
              "d12-b13 takes Blue's d43 on the far face: take it off, then jump on from b13");
    EXPECT_EQ(s->describeStops(chain, 0), "");
    EXPECT_EQ(s->describeStops(chain, 3), "");
    EXPECT_EQ(s->describeStops(*s->decode("c10-b13-d12-e14"), 1),
              "c10-b12 slides to b13 takes Blue's d43 on the far face: take it off, then jump on "
              "from b13");
    auto t = position("c2:R b34:B e20:B");
    EXPECT_EQ(t->describeStops(*t->decode("c2-d4-e6"), 1),
              "c2-d4 takes Blue's b34 on the far face: take it off, then jump on from d4");
}

TEST(MobiatusNotation, BlueTakesRedsDots) {
    // Blue's e20 jumps to d22, behind which stands Red's b52.
    auto s = position("b52:R e20:B a1:R", 'b');
    EXPECT_EQ(s->describe(*s->decode("e20-d22-b23")),
              "e20-d22 takes Red's b52 on the far face, d22-b23; new singularities a50 b52 d22 "
              "e20; circle on d53");
}

TEST(MobiatusNotation, RefusalsSpeakThePlayersWords) {
    auto s = position("c2:R b34:B e20:B");
    EXPECT_EQ(s->refusal(Action::move(at("a5"), at("b7"))), "there is no dot on a5");
    EXPECT_EQ(s->refusal(Action::move(at("b34"), at("c36"))),
              "the dot on b34 is Blue's: Red is to move");
    EXPECT_EQ(s->refusal(Action::move(at("c2"), at("c3"))),
              "c3 is not a knight's jump from c2, nor the end of a slide from one");
    EXPECT_EQ(s->refusal(Action::moveVia(at("c2"), {at("e3")}, at("c4"))),
              "c2-e3 takes nothing, so the move ends on e3");
    EXPECT_EQ(s->refusal(Action::move(at("c2"), at("c2"))), "a dot must move");
    EXPECT_EQ(s->refusal(Action::move(at("c2"), 400)), "no such cell");
    EXPECT_EQ(s->refusal(Action::pass()),
              "a turn of Möbiatus is one move of a dot: a knight's jump, or a chain of captures");
    EXPECT_EQ(s->refusal(*s->decode("c2-d4-e6")), "");
}

TEST(MobiatusNotation, TheReportShowsBothFacesSideBySide) {
    const auto lines = MobiatusState{Rules{}}.report();
    ASSERT_EQ(lines.size(), 34u);
    EXPECT_EQ(lines[0], "Red to move, move pair 1 of 70; Red 10 dots, Blue 10");
    EXPECT_EQ(lines[1], "   face A         face B");
    EXPECT_EQ(lines[2], "30 . . . . .   60 . . . . .");
    EXPECT_EQ(lines[2 + 30 - 17], "17 B B B B B   47 b b b b b");
    EXPECT_EQ(lines[2 + 30 - 16], "16 B B B B B   46 b b b b b");
    EXPECT_EQ(lines[2 + 30 - 2], " 2 R R R R R   32 r r r r r");
    EXPECT_EQ(lines[31], " 1 R R R R R   31 r r r r r");
    EXPECT_EQ(lines[32], "   a b c d e      a b c d e");
    EXPECT_EQ(lines[33],
              "R, B: a Red, Blue dot; r, b: a circle (the far face of a Red, Blue dot); "
              "x: a singularity; .: empty");
    auto s = position("c10:R d12:x a25:B", 'b', 5);
    const auto more = s->report();
    EXPECT_EQ(more[0], "Blue to move, move pair 3 of 70; Red 1 dot, Blue 1");
    EXPECT_EQ(more[2 + 30 - 12], "12 . . . x .   42 . x . . .");
    EXPECT_EQ(more[2 + 30 - 10], "10 . . R . .   40 . . r . .");
    EXPECT_EQ(more[2 + 30 - 25], "25 B . . . .   55 . . . . b");
    EXPECT_EQ(position("a1:B")->report()[0], "Game over: Red has no dots left; Red 0 dots, Blue 1");
}

TEST(MobiatusNotation, TheRecordIsTheTextRecordWithTheDotsLeft) {
    auto game = makeGame("mobiatus");
    ASSERT_TRUE(game);
    GameRecord record;
    record.tags = {{"Red", "Ann"}, {"Blue", "Bob"}};
    record.startText = positionText("c2:R b34:B e20:B");
    auto s = position("c2:R b34:B e20:B");
    record.actions = {*s->decode("c2-d4-e6")};
    record.turnOf = {0};
    const std::string text = game->exportRecord(record);
    EXPECT_TRUE(Says(text, "[Red \"Ann\"]\n[Blue \"Bob\"]\n[Start \"" + record.startText + "\"]"));
    EXPECT_TRUE(Says(text,
                     "1. Red: c2-d4 takes Blue's b34 on the far face, d4-e6; new singularities "
                     "b34 c2 c32 d4; circle on a36\n"));
    EXPECT_TRUE(Says(text, "Result: unfinished\nDots left: Red 1, Blue 1\n"));
}

}  // namespace
}  // namespace arbiter::mobiatus
