#pragma once

#include <string>
#include <vector>

#include "daemon/announce/announcement.h"

namespace arbiter {

// Which boards have gone and not come back, and what the table says of each
// going and return, to everyone: "Board B is gone (...); the game waits for
// it. Clocks keep running." and "Board B is back." (both "board" events, with
// "connected" false or true), so that a client showing the boards (a page,
// a console) is told of the return too, not only of the going. A board's
// first connection is not a return: nothing is said.
class BoardAbsences {
  public:
    BoardAbsences(AnnouncementSink& out, size_t boards) : out_(out), away_(boards, false) {}

    void gone(int board, const std::string& name, const std::string& why);
    void back(int board, const std::string& name);

  private:
    AnnouncementSink& out_;
    std::vector<bool> away_;
};

}  // namespace arbiter
