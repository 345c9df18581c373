#pragma once

// The command line of arbiter-vboard.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "firmware-bridge/vboard/game_cells.h"
#include "firmware-bridge/vboard/virtual_clock.h"

namespace arbiter::vboard {

// What arbiter-vboard was asked to be: where its port appears, how fast it
// scans, what stands on it at power-up, who it says it is. Parsed apart from
// running so that every option and every mistake can be tested.
struct VboardOptions {
    enum class StartPosition { Standard, Empty, Rotated, Fen };

    std::string protocol = "dgt";  // --protocol NAME: one of emulatedProtocols()
    std::vector<int> addresses;    // --address N, once per board on a bus
    std::string linkPath;    // --link PATH: symlink PATH -> the pseudo-terminal
    std::string name;        // --name NAME: the same, at virtualBoardPath(NAME)
    std::string scriptPath;  // --script FILE: commands to run before stdin
    uint32_t scanMs = 50;    // --scan-ms N
    int debounce = 2;        // --debounce N
    StartPosition start = StartPosition::Standard;  // --empty, --rotated, --setup
    std::string setupFen;                           // --setup FEN: board part, a8 first
    std::string serialDigits = "0000000001";        // --serial DIGITS, padded to 10
    std::optional<ClockModel> clock;                // --clock xl|3000: a clock plugged in
    std::optional<GameCells> cells;                 // --cells SQUARE:CELL[:ROTATION]
    bool quiet = false;                             // --quiet
    bool exitOnEof = false;                         // --exit-on-eof
    bool help = false;                              // --help
};

struct ParsedOptions {
    std::optional<VboardOptions> options;
    std::string error;  // one line, without the "vboard: error:" prefix
};

// arguments excludes the program name. Accepts "--opt VALUE" and "--opt=VALUE".
ParsedOptions parseVboardOptions(const std::vector<std::string>& arguments);

std::string vboardUsage();

}  // namespace arbiter::vboard
