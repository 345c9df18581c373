#include "engine/core/placement_text.h"

#include <algorithm>

#include "engine/core/text_fields.h"

namespace arbiter {

namespace {

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

// One rank's text, `rank` from 0 at the bottom.
class RankReader {
  public:
    RankReader(const PlacementShape& shape, const PieceReader& readPiece,
               const PlacementWords& words, std::string& error)
        : shape_(shape), readPiece_(readPiece), words_(words), error_(error) {}

    bool read(std::string_view row, int rank) {
        int file = 0;
        bool afterCount = false;
        for (size_t i = 0; i < row.size();) {
            if (file >= shape_.files) return fail(PlacementFault::Kind::TooWide, rank);
            if (isDigit(row[i])) {
                size_t end = i + 1;
                if (shape_.counts == EmptyCounts::Number) {
                    while (end < row.size() && isDigit(row[end])) ++end;
                }
                const std::string_view count = row.substr(i, end - i);
                const auto empty = wholeNumber(count, shape_.mostEmpty);
                if (!empty || *empty < 1)
                    return fail(PlacementFault::Kind::BadCount, rank, 0, count, row.substr(i));
                if (afterCount && shape_.counts == EmptyCounts::SingleDigit)
                    return fail(PlacementFault::Kind::CountsSideBySide, rank, 0, count,
                                row.substr(i));
                file += static_cast<int>(*empty);
                if (file > shape_.files) return fail(PlacementFault::Kind::TooWide, rank);
                afterCount = true;
                i = end;
                continue;
            }
            afterCount = false;
            const size_t used = readPiece_(row.substr(i), file, rank, error_);
            if (used == 0) return false;
            ++file;
            i += std::min(used, row.size() - i);
        }
        if (file != shape_.files) return fail(PlacementFault::Kind::TooNarrow, rank, file);
        return true;
    }

    bool fail(PlacementFault::Kind kind, int rank, int count = 0, std::string_view text = {},
              std::string_view rest = {}) {
        PlacementFault fault;
        fault.kind = kind;
        fault.shape = shape_;
        fault.rank = rank;
        fault.count = count;
        fault.text = text;
        fault.rest = rest;
        error_ = words_ ? words_(fault) : fault.words();
        return false;
    }

  private:
    const PlacementShape& shape_;
    const PieceReader& readPiece_;
    const PlacementWords& words_;
    std::string& error_;
};

}  // namespace

std::string rankName(int rank) {
    return "rank " + std::to_string(rank + 1);
}

std::string PlacementFault::words() const {
    const std::string where = rankName(rank);
    switch (kind) {
        case Kind::RankCount:
            return "the cells must be " + std::to_string(shape.ranks) +
                   " ranks separated by '/', not " + std::to_string(count);
        case Kind::TooWide:
            return where + " has more than " + std::to_string(shape.files) + " cells";
        case Kind::TooNarrow:
            return where + " has " + std::to_string(count) + " cells, not " +
                   std::to_string(shape.files);
        case Kind::BadCount:
            return where + ": a count of empty cells is 1 to " + std::to_string(shape.mostEmpty) +
                   ", not " + std::string(text);
        case Kind::CountsSideBySide:
            return where + ": two counts of empty cells side by side: write one";
    }
    return where + " is not a rank of cells";
}

bool readPlacement(std::string_view text, const PlacementShape& shape, const PieceReader& readPiece,
                   const PlacementWords& words, std::string& error) {
    RankReader reader(shape, readPiece, words, error);
    const auto ranks = splitOn(text, '/');
    if (ranks.size() != static_cast<size_t>(shape.ranks))
        return reader.fail(PlacementFault::Kind::RankCount, 0, static_cast<int>(ranks.size()));
    for (int r = 0; r < shape.ranks; ++r) {
        if (!reader.read(ranks[static_cast<size_t>(shape.ranks - 1 - r)], r)) return false;
    }
    return true;
}

}  // namespace arbiter
