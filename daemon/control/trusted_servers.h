#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace arbiter::control {

// The packaged service (docs/install.md): arbiterd run by systemd as the
// system user "arbiter", its socket in /run/arbiter, which only that user and
// root may write, and which members of the group "arbiter" may open.
inline constexpr const char* kServiceUser = "arbiter";
inline constexpr const char* kServiceSocketPath = "/run/arbiter/arbiterd.sock";

// The users whose arbiterd a client believes (anyone who can make a socket at
// a path could answer "ok" to a resignation never made): the client's own
// user, root, and the service's system user when the machine has one (a
// system account: only root makes those).
std::vector<uid_t> trustedServerUsers();

// Who a server's user is not, in a refusal, when `trusted` are the users
// believed: "neither you nor root", or with the service user among them
// "neither you, root nor the service user arbiter".
std::string neitherOf(const std::vector<uid_t>& trusted);

// The socket a client speaks to unless told otherwise: its user's own
// arbiterd (defaultSocketPath()) when that socket is there, else the packaged
// service's when that one is, else the user's own (so that "no arbiterd at"
// names the place the user's arbiterd would listen).
std::string clientSocketPath();

}  // namespace arbiter::control
