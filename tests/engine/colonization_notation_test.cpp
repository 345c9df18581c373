// Colonization in text (docs/rules/colonization.md, "Notation"): how actions
// are written, read and described, the position text and what load() refuses
// (garbage included), the report and the record.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/colonization/colonization.h"
#include "engine/core/game.h"
#include "tests/engine/colonization_test_support.h"

namespace arbiter::colonization {
namespace {

using namespace support;

Cell at(const ColonizationState& s, const std::string& name) {
    return *s.geometry().parse(name);
}

// --- Actions ---------------------------------------------------------------

TEST(ColonizationNotation, ActionsAreWrittenAsPlayersSayThem) {
    auto s = position(8, 8, "p,p,p", 'a', "d4:Ba d5:Pa e4:Pa f3:Ka e5:Bb h1:Bc");
    EXPECT_EQ(s->encode(Action::place(kPlanet, at(*s, "d4"))), "B@d4");
    EXPECT_EQ(s->encode(Action::place(kColony, at(*s, "c3"))), "P@c3");
    EXPECT_EQ(s->encode(Action::place(kAgricultural, at(*s, "c3"))), "R@c3");
    EXPECT_EQ(s->encode(Action::place(kIndustrial, at(*s, "c3"))), "N@c3");
    EXPECT_EQ(s->encode(Action::place(kWeapon, at(*s, "c3"))), "K@c3");
    EXPECT_EQ(s->encode(Action::move(at(*s, "d5"), at(*s, "d6"))), "d5-d6");
    EXPECT_EQ(s->encode(Action::move(at(*s, "d4"), at(*s, "e5"))), "d4xe5");
    EXPECT_EQ(s->encode(Action::pass()), "pass");
    EXPECT_EQ(s->encode(Action::choice(kActivate, at(*s, "f3"))), "weapon f3");
    EXPECT_EQ(s->encode(Action::join()), "join");
    EXPECT_EQ(s->encode(Action::join(2)), "rejoin 3");
    EXPECT_EQ(s->encode(Action::leave(2)), "leave 3");
}

TEST(ColonizationNotation, ActionsAreReadInEitherCase) {
    auto s = position(8, 8, "p,p,p", 'a', "d4:Ba d5:Pa e4:Pa f3:Ka e5:Bb h1:Bc");
    EXPECT_EQ(s->decode("b@D4"), Action::place(kPlanet, at(*s, "d4")));
    EXPECT_EQ(s->decode("p@c3"), Action::place(kColony, at(*s, "c3")));
    EXPECT_EQ(s->decode("R@c3"), Action::place(kAgricultural, at(*s, "c3")));
    EXPECT_EQ(s->decode("n@c3"), Action::place(kIndustrial, at(*s, "c3")));
    EXPECT_EQ(s->decode("K@c3"), Action::place(kWeapon, at(*s, "c3")));
    EXPECT_EQ(s->decode("Q@c3"), Action::place(kWeapon, at(*s, "c3")));
    EXPECT_EQ(s->decode("D5-D6"), Action::move(at(*s, "d5"), at(*s, "d6")));
    EXPECT_EQ(s->decode("d4xe5"), Action::move(at(*s, "d4"), at(*s, "e5")));
    EXPECT_EQ(s->decode("d4-e5"), Action::move(at(*s, "d4"), at(*s, "e5")));
    EXPECT_EQ(s->decode("PASS"), Action::pass());
    EXPECT_EQ(s->decode("abstain"), Action::pass());
    EXPECT_EQ(s->decode("Weapon  F3"), Action::choice(kActivate, at(*s, "f3")));
    EXPECT_EQ(s->decode("join"), Action::join());
    EXPECT_EQ(s->decode("rejoin 3"), Action::join(2));
    EXPECT_EQ(s->decode("leave 3"), Action::leave(2));
    for (const char* bad :
         {"", "x@d4", "B@i1", "B@d9", "d4", "d4-", "-d4", "d4-d5-d6", "rejoin 0", "rejoin x",
          "leave 65", "weapon", "weapon z9", "join 2", "pass now", "@d4", "B@", "d4xx5"})
        EXPECT_EQ(s->decode(bad), std::nullopt) << bad;
}

TEST(ColonizationNotation, AFileNamedXIsNotACaptureSign) {
    auto s = position(26, 8, "p,p", 'a', "x4:Ba y5:Pb y6:Bb");
    EXPECT_EQ(s->decode("x4xy5"), Action::move(at(*s, "x4"), at(*s, "y5")));
    EXPECT_EQ(s->decode("x4-x5"), Action::move(at(*s, "x4"), at(*s, "x5")));
    EXPECT_EQ(s->encode(Action::move(at(*s, "x4"), at(*s, "y5"))), "x4xy5");
}

TEST(ColonizationNotation, EveryLegalActionIsReadBackAsWritten) {
    const std::vector<std::string> texts = {
        positionText(8, 8, "p,p,o", 'a', cornerSociety() + " d4:Bb e4:Pb"),
        positionText(8, 8, "p,p", 'b',
                     "d4:Ba c3:Pa c4:Pa c5:Pa d3:Pa d5:Pa e3:Pa e4:Pa e5:Pa b4:Ra f4:Ra h8:Bb"),
        positionText(8, 8, "p,p", 'a',
                     "d4:Ba c3:Pa c4:Pa c5:Pa d3:Pa d5:Pa e3:Pa e4:Pa e5:Pa b4:Ra f4:Ra d2:Na "
                     "d6:Na g4:Ka h8:Bb"),
        positionText(3, 3, "n,p", 'a', "b2:Bb"),
    };
    for (const std::string& text : texts) {
        auto s = loaded(text);
        for (const Action& a : s->legalActions())
            EXPECT_EQ(s->decode(s->encode(a)), a) << s->encode(a);
        for (const Action& a : s->rosterActions())
            EXPECT_EQ(s->decode(s->encode(a)), a) << s->encode(a);
    }
}

TEST(ColonizationNotation, DescriptionsSayWhatHappensInTheTablesWords) {
    ColonizationState start(Rules{}, 8, 8, 2);
    EXPECT_EQ(start.describe(said(start, "B@d4")), "home planet on d4");
    auto s = position(8, 8, "p,p,p", 'a', "d4:Ba d5:Pa f3:Ka e4:Pa e5:Bb e6:Pb f7:Pb h1:Bc");
    EXPECT_EQ(s->describe(said(*s, "pass")), "abstains");
    EXPECT_EQ(s->describe(said(*s, "d5-c5")), "d5-c5");
    EXPECT_EQ(s->describe(said(*s, "P@c3")), "colony on c3");
    EXPECT_EQ(s->describe(said(*s, "weapon f3")), "activates the Weapon on f3");
    EXPECT_EQ(s->describe(said(*s, "d4xe5")),
              "home planet d4xe5 takes Player 2's home planet; cut off: Player 2's colony on e6, "
              "Player 2's colony on f7");
    EXPECT_EQ(s->describe(Action::join()), "Player 4 joins");
    EXPECT_EQ(s->describe(Action::leave(1)), "Player 2 leaves");
    // An action that is not legal is only written, never described.
    EXPECT_EQ(s->describe(said(*s, "d5-d7")), "d5-d7");
}

// --- Positions -------------------------------------------------------------

TEST(ColonizationNotation, TheStartIsEmptyCellsAndSeatsToPlace) {
    ColonizationState s(Rules{}, 8, 8, 2);
    EXPECT_EQ(s.serialize(), "8x8 n,n a 0 8/8/8/8/8/8/8/8");
    ColonizationState wide(Rules{}, 24, 8, 6);
    EXPECT_EQ(wide.serialize(), "24x8 n,n,n,n,n,n a 0 24/24/24/24/24/24/24/24");
}

TEST(ColonizationNotation, APositionHoldsCellsSeatsMoverAndPlies) {
    const std::string text = "8x8 p,b,p*,n,l c 17 7Bc/8/8/2Ra5/3PaPa3/3Ba4/8/8";
    auto s = loaded(text);
    EXPECT_EQ(s->serialize(), text);
    EXPECT_EQ(on(*s, "h8"), "Bc");
    EXPECT_EQ(on(*s, "c5"), "Ra");
    EXPECT_EQ(on(*s, "e4"), "Pa");
    EXPECT_EQ(s->seat(1), Seat::Rejoined);
    EXPECT_TRUE(s->rejoiner(2));
    EXPECT_EQ(s->seat(3), Seat::Placing);
    EXPECT_EQ(s->seat(4), Seat::Left);
    EXPECT_EQ(s->toMove(), 2);
    EXPECT_EQ(s->plies(), 17);
}

TEST(ColonizationNotation, TheSixteenthSeatIsLetterP) {
    std::string seats = "p";
    for (int i = 1; i < 16; ++i) seats += i == 15 ? ",p" : ",n";
    const std::string text = "4x8 " + seats + " p 3 BaBp2/4/4/4/4/4/4/4";
    auto s = loaded(text);
    EXPECT_EQ(s->serialize(), text);
    EXPECT_EQ(s->pieceAt(at(*s, "b8")), (Piece{kPlanet, 15}));
    EXPECT_EQ(s->toMove(), 15);
}

TEST(ColonizationNotation, LoadRefusesWhatIsNotAPositionAndSaysWhy) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"", "five fields are wanted"},
        {"8x8 p,p a 0", "five fields are wanted"},
        {"0x8 n,n a 0 8", "the size must be FILESxRANKS, each 1 to 64"},
        {"65x8 n,n a 0 8", "the size must be FILESxRANKS, each 1 to 64"},
        {"8by8 n,n a 0 8", "the size must be FILESxRANKS"},
        {"8x8 n a 0 8/8/8/8/8/8/8/8", "there must be 2 to 16 seats"},
        {"8x8 n,q a 0 8/8/8/8/8/8/8/8", "seat 2 must be n, p, o, b or l, not \"q\""},
        {"8x8 n,o* a 0 8/8/8/8/8/8/8/8", "seat 2: only n and p take a * for a rejoiner"},
        {"8x8 n,n*x a 0 8/8/8/8/8/8/8/8",
         "seat 2: after its state only * (a rejoiner) and a colour"},
        {"8x8 n,nw* a 0 8/8/8/8/8/8/8/8", "seat 2: after its state only *"},
        {"8x8 n,n c 0 8/8/8/8/8/8/8/8",
         "the seat to move must be one of the seats' letters, a to b"},
        {"8x8 n,n a x 8/8/8/8/8/8/8/8", "the actions played must be a whole number"},
        {"8x8 n,n a 0 8/8", "there must be one row of cells per rank: 8, not 2"},
        {"8x8 n,n a 0 9/8/8/8/8/8/8/8", "rank 8 has more cells than the 8 files"},
        {"8x8 n,n a 0 7/8/8/8/8/8/8/8", "rank 8 has 7 cells, not 8"},
        {"8x8 n,n a 0 0/8/8/8/8/8/8/8", "rank 8: a count of empty cells is 1 to 8"},
        {"8x8 p,p a 0 Xa7/8/8/8/8/8/8/Bb7", "rank 8: 'X' is no piece"},
        {"8x8 p,p a 0 Bc7/8/8/8/8/8/8/Bb7", "the piece on a8 belongs to no seat"},
        {"8x8 p,n a 0 Ba7/8/8/8/8/8/8/Bb7",
         "the piece on a1 belongs to Player 2, who is not playing"},
        {"8x8 p,p a 0 BaBaBa5/8/8/8/8/8/8/Bb7", "Player 1 has more than 2 home planets"},
        {"8x8 p,p a 0 Pa7/8/8/8/8/8/8/Bb7", "Player 1 is playing but has no home planet"},
        {"8x8 p*,p a 0 BaBa6/8/8/8/8/8/8/Bb7",
         "Player 1 has two home planets, so no longer counts"},
        {"8x8 p,p a 0 Ba1Pa5/8/8/8/8/8/8/Bb7",
         "Player 1's colony on c8 is cut off from its home planets"},
        {"8x8 p,o b 0 Ba7/8/8/8/8/8/8/8/", "there must be one row of cells per rank: 8, not 9"},
        {"8x8 p,o,p b 0 Ba7/8/8/8/8/8/8/Bc7", "the seat to move, Player 2, is not in the game"},
    };
    for (const auto& [text, why] : cases) {
        std::string error;
        EXPECT_EQ(ColonizationState::load(text, error, Rules{}), nullptr) << text;
        EXPECT_NE(error.find(why), std::string::npos) << text << ": " << error;
    }
}

TEST(ColonizationNotation, AFinishedGameLoadsWithItsOutcome) {
    auto s = loaded("8x8 p,o b 9 Ba7/8/8/8/8/8/8/8");
    EXPECT_EQ(s->outcome(), Outcome::win({0}, "only Player 1's society is left"));
}

// Every text one edit away from valid ones: load() must never crash, and
// what it accepts must be written back as it reads.
TEST(ColonizationNotation, LoadSurvivesGarbage) {
    const std::vector<std::string> valid = {
        "8x8 p,b,p*,n,l c 17 7Bc/8/8/2Ra5/3PaPa3/3Ba4/8/8",
        positionText(4, 4, "p,p", 'a', "a1:Ba a2:Pa b2:Ka d4:Bb"),
        "3x2 n,n,n,n,n,n a 0 3/3",
    };
    const std::string alphabet = "0123456789xabnplo*BPRNKQ,/ -@";
    int accepted = 0;
    for (const std::string& text : valid) {
        for (size_t i = 0; i <= text.size(); ++i) {
            std::vector<std::string> edits;
            if (i < text.size()) edits.push_back(text.substr(0, i) + text.substr(i + 1));
            for (char c : alphabet) {
                edits.push_back(text.substr(0, i) + c + text.substr(i));
                if (i < text.size()) edits.push_back(text.substr(0, i) + c + text.substr(i + 1));
            }
            for (const std::string& edited : edits) {
                std::string error;
                auto s = ColonizationState::load(edited, error, Rules{});
                if (!s) {
                    EXPECT_FALSE(error.empty()) << edited;
                    continue;
                }
                ++accepted;
                auto again = ColonizationState::load(s->serialize(), error, Rules{});
                ASSERT_NE(again, nullptr) << edited << " -> " << s->serialize() << ": " << error;
                EXPECT_EQ(again->serialize(), s->serialize());
                s->legalActions();
                s->rosterActions();
                s->report();
            }
        }
    }
    EXPECT_GT(accepted, 0);
}

// A long game played by a fixed rule of thumb: at every step the position
// text reads back as the same state with the same actions.
TEST(ColonizationNotation, PositionsRoundTripThroughAGame) {
    ColonizationState s(Rules{}, 5, 4, 3);
    for (int ply = 0; ply < 300 && !s.outcome().over(); ++ply) {
        if (ply == 40) s.apply(Action::join());
        const std::vector<Action> legal = s.legalActions();
        ASSERT_FALSE(legal.empty());
        // Prefer production and captures, so that the game gets somewhere.
        size_t pick = (static_cast<size_t>(ply) * 7 + 3) % legal.size();
        for (size_t i = 0; i < legal.size() && ply % 3 != 0; ++i) {
            if (legal[i].kind == Action::Kind::Place || legal[i].kind == Action::Kind::Choice)
                pick = i;
        }
        s.apply(legal[pick]);
        std::string error;
        auto back = ColonizationState::load(s.serialize(), error, Rules{});
        ASSERT_NE(back, nullptr) << s.serialize() << ": " << error;
        EXPECT_EQ(back->serialize(), s.serialize());
        EXPECT_EQ(back->legalActions(), s.legalActions());
        EXPECT_EQ(back->outcome(), s.outcome());
        for (Cell c = 0; c < s.geometry().size(); ++c) ASSERT_EQ(back->pieceAt(c), s.pieceAt(c));
    }
}

// --- The report and the record ---------------------------------------------

TEST(ColonizationNotation, TheReportSaysEachSeatsPiecesAndWhoIsToMove) {
    auto s = loaded("8x8 p,b,p*,n,l c 17 7Bc/8/8/2Ra5/3PaPa3/3Ba4/8/8");
    EXPECT_EQ(s->report(),
              (std::vector<std::string>{
                  "Player 1 (white): 4 pieces on the board: 1 home planet, 2 colonies, 1 "
                  "agricultural station",
                  "Player 2 (black): out, rejoined at a later seat",
                  "Player 3 (white): 1 piece on the board: 1 home planet (rejoined: counts as "
                  "back once it has two home planets)",
                  "Player 4 (black): to place a home planet", "Player 5 (white): left",
                  "Player 3 is to move"}));
    auto over = loaded("8x8 p,o b 9 Ba7/8/8/8/8/8/8/8");
    EXPECT_EQ(over->report().back(), "the game is over: only Player 1's society is left");
}

TEST(ColonizationNotation, TheRecordIsPlainTextWithThePiecesAtTheEnd) {
    auto g = makeGame("colonization");
    GameOptions o;
    o.players = 2;
    std::string error;
    g = makeGame("colonization", o, error);
    ASSERT_NE(g, nullptr) << error;
    auto s = g->start();
    GameRecord r;
    r.tags = {{"Event", "test"}};
    r.startText = s->serialize();
    for (const char* said : {"B@a1", "B@h8", "P@b2", "join"}) {
        r.actions.push_back(*s->decode(said));
        s->apply(r.actions.back());
    }
    r.turnOf = {0, 1, 2, 2};
    EXPECT_EQ(g->recordExtension(), "txt");
    EXPECT_EQ(g->exportRecord(r),
              "[Event \"test\"]\n[Start \"8x8 n,n a 0 8/8/8/8/8/8/8/8\"]\n\n"
              "1. Player 1: home planet on a1\n1... Player 2: home planet on h8\n"
              "2. Player 1: colony on b2\n3. Player 2: Player 3 joins\n\n"
              "Result: unfinished\nPieces on the board: Player 1 2, Player 2 1, Player 3 0\n");
}

// --- Refusals --------------------------------------------------------------

TEST(ColonizationNotation, RefusalsSayWhyInThePlayersWords) {
    auto s = position(8, 8, "p,p", 'a', "d4:Ba d5:Pa h8:Bb");
    EXPECT_EQ(s->refusal(said(*s, "P@f3")), "f3 is not next to one of your home planets");
    EXPECT_EQ(s->refusal(said(*s, "pass")), "");
    EXPECT_EQ(s->refusal(Action::leave(5)), "there is no Player 6");
    EXPECT_EQ(s->refusal(Action::join(7)), "there is no Player 8");
    auto over = loaded("8x8 p,o b 9 Ba7/8/8/8/8/8/8/8");
    EXPECT_EQ(over->refusal(Action::pass()), "the game is over");
}

}  // namespace
}  // namespace arbiter::colonization
