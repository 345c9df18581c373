#include "engine/core/geometry.h"

#include <cassert>

namespace arbiter {

Geometry::Geometry(int files, int ranks, bool wraps) : files_(files), ranks_(ranks), wraps_(wraps) {
    assert((files > 0 && ranks > 0) || (files == 0 && ranks == 0));
}

Geometry Geometry::none() {
    return Geometry(0, 0, false);
}

Geometry Geometry::rectangle(int files, int ranks) {
    return Geometry(files, ranks, false);
}

Geometry Geometry::ring(int files, int ranks) {
    return Geometry(files, ranks, true);
}

void Geometry::removeCell(Cell c) {
    assert(c >= 0 && c < size());
    auto absent = absent_ ? std::make_shared<std::vector<bool>>(*absent_)
                          : std::make_shared<std::vector<bool>>(static_cast<size_t>(size()));
    (*absent)[static_cast<size_t>(c)] = true;
    absent_ = std::move(absent);
}

bool Geometry::operator==(const Geometry& other) const {
    if (files_ != other.files_ || ranks_ != other.ranks_ || wraps_ != other.wraps_) return false;
    for (Cell c = 0; c < size(); ++c) {
        if (contains(c) != other.contains(c)) return false;
    }
    return true;
}

namespace {
std::string fileName(int file) {
    // Bijective base 26: a..z, aa..az, ba.. so any width has names.
    std::string s;
    for (int n = file + 1; n > 0; n = (n - 1) / 26) s.insert(s.begin(), char('a' + (n - 1) % 26));
    return s;
}
}  // namespace

std::string Geometry::name(Cell c) const {
    if (c < 0 || c >= size()) return "-";
    return fileName(file(c)) + std::to_string(rank(c) + 1);
}

std::optional<Cell> Geometry::parse(std::string_view text) const {
    size_t i = 0;
    int file = 0;
    while (i < text.size() && text[i] >= 'a' && text[i] <= 'z') {
        file = file * 26 + (text[i] - 'a' + 1);
        if (file > files_) return std::nullopt;
        ++i;
    }
    if (i == 0 || i == text.size() || i + 3 < text.size()) return std::nullopt;
    if (text[i] == '0') return std::nullopt;  // "a01" is no way to write a1
    int rank = 0;
    for (; i < text.size(); ++i) {
        if (text[i] < '0' || text[i] > '9') return std::nullopt;
        rank = rank * 10 + (text[i] - '0');
    }
    if (rank < 1 || rank > ranks_) return std::nullopt;
    Cell c = (rank - 1) * files_ + (file - 1);
    if (!contains(c)) return std::nullopt;
    return c;
}

}  // namespace arbiter
