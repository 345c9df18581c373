#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::csipgs {

// The atoms a csipgs design is built from, in the order a design's text lists
// them: orthogonal (W D H leap 1, 2, 3 squares; R rides), diagonal (F A G leap
// 1, 2, 3; B rides) and oblique (N the knight, L the (1,3) long knight, NN the
// knightrider).
enum class Atom : uint8_t { W, D, H, R, F, A, G, B, N, L, NN };
inline constexpr int kAtoms = 11;

// One step a piece may take, as White sees it (Black's mirror the ranks): a
// leap to (df, dr) away, or a ride repeating it over empty squares.
struct Step {
    int8_t df = 0;
    int8_t dr = 0;
    bool ride = false;
    bool move = false;     // may go to an empty square
    bool capture = false;  // may take an enemy piece
    bool operator==(const Step&) const = default;
};

// A piece design: which directions of each atom it may use to move and to
// capture, and the whole-piece modifiers. It is a value: two designs that let
// a piece do the same things are equal and print the same, however they were
// written ("fWbWsW" is "W", "K" is "WF", "cWmW" is "W").
//
// Directions are kept per atom as a mask of parts: orthogonal atoms have
// forward, retreat and sideways (both sides); diagonal ones forward and
// retreat; oblique ones narrow-forward, narrow-retreat, wide-forward and
// wide-retreat (narrow: the long side vertical). The parts are what the seed's
// modifiers name, so the price can be worked out from them (price()).
class Design {
  public:
    // Reads a design as the seed writes it: components [direction][mode]ATOM
    // ("FfR", "fmWfcF", "ffNbbN"), then "+royal" and/or "+relay". nullopt and
    // a message naming the faulty part when it cannot be built.
    static std::optional<Design> parse(std::string_view text, std::string& error);
    // The six designs every player starts with, slots 1 to 6.
    static const std::array<Design, 6>& starting();
    // The empty design, which nothing can be: a placeholder to assign to.
    Design() { settle(); }

    // The canonical text: leapers short to long (W F D A H G N L), then riders
    // (B R NN), each atom's parts in a fixed order; "+royal" before "+relay".
    // With both N and NN, NN comes straight before N so that the text reads
    // back as the same design ("NNfN", not "fNNN", which is fNN and N).
    std::string text() const;
    // The classic name when the design is one of the six starting designs
    // ("Pawn", "Rook", ..., "King"), else its text.
    std::string name() const;

    // The price in zorkmids: each atom's base cost times its own direction and
    // mode modifiers, summed; times 0.9 when colourbound, 4 when royal, 2 with
    // relay; rounded up. Exact: worked in whole ten-thousandths.
    int price() const { return price_; }
    // Every move it can make keeps the square colour (only D, F, A, G, B, L).
    bool colourbound() const;
    bool royal() const { return royal_; }
    bool relay() const { return relay_; }
    // The steps it may take, merged per direction, as White sees them.
    std::vector<Step> steps() const;

    // A hash of what the design is (equal designs hash equal), for repetition.
    uint64_t hash() const { return hash_; }

    bool operator==(const Design&) const = default;

  private:
    std::array<uint8_t, kAtoms> move_{};     // direction parts it may move along
    std::array<uint8_t, kAtoms> capture_{};  // direction parts it may capture along
    bool royal_ = false;
    bool relay_ = false;
    // Worked out once a design is read (settle()): the turn search asks every
    // slot's price and hash at every step, and they follow from the above.
    int price_ = 0;
    uint64_t hash_ = 0;

    void settle();
    int priceFromParts() const;
    uint64_t hashFromParts() const;
};

}  // namespace arbiter::csipgs
