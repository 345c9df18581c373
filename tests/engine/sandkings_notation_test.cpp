// Sandkings in text (docs/rules/sandkings.md): step notation and its round
// trip, what the players are told, the position text and every refusal of
// load(), the report, the record, the stand-ins, and the quick effect() that
// must agree with the generic one.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "engine/core/game.h"
#include "engine/sandkings/sandkings.h"
#include "tests/engine/sandkings_test_support.h"

namespace arbiter::sandkings {
namespace {

using namespace support;

const char* const kStart2 = "2 ab a 0/6 6VbSb/5VbBbVb/6Vb1/8/8/1Va6/VaBaVa5/SaVa6";

// Plays `turns` random turns from `s`, calling `visit` on every state before
// each action; the same seed gives the same game.
template <typename Visit>
void randomGame(SandkingsState& s, unsigned seed, int actions, Visit visit) {
    std::mt19937 random(seed);
    for (int i = 0; i < actions && !s.outcome().over(); ++i) {
        visit(s);
        const std::vector<Action> legal = s.legalActions();
        ASSERT_FALSE(legal.empty()) << s.serialize();
        // Steps far more often than early ends, so that the games get somewhere.
        Action a = legal[random() % legal.size()];
        if (a.kind == Action::Kind::EndTurn && legal.size() > 1 && random() % 4 != 0)
            a = legal[random() % (legal.size() - 1)];
        s.apply(a);
    }
}

TEST(SandkingsNotation, TheStartIsWrittenAsTheRulesPageShowsIt) {
    EXPECT_EQ(SandkingsState(Rules{}, 2).serialize(), kStart2);
    EXPECT_EQ(SandkingsState(Rules{}, 4).serialize(),
              "4 abcd a 0/6 SbVb4VcSc/VbBbVb2VcBcVc/1Vb4Vc1/8/8/1Va4Vd1/VaBaVa2VdBdVd/SaVa4VdSd");
}

TEST(SandkingsNotation, StepsAreWrittenWithADashOrAnXForASting) {
    auto s = position(2, "ab", 'a', "d4:Ba e3:Va d5:Va e5:Sa h4:Bb g4:Vb f4:Vb e4:Vb");
    EXPECT_EQ(s->encode(said(*s, "e5xf4")), "e5xf4");
    EXPECT_EQ(s->encode(said(*s, "e5-f4")), "e5xf4");  // a sting whichever sign is said
    EXPECT_EQ(s->encode(said(*s, "D5-C6")), "d5-c6");
    EXPECT_EQ(s->decode("end"), Action::endTurn());
    EXPECT_EQ(s->decode("End Turn"), Action::endTurn());
    EXPECT_EQ(s->decode("pass"), Action::pass());
    EXPECT_EQ(s->encode(Action::endTurn()), "end");
    EXPECT_EQ(s->encode(Action::pass()), "pass");
    for (const char* bad : {"", "d5", "d5-", "d5-i9", "x", "d5--d6", "end now", "e5xf4 e4"})
        EXPECT_FALSE(s->decode(bad)) << bad;
}

TEST(SandkingsNotation, EveryLegalActionReadsBackAsItself) {
    for (int players = 2; players <= 4; ++players) {
        SandkingsState s(Rules{}, players);
        randomGame(s, 7u + static_cast<unsigned>(players), 400, [](const SandkingsState& at) {
            for (const Action& a : at.legalActions()) {
                EXPECT_EQ(at.decode(at.encode(a)), a) << at.encode(a) << " in " << at.serialize();
            }
        });
    }
}

TEST(SandkingsNotation, DescriptionsSayWhatToTakeOff) {
    auto cut = position(2, "ab", 'a', "d4:Ba e3:Va d5:Va e5:Sa h4:Bb g4:Vb f4:Vb e4:Vb");
    EXPECT_EQ(cut->describe(said(*cut, "d5-c5")), "vertebra d5-c5");
    EXPECT_EQ(cut->describe(said(*cut, "e5xf4")),
              "stinger e5xf4 stings Black's vertebra; cut off: Black's vertebra on e4");
    auto body = position(3, "abc", 'a', "d4:Ba e5:Va e4:Sa f5:Bb g5:Vb g6:Vb h7:Sb h1:Bc");
    EXPECT_EQ(body->describe(said(*body, "e4xf5")),
              "stinger e4xf5 stings North-west's body; North-west's creature dies: take off "
              "its stinger on h7, vertebrae on g5 g6");
    auto corner = position(2, "ab", 'a', "a3:Va b3:Va c3:Ba c2:Va d1:Sa b2:Bb a1:Vb");
    EXPECT_EQ(corner->describe(said(*corner, "d1-c1")),
              "stinger d1-c1; suffocated: Black's creature (body on b2, vertebra on a1)");
    EXPECT_EQ(corner->describe(Action::endTurn()), "end");  // not legal: said as it is
    play(*corner, "c2-d2");
    EXPECT_EQ(corner->describe(Action::endTurn()), "ends the turn");
    auto stuck = position(3, "abc", 'a', "a1:Ba a2:Bb b1:Bc b2:Vc");
    EXPECT_EQ(stuck->describe(Action::pass()), "passes: no step is possible");
}

TEST(SandkingsNotation, PositionsReadBackAsTheyWereWritten) {
    for (int players = 2; players <= 4; ++players) {
        for (bool doubled : {false, true}) {
            Rules rules;
            rules.doubleSteps = doubled;
            SandkingsState s(rules, players);
            randomGame(s, 100u + static_cast<unsigned>(players), 300,
                       [&](const SandkingsState& at) {
                           std::string error;
                           auto back = SandkingsState::load(at.serialize(), error, rules);
                           ASSERT_TRUE(back) << at.serialize() << ": " << error;
                           EXPECT_EQ(back->serialize(), at.serialize());
                           EXPECT_EQ(back->legalActions(), at.legalActions());
                           EXPECT_EQ(back->midTurn(), at.midTurn());
                       });
        }
    }
}

TEST(SandkingsNotation, LoadRefusesEveryInconsistentPosition) {
    const struct {
        std::string text;
        std::string says;
    } cases[] = {
        {"2 ab a 0/6", "five fields"},
        {"5 ab a 0/6 8/8/8/8/8/8/8/8", "2, 3 or 4"},
        {"2 ac a 0/6 " + std::string(kStart2).substr(11), "letters from a to b"},
        {"2 ba a 0/6 " + std::string(kStart2).substr(11), "each written once, in order"},
        {"2 ab c 0/6 " + std::string(kStart2).substr(11), "seat to move"},
        {"2 ab a 6 " + std::string(kStart2).substr(11), "MADE/ALLOWED"},
        {"2 ab a 0/5 " + std::string(kStart2).substr(11), "6, not 5"},
        {"2 ab a 6/6 " + std::string(kStart2).substr(11), "fewer than the steps allowed"},
        {"2 ab a 0/6 6VbSb/5VbBbVb/6Vb1/8/8/1Va6/VaBaVa5", "8 ranks"},
        {"2 ab a 0/6 6VbSb/5VbBbVb/6Vb1/8/8/1Va6/VaBaVa5/SaVa5", "has 7 cells"},
        {"2 ab a 0/6 6VbSb/5VbBbVb/6Vb1/8/8/1Va6/VaBaVa5/SaVa7", "more than 8 cells"},
        {"2 ab a 0/6 6VbSb/5VbBbVb/6Vb1/8/8/1Va6/VaBaVa5/SaVa33", "two counts"},
        {"2 ab a 0/6 6VbSb/5VbBbVb/6Vb1/8/8/1Va6/VaBaVa5/SaQa6", "is no piece"},
        {"2 ab a 0/6 6VbSb/5VbBbVb/6Vb1/8/8/1Va6/VaBaVa5/SaVc6", "belongs to no seat"},
        {"2 a a 0/6 6VbSb/5VbBbVb/6Vb1/8/8/1Va6/VaBaVa5/SaVa6", "who is out"},
        {"2 ab a 0/6 6VbSb/5VbBbVb/6Vb1/8/8/1Va6/VaVaVa5/SaVa6", "one body on the board, not 0"},
        {"2 ab a 0/7 6VbSb/5VbBbVb/6Vb1/8/8/1Va6/VaBaBa5/SaVa6", "one body on the board, not 2"},
        {"2 ab a 0/7 6VbSb/5VbBbVb/6Vb1/8/8/1VaSa5/VaBaVa5/SaVa6", "more than one stinger"},
        {"2 ab a 0/7 6VbSb/5VbBbVb/6Vb1/8/8/1VaVa5/VaBaVa5/SaVa6", "more than 4 vertebrae"},
        {"2 ab a 0/6 6VbSb/5VbBbVb/6Vb1/8/Va7/8/VaBaVa5/SaVa6", "vertebra on a4 is not joined"},
        {"2 ab a 0/3 8/8/8/8/8/8/VaVa6/BbBa6", "would have been suffocated"},
        {"2 b a 0/6 6VbSb/5VbBbVb/6Vb1/8/8/8/8/8", "is out"},
        {"2 a a 1/2 8/8/8/8/8/8/8/Ba7", "steps made must be 0"},
        {"2 - a 0/1 8/8/8/8/8/8/8/8", "0/0"},
        {"2  ab a 0/6 8/8/8/8/8/8/8/8", "five fields"},
    };
    for (const auto& c : cases) {
        std::string error;
        EXPECT_EQ(SandkingsState::load(c.text, error, Rules{}), nullptr) << c.text;
        EXPECT_NE(error.find(c.says), std::string::npos) << c.text << ": " << error;
    }
    std::string error;
    EXPECT_TRUE(SandkingsState::load("2 - a 0/0 8/8/8/8/8/8/8/8", error, Rules{})) << error;
    auto won = SandkingsState::load("2 a a 0/1 8/8/8/8/8/8/8/Ba7", error, Rules{});
    ASSERT_TRUE(won) << error;
    EXPECT_EQ(won->outcome().winners, std::vector<PlayerId>{0});
}

TEST(SandkingsNotation, ThousandsOfMutatedPositionsNeverCrashTheReader) {
    const std::string alphabet = "0123456789abcdefghSBVQ/ -x";
    std::mt19937 random(2024);
    const std::vector<std::string> seeds = {kStart2, SandkingsState(Rules{}, 3).serialize(),
                                            SandkingsState(Rules{}, 4).serialize(),
                                            "2 ab a 1/3 8/8/8/3Va4/3Sa4/3Ba4/8/7Bb"};
    int loaded = 0;
    for (int i = 0; i < 20000; ++i) {
        std::string text = seeds[static_cast<size_t>(i) % seeds.size()];
        const int edits = 1 + static_cast<int>(random() % 3);
        for (int e = 0; e < edits; ++e) {
            const size_t at = random() % text.size();
            switch (random() % 3) {
                case 0:
                    text[at] = alphabet[random() % alphabet.size()];
                    break;
                case 1:
                    text.erase(at, 1);
                    break;
                default:
                    text.insert(at, 1, alphabet[random() % alphabet.size()]);
            }
            if (text.empty()) text = "x";
        }
        std::string error;
        auto s = SandkingsState::load(text, error, Rules{});
        if (!s) {
            EXPECT_FALSE(error.empty()) << text;
            continue;
        }
        ++loaded;
        // What loads is a state like any other: it writes itself back.
        auto again = SandkingsState::load(s->serialize(), error, Rules{});
        ASSERT_TRUE(again) << text << " -> " << s->serialize() << ": " << error;
        EXPECT_EQ(again->serialize(), s->serialize());
        for (const Action& a : s->legalActions()) EXPECT_TRUE(s->isLegal(a));
    }
    EXPECT_GT(loaded, 0);
}

TEST(SandkingsNotation, TheQuickEffectAgreesWithTheGenericOne) {
    int stings = 0, consequences = 0;
    for (int players = 2; players <= 4; ++players) {
        for (int options = 0; options < 4; ++options) {
            Rules rules;
            rules.orthogonalBlock = options & 1;
            rules.stingerNearBody = options & 1;
            rules.diagonalSuffocation = options & 2;
            rules.doubleSteps = options & 2;
            SandkingsState s(rules, players);
            randomGame(s, 31u * static_cast<unsigned>(players) + static_cast<unsigned>(options),
                       600, [&](const SandkingsState& at) {
                           for (const Action& a : at.legalActions()) {
                               const Effect quick = at.effect(a);
                               if (a.kind == Action::Kind::Move && quick.empty()) {
                                   // Only a mover's body walking into a closed corner is said.
                                   auto after = at.clone();
                                   after->apply(a);
                                   EXPECT_FALSE(inGame(*after, at.toMove()));
                                   continue;
                               }
                               const Effect generic = at.GameState::effect(a);
                               EXPECT_EQ(quick.changes, generic.changes)
                                   << at.encode(a) << " in " << at.serialize();
                               for (const CellChange& ch : quick.changes) {
                                   stings += ch.cell == a.to && ch.before.has_value();
                                   consequences += ch.consequence;
                               }
                           }
                       });
        }
    }
    // The random games met the cases that matter.
    EXPECT_GT(stings, 0);
    EXPECT_GT(consequences, 0);
}

TEST(SandkingsNotation, TheReportSaysEachCreatureAndTheStepsLeft) {
    auto s = loaded(positionText(3, "ac", 'c', 1, 2, "d4:Ba d5:Va g7:Bc h8:Sc"));
    EXPECT_EQ(s->report(), (std::vector<std::string>{
                               "South-west (white): 2 parts (body on d4, vertebra on d5), 2 "
                               "steps a turn",
                               "North-west (black): out",
                               "North-east (white): 2 parts (body on g7, stinger on h8), 2 steps "
                               "a turn",
                               "North-east is to move: 1 of 2 steps made, 1 step left this turn"}));
}

TEST(SandkingsNotation, TheRecordNumbersTurnsNotSteps) {
    std::string error;
    auto game = makeGame("sandkings", GameOptions(), error);
    ASSERT_TRUE(game) << error;
    GameRecord record;
    record.startText = kStart2;
    auto s = game->start();
    for (const char* step : {"a2-a3", "end", "g6-f6", "f6-g6", "end"})
        record.actions.push_back(*s->decode(step));
    record.turnOf = {0, 0, 1, 1, 1};
    const std::string text = game->exportRecord(record);
    EXPECT_NE(text.find("1. White: vertebra a2-a3\n1. White: ends the turn\n1... Black: vertebra "
                        "g6-f6\n1... Black: vertebra f6-g6\n1... Black: ends the turn\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("Parts left: White 6, Black 6"), std::string::npos) << text;
    EXPECT_EQ(game->recordExtension(), "txt");
}

TEST(SandkingsNotation, TheTableNamesItsStandInsAndStepsWithoutSettling) {
    std::string error;
    auto game = makeGame("sandkings", GameOptions(), error);
    ASSERT_TRUE(game) << error;
    EXPECT_EQ(lookName(*game, {SetColour::White, Figure::Bishop}), "white bishop (a stinger)");
    EXPECT_EQ(lookName(*game, {SetColour::Black, Figure::Rook}), "black rook (a body)");
    EXPECT_EQ(lookName(*game, {SetColour::Black, Figure::Queen}), "black queen");
    EXPECT_FALSE(settleNeeded(*game));
    GameOptions knights;
    knights.standIns["vertebra"] = SetPiece{SetColour::White, Figure::Knight};
    knights.values["double-steps"] = "on";
    knights.players = 4;
    auto other = makeGame("sandkings", knights, error);
    ASSERT_TRUE(other) << error;
    auto s = other->start();
    EXPECT_EQ(s->appearance(*s->geometry().parse("a2")),
              (SetPiece{SetColour::White, Figure::Knight}));
    EXPECT_EQ(s->playerCount(), 4);
    EXPECT_EQ(static_cast<SandkingsState&>(*s).stepsAllowed(), 12);
    GameOptions clash;
    clash.standIns["body"] = SetPiece{SetColour::White, Figure::Bishop};
    EXPECT_FALSE(makeGame("sandkings", clash, error));
    EXPECT_NE(error.find("share a figure"), std::string::npos) << error;
    GameOptions five;
    five.players = 5;
    EXPECT_FALSE(makeGame("sandkings", five, error));
}

}  // namespace
}  // namespace arbiter::sandkings
