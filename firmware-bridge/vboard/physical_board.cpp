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

void PhysicalBoard::set(int square, uint8_t piece) {
    const bool same = piece != dgt::kEmpty && piece == at(square) && idAt(square) != 0;
    set(square, piece, piece == dgt::kEmpty ? 0 : same ? idAt(square) : newPiece());
}

void PhysicalBoard::set(int square, uint8_t piece, uint32_t id) {
    sensors_[static_cast<size_t>(square)] = piece;
    ids_[static_cast<size_t>(square)] = piece == dgt::kEmpty ? 0 : id;
}

void PhysicalBoard::pushHand(uint8_t piece, uint32_t id) {
    hand_.push_back(piece);
    handIds_.push_back(id);
}

uint32_t PhysicalBoard::fromBox(uint8_t piece) {
    for (auto it = box_.rbegin(); it != box_.rend(); ++it) {
        if (it->first != piece) continue;
        const uint32_t id = it->second;
        box_.erase(std::next(it).base());
        return id;
    }
    return newPiece();
}

void PhysicalBoard::toBox(uint8_t piece, uint32_t id) {
    if (piece != dgt::kEmpty && id != 0) box_.emplace_back(piece, id);
}

void PhysicalBoard::identifyPieces() {
    for (int square = 0; square < static_cast<int>(sensors_.size()); ++square) {
        const size_t s = static_cast<size_t>(square);
        if (sensors_[s] == dgt::kEmpty)
            ids_[s] = 0;
        else if (ids_[s] == 0)
            ids_[s] = newPiece();
    }
}

PhysicalBoard::Outcome PhysicalBoard::lift(int square) {
    const uint8_t piece = at(square);
    if (piece == dgt::kEmpty)
        return refused("lift " + squareName(square) + ": the square is empty");
    pushHand(piece, idAt(square));
    set(square, dgt::kEmpty, 0);
    return done("lift " + squareName(square) + " " + pieceText(piece));
}

PhysicalBoard::Outcome PhysicalBoard::place(int square, std::optional<uint8_t> piece) {
    uint8_t placed = dgt::kEmpty;
    uint32_t id = 0;
    if (piece) {
        placed = *piece;
        const auto inHand = std::find(hand_.rbegin(), hand_.rend(), placed);
        if (inHand != hand_.rend()) {
            const auto held = std::next(inHand).base();
            const auto heldId = handIds_.begin() + (held - hand_.begin());
            id = *heldId;
            hand_.erase(held);
            handIds_.erase(heldId);
        } else {
            id = fromBox(placed);
        }
    } else {
        if (hand_.empty()) return refused("place " + squareName(square) + ": the hand is empty");
        placed = hand_.back();
        id = handIds_.back();
        hand_.pop_back();
        handIds_.pop_back();
    }
    const uint8_t displaced = at(square);
    const uint32_t displacedId = idAt(square);
    set(square, placed, id);
    std::string what = "place " + squareName(square) + " " + pieceText(placed);
    if (displaced != dgt::kEmpty) {
        pushHand(displaced, displacedId);
        what += ", " + pieceText(displaced) + " into the hand";
    }
    return done(what);
}

PhysicalBoard::Outcome PhysicalBoard::move(int from, int to) {
    const uint8_t piece = at(from);
    const std::string name = squareName(from) + "-" + squareName(to);
    if (piece == dgt::kEmpty) return refused(name + ": " + squareName(from) + " is empty");
    const uint8_t captured = at(to);
    const uint32_t id = idAt(from);
    toBox(captured, idAt(to));
    set(from, dgt::kEmpty, 0);
    set(to, piece, id);
    std::string what = name + " " + pieceText(piece);
    if (captured != dgt::kEmpty) what += " takes " + pieceText(captured);
    return done(what);
}

PhysicalBoard::Outcome PhysicalBoard::put(int square, uint8_t piece) {
    toBox(at(square), idAt(square));
    set(square, piece, fromBox(piece));
    return done("put " + squareName(square) + " " + pieceText(piece));
}

PhysicalBoard::Outcome PhysicalBoard::remove(int square) {
    const uint8_t piece = at(square);
    if (piece == dgt::kEmpty) {
        return refused("remove " + squareName(square) + ": the square is empty");
    }
    toBox(piece, idAt(square));
    set(square, dgt::kEmpty, 0);
    return done("remove " + squareName(square) + " " + pieceText(piece));
}

void PhysicalBoard::clear() {
    // Every piece, on the board or in the hand, goes into the box: the set
    // stays the same set for the next position.
    for (size_t s = 0; s < sensors_.size(); ++s) toBox(sensors_[s], ids_[s]);
    for (size_t i = 0; i < hand_.size(); ++i) toBox(hand_[i], handIds_[i]);
    sensors_.fill(dgt::kEmpty);
    ids_.fill(0);
    hand_.clear();
    handIds_.clear();
}

void PhysicalBoard::setup(const firmware::SquareCodes& position) {
    clear();
    // Set up from the box, as players do: the same pieces where the position
    // has their kind (a Certabo's calibration still knows them), new ones
    // only where the box holds none of it.
    for (size_t s = 0; s < position.size(); ++s) {
        if (position[s] == dgt::kEmpty) continue;
        sensors_[s] = position[s];
        ids_[s] = fromBox(position[s]);
    }
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
