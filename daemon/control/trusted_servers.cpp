#include "daemon/control/trusted_servers.h"

#include <pwd.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <optional>

#include "daemon/control/control_protocol.h"

namespace arbiter::control {

namespace {

// Debian gives system accounts ids below 1000 (SYS_UID_MAX in login.defs); a
// person's account named "arbiter" is not the service.
constexpr uid_t kFirstPersonUid = 1000;

std::optional<uid_t> serviceUser() {
    passwd entry{};
    passwd* found = nullptr;
    std::array<char, 4096> buffer{};
    if (::getpwnam_r(kServiceUser, &entry, buffer.data(), buffer.size(), &found) != 0 ||
        found == nullptr || found->pw_uid >= kFirstPersonUid || found->pw_uid == 0)
        return std::nullopt;
    return found->pw_uid;
}

bool isSocket(const std::string& path) {
    std::error_code ec;
    return std::filesystem::is_socket(path, ec);
}

}  // namespace

std::vector<uid_t> trustedServerUsers() {
    std::vector<uid_t> users{::getuid(), 0};
    if (const auto service = serviceUser()) users.push_back(*service);
    return users;
}

std::string neitherOf(const std::vector<uid_t>& trusted) {
    const auto service = serviceUser();
    const bool withService =
        service && std::find(trusted.begin(), trusted.end(), *service) != trusted.end();
    return withService ? std::string("neither you, root nor the service user ") + kServiceUser
                       : std::string("neither you nor root");
}

std::string clientSocketPath() {
    const std::string own = defaultSocketPath();
    if (!isSocket(own) && isSocket(kServiceSocketPath)) return kServiceSocketPath;
    return own;
}

}  // namespace arbiter::control
