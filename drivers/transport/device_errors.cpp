#include "drivers/transport/device_errors.h"

#include <grp.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

namespace arbiter {

namespace {

// The group owning the device node (usually "dialout"), or "" if unknown.
std::string owningGroup(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return "";
    group entry{};
    group* found = nullptr;
    std::vector<char> buffer(4096);
    if (::getgrgid_r(st.st_gid, &entry, buffer.data(), buffer.size(), &found) != 0 || !found) {
        return "";
    }
    return found->gr_name;
}

}  // namespace

std::string openErrorText(const std::string& path, int error) {
    switch (error) {
        case ENOENT:
        case ENXIO:
        case ENODEV:
            return "no such device: " + path;
        case EACCES:
        case EPERM: {
            std::string group = owningGroup(path);
            if (group.empty() || group == "root") group = "dialout";
            return "permission denied: " + path + " (add yourself to the " + group +
                   " group, then log in again)";
        }
        case EBUSY:
            return "device busy: " + path + " (another program has it open)";
        case ENOTTY:
            return "not a serial device: " + path;
        default:
            return "cannot open " + path + ": " + std::strerror(error);
    }
}

}  // namespace arbiter
