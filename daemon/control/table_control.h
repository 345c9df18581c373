#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace arbiter {

// The answer to one control request: done (with optional detail), or refused
// with a message a person can act on. A refused request changed nothing.
struct ControlReply {
    bool ok = true;
    std::string error;
    nlohmann::json data = nlohmann::json::object();

    static ControlReply done(nlohmann::json data = nlohmann::json::object()) {
        return {true, {}, std::move(data)};
    }
    static ControlReply refused(std::string why) { return {false, std::move(why), {}}; }
    // The refusal of a player's secret (TableControl::admit).
    static ControlReply wrongSecret(std::string why) {
        return {false, std::move(why), {{"wrongSecret", true}}};
    }
};

// What the control socket may ask of a table: the small interface between the
// socket (which knows JSON lines and clients) and the table (which knows games).
// Every call runs on the daemon's one thread.
class TableControl {
  public:
    virtual ~TableControl() = default;
    // The whole picture: game, position, players, clocks, boards, result.
    virtual nlohmann::json status() const = 0;
    // The picture as player `seat` (admitted by admit()) may see it. The same
    // as status() at a table that hides nothing.
    virtual nlohmann::json statusFor(int seat) const {
        (void)seat;
        return status();
    }
    // A client says it is the player called `name` and proves it with
    // `secret`: done, with `seat` set, when it is; from then on it hears that
    // player's own announcements too and acts for them alone. Refused at a
    // table that hides nothing from anyone. A refusal for a wrong secret
    // carries "wrongSecret": true in its data (wrongSecret()): the socket
    // counts those (SecretAttempts).
    virtual ControlReply admit(const std::string& name, const std::string& secret, int& seat) {
        (void)name;
        (void)secret;
        (void)seat;
        return ControlReply::refused(
            "every player sees everything at this table; connect without --as");
    }
    // Whether the client in `seat` (admitted by admit()), or -1 for one that
    // has not said who it is, may make a request of type `request`
    // (control::request) here: done when it may, else why not (and it
    // reaches the table no further). A table that hides nothing lets anyone
    // ask anything; a table of hidden views lets only its players change it.
    virtual ControlReply mayAsk(int seat, const std::string& request) const {
        (void)seat;
        (void)request;
        return ControlReply::done();
    }
    // Abandons any game in progress (recorded as abandoned) and waits for the start position.
    virtual ControlReply newGame() = 0;
    // An action no board can show, said by `player` (a seat number, or -1 for
    // "the player to move"): one of the verbs every table answers itself
    // (DoVerb: "resign", "leave" (the same), "draw-offer", "draw-accept",
    // "draw-claim", "join": a late arrival called `name`, or the game's name
    // for the seat when empty), which the table reads once with doVerbNamed;
    // or "pass", or a game's own action in its notation ("e2e4", "a1-b2").
    virtual ControlReply act(const std::string& action, int player, const std::string& name) = 0;
    // The same action said by the player in `seat` themselves, admitted by
    // admit(): the only way a table that hides information takes actions.
    virtual ControlReply actAs(int seat, const std::string& action) {
        (void)seat;
        (void)action;
        return ControlReply::refused(
            "every player sees everything at this table; connect without --as");
    }
    virtual ControlReply takeback() = 0;
    virtual ControlReply pauseClocks() = 0;
    virtual ControlReply resumeClocks() = 0;
    // The games recorded in the journal folder, newest last (listRecordedGames).
    virtual ControlReply games() const = 0;
};

}  // namespace arbiter
