#include "daemon/boards/repeated_warnings.h"

#include <algorithm>
#include <cctype>

namespace arbiter {

namespace {

// A line's kind: its text with every number ("17", "0x8e") made "#", so that
// "square 3" and "square 41" count together.
std::string kindOf(const std::string& what) {
    std::string kind;
    for (size_t i = 0; i < what.size();) {
        const bool hex = what.compare(i, 2, "0x") == 0;
        if (!hex && !std::isdigit(static_cast<unsigned char>(what[i]))) {
            kind.push_back(what[i++]);
            continue;
        }
        if (hex) i += 2;
        while (i < what.size() && std::isxdigit(static_cast<unsigned char>(what[i]))) ++i;
        kind.push_back('#');
    }
    return kind;
}

// 12345 as "12,345": a count of held-back lines is read at a glance.
std::string grouped(long n) {
    std::string digits = std::to_string(n);
    for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3)
        digits.insert(static_cast<size_t>(at), ",");
    return digits;
}

}  // namespace

bool RepeatedWarnings::admit(const std::string& what, Millis now) {
    std::string key = kindOf(what);
    if (!kinds_.count(key) && kinds_.size() >= kMaxKinds) key.clear();
    auto [it, fresh] = kinds_.try_emplace(key);
    Kind& kind = it->second;
    // An interval that ended with nothing held back: the kind starts afresh.
    if (fresh || (kind.heldBack == 0 && now - kind.since >= limits_.interval)) {
        kind.since = now;
        kind.logged = 0;
        kind.flooded = false;
    }
    // While a flood goes on, only the summaries speak.
    if (!kind.flooded && kind.logged < limits_.perInterval) {
        ++kind.logged;
        return true;
    }
    ++kind.heldBack;
    kind.latest = what;
    return false;
}

std::vector<std::string> RepeatedWarnings::summaries(Millis now) {
    std::vector<std::string> lines;
    for (auto it = kinds_.begin(); it != kinds_.end();) {
        Kind& kind = it->second;
        if (now - kind.since < limits_.interval) {
            ++it;
            continue;
        }
        if (kind.heldBack == 0) {  // quiet for a whole interval: forgotten
            it = kinds_.erase(it);
            continue;
        }
        lines.push_back(grouped(kind.heldBack) + " more like \"" + kind.latest + "\" in the last " +
                        std::to_string((now - kind.since + 500) / 1000) + " s");
        kind.since = now;
        kind.heldBack = 0;
        kind.flooded = true;
        ++it;
    }
    return lines;
}

std::optional<Millis> RepeatedWarnings::nextSummaryAt() const {
    std::optional<Millis> next;
    for (const auto& [key, kind] : kinds_) {
        if (kind.heldBack == 0) continue;
        const Millis due = kind.since + limits_.interval;
        if (!next || due < *next) next = due;
    }
    return next;
}

}  // namespace arbiter
