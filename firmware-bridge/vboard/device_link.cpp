#include "firmware-bridge/vboard/device_link.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace arbiter::vboard {

namespace {

std::string systemMessage() {
    return std::strerror(errno);
}

}  // namespace

DeviceLink::DeviceLink(std::string linkPath, std::string target)
    : linkPath_(std::move(linkPath)), target_(std::move(target)) {
    struct stat existing {};
    if (lstat(linkPath_.c_str(), &existing) == 0 && !S_ISLNK(existing.st_mode)) {
        throw std::runtime_error("--link " + linkPath_ + ": exists and is not a symbolic link");
    }
    // Make the new link beside the old one and rename it over: the path never
    // goes missing for a host that is polling for it.
    const std::string temporary = linkPath_ + ".vboard-" + std::to_string(getpid());
    unlink(temporary.c_str());
    if (symlink(target_.c_str(), temporary.c_str()) != 0) {
        throw std::runtime_error("--link " + linkPath_ + ": " + systemMessage());
    }
    if (rename(temporary.c_str(), linkPath_.c_str()) != 0) {
        const std::string why = systemMessage();
        unlink(temporary.c_str());
        throw std::runtime_error("--link " + linkPath_ + ": " + why);
    }
}

DeviceLink::~DeviceLink() {
    char pointsTo[4096];
    const ssize_t length = readlink(linkPath_.c_str(), pointsTo, sizeof pointsTo - 1);
    if (length < 0) return;
    if (std::string(pointsTo, static_cast<size_t>(length)) == target_) unlink(linkPath_.c_str());
}

}  // namespace arbiter::vboard
