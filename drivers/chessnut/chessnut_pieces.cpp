#include "drivers/chessnut/chessnut_pieces.h"

#include <array>

#include "drivers/chessnut/chessnut_protocol.h"

namespace arbiter::chessnut {

namespace {

constexpr std::array<SetPiece, kLastPieceCode> kPieces = {{
    {SetColour::Black, Figure::Queen},
    {SetColour::Black, Figure::King},
    {SetColour::Black, Figure::Bishop},
    {SetColour::Black, Figure::Pawn},
    {SetColour::Black, Figure::Knight},
    {SetColour::White, Figure::Rook},
    {SetColour::White, Figure::Pawn},
    {SetColour::Black, Figure::Rook},
    {SetColour::White, Figure::Bishop},
    {SetColour::White, Figure::Knight},
    {SetColour::White, Figure::Queen},
    {SetColour::White, Figure::King},
}};

}  // namespace

bool isPieceCode(uint8_t code) {
    return code <= kLastPieceCode;
}

Appearance appearanceOf(uint8_t code) {
    if (code == kEmpty || !isPieceCode(code)) return std::nullopt;
    return kPieces[size_t(code - 1)];
}

uint8_t pieceCode(const Appearance& appearance) {
    if (!appearance) return kEmpty;
    for (size_t i = 0; i < kPieces.size(); ++i) {
        if (kPieces[i] == *appearance) return uint8_t(i + 1);
    }
    return kEmpty;  // unreachable: every piece of a set is in the table
}

NibblePlace nibbleOf(int square) {
    const int rank = square / 8;         // 0 = rank 8
    const int fromH = 7 - square % 8;    // 0 = file h
    const int index = rank * 8 + fromH;  // the square's place in the report
    return NibblePlace{index / 2, index % 2 == 1};
}

}  // namespace arbiter::chessnut
