// The rules of Power Coinz: rounds of flips, the round's winner removing a
// coin, players going out. Notation and the report are in powercoinz_notation.cpp.
#include "engine/powercoinz/powercoinz.h"

#include "engine/powercoinz/coin_sets.h"

#include <algorithm>
#include <bit>
#include <cassert>

namespace arbiter {

namespace {

std::unique_ptr<Game> makePowercoinzGame(const GameOptions& resolved, std::string&) {
    return std::make_unique<powercoinz::PowercoinzGame>(resolved);
}

}  // namespace

GameInfo powercoinzInfo() {
    GameInfo info;
    info.name = "powercoinz";
    info.title = "Power Coinz: teams of five coins flipped in rounds, played without a board";
    info.minPlayers = 2;
    info.maxPlayers = 16;
    info.defaultPlayers = 2;
    info.defaultFiles = info.defaultRanks = 0;
    info.minFiles = info.maxFiles = info.minRanks = info.maxRanks = 0;
    info.make = makePowercoinzGame;
    return info;
}

namespace powercoinz {

namespace {
constexpr uint8_t kFullTeam = (1u << kCoins) - 1;
static_assert(kCoins == kTeamSize);
}  // namespace

std::string powerOf(int rating) {
    // The seed leaves the powers to each set's maker; these are arbiter's set.
    static const char* const powers[kCoins] = {
        "sing one line of a song the winner chooses",
        "stand up and sit down again before the next flip",
        "say something kind about the winner",
        "hop on one foot until the next round is decided",
        "tell the table a joke; the winner judges it",
    };
    return rating >= 1 && rating <= kCoins ? powers[rating - 1] : std::string();
}

PowercoinzState::PowercoinzState(int players, bool) : players_(players) {}

PowercoinzState::PowercoinzState(int players) : PowercoinzState(players, true) {
    assert(players >= 2 && players <= kMaxPlayers);
    std::fill(coins_.begin(), coins_.begin() + players, kFullTeam);
}

const Geometry& PowercoinzState::geometry() const {
    // Shared: copying a Geometry costs a counted reference, for no board.
    static const Geometry none = Geometry::none();
    return none;
}

std::unique_ptr<GameState> PowercoinzState::clone() const {
    return std::make_unique<PowercoinzState>(*this);
}

std::string PowercoinzState::playerName(PlayerId p) const {
    return "Player " + std::to_string(p + 1);
}

PlayerResources PowercoinzState::resources(PlayerId p) const {
    PlayerResources r;
    if (p >= 0 && p < playerCount()) r.score = coinCount(coins_[static_cast<size_t>(p)]);
    return r;
}

bool PowercoinzState::inGame(PlayerId p) const {
    return p >= 0 && p < playerCount() && coins_[static_cast<size_t>(p)] != 0;
}

PlayerId PowercoinzState::nextWithCoins(PlayerId after) const {
    for (PlayerId p = after + 1; p < playerCount(); ++p) {
        if (inGame(p)) return p;
    }
    return NoPlayer;
}

int PowercoinzState::showingTotal(PlayerId p) const {
    return ratingTotal(showing_[static_cast<size_t>(p)] & coins_[static_cast<size_t>(p)]);
}

bool PowercoinzState::anyOpponentShowing() const {
    for (PlayerId q = 0; q < playerCount(); ++q) {
        if (q != toMove_ && (showing_[static_cast<size_t>(q)] & coins_[static_cast<size_t>(q)]))
            return true;
    }
    return false;
}

std::optional<ChanceDraw> PowercoinzState::chance() const {
    if (phase_ == Phase::Flipping)
        return ChanceDraw{coinCount(coins_[static_cast<size_t>(toMove_)]), 2};
    if (phase_ == Phase::Pick)
        return ChanceDraw{1, coinCount(coins_[static_cast<size_t>(victim_)])};
    return std::nullopt;
}

void PowercoinzState::listActions(std::vector<Action>& out) const {
    // Reserved at once: the removals as counted, a draw's ways below.
    const uint64_t size = phase_ == Phase::Remove ? removalCount() : 1;
    ActionWriter list(out, static_cast<size_t>(size));
    if (winner_ != NoPlayer) return;
    switch (phase_) {
        case Phase::Flip:
            list.next(Action::Kind::Choice).arg = kFlip;
            break;
        case Phase::Flipping:
        case Phase::Pick: {
            // Every way chance may fall, each a branch of its own.
            const ChanceDraw draw = *chance();
            int ways = 1;
            for (int i = 0; i < draw.count; ++i) ways *= draw.sides;
            out.reserve(static_cast<size_t>(ways));
            for (int w = 0; w < ways; ++w) {
                Action& a = list.next(Action::Kind::Chance);
                for (int i = 0, rest = w; i < draw.count; ++i, rest /= draw.sides)
                    a.payload.push_back(rest % draw.sides);
            }
            break;
        }
        case Phase::Remove: {
            const bool showing = anyOpponentShowing();
            for (PlayerId q = 0; q < playerCount(); ++q) {
                if (q == toMove_ || !inGame(q)) continue;
                if (!showing) {
                    Action& a = list.next(Action::Kind::Choice);
                    a.arg = kRemoveBlind;
                    a.payload.push_back(q);
                    continue;
                }
                const int shown = showing_[static_cast<size_t>(q)] & coins_[static_cast<size_t>(q)];
                for (int r = 1; r <= kCoins; ++r) {
                    if (!(shown & (1 << (r - 1)))) continue;
                    Action& a = list.next(Action::Kind::Choice);
                    a.arg = kRemove;
                    a.payload.push_back(q);
                    a.payload.push_back(r);
                }
            }
            break;
        }
    }
}

bool PowercoinzState::isLegal(const Action& a) const {
    return refusal(a).empty();
}

std::string PowercoinzState::refusal(const Action& a) const {
    if (winner_ != NoPlayer) return "the game is over";
    if (a.from != NoCell || a.to != NoCell || !a.path.empty() || a.piece != -1)
        return "Power Coinz is played without a board";
    if (a.kind == Action::Kind::Chance) {
        auto draw = chance();
        if (!draw) return "no coin is being flipped now";
        if (static_cast<int>(a.payload.size()) != draw->count || a.arg != 0) return "not a draw";
        for (int v : a.payload) {
            if (v < 0 || v >= draw->sides) return "not a draw";
        }
        return {};
    }
    if (a.kind != Action::Kind::Choice)
        return "Power Coinz is played with flip and remove, said with arbiterctl";
    switch (phase_) {
        case Phase::Flipping:
        case Phase::Pick:
            return "chance is deciding; wait for it";
        case Phase::Flip:
            if (a.arg != kFlip || !a.payload.empty())
                return "the coins are to be flipped now: say flip";
            return {};
        case Phase::Remove:
            break;
    }
    if (a.arg == kFlip) return playerName(toMove_) + " won the round and removes a coin first";
    const bool showing = anyOpponentShowing();
    if (a.arg == kRemove && a.payload.size() == 2) {
        const PlayerId q = a.payload[0];
        const int r = a.payload[1];
        if (q == toMove_) return "you remove an opponent's coin, not your own";
        if (q < 0 || q >= playerCount() || !inGame(q)) return "there is no such opponent in play";
        if (r < 1 || r > kCoins || !(coins_[static_cast<size_t>(q)] & (1 << (r - 1))))
            return playerName(q) + " has no coin " + std::to_string(r) + " in play";
        if (!showing)
            return "no opponent's coin shows its rating: name an opponent (remove " +
                   std::to_string(q + 1) + ") and chance picks one of their coins";
        if (!(showing_[static_cast<size_t>(q)] & (1 << (r - 1))))
            return playerName(q) + "'s coin " + std::to_string(r) +
                   " is face down: remove a coin that shows its rating";
        return {};
    }
    if (a.arg == kRemoveBlind && a.payload.size() == 1) {
        const PlayerId q = a.payload[0];
        if (q == toMove_) return "you remove an opponent's coin, not your own";
        if (q < 0 || q >= playerCount() || !inGame(q)) return "there is no such opponent in play";
        if (showing)
            return "an opponent's coin shows its rating: remove one of those by its rating";
        return {};
    }
    return "Power Coinz has no such decision";
}

void PowercoinzState::apply(const Action& a) {
    assert(isLegal(a));
    if (a.kind == Action::Kind::Chance && phase_ == Phase::Flipping) {
        // The team's coins in rising rating, each 1 when its rating shows.
        const unsigned team = coins_[static_cast<size_t>(toMove_)];
        unsigned shown = 0;
        for (int i = 0; i < coinCount(team); ++i) {
            // Without a branch: a coin's fall is as likely one way as the other.
            shown |= (a.payload[static_cast<size_t>(i)] != 0 ? 0xffu : 0u) & nthCoin(team, i);
        }
        teamFlipped(shown);
    } else if (a.kind == Action::Kind::Chance) {
        coinPicked(a.payload[0]);  // the payload indexes the victim's coins
    } else if (a.arg == kFlip) {
        flipSaid();
    } else if (a.arg == kRemove) {
        coinRemoved(a.payload[0], a.payload[1]);
    } else {
        victimNamed(a.payload[0]);
    }
}

void PowercoinzState::teamFlipped(unsigned shown) {
    showing_[static_cast<size_t>(toMove_)] = static_cast<uint8_t>(shown);
    flipped_[static_cast<size_t>(toMove_)] = true;
    const PlayerId next = nextWithCoins(toMove_);
    if (next != NoPlayer)
        toMove_ = next;
    else
        decideRound();
}

void PowercoinzState::coinPicked(int index) {
    uint8_t& team = coins_[static_cast<size_t>(victim_)];
    team &= static_cast<uint8_t>(~nthCoin(team, index));
    if (!team) winner_ = lastWithCoins();
    victim_ = NoPlayer;
    phase_ = Phase::Flip;
}

void PowercoinzState::flipSaid() {
    showing_.fill(0);
    flipped_.fill(false);
    phase_ = Phase::Flipping;
    lastWinner_ = NoPlayer;
    lastTied_ = false;
    flipper_ = toMove_;
    toMove_ = nextWithCoins(-1);
}

void PowercoinzState::coinRemoved(PlayerId q, int rating) {
    const auto gone = static_cast<uint8_t>(~(1 << (rating - 1)));
    coins_[static_cast<size_t>(q)] &= gone;
    showing_[static_cast<size_t>(q)] &= gone;  // a removed coin shows nothing
    if (!coins_[static_cast<size_t>(q)]) winner_ = lastWithCoins();
    phase_ = Phase::Flip;  // the winner, still to move, flips next
}

void PowercoinzState::victimNamed(PlayerId q) {
    victim_ = q;
    phase_ = Phase::Pick;
}

void PowercoinzState::decideRound() {
    // Without branches on the totals, which fall at random: the highest
    // first, then who has it.
    std::array<int, kMaxPlayers> totals{};
    int best = -1;
    for (PlayerId p = 0; p < playerCount(); ++p) {
        const auto seat = static_cast<size_t>(p);
        totals[seat] = coins_[seat] ? showingTotal(p) : -1;
        best = std::max(best, totals[seat]);
    }
    int atBest = 0;
    PlayerId first = NoPlayer;
    for (PlayerId p = playerCount() - 1; p >= 0; --p) {
        const bool high = totals[static_cast<size_t>(p)] == best;
        atBest += high;
        first = high ? p : first;
    }
    lastTied_ = atBest > 1;
    if (lastTied_) {
        // A tie for the highest decides nothing: the same player flips again.
        phase_ = Phase::Flip;
        toMove_ = flipper_;
        return;
    }
    lastWinner_ = first;
    toMove_ = lastWinner_;
    phase_ = Phase::Remove;
}

PlayerId PowercoinzState::lastWithCoins() const {
    PlayerId last = NoPlayer;
    for (PlayerId p = 0; p < playerCount(); ++p) {
        if (!inGame(p)) continue;
        if (last != NoPlayer) return NoPlayer;
        last = p;
    }
    return last;
}

Outcome PowercoinzState::outcome() const {
    assert(winner_ == lastWithCoins());
    if (winner_ != NoPlayer) return Outcome::win({winner_}, "the last player with coins");
    return Outcome::ongoing();
}

Outcome PowercoinzState::stoppedOutcome(const std::string& why) const {
    int most = 0;
    std::vector<PlayerId> leaders;
    for (PlayerId p = 0; p < playerCount(); ++p) {
        const int n = std::popcount(coins_[static_cast<size_t>(p)]);
        if (n > most) leaders.clear();
        if (n >= most && n > 0) {
            most = n;
            leaders.push_back(p);
        }
    }
    if (leaders.size() == 1) return Outcome::win(leaders, why + "; most coins left");
    Outcome o = Outcome::draw(why + "; as many coins left");
    o.winners = leaders;
    return o;
}

std::unique_ptr<GameState> PowercoinzGame::start() const {
    return std::make_unique<PowercoinzState>(options_.players);
}

std::unique_ptr<GameState> PowercoinzGame::load(std::string_view text, std::string& error) const {
    return PowercoinzState::load(text, error);
}

}  // namespace powercoinz
}  // namespace arbiter
