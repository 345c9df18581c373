#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>

#include "tools/arbiter-web/table_feed.h"

namespace arbiter::web {

// The players signed in through the page: each holds a token (the page's
// cookie) and a feed of their own, a link to arbiterd that said "as" with
// their secret, so that their pages see their view and act as them. The
// secret itself goes to arbiterd, which checks it and limits guessing for the
// whole socket; here only its answer is kept.
class SignIns {
  public:
    using TokenSource = std::function<std::string()>;  // unguessable, URL-safe
    // Called once with the token, or an empty token and arbiterd's refusal.
    using Done = std::function<void(const std::string& token, int seat, const std::string& why)>;

    static constexpr std::size_t kMostPlayers = 256;

    SignIns(boost::asio::io_context& io, std::string socketPath, TokenSource tokens)
        : io_(io), socketPath_(std::move(socketPath)), tokens_(std::move(tokens)) {}

    void signIn(const PlayerCredentials& who, Done done);
    void signOut(const std::string& token);
    // The player's feed for a token, or nullptr.
    TableFeed* feed(const std::string& token);
    // Their name and seat, for the page.
    const PlayerCredentials* who(const std::string& token) const;

  private:
    struct Player {
        PlayerCredentials who;
        std::unique_ptr<TableFeed> feed;
        bool admitted = false;
    };
    boost::asio::io_context& io_;
    std::string socketPath_;
    TokenSource tokens_;
    std::map<std::string, Player> players_;
};

}  // namespace arbiter::web
