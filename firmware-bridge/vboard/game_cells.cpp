#include "firmware-bridge/vboard/game_cells.h"

#include <utility>
#include <vector>

#include "firmware-bridge/vboard/board_notation.h"

namespace arbiter::vboard {

namespace {

// A cell's name read as (file, rank) from 0: "a1" (0, 0), "aa3" (26, 2).
// Letters in bijective base 26, as the game names files.
std::optional<std::pair<int, int>> cellCoordinates(std::string_view name) {
    size_t letters = 0;
    int file = 0;
    while (letters < name.size() && name[letters] >= 'a' && name[letters] <= 'z') {
        if (letters == 3) return std::nullopt;  // far beyond any table
        file = file * 26 + (name[letters] - 'a' + 1);
        ++letters;
    }
    if (letters == 0 || letters == name.size() || name.size() - letters > 3) return std::nullopt;
    int rank = 0;
    for (size_t i = letters; i < name.size(); ++i) {
        if (name[i] < '0' || name[i] > '9') return std::nullopt;
        rank = rank * 10 + (name[i] - '0');
    }
    if (rank < 1 || name[letters] == '0') return std::nullopt;
    return std::pair{file - 1, rank - 1};
}

// Where the board's own (file, rank) lies, turned by `rotation`, from its lower-left corner.
std::pair<int, int> turned(int file, int rank, int rotation) {
    switch (rotation) {
        case 90:
            return {7 - rank, file};
        case 180:
            return {7 - file, 7 - rank};
        case 270:
            return {rank, 7 - file};
        default:
            return {file, rank};
    }
}

std::vector<std::string_view> words(std::string_view line) {
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        const size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
        if (i > start) out.push_back(line.substr(start, i - start));
    }
    return out;
}

}  // namespace

std::optional<GameCells> GameCells::parse(std::string_view text, std::string& error) {
    const std::string written(text);
    error = "--cells: '" + written +
            "' is not SQUARE:CELL[:ROTATION] (e1:a1: the board's e1 lies on the game's a1; "
            "a rotation of 0, 90, 180 or 270)";
    const size_t first = text.find(':');
    if (first == text.npos) return std::nullopt;
    const size_t second = text.find(':', first + 1);
    const auto square = parseSquare(text.substr(0, first));
    const auto cell = cellCoordinates(text.substr(first + 1, second - first - 1));
    int rotation = 0;
    if (second != text.npos) {
        const std::string_view turn = text.substr(second + 1);
        if (turn == "90" || turn == "180" || turn == "270")
            rotation = turn == "90" ? 90 : turn == "180" ? 180 : 270;
        else if (turn != "0")
            return std::nullopt;
    }
    if (!square || !cell) return std::nullopt;
    error.clear();
    const auto [rf, rr] = turned(*square % 8, 7 - *square / 8, rotation);
    return GameCells(cell->first - rf, cell->second - rr, rotation);
}

std::optional<int> GameCells::squareOf(std::string_view name) const {
    const auto cell = cellCoordinates(name);
    if (!cell) return std::nullopt;
    const int dx = cell->first - originFile_, dy = cell->second - originRank_;
    // Turned back: the square whose turned place is (dx, dy).
    for (int square = 0; square < 64; ++square) {
        if (turned(square % 8, 7 - square / 8, rotation_) == std::pair{dx, dy}) return square;
    }
    return std::nullopt;
}

std::optional<std::string> GameCells::squareWord(std::string_view word, std::string& error) const {
    const bool marked = !word.empty() && word[0] == '@';
    const std::string_view name = marked ? word.substr(1) : word;
    std::string lowered(name);
    for (char& ch : lowered) ch = static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
    if (!marked && parseSquare(lowered)) return std::string(word);
    if (!cellCoordinates(lowered)) {
        if (marked) error = "bad cell '" + std::string(word) + "' (use a game cell like @k5)";
        return marked ? std::nullopt : std::optional<std::string>(std::string(word));
    }
    const auto square = squareOf(lowered);
    if (!square) {
        error = "cell " + lowered + " is not on this board (type its board's square on that board)";
        return std::nullopt;
    }
    return squareName(*square);
}

std::optional<std::string> GameCells::translate(std::string_view line, std::string& error) const {
    const size_t comment = line.find('#');
    std::vector<std::string_view> parts = words(line.substr(0, comment));
    if (parts.empty()) return std::string(line);
    std::string verb(parts[0]);
    for (char& ch : verb) ch = static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
    std::vector<std::string> out(parts.begin(), parts.end());
    size_t squares = 0;  // how many words after the verb name squares
    if (verb == "lift" || verb == "place" || verb == "put" || verb == "remove") squares = 1;
    if (verb == "slide") squares = 2;
    for (size_t i = 1; i <= squares && i < parts.size(); ++i) {
        auto square = squareWord(parts[i], error);
        if (!square) return std::nullopt;
        out[i] = *square;
    }
    if (parts.size() == 1 && squares == 0) {
        // A move word: two names joined by '-' or, after the first name's digits, 'x'.
        const std::string_view word = parts[0];
        size_t cut = 0;
        while (cut < word.size() && word[cut] != '-' &&
               !(cut > 0 && (word[cut] == 'x' || word[cut] == 'X') && word[cut - 1] >= '0' &&
                 word[cut - 1] <= '9'))
            ++cut;
        if (cut > 0 && cut + 1 < word.size()) {
            auto from = squareWord(word.substr(0, cut), error);
            auto to = from ? squareWord(word.substr(cut + 1), error) : std::nullopt;
            if (!from || !to) return std::nullopt;
            out[0] = *from + std::string(1, word[cut]) + *to;
        }
    }
    std::string text;
    for (const std::string& part : out) text += (text.empty() ? "" : " ") + part;
    return text;
}

}  // namespace arbiter::vboard
