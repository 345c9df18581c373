#pragma once

#include <string>

#include "daemon/config/configuration.h"

namespace arbiter {

// A restart resumes: the unfinished game in the journal folder goes on with
// what it was started with (its game, players, size, options, stand-ins, the
// players' names, the time control), so that `arbiterd` alone takes it up.
// What the command line or the file leaves out is taken from the journal's
// first line into `config`; what they give must agree with it. False and a
// message naming each option that disagrees, both values, and the way on
// (leave it out, or --new-game) otherwise. Nothing is done under --new-game,
// without a journal folder, or when there is no unfinished game; a journal
// that cannot be read is left for the table to name, with its line.
bool followUnfinishedGame(Configuration& config, std::string& error);

}  // namespace arbiter
