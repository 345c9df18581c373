// libFuzzer target for arbiterd's configuration file: any file is read or
// refused with a message, never a crash, and a refused file changes nothing.
// A file that sets up a table is written out as --print-config writes it, and
// that text, read back, sets up a table that writes the same text.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "daemon/config/configuration.h"
#include "daemon/config/configuration_text.h"
#include "daemon/config/table_setup.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/memory_file.h"

namespace {

using arbiter::fuzzing::fuzzCheck;
using arbiter::fuzzing::MemoryFile;

// The table a configuration text sets up, written out as --print-config does;
// nothing when the text is refused.
std::optional<std::string> printedConfiguration(const uint8_t* data, size_t size) {
    MemoryFile file(data, size);
    arbiter::Configuration config;
    const std::string before = config.game + config.time + config.journal;
    std::string error;
    if (!arbiter::readConfigurationFile(file.path(), {}, config, error)) {
        fuzzCheck(!error.empty(), "a refused configuration says why");
        fuzzCheck(config.game + config.time + config.journal == before && config.lines.empty(),
                  "a refused configuration changes nothing");
        return std::nullopt;
    }
    auto setup = arbiter::setUpTable(config, error);
    if (!setup) {
        fuzzCheck(!error.empty(), "a refused table says why");
        return std::nullopt;
    }
    return arbiter::configurationText(config, *setup);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const auto printed = printedConfiguration(data, size);
    if (!printed) return 0;
    const auto again =
        printedConfiguration(reinterpret_cast<const uint8_t*>(printed->data()), printed->size());
    fuzzCheck(again.has_value(), "a printed configuration sets up its table");
    fuzzCheck(*again == *printed, "a printed configuration prints as itself");
    return 0;
}
