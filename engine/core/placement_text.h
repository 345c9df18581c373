#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace arbiter {

// Reading the FEN-like placement most games write their cells in: the ranks
// from the top down, separated by '/', each a series of counts of empty cells
// and pieces. The structure is read here once for every game; the letters of a
// piece, and what is wrong with them, stay the game's own, and so do the words
// in which a game tells what is wrong with the structure, since players and
// tests know each game's messages.

// How a game writes a run of empty cells.
enum class EmptyCounts {
    // One digit a count; two side by side are refused ("44" in FIDE chess).
    SingleDigit,
    // One digit a count; side by side they add up ("22" is four cells).
    AddingDigits,
    // The digits side by side are one number ("10" is ten cells).
    Number,
};

// The ranks a placement must have, how wide each is, and how empty cells are
// counted. Every digit begins a count, so a count out of 1..mostEmpty is a
// fault rather than an unknown piece.
struct PlacementShape {
    int files = 8;
    int ranks = 8;
    int mostEmpty = 8;  // the largest count of empty cells written at once
    EmptyCounts counts = EmptyCounts::SingleDigit;
};

// What is wrong with a placement's structure, for a game to put in its words.
struct PlacementFault {
    enum class Kind {
        RankCount,         // `count` ranks rather than shape.ranks
        TooWide,           // rank `rank` goes on past shape.files cells
        TooNarrow,         // rank `rank` has `count` cells, fewer than shape.files
        BadCount,          // `text` is a count of empty cells out of 1..shape.mostEmpty
        CountsSideBySide,  // `text` is a count right after another (EmptyCounts::SingleDigit)
    };
    Kind kind = Kind::RankCount;
    PlacementShape shape;
    int rank = 0;           // from 0, the bottom rank
    int count = 0;          // ranks found (RankCount) or cells in the rank (TooNarrow)
    std::string_view text;  // the count as written (BadCount, CountsSideBySide)
    std::string_view rest;  // the rank from `text` on, for games that show more of it

    // The fault in plain words ("rank 3 has 7 cells, not 8"), for games
    // whose own words for it are no different.
    std::string words() const;
};

// "rank 1" for the bottom rank (0): how every game names a rank to players.
std::string rankName(int rank);

// Reads the piece whose letters begin `text` (never a digit) on the cell at
// (file, rank), file < shape.files: the number of characters it takes, or 0
// with `error` saying, in the game's words, why `text` holds no piece there.
using PieceReader =
    std::function<size_t(std::string_view text, int file, int rank, std::string& error)>;
// A game's words for a fault of structure.
using PlacementWords = std::function<std::string(const PlacementFault& fault)>;

// Reads `text` as a placement of `shape`, handing every piece to `readPiece`
// (the bottom rank first, each from its first file), so that a fault in
// several ranks is told of the lowest. False when it is not one,
// with `error` from `readPiece` or from `words` (PlacementFault::words() when
// `words` is empty).
bool readPlacement(std::string_view text, const PlacementShape& shape, const PieceReader& readPiece,
                   const PlacementWords& words, std::string& error);

}  // namespace arbiter
