#pragma once

// The host side of a DGT bus: one serial line, several boards, each polled by
// its address in turn. One request is on the line at a time; the next goes
// when the answer came or kReplyTimeoutMs passed (a reply that comes late is
// still its board's: every reply names its sender). A round polls every board
// once and starts at most every kRoundMs. A board that has just started (or
// was asked for its squares) is asked, in this order, for the changes it has
// stored (dropped: the dump that follows supersedes them), its version and
// its squares; after that it is asked for what changed since the last poll.
// A request stays wanted until it is answered, so a board that missed one
// (or switched to bus mode on it, as a board left in single-board mode does
// with the first bus command it hears) is asked again next round. Changes that
// arrive with a bad checksum are asked for again with REPEAT_CHANGES, so that
// none is lost; changes that make no sense get the board's squares read whole.
//
// It knows the bus protocol and nothing about games, and never reads a clock:
// the caller passes the time.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include "drivers/board_driver.h"
#include "drivers/dgt_bus/dgt_bus_commands.h"
#include "drivers/dgt_bus/dgt_bus_parser.h"
#include "drivers/transport/transport.h"

namespace arbiter::dgt_bus {

class DgtBusBoard;

// The DGT bus in the table of drivers (drivers/board_protocols.h).
extern const BoardProtocol kDgtBusProtocol;

class DgtBusLine final : public BoardBus, private DgtBusParser::Sink {
  public:
    // DGT advises allowing 80 ms; a virtual board on a busy machine gets more.
    static constexpr int64_t kReplyTimeoutMs = 150;
    static constexpr int64_t kRoundMs = 200;
    // Boards answer a ping to every address within 1.1 s, each at a moment of
    // its own choosing (to keep clear of the others).
    static constexpr int64_t kSearchMs = 1200;

    explicit DgtBusLine(Transport& transport);
    ~DgtBusLine() override;
    DgtBusLine(const DgtBusLine&) = delete;
    DgtBusLine& operator=(const DgtBusLine&) = delete;

    bool onReadable(int64_t nowMs) override;
    bool tick(int64_t nowMs) override;
    int64_t nextTickAt() const override;
    std::vector<int> takeHeard() override;
    std::unique_ptr<BoardDriver> attach(int address, BoardListener& listener) override;
    bool startSearch(int64_t nowMs) override;
    std::vector<int> addressesFound() const override;

    bool gone() const { return gone_; }

  private:
    friend class DgtBusBoard;
    // What a board is still to be asked, in the order asked.
    struct Wants {
        bool dropChanges = false;
        bool version = false;
        bool board = false;
        bool repeatChanges = false;
    };
    struct Member {
        DgtBusBoard* board = nullptr;  // never null: it detaches when destroyed
        Wants wants;
    };
    struct Request {
        int address = 0;
        Command command = kSendChanges;
        int64_t sentAt = 0;
    };

    // For the boards' drivers.
    void detach(int address);
    bool restart(int address);
    bool askBoard(int address);

    // DgtBusParser::Sink
    void reply(const BusReply& reply) override;
    void corrupted(int address, uint8_t id) override;
    void warning(const std::string& what) override;

    void freeLine(int address);
    void handle(Member& member, const BusChanges& changes);
    // Sends the next request if the line is free and one is due.
    void pump();
    Command nextCommand(const Wants& wants) const;
    bool send(const Bytes& bytes);

    Transport& transport_;
    DgtBusParser parser_;
    std::map<int, Member> members_;
    std::optional<Request> awaiting_;
    std::optional<int> lastPolled_;  // within the current round
    int64_t nextRoundAt_ = 0;
    int64_t now_ = 0;
    std::optional<int64_t> searchUntil_;
    std::set<int> found_;
    std::set<int> heard_;
    std::optional<int> lastAsked_;  // the board last sent a request
    bool gone_ = false;
};

}  // namespace arbiter::dgt_bus
