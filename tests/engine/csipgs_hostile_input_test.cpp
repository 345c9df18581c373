// csipgs Chess against careless and hostile input: whatever is said or loaded,
// the state either takes a legal action or stays exactly as it was, and a long
// random game keeps its notation readable at every step.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <utility>
#include <vector>

#include "engine/csipgs/csipgs.h"

namespace arbiter::csipgs {
namespace {

// A random string from the characters the notation uses, and a few it does not.
std::string randomText(std::mt19937& rng) {
    static const std::string alphabet = "abcdefgh12345678 @:+-xWFDAHGRBNLQKfbscm\xc3\xa9\t=,/";
    std::uniform_int_distribution<size_t> length(0, 14), pick(0, alphabet.size() - 1);
    std::string text;
    for (size_t n = length(rng); n > 0; --n) text += alphabet[pick(rng)];
    return text;
}

TEST(CsipgsHostileInput, SaidTextEitherActsLegallyOrChangesNothing) {
    std::mt19937 rng(20261123);
    CsipgsState s;
    int refused = 0, taken = 0;
    for (int i = 0; i < 20000 && !s.outcome().over(); ++i) {
        if (i % 10 == 9) {  // the game goes on, so treasuries grow and purchases come in reach
            auto legal = s.legalActions();
            s.apply(legal[rng() % legal.size()]);
            continue;
        }
        // Half the time something that at least looks like an action.
        std::string text = randomText(rng);
        if (i % 4 == 0) text = "design " + std::to_string(rng() % 8) + " " + randomText(rng);
        if (i % 4 == 1) text = "buy " + std::to_string(rng() % 8);
        auto action = s.decode(text);
        const std::string before = s.serialize();
        if (!action || !s.refusal(*action).empty()) {
            ++refused;
            EXPECT_EQ(s.serialize(), before) << text;
            continue;
        }
        ASSERT_TRUE(s.isLegal(*action)) << text;
        s.apply(*action);
        ++taken;
        std::string error;
        auto again = CsipgsState::load(s.serialize(), error);
        ASSERT_TRUE(again) << s.serialize() << ": " << error;
        EXPECT_EQ(again->serialize(), s.serialize());
    }
    EXPECT_GT(refused, 1000);
    EXPECT_GT(taken, 10) << "some random texts are legal actions (buy 1, design 3 W...)";
}

TEST(CsipgsHostileInput, MangledPositionsAreRefusedOrReadBackAsThemselves) {
    const std::string good =
        "8/8/3pkb2/8/1N6/3K4/8/8 w 1,0 A=3:FfR,K=5:WF+royal,N=3:N,b=4:B,k=5:WF+royal,"
        "p=1:fmWfcF Ap fmWfcF,R,FfR,B,WF+royal,BR fmWfcF,fR,N,B,WF+royal,BR";
    std::mt19937 rng(7);
    int accepted = 0;
    for (int i = 0; i < 5000; ++i) {
        std::string text = good;
        // One to three characters replaced, inserted or deleted.
        for (int edits = 1 + static_cast<int>(rng() % 3); edits > 0; --edits) {
            size_t at = rng() % text.size();
            std::string c = randomText(rng).substr(0, 1);
            switch (rng() % 3) {
                case 0:
                    text.replace(at, 1, c);
                    break;
                case 1:
                    text.insert(at, c);
                    break;
                default:
                    text.erase(at, 1);
            }
        }
        std::string error;
        auto s = CsipgsState::load(text, error);
        if (!s) {
            EXPECT_FALSE(error.empty()) << text;
            continue;
        }
        ++accepted;
        // What is accepted is a state of its own, written back the same way.
        std::string error2;
        auto again = CsipgsState::load(s->serialize(), error2);
        ASSERT_TRUE(again) << text << " -> " << s->serialize() << ": " << error2;
        EXPECT_EQ(again->serialize(), s->serialize());
        for (const Action& a : s->legalActions()) ASSERT_TRUE(s->isLegal(a)) << text;
    }
    EXPECT_GT(accepted, 0);
}

// A long game of random legal actions: purchases, transfers, design changes and
// moves; at every step the notation reads back and every listed action is legal.
TEST(CsipgsHostileInput, ALongRandomGameKeepsItsNotation) {
    std::mt19937 rng(42);
    CsipgsState s;
    const char* designs[] = {"FfR", "mW", "NN", "fsL", "ffNbbN", "fmG+royal", "cN", "D", "BR"};
    int turns = 0;
    for (; turns < 400 && !s.outcome().over(); ++turns) {
        if (rng() % 3 == 0) {
            auto d = s.decode("design " + std::to_string(1 + rng() % 6) + " " +
                              designs[rng() % std::size(designs)]);
            ASSERT_TRUE(d);
            if (s.isLegal(*d)) s.apply(*d);
        }
        auto actions = s.legalActions();
        ASSERT_FALSE(actions.empty()) << s.serialize();
        const Action a = actions[rng() % actions.size()];
        ASSERT_EQ(s.decode(s.encode(a)), a) << s.encode(a);
        s.apply(a);
        std::string error;
        auto again = CsipgsState::load(s.serialize(), error);
        ASSERT_TRUE(again) << s.serialize() << ": " << error;
        EXPECT_EQ(again->serialize(), s.serialize());
    }
    EXPECT_GT(turns, 50);
}

// The view text's board as 64 characters, a1 first: a piece's letter, '.' for
// an empty square, '?' hidden, '*' impassable.
std::string boardOf(const std::string& text) {
    std::string ranks[8];
    int r = 7;
    for (char c : text.substr(0, text.find(' '))) {
        if (c == '/')
            --r;
        else if (c >= '1' && c <= '8')
            ranks[r] += std::string(static_cast<size_t>(c - '0'), '.');
        else
            ranks[r] += c;
    }
    std::string board;
    for (const std::string& rank : ranks) board += rank;
    return board;
}

// A moderated game of random legal actions among impassable squares: at every
// step each player's view text shows exactly the squares their view holds,
// the position reads back with what each has found, and no action enters an
// impassable square.
TEST(CsipgsHostileInput, ARandomModeratedGameShowsEachPlayerOnlyTheirView) {
    std::mt19937 rng(14);
    Rules rules;
    rules.moderated = true;
    for (const char* name : {"c3", "d5", "e4", "f6", "b7", "g2"})
        rules.impassable |= Squareset{1} << *Geometry::rectangle(8, 8).parse(name);
    CsipgsState s(rules);
    int turns = 0;
    for (; turns < 100 && !s.outcome().over(); ++turns) {
        auto actions = s.legalActions();
        ASSERT_FALSE(actions.empty()) << s.serialize();
        const Action a = actions[rng() % actions.size()];
        ASSERT_TRUE(a.to == NoCell || !((rules.impassable >> a.to) & 1)) << s.encode(a);
        s.apply(a);
        for (PlayerId p = 0; p < 2; ++p) {
            const View v = s.view(p);
            const std::string board = boardOf(s.viewText(p));
            ASSERT_EQ(board.size(), 64u) << s.viewText(p);
            for (Cell c = 0; c < 64; ++c) {
                const char shown = board[static_cast<size_t>(c)];
                if (v.knowsImpassable(c))
                    EXPECT_EQ(shown, '*');
                else if (!v.sees(c))
                    EXPECT_EQ(shown, '?') << s.viewText(p) << " " << s.geometry().name(c);
                else
                    EXPECT_EQ(shown == '.', !v.pieces[static_cast<size_t>(c)].has_value());
            }
        }
        std::string error;
        auto again = CsipgsState::load(s.serialize(), error, rules);
        ASSERT_TRUE(again) << s.serialize() << ": " << error;
        EXPECT_EQ(again->serialize(), s.serialize());
    }
    EXPECT_GT(turns, 50);
}

TEST(CsipgsHostileInput, BadImpassableSquaresAreRefusedWithTheReason) {
    const std::string how = "; write squares of the 8x8 board separated by commas (b2,g5), or none";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"z9", "option impassable: \"z9\" is not a square" + how},
        {"i1", "option impassable: \"i1\" is not a square" + how},
        {"b2,", "option impassable: \"\" is not a square" + how},
        {"b2,,c3", "option impassable: \"\" is not a square" + how},
        {"none,b2", "option impassable: \"none\" is not a square" + how},
        {"B2", "option impassable: \"B2\" is not a square" + how},
        {"e8", "option impassable: e8 cannot be impassable, a King starts there"},
        {"b2,g5,b2", "option impassable: b2 is named twice"},
        {"b2 g5", "option impassable takes one word (letters, digits, - and ,), not \"b2 g5\""},
    };
    for (const auto& [value, why] : cases) {
        GameOptions options;
        options.values["impassable"] = value;
        std::string error;
        EXPECT_FALSE(makeGame("csipgs", options, error)) << value;
        EXPECT_EQ(error, why) << value;
    }
    GameOptions options;
    options.values["moderated"] = "yes";
    std::string error;
    EXPECT_FALSE(makeGame("csipgs", options, error));
    EXPECT_EQ(error, "option moderated takes on, off, not \"yes\"");
}

}  // namespace
}  // namespace arbiter::csipgs
