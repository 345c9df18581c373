#pragma once

// The pieces on the virtual board and in the player's hand.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "firmware-bridge/square_codes.h"

namespace arbiter::vboard {

// Which physical piece stands on each square: a number of its own per piece
// (0: none), as a board that reads each piece's chip (a Certabo) tells them.
using PieceIds = std::array<uint32_t, 64>;

// What a person does with real pieces, done to the 64 sensor values of the
// virtual board: lifting into a hand, placing, moving, capturing. Each operation
// checks first and changes nothing when it cannot be done, returning an error to
// print; when it can, it changes the sensors in one instant and returns a short
// description of what happened. The hand is a stack: place takes the most
// recently lifted piece. Each piece keeps an identity of its own (PieceIds) as
// it is lifted, moved, set down and put in the box: a piece taken from the box
// is the one of its kind put there last, or a new piece when there is none.
class PhysicalBoard {
  public:
    struct Outcome {
        std::string error;  // empty when the change was made
        std::string what;   // a short description of the change, when made

        bool ok() const { return error.empty(); }
    };

    // sensors (and ids, when given) must outlive this object (VirtualHardware
    // owns them); without `ids` the board keeps the pieces' identities itself.
    explicit PhysicalBoard(firmware::SquareCodes& sensors, PieceIds* ids = nullptr)
        : sensors_(sensors), ids_(ids ? *ids : ownIds_) {
        identifyPieces();
    }

    Outcome lift(int square);
    // Places the top of the hand, or the named piece (taken from the hand if it
    // holds one, the most recent; from the box otherwise). A piece standing on the
    // square goes into the hand in the same instant.
    Outcome place(int square, std::optional<uint8_t> piece);
    // One physical move: the piece on `from` goes to `to`; a piece standing on
    // `to` leaves the board (into the box, not the hand). The hand is untouched.
    Outcome move(int from, int to);
    Outcome put(int square, uint8_t piece);
    Outcome remove(int square);
    // Empties board and hand: their pieces go into the box.
    void clear();
    // Sets up a whole position with the pieces of the set (board, hand and
    // box), new ones only for kinds it lacks; empties the hand.
    void setup(const firmware::SquareCodes& position);
    // Gives each piece that stands without an identity (the sensors set from
    // outside, as a power-up position) a new one.
    void identifyPieces();

    // The squares a slide from `from` to `to` passes, `to` last; an error when the
    // two are not on one rank, file or diagonal, `from` is empty, or a square in
    // between is occupied.
    struct SlidePath {
        std::vector<int> squares;
        std::string error;
    };
    SlidePath planSlide(int from, int to) const;

    uint8_t at(int square) const { return sensors_[static_cast<size_t>(square)]; }
    uint32_t idAt(int square) const { return ids_[static_cast<size_t>(square)]; }
    // A sensor change from outside (a replayed capture): a piece of another
    // kind, or on an empty square, is a new piece; the same kind stays itself.
    void set(int square, uint8_t piece);
    // The piece `id` set down on the square (a slide's next square), or none.
    void set(int square, uint8_t piece, uint32_t id);
    const std::vector<uint8_t>& hand() const { return hand_; }

    // 8 lines, the board's rank 8 first ("8 r n b q k b n r"), then "hand: ...".
    std::string render() const;
    // "hand: P n" (bottom to top) or "hand: empty".
    std::string describeHand() const;

  private:
    uint32_t newPiece() { return nextId_++; }
    void pushHand(uint8_t piece, uint32_t id);
    // The identity of a piece of this kind taken from the box.
    uint32_t fromBox(uint8_t piece);
    void toBox(uint8_t piece, uint32_t id);

    firmware::SquareCodes& sensors_;
    PieceIds ownIds_{};
    PieceIds& ids_;
    std::vector<uint8_t> hand_;
    std::vector<uint32_t> handIds_;                  // the identity of each piece in hand_
    std::vector<std::pair<uint8_t, uint32_t>> box_;  // pieces off the board, oldest first
    uint32_t nextId_ = 1;
};

}  // namespace arbiter::vboard
