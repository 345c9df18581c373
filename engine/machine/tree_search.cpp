#include "engine/machine/tree_search.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <vector>

#include "engine/core/seeded_random.h"
#include "engine/machine/reward.h"

namespace arbiter {

namespace {

constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();
// UCT's exploration constant for rewards in 0..1: sqrt(2) is the textbook
// value; a little less exploits sooner at the small budgets of the low levels.
constexpr double kExploration = 1.0;

// One node of the tree: the state reached from the root by the actions on its
// path (the state itself is not kept: it is replayed from the root at every
// descent, which costs less than the playout that follows and keeps a node
// small). Children form a list through nextSibling, each added when first
// tried, so that a tree grows by at most one node per playout.
struct Node {
    Action action;                // what leads here from the parent
    PlayerId chooser = NoPlayer;  // who chose `action`; NoPlayer: chance drew it
    uint32_t firstChild = kNone;
    uint32_t nextSibling = kNone;
    uint32_t visits = 0;
    uint32_t listed = 0;    // a decision node's listed actions, once `known`
    uint32_t expanded = 0;  // children added
    bool known = false;
    double reward = 0;  // the chooser's shares, summed over the visits
};

// The listed actions of `state`, roster actions left out, as chooseListed
// draws among them.
void listChoosable(const GameState& state, std::vector<Action>& out) {
    state.listActions(out);
    std::erase_if(out, [](const Action& a) { return a.changesRoster(); });
}

// One search: the tree, the random source and the scratch lists it reuses.
//
// Chance (Konfusion's die, Power Coinz's coins) is a node of its own whose
// children are the values drawn, each added when a descent first draws it:
// the tree stays closed-loop, every node one state, so that a node's listed
// actions are always the same and the statistics below a throw are those of
// that throw. Open-loop search (drawing afresh and keeping one node per
// action sequence) would mix states whose legal actions differ after
// different throws. Draws are sampled, not enumerated, so Power Coinz's 1024
// outcomes of ten coins cost only those that come up.
class Search {
  public:
    Search(const GameState& root, uint64_t seed, const SearchLimits& limits)
        : root_(root), limits_(limits), random_(seed) {
        nodes_.reserve(static_cast<size_t>(std::min<uint64_t>(limits.playouts + 2, 4096)));
        nodes_.emplace_back();
    }

    SearchChoice run() {
        uint64_t played = 0;
        while (played < limits_.playouts) {
            if (played % kStopPollEvery == 0 && limits_.stop && limits_.stop()) break;
            iterate();
            ++played;
        }
        return best(played);
    }

  private:
    void iterate() {
        std::unique_ptr<GameState> state = root_.clone();
        path_.assign(1, 0);
        descend(*state);
        std::vector<double> shares;
        if (state->outcome().over()) {
            shares = outcomeShares(*state, state->outcome());
        } else {
            const PlayoutCount count = state->playOut(random_, limits_.playoutCap, nullptr);
            shares = count.capped || count.stuck ? cappedShares(*state)
                                                 : outcomeShares(*state, state->outcome());
        }
        for (uint32_t index : path_) {
            Node& n = nodes_[index];
            ++n.visits;
            if (n.chooser >= 0 && static_cast<size_t>(n.chooser) < shares.size())
                n.reward += shares[static_cast<size_t>(n.chooser)];
        }
    }

    // Walks the tree from the root, applying its actions to `state`, until it
    // adds a node or reaches a leaf it may not grow; path_ holds the nodes.
    void descend(GameState& state) {
        uint32_t at = 0;
        while (!state.outcome().over()) {
            const bool mayGrow = nodes_.size() < limits_.maxNodes;
            uint32_t next = kNone;
            bool added = false;
            if (std::optional<ChanceDraw> draw = state.chance()) {
                if (!drawChance(*draw)) return;
                next = childWith(at, drawn_);
                if (next == kNone) {
                    if (!mayGrow) return;
                    next = addChild(at, drawn_, NoPlayer);
                    added = true;
                }
            } else {
                bool listedHere = false;
                if (!nodes_[at].known) {
                    listChoosable(state, listed_);
                    listedHere = true;
                    nodes_[at].listed = static_cast<uint32_t>(listed_.size());
                    nodes_[at].known = true;
                }
                if (nodes_[at].listed == 0) return;
                if (nodes_[at].expanded < nodes_[at].listed) {
                    if (!mayGrow) return;
                    next = expand(at, state, listedHere);
                    added = true;
                } else {
                    next = select(at);
                }
            }
            state.apply(nodes_[next].action);
            path_.push_back(next);
            at = next;
            if (added) return;
        }
    }

    bool drawChance(const ChanceDraw& draw) {
        if (draw.sides < 1 || draw.count < 0) return false;
        drawn_.payload.resize(static_cast<size_t>(draw.count));
        for (int& v : drawn_.payload)
            v = static_cast<int>(random_.below(static_cast<uint64_t>(draw.sides)));
        return true;
    }

    uint32_t childWith(uint32_t parent, const Action& a) const {
        for (uint32_t c = nodes_[parent].firstChild; c != kNone; c = nodes_[c].nextSibling) {
            if (nodes_[c].action == a) return c;
        }
        return kNone;
    }

    uint32_t addChild(uint32_t parent, const Action& a, PlayerId chooser) {
        const auto index = static_cast<uint32_t>(nodes_.size());
        Node& child = nodes_.emplace_back();
        child.action = a;
        child.chooser = chooser;
        child.nextSibling = nodes_[parent].firstChild;
        nodes_[parent].firstChild = index;
        ++nodes_[parent].expanded;
        return index;
    }

    // Adds a child for one of the actions of `at` not yet tried, drawn at
    // random so that a budget smaller than the list does not favour the
    // actions a game lists first. `listedHere`: listed_ holds them already.
    uint32_t expand(uint32_t at, const GameState& state, bool listedHere) {
        if (!listedHere) listChoosable(state, listed_);
        tried_.assign(listed_.size(), false);
        for (uint32_t c = nodes_[at].firstChild; c != kNone; c = nodes_[c].nextSibling) {
            auto it = std::find(listed_.begin(), listed_.end(), nodes_[c].action);
            if (it != listed_.end()) tried_[static_cast<size_t>(it - listed_.begin())] = true;
        }
        const auto untried = static_cast<uint64_t>(std::count(tried_.begin(), tried_.end(), false));
        uint64_t pick = random_.below(std::max<uint64_t>(untried, 1));
        size_t i = 0;
        for (; i + 1 < listed_.size(); ++i) {
            if (tried_[i]) continue;
            if (pick == 0) break;
            --pick;
        }
        return addChild(at, listed_[i], state.toMove());
    }

    // UCT: the child that maximises its chooser's mean share plus the
    // exploration term; every child has been visited once when this is asked.
    uint32_t select(uint32_t at) const {
        const double logVisits = std::log(std::max<double>(nodes_[at].visits, 1));
        uint32_t best = kNone;
        double bestValue = -std::numeric_limits<double>::infinity();
        for (uint32_t c = nodes_[at].firstChild; c != kNone; c = nodes_[c].nextSibling) {
            const Node& n = nodes_[c];
            const double visits = std::max<double>(n.visits, 1);
            const double value = n.reward / visits + kExploration * std::sqrt(logVisits / visits);
            if (value > bestValue) {
                bestValue = value;
                best = c;
            }
        }
        return best;
    }

    // The root's most visited child (the "robust child"), the higher mean
    // share between equals; a random listed action when no playout ran.
    SearchChoice best(uint64_t played) {
        SearchChoice choice;
        choice.playouts = played;
        choice.nodes = nodes_.size();
        uint32_t chosen = kNone;
        for (uint32_t c = nodes_[0].firstChild; c != kNone; c = nodes_[c].nextSibling) {
            if (chosen == kNone || nodes_[c].visits > nodes_[chosen].visits ||
                (nodes_[c].visits == nodes_[chosen].visits &&
                 nodes_[c].reward > nodes_[chosen].reward))
                chosen = c;
        }
        if (chosen == kNone || nodes_[chosen].visits == 0) {
            listChoosable(root_, listed_);
            choice.action = listed_[static_cast<size_t>(random_.below(listed_.size()))];
            return choice;
        }
        choice.action = nodes_[chosen].action;
        choice.share = nodes_[chosen].reward / nodes_[chosen].visits;
        return choice;
    }

    const GameState& root_;
    const SearchLimits& limits_;
    SeededRandom random_;
    std::vector<Node> nodes_;
    std::vector<uint32_t> path_;
    std::vector<Action> listed_;
    std::vector<bool> tried_;
    Action drawn_ = Action::chance({});
};

}  // namespace

std::optional<SearchChoice> chooseAction(const GameState& state, uint64_t seed,
                                         const SearchLimits& limits) {
    if (state.outcome().over() || state.chance()) return std::nullopt;
    std::vector<Action> listed;
    listChoosable(state, listed);
    if (listed.empty()) return std::nullopt;
    if (listed.size() == 1) return SearchChoice{listed[0], 0, 0, 0};
    return Search(state, seed, limits).run();
}

}  // namespace arbiter
