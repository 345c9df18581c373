#pragma once

#include <functional>
#include <string>

#include "tools/arbiter-web/page_routes.h"
#include "tools/arbiter-web/sign_ins.h"
#include "tools/arbiter-web/table_feed.h"
#include "tools/arbiter-web/web_exchange.h"

namespace arbiter::web {

// What each address of the page server answers (docs/web.md, "Addresses"):
// the page's files, the table's status, signing in and out, the actions a
// player says, the recorded games and their replay. Every input is checked
// here: a bad one gets a 4xx with a message and changes nothing. The event
// stream (/events) is the HTTP side's; it asks streamFor which feed to follow.
class WebRoutes final : public PageRoutes {
  public:
    // Replays the journal at a path arbiterd listed: {"positions": [...]} or
    // {"error": ...}.
    using Replayer = std::function<nlohmann::json(const std::string& journal)>;

    WebRoutes(TableFeed& everyone, SignIns& players, Replayer replay)
        : everyone_(everyone), players_(players), replay_(std::move(replay)) {}

    // Answers `request`, perhaps later (after arbiterd has answered).
    void handle(const WebRequest& request, Respond respond) override;
    // GET /events: the feed of feedFor.
    EventFeed* streamFor(const WebRequest& request) override;
    // The feed a page of this request follows: the signed-in player's, else everyone's.
    TableFeed& feedFor(const WebRequest& request);

    static constexpr const char* kCookie = "arbiter_player";

  private:
    void signIn(const WebRequest& request, Respond respond);
    void signOut(const WebRequest& request, Respond respond);
    void act(const WebRequest& request, Respond respond);
    void games(Respond respond);
    void replay(const WebRequest& request, Respond respond);

    TableFeed& everyone_;
    SignIns& players_;
    Replayer replay_;
};

// A response of JSON `body` with HTTP status `status`.
WebResponse jsonResponse(int status, const nlohmann::json& body);
// The page's file `name` (tools/arbiter-web/page/), or 404.
WebResponse pageFile(std::string_view name);
// {"error": why}, with `status`.
WebResponse refusal(int status, const std::string& why);
// The value of `name` in a query string ("journal=a%2Fb&x=1"), decoded;
// nullopt when absent or not decodable.
std::optional<std::string> queryValue(const std::string& query, const std::string& name);
// The value of cookie `name` in a Cookie header ("a=1; arbiter_player=x"); empty when absent.
std::string cookieValue(std::string_view header, std::string_view name);

}  // namespace arbiter::web
