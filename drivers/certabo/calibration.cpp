#include "drivers/certabo/calibration.h"

#include <array>
#include <map>
#include <sstream>
#include <vector>

namespace arbiter::certabo {

namespace {

// The start position on the board's own squares, 0 = a8: black on the first
// two ranks it sends, white on the last two; '.' no piece.
constexpr std::string_view kStart =
    "rnbqkbnr"
    "pppppppp"
    "........"
    "........"
    "........"
    "........"
    "PPPPPPPP"
    "RNBQKBNR";

// Up to four square names and "and N more", for messages.
std::string someSquares(const std::vector<int>& squares) {
    std::string out;
    for (size_t i = 0; i < squares.size() && i < 4; ++i)
        out += (i ? ", " : "") + squareName(squares[i]);
    if (squares.size() > 4) out += " and " + std::to_string(squares.size() - 4) + " more";
    return out;
}

// The FEN letters of the figures, in the order of Figure; and their names.
// The drivers do not link the engine, so they say pieces in their own words.
constexpr std::string_view kLetters = "pnbrqk";
constexpr std::array<const char*, 6> kFigureWords = {"pawn", "knight", "bishop",
                                                     "rook", "queen",  "king"};

std::optional<SetPiece> pieceOfLetter(char c) {
    const bool white = c >= 'A' && c <= 'Z';
    const size_t at = kLetters.find(white ? char(c - 'A' + 'a') : c);
    if (at == std::string_view::npos) return std::nullopt;
    return SetPiece{white ? SetColour::White : SetColour::Black, static_cast<Figure>(at)};
}

char letterOf(SetPiece piece) {
    const char c = kLetters[static_cast<size_t>(piece.figure)];
    return piece.colour == SetColour::White ? char(c - 'a' + 'A') : c;
}

std::string wordsOf(SetPiece piece) {
    return std::string(piece.colour == SetColour::White ? "white " : "black ") +
           kFigureWords[static_cast<size_t>(piece.figure)];
}

// A file's text fit for a message: anything not printable ASCII shows as '?'.
std::string printable(std::string_view text) {
    std::string out;
    for (char c : text) out += c >= 0x20 && c < 0x7f ? c : '?';
    return out;
}

}  // namespace

std::optional<PieceTags> learnStartPosition(const SquareTags& tags, std::string& error) {
    std::vector<int> missing, extra;
    PieceTags learnt;
    std::map<PieceTag, int> seenOn;
    for (int square = 0; square < kSquares; ++square) {
        const char wanted = kStart[static_cast<size_t>(square)];
        const PieceTag tag = tags[static_cast<size_t>(square)];
        if (wanted == '.') {
            if (tag != 0) extra.push_back(square);
            continue;
        }
        if (tag == 0) {
            missing.push_back(square);
            continue;
        }
        if (auto [at, fresh] = seenOn.emplace(tag, square); !fresh) {
            error = "the pieces on " + squareName(at->second) + " and " + squareName(square) +
                    " send the same tag " + tagText(tag) +
                    "; lift both and set them down again, then calibrate again";
            return std::nullopt;
        }
        learnt[tag] = *pieceOfLetter(wanted);
    }
    if (!missing.empty() || !extra.empty()) {
        error = "the board does not show the chess start position (white on its ranks 1 and 2)";
        if (!missing.empty()) error += "; no piece on " + someSquares(missing);
        if (!extra.empty()) error += "; a piece on " + someSquares(extra);
        return std::nullopt;
    }
    return learnt;
}

PieceTags merged(PieceTags known, const PieceTags& learnt) {
    for (const auto& [tag, piece] : learnt) known[tag] = piece;
    return known;
}

std::optional<PieceTags> parseCalibration(std::string_view text, const std::string& file,
                                          std::string& error) {
    PieceTags tags;
    int number = 0;
    size_t at = 0;
    while (at < text.size()) {
        size_t end = text.find('\n', at);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(at, end - at);
        at = end + 1;
        ++number;
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
            line.remove_suffix(1);
        const std::string where = file + ":" + std::to_string(number) + ": ";
        const size_t first = line.find_first_not_of(" \t");
        if (first == std::string_view::npos || line[first] == '#') continue;
        line.remove_prefix(first);
        const size_t space = line.find_first_of(" \t");
        const size_t letterAt =
            space == std::string_view::npos ? space : line.find_first_not_of(" \t", space);
        const std::string_view tagPart = line.substr(0, space);
        const std::string_view rest =
            letterAt == std::string_view::npos ? std::string_view() : line.substr(letterAt);
        const auto tag = tagFromText(tagPart);
        const auto piece = rest.size() == 1 ? pieceOfLetter(rest[0]) : std::nullopt;
        if (!tag || !piece) {
            error = where + "\"" + printable(line.substr(0, 60)) +
                    "\" is not a tag and a piece: write ten hex digits, a space and the piece's "
                    "FEN letter (3a0ccb0701 R)";
            return std::nullopt;
        }
        if (*tag == 0) {
            error = where + "the tag 0000000000 is an empty square, not a piece";
            return std::nullopt;
        }
        if (auto known = tags.find(*tag); known != tags.end() && known->second != *piece) {
            error = where + "the tag " + tagText(*tag) + " is already a " + wordsOf(known->second) +
                    "; a tag is one piece";
            return std::nullopt;
        }
        tags[*tag] = *piece;
    }
    return tags;
}

std::string calibrationText(const PieceTags& tags) {
    std::ostringstream out;
    out << "# Certabo pieces: each RFID tag (10 hex digits) and the piece it is (FEN letter).\n"
           "# Written by arbiterd --calibrate (docs/boards.md).\n";
    for (const auto& [tag, piece] : tags) out << tagText(tag) << " " << letterOf(piece) << "\n";
    return out.str();
}

std::string describePieces(const PieceTags& tags) {
    std::array<int, 12> counts{};
    int white = 0;
    for (const auto& [tag, piece] : tags) {
        const bool isWhite = piece.colour == SetColour::White;
        white += isWhite ? 1 : 0;
        ++counts[static_cast<size_t>(piece.figure) + (isWhite ? 0 : 6)];
    }
    std::string out = std::to_string(white) + " white and " +
                      std::to_string(static_cast<int>(tags.size()) - white) + " black pieces";
    // The figures of which there are more than a start position holds: spares.
    constexpr std::array<int, 6> kInStart = {8, 2, 2, 2, 1, 1};
    std::string spares;
    for (size_t i = 0; i < counts.size(); ++i) {
        const size_t figure = i % 6;
        if (counts[i] <= kInStart[figure]) continue;
        const SetPiece piece{i < 6 ? SetColour::White : SetColour::Black,
                             static_cast<Figure>(figure)};
        spares +=
            (spares.empty() ? "" : ", ") + std::to_string(counts[i]) + " " + wordsOf(piece) + "s";
    }
    if (!spares.empty()) out += " (" + spares + ")";
    return out;
}

}  // namespace arbiter::certabo
