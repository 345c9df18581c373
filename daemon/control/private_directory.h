#pragma once

#include <sys/types.h>

#include <string>

namespace arbiter {

// A directory that only its owner can put files in, for the control socket:
// in a directory anyone may write to (/tmp) another user could make the
// socket first and answer in arbiterd's place. Such a directory is a real
// directory, not a symbolic link, belongs to `owner` and has mode 0700.

// Makes `path` with mode 0700 when it is missing (its parent must exist), then
// checks it. False and a message saying what is wrong and what to do.
bool makePrivateDirectory(const std::string& path, uid_t owner, std::string& error);

// Checks `path` as above, making nothing: for a client, which must not trust a
// directory someone else prepared.
bool isPrivateDirectory(const std::string& path, uid_t owner, std::string& error);

}  // namespace arbiter
