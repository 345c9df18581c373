#include "engine/core/chess_set.h"

#include <cctype>

namespace arbiter {

namespace {
constexpr char kLetters[] = "pnbrqk";
}

char letter(SetPiece p) {
    char c = kLetters[static_cast<int>(p.figure)];
    return p.colour == SetColour::White ? char(std::toupper(c)) : c;
}

std::string words(SetPiece p) {
    return words(p.colour) + " " + words(p.figure);
}

std::string words(SetColour c) {
    return c == SetColour::White ? "white" : "black";
}

std::string words(Figure f) {
    static const char* kFigures[] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
    return kFigures[static_cast<int>(f)];
}

std::optional<SetPiece> fromLetter(char c) {
    char lower = char(std::tolower(static_cast<unsigned char>(c)));
    for (int i = 0; i < 6; ++i) {
        if (kLetters[i] == lower) {
            SetColour colour =
                std::isupper(static_cast<unsigned char>(c)) ? SetColour::White : SetColour::Black;
            return SetPiece{colour, static_cast<Figure>(i)};
        }
    }
    return std::nullopt;
}

}  // namespace arbiter
