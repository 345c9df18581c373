#include "engine/core/perft.h"

#include <cassert>
#include <memory>

namespace arbiter {

namespace {

// Walks the tree of actions inside one turn, depth first, and hands every state
// where the turn is complete to `visit`. Counting needs only those states; the
// turn's actions and text are kept only when `kKeepTurn`, since building them
// for every leaf would cost perft as much as the cloning does.
template <bool kKeepTurn, typename Visit>
class TurnWalker {
  public:
    explicit TurnWalker(Visit& visit) : visit_(visit) {}

    void walk(const GameState& s) {
        if (std::optional<ChanceDraw> draw = s.chance()) {
            walkDraws(s, *draw);
            return;
        }
        for (const Action& a : s.legalActions()) {
            // legalActions() should not list them, but a roster change is never a turn.
            if (!a.changesRoster()) take(s, a, false);
        }
    }

  private:
    // Every outcome of the draw in lexicographic order of the values: two coins
    // that land 0,1 and 1,0 are two branches, as the session would journal them.
    void walkDraws(const GameState& s, const ChanceDraw& draw) {
        if (draw.sides < 1 || draw.count < 0) return;  // nothing can be drawn
        std::vector<int> values(static_cast<size_t>(draw.count), 0);
        for (;;) {
            take(s, Action::chance(values), true);
            size_t i = values.size();
            while (i > 0 && values[i - 1] == draw.sides - 1) values[--i] = 0;
            if (i == 0) return;
            ++values[i - 1];
        }
    }

    void take(const GameState& s, const Action& a, bool drawn) {
        std::unique_ptr<GameState> next = s.clone();
        next->apply(a);
        [[maybe_unused]] size_t textLength = turn_.text.size();
        if constexpr (kKeepTurn) {
            turn_.actions.push_back(a);
            if (textLength) turn_.text += ' ';
            turn_.text += s.encode(a);
        }
        // A draw comes before the player acts, so it never ends the turn by
        // itself; any action ends it when it ends the game.
        bool complete = (!drawn && !next->midTurn()) || next->outcome().over();
        if (complete)
            visit_(turn_, *next);
        else
            walk(*next);
        if constexpr (kKeepTurn) {
            turn_.actions.pop_back();
            turn_.text.resize(textLength);
        }
    }

    Visit& visit_;
    Turn turn_;
};

template <bool kKeepTurn, typename Visit>
void walkTurns(const GameState& state, Visit visit) {
    if (state.outcome().over()) return;
    TurnWalker<kKeepTurn, Visit>(visit).walk(state);
}

}  // namespace

uint64_t perft(const GameState& state, int depth) {
    assert(depth >= 0);
    if (depth == 0) return 1;
    if (depth == 1) {
        if (std::optional<uint64_t> turns = state.turnCount()) return *turns;
    }
    uint64_t nodes = 0;
    walkTurns<false>(state, [&](const Turn&, const GameState& after) {
        nodes += depth == 1 ? 1 : perft(after, depth - 1);
    });
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
