#include "tools/arbiter-web/sign_ins.h"

#include <boost/asio/post.hpp>

namespace arbiter::web {

void SignIns::signIn(const PlayerCredentials& who, Done done) {
    if (players_.size() >= kMostPlayers)
        return done({}, -1, "too many players are signed in to this page server; sign one out");
    const std::string token = tokens_();
    Player& player = players_[token];
    player.who = who;
    player.feed = std::make_unique<TableFeed>(io_, socketPath_, who);
    player.feed->onAdmission([this, token, done](bool admitted, const std::string& why) {
        auto it = players_.find(token);
        if (it == players_.end()) return;
        if (!admitted) {
            // Not from within the feed's own call: it goes with the entry.
            boost::asio::post(io_, [this, token] { players_.erase(token); });
            return done({}, -1, why);
        }
        it->second.admitted = true;
        const nlohmann::json& status = it->second.feed->status();
        done(token, status.value("as", -1), {});
    });
    player.feed->start();
}

void SignIns::signOut(const std::string& token) {
    players_.erase(token);
}

TableFeed* SignIns::feed(const std::string& token) {
    auto it = players_.find(token);
    return it != players_.end() && it->second.admitted ? it->second.feed.get() : nullptr;
}

const PlayerCredentials* SignIns::who(const std::string& token) const {
    auto it = players_.find(token);
    return it != players_.end() && it->second.admitted ? &it->second.who : nullptr;
}

}  // namespace arbiter::web
