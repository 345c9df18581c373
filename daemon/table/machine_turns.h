#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "daemon/announce/announcement.h"
#include "daemon/base/event_loop.h"
#include "daemon/machine/machine_thinker.h"
#include "daemon/table/desk.h"

namespace arbiter {

// The machine's part at an open table (docs/machine.md). When a seat it plays
// is to move, it thinks, off the loop, for at most the table's time per turn;
// then it says the action it chose ("Black (machine): Nf6; make it on the
// board"), and the table lights it and waits for the boards to show it, or
// makes it at once when no board shows it. It learns that the game moved on
// from the table's announcements: a move, a takeback, a new game, a stop or
// the end cancels a thought that no longer fits, and a new one begins when
// the machine is to move again. It owns a thinker per seat it plays.
class MachineTurns final : public AnnouncementSink {
  public:
    // What the table does for the machine.
    class Listener {
      public:
        virtual ~Listener() = default;
        // What the boards may show made changed (the machine chose, or began
        // to think): the surface is to be judged afresh.
        virtual void machineTurnChanged() = 0;
        // The machine chose `action`, which changes no cell, or which no board
        // can show: it is to be made now, as if said by its seat.
        virtual void machineActs(const Action& action) = 0;
    };

    MachineTurns(EventLoop& loop, const Desk& desk, AnnouncementSink& out, Listener& table);
    ~MachineTurns() override;

    // Whatever was announced may have moved the game on: looked at soon.
    void announce(const Announcement& a) override;

    // The actions the boards may show made now: nullopt while a person is to
    // move (any legal action), the machine's choice while it is to move, and
    // none while it thinks.
    std::optional<std::vector<Action>> accepted(const Session& session) const;
    // For the status: the machine's seats and what it does now.
    nlohmann::json status() const;

  private:
    // The turn a thought or a choice is for: the game and where it stands.
    struct Turn {
        const Session* session = nullptr;
        int ply = 0;
        std::string state;
        PlayerId seat = NoPlayer;
        bool operator==(const Turn&) const = default;
    };
    static Turn turnOf(const Session& session);

    void look();
    void startThinking(const Session& session, const MachineSeat& machine, const Turn& turn);
    void answered(const Turn& turn, std::optional<Action> chosen, const std::string& why);
    // Says the chosen action and hands it to the boards, or makes it now.
    void choose(const Session& session, const Action& action);
    void stop();
    // The time a thought may take: the table's time per turn, but never more
    // than a twentieth of what the seat has left on its clock.
    Millis budgetFor(const Session& session, PlayerId seat) const;
    MachineThinker& thinkerFor(const MachineSeat& machine);

    EventLoop& loop_;
    const Desk& desk_;
    AnnouncementSink& out_;
    Listener& table_;
    Timer lookDue_;
    std::map<PlayerId, std::unique_ptr<MachineThinker>> thinkers_;
    std::optional<Turn> thinking_;
    std::optional<Turn> chosenFor_;
    Action chosen_;
};

}  // namespace arbiter
