#include "drivers/millennium/millennium_orientation.h"

#include <cctype>

namespace arbiter::millennium {

namespace {

constexpr std::array<Reading, 4> kReadings = {Reading::AsDocumented, Reading::FilesMirrored,
                                              Reading::Transposed, Reading::QuarterTurned};

// The start position as the board's own squares show it, a8 first.
constexpr std::string_view kStartPosition =
    "rnbqkbnr"
    "pppppppp"
    "........"
    "........"
    "........"
    "........"
    "PPPPPPPP"
    "RNBQKBNR";

bool showsStart(const BoardSquares& squares, bool halfTurned) {
    for (int square = 0; square < kSquares; ++square) {
        const int seen = halfTurned ? kSquares - 1 - square : square;
        const char expected = kStartPosition[static_cast<size_t>(seen)];
        if (characterOf(squares[static_cast<size_t>(square)]) != expected) return false;
    }
    return true;
}

}  // namespace

std::string_view describe(Reading reading) {
    switch (reading) {
        case Reading::AsDocumented:
            return "a8 b8 .. h8, a7 .. h1";
        case Reading::FilesMirrored:
            return "h8 g8 .. a8, h7 .. a1";
        case Reading::Transposed:
            return "a8 a7 .. a1, b8 .. h1";
        case Reading::QuarterTurned:
            return "h8 h7 .. h1, g8 .. a1";
    }
    return "";
}

int squareOf(Reading reading, int index) {
    const int major = index / 8;
    const int minor = index % 8;
    switch (reading) {
        case Reading::AsDocumented:
            return index;
        case Reading::FilesMirrored:
            return major * 8 + (7 - minor);
        case Reading::Transposed:
            return minor * 8 + major;  // minor counts down the ranks, major the files
        case Reading::QuarterTurned:
            return minor * 8 + (7 - major);
    }
    return index;
}

BoardSquares squaresOf(Reading reading, const std::array<char, kSquares>& characters) {
    BoardSquares squares;
    for (int i = 0; i < kSquares; ++i) {
        squares[static_cast<size_t>(squareOf(reading, i))] =
            appearanceOf(characters[static_cast<size_t>(i)]);
    }
    return squares;
}

std::optional<Reading> readingOfStartPosition(const std::array<char, kSquares>& characters) {
    for (Reading reading : kReadings) {
        const BoardSquares squares = squaresOf(reading, characters);
        if (showsStart(squares, false) || showsStart(squares, true)) return reading;
    }
    return std::nullopt;
}

Appearance appearanceOf(char c) {
    const SetColour colour =
        std::isupper(static_cast<unsigned char>(c)) ? SetColour::White : SetColour::Black;
    switch (std::tolower(static_cast<unsigned char>(c))) {
        case 'p':
            return SetPiece{colour, Figure::Pawn};
        case 'n':
            return SetPiece{colour, Figure::Knight};
        case 'b':
            return SetPiece{colour, Figure::Bishop};
        case 'r':
            return SetPiece{colour, Figure::Rook};
        case 'q':
            return SetPiece{colour, Figure::Queen};
        case 'k':
            return SetPiece{colour, Figure::King};
        default:
            return std::nullopt;
    }
}

char characterOf(const Appearance& appearance) {
    if (!appearance) return kEmptySquare;
    static constexpr std::array<char, 6> kLetters = {'p', 'n', 'b', 'r', 'q', 'k'};
    const char lower = kLetters[static_cast<size_t>(appearance->figure)];
    return appearance->colour == SetColour::White
               ? static_cast<char>(std::toupper(static_cast<unsigned char>(lower)))
               : lower;
}

}  // namespace arbiter::millennium
