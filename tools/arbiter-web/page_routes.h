#pragma once

#include <functional>

#include "tools/arbiter-web/event_feed.h"
#include "tools/arbiter-web/web_exchange.h"

namespace arbiter::web {

// What the HTTP side asks of whoever decides the answers: one table's page
// over a control socket (WebRoutes) or the hall's over a broker (HallRoutes).
class PageRoutes {
  public:
    using Respond = std::function<void(WebResponse)>;

    virtual ~PageRoutes() = default;
    // Answers `request`, perhaps later.
    virtual void handle(const WebRequest& request, Respond respond) = 0;
    // The feed a GET of an event stream follows; nullptr when `request`
    // asks for no event stream (it is then handle()'s).
    virtual EventFeed* streamFor(const WebRequest& request) = 0;
};

}  // namespace arbiter::web
