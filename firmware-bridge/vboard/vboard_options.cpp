#include "firmware-bridge/vboard/vboard_options.h"

#include "firmware-bridge/vboard/board_notation.h"

#include <algorithm>
#include <charconv>

#include "drivers/dgt_bus/dgt_bus_protocol.h"
#include "drivers/transport/virtual_board_path.h"
#include "firmware-bridge/vboard/emulated_protocols.h"

namespace arbiter::vboard {

namespace {

constexpr uint32_t kMinScanMs = 1;
constexpr uint32_t kMaxScanMs = 10'000;
constexpr int kMinDebounce = 1;
constexpr int kMaxDebounce = 100;
constexpr size_t kSerialDigits = 10;

template <typename Number>
std::optional<Number> parseNumber(const std::string& text, Number minimum, Number maximum) {
    Number value{};
    const auto [end, status] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || status != std::errc{} || end != text.data() + text.size()) {
        return std::nullopt;
    }
    if (value < minimum || value > maximum) return std::nullopt;
    return value;
}

// "dgt, millennium": what --protocol takes.
std::string protocolNames() {
    std::string names;
    for (const EmulatedProtocol* protocol : emulatedProtocols())
        names += (names.empty() ? "" : ", ") + std::string(protocol->name);
    return names;
}

}  // namespace

ParsedOptions parseVboardOptions(const std::vector<std::string>& arguments) {
    VboardOptions options;
    bool empty = false;
    bool rotated = false;
    for (size_t index = 0; index < arguments.size(); ++index) {
        std::string name = arguments[index];
        std::optional<std::string> inlineValue;
        if (const size_t equals = name.find('='); name.starts_with("--") && equals != name.npos) {
            inlineValue = name.substr(equals + 1);
            name = name.substr(0, equals);
        }
        auto value = [&]() -> std::optional<std::string> {
            if (inlineValue) return inlineValue;
            if (index + 1 >= arguments.size()) return std::nullopt;
            return arguments[++index];
        };
        auto flag = [&](bool& target) -> std::string {
            if (inlineValue) return name + " takes no value";
            target = true;
            return {};
        };
        auto missing = [&] { return ParsedOptions{std::nullopt, name + " needs a value"}; };

        std::string problem;
        if (name == "--link" || name == "--script") {
            const auto text = value();
            if (!text || text->empty()) return missing();
            (name == "--link" ? options.linkPath : options.scriptPath) = *text;
        } else if (name == "--name") {
            const auto text = value();
            if (!text) return missing();
            if (!isValidVirtualBoardName(*text)) {
                return {std::nullopt, "--name: '" + *text + "' is not a board name (" +
                                          std::string(kVirtualBoardNameRule) + ")"};
            }
            options.name = *text;
        } else if (name == "--scan-ms") {
            const auto text = value();
            if (!text) return missing();
            const auto number = parseNumber(*text, kMinScanMs, kMaxScanMs);
            if (!number) {
                return {std::nullopt, "--scan-ms: bad number '" + *text + "' (1..10000)"};
            }
            options.scanMs = *number;
        } else if (name == "--debounce") {
            const auto text = value();
            if (!text) return missing();
            const auto number = parseNumber(*text, kMinDebounce, kMaxDebounce);
            if (!number) return {std::nullopt, "--debounce: bad number '" + *text + "' (1..100)"};
            options.debounce = *number;
        } else if (name == "--serial") {
            const auto text = value();
            if (!text) return missing();
            const bool digitsOnly = text->find_first_not_of("0123456789") == std::string::npos;
            if (text->empty() || text->size() > kSerialDigits || !digitsOnly) {
                return {std::nullopt, "--serial: '" + *text + "' is not 1 to 10 digits"};
            }
            options.serialDigits = std::string(kSerialDigits - text->size(), '0') + *text;
        } else if (name == "--setup") {
            const auto text = value();
            if (!text) return missing();
            if (const FenBoard fen = parseFenBoard(*text); !fen.position) {
                return {std::nullopt, "--setup: " + fen.error};
            }
            options.setupFen = *text;
            options.start = VboardOptions::StartPosition::Fen;
        } else if (name == "--clock") {
            const auto text = value();
            if (!text) return missing();
            if (*text == "xl") {
                options.clock = ClockModel::Xl;
            } else if (*text == "3000") {
                options.clock = ClockModel::Dgt3000;
            } else {
                return {std::nullopt, "--clock: '" + *text + "' is not a clock (xl or 3000)"};
            }
        } else if (name == "--protocol") {
            const auto text = value();
            if (!text) return missing();
            if (!findEmulatedProtocol(*text))
                return {std::nullopt,
                        "--protocol: '" + *text + "' is not a protocol (" + protocolNames() + ")"};
            options.protocol = *text;
        } else if (name == "--address") {
            const auto text = value();
            if (!text) return missing();
            const auto address = parseNumber(*text, 1, dgt_bus::kMaxAddress);
            if (!address)
                return {std::nullopt, "--address: '" + *text + "' is not a bus address (1 to " +
                                          std::to_string(dgt_bus::kMaxAddress) + ")"};
            if (std::find(options.addresses.begin(), options.addresses.end(), *address) !=
                options.addresses.end())
                return {std::nullopt, "--address " + *text + " is given twice"};
            options.addresses.push_back(*address);
        } else if (name == "--cells") {
            const auto text = value();
            if (!text) return missing();
            std::string why;
            options.cells = GameCells::parse(*text, why);
            if (!options.cells) return {std::nullopt, why};
        } else if (name == "--empty") {
            problem = flag(empty);
        } else if (name == "--rotated") {
            problem = flag(rotated);
        } else if (name == "--quiet") {
            problem = flag(options.quiet);
        } else if (name == "--exit-on-eof") {
            problem = flag(options.exitOnEof);
        } else if (name == "--help" || name == "-h") {
            problem = flag(options.help);
        } else {
            problem = "unknown option '" + arguments[index] + "' (try --help)";
        }
        if (!problem.empty()) return {std::nullopt, problem};
    }
    if (int(empty) + int(rotated) + int(!options.setupFen.empty()) > 1)
        return {std::nullopt, "--empty, --rotated and --setup exclude each other"};
    // Both would publish the one port in two places, and only one can be meant.
    if (!options.linkPath.empty() && !options.name.empty())
        return {std::nullopt, "--link and --name exclude each other"};
    const EmulatedProtocol& protocol = *findEmulatedProtocol(options.protocol);
    if (options.clock && !protocol.carriesClock)
        return {std::nullopt, "--clock: a " + options.protocol + " board carries no clock"};
    if (protocol.onBus && options.addresses.empty())
        return {std::nullopt, "--protocol " + options.protocol +
                                  " needs the address of each board on the line: --address N, "
                                  "once per board"};
    if (!protocol.onBus && !options.addresses.empty())
        return {std::nullopt, "--address: a " + options.protocol + " board is on no bus"};
    if (options.addresses.size() > 1 && options.cells)
        return {std::nullopt,
                "--cells places one board; on a line of several, commands name each board's "
                "own squares"};
    if (empty) options.start = VboardOptions::StartPosition::Empty;
    if (rotated) options.start = VboardOptions::StartPosition::Rotated;
    return {options, {}};
}

std::string vboardUsage() {
    std::string protocols;
    for (const EmulatedProtocol* protocol : emulatedProtocols())
        protocols += "                   " + std::string(protocol->name) + ": " +
                     std::string(protocol->description) + "\n";
    return "usage: arbiter-vboard [options]\n"
           "A virtual sensor board on a pseudo-terminal; commands on stdin (see "
           "docs/vboard.md).\n"
           "  --protocol NAME  the board protocol it speaks (default dgt):\n" +
           protocols +
           "  --address N      (dgt-bus) a board at bus address N on the line; once per\n"
           "                   board: commands then begin with the board's address\n"
           "                   (\"1025: e2-e4\"); without one they go to every board\n"
           "  --link PATH      make PATH a symbolic link to the board's port\n"
           "  --name NAME      publish the port as the board arbiterd calls vboard:NAME\n"
           "                   (PROTOCOL:vboard:NAME for another protocol than dgt)\n"
           "                   (a link in $ARBITER_VBOARD_DIR, else\n"
           "                   $XDG_RUNTIME_DIR/arbiter/vboards, else /tmp/arbiter-UID/vboards)\n"
           "  --script FILE    run the commands in FILE, then read stdin\n"
           "  --scan-ms N      milliseconds per sensor scan (default 50)\n"
           "  --debounce N     scans a change must persist to be reported (default 2)\n"
           "  --empty          start with an empty board\n"
           "  --rotated        start with the start position turned round\n"
           "  --setup FEN      start with this position (board part of a FEN, a8 first)\n"
           "  --serial DIGITS  serial number, 1 to 10 digits (default 0000000001)\n"
           "  --clock xl|3000  a DGT XL or DGT 3000 clock plugged into the board\n"
           "  --cells SQUARE:CELL[:ROTATION]\n"
           "                   on a table of several boards, where this one lies (e1:a1:\n"
           "                   its e1 on the game's cell a1; turned 0, 90, 180 or 270):\n"
           "                   commands may then name the game's cells (k5, or @e3 for a\n"
           "                   cell named like a square) besides the board's own squares\n"
           "  --quiet          no echo of changes on stderr\n"
           "  --exit-on-eof    exit when stdin ends (default: keep running)\n"
           "  --help           this text\n";
}

}  // namespace arbiter::vboard
