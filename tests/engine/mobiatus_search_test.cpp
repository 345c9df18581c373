// The Möbiatus chain search against a plain one written from the rules
// alone: a board built for every jump, every group flooded afresh on the
// board the chain stands on. The engine's search floods each group once, on
// the board the turn starts from, and builds no board mid-chain
// (engine/mobiatus/mobiatus_chains.h says why that is the same); along
// random games both must find the same chains in the same order, and the
// listing must keep the first chain to each position, as whole boards
// compared tell.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/mobiatus/mobiatus.h"
#include "tests/engine/seeded_numbers.h"

namespace arbiter::mobiatus {
namespace {

// The knight's jumps in the rules' fixed order: two ranks up and one file
// right first, then clockwise.
constexpr int kKnight[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                               {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

Cell step(Cell c, int dx, int dy) {
    const int x = c % kFiles + dx, y = (c / kFiles + dy + kRanks) % kRanks;
    return x < 0 || x >= kFiles ? NoCell : y * kFiles + x;
}

std::vector<Cell> besides(Cell c) {
    std::vector<Cell> out;
    for (auto [dx, dy] : {std::pair{-1, 0}, {1, 0}, {0, 1}, {0, -1}}) {
        if (const Cell n = step(c, dx, dy); n != NoCell) out.push_back(n);
    }
    return out;
}

// One chain as the plain search finds it, with the board after it.
struct Found {
    std::vector<Jump> jumps;
    Board after;
};

// The rules of a jump read straight off the board it starts from.
class PlainSearch {
  public:
    PlainSearch(Side mover, std::vector<Found>& out) : mover_(mover), out_(out) {}

    void run(const Board& b) {
        own(b).each([&](Cell p) { from(b, p, CellSet()); });
    }

  private:
    const CellSet& own(const Board& b) const { return b.dots[static_cast<size_t>(mover_)]; }

    // Whether a complete chain goes on from `p`.
    bool from(const Board& b, Cell p, const CellSet& touched) {
        bool found = false;
        for (auto [dx, dy] : kKnight) {
            const Cell t = step(p, dx, dy);
            if (t == NoCell || b.occupied(t) || touched.has(t)) continue;
            CellSet group, rests;
            if (!b.singular.has(t)) {
                if (own(b).has(opposite(t))) continue;
                rests.add(t);
            } else {
                group = flood(b.singular, t);
                if (group.has(p) || group.meets(touched)) continue;
                group.each([&](Cell g) {
                    for (Cell r : besides(g)) {
                        if (!b.singular.has(r) && !b.occupied(r) && !own(b).has(opposite(r)) &&
                            !touched.has(r))
                            rests.add(r);
                    }
                });
            }
            rests.each([&](Cell r) { found |= rest(b, p, t, group, r, touched); });
        }
        return found;
    }

    bool rest(const Board& b, Cell p, Cell t, const CellSet& group, Cell r,
              const CellSet& touched) {
        Cell taken = NoCell;
        const Board next = rested(b, mover_, p, r, taken);
        path_.push_back({p, t, r, taken});
        bool found = true;
        if (taken == NoCell) {
            out_.push_back({path_, next});
        } else {
            CellSet further = touched;
            further |= group;
            for (Cell c : {p, opposite(p), t, r, taken}) further.add(c);
            found = from(next, r, further);
        }
        path_.pop_back();
        return found;
    }

    static CellSet flood(const CellSet& singular, Cell t) {
        CellSet group;
        std::vector<Cell> frontier = {t};
        group.add(t);
        while (!frontier.empty()) {
            const Cell c = frontier.back();
            frontier.pop_back();
            for (Cell n : besides(c)) {
                if (singular.has(n) && !group.has(n)) group.add(n), frontier.push_back(n);
            }
        }
        return group;
    }

    Side mover_;
    std::vector<Found>& out_;
    std::vector<Jump> path_;
};

bool sameJumps(const std::vector<Jump>& a, const std::vector<Jump>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const Jump& x, const Jump& y) {
        return x.from == y.from && x.target == y.target && x.rest == y.rest && x.taken == y.taken;
    });
}

// What the listing should be: the first chain to each position, captures
// alone when they must be made and there are some.
std::vector<Action> plainListing(const std::vector<Found>& found, bool mandatoryCapture) {
    std::vector<const Found*> kept;
    for (const Found& f : found) {
        auto same = [&](const Found* k) { return k->after == f.after; };
        if (std::none_of(kept.begin(), kept.end(), same)) kept.push_back(&f);
    }
    const bool anyCapture =
        std::any_of(kept.begin(), kept.end(), [](const Found* k) { return k->jumps.size() > 1; });
    std::vector<Action> out;
    for (const Found* k : kept) {
        if (mandatoryCapture && anyCapture && k->jumps.size() == 1) continue;
        out.push_back(Chain{k->jumps, k->after}.action());
    }
    return out;
}

// Plays seeded random games to their end, comparing every position's chains,
// listing and count with the plain search's; returns how many chains of two
// captures or more, and how many mid-chain slides, were compared.
std::pair<int, int> compareAlongGames(const Rules& rules, uint64_t seed, int games) {
    SeededNumbers numbers(seed);
    int longChains = 0, slidesMidChain = 0;
    for (int g = 0; g < games; ++g) {
        MobiatusState s(rules);
        while (!s.outcome().over()) {
            std::vector<Found> found;
            PlainSearch(static_cast<Side>(s.toMove()), found).run(s.board());
            const std::vector<Chain> chains = s.chains();
            EXPECT_EQ(chains.size(), found.size()) << s.serialize();
            if (chains.size() != found.size()) return {};
            for (size_t i = 0; i < chains.size(); ++i) {
                EXPECT_TRUE(sameJumps(chains[i].jumps, found[i].jumps)) << s.serialize();
                EXPECT_EQ(chains[i].after, found[i].after) << s.serialize();
                longChains += found[i].jumps.size() > 2;
                for (size_t j = 1; j < found[i].jumps.size(); ++j)
                    slidesMidChain += found[i].jumps[j].slid();
            }
            const std::vector<Action> listed = s.legalActions();
            EXPECT_EQ(listed, plainListing(found, rules.mandatoryCapture)) << s.serialize();
            EXPECT_EQ(s.turnCount(), listed.size()) << s.serialize();
            if (listed.empty()) break;
            s.apply(listed[static_cast<size_t>(numbers.below(static_cast<int>(listed.size())))]);
        }
        EXPECT_TRUE(s.outcome().over());
    }
    return {longChains, slidesMidChain};
}

TEST(MobiatusSearch, FindsTheChainsThePlainSearchFindsAlongRandomGames) {
    const auto [longChains, slides] = compareAlongGames(Rules{}, 31, 4);
    // Not vacuous: the games made long chains and slid mid-chain.
    EXPECT_GT(longChains, 0);
    EXPECT_GT(slides, 0);
}

TEST(MobiatusSearch, ListsTheCapturesAloneWhenTheyMustBeMade) {
    Rules rules;
    rules.mandatoryCapture = true;
    const auto [longChains, slides] = compareAlongGames(rules, 7, 3);
    EXPECT_GT(longChains, 0);
    EXPECT_GT(slides, 0);
}

}  // namespace
}  // namespace arbiter::mobiatus
