#pragma once

#include <spawn.h>
#include <sys/types.h>

#include <string>
#include <vector>

namespace arbiter {

// Starts a program as a child of the daemon (espeak-ng, a chess engine):
// `args[0]` is its path, `files` its redirections of descriptors 0 to 2
// (the caller's to make and destroy). It inherits none of the daemon's other
// descriptors (boards, sockets, the journal's lock), and the signals the
// daemon blocks (it reads SIGINT and SIGTERM from a signalfd) or ignores
// (SIGPIPE) are back to their defaults in it. posix_spawn's error number, 0
// when started; `pid` is then the child's.
int spawnChild(std::vector<std::string> args, posix_spawn_file_actions_t& files, pid_t& pid);

}  // namespace arbiter
