#pragma once

// Every protocol arbiter-vboard speaks, in one table, as drivers/board_protocols.h
// lists those arbiterd reads: a new one is one emulation and one line in
// emulated_protocols.cpp.

#include <memory>
#include <span>
#include <string_view>

#include "firmware-bridge/vboard/emulated_board.h"

namespace arbiter::vboard {

class VirtualClock;
class VirtualHardware;
struct VboardOptions;

// One protocol a virtual board can speak: the name --protocol takes (the same
// as arbiterd's driver of it, as in millennium:vboard:NAME) and how to make it.
struct EmulatedProtocol {
    std::string_view name;
    std::string_view description;  // "DGT board", for --help
    // Whether a clock (--clock) can be plugged into such a board.
    bool carriesClock = false;
    // The board over `hardware`, as the options ask; clock is null unless
    // carriesClock. hardware and clock must outlive it.
    std::unique_ptr<EmulatedBoard> (*make)(VirtualHardware& hardware, const VboardOptions& options,
                                           VirtualClock* clock);
    // Whether its boards share a line, each at an address (--address): then
    // one arbiter-vboard stands for every board on the line, and make() is
    // called once for each, with options.addresses holding its address alone.
    bool onBus = false;
};

// Every protocol, DGT first (the default).
std::span<const EmulatedProtocol* const> emulatedProtocols();

// The protocol called `name`, or nullptr.
const EmulatedProtocol* findEmulatedProtocol(std::string_view name);

}  // namespace arbiter::vboard
