#include "engine/fide/san.h"

#include "engine/fide/fen.h"
#include "engine/fide/movegen.h"

namespace arbiter::fide {

namespace {

constexpr std::string_view kPieceLetters = "PNBRQK";

bool isCapture(const Position& position, Move m) {
    return m.type() == Move::Type::EnPassant ||
           (m.type() != Move::Type::Castling && position.typeAt(m.to()) != NoPieceType);
}

PieceType pieceFromLetter(char c) {
    size_t index = kPieceLetters.find(c);
    return index == std::string_view::npos || c == '\0' ? NoPieceType : PieceType(index);
}

bool isFileChar(char c) {
    return c >= 'a' && c <= 'h';
}
bool isRankChar(char c) {
    return c >= '1' && c <= '8';
}

}  // namespace

std::string toSan(const Position& position, Move legalMove) {
    MoveList legal;
    generateLegalMoves(position, legal);
    assert(legal.contains(legalMove) && "toSan needs a legal move");

    const Square from = legalMove.from();
    const Square to = legalMove.to();
    std::string san;
    if (legalMove.type() == Move::Type::Castling) {
        san = to > from ? "O-O" : "O-O-O";
    } else {
        const PieceType moving = position.typeAt(from);
        const bool capture = isCapture(position, legalMove);
        if (moving == Pawn) {
            if (capture) san += char('a' + fileOf(from));
        } else {
            san += kPieceLetters[static_cast<std::size_t>(moving)];
            // Other pieces of the same type that could also go to `to`.
            bool rivals = false, rivalOnFile = false, rivalOnRank = false;
            for (Move other : legal) {
                if (other.to() != to || other.from() == from ||
                    position.typeAt(other.from()) != moving) {
                    continue;
                }
                rivals = true;
                rivalOnFile |= fileOf(other.from()) == fileOf(from);
                rivalOnRank |= rankOf(other.from()) == rankOf(from);
            }
            if (rivals && (!rivalOnFile || rivalOnRank)) san += char('a' + fileOf(from));
            if (rivals && rivalOnFile) san += char('1' + rankOf(from));
        }
        if (capture) san += 'x';
        san += squareName(to);
        if (legalMove.type() == Move::Type::Promotion) {
            san += '=';
            san += kPieceLetters[static_cast<std::size_t>(legalMove.promotion())];
        }
    }

    Position after = position;
    after.play(legalMove);
    if (after.inCheck()) san += countLegalMoves(after) == 0 ? '#' : '+';
    return san;
}

std::optional<Move> parseSan(const Position& position, std::string_view text) {
    // Annotations people add: check and mate signs, !, ?.
    while (!text.empty() &&
           (text.back() == '+' || text.back() == '#' || text.back() == '!' || text.back() == '?')) {
        text.remove_suffix(1);
    }
    if (text.empty()) return std::nullopt;

    MoveList legal;
    generateLegalMoves(position, legal);

    if (text == "O-O" || text == "0-0" || text == "O-O-O" || text == "0-0-0") {
        const bool kingside = text.size() == 3;
        for (Move m : legal) {
            if (m.type() == Move::Type::Castling && (m.to() > m.from()) == kingside) return m;
        }
        return std::nullopt;
    }

    PieceType promotion = NoPieceType;
    if (text.size() >= 2 && text[text.size() - 2] == '=') {
        promotion = pieceFromLetter(text.back());
        if (promotion == NoPieceType || promotion == Pawn || promotion == King) return std::nullopt;
        text.remove_suffix(2);
    } else if (text.size() >= 3 && isRankChar(text[text.size() - 2])) {
        PieceType p = pieceFromLetter(text.back());
        if (p != NoPieceType) {
            if (p == Pawn || p == King) return std::nullopt;
            promotion = p;
            text.remove_suffix(1);
        }
    }
    if (text.size() < 2) return std::nullopt;
    const Square to = parseSquare(text.substr(text.size() - 2));
    if (to == NoSquare) return std::nullopt;
    text.remove_suffix(2);

    PieceType moving = Pawn;
    if (!text.empty() && pieceFromLetter(text.front()) != NoPieceType) {
        moving = pieceFromLetter(text.front());
        if (moving == Pawn) return std::nullopt;  // "Pe4" is not SAN
        text.remove_prefix(1);
    }
    bool captureMarked = false;
    if (!text.empty() && text.back() == 'x') {
        captureMarked = true;
        text.remove_suffix(1);
    }
    int fromFile = -1, fromRank = -1;
    if (!text.empty() && isFileChar(text.front())) {
        fromFile = text.front() - 'a';
        text.remove_prefix(1);
    }
    if (!text.empty() && isRankChar(text.front())) {
        fromRank = text.front() - '1';
        text.remove_prefix(1);
    }
    if (!text.empty()) return std::nullopt;
    // A pawn move without a file is a push; captures name the pawn's file.
    if (moving == Pawn && fromFile < 0) fromFile = fileOf(to);

    std::optional<Move> match;
    for (Move m : legal) {
        if (m.type() == Move::Type::Castling || m.to() != to) continue;
        if (position.typeAt(m.from()) != moving) continue;
        if (fromFile >= 0 && fileOf(m.from()) != fromFile) continue;
        if (fromRank >= 0 && rankOf(m.from()) != fromRank) continue;
        if (m.promotion() != promotion) continue;
        if (captureMarked && !isCapture(position, m)) continue;
        if (match) return std::nullopt;  // ambiguous
        match = m;
    }
    return match;
}

}  // namespace arbiter::fide
