#include "daemon/control/private_directory.h"

#include <sys/stat.h>

#include <cerrno>

#include <fmt/format.h>

namespace arbiter {

namespace {

const char* kAdvice = "; remove it, or choose another control socket with --socket";

}  // namespace

bool makePrivateDirectory(const std::string& path, uid_t owner, std::string& error) {
    if (::mkdir(path.c_str(), 0700) == 0) {
        // The umask may have taken our own bits; and nobody else's are wanted.
        if (::chmod(path.c_str(), 0700) != 0) {
            error = fmt::system_error(errno, "cannot set mode 0700 on {}", path).what();
            return false;
        }
    } else if (errno != EEXIST) {
        error =
            fmt::system_error(errno, "cannot make the directory {} for the control socket", path)
                .what();
        return false;
    }
    return isPrivateDirectory(path, owner, error);
}

bool isPrivateDirectory(const std::string& path, uid_t owner, std::string& error) {
    struct stat status;
    // lstat: a link would let whoever made it choose where the socket goes.
    if (::lstat(path.c_str(), &status) != 0) {
        error = fmt::system_error(errno, "cannot use {} for the control socket", path).what();
        return false;
    }
    if (S_ISLNK(status.st_mode)) {
        error = path + " is a symbolic link, not a directory of its own" + kAdvice;
        return false;
    }
    if (!S_ISDIR(status.st_mode)) {
        error = path + " is not a directory" + kAdvice;
        return false;
    }
    if (status.st_uid != owner) {
        error = path + " belongs to user " + std::to_string(status.st_uid) + ", not to user " +
                std::to_string(owner) + ": another user may listen there in arbiterd's place" +
                kAdvice;
        return false;
    }
    if ((status.st_mode & 07777) != 0700) {
        error = path + " has mode " + fmt::format("{:04o}", status.st_mode & 07777) +
                ", not 0700: others may make files there; chmod 0700 it, or choose another "
                "control socket with --socket";
        return false;
    }
    return true;
}

}  // namespace arbiter
