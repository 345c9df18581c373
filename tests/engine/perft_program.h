#pragma once

#include <string>
#include <vector>

namespace arbiter {

// What a finished run of arbiter-perft left: its exit status and its output.
struct ProgramResult {
    int status = -1;
    std::string out;
    std::string err;
    std::string lastLine() const {
        std::string text = out;
        while (!text.empty() && text.back() == '\n') text.pop_back();
        return text.substr(text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1);
    }
};

// Runs arbiter-perft with `args` to its end, as a user would from a shell.
ProgramResult runPerft(std::vector<std::string> args);

}  // namespace arbiter
