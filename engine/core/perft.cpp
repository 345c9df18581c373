#include "engine/core/perft.h"

#include <cassert>
#include <memory>

namespace arbiter {

namespace {

// Walks the tree of actions inside one turn, depth first, and hands every state
// where the turn is complete to `visit`. Counting needs only those states; the
// turn's actions and text are kept only when `kKeepTurn`, since building them
// for every leaf would cost perft as much as the cloning does.
//
// When only the number of turns matters (`askTurnCount`), a state inside the
// turn that can count the rest of it (GameState::turnCount()) is taken at its
// word rather than walked: counted() sums those answers, visited turns aside.
template <bool kKeepTurn, typename Visit>
class TurnWalker {
  public:
    explicit TurnWalker(Visit& visit, bool askTurnCount = false)
        : visit_(visit), askTurnCount_(askTurnCount) {}

    uint64_t counted() const { return counted_; }

    void walk(const GameState& s) {
        if (std::optional<ChanceDraw> draw = s.chance()) {
            walkDraws(s, *draw);
            return;
        }
        for (const Action& a : s.legalActions()) {
            // legalActions() should not list them, but a roster change is never a turn.
            if (!a.changesRoster()) take(s, a);
        }
    }

  private:
    // Every outcome of the draw in lexicographic order of the values: two coins
    // that land 0,1 and 1,0 are two branches, as the session would journal them.
    void walkDraws(const GameState& s, const ChanceDraw& draw) {
        if (draw.sides < 1 || draw.count < 0) return;  // nothing can be drawn
        // One action whose values are stepped in place: a vector copied into
        // a new action per draw was a third of a game of coins' perft.
        Action drawn = Action::chance(std::vector<int>(static_cast<size_t>(draw.count), 0));
        std::vector<int>& values = drawn.payload;
        for (;;) {
            take(s, drawn);
            size_t i = values.size();
            while (i > 0 && values[i - 1] == draw.sides - 1) values[--i] = 0;
            if (i == 0) return;
            ++values[i - 1];
        }
    }

    void take(const GameState& s, const Action& a) {
        std::unique_ptr<GameState> next = s.clone();
        next->apply(a);
        [[maybe_unused]] size_t textLength = turn_.text.size();
        if constexpr (kKeepTurn) {
            turn_.actions.push_back(a);
            if (textLength) turn_.text += ' ';
            turn_.text += s.encode(a);
        }
        const bool complete = completesTurn(a, *next);
        std::optional<uint64_t> rest;
        if (!complete && askTurnCount_) rest = next->turnCount();
        if (complete)
            visit_(turn_, *next);
        else if (rest)
            counted_ += *rest;
        else
            walk(*next);
        if constexpr (kKeepTurn) {
            turn_.actions.pop_back();
            turn_.text.resize(textLength);
        }
    }

    Visit& visit_;
    const bool askTurnCount_;
    uint64_t counted_ = 0;
    Turn turn_;
};

// perft(state, 1): the turns from `state`, each counted by the state it
// starts from or passes through wherever that state can count the rest.
uint64_t countTurns(const GameState& state) {
    if (std::optional<uint64_t> turns = state.turnCount()) return *turns;
    if (state.outcome().over()) return 0;
    uint64_t visited = 0;
    auto visit = [&](const Turn&, const GameState&) { ++visited; };
    TurnWalker<false, decltype(visit)> walker(visit, true);
    walker.walk(state);
    return visited + walker.counted();
}

template <bool kKeepTurn, typename Visit>
void walkTurns(const GameState& state, Visit visit) {
    if (state.outcome().over()) return;
    TurnWalker<kKeepTurn, Visit>(visit).walk(state);
}

}  // namespace

bool completesTurn(const Action& made, const GameState& after) {
    return (made.kind != Action::Kind::Chance && !after.midTurn()) || after.outcome().over();
}

uint64_t perft(const GameState& state, int depth) {
    assert(depth >= 0);
    if (depth == 0) return 1;
    if (depth == 1) return countTurns(state);
    uint64_t nodes = 0;
    walkTurns<false>(state,
                     [&](const Turn&, const GameState& after) { nodes += perft(after, depth - 1); });
    return nodes;
}

void forEachTurn(const GameState& state,
                 const std::function<void(const Turn& turn, const GameState& after)>& visit) {
    walkTurns<true>(state, visit);
}

std::vector<TurnCount> perftDivide(const GameState& state, int depth) {
    assert(depth >= 1);
    std::vector<TurnCount> result;
    walkTurns<true>(state, [&](const Turn& turn, const GameState& after) {
        result.push_back({turn.text, perft(after, depth - 1)});
    });
    return result;
}

}  // namespace arbiter
