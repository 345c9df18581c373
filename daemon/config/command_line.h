#pragma once

#include <optional>
#include <string>

#include "daemon/config/configuration.h"

namespace arbiter {

// What arbiterd is asked to do.
enum class DaemonRequest {
    Run,          // referee the table
    Help,         // print the options
    ListPorts,    // list serial ports and likely boards
    SearchBus,    // list the addresses of the boards on a bus port
    ListGames,    // describe every game
    PrintConfig,  // write the table's configuration as a file
    CheckConfig,  // check the configuration, start nothing
    PrintStart,   // write the start position each board must show
    Calibrate,    // learn the tags of the pieces on the boards that read them
};

// arbiterd's command line, with the --config file it names read in: the
// command line wins over the file (docs/arbiterd.md).
struct CommandLine {
    DaemonRequest request = DaemonRequest::Run;
    Configuration config;
    std::string configFile;  // empty when none was given
    std::string help;        // every option, described
    std::string busPort;     // --search-bus PORT
    bool probePorts = false;  // --list-ports --probe
};

// nullopt and a message when an option or the file is wrong; arbiterd then
// exits with status 2 and has started nothing.
std::optional<CommandLine> readCommandLine(int argc, const char* const argv[], std::string& error);

}  // namespace arbiter
