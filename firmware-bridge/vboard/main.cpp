// arbiter-vboard: a virtual DGT sensor board for arbiterd and any DGT software.

#include <iostream>
#include <string>
#include <vector>

#include "firmware-bridge/vboard/vboard_app.h"
#include "firmware-bridge/vboard/vboard_options.h"

int main(int argc, char** argv) {
    const std::vector<std::string> arguments(argv + 1, argv + argc);
    const auto parsed = arbiter::vboard::parseVboardOptions(arguments);
    if (!parsed.options) {
        std::cerr << "vboard: error: " << parsed.error << '\n';
        return 2;
    }
    if (parsed.options->help) {
        std::cout << arbiter::vboard::vboardUsage();
        return 0;
    }
    return arbiter::vboard::runVboard(*parsed.options);
}
