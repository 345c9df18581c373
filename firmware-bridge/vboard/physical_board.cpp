#include "firmware-bridge/vboard/physical_board.h"

#include <algorithm>
#include <cstdlib>

#include "firmware-bridge/vboard/board_notation.h"

namespace arbiter::vboard {

namespace {

constexpr int kFiles = 8;

PhysicalBoard::Outcome done(std::string what) {
    return {{}, std::move(what)};
}
PhysicalBoard::Outcome refused(std::string error) {
    return {std::move(error), {}};
}

std::string pieceText(uint8_t piece) {
    return std::string(1, letterOf(piece));
}

}  // namespace

PhysicalBoard::Outcome PhysicalBoard::lift(int square) {
    const uint8_t piece = at(square);
    if (piece == dgt::kEmpty)
        return refused("lift " + squareName(square) + ": the square is empty");
    set(square, dgt::kEmpty);
    hand_.push_back(piece);
    return done("lift " + squareName(square) + " " + pieceText(piece));
}

PhysicalBoard::Outcome PhysicalBoard::place(int square, std::optional<uint8_t> piece) {
    uint8_t placed = dgt::kEmpty;
    if (piece) {
        placed = *piece;
        const auto inHand = std::find(hand_.rbegin(), hand_.rend(), placed);
        if (inHand != hand_.rend()) hand_.erase(std::next(inHand).base());
    } else {
        if (hand_.empty()) return refused("place " + squareName(square) + ": the hand is empty");
        placed = hand_.back();
        hand_.pop_back();
    }
    const uint8_t displaced = at(square);
    set(square, placed);
    std::string what = "place " + squareName(square) + " " + pieceText(placed);
    if (displaced != dgt::kEmpty) {
        hand_.push_back(displaced);
        what += ", " + pieceText(displaced) + " into the hand";
    }
    return done(what);
}

PhysicalBoard::Outcome PhysicalBoard::move(int from, int to) {
    const uint8_t piece = at(from);
    const std::string name = squareName(from) + "-" + squareName(to);
    if (piece == dgt::kEmpty) return refused(name + ": " + squareName(from) + " is empty");
    const uint8_t captured = at(to);
    set(from, dgt::kEmpty);
    set(to, piece);
    std::string what = name + " " + pieceText(piece);
    if (captured != dgt::kEmpty) what += " takes " + pieceText(captured);
    return done(what);
}

PhysicalBoard::Outcome PhysicalBoard::put(int square, uint8_t piece) {
    set(square, piece);
    return done("put " + squareName(square) + " " + pieceText(piece));
}

PhysicalBoard::Outcome PhysicalBoard::remove(int square) {
    const uint8_t piece = at(square);
    if (piece == dgt::kEmpty) {
        return refused("remove " + squareName(square) + ": the square is empty");
    }
    set(square, dgt::kEmpty);
    return done("remove " + squareName(square) + " " + pieceText(piece));
}

void PhysicalBoard::clear() {
    sensors_.fill(dgt::kEmpty);
    hand_.clear();
}

void PhysicalBoard::setup(const firmware::SquareCodes& position) {
    sensors_ = position;
    hand_.clear();
}

PhysicalBoard::SlidePath PhysicalBoard::planSlide(int from, int to) const {
    const std::string name = "slide " + squareName(from) + " " + squareName(to);
    const int fileStep = to % kFiles - from % kFiles;
    const int rankStep = to / kFiles - from / kFiles;
    const bool straight = fileStep == 0 || rankStep == 0;
    const bool diagonal = std::abs(fileStep) == std::abs(rankStep);
    if (from == to || (!straight && !diagonal)) {
        return {{}, name + ": not on one rank, file or diagonal"};
    }
    if (at(from) == dgt::kEmpty) return {{}, name + ": " + squareName(from) + " is empty"};
    const int step = (rankStep > 0   ? kFiles
                      : rankStep < 0 ? -kFiles
                                     : 0) +
                     (fileStep > 0   ? 1
                      : fileStep < 0 ? -1
                                     : 0);
    SlidePath path;
    for (int square = from + step;; square += step) {
        path.squares.push_back(square);
        if (square == to) break;
        if (at(square) != dgt::kEmpty) {
            return {{}, name + ": the way is blocked at " + squareName(square)};
        }
    }
    return path;
}

std::string PhysicalBoard::render() const {
    std::string text;
    for (int rank = 0; rank < kFiles; ++rank) {
        text += static_cast<char>('8' - rank);
        for (int file = 0; file < kFiles; ++file) {
            text += ' ';
            text += letterOf(at(rank * kFiles + file));
        }
        text += '\n';
    }
    text += describeHand() + "\n";
    return text;
}

std::string PhysicalBoard::describeHand() const {
    if (hand_.empty()) return "hand: empty";
    std::string text = "hand:";
    for (const uint8_t piece : hand_) {
        text += ' ';
        text += letterOf(piece);
    }
    return text;
}

}  // namespace arbiter::vboard
