// The board squares of a table of several boards as they are said: read from
// a message's data where it carries them, or from the brackets its text
// writes them in after each cell.
#include "daemon/speech/spoken_places.h"

#include <cctype>
#include <optional>
#include <vector>

namespace arbiter {

namespace {

// A board square where a cell lies: the board's label and its square there.
struct Place {
    std::string board;
    std::string square;
};

bool isLower(char c) {
    return c >= 'a' && c <= 'z';
}
bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
bool isAlnum(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0;
}

// Length of the cell's name ("e5", "ab12") at `at`: one or two small letters
// and one to three digits, ending a word there (or before the capture sign
// of a cell after it, "e4xd5"); 0 if there is none.
size_t cellAt(const std::string& s, size_t at) {
    if (at > 0 && isAlnum(s[at - 1]) && !(s[at - 1] == 'x' && at >= 2 && isDigit(s[at - 2])))
        return 0;
    size_t i = at;
    while (i < s.size() && i - at < 2 && isLower(s[i])) ++i;
    const size_t letters = i - at;
    while (i < s.size() && i - at - letters < 3 && isDigit(s[i])) ++i;
    if (letters == 0 || i - at == letters) return 0;
    const bool ends =
        i == s.size() || !isAlnum(s[i]) || (s[i] == 'x' && i + 1 < s.size() && isLower(s[i + 1]));
    return ends ? i - at : 0;
}

bool isSquareName(const std::string& s) {
    return !s.empty() && cellAt(s, 0) == s.size();
}

const char* toWord(SpeechLanguage language) {
    return language == SpeechLanguage::German ? "nach" : "to";
}

// "board B c5 to c6", "board C h4 to board A h1": each board named once for
// its run of squares.
std::string placesSaid(const std::vector<Place>& places, SpeechLanguage language) {
    const std::string to = std::string(" ") + toWord(language) + " ";
    std::string said;
    const Place* last = nullptr;
    for (const Place& p : places) {
        if (last && last->board == p.board) {
            if (last->square != p.square) said += to + p.square;
        } else {
            said += (said.empty() ? "" : to) + p.board + " " + p.square;
        }
        last = &p;
    }
    return said;
}

// The places a bracket after a cell names ("board B c5", "board B b2-e5",
// "board C h4, board A h1"); nullopt when it is another remark ("a 4").
std::optional<std::vector<Place>> placesIn(const std::string& remark) {
    std::vector<Place> places;
    size_t at = 0;
    while (at <= remark.size()) {
        size_t end = remark.find(", ", at);
        if (end == std::string::npos) end = remark.size();
        const std::string group = remark.substr(at, end - at);
        const size_t space = group.rfind(' ');
        if (space == std::string::npos || space == 0) return std::nullopt;
        const std::string board = group.substr(0, space);
        std::string squares = group.substr(space + 1) + "-";
        for (size_t from = 0, dash; (dash = squares.find('-', from)) != std::string::npos;
             from = dash + 1) {
            std::string square = squares.substr(from, dash - from);
            if (!isSquareName(square)) return std::nullopt;
            places.push_back({board, std::move(square)});
        }
        at = end + 2;
    }
    return places;
}

std::string field(const nlohmann::json& object, const char* key) {
    if (!object.is_object()) return {};
    auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// The places said, put after a run of cells: a comma before, and one after
// when more words follow.
std::string afterCells(const std::vector<Place>& places, const std::string& text, size_t next,
                       SpeechLanguage language) {
    std::string said = ", " + placesSaid(places, language);
    if (next < text.size() && text[next] == ' ') said += ",";
    return said;
}

}  // namespace

std::string withMoveSquaresSaid(const std::string& said, const nlohmann::json& squares,
                                SpeechLanguage language) {
    if (!squares.is_array()) return said;
    std::vector<Place> places;
    size_t after = std::string::npos, from = 0;
    for (const auto& entry : squares) {
        const std::string cell = field(entry, "cell");
        Place place{field(entry, "board"), field(entry, "square")};
        if (place.board.empty() || place.square.empty()) continue;
        places.push_back(std::move(place));
        // The cells in order, each the first whole word naming it past the one before.
        for (size_t at = cell.empty() ? std::string::npos : said.find(cell, from);
             at != std::string::npos; at = said.find(cell, at + 1)) {
            const size_t end = at + cell.size();
            const bool whole =
                (at == 0 || !isAlnum(said[at - 1])) && (end == said.size() || !isAlnum(said[end]));
            if (!whole) continue;
            after = from = end;
            break;
        }
    }
    if (places.empty()) return said;
    if (after == std::string::npos) return said + ", " + placesSaid(places, language);
    return said.substr(0, after) + afterCells(places, said, after, language) + said.substr(after);
}

std::string withPlacesSaid(const std::string& text, SpeechLanguage language) {
    std::string out;
    size_t i = 0;
    while (i < text.size()) {
        size_t length = cellAt(text, i);
        if (length == 0) {
            out += text[i++];
            continue;
        }
        // A run of cells ("c1-d3xe5"), each perhaps with its square in brackets.
        std::vector<Place> places;
        while (true) {
            out.append(text, i, length);
            i += length;
            if (text.compare(i, 2, " (") == 0) {
                const size_t close = text.find(')', i + 2);
                if (close != std::string::npos) {
                    if (auto named = placesIn(text.substr(i + 2, close - i - 2))) {
                        places.insert(places.end(), named->begin(), named->end());
                        i = close + 1;
                    }
                }
            }
            if (i + 1 >= text.size() || (text[i] != '-' && text[i] != 'x')) break;
            const size_t next = cellAt(text, i + 1);
            if (next == 0) break;
            out += text[i++];
            length = next;
        }
        if (!places.empty()) out += afterCells(places, text, i, language);
    }
    return out;
}

std::string cellWithSquareSaid(const std::string& cell, const nlohmann::json& place) {
    const std::string board = field(place, "board"), square = field(place, "square");
    if (board.empty() || square.empty()) return cell;
    return cell + ", " + board + " " + square;
}

}  // namespace arbiter
