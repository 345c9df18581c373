#include "firmware-bridge/vboard/board_notation.h"

#include <array>
#include <cctype>

namespace arbiter::vboard {

namespace {

constexpr int kFiles = 8;
constexpr int kRanks = 8;

struct LetterCode {
    char letter;
    uint8_t code;
};

constexpr std::array<LetterCode, 12> kLetters{{
    {'P', dgt::kWhitePawn},
    {'R', dgt::kWhiteRook},
    {'N', dgt::kWhiteKnight},
    {'B', dgt::kWhiteBishop},
    {'K', dgt::kWhiteKing},
    {'Q', dgt::kWhiteQueen},
    {'p', dgt::kBlackPawn},
    {'r', dgt::kBlackRook},
    {'n', dgt::kBlackKnight},
    {'b', dgt::kBlackBishop},
    {'k', dgt::kBlackKing},
    {'q', dgt::kBlackQueen},
}};

constexpr std::string_view kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

}  // namespace

std::optional<int> parseSquare(std::string_view text) {
    if (text.size() != 2) return std::nullopt;
    const char file = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
    const char rank = text[1];
    if (file < 'a' || file > 'h' || rank < '1' || rank > '8') return std::nullopt;
    return (kRanks - (rank - '0')) * kFiles + (file - 'a');
}

std::string squareName(int square) {
    if (square < 0 || square >= dgt::kSquares) return "??";
    const char file = static_cast<char>('a' + square % kFiles);
    const char rank = static_cast<char>('0' + (kRanks - square / kFiles));
    return std::string{file, rank};
}

std::optional<uint8_t> pieceFromLetter(char letter) {
    for (const auto& entry : kLetters) {
        if (entry.letter == letter) return entry.code;
    }
    return std::nullopt;
}

char letterOf(uint8_t pieceCode) {
    if (pieceCode == dgt::kEmpty) return '.';
    for (const auto& entry : kLetters) {
        if (entry.code == pieceCode) return entry.letter;
    }
    return '*';
}

firmware::SquareCodes startPosition() {
    return *parseFenBoard(kStartFen).position;
}

firmware::SquareCodes rotatedStartPosition() {
    const firmware::SquareCodes start = startPosition();
    firmware::SquareCodes rotated{};
    for (size_t square = 0; square < rotated.size(); ++square) {
        rotated[square] = start[rotated.size() - 1 - square];
    }
    return rotated;
}

FenBoard parseFenBoard(std::string_view text) {
    firmware::SquareCodes position{};
    int rank = 0;  // 0 = the board's rank 8
    int file = 0;
    auto failure = [&](const std::string& why) {
        return FenBoard{std::nullopt, "bad FEN '" + std::string(text) + "': " + why};
    };
    for (const char character : text) {
        if (character == '/') {
            if (file != kFiles) {
                return failure("rank " + std::to_string(kRanks - rank) + " has " +
                               std::to_string(file) + " squares, not 8");
            }
            if (++rank >= kRanks) return failure("more than 8 ranks");
            file = 0;
            continue;
        }
        if (character >= '1' && character <= '8') {
            file += character - '0';
        } else if (const auto code = pieceFromLetter(character)) {
            if (file < kFiles) position[static_cast<size_t>(rank * kFiles + file)] = *code;
            ++file;
        } else {
            return failure(std::string("unexpected character '") + character + "'");
        }
        if (file > kFiles) {
            return failure("rank " + std::to_string(kRanks - rank) + " has more than 8 squares");
        }
    }
    if (rank != kRanks - 1) return failure("it has " + std::to_string(rank + 1) + " ranks, not 8");
    if (file != kFiles) {
        return failure("rank 1 has " + std::to_string(file) + " squares, not 8");
    }
    return FenBoard{position, {}};
}

}  // namespace arbiter::vboard
