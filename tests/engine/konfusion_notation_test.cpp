// Konfusion in text, and against careless and hostile input: positions
// written by serialize() load back as themselves for every number of seats and
// every state of the die, every malformed position is refused with a message
// that says what is wrong, nothing said or loaded crashes the engine, actions
// read back from their notation, and the players are told plainly what happened.
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "engine/konfusion/konfusion.h"
#include "tests/engine/konfusion_test_support.h"

namespace arbiter::konfusion {
namespace {

using namespace support;

constexpr const char* kStart2 =
    "1N2N3N4N6N5N4N3N21/2N1N1N2N2N1N12/3N1N1N1N13/10/10/10/10/3S1S1S1S13/2S1S1S2S2S1S12/"
    "1S2S3S4S5S6S4S3S21 S 0,0";

::testing::AssertionResult Says(const std::string& text, const std::string& part) {
    if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "\"" << text << "\" does not say \"" << part << "\"";
}

std::string reread(const std::string& text, const Rules& rules) {
    std::string error;
    auto s = KonfusionState::load(text, error, rules);
    return s ? s->serialize() : "error: " + error;
}

std::string loadError(const std::string& text, const Rules& rules = seats(2)) {
    std::string error;
    auto s = KonfusionState::load(text, error, rules);
    EXPECT_FALSE(s) << text << " was accepted as " << (s ? s->serialize() : "");
    EXPECT_FALSE(error.empty()) << text;
    return error;
}

// --- Positions ---------------------------------------------------------------

TEST(KonfusionNotation, TheStartPositionsReadBackAsThemselves) {
    EXPECT_EQ(KonfusionState(seats(2)).serialize(), kStart2);
    EXPECT_EQ(reread(kStart2, seats(2)), kStart2);
    for (int players : {3, 4}) {
        const std::string text = KonfusionState(seats(players)).serialize();
        EXPECT_EQ(reread(text, seats(players)), text);
        EXPECT_EQ(reread(text, seats(2)), text) << "the text, not the table, says the seats";
    }
    EXPECT_TRUE(KonfusionState(seats(3)).serialize().ends_with(" S 0,0,0"));
    EXPECT_TRUE(KonfusionState(seats(4)).serialize().ends_with(" S 0,0,0,0"));
}

TEST(KonfusionNotation, EveryStateOfTheDieReadsBack) {
    EXPECT_EQ(KonfusionState(seats(2, true)).serialize(), std::string(kStart2) + " ?");
    const std::string pieces = "c3:S1 e5:S1 f6:S1 h10:N1";
    for (const char* die : {"?", "3", "3:e5,f6", "6:f6", "2:e5"}) {
        const std::string text = positionText(pieces, 'S', "0,0", die);
        EXPECT_EQ(reread(text, seats(2, true)), text);
    }
    auto s = loaded(positionText(pieces, 'S', "0,0", "3:e5,f6"), seats(2, true));
    EXPECT_EQ(s->roll(), 3);
    EXPECT_TRUE(s->midTurn());
    EXPECT_EQ(s->movedThisTurn(), (std::vector<Cell>{at("e5"), at("f6")}));
    EXPECT_FALSE(loaded(positionText(pieces, 'S', "0,0", "3"), seats(2, true))->midTurn());
}

TEST(KonfusionNotation, TheSeatToMoveAndTheCapturesReadBack) {
    const std::string text = positionText("c3:S3 c5:W4 h8:N1 j4:E6", 'E', "12,0,7,324");
    EXPECT_EQ(reread(text, seats(4)), text);
    auto s = loaded(text, seats(4));
    EXPECT_EQ(s->toMove(), 3);
    EXPECT_EQ(s->captured(3), 324);
    EXPECT_EQ(s->playerCount(), 4);
}

TEST(KonfusionNotation, RandomGamesKeepTheirNotationToTheEnd) {
    std::mt19937 rng(20261201);
    for (const Rules& rules : {seats(2), seats(3), seats(4), seats(2, true), seats(4, true)}) {
        for (int game = 0; game < 2; ++game) {
            KonfusionState s(rules);
            for (int step = 0; step < 120 && !s.outcome().over(); ++step) {
                const auto actions = s.legalActions();
                ASSERT_FALSE(actions.empty());
                const Action a = actions[rng() % actions.size()];
                auto decoded = s.decode(s.encode(a));
                ASSERT_TRUE(decoded) << s.encode(a);
                EXPECT_EQ(*decoded, a) << s.encode(a);
                s.apply(a);
                auto back = loaded(s.serialize(), rules);
                EXPECT_EQ(back->serialize(), s.serialize());
                EXPECT_EQ(back->outcome(), s.outcome());
                EXPECT_EQ(back->legalActions(), s.legalActions()) << s.serialize();
                EXPECT_EQ(back->chance(), s.chance());
            }
        }
    }
}

TEST(KonfusionNotation, AFinishedGameLoadsFinished) {
    EXPECT_EQ(loaded(positionText("c3:S3", 'N'), seats(2))->outcome(),
              Outcome::win({0}, "North has no pieces left"));
    auto keyposts = loaded(positionText("a10:S1 e10:S1 f10:S1 j10:S1 c3:N1", 'N'), seats(2));
    EXPECT_EQ(keyposts->outcome().winners, std::vector<PlayerId>{0});
    EXPECT_TRUE(keyposts->legalActions().empty());
    std::string full;
    for (Cell c = 0; c < kCells; ++c) full += nameOf(c) + (c < 50 ? ":S6 " : ":N6 ");
    EXPECT_EQ(loaded(positionText(full), seats(2))->outcome(), Outcome::draw("no player can move"));
}

// Both hold the other's keyposts, which play cannot make: the last mover,
// the seat before the one to move, is the one who took them.
TEST(KonfusionNotation, TwoHoldingKeypostsAtOnceGoToTheLastMover) {
    const std::string both = "a10:S1 e10:S1 f10:S1 j10:S1 a1:N1 e1:N1 f1:N1 j1:N1";
    EXPECT_EQ(loaded(positionText(both, 'N'), seats(2))->outcome().winners,
              std::vector<PlayerId>{0});
    EXPECT_EQ(loaded(positionText(both, 'S'), seats(2))->outcome().winners,
              std::vector<PlayerId>{1});
}

// --- Malformed positions ---------------------------------------------------

TEST(KonfusionNotation, APositionHasThreeFieldsOrFourWithTheDie) {
    EXPECT_TRUE(Says(loadError("10/10/10/10/10/10/10/10/10/10 S"), "this has 2 fields"));
    EXPECT_TRUE(Says(loadError(""), "this has 0 fields"));
    EXPECT_TRUE(Says(loadError(std::string(kStart2) + " ?"), "only for the die option"));
    EXPECT_TRUE(Says(loadError(kStart2, seats(2, true)), "this table plays the die option"));
}

TEST(KonfusionNotation, TheCapturedPipsSayHowManySeats) {
    const std::string cells = "10/10/10/10/10/10/10/10/10/3S16";
    EXPECT_TRUE(Says(loadError(cells + " S 0"), "one number per seat (2 to 4 seats)"));
    EXPECT_TRUE(Says(loadError(cells + " S 0,0,0,0,0"), "one number per seat"));
    EXPECT_TRUE(Says(loadError(cells + " S 0,x"), "a whole number from 0 to 324, not \"x\""));
    EXPECT_TRUE(Says(loadError(cells + " S 0,-1"), "not \"-1\""));
    EXPECT_TRUE(Says(loadError(cells + " S 0,325"), "not \"325\""));
    EXPECT_TRUE(Says(loadError(cells + " S 0,"), "not \"\""));
    EXPECT_TRUE(Says(loadError(cells + " S 99999999999999999999,0"), "whole number"));
}

TEST(KonfusionNotation, TheCellsAreTenRanksOfTenCells) {
    EXPECT_TRUE(
        Says(loadError("10/10/10/10/10/10/10/10/3S16 S 0,0"), "10 ranks separated by '/', not 9"));
    EXPECT_TRUE(Says(loadError("10/10/10/10/10/10/10/10/10/3S15 S 0,0"),
                     "rank 1: a rank is 10 cells, not 9"));
    EXPECT_TRUE(Says(loadError("10/10/10/10/10/10/10/10/10/3S17 S 0,0"),
                     "rank 1: a rank is 10 cells, this has more"));
    EXPECT_TRUE(Says(loadError("N1N19/10/10/10/10/10/10/10/10/3S16 S 0,0"),
                     "rank 10: a rank is 10 cells, this has more"));
    EXPECT_TRUE(Says(loadError("10/10/10/10/10/10/10/10//3S16 S 0,0"),
                     "rank 2: a rank is 10 cells, not 0"));
    EXPECT_TRUE(
        Says(loadError("10/10/10/10/10/10/10/10/10/3S1S1S1S1S1S1S1S1 S 0,0"), "this has more"));
}

TEST(KonfusionNotation, APieceIsASeatLetterAndOneToSixPips) {
    const std::string rest = "/10/10/10/10/10/10/10/10/N19 S 0,0";
    EXPECT_TRUE(Says(loadError("3X16" + rest),
                     "rank 10: 'X' is not a seat letter (S, W, N, E, in capitals)"));
    EXPECT_TRUE(Says(loadError("3s16" + rest), "'s' is not a seat letter"));
    EXPECT_TRUE(
        Says(loadError("3S06" + rest), "its seat letter and its pips, 1 to 6 (such as S4)"));
    EXPECT_TRUE(Says(loadError("3S76" + rest), "1 to 6"));
    EXPECT_TRUE(Says(loadError("9S" + rest), "1 to 6"));
    EXPECT_TRUE(Says(loadError("3SS6" + rest), "1 to 6"));
    EXPECT_TRUE(Says(loadError("3W16" + rest),
                     "rank 10: there is no W seat: the captured pips say 2 seats (S, N)"));
    EXPECT_TRUE(
        Says(loadError("3E16" + rest.substr(0, rest.size() - 4) + " 0,0,0"), "there is no E seat"));
}

TEST(KonfusionNotation, EmptyCellsAreOneCountFromOneToTen) {
    const std::string rest = "/10/10/10/10/10/10/10/10/N19 S 0,0";
    EXPECT_TRUE(Says(loadError("0S19" + rest),
                     "\"0\" is not a count of empty cells (1 to 10, one number for a run)"));
    EXPECT_TRUE(Says(loadError("11" + rest), "\"11\" is not a count"));
    EXPECT_TRUE(Says(loadError("55" + rest), "\"55\" is not a count"));
    EXPECT_TRUE(Says(loadError("3S1+5" + rest), "'+' is not a seat letter"));
}

TEST(KonfusionNotation, TheSeatToMoveIsSeated) {
    const std::string cells = "10/10/10/10/10/10/10/10/N19/3S16";
    EXPECT_TRUE(Says(loadError(cells + " W 0,0"),
                     "the seat to move is one of S, N (of 2 seats (S, N)), not \"W\""));
    EXPECT_TRUE(Says(loadError(cells + " s 0,0"), "not \"s\""));
    EXPECT_TRUE(Says(loadError(cells + " SN 0,0"), "not \"SN\""));
    EXPECT_TRUE(Says(loadError(cells + " E 0,0,0"), "one of S, W, N"));
}

TEST(KonfusionNotation, TheDieIsARollAndThePiecesMoved) {
    const std::string pieces = "c3:S1 e5:S1 f6:S1 h10:N1";
    auto error = [&](const std::string& die) {
        return loadError(positionText(pieces, 'S', "0,0", die), seats(2, true));
    };
    for (const char* bad : {"0", "7", "x", "3:", "3:e5:f6", ":e5", "-1", "3,e5", "??"})
        EXPECT_TRUE(Says(error(bad), "the die is ? (to roll), the roll 1 to 6")) << bad;
    EXPECT_TRUE(Says(error("2:e5,f6"), "South rolled 2 and 2 pieces are said to have moved"));
    EXPECT_TRUE(Says(error("3:d4"), "each holding a piece of South's; not \"d4\""));
    EXPECT_TRUE(Says(error("3:h10"), "not \"h10\""));
    EXPECT_TRUE(Says(error("3:z9"), "not \"z9\""));
    EXPECT_TRUE(Says(error("3:e5,"), "not \"\""));
    EXPECT_TRUE(Says(error("3:e5,e5"), "a piece moves once a turn: e5 is named twice"));
    // A roll needs a move; a turn with nothing left to move is over.
    EXPECT_TRUE(
        Says(loadError(positionText("a1:S6 a2:N1 b1:N1 b2:N1", 'S', "0,0", "4"), seats(2, true)),
             "South has no move, so no die is rolled: write ? for the die"));
    EXPECT_TRUE(Says(loadError(positionText("a1:S6 a2:N1 b1:N1 b2:N1 e4:S1", 'S', "0,0", "4:e4"),
                               seats(2, true)),
                     "the turn is over"));
}

// --- Hostile input -----------------------------------------------------------

// A valid text with a few random edits: characters replaced, dropped,
// doubled, or parts swapped.
std::string mangled(std::string text, std::mt19937& rng) {
    static const std::string alphabet = "SWNEswne0123456789/ ,:?x+-ak";
    const int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits && !text.empty(); ++e) {
        const size_t i = rng() % text.size();
        switch (rng() % 4) {
            case 0:
                text[i] = alphabet[rng() % alphabet.size()];
                break;
            case 1:
                text.erase(i, 1);
                break;
            case 2:
                text.insert(i, 1, alphabet[rng() % alphabet.size()]);
                break;
            default:
                text.insert(i, text.substr(rng() % text.size(), rng() % 6));
                break;
        }
    }
    return text;
}

TEST(KonfusionHostileInput, MangledAndRandomTextNeverCrashesLoadOrDecode) {
    std::mt19937 rng(424242);
    const std::vector<std::pair<std::string, Rules>> valid = {
        {kStart2, seats(2)},
        {KonfusionState(seats(3)).serialize(), seats(3)},
        {KonfusionState(seats(4)).serialize(), seats(4)},
        {std::string(kStart2) + " ?", seats(2, true)},
        {positionText("c3:S1 e5:S1 f6:S1 h10:N1", 'S', "0,0", "3:e5,f6"), seats(2, true)},
        {positionText("a1:S6 a2:N1 b1:N1 b2:N1 j5:E2", 'E', "1,2,3,4", "5"), seats(4, true)},
    };
    int accepted = 0;
    for (int round = 0; round < 4000; ++round) {
        const auto& [text, rules] = valid[static_cast<size_t>(round) % valid.size()];
        std::string input = mangled(text, rng);
        if (round % 10 == 0) {  // now and then, plain noise
            input.clear();
            for (size_t n = rng() % 40; n > 0; --n) input += static_cast<char>(rng() % 256);
        }
        std::string error;
        auto s = KonfusionState::load(input, error, rules);
        if (!s) {
            EXPECT_FALSE(error.empty()) << input;
            continue;
        }
        ++accepted;
        // Whatever loads is a position: it reads back as itself and plays.
        const std::string again = s->serialize();
        EXPECT_EQ(reread(again, rules), again) << input;
        const auto actions = s->legalActions();
        for (size_t i = 0; i < actions.size() && i < 3; ++i) {
            EXPECT_TRUE(s->isLegal(actions[i]));
            EXPECT_FALSE(s->describe(actions[i]).empty());
            auto next = s->clone();
            next->apply(actions[i]);
        }
        (void)s->report();
        (void)s->decode(input.substr(0, rng() % (input.size() + 1)));
    }
    EXPECT_GT(accepted, 100);  // the edits also make valid positions, which are played
    KonfusionState s(seats(2, true));
    for (int round = 0; round < 2000; ++round) {
        std::string said = mangled(round % 2 ? "e5xf6" : "roll:4", rng);
        auto a = s.decode(said);
        if (a) {
            (void)s.refusal(*a);
            (void)s.describe(*a);
            (void)s.encode(*a);
        }
    }
}

TEST(KonfusionHostileInput, ActionsWithNonsenseFieldsAreRefused) {
    KonfusionState s(seats(2));
    const Cell from = at("d3"), to = at("d4");
    ASSERT_TRUE(s.isLegal(Action::move(from, to)));
    std::vector<Action> odd = {Action::move(from, to, 3), Action::moveVia(from, {to}, to),
                               Action::move(-5, to),      Action::move(from, 100),
                               Action::move(from, from),  Action::chance({2}),
                               Action::endTurn(),         Action::pass(),
                               Action::place(1, to),      Action::remove(from),
                               Action::choice(1),         Action::join(),
                               Action::leave(0)};
    Action withArg = Action::move(from, to);
    withArg.arg = 1;
    odd.push_back(withArg);
    Action withPayload = Action::move(from, to);
    withPayload.payload = {1};
    odd.push_back(withPayload);
    for (const Action& a : odd) {
        EXPECT_FALSE(s.isLegal(a)) << s.encode(a);
        EXPECT_FALSE(s.refusal(a).empty()) << s.encode(a);
        EXPECT_FALSE(s.describe(a).empty());
    }
    KonfusionState die(seats(2, true));
    for (const Action& a :
         {Action::chance({6}), Action::chance({-1}), Action::chance({1, 2}), Action::chance({})})
        EXPECT_FALSE(die.isLegal(a));
    EXPECT_TRUE(die.isLegal(Action::chance({5})));
}

TEST(KonfusionHostileInput, RefusalsSayWhy) {
    KonfusionState s(seats(2));
    EXPECT_TRUE(Says(s.refusal(Action::move(at("e5"), at("e6"))), "there is no piece on e5"));
    EXPECT_TRUE(Says(s.refusal(Action::move(at("d8"), at("d7"))),
                     "the piece on d8 is North's: South is to move"));
    EXPECT_TRUE(Says(s.refusal(Action::move(at("c1"), at("c2"))), "your own piece on c2"));
    EXPECT_TRUE(Says(
        s.refusal(Action::move(at("c1"), at("c3"))),
        "a 3 moves three squares straight, ricocheting off the walls: the 3 on c1 may go to c4"));
    EXPECT_TRUE(Says(s.refusal(Action::move(at("f1"), at("e5"))), "the 6 on f1 has no move"));
    EXPECT_TRUE(Says(s.refusal(Action::pass()), "only when you have no move"));
    EXPECT_TRUE(Says(s.refusal(Action::endTurn()), "a turn of Konfusion is one move"));
    EXPECT_TRUE(Says(s.refusal(Action::chance({1})), "no die is to be rolled now"));
    KonfusionState die(seats(2, true));
    EXPECT_TRUE(
        Says(die.refusal(Action::move(at("d3"), at("d4"))), "the die is to be rolled first"));
    die.apply(Action::chance({3}));
    EXPECT_TRUE(Says(die.refusal(Action::endTurn()), "move at least one piece"));
    die.apply(Action::move(at("d3"), at("d4")));
    EXPECT_TRUE(Says(die.refusal(Action::move(at("d4"), at("d5"))), "has moved this turn"));
    EXPECT_TRUE(Says(die.refusal(Action::pass()), "say end"));
    auto over = loaded(positionText("c3:S3", 'N'), seats(2));
    EXPECT_EQ(over->refusal(Action::pass()), "the game is over");
}

// --- Actions in words ----------------------------------------------------------

TEST(KonfusionNotation, ActionsEncodeAndDecode) {
    auto s = loaded(positionText("c3:S3 c6:N2 e5:S1 h10:N1"), seats(2));
    EXPECT_EQ(s->encode(Action::move(at("c3"), at("c6"))), "c3xc6");
    EXPECT_EQ(s->encode(Action::move(at("e5"), at("e6"))), "e5-e6");
    EXPECT_EQ(s->encode(Action::pass()), "pass");
    EXPECT_EQ(s->encode(Action::endTurn()), "end");
    EXPECT_EQ(s->encode(Action::chance({3})), "roll:4");
    EXPECT_EQ(s->encode(Action::move(at("j10"), at("a1"))), "j10-a1");
    EXPECT_EQ(s->decode("c3xc6"), Action::move(at("c3"), at("c6")));
    EXPECT_EQ(s->decode("c3-c6"), Action::move(at("c3"), at("c6")));  // legality decides
    EXPECT_EQ(s->decode("E5xE6"), Action::move(at("e5"), at("e6")));
    EXPECT_EQ(s->decode("e5e6"), Action::move(at("e5"), at("e6")));
    EXPECT_EQ(s->decode("j10-j9"), Action::move(at("j10"), at("j9")));
    EXPECT_EQ(s->decode("PASS"), Action::pass());
    EXPECT_EQ(s->decode("end"), Action::endTurn());
    EXPECT_EQ(s->decode("roll:4"), Action::chance({3}));
    for (const char* bad : {"", "e5", "e5-", "k1-a1", "e5-e11", "e0-e1", "e5--e6", "e5-e6-e7",
                            "roll:0", "roll:7", "roll:", "roll:-1", "x5-e6", "e5-e6x"})
        EXPECT_FALSE(s->decode(bad)) << bad;
}

TEST(KonfusionNotation, DescriptionsSayWhatHappened) {
    auto s = loaded(positionText("h4:S4 c3:S3 c6:N2 e9:S1 e4:S3 e1:N2 g8:S6 h10:N1"), seats(2));
    auto said = [&](const char* from, const char* to) {
        return s->describe(Action::move(at(from), at(to)));
    };
    EXPECT_EQ(said("c3", "c6"), "3 c3xc6");
    EXPECT_EQ(said("e9", "e10"),
              "1 e9-e10, reaches the far side: a 6 now; exchange the pawn for a king");
    EXPECT_EQ(said("e4", "e1"), "3 e4xe1, on a keypost: a 4 now; exchange the bishop for a rook");
    EXPECT_EQ(said("g8", "f10"), "6 g8-f10");  // a 6 stays a 6
    auto keypost = loaded(positionText("h4:S4 h10:N1"), seats(2));
    EXPECT_EQ(keypost->describe(Action::move(at("h4"), at("e1"))),
              "4 h4-e1, on a keypost: a 5 now; exchange the rook for a queen");
    KonfusionState die(seats(2, true));
    EXPECT_EQ(die.describe(Action::chance({3})), "the die shows 4: move up to 4 different pieces");
    EXPECT_EQ(die.describe(Action::chance({0})), "the die shows 1: move 1 piece");
    die.apply(Action::chance({3}));
    die.apply(Action::move(at("d3"), at("d4")));
    EXPECT_EQ(die.describe(Action::endTurn()), "ends the turn");
    EXPECT_EQ(loaded(positionText("a1:S6 a2:N1 b1:N1 b2:N1"), seats(2))->describe(Action::pass()),
              "passes: no move");
    // The table's own figures.
    Rules other = seats(2);
    other.looks = {Figure::King,   Figure::Queen,  Figure::Rook,
                   Figure::Bishop, Figure::Knight, Figure::Pawn};
    auto custom = loaded(positionText("h4:S4 h10:N1"), other);
    EXPECT_EQ(custom->describe(Action::move(at("h4"), at("e1"))),
              "4 h4-e1, on a keypost: a 5 now; exchange the bishop for a knight");
}

TEST(KonfusionNotation, TheReportPicturesTheBoardAndCountsThePips) {
    auto s = loaded(positionText("c3:S3 h8:N1 b8:W5", 'S', "4,0,2"), seats(3));
    const auto lines = s->report();
    ASSERT_EQ(lines.size(), 14u);
    EXPECT_EQ(lines[0], "10  +  .  .  .  +  +  .  .  .  +");
    EXPECT_EQ(lines[2], " 8  . W5  .  .  .  .  . N1  .  .");
    EXPECT_EQ(lines[4], " 6  +  .  .  .  .  .  .  .  .  .");
    EXPECT_EQ(lines[7], " 3  .  . S3  .  .  .  .  .  .  .");
    EXPECT_EQ(lines[9], " 1  +  .  .  .  +  +  .  .  .  +");
    EXPECT_EQ(lines[10], "    a  b  c  d  e  f  g  h  i  j");
    EXPECT_EQ(lines[11], "S South (white), W West (black), N North (white); + an empty keypost");
    EXPECT_EQ(lines[12], "Pips captured: South 4, West 0, North 2");
    EXPECT_EQ(lines[13], "Pips on the board: South 3, West 5, North 1");
    auto die = loaded(positionText("c3:S1 e5:S1 f6:S1 h10:N1", 'S', "0,0", "4:e5"), seats(2, true));
    EXPECT_EQ(die->report().back(), "South rolled 4: moved 1 of 4 (e5)");
    EXPECT_EQ(KonfusionState(seats(2, true)).report().back(), "South is to roll the die");
    auto stuck = loaded(positionText("a1:S6 a2:N1 b1:N1 b2:N1", 'S', "0,0", "?"), seats(2, true));
    EXPECT_EQ(stuck->report().back(), "South has no move and passes without rolling");
}

// --- What the boards show ------------------------------------------------------

TEST(KonfusionNotation, TheColourIsTheSeatsAndTheFigureThePips) {
    KonfusionState four(seats(4));
    EXPECT_EQ(four.appearance(at("f1")), (SetPiece{SetColour::White, Figure::King}));   // South's 6
    EXPECT_EQ(four.appearance(at("a6")), (SetPiece{SetColour::Black, Figure::Queen}));  // West's 5
    EXPECT_EQ(four.appearance(at("e10")), (SetPiece{SetColour::White, Figure::King}));  // North's 6
    EXPECT_EQ(four.appearance(at("j2")), (SetPiece{SetColour::Black, Figure::Knight}));  // East's 2
    EXPECT_EQ(four.appearance(at("e5")), std::nullopt);
    KonfusionState two(seats(2));
    EXPECT_EQ(two.appearance(at("e10")), (SetPiece{SetColour::Black, Figure::King}));
    EXPECT_EQ(two.pieceAt(at("e10")), (Piece{6, 1}));
    EXPECT_EQ(two.resources(0).score, 41);
}

TEST(KonfusionNotation, AMoveChangesItsTwoCellsOnly) {
    auto s = loaded(positionText("h4:S4 c3:S3 c6:N2 e9:S1 h10:N1"), seats(2));
    const Effect plain = s->effect(Action::move(at("h4"), at("e1")));
    ASSERT_EQ(plain.changes.size(), 2u);
    EXPECT_EQ(plain.changes[0],
              (CellChange{at("e1"), std::nullopt, SetPiece{SetColour::White, Figure::Queen}, true,
                          false}));
    EXPECT_EQ(plain.changes[1], (CellChange{at("h4"), SetPiece{SetColour::White, Figure::Rook},
                                            std::nullopt, true, false}));
    const Effect capture = s->effect(Action::move(at("c3"), at("c6")));
    ASSERT_EQ(capture.changes.size(), 2u);
    EXPECT_EQ(capture.changes[1].before, (SetPiece{SetColour::Black, Figure::Knight}));
    EXPECT_EQ(capture.changes[1].after, (SetPiece{SetColour::White, Figure::Bishop}));
    EXPECT_TRUE(s->effect(Action::pass()).empty());
    // The quick effect agrees with applying the move and comparing every cell.
    for (const Action& a : s->legalActions()) {
        auto after = s->clone();
        after->apply(a);
        std::vector<Cell> changed;
        for (Cell c = 0; c < kCells; ++c) {
            if (s->appearance(c) != after->appearance(c) || s->pieceAt(c) != after->pieceAt(c))
                changed.push_back(c);
        }
        const Effect e = s->effect(a);
        ASSERT_EQ(e.changes.size(), changed.size()) << s->encode(a);
        for (size_t i = 0; i < changed.size(); ++i) {
            EXPECT_EQ(e.changes[i].cell, changed[i]);
            EXPECT_EQ(e.changes[i].after, after->appearance(changed[i]));
        }
    }
    KonfusionState die(seats(2, true));
    EXPECT_TRUE(die.effect(Action::chance({2})).empty());
}

// --- The game for a table --------------------------------------------------

TEST(KonfusionGame, TheCatalogSaysPlayersSurfaceOptionAndStandIns) {
    const GameInfo* info = gameInfo("konfusion");
    ASSERT_NE(info, nullptr);
    EXPECT_EQ(info->title, "Konfusion: dice on a 10x10 board, for 2 to 4 players");
    EXPECT_EQ(info->minPlayers, 2);
    EXPECT_EQ(info->maxPlayers, 4);
    EXPECT_TRUE(info->sizeFixed());
    EXPECT_EQ(info->defaultFiles, 10);
    ASSERT_NE(info->option("die"), nullptr);
    EXPECT_EQ(info->option("die")->defaultValue, "off");
    ASSERT_NE(info->standIn("5"), nullptr);
    EXPECT_EQ(info->standIn("5")->description, "a die showing 5");
    EXPECT_EQ(info->standIn("5")->standIn.look, (SetPiece{SetColour::White, Figure::Queen}));
}

TEST(KonfusionGame, OptionsReachTheRules) {
    GameOptions options;
    options.players = 3;
    options.values["die"] = "on";
    std::string error;
    auto game = makeGame("konfusion", options, error);
    ASSERT_TRUE(game) << error;
    auto start = game->start();
    EXPECT_EQ(start->playerCount(), 3);
    EXPECT_EQ(start->chance(), (ChanceDraw{1, 6}));
    EXPECT_TRUE(start->serialize().ends_with(" S 0,0,0 ?"));
    EXPECT_TRUE(game->load(start->serialize(), error)) << error;
    EXPECT_FALSE(game->load(kStart2, error));
    EXPECT_TRUE(Says(error, "this table plays the die option"));
    for (int players : {1, 5}) {
        options.players = players;
        EXPECT_FALSE(makeGame("konfusion", options, error));
        EXPECT_TRUE(Says(error, "2 to 4 players")) << error;
    }
    options.players = 2;
    options.files = options.ranks = 8;
    EXPECT_FALSE(makeGame("konfusion", options, error));
}

TEST(KonfusionGame, TwoPipCountsMayNotShareAFigure) {
    GameOptions options;
    options.standIns["3"] = StandIn{SetPiece{SetColour::Black, Figure::Pawn}};
    std::string error;
    EXPECT_FALSE(makeGame("konfusion", options, error));
    EXPECT_EQ(error,
              "the stand-ins for 1 (white pawn) and 3 (black pawn) share a figure: each "
              "figure may stand for one pip count only");
    options.standIns["1"] = StandIn{SetPiece{SetColour::White, Figure::Bishop}};
    auto game = makeGame("konfusion", options, error);
    ASSERT_TRUE(game) << error;
    EXPECT_EQ(game->start()->appearance(at("c2")), (SetPiece{SetColour::White, Figure::Bishop}));
    EXPECT_EQ(game->start()->appearance(at("c1")), (SetPiece{SetColour::White, Figure::Pawn}));
    EXPECT_EQ(lookName(*game, SetPiece{SetColour::Black, Figure::Pawn}), "black pawn (a 3)");
}

TEST(KonfusionGame, LookNamesSayThePips) {
    auto game = makeGame("konfusion");
    EXPECT_EQ(lookName(*game, SetPiece{SetColour::White, Figure::Queen}), "white queen (a 5)");
    EXPECT_EQ(lookName(*game, SetPiece{SetColour::Black, Figure::Pawn}), "black pawn (a 1)");
}

TEST(KonfusionGame, TheRecordIsPlainText) {
    auto game = makeGame("konfusion");
    GameRecord record;
    record.tags = {{"Event", "Club night"}};
    record.startText = positionText("c3:S3 c6:N2 h10:N1");
    record.actions = {Action::move(at("c3"), at("c6")), Action::move(at("h10"), at("h9"))};
    record.turnOf = {0, 1};
    record.outcome = Outcome::ongoing();
    const std::string text = game->exportRecord(record);
    EXPECT_TRUE(Says(text, "[Event \"Club night\"]\n[Start \"" + record.startText + "\"]\n\n"));
    EXPECT_TRUE(Says(text, "1. South: 3 c3xc6\n1... North: 1 h10-h9\n"));
    EXPECT_TRUE(Says(text, "Result: unfinished\n"));
    EXPECT_TRUE(
        Says(text, "Pips on the board: South 3, North 1\nPips captured: South 2, North 0\n"));
    EXPECT_EQ(game->recordExtension(), "txt");
    record.outcome = Outcome::win({0}, "North has no pieces left");
    EXPECT_TRUE(Says(game->exportRecord(record), "Result: South wins (North has no pieces left)"));
    Outcome tied = Outcome::draw("time");
    tied.winners = {0, 1};
    record.outcome = tied;
    EXPECT_TRUE(Says(game->exportRecord(record), "Result: drawn between South and North (time)"));
}

}  // namespace
}  // namespace arbiter::konfusion
