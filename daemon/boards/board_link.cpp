#include "daemon/boards/board_link.h"

#include <unistd.h>
#include <algorithm>
#include <cassert>

#include <spdlog/spdlog.h>

#include "daemon/base/instance_lock.h"
#include "drivers/board_protocols.h"
#include "drivers/transport/open_transport.h"
#include "drivers/transport/transport.h"

namespace arbiter {

namespace {

const BoardProtocol* protocolOf(const DeviceSpec& device) {
    if (device.isAuto()) return nullptr;
    const BoardProtocol* protocol = findBoardProtocol(device.driver());
    // DeviceSpec::parse admits only the protocols of the table.
    assert(protocol && "a device of a protocol the table of drivers does not have");
    return protocol;
}

// "/dev/ttyS0 is silent; vboard:junk answers in no protocol arbiterd reads":
// what probing found where no board was.
std::string triedPorts(const std::vector<PortVerdict>& verdicts) {
    std::string said;
    for (const PortVerdict& verdict : verdicts) {
        std::string what;
        switch (verdict.kind) {
            case PortVerdict::Kind::Found:
                continue;
            case PortVerdict::Kind::InUse:
            case PortVerdict::Kind::Ours:
            case PortVerdict::Kind::Unopenable:
                what = verdict.detail;
                break;
            case PortVerdict::Kind::Garbled:
                what = "answers, but in no protocol arbiterd reads; skipped";
                break;
            case PortVerdict::Kind::Silent:
                what = "is silent";
                break;
        }
        said += (said.empty() ? "" : "; ") + verdict.candidate.label() + " " + what;
    }
    return said;
}

}  // namespace

BoardLink::BoardLink(EventLoop& loop, int index, DeviceSpec device, BoardEvents& events,
                     BusPorts* buses)
    : loop_(loop),
      index_(index),
      device_(std::move(device)),
      protocol_(protocolOf(device_)),
      events_(events),
      ownBuses_(buses ? nullptr : std::make_unique<BusPorts>(loop)),
      buses_(buses ? *buses : *ownBuses_) {}

BoardLink::~BoardLink() {
    if (transport_) loop_.unwatch(transport_->fd());
    board_.reset();  // leaves its bus before giving up its seat
}

void BoardLink::connect() {
    if (protocol_ && protocol_->readsTags && pieceTags_.empty())
        spdlog::warn(
            "board {}: not calibrated, so it is read as occupancy only (its pieces' chips still "
            "tell them apart); to tell colour and kind, set up the chess start position on it "
            "(white on its ranks 1 and 2), stop arbiterd and run it once with --calibrate "
            "(docs/boards.md)",
            device_.text());
    tryOpen();
}

void BoardLink::tryOpen() {
    retry_.cancel();
    if (!protocol_) {
        search();
        return;
    }
    if (protocol_->makeBus) {
        joinBus();
        return;
    }
    // One daemon per board, decided before the device is touched: a board held
    // by another arbiterd is waited for like one that is away, naming who
    // holds it. Without a folder for device locks (not writable here) the
    // board is read as before, unguarded. A board found by probing comes
    // with the lock its probe took.
    if (const std::string lockPath = boardLockPath(device_.path); !lock_ && !lockPath.empty()) {
        pid_t holder = -1;
        std::string why;
        lock_ = InstanceLock::take(lockPath, holder, why);
        // The lock is per open file, so that another board of this very
        // daemon on the same device is refused as well: it is not another
        // arbiterd, and waiting would not help (the configuration check
        // refuses a device named twice; a device reached by two paths that
        // only resolve alike at run time can still meet here).
        if (!lock_ && holder == ::getpid()) {
            failOpen(
                "its device is read by another board of this arbiterd; each board needs "
                "a device of its own");
            return;
        }
        if (!lock_ && holder >= 0) {
            failOpen("in use by another arbiterd (pid " + std::to_string(holder) + ")");
            return;
        }
        if (!lock_) spdlog::debug("board {}: not locked: {}", device_.text(), why);
    }
    std::string error;
    transport_ = openTransport(device_.path, error, protocol_->device, protocol_->baudRate);
    if (!transport_) {
        lock_.reset();
        // A virtual board that is not there yet is one nobody has started:
        // waited for, and said once, as no fault (./run starts its own just after).
        if (device_.isVirtual() && error.starts_with("no such device")) {
            waitForVirtualBoard();
            return;
        }
        failOpen(error);
        return;
    }
    board_ = protocol_->makeDriver(*transport_, *this);
    if (!pieceTags_.empty()) board_->identifyPiecesBy(pieceTags_);
    loop_.watch(transport_->fd(), [this] { readable(); });
    started();
}

void BoardLink::search() {
    search_ = std::make_unique<BoardSearch>(
        loop_, portsToProbe(), BoardSearch::Until::FirstBoard, kProbeWindowMs,
        [this](std::vector<PortVerdict> verdicts) { searched(verdicts); });
    search_->start();
}

void BoardLink::searched(const std::vector<PortVerdict>& verdicts) {
    if (!verdicts.empty() && verdicts.front().kind == PortVerdict::Kind::Found) {
        const PortVerdict& found = verdicts.front();
        const std::string name(found.protocol->name);
        spdlog::info("board {}: found a {} board on {} ({})", device_.text(), name,
                     found.candidate.label(), describeIdentity(*found.protocol, found.identity));
        lock_ = search_->takeLock();
        protocol_ = found.protocol;
        device_ = DeviceSpec{name, found.candidate.path, found.candidate.vboard};
        // The table reads the board with what its protocol tells once it
        // connects; a calibration is read only for boards named at the start.
        if (protocol_->readsTags)
            spdlog::info(
                "board {}: a {} board found by probing is read by occupancy; to calibrate it so "
                "that it tells colour and kind, name it as {} (docs/boards.md)",
                device_.text(), name, device_.text());
        tryOpen();
        return;
    }
    const Millis now = loop_.time().now();
    if (failingSince_ < 0) failingSince_ = now;
    // Every port held by this arbiterd's other boards, which may be probing
    // them right now: soon worth another look, and only worth telling when
    // it lasts (then the other boards have found theirs, and none is left).
    const bool allOurs =
        !verdicts.empty() && std::all_of(verdicts.begin(), verdicts.end(), [](const auto& v) {
            return v.kind == PortVerdict::Kind::Ours;
        });
    if (allOurs && now - failingSince_ < 2 * kProbeAgainMs) {
        spdlog::debug("board {}: every port is another board's just now", device_.text());
        retry_.after(kRetryMs, [this] { tryOpen(); });
        return;
    }
    const std::string tried = verdicts.empty()
                                  ? "there is no serial port, HID board or virtual board to probe"
                                  : triedPorts(verdicts);
    if (tried != lastFailure_ || now - remindedAt_ >= kRemindMs) {
        spdlog::warn(
            "board {}: no board found ({}); plug the board in and switch it on, or name its "
            "device (--board millennium:/dev/ttyACM0; arbiterd --list-ports --probe shows what "
            "each port answers); probing again every {} s",
            device_.text(), tried, kProbeAgainMs / 1000);
        lastFailure_ = tried;
        remindedAt_ = now;
    }
    retry_.after(kProbeAgainMs, [this] { tryOpen(); });
}

void BoardLink::joinBus() {
    std::string error;
    BusPorts::Member member{[this] { readable(); }, [this](const std::string& why) { drop(why); }};
    auto joined = buses_.join(device_, *this, std::move(member), error);
    if (!joined) {
        if (device_.isVirtual() && error.starts_with("no such device")) {
            waitForVirtualBoard();
            return;
        }
        failOpen(error);
        return;
    }
    seat_ = std::move(joined->seat);
    board_ = std::move(joined->driver);
    started();
}

void BoardLink::started() {
    lastFailure_.clear();
    failingSince_ = -1;
    spdlog::info("board {}: connected", device_.text());
    heardAt_ = loop_.time().now();
    askedAt_.reset();
    silent_ = false;
    watchdog_.after(1000, [this] { watchSilence(); });
    events_.boardConnected(index_, device_.text());
    if (!board_->start()) drop("the device does not take our requests");
}

void BoardLink::watchSilence() {
    if (!board_) return;
    const Millis now = loop_.time().now();
    if (askedAt_ && !silent_ && now - *askedAt_ >= kAnswerMs) {
        silent_ = true;
        spdlog::warn("board {}: it does not answer; waiting for it", device_.text());
        events_.boardLost(index_, "it does not answer");
    }
    if (now - heardAt_ >= kQuietMs && (!askedAt_ || now - *askedAt_ >= kQuietMs)) {
        askedAt_ = now;
        if (!board_->requestBoard()) {
            drop("the device does not take our requests");
            return;
        }
    }
    watchdog_.after(1000, [this] { watchSilence(); });
}

void BoardLink::waitForVirtualBoard() {
    const std::string waiting = "waiting for the virtual board";
    if (lastFailure_ != waiting)
        spdlog::info("board {}: {} (start it: arbiter-vboard {})", device_.text(), waiting,
                     device_.vboardOptions());
    lastFailure_ = waiting;
    if (failingSince_ < 0) failingSince_ = loop_.time().now();
    retry_.after(kRetryMs, [this] { tryOpen(); });
}

void BoardLink::failOpen(const std::string& error) {
    const Millis now = loop_.time().now();
    if (failingSince_ < 0) failingSince_ = now;
    if (error != lastFailure_) {
        spdlog::warn("board {}: {}; retrying every second", device_.text(), error);
        lastFailure_ = error;
        remindedAt_ = now;
    } else if (now - remindedAt_ >= kRemindMs) {
        // The same failure for a while: most likely a path that is not the board's.
        const std::string hint = device_.isVirtual()
                                     ? ""
                                     : "; is the path right? arbiterd --list-ports lists "
                                       "the serial ports and marks likely boards";
        spdlog::warn("board {}: still not there after {} s ({}){}", device_.text(),
                     (now - failingSince_) / 1000, error, hint);
        remindedAt_ = now;
    }
    retry_.after(kRetryMs, [this] { tryOpen(); });
}

void BoardLink::readable() {
    if (!board_) return;
    const Millis now = loop_.time().now();
    if (!board_->onReadable(now)) {
        drop("the device went away");
        return;
    }
    heardAt_ = now;
    askedAt_.reset();
    if (silent_) {
        // Back: what it shows now is read whole, as from a board plugged in.
        silent_ = false;
        spdlog::info("board {}: it answers again", device_.text());
        events_.boardConnected(index_, device_.text());
        if (!board_->start()) drop("the device does not take our requests");
    }
}

void BoardLink::drop(const std::string& why) {
    if (transport_) loop_.unwatch(transport_->fd());
    watchdog_.cancel();
    const bool toldGone = silent_;  // the table already waits for it
    silent_ = false;
    board_.reset();
    seat_.reset();
    transport_.reset();
    lock_.reset();
    lastFailure_ = why;
    spdlog::warn("board {}: {}; waiting for it to come back", device_.text(), why);
    if (!toldGone) events_.boardLost(index_, why);
    retry_.after(kRetryMs, [this] { tryOpen(); });
}

void BoardLink::boardDump(const BoardSquares& squares) {
    events_.boardDump(index_, squares);
}

void BoardLink::squareChanged(int square, Appearance now) {
    events_.squareChanged(index_, square, now);
}

void BoardLink::pieceTags(const SquareTags& tags) {
    events_.pieceTags(index_, tags);
}

void BoardLink::identified(const BoardIdentity& who) {
    // What the board told of itself, and nothing it did not: a Millennium
    // tells no serial, a Certabo neither version nor serial.
    tell(Tone::Info,
         who.protocol + " " + (protocol_ ? describeIdentity(*protocol_, who) : who.trademark));
    // Only now does the board's trademark say whether it has LEDs.
    showLights();
}

void BoardLink::clockAttached() {
    tell(Tone::Info, "a clock is plugged in");
    events_.clockAttached(index_);
}

void BoardLink::clockDisplay(const ClockDisplay& shown) {
    events_.clockDisplay(index_, shown);
}

void BoardLink::clockDetached() {
    tell(Tone::Info, "the clock is unplugged");
    events_.clockDetached(index_);
}

void BoardLink::clockButton(ClockButton button) {
    static constexpr const char* kNames[] = {"back", "plus", "run", "minus", "ok"};
    tell(Tone::Info, std::string("clock button ") + kNames[static_cast<int>(button)]);
    events_.clockButton(index_, button);
}

void BoardLink::clockLever(bool rightHigh) {
    tell(Tone::Debug,
         std::string("clock lever pressed, ") + (rightHigh ? "right" : "left") + " half up");
    events_.clockLever(index_, rightHigh);
}

void BoardLink::light(const std::bitset<64>& squares) {
    lights_ = squares;
    showLights();
}

void BoardLink::showLights() {
    if (board_ && board_->hasLeds()) board_->showLeds(lights_);
}

void BoardLink::protocolWarning(const std::string& what) {
    tell(Tone::Warning, what);
}

void BoardLink::tell(Tone tone, const std::string& what) {
    if (tone == Tone::Debug && !spdlog::should_log(spdlog::level::debug)) return;
    RepeatedWarnings& told = tone == Tone::Warning ? warnings_ : notices_;
    if (!told.admit(what, loop_.time().now())) {
        if (!summary_.armed()) summariseHeldBack();
        return;
    }
    switch (tone) {
        case Tone::Debug:
            spdlog::debug("board {}: {}", device_.text(), what);
            break;
        case Tone::Info:
            spdlog::info("board {}: {}", device_.text(), what);
            break;
        case Tone::Warning:
            spdlog::warn("board {}: {}", device_.text(), what);
            break;
    }
}

// Says what was held back in intervals that have ended, and waits for the next.
void BoardLink::summariseHeldBack() {
    const Millis now = loop_.time().now();
    for (const std::string& line : warnings_.summaries(now))
        spdlog::warn("board {}: {}", device_.text(), line);
    for (const std::string& line : notices_.summaries(now))
        spdlog::info("board {}: {}", device_.text(), line);
    auto due = warnings_.nextSummaryAt();
    if (auto other = notices_.nextSummaryAt(); other && (!due || *other < *due)) due = other;
    if (due) summary_.at(*due, [this] { summariseHeldBack(); });
}

}  // namespace arbiter
