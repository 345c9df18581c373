// Power Coinz in words and text: the notation of decisions and positions, what
// the players are told (the losers' duties among it), and the record.
#include <algorithm>
#include <bit>
#include <charconv>
#include <sstream>

#include "engine/core/text_fields.h"
#include "engine/powercoinz/powercoinz.h"

namespace arbiter::powercoinz {

namespace {

// "135" to a mask of coins; nullopt unless rising digits 1..5 each once.
std::optional<int> coinsFrom(std::string_view digits) {
    int mask = 0, last = 0;
    for (char c : digits) {
        if (c < '1' || c > '5' || c - '0' <= last) return std::nullopt;
        last = c - '0';
        mask |= 1 << (last - 1);
    }
    return mask;
}

}  // namespace

std::string PowercoinzState::coinsText(int mask) const {
    std::string text;
    for (int r = 1; r <= kCoins; ++r) {
        if (mask & (1 << (r - 1))) text += static_cast<char>('0' + r);
    }
    return text.empty() ? "-" : text;
}

std::string PowercoinzState::encode(const Action& a) const {
    if (a.kind == Action::Kind::Chance && phase_ == Phase::Flipping && isLegal(a)) {
        int shown = 0;
        size_t i = 0;
        for (int r = 1; r <= kCoins; ++r) {
            if (!(coins_[static_cast<size_t>(toMove_)] & (1 << (r - 1)))) continue;
            if (a.payload[i++]) shown |= 1 << (r - 1);
        }
        return "shows:" + coinsText(shown);
    }
    if (a.kind == Action::Kind::Chance && phase_ == Phase::Pick && isLegal(a)) {
        int index = a.payload[0];
        for (int r = 1; r <= kCoins; ++r) {
            if ((coins_[static_cast<size_t>(victim_)] & (1 << (r - 1))) && index-- == 0)
                return "picks:" + std::to_string(r);
        }
    }
    if (a.kind != Action::Kind::Choice) return "?";
    if (a.arg == kFlip) return "flip";
    // Seats are written from 1; long, so that no payload can overflow.
    if (a.arg == kRemove && a.payload.size() == 2)
        return "remove " + std::to_string(long{a.payload[0]} + 1) + ":" +
               std::to_string(a.payload[1]);
    if (a.arg == kRemoveBlind && a.payload.size() == 1)
        return "remove " + std::to_string(long{a.payload[0]} + 1);
    return "?";
}

std::optional<Action> PowercoinzState::decode(std::string_view text) const {
    if (text == "flip") return Action::choice(kFlip);
    if (text.starts_with("shows:") && text.size() > 6 && phase_ == Phase::Flipping) {
        auto shown = text.substr(6) == "-" ? std::optional<int>(0) : coinsFrom(text.substr(6));
        const int team = coins_[static_cast<size_t>(toMove_)];
        if (!shown || (*shown & ~team)) return std::nullopt;
        std::vector<int> values;
        for (int r = 1; r <= kCoins; ++r) {
            if (team & (1 << (r - 1))) values.push_back((*shown >> (r - 1)) & 1);
        }
        return Action::chance(std::move(values));
    }
    if (text.starts_with("picks:") && phase_ == Phase::Pick) {
        auto r = wholeNumber(text.substr(6), kCoins);
        const int team = coins_[static_cast<size_t>(victim_)];
        if (!r || *r < 1 || *r > kCoins || !(team & (1 << (*r - 1)))) return std::nullopt;
        return Action::chance({std::popcount(static_cast<unsigned>(team & ((1 << (*r - 1)) - 1)))});
    }
    if (!text.starts_with("remove ")) return std::nullopt;
    // "remove 2:3" (seat 2's coin 3), "remove 2" (a face-down coin of seat 2),
    // or with two players "remove 3" (the opponent's coin 3).
    const std::string_view what = text.substr(7);
    const auto colon = what.find(':');
    if (colon != std::string_view::npos) {
        // Bounded only so that no arithmetic overflows; refusal() says what is wrong.
        auto seat = wholeNumber(what.substr(0, colon), 1000);
        auto rating = wholeNumber(what.substr(colon + 1), 1000);
        if (!seat || !rating) return std::nullopt;
        return Action::choice(kRemove, NoCell,
                              {static_cast<int>(*seat) - 1, static_cast<int>(*rating)});
    }
    auto n = wholeNumber(what, 1000);
    if (!n) return std::nullopt;
    if (playerCount() == 2 && anyOpponentShowing())
        return Action::choice(kRemove, NoCell, {1 - toMove_, static_cast<int>(*n)});
    return Action::choice(kRemoveBlind, NoCell, {static_cast<int>(*n) - 1});
}

std::string PowercoinzState::describe(const Action& a) const {
    if (!isLegal(a)) return encode(a);
    if (a.kind == Action::Kind::Chance && phase_ == Phase::Flipping) {
        const std::string shown = encode(a).substr(6);
        int total = 0;
        for (char c : shown) total += c == '-' ? 0 : c - '0';
        std::string text =
            shown == "-" ? "no coin shows its rating (0)"
                         : "coins " + shown + " show their rating (" + std::to_string(total) + ")";
        // The last team flipped decides the round: say how, and the duties.
        PowercoinzState after = *this;
        after.apply(a);
        if (after.phase_ == Phase::Flip) return text + ". A tie for the highest: flip again";
        if (after.phase_ != Phase::Remove) return text;
        const PlayerId winner = after.toMove_;
        text += ". " + playerName(winner) + " wins the round and removes " +
                (after.anyOpponentShowing() ? "an opponent's coin that shows its rating"
                                            : "a face-down coin of an opponent, picked by chance");
        const std::string won = playerName(winner) + " won the round";
        for (const std::string& line : after.report()) {
            if (line.starts_with(won)) text += line.substr(won.size());
        }
        return text;
    }
    if (a.kind == Action::Kind::Chance)
        return playerName(victim_) + "'s coin " + encode(a).substr(6) + " is picked and removed";
    // Said after the player's name ("Ann: flips").
    if (a.arg == kFlip) return "flips";
    if (a.arg == kRemove)
        return "removes " + playerName(a.payload[0]) + "'s coin " + std::to_string(a.payload[1]);
    return "names " + playerName(a.payload[0]) + ": chance picks one of their face-down coins";
}

std::string PowercoinzState::serialize() const {
    std::string coins, shown;
    for (PlayerId p = 0; p < playerCount(); ++p) {
        coins += (p ? "," : "") + coinsText(coins_[static_cast<size_t>(p)]);
        shown += p ? "," : "";
        shown += !flipped_[static_cast<size_t>(p)]
                     ? std::string("?")
                     : coinsText(showing_[static_cast<size_t>(p)] & coins_[static_cast<size_t>(p)]);
    }
    std::string phase = "flip";
    if (phase_ == Phase::Flipping) phase = "flipping:" + std::to_string(flipper_ + 1);
    if (phase_ == Phase::Remove) phase = "remove";
    if (phase_ == Phase::Pick) phase = "pick:" + std::to_string(victim_ + 1);
    return coins + " " + shown + " " + phase + " " + std::to_string(toMove_ + 1);
}

std::unique_ptr<PowercoinzState> PowercoinzState::load(std::string_view text, std::string& error) {
    const std::vector<std::string> fields = wordsOf(text);
    if (fields.size() != 4) {
        error =
            "a Power Coinz position is COINS SHOWING PHASE SEAT, such as \"12345,12345 ?,? "
            "flip 1\"; this has " +
            std::to_string(fields.size()) + " fields";
        return nullptr;
    }
    const auto coinParts = splitOn(fields[0], ','), shownParts = splitOn(fields[1], ',');
    const std::vector<std::string> coins(coinParts.begin(), coinParts.end());
    const std::vector<std::string> shown(shownParts.begin(), shownParts.end());
    const int players = static_cast<int>(coins.size());
    if (players < 2 || players > kMaxPlayers) {
        error = "Power Coinz is for 2 to 16 players: give each seat's coins, separated by commas";
        return nullptr;
    }
    if (shown.size() != coins.size()) {
        error = "give what shows for each of the " + std::to_string(players) +
                " seats, separated by commas";
        return nullptr;
    }
    auto state = std::unique_ptr<PowercoinzState>(new PowercoinzState(players, true));
    for (size_t p = 0; p < coins.size(); ++p) {
        auto team = coins[p] == "-" ? std::optional<int>(0) : coinsFrom(coins[p]);
        if (!team || coins[p].empty()) {
            error = "seat " + std::to_string(p + 1) +
                    "'s coins are its ratings in rising order (12345, 245) or - when out, not \"" +
                    coins[p] + "\"";
            return nullptr;
        }
        state->coins_[p] = static_cast<uint8_t>(*team);
        if (shown[p].empty()) {
            error =
                "seat " + std::to_string(p + 1) + " shows nothing written: give ?, - or ratings";
            return nullptr;
        }
        if (shown[p] == "?") continue;
        auto up = shown[p] == "-" ? std::optional<int>(0) : coinsFrom(shown[p]);
        if (!up || (*up & ~*team)) {
            error = "seat " + std::to_string(p + 1) +
                    " shows ratings of coins it has in play (in rising order), - or ?, not \"" +
                    shown[p] + "\"";
            return nullptr;
        }
        state->showing_[p] = static_cast<uint8_t>(*up);
        state->flipped_[p] = true;
    }
    auto seat = wholeNumber(fields[3], 1000);
    if (!seat || *seat < 1 || *seat > players || !state->inGame(static_cast<int>(*seat) - 1)) {
        error = "the seat to move must be a seat with coins, 1 to " + std::to_string(players) +
                ", not \"" + fields[3] + "\"";
        return nullptr;
    }
    state->toMove_ = static_cast<int>(*seat) - 1;
    const std::string& phase = fields[2];
    auto seatAfter = [&](size_t at) -> std::optional<int> {
        auto n = wholeNumber(std::string_view(phase).substr(at), 1000);
        if (!n || *n < 1 || *n > players || !state->inGame(static_cast<int>(*n) - 1))
            return std::nullopt;
        return static_cast<int>(*n) - 1;
    };
    int left = 0, flippedInPlay = 0;
    for (PlayerId p = 0; p < players; ++p) {
        left += state->inGame(p);
        flippedInPlay += state->inGame(p) && state->flipped_[static_cast<size_t>(p)];
    }
    if (phase == "flip") {
        state->phase_ = Phase::Flip;
    } else if (phase.starts_with("flipping:") && seatAfter(9)) {
        state->phase_ = Phase::Flipping;
        state->flipper_ = *seatAfter(9);
        // Teams flip in seat order: those before the one to move have flipped.
        for (PlayerId p = 0; p < players; ++p) {
            if (state->inGame(p) &&
                state->flipped_[static_cast<size_t>(p)] != (p < state->toMove_)) {
                error =
                    "while flipping, the seats before the one to move have flipped and the "
                    "others show ?";
                return nullptr;
            }
        }
    } else if (phase == "remove") {
        state->phase_ = Phase::Remove;
        state->lastWinner_ = state->toMove_;
    } else if (phase.starts_with("pick:") && seatAfter(5) && *seatAfter(5) != state->toMove_) {
        state->phase_ = Phase::Pick;
        state->victim_ = *seatAfter(5);
        state->lastWinner_ = state->toMove_;
    } else {
        error =
            "the phase is flip, flipping:SEAT, remove or pick:SEAT (an opponent with coins), "
            "not \"" +
            phase + "\"";
        return nullptr;
    }
    if (left < 2 && state->phase_ != Phase::Flip) {
        error = "one player has coins: the game is over, and its phase is flip";
        return nullptr;
    }
    if (state->phase_ == Phase::Remove || state->phase_ == Phase::Pick) {
        if (flippedInPlay != left) {
            error = "a round's winner removes a coin only once every team has flipped";
            return nullptr;
        }
        // The one to move must be the round's winner: the one highest total.
        for (PlayerId p = 0; p < players; ++p) {
            if (p != state->toMove_ && state->inGame(p) &&
                state->showingTotal(p) >= state->showingTotal(state->toMove_)) {
                error =
                    "the seat to move removes a coin only when its total showing is the "
                    "round's one highest";
                return nullptr;
            }
        }
        if (state->phase_ == Phase::Pick && state->anyOpponentShowing()) {
            error = "chance picks a face-down coin only when no opponent's coin shows its rating";
            return nullptr;
        }
    }
    state->winner_ = state->lastWithCoins();
    return state;
}

std::vector<std::string> PowercoinzState::report() const {
    std::vector<std::string> lines;
    for (PlayerId p = 0; p < playerCount(); ++p) {
        const int team = coins_[static_cast<size_t>(p)];
        std::string line = playerName(p) + ": ";
        if (!team) {
            lines.push_back(line + "out of coins");
            continue;
        }
        line += "coins " + coinsText(team);
        if (flipped_[static_cast<size_t>(p)])
            line += ", showing " + coinsText(showing_[static_cast<size_t>(p)] & team) + " (" +
                    std::to_string(showingTotal(p)) + ")";
        lines.push_back(line);
    }
    if (lastTied_) lines.push_back("The round was a tie for the highest: flip again");
    if (lastWinner_ != NoPlayer && phase_ != Phase::Flipping) {
        const int down =
            coins_[static_cast<size_t>(lastWinner_)] & ~showing_[static_cast<size_t>(lastWinner_)];
        std::string duties;
        for (int r = 1; r <= kCoins; ++r) {
            if (down & (1 << (r - 1)))
                duties += (duties.empty() ? "" : "; ") + std::string("coin ") + std::to_string(r) +
                          ": " + powerOf(r);
        }
        lines.push_back(playerName(lastWinner_) + " won the round" +
                        (duties.empty() ? ". None of " + playerName(lastWinner_) +
                                              "'s coins is face down: the others have no duty"
                                        : ". The others must do what " + playerName(lastWinner_) +
                                              "'s face-down coins say: " + duties));
    }
    return lines;
}

std::string PowercoinzGame::exportRecord(const GameRecord& record) const {
    std::ostringstream out;
    for (const auto& [tag, value] : record.tags) out << "[" << tag << " \"" << value << "\"]\n";
    out << "[Start \"" << record.startText << "\"]\n\n";
    std::string error;
    auto state = PowercoinzState::load(record.startText, error);
    for (size_t i = 0; state && i < record.actions.size(); ++i) {
        const Action& a = record.actions[i];
        out << i + 1 << ". " << state->playerName(state->toMove()) << ": " << state->describe(a)
            << "\n";
        if (!state->isLegal(a)) break;  // a damaged record: say no more than is known
        state->apply(a);
    }
    const Outcome& o = record.outcome;
    out << "\nResult: ";
    if (!o.over())
        out << "unfinished";
    else if (o.status == Outcome::Status::Win)
        out << "Player " << o.winners.front() + 1 << " wins";
    else
        out << "drawn";
    const std::string note = record.outcomeNote.empty() ? o.reason : record.outcomeNote;
    if (!note.empty()) out << " (" << note << ")";
    out << "\n";
    return out.str();
}

}  // namespace arbiter::powercoinz
