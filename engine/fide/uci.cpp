#include "engine/fide/uci.h"

#include "engine/fide/fen.h"
#include "engine/fide/movegen.h"

namespace arbiter::fide {

std::string toUci(Move m) {
    std::string text = squareName(m.from()) + squareName(m.to());
    if (m.type() == Move::Type::Promotion) text += "nbrq"[m.promotion() - Knight];
    return text;
}

std::optional<Move> parseUci(const Position& position, std::string_view text) {
    if (text.size() != 4 && text.size() != 5) return std::nullopt;
    const Square from = parseSquare(text.substr(0, 2));
    const Square to = parseSquare(text.substr(2, 2));
    if (from == NoSquare || to == NoSquare) return std::nullopt;
    PieceType promotion = NoPieceType;
    if (text.size() == 5) {
        switch (text[4]) {
            case 'n':
                promotion = Knight;
                break;
            case 'b':
                promotion = Bishop;
                break;
            case 'r':
                promotion = Rook;
                break;
            case 'q':
                promotion = Queen;
                break;
            default:
                return std::nullopt;
        }
    }
    MoveList moves;
    generateLegalMoves(position, moves);
    for (Move m : moves) {
        if (m.from() == from && m.to() == to && m.promotion() == promotion) return m;
    }
    return std::nullopt;
}

}  // namespace arbiter::fide
