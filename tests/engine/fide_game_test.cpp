// engine/fide/fide_game: FIDE chess behind the referee's Game and GameState.
#include "engine/fide/fide_game.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>

#include "engine/fide/fen.h"
#include "engine/fide/movegen.h"
#include "engine/fide/repetition.h"
#include "tests/engine/seeded_numbers.h"

namespace arbiter::fide {
namespace {

std::unique_ptr<GameState> load(std::string_view fen) {
    std::string error;
    auto state = FideGame().load(fen, error);
    EXPECT_TRUE(state) << error;
    return state;
}

Cell cell(std::string_view name) {
    return parseSquare(name);
}

TEST(FideGame, IsRegisteredUnderItsName) {
    auto game = makeGame("fide");
    ASSERT_TRUE(game);
    EXPECT_EQ(game->name(), "fide");
    EXPECT_NE(std::find(gameNames().begin(), gameNames().end(), "fide"), gameNames().end());
}

TEST(FideGame, StartsFromTheStandardPosition) {
    auto state = FideGame().start();
    EXPECT_EQ(state->serialize(), kStandardStartFen);
    EXPECT_EQ(state->playerCount(), 2);
    EXPECT_EQ(state->toMove(), 0);
    EXPECT_EQ(state->playerName(0), "White");
    EXPECT_EQ(state->playerName(1), "Black");
    EXPECT_EQ(state->geometry(), Geometry::rectangle(8, 8));
    EXPECT_EQ(state->legalActions().size(), 20u);
}

TEST(FideGame, PiecesUseFigureAsKindAndPlayerAsOwner) {
    auto state = FideGame().start();
    EXPECT_EQ(state->pieceAt(cell("e1")), (Piece{int(Figure::King), 0}));
    EXPECT_EQ(state->pieceAt(cell("d8")), (Piece{int(Figure::Queen), 1}));
    EXPECT_EQ(state->pieceAt(cell("b1")), (Piece{int(Figure::Knight), 0}));
    EXPECT_EQ(state->pieceAt(cell("e4")), std::nullopt);
    EXPECT_EQ(state->pieceAt(-1), std::nullopt);
    EXPECT_EQ(state->pieceAt(64), std::nullopt);
}

TEST(FideGame, AppearanceIsTheSetPieceOnTheSquare) {
    auto state = FideGame().start();
    EXPECT_EQ(state->appearance(cell("a2")), (SetPiece{SetColour::White, Figure::Pawn}));
    EXPECT_EQ(state->appearance(cell("h8")), (SetPiece{SetColour::Black, Figure::Rook}));
    EXPECT_EQ(state->appearance(cell("d5")), std::nullopt);
    EXPECT_EQ(state->appearance(100), std::nullopt);
}

TEST(FideGame, CastlingIsTheKingsStepAndMovesTheRook) {
    auto state = load("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    Action castle = Action::move(cell("e1"), cell("g1"));
    EXPECT_TRUE(state->isLegal(castle));
    EXPECT_EQ(state->describe(castle), "O-O");
    EXPECT_EQ(state->encode(castle), "e1g1");
    state->apply(castle);
    EXPECT_EQ(state->appearance(cell("f1")), (SetPiece{SetColour::White, Figure::Rook}));
    EXPECT_EQ(state->appearance(cell("h1")), std::nullopt);
    EXPECT_EQ(state->serialize(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
}

TEST(FideGame, EnPassantIsThePawnsStepAndRemovesTheCapturedPawn) {
    auto state = load("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    Action capture = Action::move(cell("e5"), cell("d6"));
    ASSERT_TRUE(state->isLegal(capture));
    state->apply(capture);
    EXPECT_EQ(state->appearance(cell("d5")), std::nullopt);
    EXPECT_EQ(state->appearance(cell("d6")), (SetPiece{SetColour::White, Figure::Pawn}));
}

TEST(FideGame, PromotionNamesTheNewPieceKind) {
    auto state = load("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    Action toKnight = Action::move(cell("e7"), cell("e8"), int(Figure::Knight));
    EXPECT_TRUE(state->isLegal(toKnight));
    EXPECT_FALSE(state->isLegal(Action::move(cell("e7"), cell("e8"))));
    EXPECT_FALSE(state->isLegal(Action::move(cell("e7"), cell("e8"), int(Figure::King))));
    EXPECT_EQ(state->encode(toKnight), "e7e8n");
    EXPECT_EQ(state->describe(toKnight), "e8=N");
    state->apply(toKnight);
    EXPECT_EQ(state->pieceAt(cell("e8")), (Piece{int(Figure::Knight), 0}));
}

TEST(FideGame, DecodeReadsUciAndSan) {
    auto state = FideGame().start();
    EXPECT_EQ(state->decode("g1f3"), Action::move(cell("g1"), cell("f3")));
    EXPECT_EQ(state->decode("Nf3"), Action::move(cell("g1"), cell("f3")));
    EXPECT_EQ(state->decode("e4"), Action::move(cell("e2"), cell("e4")));
    EXPECT_FALSE(state->decode("e2e5").has_value());
    EXPECT_FALSE(state->decode("Nf4").has_value());
    EXPECT_FALSE(state->decode("hello").has_value());
}

TEST(FideGame, EveryLegalActionRoundTripsThroughEncodeAndDescribe) {
    for (std::string_view fen : {
             "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
             "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
             "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
         }) {
        auto state = load(fen);
        for (const Action& a : state->legalActions()) {
            EXPECT_EQ(state->decode(state->encode(a)), a) << state->encode(a);
            EXPECT_EQ(state->decode(state->describe(a)), a) << state->describe(a);
        }
    }
}

TEST(FideGame, IllegalOrForeignActionsAreDescribedWithoutCrashing) {
    auto state = FideGame().start();
    EXPECT_EQ(state->describe(Action::move(cell("e2"), cell("e5"))), "e2e5");
    EXPECT_EQ(state->encode(Action::pass()), "");
    EXPECT_EQ(state->encode(Action::move(-1, 99)), "");
    EXPECT_FALSE(state->isLegal(Action::place(0, cell("e4"))));
    EXPECT_FALSE(state->isLegal(Action::pass()));
}

TEST(FideGame, CloneIsIndependent) {
    auto state = FideGame().start();
    auto copy = state->clone();
    copy->apply(*copy->decode("e4"));
    EXPECT_EQ(state->serialize(), kStandardStartFen);
    EXPECT_NE(copy->serialize(), kStandardStartFen);
    EXPECT_EQ(copy->toMove(), 1);
}

TEST(FideGame, CloneKeepsTheRepetitionHistory) {
    auto state = FideGame().start();
    for (int i = 0; i < 2; ++i)
        for (const char* san : {"Nf3", "Nf6", "Ng1", "Ng8"}) state->apply(*state->decode(san));
    EXPECT_EQ(claimableDraw(*state->clone()), "threefold repetition");
}

TEST(FideGame, LoadRejectsBadFenWithAMessage) {
    std::string error;
    EXPECT_EQ(FideGame().load("not a fen", error), nullptr);
    EXPECT_FALSE(error.empty());
    EXPECT_EQ(FideGame().load("8/8/8/8/8/8/8/8 w - - 0 1", error), nullptr);
    EXPECT_NE(error.find("no king"), std::string::npos);
}

TEST(FideGame, SerializeIsReadBackByLoad) {
    auto state = FideGame().start();
    for (const char* san : {"e4", "c5", "Nf3", "d6", "d4", "cxd4"})
        state->apply(*state->decode(san));
    std::string error;
    auto again = FideGame().load(state->serialize(), error);
    ASSERT_TRUE(again) << error;
    EXPECT_EQ(again->serialize(), state->serialize());
    EXPECT_EQ(again->legalActions(), state->legalActions());
}

TEST(FideGame, PlayersHaveNoResourcesBesideTheBoard) {
    EXPECT_EQ(FideGame().start()->resources(0), PlayerResources{});
}

// Only a game of hidden information says otherwise (moderated csipgs Chess,
// tests/engine/csipgs_rules_test.cpp): every other game shows each player the
// whole state, so that the table says everything to everyone as before.
TEST(GameState, EveryPlayerSeesTheWholeStateWhenNothingIsHidden) {
    for (const std::string& name : gameNames()) {
        auto state = makeGame(name)->start();
        ASSERT_EQ(state->hidden(), nullptr) << name;
        const Geometry& g = state->geometry();
        for (PlayerId p = 0; p < state->playerCount(); ++p) {
            const View v = view(*state, p);
            EXPECT_EQ(v.player, p) << name;
            for (Cell c = 0; c < g.size(); ++c) {
                EXPECT_EQ(v.sees(c), g.contains(c)) << name << " " << g.name(c);
                EXPECT_EQ(v.pieces[static_cast<size_t>(c)], state->pieceAt(c)) << name;
                EXPECT_EQ(v.looks[static_cast<size_t>(c)], state->appearance(c)) << name;
                EXPECT_FALSE(v.knowsImpassable(c)) << name;
            }
            for (PlayerId q = 0; q < state->playerCount(); ++q) {
                EXPECT_TRUE(v.seesResourcesOf(q)) << name;
            }
            EXPECT_EQ(viewText(*state, p), state->serialize()) << name;
            EXPECT_EQ(reportTo(*state, p), report(*state)) << name;
            const auto actions = state->legalActions();
            for (size_t i = 0; i < actions.size() && i < 8; ++i) {
                EXPECT_EQ(describeTo(*state, actions[i], p), state->describe(actions[i])) << name;
            }
        }
    }
}

// apply() reads the move off the action instead of finding it among the legal
// moves, and the state keeps its legal moves and outcome until the next move:
// along random games, every listing must equal a fresh generation, and every
// applied action must play exactly the legal move it was listed for.
TEST(FideGame, AppliedActionsPlayTheirListedMoveAndKeptListsStayFreshAlongRandomGames) {
    SeededNumbers random(7);
    int seen[4] = {0, 0, 0, 0};  // per Move::Type: each kind of move was applied
    for (int game = 0; game < 60; ++game) {
        FideState s(Position::standardStart());
        for (int step = 0; step < 500 && !s.outcome().over(); ++step) {
            MoveList moves;
            generateLegalMoves(s.position(), moves);
            const std::vector<Action> actions = s.legalActions();
            ASSERT_EQ(actions.size(), size_t(moves.size())) << toFen(s.position());
            for (int i = 0; i < moves.size(); ++i)
                ASSERT_EQ(actions[size_t(i)], FideState::toAction(moves[i]));
            ASSERT_EQ(hasLegalEnPassant(s.position()),
                      std::any_of(moves.begin(), moves.end(),
                                  [](Move m) { return m.type() == Move::Type::EnPassant; }))
                << toFen(s.position());
            const int chosen = random.below(moves.size());
            Position expected = s.position();
            expected.play(moves[chosen]);
            s.apply(actions[size_t(chosen)]);
            ASSERT_EQ(s.position(), expected) << toFen(expected);
            ++seen[int(moves[chosen].type())];
        }
    }
    for (int kind = 0; kind < 4; ++kind) EXPECT_GT(seen[kind], 0) << "move type " << kind;
}

// Position::play() updates the Zobrist key as it goes (the castling rights'
// part only when they change); a position read from its FEN computes the key
// afresh. Games from a start where both sides may castle both ways, so that
// rights are lost by king moves, rook moves and rooks taken.
TEST(FidePosition, KeyKeptByPlayEqualsTheKeyOfTheSamePositionReadAfresh) {
    SeededNumbers random(11);
    int rightsLost = 0;
    for (int game = 0; game < 40; ++game) {
        std::string error;
        Position position = *parseFen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", error);
        for (int ply = 0; ply < 200; ++ply) {
            MoveList moves;
            generateLegalMoves(position, moves);
            if (moves.empty()) break;
            const int rightsBefore = position.castlingRights();
            position.play(moves[random.below(moves.size())]);
            rightsLost += position.castlingRights() != rightsBefore;
            const std::optional<Position> afresh = parseFen(toFen(position), error);
            ASSERT_TRUE(afresh) << error;
            ASSERT_EQ(position.key(), afresh->key()) << toFen(position);
        }
    }
    EXPECT_GT(rightsLost, 40);
}

TEST(RepetitionHistory, KeptCountEqualsACountOfTheKeysSinceTheLastIrreversibleMove) {
    SeededNumbers random(5);
    RepetitionHistory history;
    std::vector<uint64_t> since;
    for (int i = 0; i < 3000; ++i) {
        const auto key = uint64_t(random.below(6));
        const bool irreversible = random.below(12) == 0;
        history.record(key, irreversible);
        if (irreversible) since.clear();
        since.push_back(key);
        ASSERT_EQ(history.currentOccurrences(), int(std::count(since.begin(), since.end(), key)));
    }
}

// Keys spread over 64 bits as Zobrist keys are, so that some share the top
// bits the history files them under and most do not.
TEST(RepetitionHistory, KeptCountIsExactForKeysSpreadOverAllBits) {
    SeededNumbers random(7);
    std::vector<uint64_t> pool;
    for (int i = 0; i < 600; ++i)
        pool.push_back(uint64_t(random.below(1 << 30)) << 34 | uint64_t(random.below(1 << 30)));
    RepetitionHistory history;
    std::vector<uint64_t> since;
    int repeated = 0;
    for (int i = 0; i < 20000; ++i) {
        // Mostly from the first few keys, so that positions recur often.
        const int index = random.below(3) == 0 ? random.below(600) : random.below(8);
        const uint64_t key = pool[size_t(index)];
        const bool irreversible = random.below(150) == 0;
        history.record(key, irreversible);
        if (irreversible) since.clear();
        since.push_back(key);
        const int expected = int(std::count(since.begin(), since.end(), key));
        ASSERT_EQ(history.currentOccurrences(), expected) << "record " << i;
        repeated += expected > 1;
    }
    EXPECT_GT(repeated, 1000);
}

}  // namespace
}  // namespace arbiter::fide
