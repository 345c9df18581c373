#include "drivers/transport/virtual_board_path.h"

#include <unistd.h>

#include <cstdlib>

namespace arbiter {

namespace {

constexpr size_t kMaxNameLength = 32;

// An unset variable and an empty one mean the same, as for XDG_* variables.
std::string environment(const char* variable) {
    const char* value = std::getenv(variable);
    return value ? value : "";
}

}  // namespace

bool isValidVirtualBoardName(const std::string& name) {
    if (name.empty() || name.size() > kMaxNameLength) return false;
    for (char c : name) {
        bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        bool digit = c >= '0' && c <= '9';
        if (!letter && !digit && c != '-' && c != '_') return false;
    }
    return true;
}

std::string virtualBoardPath(const std::string& name) {
    std::string dir = environment("ARBITER_VBOARD_DIR");
    // The XDG spec says a relative XDG_RUNTIME_DIR is to be ignored.
    if (std::string runtime = environment("XDG_RUNTIME_DIR");
        dir.empty() && runtime.starts_with("/"))
        dir = runtime + "/arbiter/vboards";
    if (dir.empty()) dir = "/tmp/arbiter-" + std::to_string(::getuid()) + "/vboards";
    // "dir/" and "dir" are one directory; say it one way in messages.
    while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
    return dir + "/" + name;
}

}  // namespace arbiter
