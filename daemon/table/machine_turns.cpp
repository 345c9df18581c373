#include "daemon/table/machine_turns.h"

#include <algorithm>

#include <spdlog/spdlog.h>

#include "daemon/machine/search_thinker.h"
#include "daemon/machine/uci_thinker.h"

namespace arbiter {

MachineTurns::MachineTurns(EventLoop& loop, const Desk& desk, AnnouncementSink& out,
                           Listener& table)
    : loop_(loop), desk_(desk), out_(out), table_(table), lookDue_(loop) {}

MachineTurns::~MachineTurns() = default;

void MachineTurns::announce(const Announcement& a) {
    // Its own choice changes nothing it looks at.
    if (a.type == AnnouncementType::Machine) return;
    lookDue_.afterUnlessSet(0, [this] { look(); });
}

MachineTurns::Turn MachineTurns::turnOf(const Session& session) {
    return {&session, session.ply(), session.current().serialize(), session.current().toMove()};
}

std::optional<std::vector<Action>> MachineTurns::accepted(const Session& session) const {
    if (session.over() || !session.machineSeatOf(session.current().toMove())) return std::nullopt;
    if (chosenFor_ && *chosenFor_ == turnOf(session)) return std::vector<Action>{chosen_};
    return std::vector<Action>{};
}

void MachineTurns::look() {
    const Session* session = desk_.session();
    // Chance is drawn by the session before anyone acts.
    if (!session || session->over() || session->current().chance()) return stop();
    const MachineSeat* machine = session->machineSeatOf(session->current().toMove());
    if (!machine) return stop();
    const Turn turn = turnOf(*session);
    if (thinking_ == turn || chosenFor_ == turn) return;
    stop();
    startThinking(*session, *machine, turn);
}

void MachineTurns::stop() {
    const bool was = thinking_ || chosenFor_;
    for (auto& [seat, thinker] : thinkers_) thinker->cancel();
    thinking_.reset();
    chosenFor_.reset();
    if (was) table_.machineTurnChanged();
}

void MachineTurns::startThinking(const Session& session, const MachineSeat& machine,
                                 const Turn& turn) {
    thinking_ = turn;
    MachineThinker& thinker = thinkerFor(machine);
    spdlog::debug("{} thinks for {}", thinker.name(), session.playerName(turn.seat));
    thinker.think(session, budgetFor(session, turn.seat),
                  [this, turn](std::optional<Action> chosen, const std::string& why) {
                      answered(turn, std::move(chosen), why);
                  });
    // While it thinks, nothing its seat could make counts on the boards.
    table_.machineTurnChanged();
}

void MachineTurns::answered(const Turn& turn, std::optional<Action> chosen,
                            const std::string& why) {
    thinking_.reset();
    const Session* session = desk_.session();
    if (!session || turnOf(*session) != turn) return look();
    if (!chosen || !session->current().isLegal(*chosen)) {
        const std::string said = session->playerName(turn.seat) + " (machine) could not choose: " +
                                 (chosen ? "it chose an action that is not legal" : why) +
                                 "; it tries again";
        spdlog::warn("{}", said);
        // Said as the machine's own news, not as the table's Error (which
        // speech says is the journal failing), with nothing for a clock.
        out_.announce(
            {AnnouncementType::Machine,
             said,
             {{"seat", turn.seat}, {"name", session->playerName(turn.seat)}, {"failed", why}}});
        // Once more, after a pause, so that an engine that keeps failing does
        // not keep the loop busy.
        lookDue_.after(1000, [this] { look(); });
        return;
    }
    chosenFor_ = turn;
    chosen_ = *chosen;
    choose(*session, chosen_);
}

void MachineTurns::choose(const Session& session, const Action& action) {
    const GameState& now = session.current();
    const PlayerId seat = now.toMove();
    const std::string said = session.actionSaid(now, action);
    const bool onBoards = !now.effect(action).empty() && !desk_.playedWithoutBoards();
    nlohmann::json data = {{"seat", seat},
                           {"name", session.playerName(seat)},
                           {"level", session.machineSeatOf(seat)->level},
                           {"action", now.encode(action)},
                           {"notation", said},
                           {"onBoards", onBoards}};
    // On a DGT clock's few characters: chess's SAN, else the action's code.
    data["clock"] = desk_.game().name() == "fide" ? now.describe(action) : now.encode(action);
    if (desk_.game().name() == "fide") data["san"] = now.describe(action);
    const std::string who = session.playerName(seat) + " (machine): ";
    out_.announce({AnnouncementType::Machine,
                   who + said + (onBoards ? "; make it on the board." : "."), std::move(data)});
    if (onBoards)
        table_.machineTurnChanged();
    else
        table_.machineActs(action);
}

Millis MachineTurns::budgetFor(const Session& session, PlayerId seat) const {
    constexpr Millis kLeast = 50;
    Millis budget = desk_.settings().machineTimeMs;
    if (session.clock().timesKnown())
        budget = std::min(budget, session.clock().remaining(seat, loop_.time().now()) / 20);
    return std::max(kLeast, budget);
}

MachineThinker& MachineTurns::thinkerFor(const MachineSeat& machine) {
    auto& thinker = thinkers_[machine.seat];
    if (thinker) return *thinker;
    // Chess with an engine installed is the engine's; the rest the built-in player's.
    if (desk_.game().name() == "fide" && !desk_.settings().uciEngine.empty()) {
        thinker = std::make_unique<UciThinker>(loop_, desk_.settings().uciEngine, machine.level);
    } else {
        const uint64_t seed =
            desk_.settings().session.seed ^ (static_cast<uint64_t>(machine.seat + 1) << 32);
        thinker = std::make_unique<SearchThinker>(loop_, machine.level, seed);
    }
    return *thinker;
}

nlohmann::json MachineTurns::status() const {
    const Session* session = desk_.session();
    if (!session || session->machines().empty()) return nullptr;
    nlohmann::json seats = nlohmann::json::array();
    for (const MachineSeat& m : session->machines()) {
        const auto found = thinkers_.find(m.seat);
        seats.push_back({{"seat", m.seat},
                         {"name", session->playerName(m.seat)},
                         {"level", m.level},
                         {"player", found == thinkers_.end() ? "" : found->second->name()}});
    }
    nlohmann::json status = {{"seats", seats}, {"thinking", nullptr}, {"chosen", nullptr}};
    const bool current = session && (thinking_ || chosenFor_) &&
                         (thinking_ ? *thinking_ : *chosenFor_) == turnOf(*session);
    if (current && thinking_) status["thinking"] = thinking_->seat;
    if (current && chosenFor_) {
        const GameState& now = session->current();
        nlohmann::json cells = nlohmann::json::array();
        for (const CellChange& ch : now.effect(chosen_).changes)
            cells.push_back(now.geometry().name(ch.cell));
        status["chosen"] = {{"seat", chosenFor_->seat},
                            {"action", now.encode(chosen_)},
                            {"notation", session->actionSaid(now, chosen_)},
                            {"cells", std::move(cells)}};
    }
    return status;
}

}  // namespace arbiter
