#include "firmware-bridge/vboard/device_link.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace arbiter::vboard {

namespace {

std::string systemMessage() {
    return std::strerror(errno);
}

// Ours, or root's (/, /tmp, /run/user): a directory nobody else can rearrange.
void checkOwner(const std::string& directory) {
    struct stat status {};
    if (lstat(directory.c_str(), &status) != 0) {
        throw std::runtime_error(directory + ": " + systemMessage());
    }
    if (S_ISLNK(status.st_mode)) {
        throw std::runtime_error(directory + ": a symbolic link, not a directory");
    }
    if (!S_ISDIR(status.st_mode)) throw std::runtime_error(directory + ": not a directory");
    if (status.st_uid != getuid() && status.st_uid != 0) {
        throw std::runtime_error(directory + ": belongs to another user");
    }
}

}  // namespace

void makeBoardDirectory(const std::string& directory) {
    namespace fs = std::filesystem;
    const fs::path wanted = fs::path(directory).lexically_normal();
    fs::path made;
    for (const fs::path& part : wanted) {
        made /= part;
        if (mkdir(made.c_str(), 0700) == 0) {
            // The umask may have taken away our own bits; give them back.
            chmod(made.c_str(), 0700);
        } else if (errno != EEXIST) {
            throw std::runtime_error(made.string() + ": " + systemMessage());
        }
    }
    checkOwner(wanted.string());
    if (wanted.has_parent_path()) checkOwner(wanted.parent_path().string());
}

DeviceLink::DeviceLink(std::string linkPath, std::string target)
    : linkPath_(std::move(linkPath)), target_(std::move(target)) {
    struct stat existing {};
    if (lstat(linkPath_.c_str(), &existing) == 0 && !S_ISLNK(existing.st_mode)) {
        throw std::runtime_error(linkPath_ + ": exists and is not a symbolic link");
    }
    // Make the new link beside the old one and rename it over: the path never
    // goes missing for a host that is polling for it.
    const std::string temporary = linkPath_ + ".vboard-" + std::to_string(getpid());
    unlink(temporary.c_str());
    if (symlink(target_.c_str(), temporary.c_str()) != 0) {
        throw std::runtime_error(linkPath_ + ": " + systemMessage());
    }
    if (rename(temporary.c_str(), linkPath_.c_str()) != 0) {
        const std::string why = systemMessage();
        unlink(temporary.c_str());
        throw std::runtime_error(linkPath_ + ": " + why);
    }
}

DeviceLink::~DeviceLink() {
    char pointsTo[4096];
    const ssize_t length = readlink(linkPath_.c_str(), pointsTo, sizeof pointsTo - 1);
    if (length < 0) return;
    if (std::string(pointsTo, static_cast<size_t>(length)) == target_) unlink(linkPath_.c_str());
}

}  // namespace arbiter::vboard
