#include "daemon/table/board_labels.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numeric>
#include <set>

#include "daemon/base/utf8.h"

namespace arbiter {

namespace {

constexpr size_t kMostLabelChars = 24;

std::string lowered(std::string text) {
    for (char& ch : text) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return text;
}

// Whether `word` reads as a square or a cell: letters, then digits ("a1", "K5").
bool squareShaped(const std::string& word) {
    size_t letters = 0;
    while (letters < word.size() && std::isalpha(static_cast<unsigned char>(word[letters])))
        ++letters;
    if (letters == 0 || letters == word.size()) return false;
    return std::all_of(word.begin() + static_cast<long>(letters), word.end(),
                       [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); });
}

// Where a board lies as the players see the table: (x, y), y up. A ring's
// second half is laid as a column to the right of its first.
std::pair<double, double> whereItLies(const BoardSetting& b, const Geometry& cells) {
    double x = 0, y = 0;
    int n = 0;
    const int half = cells.wrapsRanks() ? (cells.ranks() + 1) / 2 : cells.ranks();
    for (int s = 0; s < 64; ++s) {
        if (!b.placement.used.test(static_cast<size_t>(s))) continue;
        auto [file, rank] = b.placement.coordinatesOf(s);
        const int column = half > 0 && cells.wrapsRanks() ? rank / half : 0;
        x += file + column * cells.files();
        y += rank - column * half;
        ++n;
    }
    return n ? std::pair{x / n, y / n} : std::pair{0.0, 0.0};
}

}  // namespace

std::string labelTrouble(const std::string& label) {
    if (label.find_first_not_of(' ') == std::string::npos) return "a board's label is empty";
    if (!isUtf8(label) || std::any_of(label.begin(), label.end(), [](char ch) {
            return static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f;
        }))
        return "a board's label must be printable text";
    if (codePoints(label).size() > kMostLabelChars)
        return "a board's label has at most " + std::to_string(kMostLabelChars) +
               " characters: \"" + label + "\" is longer";
    size_t start = 0;
    while (start < label.size()) {
        size_t end = start;
        while (end < label.size() && std::isalnum(static_cast<unsigned char>(label[end]))) ++end;
        if (end > start && squareShaped(label.substr(start, end - start)))
            return "the label \"" + label + "\" has \"" + label.substr(start, end - start) +
                   "\" in it, which players would read as a square; name the board by where "
                   "it lies (\"left board\") or by a letter (\"board A\")";
        start = end + 1;
    }
    return {};
}

std::string checkLabels(const std::vector<BoardSetting>& boards, const std::string& file) {
    for (size_t i = 0; i < boards.size(); ++i) {
        if (boards[i].label.empty()) continue;
        for (size_t j = 0; j < i; ++j) {
            if (lowered(boards[j].label) != lowered(boards[i].label)) continue;
            const std::string at = !file.empty() && boards[i].line > 0
                                       ? file + ":" + std::to_string(boards[i].line) + ": "
                                       : "";
            return at + "board " + boards[i].name + " has the label \"" + boards[i].label +
                   "\", as board " + boards[j].name + " does: each board needs a label of its own";
        }
    }
    return {};
}

void labelBoards(std::vector<BoardSetting>& boards, const Geometry& cells) {
    if (boards.size() < 2) return;
    std::vector<size_t> order(boards.size());
    std::iota(order.begin(), order.end(), 0);
    std::vector<std::pair<double, double>> at;
    for (const BoardSetting& b : boards) at.push_back(whereItLies(b, cells));
    // Rows of boards from the top; a board whose middle is within half a
    // board's height of another's lies in its row.
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        if (std::abs(at[a].second - at[b].second) >= 4) return at[a].second > at[b].second;
        return at[a].first < at[b].first;
    });
    std::set<std::string> taken;
    for (const BoardSetting& b : boards) taken.insert(lowered(b.label));
    char letter = 'A';
    for (size_t i : order) {
        if (!boards[i].label.empty()) continue;
        std::string label;
        do label = std::string("board ") + letter++;
        while (taken.count(lowered(label)) && letter <= 'Z');
        boards[i].label = label;
        taken.insert(lowered(label));
    }
}

CellPlaces cellPlaces(const std::vector<BoardSetting>& boards, const Geometry& cells) {
    if (boards.size() < 2) return {};
    std::vector<std::optional<CellPlace>> byCell(static_cast<size_t>(cells.size()));
    for (const BoardSetting& b : boards) {
        for (int s = 0; s < 64; ++s) {
            if (!b.placement.used.test(static_cast<size_t>(s))) continue;
            const Cell c = Surface::cellOf(cells, b.placement, s);
            if (c == NoCell) continue;
            byCell[static_cast<size_t>(c)] = CellPlace{b.label, cellName(s % 8, 7 - s / 8)};
        }
    }
    return CellPlaces(std::move(byCell));
}

}  // namespace arbiter
