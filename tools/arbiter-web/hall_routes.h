#pragma once

#include <string>

#include "tools/arbiter-web/hall.h"
#include "tools/arbiter-web/page_routes.h"

namespace arbiter::web {

// What each address answers in hall mode (docs/hall.md, "The hall page" and
// "A live broadcast"): the hall page and its stream, each table's own page
// under /tables/NAME/ (the table page's files, fed from the broker and
// read-only: whatever would change the table is refused with 403), each
// table's record, every chess table's PGN at /broadcast.pgn, and /api/hall.
class HallRoutes final : public PageRoutes {
  public:
    explicit HallRoutes(Hall& hall) : hall_(hall) {}

    void handle(const WebRequest& request, Respond respond) override;
    // GET /events (the hall's) and GET /tables/NAME/events (a known table's).
    EventFeed* streamFor(const WebRequest& request) override;

  private:
    void tableAddress(const std::string& name, const std::string& rest, const WebRequest& request,
                      Respond respond);
    WebResponse broadcast() const;

    Hall& hall_;
};

}  // namespace arbiter::web
