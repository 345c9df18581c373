#pragma once

#include <bitset>
#include <memory>
#include <optional>
#include <string>

#include "daemon/base/event_loop.h"
#include "daemon/base/instance_lock.h"
#include "daemon/boards/board_search.h"
#include "daemon/boards/bus_ports.h"
#include "daemon/boards/device_spec.h"
#include "daemon/boards/repeated_warnings.h"
#include "drivers/board_driver.h"
#include "drivers/board_listener.h"

namespace arbiter {

class Transport;

// What the boards tell the table, tagged with which board it was.
class BoardEvents {
  public:
    virtual ~BoardEvents() = default;
    virtual void boardConnected(int board, const std::string& device) = 0;
    virtual void boardDump(int board, const BoardSquares& squares) = 0;
    virtual void squareChanged(int board, int square, Appearance content) = 0;
    // The tag of each square's piece, from a board that reads them (BoardListener::pieceTags).
    virtual void pieceTags(int /*board*/, const SquareTags&) {}
    virtual void boardLost(int board, const std::string& why) = 0;
    // A clock has been seen on the board: from now on it can be shown things.
    virtual void clockAttached(int /*board*/) {}
    // What the board's clock shows, whenever it changes.
    virtual void clockDisplay(int /*board*/, const ClockDisplay&) {}
    // The board's clock is unplugged (or its board is gone: see boardLost).
    virtual void clockDetached(int /*board*/) {}
    virtual void clockButton(int /*board*/, ClockButton) {}
    // The clock's lever was pressed; `rightHigh`: the right half is now up. The
    // table does not use it yet: the hook for moves committed on the lever.
    virtual void clockLever(int /*board*/, bool /*rightHigh*/) {}
};

// Keeps one board connected. Like a UPS driver that outlives its cable, it
// never gives up: when the device is missing or vanishes it says so once and
// tries again every second, and a board that comes back is simply used again.
// A board can also fall silent with its device still there (a USB-serial
// adapter or a radio link whose board lost power or its cable): a board that
// has said nothing for a while is asked for its squares, one that does not
// answer is taken for gone, and when it speaks again its squares are read
// afresh, so that what was moved meanwhile is seen. A board on a bus shares
// its port with the other boards of the table on it (`buses`, which must
// outlive the link; without it the link has a port of its own): the port is
// theirs, the waiting for a silent board its own. A board named "auto" is
// first found by probing every port (BoardSearch), again and again until one
// answers, and is from then on read as the device found.
class BoardLink final : public BoardListener {
  public:
    BoardLink(EventLoop& loop, int index, DeviceSpec device, BoardEvents& events,
              BusPorts* buses = nullptr);
    ~BoardLink() override;

    void connect();
    // What each piece's tag is, for a board that reads tags (a Certabo): it
    // then tells colour and kind. Without, it senses occupancy, and connect()
    // says how to calibrate it.
    void identifyPiecesBy(PieceTags tags) { pieceTags_ = std::move(tags); }
    // Open and answering: a board that fell silent is not.
    bool connected() const { return board_ != nullptr && !silent_; }
    // Lights these squares (board numbering, 0 = a8) and no others on a board
    // with LEDs, now and whenever it comes back; boards without LEDs are never
    // sent the command, which could hang them.
    void light(const std::bitset<64>& squares);
    const DeviceSpec& device() const { return device_; }
    // The connected board's clock, if its protocol has clocks; nullptr while
    // disconnected.
    ClockPort* clock() const { return board_ ? board_->clock() : nullptr; }

    // BoardListener
    void boardDump(const BoardSquares& squares) override;
    void squareChanged(int square, Appearance now) override;
    void pieceTags(const SquareTags& tags) override;
    void identified(const BoardIdentity& who) override;
    void clockAttached() override;
    void clockDisplay(const ClockDisplay& shown) override;
    void clockDetached() override;
    void clockButton(ClockButton button) override;
    void clockLever(bool rightHigh) override;
    void protocolWarning(const std::string& what) override;

  private:
    void tryOpen();
    // An "auto" board: probes every port for it.
    void search();
    // What the search came to: the board found, or what was tried.
    void searched(const std::vector<PortVerdict>& verdicts);
    // A board on a bus: its place on the port's bus, opening the port if need be.
    void joinBus();
    // The driver is ready on its device: watched from now on, and started.
    void started();
    // Says why the device could not be opened (again after a while) and retries.
    void failOpen(const std::string& error);
    // A virtual board not started yet: said once, at info, and tried every second.
    void waitForVirtualBoard();
    void readable();
    void drop(const std::string& why);
    // Every second while connected: asks a quiet board for its squares, and
    // takes one that does not answer for gone until it speaks again.
    void watchSilence();
    void showLights();
    // Logs what the board did, unless it has said the like too often lately:
    // then it is counted, and summarised when the interval ends.
    enum class Tone { Debug, Info, Warning };
    void tell(Tone tone, const std::string& what);
    void summariseHeldBack();

    static constexpr Millis kRetryMs = 1000;
    // A board that stays away is named again this often, so that a mistyped
    // path is not met by silence after its first warning.
    static constexpr Millis kRemindMs = 30'000;
    // A board that has said nothing for this long is asked for its squares
    // (SEND_BRD leaves its update mode as it is); one that then stays silent
    // for kAnswerMs more is taken for gone.
    static constexpr Millis kQuietMs = 5'000;
    static constexpr Millis kAnswerMs = 2'000;
    // How long a port is given to answer each protocol when probed (a board
    // answers in milliseconds; Certabo's speak unasked several times a
    // second), and how long an "auto" board that was not found is waited
    // for before every port is probed again.
    static constexpr Millis kProbeWindowMs = 1'000;
    static constexpr Millis kProbeAgainMs = 5'000;

    EventLoop& loop_;
    int index_;
    DeviceSpec device_;
    // Its driver's entry in the table of drivers; nullptr while an "auto"
    // board is not found yet.
    const BoardProtocol* protocol_;
    BoardEvents& events_;
    std::unique_ptr<BusPorts> ownBuses_;  // when the link was given none
    BusPorts& buses_;
    std::unique_ptr<Transport> transport_;
    std::optional<InstanceLock> lock_;  // this daemon's hold on the board
    std::unique_ptr<BusSeat> seat_;     // a bus board's place on its port
    std::unique_ptr<BoardDriver> board_;  // destroyed before the seat
    std::unique_ptr<BoardSearch> search_;  // an "auto" board being looked for
    std::string lastFailure_;
    Millis failingSince_ = -1;  // since when the device could not be opened; -1: it is open
    Millis remindedAt_ = 0;
    std::bitset<64> lights_;  // what should be lit
    PieceTags pieceTags_;
    Timer retry_{loop_};
    Timer watchdog_{loop_};
    Millis heardAt_ = 0;             // when the board last sent anything
    std::optional<Millis> askedAt_;  // when a quiet board was last asked for its squares
    bool silent_ = false;            // asked and not answering: taken for gone
    // Kept across reconnections: a board that babbles, drops and comes back
    // babbling is still one flood. Warnings are summarised as warnings, the
    // rest (clock buttons, identity) as information.
    RepeatedWarnings warnings_;
    RepeatedWarnings notices_;
    Timer summary_{loop_};
};

}  // namespace arbiter
