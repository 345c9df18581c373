#pragma once

// Where a virtual board publishes its port. A configuration names a virtual
// board ("vboard:left") before it runs and before anyone knows which
// /dev/pts/N it will get, as a udev rule names a real board before it is
// plugged in; arbiterd and arbiter-vboard meet at the path this gives. The
// directory belongs to the user (the runtime directory), so two users' boards
// called "left" never meet.

#include <string>
#include <string_view>

namespace arbiter {

// What a virtual board's name may be, said in messages.
inline constexpr std::string_view kVirtualBoardNameRule =
    "letters, digits, - and _, at most 32 characters";

// True for a name that is one path component and nothing more: no '/', no
// "..", nothing a shell or an INI file would mangle.
bool isValidVirtualBoardName(const std::string& name);

// Where the virtual board `name` (a valid name) publishes its port:
// $ARBITER_VBOARD_DIR/NAME if that is set (tests use it), else
// $XDG_RUNTIME_DIR/arbiter/vboards/NAME, else /tmp/arbiter-UID/vboards/NAME.
// Reads the environment on every call: it is the only state there is.
std::string virtualBoardPath(const std::string& name);

}  // namespace arbiter
