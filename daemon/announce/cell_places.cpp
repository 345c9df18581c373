#include "daemon/announce/cell_places.h"

#include <algorithm>
#include <cctype>

namespace arbiter {

namespace {

// Whether a cell's name at `at` begins a word: after a space or a sign, or
// after the capture sign x of a cell before it ("e4xd5").
bool startsWord(const std::string& text, size_t at) {
    if (at == 0 || !std::isalnum(static_cast<unsigned char>(text[at - 1]))) return true;
    return text[at - 1] == 'x' && at >= 2 && text[at - 2] >= '0' && text[at - 2] <= '9';
}

// Whether a cell's name ending at `end` ends a word there, the capture sign
// of a cell after it included.
bool endsWord(const std::string& text, size_t end) {
    if (end == text.size() || !std::isalnum(static_cast<unsigned char>(text[end]))) return true;
    return text[end] == 'x' && end + 1 < text.size() && text[end + 1] >= 'a' &&
           text[end + 1] <= 'z';
}

}  // namespace

CellPlaces::CellPlaces(std::vector<std::optional<CellPlace>> byCell) : byCell_(std::move(byCell)) {}

const CellPlace* CellPlaces::of(Cell c) const {
    if (c < 0 || static_cast<size_t>(c) >= byCell_.size()) return nullptr;
    const std::optional<CellPlace>& place = byCell_[static_cast<size_t>(c)];
    return place ? &*place : nullptr;
}

std::string CellPlaces::placeText(Cell c) const {
    const CellPlace* place = of(c);
    return place ? place->board + " " + place->square : std::string();
}

std::string CellPlaces::cellText(Cell c, const Geometry& g) const {
    const std::string where = placeText(c);
    return where.empty() ? g.name(c) : g.name(c) + " (" + where + ")";
}

std::vector<Cell> CellPlaces::placedCells(const Action& a) const {
    std::vector<Cell> touched;
    if (a.from != NoCell) touched.push_back(a.from);
    touched.insert(touched.end(), a.path.begin(), a.path.end());
    if (a.to != NoCell) touched.push_back(a.to);
    std::vector<Cell> placed;
    for (Cell c : touched) {
        if (of(c) && std::find(placed.begin(), placed.end(), c) == placed.end())
            placed.push_back(c);
    }
    return placed;
}

std::string CellPlaces::actionPlaces(const Action& a) const {
    std::string text;
    const CellPlace* last = nullptr;
    for (Cell c : placedCells(a)) {
        const CellPlace* place = of(c);
        // A run of squares on one board reads as a move on it: "board B c5-c6".
        if (last && last->board == place->board)
            text += "-" + place->square;
        else
            text += (text.empty() ? "" : ", ") + place->board + " " + place->square;
        last = place;
    }
    return text;
}

std::string CellPlaces::withActionPlaces(const std::string& said, const Action& a,
                                         const Geometry& g) const {
    const std::string places = actionPlaces(a);
    if (places.empty()) return said;
    // After the move's own words: its cells in order, each the first whole
    // word naming it past the one before, so that cells the game names again
    // later ("new singularities b34 c2 d4") do not pull the squares there.
    size_t after = std::string::npos;
    size_t from = 0;
    for (Cell c : placedCells(a)) {
        const std::string name = g.name(c);
        for (size_t at = said.find(name, from); at != std::string::npos;
             at = said.find(name, at + 1)) {
            const size_t end = at + name.size();
            if (!startsWord(said, at) || !endsWord(said, end)) continue;
            after = from = end;
            break;
        }
    }
    if (after == std::string::npos) return said + " (" + places + ")";
    return said.substr(0, after) + " (" + places + ")" + said.substr(after);
}

std::string CellPlaces::withPlaces(const std::string& text, const Geometry& g) const {
    if (empty()) return text;
    auto isAlnum = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) != 0; };
    auto isLower = [](char ch) { return ch >= 'a' && ch <= 'z'; };
    auto isDigit = [](char ch) { return ch >= '0' && ch <= '9'; };
    std::string out;
    size_t i = 0;
    while (i < text.size()) {
        if (!isAlnum(text[i])) {
            out += text[i++];
            continue;
        }
        size_t end = i;
        while (end < text.size() && isAlnum(text[end])) ++end;
        const std::string word = text.substr(i, end - i);
        out += word;
        i = end;
        // Letters then digits, nothing else: the shape of a cell's name.
        size_t letters = 0;
        while (letters < word.size() && isLower(word[letters])) ++letters;
        bool shaped = letters > 0 && letters < word.size();
        for (size_t k = letters; shaped && k < word.size(); ++k) shaped = isDigit(word[k]);
        if (!shaped) continue;
        if (std::optional<Cell> c = g.parse(word); c && g.contains(*c)) {
            if (std::string where = placeText(*c); !where.empty()) out += " (" + where + ")";
        }
    }
    return out;
}

nlohmann::json CellPlaces::data(Cell c) const {
    const CellPlace* place = of(c);
    if (!place) return nlohmann::json::object();
    return {{"board", place->board}, {"square", place->square}};
}

nlohmann::json CellPlaces::actionData(const Action& a, const Geometry& g) const {
    nlohmann::json cells = nlohmann::json::array();
    for (Cell c : placedCells(a)) {
        nlohmann::json cell = data(c);
        cell["cell"] = g.name(c);
        cells.push_back(cell);
    }
    return cells;
}

}  // namespace arbiter
