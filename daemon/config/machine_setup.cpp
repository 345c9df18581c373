#include "daemon/config/machine_setup.h"

#include <unistd.h>
#include <algorithm>
#include <cctype>
#include <cmath>

#include "daemon/base/utf8.h"

namespace arbiter {

namespace {

std::string lowered(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

std::string trimmed(const std::string& text) {
    const size_t first = text.find_first_not_of(" \t");
    if (first == std::string::npos) return {};
    return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

// The seats' names as the configuration takes them: "1 (white), 2 (black)".
std::string seatsText(const GameState& start) {
    std::string text;
    for (PlayerId p = 0; p < start.playerCount(); ++p)
        text += (p ? ", " : "") + std::to_string(p + 1) + " (" + lowered(start.playerName(p)) + ")";
    return text;
}

// The seat `text` names: its number from 1, or the game's name for it.
std::optional<PlayerId> seatNamed(const GameState& start, const std::string& text) {
    if (!text.empty() && text.size() <= 3 &&
        std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        const int number = std::stoi(text);
        if (number >= 1 && number <= start.playerCount()) return number - 1;
        return std::nullopt;
    }
    for (PlayerId p = 0; p < start.playerCount(); ++p)
        if (lowered(start.playerName(p)) == lowered(text)) return p;
    return std::nullopt;
}

// One "SEAT[:LEVEL]".
bool readSeat(const std::string& text, const GameState& start, std::vector<MachineSeat>& seats,
              std::string& error) {
    const size_t colon = text.find(':');
    const std::string seatText = trimmed(text.substr(0, colon));
    const auto seat = seatNamed(start, seatText);
    if (!seat) {
        error = "machine \"" + printable(text) + "\": no seat \"" + printable(seatText) +
                "\"; the seats are " + seatsText(start);
        return false;
    }
    MachineSeat m{*seat, MachineSeat::kDefaultLevel};
    if (colon != std::string::npos) {
        const std::string level = trimmed(text.substr(colon + 1));
        if (level.size() != 1 || level[0] < '0' + MachineSeat::kWeakest ||
            level[0] > '0' + MachineSeat::kStrongest) {
            error = "machine \"" + printable(text) + "\": the level is a number from " +
                    std::to_string(MachineSeat::kWeakest) + " (weakest) to " +
                    std::to_string(MachineSeat::kStrongest) + " (strongest), not \"" +
                    printable(level) + "\"";
            return false;
        }
        m.level = level[0] - '0';
    }
    if (machineSeat(seats, m.seat)) {
        error = "machine \"" + printable(text) + "\": the machine plays " +
                lowered(start.playerName(m.seat)) + " already; name each seat once";
        return false;
    }
    seats.push_back(m);
    return true;
}

}  // namespace

bool machineSeatsAsked(const Configuration& config, const GameState& start,
                       std::vector<MachineSeat>& seats, std::string& error) {
    for (const std::string& entry : config.machines) {
        for (size_t at = 0; at <= entry.size();) {
            const size_t comma = std::min(entry.find(',', at), entry.size());
            if (!readSeat(entry.substr(at, comma - at), start, seats, error)) {
                error = config.where("machine") + error;
                return false;
            }
            at = comma + 1;
        }
    }
    if (!seats.empty() && start.hidden()) {
        error = config.where("machine") +
                "the machine cannot play a game in which each player sees only part of it: "
                "it would see what its seat may not";
        return false;
    }
    return true;
}

namespace {

bool readTime(const Configuration& config, Millis& ms, std::string& error) {
    char* end = nullptr;
    const std::string& text = config.machineTime;
    const double seconds = text.empty() ? NAN : std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !std::isfinite(seconds) || seconds < 0.1 || seconds > 600 ||
        text.find_first_not_of("0123456789.") != std::string::npos) {
        error = config.where("machine-time") + "machine-time is the seconds the machine " +
                "thinks per turn, from 0.1 to 600 (e.g. 3 or 0.5), not \"" + printable(text) + "\"";
        return false;
    }
    ms = static_cast<Millis>(std::lround(seconds * 1000));
    return true;
}

}  // namespace

bool readMachineSettings(const Configuration& config, const GameState& start,
                         TableSettings& settings, std::string& note, std::string& error) {
    if (!machineSeatsAsked(config, start, settings.session.machines, error) ||
        !readTime(config, settings.machineTimeMs, error))
        return false;
    const std::string& engine = config.machineEngine;
    settings.uciEngine.clear();
    if (engine == "builtin") return true;
    if (engine.empty() || !isUtf8(engine) || engine.front() != '/') {
        error = config.where("machine-engine") + "machine-engine is the full path of a UCI " +
                "chess engine (/usr/games/stockfish), or builtin, not \"" + printable(engine) +
                "\"";
        return false;
    }
    if (::access(engine.c_str(), X_OK) != 0) {
        const bool asked =
            !config.where("machine-engine").empty() || engine != Configuration().machineEngine;
        // Only a chess table whose machine plays needs it.
        const bool needed = !settings.session.machines.empty() && settings.game == "fide";
        if (asked && needed) {
            error = config.where("machine-engine") + "machine-engine " + printable(engine) +
                    " is not a program this user may run; install it (Debian's stockfish is "
                    "/usr/games/stockfish), or give machine-engine = builtin";
            return false;
        }
        if (needed)
            note = "no chess engine at " + engine +
                   " (apt install stockfish): the built-in player plays chess";
        return true;
    }
    settings.uciEngine = engine;
    return true;
}

std::string machineSeatText(const GameState& start, const MachineSeat& seat) {
    return lowered(start.playerName(seat.seat)) + ":" + std::to_string(seat.level);
}

std::string machineSeatsText(const GameState& start, const std::vector<MachineSeat>& seats) {
    std::string text;
    for (const MachineSeat& m : seats)
        text += (text.empty() ? "" : ", ") + machineSeatText(start, m);
    return text;
}

}  // namespace arbiter
