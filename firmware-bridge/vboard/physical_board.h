#pragma once

// The pieces on the virtual board and in the player's hand.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "firmware-bridge/square_codes.h"

namespace arbiter::vboard {

// What a person does with real pieces, done to the 64 sensor values of the
// virtual board: lifting into a hand, placing, moving, capturing. Each operation
// checks first and changes nothing when it cannot be done, returning an error to
// print; when it can, it changes the sensors in one instant and returns a short
// description of what happened. The hand is a stack: place takes the most
// recently lifted piece.
class PhysicalBoard {
  public:
    struct Outcome {
        std::string error;  // empty when the change was made
        std::string what;   // a short description of the change, when made

        bool ok() const { return error.empty(); }
    };

    // sensors must outlive this object (VirtualHardware owns them).
    explicit PhysicalBoard(firmware::SquareCodes& sensors) : sensors_(sensors) {}

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
    // Empties board and hand.
    void clear();
    // Sets up a whole position; empties the hand.
    void setup(const firmware::SquareCodes& position);

    // The squares a slide from `from` to `to` passes, `to` last; an error when the
    // two are not on one rank, file or diagonal, `from` is empty, or a square in
    // between is occupied.
    struct SlidePath {
        std::vector<int> squares;
        std::string error;
    };
    SlidePath planSlide(int from, int to) const;

    uint8_t at(int square) const { return sensors_[static_cast<size_t>(square)]; }
    void set(int square, uint8_t piece) { sensors_[static_cast<size_t>(square)] = piece; }
    const std::vector<uint8_t>& hand() const { return hand_; }

    // 8 lines, the board's rank 8 first ("8 r n b q k b n r"), then "hand: ...".
    std::string render() const;
    // "hand: P n" (bottom to top) or "hand: empty".
    std::string describeHand() const;

  private:
    firmware::SquareCodes& sensors_;
    std::vector<uint8_t> hand_;
};

}  // namespace arbiter::vboard
