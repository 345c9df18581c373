#include "drivers/dgt_bus/dgt_bus_line.h"

#include <array>

#include <fmt/format.h>

#include "drivers/dgt/dgt_board.h"
#include "drivers/dgt_bus/dgt_bus_board.h"
#include "drivers/dgt_bus/dgt_bus_changes.h"

namespace arbiter::dgt_bus {

namespace {

constexpr size_t kReadChunk = 256;
// As for a single board: more waits for the next wake-up.
constexpr int kMaxReadsPerWakeUp = 64;
constexpr uint16_t kFtdiUsbVendor = 0x0403;

}  // namespace

const BoardProtocol kDgtBusProtocol = {
    .name = "dgt-bus",
    .description = "DGT board on a bus",
    .makeDriver = nullptr,
    // A DGT board on USB answers bus commands too; a bus of several boards
    // hangs on an RS-232 line, mostly behind an FTDI adapter (as in
    // udev/60-arbiter-boards.rules). Candidates only: --search-bus asks.
    .mayBe =
        [](const SerialPortInfo& port) {
            return dgt::mayBeDgtBoard(port.vendorId, port.productId) ||
                   port.vendorId == kFtdiUsbVendor;
        },
    .carriesClock = false,
    .makeBus = [](Transport& transport) -> std::unique_ptr<BoardBus> {
        return std::make_unique<DgtBusLine>(transport);
    },
    .maxAddress = kMaxAddress,
};

DgtBusLine::DgtBusLine(Transport& transport) : transport_(transport) {}

DgtBusLine::~DgtBusLine() = default;

bool DgtBusLine::onReadable(int64_t nowMs) {
    now_ = nowMs;
    std::array<uint8_t, kReadChunk> buffer;
    for (int i = 0; i < kMaxReadsPerWakeUp && !gone_; ++i) {
        const long n = transport_.read(buffer.data(), buffer.size());
        if (n < 0) {
            gone_ = true;
            break;
        }
        if (n == 0) break;
        parser_.feed(std::span<const uint8_t>(buffer.data(), static_cast<size_t>(n)), *this);
    }
    pump();
    return !gone_;
}

bool DgtBusLine::tick(int64_t nowMs) {
    now_ = nowMs;
    pump();
    return !gone_;
}

int64_t DgtBusLine::nextTickAt() const {
    if (searchUntil_) return *searchUntil_;
    if (awaiting_) return awaiting_->sentAt + kReplyTimeoutMs;
    return nextRoundAt_;
}

std::vector<int> DgtBusLine::takeHeard() {
    std::vector<int> heard(heard_.begin(), heard_.end());
    heard_.clear();
    return heard;
}

std::unique_ptr<BoardDriver> DgtBusLine::attach(int address, BoardListener& listener) {
    if (address <= kBroadcastAddress || address > kMaxAddress || members_.count(address))
        return nullptr;
    auto board = std::make_unique<DgtBusBoard>(*this, address, listener);
    members_[address] = Member{board.get(), {}};
    return board;
}

bool DgtBusLine::startSearch(int64_t nowMs) {
    now_ = nowMs;
    found_.clear();
    searchUntil_ = nowMs + kSearchMs;
    awaiting_.reset();
    return send(busCommand(kPing, kBroadcastAddress));
}

std::vector<int> DgtBusLine::addressesFound() const {
    return {found_.begin(), found_.end()};
}

void DgtBusLine::detach(int address) {
    members_.erase(address);
    if (awaiting_ && awaiting_->address == address) awaiting_.reset();
    if (lastAsked_ == address) lastAsked_.reset();
}

bool DgtBusLine::restart(int address) {
    auto it = members_.find(address);
    if (it == members_.end()) return false;
    it->second.wants = Wants{true, true, true, false};
    pump();
    return !gone_;
}

bool DgtBusLine::askBoard(int address) {
    auto it = members_.find(address);
    if (it == members_.end()) return false;
    it->second.wants.board = true;
    pump();
    return !gone_;
}

// ---- what the boards say ----

void DgtBusLine::reply(const BusReply& reply) {
    std::visit(
        [this](const auto& r) {
            using Reply = std::decay_t<decltype(r)>;
            if constexpr (std::is_same_v<Reply, BusPing>) {
                found_.insert(r.address);
            }
            auto it = members_.find(r.address);
            if (it == members_.end()) return;  // a board no one here reads
            heard_.insert(r.address);
            Member& member = it->second;
            if constexpr (std::is_same_v<Reply, BusBoardDump>) {
                member.wants.board = false;
                freeLine(r.address);
                member.board->dump(r);
            } else if constexpr (std::is_same_v<Reply, BusChanges>) {
                if (!r.fromStart) handle(member, r);
            } else if constexpr (std::is_same_v<Reply, BusVersion>) {
                member.wants.version = false;
                freeLine(r.address);
                member.board->version(r);
            }
        },
        reply);
}

void DgtBusLine::handle(Member& member, const BusChanges& changes) {
    const bool dropped = member.wants.dropChanges;
    member.wants.dropChanges = false;
    member.wants.repeatChanges = false;
    freeLine(changes.address);
    if (dropped) return;
    const DecodedChanges decoded = decodeChanges(changes.records);
    member.board->changes(decoded);
    if (!decoded.problem.empty()) {
        member.board->warn("changes: " + decoded.problem + "; reading the whole board");
        member.wants.board = true;
    }
}

// A board answers one request at a time: its answer frees the line.
void DgtBusLine::freeLine(int address) {
    if (awaiting_ && awaiting_->address == address) awaiting_.reset();
}

void DgtBusLine::corrupted(int address, uint8_t id) {
    auto it = members_.find(address);
    if (it == members_.end()) return;
    // Lost changes are asked for again as they were; other requests are
    // still wanted and simply go out again.
    if (id == kChanges && !it->second.wants.dropChanges) it->second.wants.repeatChanges = true;
    freeLine(address);
}

// Garbage on the line is no one board's: it goes to the log of the board
// last asked (whose answer it most likely was), else of any board.
void DgtBusLine::warning(const std::string& what) {
    auto it = lastAsked_ ? members_.find(*lastAsked_) : members_.end();
    if (it == members_.end()) it = members_.begin();
    if (it != members_.end()) it->second.board->warn("bus: " + what);
}

// ---- what the host asks ----

Command DgtBusLine::nextCommand(const Wants& wants) const {
    if (wants.dropChanges) return kSendChanges;
    if (wants.version) return kSendVersion;
    if (wants.board) return kSendBoard;
    if (wants.repeatChanges) return kRepeatChanges;
    return kSendChanges;
}

void DgtBusLine::pump() {
    if (gone_) return;
    if (searchUntil_) {
        if (now_ < *searchUntil_) return;
        searchUntil_.reset();
    }
    if (awaiting_ && now_ - awaiting_->sentAt >= kReplyTimeoutMs) awaiting_.reset();
    while (!awaiting_ && !members_.empty() && !gone_) {
        auto next = lastPolled_ ? members_.upper_bound(*lastPolled_) : members_.begin();
        if (next == members_.end()) {
            // The round is over; the next begins on time.
            if (now_ < nextRoundAt_) return;
            lastPolled_.reset();
            continue;
        }
        if (!lastPolled_) nextRoundAt_ = now_ + kRoundMs;
        const Command command = nextCommand(next->second.wants);
        lastPolled_ = next->first;
        lastAsked_ = next->first;
        if (!send(busCommand(command, next->first))) return;
        awaiting_ = Request{next->first, command, now_};
    }
}

bool DgtBusLine::send(const Bytes& bytes) {
    if (gone_) return false;
    if (!transport_.write(bytes.data(), bytes.size())) gone_ = true;
    return !gone_;
}

}  // namespace arbiter::dgt_bus
