// Any text from outside (a journal, a control client, a typed FEN) must be
// rejected cleanly: no crash, no assert, no sanitizer report, and a message for
// bad FEN. Random inputs use fixed seeds, so every run tests the same strings.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "engine/fide/fen.h"
#include "engine/fide/fide_game.h"

namespace arbiter::fide {
namespace {

std::string randomBytes(std::mt19937& random, size_t maxLength) {
    std::uniform_int_distribution<size_t> length(0, maxLength);
    std::uniform_int_distribution<int> byte(0, 255);
    std::string s(length(random), '\0');
    for (char& c : s) c = char(byte(random));
    return s;
}

// Strings made of characters that FEN and SAN use, so that parsers get deep.
std::string randomNotation(std::mt19937& random, size_t maxLength) {
    static constexpr std::string_view kAlphabet = "pnbrqkPNBRQK12345678/ -wabcdefghKQkqx=+#O0";
    std::uniform_int_distribution<size_t> length(0, maxLength);
    std::uniform_int_distribution<size_t> pick(0, kAlphabet.size() - 1);
    std::string s(length(random), ' ');
    for (char& c : s) c = kAlphabet[pick(random)];
    return s;
}

// A valid FEN with one character replaced, inserted or deleted.
std::string mutated(std::mt19937& random, std::string fen) {
    static constexpr std::string_view kAlphabet = "pnbrqkPNBRQK0123456789/ -wabcdefghx";
    std::uniform_int_distribution<size_t> at(0, fen.size() - 1);
    std::uniform_int_distribution<size_t> pick(0, kAlphabet.size() - 1);
    std::uniform_int_distribution<int> kind(0, 2);
    switch (kind(random)) {
        case 0:
            fen[at(random)] = kAlphabet[pick(random)];
            break;
        case 1:
            fen.insert(fen.begin() + long(at(random)), kAlphabet[pick(random)]);
            break;
        default:
            fen.erase(at(random), 1);
            break;
    }
    return fen;
}

// Whatever load() accepts must be a usable, self-consistent state.
void expectUsableOrRejected(std::string_view text) {
    FideGame game;
    std::string error;
    auto state = game.load(text, error);
    if (!state) {
        EXPECT_FALSE(error.empty()) << "no message for: " << text;
        return;
    }
    auto again = game.load(state->serialize(), error);
    ASSERT_TRUE(again) << "accepted '" << text << "' but not its own FEN: " << error;
    EXPECT_EQ(again->serialize(), state->serialize());
    auto actions = state->legalActions();
    for (const Action& a : actions) EXPECT_EQ(state->decode(state->encode(a)), a);
    (void)state->outcome();
    (void)state->canStillWin(0);
}

TEST(HostileInput, LoadRejectsGarbageFenWithAMessage) {
    for (const char* text : {
             "",
             " ",
             "\n",
             "startpos",
             "8/8/8/8/8/8/8/8",
             "////// w - - 0 1",
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0",
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
             "k/8/8/8/8/8/8/K w - - 0 1",
             "kK6/8/8/8/8/8/8/8 w - - 0 1",
             "8/8/8/8/8/8/8/8 w - - 0 1",
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 18446744073709551616 1",
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1",
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq a9 0 1",
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq \xff 0 1",
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w \xc3\xa9 - 0 1",
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\xd2 w KQkq - 0 1",
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw\tKQkq\t-\t0\t1x",
             "8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8 w - - 0 1",
         }) {
        std::string error;
        EXPECT_EQ(FideGame().load(text, error), nullptr) << text;
        EXPECT_FALSE(error.empty()) << text;
    }
}

TEST(HostileInput, LoadSurvivesRandomBytes) {
    std::mt19937 random(20261121);
    for (int i = 0; i < 20000; ++i) expectUsableOrRejected(randomBytes(random, 100));
}

TEST(HostileInput, LoadSurvivesRandomNotationCharacters) {
    std::mt19937 random(42);
    for (int i = 0; i < 20000; ++i) expectUsableOrRejected(randomNotation(random, 90));
}

TEST(HostileInput, LoadSurvivesMutatedValidFens) {
    std::mt19937 random(7);
    const std::string fens[] = {
        std::string(kStandardStartFen),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    };
    for (int i = 0; i < 20000; ++i) {
        std::string text = fens[size_t(i) % std::size(fens)];
        for (int edits = 1 + i % 3; edits > 0; --edits) text = mutated(random, text);
        expectUsableOrRejected(text);
    }
}

TEST(HostileInput, DecodeRejectsGarbage) {
    auto state = FideGame().start();
    for (const char* text : {"", " ", "e2e4\n", "e2e4 ", "\0", "e2e9", "Z", "O-O-O", "0000", "e7e5",
                             "Ke2", "Qxh7#", "e2e4e4", "e2e4q", "a1a1", "\xff\xfe"}) {
        EXPECT_FALSE(state->decode(text).has_value()) << text;
    }
    std::mt19937 random(99);
    for (int i = 0; i < 20000; ++i) {
        std::string text = i % 2 ? randomBytes(random, 12) : randomNotation(random, 8);
        auto action = state->decode(text);
        if (action) {
            EXPECT_TRUE(state->isLegal(*action)) << text;
        }
    }
}

TEST(HostileInput, DecodeOnlyEverReturnsLegalActionsInATrickyPosition) {
    std::string error;
    auto state =
        FideGame().load("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", error);
    ASSERT_TRUE(state) << error;
    std::mt19937 random(5);
    for (int i = 0; i < 20000; ++i) {
        std::string text = randomNotation(random, 7);
        auto action = state->decode(text);
        if (action) {
            EXPECT_TRUE(state->isLegal(*action)) << text;
        }
    }
}

// Random games from several positions: every state along the way serializes,
// reloads to the same text, and agrees with itself about moves and outcome.
TEST(RandomPlay, StatesStayConsistentThroughManyRandomGames) {
    std::mt19937 random(2026);
    FideGame game;
    for (int g = 0; g < 60; ++g) {
        auto state = game.start();
        for (int ply = 0; ply < 300 && !state->outcome().over(); ++ply) {
            auto actions = state->legalActions();
            ASSERT_FALSE(actions.empty());
            std::string error;
            auto reloaded = game.load(state->serialize(), error);
            ASSERT_TRUE(reloaded) << state->serialize() << ": " << error;
            ASSERT_EQ(reloaded->legalActions(), actions);
            std::uniform_int_distribution<size_t> pick(0, actions.size() - 1);
            const Action& chosen = actions[pick(random)];
            ASSERT_EQ(state->decode(state->describe(chosen)), chosen) << state->describe(chosen);
            state->apply(chosen);
        }
    }
}

}  // namespace
}  // namespace arbiter::fide
