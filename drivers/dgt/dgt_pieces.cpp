#include "drivers/dgt/dgt_pieces.h"

#include <array>

#include "drivers/dgt/dgt_protocol.h"

namespace arbiter::dgt {

namespace {

// Codes 1..6 white and 7..12 black, each in the order pawn, rook, knight,
// bishop, king, queen.
constexpr std::array<Figure, 6> kFigureOrder = {Figure::Pawn,   Figure::Rook, Figure::Knight,
                                                Figure::Bishop, Figure::King, Figure::Queen};

}  // namespace

Appearance appearanceOf(uint8_t code) {
    if (code == kEmpty || !isPieceCode(code)) return std::nullopt;
    int index = code - kWhitePawn;
    SetColour colour = index < 6 ? SetColour::White : SetColour::Black;
    return SetPiece{colour, kFigureOrder[static_cast<size_t>(index % 6)]};
}

bool isPieceCode(uint8_t code) {
    return code <= kBlackQueen;
}

uint8_t pieceCode(const Appearance& appearance) {
    if (!appearance) return kEmpty;
    for (size_t i = 0; i < kFigureOrder.size(); ++i) {
        if (kFigureOrder[i] == appearance->figure) {
            int base = appearance->colour == SetColour::White ? kWhitePawn : kBlackPawn;
            return uint8_t(base + int(i));
        }
    }
    return kEmpty;  // unreachable: every figure is in the table
}

bool isResultPiece(uint8_t code) {
    return code > kBlackQueen && code <= kLastPieceCode;
}

}  // namespace arbiter::dgt
