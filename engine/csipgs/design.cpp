#include "engine/csipgs/design.h"

#include <algorithm>
#include <cassert>
#include <limits>

namespace arbiter::csipgs {

namespace {

enum class Family : uint8_t { Orthogonal, Diagonal, Oblique };

// Direction parts, as bits of a mask, per family.
constexpr uint8_t kForward = 1, kRetreat = 2, kSideways = 4;  // orthogonal
// Diagonal atoms use kForward and kRetreat only.
constexpr uint8_t kNarrowForward = 1, kNarrowRetreat = 2, kWideForward = 4, kWideRetreat = 8;

struct AtomInfo {
    const char* letter;
    Family family;
    int distance;    // leap length in the atom's unit step; 0 for riders
    int baseTenths;  // the seed's base cost, in tenths of a zorkmid
};

constexpr std::array<AtomInfo, kAtoms> kAtomInfo = {{
    {"W", Family::Orthogonal, 1, 15},
    {"D", Family::Orthogonal, 2, 15},
    {"H", Family::Orthogonal, 3, 15},
    {"R", Family::Orthogonal, 0, 50},
    {"F", Family::Diagonal, 1, 15},
    {"A", Family::Diagonal, 2, 15},
    {"G", Family::Diagonal, 3, 15},
    {"B", Family::Diagonal, 0, 33},
    {"N", Family::Oblique, 1, 30},
    {"L", Family::Oblique, 3, 33},  // the (1,3) leap: its long side is 3
    {"NN", Family::Oblique, 0, 55},
}};

uint8_t fullMask(Family f) {
    switch (f) {
        case Family::Orthogonal:
            return kForward | kRetreat | kSideways;
        case Family::Diagonal:
            return kForward | kRetreat;
        case Family::Oblique:
            return kNarrowForward | kNarrowRetreat | kWideForward | kWideRetreat;
    }
    return 0;
}

// A set of direction parts the seed prices as one modifier, and that price in
// hundredths (narrow-and-forward is 0.5 x 0.7 = 0.35).
struct NamedParts {
    uint8_t mask;
    int hundredths;
};

std::vector<NamedParts> namedParts(Family f) {
    switch (f) {
        case Family::Orthogonal:
            return {{kForward | kRetreat | kSideways, 100},
                    {kForward, 50},
                    {kSideways, 50},
                    {kRetreat, 20}};
        case Family::Diagonal:
            return {{kForward | kRetreat, 100}, {kForward, 70}, {kRetreat, 40}};
        case Family::Oblique:
            return {{0xF, 100},
                    {kNarrowForward | kNarrowRetreat, 50},
                    {kWideForward | kWideRetreat, 50},
                    {kNarrowForward | kWideForward, 70},
                    {kNarrowRetreat | kWideRetreat, 40},
                    {kNarrowForward, 35},
                    {kWideForward, 35},
                    {kNarrowRetreat, 20},
                    {kWideRetreat, 20}};
    }
    return {};
}

// The price of one atom's abilities in ten-thousandths of a zorkmid: the
// cheapest way to write, with the seed's table, the piece or a stronger one
// (each part and mode paid once). This makes the price a fact of what the
// piece can do, not of how it was written: "ffNbbN" is the narrow knight (0.5),
// not narrow-forward plus narrow-retreat (0.35 + 0.2), "fWbWsW" is the Wazir,
// and a rook that cannot capture backwards ("fRsRbmR": 0.5 + 0.5 + 0.12 of a
// Rook) costs no more than the Rook, which can do all it does and more.
int64_t atomCost(Atom atom, uint8_t move, uint8_t capture) {
    const AtomInfo& info = kAtomInfo[static_cast<size_t>(atom)];
    // Bits 0-3 the parts it moves along, bits 4-7 those it captures along.
    const unsigned need = static_cast<unsigned>(move | (capture << 4));
    if (need == 0) return 0;
    struct Item {
        unsigned bits;
        int64_t cost;
    };
    std::vector<Item> items;
    for (NamedParts p : namedParts(info.family)) {
        const int64_t dir = int64_t{info.baseTenths} * p.hundredths;
        const unsigned mask = p.mask;
        items.push_back({mask | (mask << 4u), dir * 10});  // move and capture
        items.push_back({mask, dir * 6});                  // move only: 0.6
        items.push_back({mask << 4u, dir * 6});            // capture only: 0.6
    }
    const unsigned full =
        static_cast<unsigned>(fullMask(info.family) | (fullMask(info.family) << 4u));
    constexpr int64_t kNone = std::numeric_limits<int64_t>::max();
    std::array<int64_t, 256> best;
    best.fill(kNone);
    best[0] = 0;
    // Exact covers, smallest sets first: each set's lowest bit must be paid by
    // some item, and what that item leaves is a smaller set already priced.
    for (unsigned set = 1; set < 256; ++set) {
        if ((set & ~full) != 0) continue;
        unsigned low = set & (~set + 1);
        for (const Item& item : items) {
            if (!(item.bits & low) || (item.bits & ~set)) continue;
            int64_t rest = best[set & ~item.bits];
            if (rest != kNone) best[set] = std::min(best[set], rest + item.cost);
        }
    }
    // The cheapest of the piece's abilities and every stronger set of them.
    int64_t cheapest = kNone;
    for (unsigned set = need; set < 256; ++set) {
        if ((set & need) == need && best[set] != kNone) cheapest = std::min(cheapest, best[set]);
    }
    assert(cheapest != kNone);
    return cheapest;
}

// Parses one direction prefix for an atom of `family`; nullopt and a message
// when it does not apply to that family.
std::optional<uint8_t> directionParts(std::string_view dir, Family family, std::string_view atom,
                                      std::string& error) {
    if (dir.empty()) return fullMask(family);
    auto refuse = [&](const std::string& why) -> std::optional<uint8_t> {
        error = "'" + std::string(dir) + "' does not apply to " + std::string(atom) + ": " + why;
        return std::nullopt;
    };
    switch (family) {
        case Family::Orthogonal:
            if (dir == "f") return kForward;
            if (dir == "b") return kRetreat;
            if (dir == "s") return kSideways;
            return refuse(
                "orthogonal atoms (W, D, H, R) take f, b or s; to combine directions repeat the "
                "atom, e.g. fWsW");
        case Family::Diagonal:
            if (dir == "f") return kForward;
            if (dir == "b") return kRetreat;
            return refuse("diagonal atoms (F, A, G, B) take f or b");
        case Family::Oblique:
            if (dir == "f") return kNarrowForward | kWideForward;
            if (dir == "b") return kNarrowRetreat | kWideRetreat;
            if (dir == "ff") return kNarrowForward;
            if (dir == "bb") return kNarrowRetreat;
            if (dir == "fs") return kWideForward;
            if (dir == "bs") return kWideRetreat;
            return refuse(
                "N, L and NN take f, b, ff, bb (narrow) or fs, bs (wide); the narrow knight is "
                "ffNbbN, the wide one fsNbsN");
    }
    return std::nullopt;
}

constexpr size_t kMaxText = 60;

}  // namespace

std::optional<Design> Design::parse(std::string_view text, std::string& error) {
    const std::string whole(text);
    if (text.empty()) {
        error = "a design needs at least one atom, e.g. FfR";
        return std::nullopt;
    }
    if (text.size() > kMaxText) {
        error = "a design is at most " + std::to_string(kMaxText) + " characters";
        return std::nullopt;
    }
    Design d;
    size_t i = 0;
    auto at = [&](size_t pos) {
        return " at position " + std::to_string(pos + 1) + " of " + whole;
    };
    while (i < text.size() && text[i] != '+') {
        const size_t start = i;
        while (i < text.size() && text[i] >= 'a' && text[i] <= 'z') ++i;
        std::string_view prefix = text.substr(start, i - start);
        std::string_view dir = prefix, mode;
        if (!prefix.empty() && (prefix.back() == 'm' || prefix.back() == 'c')) {
            mode = prefix.substr(prefix.size() - 1);
            dir = prefix.substr(0, prefix.size() - 1);
        }
        for (char c : dir) {
            if (c == 'm' || c == 'c') {
                error = "the mode (m or c) comes after the direction" + at(start) +
                        ": write fmW, not mfW";
                return std::nullopt;
            }
            if (c != 'f' && c != 'b' && c != 's') {
                error = "unknown modifier '" + std::string(1, c) + "'" + at(start) +
                        "; directions are f, b, s (ff, bb, fs, bs for N, L, NN), modes m and c";
                return std::nullopt;
            }
        }
        if (dir.size() > 2) {
            error = "too many direction letters '" + std::string(dir) + "'" + at(start);
            return std::nullopt;
        }
        if (i >= text.size() || text[i] == '+') {
            error = "modifiers '" + std::string(prefix) + "' with no atom after them" + at(start);
            return std::nullopt;
        }
        // The atom: NN before N; K and Q stand for WF and BR.
        std::vector<Atom> atoms;
        std::string atomText;
        char c = text[i];
        if (c == 'N' && i + 1 < text.size() && text[i + 1] == 'N') {
            atoms = {Atom::NN};
            atomText = "NN";
            i += 2;
        } else {
            atomText = std::string(1, c);
            ++i;
            if (c == 'K')
                atoms = {Atom::W, Atom::F};
            else if (c == 'Q')
                atoms = {Atom::B, Atom::R};
            else {
                for (int a = 0; a < kAtoms; ++a) {
                    if (atomText == kAtomInfo[static_cast<size_t>(a)].letter)
                        atoms = {static_cast<Atom>(a)};
                }
            }
        }
        if (atoms.empty()) {
            error = "unknown atom '" + atomText + "'" + at(i - 1) +
                    "; atoms are W D H R F A G B N L NN, and K (WF) and Q (BR)";
            return std::nullopt;
        }
        for (Atom a : atoms) {
            const AtomInfo& info = kAtomInfo[static_cast<size_t>(a)];
            auto parts = directionParts(dir, info.family, info.letter, error);
            if (!parts) {
                error += at(start);
                return std::nullopt;
            }
            size_t k = static_cast<size_t>(a);
            if (mode != "c") d.move_[k] |= *parts;
            if (mode != "m") d.capture_[k] |= *parts;
        }
    }
    // Whole-piece modifiers.
    while (i < text.size()) {
        size_t start = ++i;  // past '+'
        while (i < text.size() && text[i] != '+') ++i;
        std::string_view word = text.substr(start, i - start);
        bool& flag = word == "royal" ? d.royal_ : d.relay_;
        if (word != "royal" && word != "relay") {
            error = "unknown whole-piece modifier '+" + std::string(word) + "'" + at(start - 1) +
                    "; they are +royal and +relay";
            return std::nullopt;
        }
        if (flag) {
            error = "'+" + std::string(word) + "' is written twice in " + whole;
            return std::nullopt;
        }
        flag = true;
    }
    bool any = false;
    for (int a = 0; a < kAtoms; ++a) any = any || d.move_[static_cast<size_t>(a)] != 0;
    for (int a = 0; a < kAtoms; ++a) any = any || d.capture_[static_cast<size_t>(a)] != 0;
    if (!any) {
        error = "a design needs at least one atom, e.g. FfR";
        return std::nullopt;
    }
    d.settle();
    return d;
}

void Design::settle() {
    price_ = priceFromParts();
    hash_ = hashFromParts();
}

const std::array<Design, 6>& Design::starting() {
    static const std::array<Design, 6> designs = [] {
        std::array<Design, 6> all;
        const char* texts[6] = {"fmWfcF", "R", "N", "B", "WF+royal", "BR"};
        for (size_t i = 0; i < 6; ++i) {
            std::string error;
            all[i] = *parse(texts[i], error);
        }
        return all;
    }();
    return designs;
}

std::string Design::text() const {
    // Leapers from short to long, then riders, as the seed writes its pieces
    // ("WF", "FfR", "BR"). But a design with both N and NN writes NN first:
    // parse() reads "NN" before "N", so "fN" then "NN" ("fNNN") would come
    // back as fNN and N, another piece.
    constexpr Atom kOrder[kAtoms] = {Atom::W, Atom::F, Atom::D, Atom::A, Atom::H, Atom::G,
                                     Atom::N, Atom::L, Atom::B, Atom::R, Atom::NN};
    constexpr Atom kOrderWithKnightrider[kAtoms] = {Atom::W, Atom::F, Atom::D,  Atom::A,
                                                    Atom::H, Atom::G, Atom::NN, Atom::N,
                                                    Atom::L, Atom::B, Atom::R};
    auto has = [&](Atom a) {
        return (move_[static_cast<size_t>(a)] | capture_[static_cast<size_t>(a)]) != 0;
    };
    const auto& order = has(Atom::N) && has(Atom::NN) ? kOrderWithKnightrider : kOrder;
    std::string out;
    for (Atom a : order) {
        const size_t k = static_cast<size_t>(a);
        const AtomInfo& info = kAtomInfo[k];
        const uint8_t both = move_[k] & capture_[k];
        const std::pair<uint8_t, const char*> modes[3] = {
            {both, ""}, {move_[k] & ~both, "m"}, {capture_[k] & ~both, "c"}};
        for (auto [mask, mode] : modes) {
            if (mask == 0) continue;
            std::vector<std::string> dirs;
            if (mask == fullMask(info.family)) {
                dirs = {""};
            } else if (info.family == Family::Oblique) {
                uint8_t fore = kNarrowForward | kWideForward, back = kNarrowRetreat | kWideRetreat;
                if ((mask & fore) == fore)
                    dirs.push_back("f");
                else {
                    if (mask & kNarrowForward) dirs.push_back("ff");
                    if (mask & kWideForward) dirs.push_back("fs");
                }
                if ((mask & back) == back)
                    dirs.push_back("b");
                else {
                    if (mask & kNarrowRetreat) dirs.push_back("bb");
                    if (mask & kWideRetreat) dirs.push_back("bs");
                }
            } else {
                if (mask & kForward) dirs.push_back("f");
                if (mask & kRetreat) dirs.push_back("b");
                if (mask & kSideways) dirs.push_back("s");
            }
            for (const std::string& dir : dirs) out += dir + mode + info.letter;
        }
    }
    if (royal_) out += "+royal";
    if (relay_) out += "+relay";
    return out;
}

std::string Design::name() const {
    static const char* names[6] = {"Pawn", "Rook", "Knight", "Bishop", "King", "Queen"};
    const auto& classic = starting();
    for (size_t i = 0; i < classic.size(); ++i) {
        if (*this == classic[i]) return names[i];
    }
    return text();
}

bool Design::colourbound() const {
    for (int a = 0; a < kAtoms; ++a) {
        const size_t k = static_cast<size_t>(a);
        if ((move_[k] | capture_[k]) == 0) continue;
        const AtomInfo& info = kAtomInfo[k];
        // A step of (df, dr) keeps the colour when df + dr is even.
        bool even = info.family == Family::Diagonal ||
                    (info.family == Family::Orthogonal && info.distance == 2) ||
                    static_cast<Atom>(a) == Atom::L;
        if (!even) return false;
    }
    return true;
}

int Design::priceFromParts() const {
    int64_t sum = 0;  // ten-thousandths of a zorkmid
    for (int a = 0; a < kAtoms; ++a) {
        sum += atomCost(static_cast<Atom>(a), move_[static_cast<size_t>(a)],
                        capture_[static_cast<size_t>(a)]);
    }
    int64_t whole = sum * (colourbound() ? 9 : 10) * (royal_ ? 4 : 1) * (relay_ ? 2 : 1);
    constexpr int64_t kUnit = 10000 * 10;  // the colourbound factor is in tenths too
    return static_cast<int>((whole + kUnit - 1) / kUnit);
}

uint64_t Design::hashFromParts() const {
    uint64_t h = 1469598103934665603ull;  // FNV-1a
    auto mix = [&](uint8_t byte) { h = (h ^ byte) * 1099511628211ull; };
    for (uint8_t m : move_) mix(m);
    for (uint8_t c : capture_) mix(c);
    mix(static_cast<uint8_t>(royal_ | (relay_ << 1)));
    return h;
}

std::vector<Step> Design::steps() const {
    std::vector<Step> steps;
    auto add = [&](int df, int dr, bool ride, bool move, bool capture) {
        for (Step& s : steps) {
            if (s.df == df && s.dr == dr && s.ride == ride) {
                s.move = s.move || move;
                s.capture = s.capture || capture;
                return;
            }
        }
        steps.push_back({static_cast<int8_t>(df), static_cast<int8_t>(dr), ride, move, capture});
    };
    for (int a = 0; a < kAtoms; ++a) {
        const size_t k = static_cast<size_t>(a);
        const AtomInfo& info = kAtomInfo[k];
        const bool ride = info.distance == 0;
        const int n = ride ? 1 : info.distance;
        for (uint8_t part = 1; part <= 8; part <<= 1) {
            const bool move = move_[k] & part, capture = capture_[k] & part;
            if (!move && !capture) continue;
            std::vector<std::pair<int, int>> vectors;
            switch (info.family) {
                case Family::Orthogonal:
                    if (part == kForward) vectors = {{0, n}};
                    if (part == kRetreat) vectors = {{0, -n}};
                    if (part == kSideways) vectors = {{n, 0}, {-n, 0}};
                    break;
                case Family::Diagonal:
                    if (part == kForward) vectors = {{n, n}, {-n, n}};
                    if (part == kRetreat) vectors = {{n, -n}, {-n, -n}};
                    break;
                case Family::Oblique: {
                    // The knight and knightrider are (1,2); the long knight (1,3).
                    const int longSide = static_cast<Atom>(a) == Atom::L ? 3 : 2;
                    if (part == kNarrowForward) vectors = {{1, longSide}, {-1, longSide}};
                    if (part == kNarrowRetreat) vectors = {{1, -longSide}, {-1, -longSide}};
                    if (part == kWideForward) vectors = {{longSide, 1}, {-longSide, 1}};
                    if (part == kWideRetreat) vectors = {{longSide, -1}, {-longSide, -1}};
                    break;
                }
            }
            for (auto [df, dr] : vectors) add(df, dr, ride, move, capture);
        }
    }
    return steps;
}

}  // namespace arbiter::csipgs
