#pragma once

#include <memory>
#include <optional>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "tools/arbiter-web/daemon_link.h"
#include "tools/arbiter-web/event_feed.h"

namespace arbiter::web {

// The table as one audience sees it, for every page of that audience:
// everyone's (spectators') or one signed-in player's. It holds a link to
// arbiterd speaking as that audience, the status as it stands, and the pages
// open on it; each announcement and each new status goes to every page at
// once, framed as Server-Sent Events (docs/web.md): "snapshot", "announcement"
// and "link".
class TableFeed final : public EventFeed, private DaemonLink::Listener {
  public:
    TableFeed(boost::asio::io_context& io, const std::string& socketPath,
              std::optional<PlayerCredentials> as = std::nullopt);
    ~TableFeed() override;

    void start() { link_.start(); }
    DaemonLink& link() { return link_; }
    // The status as it stands; null before the first one.
    const nlohmann::json& status() const { return status_; }
    bool connected() const { return link_.connected(); }

    // A page opens its stream: it is sent where the link stands, and the
    // status, at once.
    void join(EventStream& stream) override;
    void leave(EventStream& stream) override;
    std::size_t pages() const { return streams_.size(); }

    // A player's feed: called once, when arbiterd admits or refuses them.
    void onAdmission(std::function<void(bool admitted, const std::string& why)> told) {
        admission_ = std::move(told);
    }

    static std::string frame(const std::string& event, const nlohmann::json& data);

  private:
    void linkChanged(bool connected, const std::string& reason) override;
    void snapshot(const nlohmann::json& status) override;
    void announcement(const nlohmann::json& event) override;
    void refused(const std::string& why) override;
    void toEveryPage(const std::string& framed);
    nlohmann::json linkState() const;

    DaemonLink link_;
    nlohmann::json status_;
    std::set<EventStream*> streams_;
    std::function<void(bool, const std::string&)> admission_;
};

}  // namespace arbiter::web
