#pragma once

// The host side of a Certabo or a Tabutronic Sentio board. Both send a whole
// reading of the board, line after line, of their own accord, and take 8 LED
// bytes; neither needs a command to start, nor says who it is. The first good
// reading is the board's dump and proves the board is there; after it, a
// square is reported changed once two readings in a row agree on it, since
// an RFID reading may flicker for one scan while a piece is set down.
//
// A Certabo tells pieces apart by their tags: with a calibration (PieceTags)
// each known tag is the piece it was learnt as, an unknown one is taken for
// no piece and said once. Without one, and always on a Sentio, a square reads
// only as taken or not: a taken square is reported as a white pawn, and the
// table must compare by occupancy (BoardProtocol::sensing). Either way a
// Certabo tells the listener each square's tag (BoardListener::pieceTags),
// after its dump and after every change: the identity of each physical piece,
// which tells look-alikes apart even on an uncalibrated board.

#include <bitset>
#include <cstdint>
#include <optional>
#include <set>

#include "drivers/board_driver.h"
#include "drivers/board_listener.h"
#include "drivers/certabo/number_lines.h"
#include "drivers/certabo/readings.h"
#include "drivers/piece_tags.h"
#include "drivers/transport/transport.h"

namespace arbiter::certabo {

// The two protocols in the table of drivers (drivers/board_protocols.h).
extern const BoardProtocol kCertaboProtocol;
extern const BoardProtocol kSentioProtocol;

// The CP210x USB-serial bridge both boards use: Silicon Labs' generic id,
// shared with countless other gadgets, so a port with it is only a candidate.
inline constexpr uint16_t kCp210xVendor = 0x10c4;
inline constexpr uint16_t kCp210xProduct = 0xea60;
bool mayBeCertaboBoard(const SerialPortInfo& port);

enum class Model { Certabo, Sentio };

class CertaboBoard final : public BoardDriver, private NumberLineParser::Sink {
  public:
    // Two readings in a row must agree before a square's change is reported.
    static constexpr int kReadingsToAccept = 2;

    // Both must outlive the board. Listener callbacks may call the board's
    // output methods, but must not destroy it.
    CertaboBoard(Model model, Transport& transport, BoardListener& listener);

    // Forgets what it read; the next reading is a dump. Sends nothing: the
    // board reads itself out all the time. False when the device is gone.
    bool start() override;
    bool onReadable(int64_t nowMs) override;
    // The board sends its whole reading all the time: there is nothing to
    // ask, and a board that stays silent is gone. False when the device is.
    bool requestBoard() override;
    bool hasLeds() const override { return !gone_; }
    bool showLeds(const std::bitset<64>& lit) override;
    ClockPort* clock() override { return nullptr; }
    // What each tag is; a Certabo reads its squares by it from now on (and
    // reports the board anew if it had one). A Sentio has no tags.
    void identifyPiecesBy(const PieceTags& tags) override;

    // The tag of the piece on each square as last reported (0: empty), the
    // identity of each physical piece; all 0 on a Sentio.
    const SquareTags& tags() const { return reportedTags_; }
    bool calibrated() const { return !pieceTags_.empty(); }
    bool gone() const { return gone_; }

  private:
    // NumberLineParser::Sink
    void line(std::span<const uint8_t> numbers) override;
    void warning(const std::string& what) override;

    // The reading of one line: a tag per square (a Sentio's taken squares
    // have tag 1), or nullopt when the line is not this model's.
    std::optional<SquareTags> reading(std::span<const uint8_t> numbers);
    void take(const SquareTags& now);
    // Tells the listener every square's tag (BoardListener::pieceTags).
    void tellTags();
    Appearance appearanceOf(int square, PieceTag tag);
    bool send(std::span<const uint8_t> bytes);

    Model model_;
    Transport& transport_;
    BoardListener& listener_;
    NumberLineParser parser_;
    bool gone_ = false;
    bool dumped_ = false;
    SquareTags reportedTags_{};
    SquareTags pendingTags_{};  // a change seen once, waiting for the next reading
    std::array<int, kSquares> pendingCount_{};
    PieceTags pieceTags_;
    std::set<PieceTag> unknownSaid_;  // unknown tags already warned of
    std::optional<std::bitset<64>> ledsShown_;
};

}  // namespace arbiter::certabo
