#include "engine/fide/fen.h"

#include <algorithm>
#include <array>
#include <vector>

#include "engine/core/placement_text.h"

namespace arbiter::fide {

namespace {

constexpr std::string_view kPieceLetters = "pnbrqk";
constexpr const char* kColourNames[2] = {"White", "Black"};
constexpr const char* kColourAdjectives[2] = {"white", "black"};

// A character as it may be shown in a message: itself if printable, else \xNN.
std::string shown(char c) {
    auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7F) return std::string(1, c);
    constexpr char kHex[] = "0123456789ABCDEF";
    return std::string("\\x") + kHex[byte >> 4] + kHex[byte & 15];
}

std::string shown(std::string_view text) {
    std::string result;
    constexpr size_t kLimit = 40;
    for (size_t i = 0; i < text.size() && i < kLimit; ++i) result += shown(text[i]);
    if (text.size() > kLimit) result += "...";
    return result;
}

std::vector<std::string_view> splitFields(std::string_view text) {
    std::vector<std::string_view> fields;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
        size_t start = i;
        while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
        if (i > start) fields.push_back(text.substr(start, i - start));
    }
    return fields;
}

bool parsePlacement(std::string_view field, Setup& setup, std::string& error) {
    auto unknown = [](int rank, char c) {
        return rankName(rank) + " has an unknown character '" + shown(c) +
               "' (pieces are PNBRQK and pnbrqk, empty squares 1-8)";
    };
    auto readPiece = [&](std::string_view at, int file, int rank, std::string& why) -> size_t {
        const char c = at[0];
        const char lower = (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
        const size_t type = kPieceLetters.find(lower);
        if (type == std::string_view::npos || lower == '\0') {
            why = unknown(rank, c);
            return 0;
        }
        setup.squares[static_cast<std::size_t>(makeSquare(file, rank))] = {
            PieceType(type), lower == c ? Black : White};
        return 1;
    };
    auto words = [&](const PlacementFault& fault) {
        using Kind = PlacementFault::Kind;
        const std::string where = rankName(fault.rank);
        switch (fault.kind) {
            case Kind::RankCount:
                return fault.count > 8 ? std::string("piece placement has more than 8 ranks")
                                       : "piece placement has " + std::to_string(fault.count) +
                                             " ranks, expected 8";
            case Kind::TooWide:
                return where + " has more than 8 squares";
            case Kind::TooNarrow:
                return where + " has " + std::to_string(fault.count) + " squares, expected 8";
            case Kind::BadCount:
                return unknown(fault.rank, fault.text[0]);
            case Kind::CountsSideBySide:
                return where + " has two digits in a row";
        }
        return fault.words();
    };
    return readPlacement(field, PlacementShape{}, readPiece, words, error);
}

// A clock field: decimal digits only, at most `limit`.
bool parseClock(std::string_view field, const char* what, int limit, int& value,
                std::string& error) {
    const bool digitsOnly = !field.empty() && std::all_of(field.begin(), field.end(), [](char c) {
        return c >= '0' && c <= '9';
    });
    if (!digitsOnly) {
        error = std::string(what) + " '" + shown(field) + "' is not a number";
        return false;
    }
    constexpr size_t kMaxDigits = 9;  // fits an int; the limit decides the rest
    long long parsed = 0;
    for (char c : field.substr(0, kMaxDigits)) parsed = parsed * 10 + (c - '0');
    if (field.size() > kMaxDigits || parsed > limit) {
        error = std::string(what) + " " + shown(field) + " is too large (at most " +
                std::to_string(limit) + ")";
        return false;
    }
    value = int(parsed);
    return true;
}

bool parseCastling(std::string_view field, Setup& setup, std::string& error) {
    setup.castling = 0;
    if (field == "-") return true;
    if (field.size() > 4) {
        error = "castling rights '" + shown(field) + "' are too long (use a subset of KQkq or -)";
        return false;
    }
    for (char c : field) {
        int right = c == 'K'   ? WhiteKingside
                    : c == 'Q' ? WhiteQueenside
                    : c == 'k' ? BlackKingside
                    : c == 'q' ? BlackQueenside
                               : 0;
        if (right == 0) {
            error = "castling rights have an unknown character '" + shown(c) +
                    "' (use a subset of KQkq or -)";
            return false;
        }
        if (setup.castling & right) {
            error = "castling right '" + shown(c) + "' is given twice";
            return false;
        }
        setup.castling |= right;
    }
    return true;
}

bool has(const Setup& setup, Square s, Colour c, PieceType t) {
    const auto& occupant = setup.squares[static_cast<std::size_t>(s)];
    return occupant.type == t && occupant.colour == c;
}

// Rules about the pieces alone, before a Position can be built.
bool checkMaterial(const Setup& setup, std::string& error) {
    std::array<std::array<int, kPieceTypeCount>, 2> counts{};
    for (Square s = 0; s < 64; ++s) {
        const auto& occupant = setup.squares[static_cast<std::size_t>(s)];
        if (occupant.type == NoPieceType) continue;
        ++counts[static_cast<std::size_t>(occupant.colour)]
                [static_cast<std::size_t>(occupant.type)];
        if (occupant.type == Pawn && (rankOf(s) == 0 || rankOf(s) == 7)) {
            error = std::string("a ") + kColourAdjectives[occupant.colour] + " pawn stands on " +
                    squareName(s) + "; pawns cannot stand on the first or last rank";
            return false;
        }
    }
    for (Colour c : {White, Black}) {
        const auto& n = counts[static_cast<std::size_t>(c)];
        if (n[King] != 1) {
            error = std::string(kColourNames[c]) + " has " +
                    (n[King] == 0 ? std::string("no king") : std::to_string(n[King]) + " kings") +
                    "; each side needs exactly one";
            return false;
        }
        if (n[Pawn] > 8) {
            error = std::string(kColourNames[c]) + " has " + std::to_string(n[Pawn]) +
                    " pawns; at most 8 are possible";
            return false;
        }
        // Every piece beyond the original set must be a promoted pawn.
        int promoted = std::max(0, n[Queen] - 1) + std::max(0, n[Rook] - 2) +
                       std::max(0, n[Bishop] - 2) + std::max(0, n[Knight] - 2);
        if (promoted > 8 - n[Pawn]) {
            error = std::string(kColourNames[c]) +
                    " has more pieces than promotions of its missing pawns could give";
            return false;
        }
    }
    return true;
}

bool checkCastlingRights(const Setup& setup, std::string& error) {
    // Castling right `right` needs its colour's king at home and this rook.
    struct Requirement {
        int right;
        char letter;
        Colour colour;
        Square rook;
    };
    constexpr Requirement kRequirements[] = {
        {WhiteKingside, 'K', White, makeSquare(7, 0)},
        {WhiteQueenside, 'Q', White, makeSquare(0, 0)},
        {BlackKingside, 'k', Black, makeSquare(7, 7)},
        {BlackQueenside, 'q', Black, makeSquare(0, 7)},
    };
    for (const auto& r : kRequirements) {
        if (!(setup.castling & r.right)) continue;
        Square kingHome = makeSquare(4, r.colour == White ? 0 : 7);
        if (!has(setup, kingHome, r.colour, King) || !has(setup, r.rook, r.colour, Rook)) {
            error = std::string("castling right '") + r.letter + "' needs the " +
                    kColourAdjectives[r.colour] + " king on " + squareName(kingHome) + " and a " +
                    kColourAdjectives[r.colour] + " rook on " + squareName(r.rook);
            return false;
        }
    }
    return true;
}

bool checkEnPassant(std::string_view field, Setup& setup, std::string& error) {
    setup.enPassant = NoSquare;
    if (field == "-") return true;
    Square target = parseSquare(field);
    if (target == NoSquare) {
        error = "en-passant square '" + shown(field) + "' is not a square (or -)";
        return false;
    }
    const Colour mover = setup.sideToMove;
    const Colour doubleStepper = opposite(mover);
    const int expectedRank = mover == White ? 5 : 2;
    if (rankOf(target) != expectedRank) {
        error = "en-passant square " + squareName(target) + " is impossible with " +
                kColourNames[mover] + " to move (it must be on rank " +
                std::to_string(expectedRank + 1) + ")";
        return false;
    }
    const int forward = doubleStepper == White ? 8 : -8;
    const Square pawnNow = target + forward;
    const Square pawnBefore = target - forward;
    if (!has(setup, pawnNow, doubleStepper, Pawn) ||
        setup.squares[static_cast<std::size_t>(target)].type != NoPieceType ||
        setup.squares[static_cast<std::size_t>(pawnBefore)].type != NoPieceType) {
        error = "en-passant square " + squareName(target) + " needs a " +
                kColourAdjectives[doubleStepper] + " pawn on " + squareName(pawnNow) +
                " that just came from " + squareName(pawnBefore) + " (" + squareName(target) +
                " and " + squareName(pawnBefore) + " empty)";
        return false;
    }
    if (setup.halfmoveClock != 0) {
        error = "halfmove clock must be 0 right after a pawn's double step (en-passant square " +
                squareName(target) + ")";
        return false;
    }
    setup.enPassant = target;
    return true;
}

// Attackers of `s` in a Setup, by colour `by`; used before a Position exists.
int countAttackers(const Setup& setup, Square s, Colour by) {
    Bitboard occupied = 0;
    for (Square t = 0; t < 64; ++t)
        if (setup.squares[static_cast<std::size_t>(t)].type != NoPieceType) occupied |= bit(t);
    int count = 0;
    for (Square t = 0; t < 64; ++t) {
        const auto& occupant = setup.squares[static_cast<std::size_t>(t)];
        if (occupant.type == NoPieceType || occupant.colour != by) continue;
        Bitboard attacks =
            occupant.type == Pawn
                ? kPawnAttacks[static_cast<std::size_t>(by)][static_cast<std::size_t>(t)]
                : pieceAttacks(occupant.type, t, occupied);
        if (attacks & bit(s)) ++count;
    }
    return count;
}

Square findKing(const Setup& setup, Colour c) {
    for (Square s = 0; s < 64; ++s)
        if (has(setup, s, c, King)) return s;
    return NoSquare;
}

}  // namespace

std::string squareName(Square s) {
    assert(s >= 0 && s < 64);
    return {char('a' + fileOf(s)), char('1' + rankOf(s))};
}

Square parseSquare(std::string_view name) {
    if (name.size() != 2) return NoSquare;
    if (name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8') return NoSquare;
    return makeSquare(name[0] - 'a', name[1] - '1');
}

std::optional<Position> parseFen(std::string_view text, std::string& error) {
    error.clear();
    std::vector<std::string_view> fields = splitFields(text);
    if (fields.size() != 6) {
        error =
            "FEN needs 6 fields (placement, side to move, castling, en passant, halfmove "
            "clock, move number), got " +
            std::to_string(fields.size());
        return std::nullopt;
    }
    Setup setup;
    if (!parsePlacement(fields[0], setup, error)) return std::nullopt;

    if (fields[1] == "w") {
        setup.sideToMove = White;
    } else if (fields[1] == "b") {
        setup.sideToMove = Black;
    } else {
        error = "side to move must be 'w' or 'b', not '" + shown(fields[1]) + "'";
        return std::nullopt;
    }
    if (!parseCastling(fields[2], setup, error)) return std::nullopt;
    constexpr int kMaxHalfmoveClock = 9999;
    constexpr int kMaxMoveNumber = 99999;
    if (!parseClock(fields[4], "halfmove clock", kMaxHalfmoveClock, setup.halfmoveClock, error))
        return std::nullopt;
    if (!parseClock(fields[5], "move number", kMaxMoveNumber, setup.fullmoveNumber, error))
        return std::nullopt;
    if (setup.fullmoveNumber < 1) {
        error = "move number must be at least 1";
        return std::nullopt;
    }

    if (!checkMaterial(setup, error)) return std::nullopt;
    if (!checkCastlingRights(setup, error)) return std::nullopt;
    if (!checkEnPassant(fields[3], setup, error)) return std::nullopt;

    const Colour mover = setup.sideToMove;
    const Colour waiting = opposite(mover);
    if (countAttackers(setup, findKing(setup, waiting), mover) > 0) {
        error = std::string(kColourNames[waiting]) + " is in check but it is " +
                kColourNames[mover] + "'s turn";
        return std::nullopt;
    }
    const int checks = countAttackers(setup, findKing(setup, mover), waiting);
    if (checks > 2) {
        error = std::string(kColourNames[mover]) + " is in check from " + std::to_string(checks) +
                " pieces, which no move can produce";
        return std::nullopt;
    }
    return Position(setup);
}

std::string toFen(const Position& position) {
    std::string fen;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            Square s = makeSquare(file, rank);
            PieceType t = position.typeAt(s);
            if (t == NoPieceType) {
                ++empty;
                continue;
            }
            if (empty) fen += char('0' + empty);
            empty = 0;
            char letter = kPieceLetters[static_cast<std::size_t>(t)];
            fen += position.colourAt(s) == White ? char(letter - 'a' + 'A') : letter;
        }
        if (empty) fen += char('0' + empty);
        if (rank > 0) fen += '/';
    }
    fen += position.sideToMove() == White ? " w " : " b ";
    const int rights = position.castlingRights();
    if (rights == 0) fen += '-';
    if (rights & WhiteKingside) fen += 'K';
    if (rights & WhiteQueenside) fen += 'Q';
    if (rights & BlackKingside) fen += 'k';
    if (rights & BlackQueenside) fen += 'q';
    fen += ' ';
    fen += position.enPassantSquare() == NoSquare ? "-" : squareName(position.enPassantSquare());
    fen += ' ' + std::to_string(position.halfmoveClock()) + ' ' +
           std::to_string(position.fullmoveNumber());
    return fen;
}

}  // namespace arbiter::fide
