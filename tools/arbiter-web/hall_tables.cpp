#include "tools/arbiter-web/hall_tables.h"

namespace arbiter::web {

namespace {

using Kind = HallMessage::Kind;

// Whether `message` is newer than what `table` has read of its run (the
// run itself is dealt with before); `why` says why not.
bool isNewer(const HallTable& table, const HallMessage& message, std::string& why) {
    bool newer = true;
    switch (message.kind) {
        case Kind::Online:
            newer = (message.online ? 1 : 2) > table.onlineSaid;
            break;
        case Kind::Events:
            // An event already in the status read (same seq or older) is old.
            newer = message.seq > table.eventSeq && message.seq > table.stateSeq;
            break;
        case Kind::State:
            newer = message.seq > table.stateSeq;
            break;
        case Kind::Record:
            newer = message.seq > table.recordSeq;
            break;
    }
    if (!newer)
        why = "not newer than what was read of run " + std::to_string(table.run) + " (seq " +
              std::to_string(message.seq) + ")";
    return newer;
}

// A new run of the table: what was read of the last one counts no more,
// though its status and record stand until the new run's replace them.
void startRun(HallTable& table, std::int64_t run, bool cameOnline) {
    table.run = run;
    table.runCameOnline = cameOnline;
    table.onlineSaid = 0;
    table.eventSeq = table.stateSeq = table.recordSeq = 0;
}

void take(HallTable& table, const HallMessage& message) {
    switch (message.kind) {
        case Kind::Online:
            table.onlineSaid = message.online ? 1 : 2;
            table.online = message.online;
            table.onlineKnown = true;
            if (message.online) table.since = message.since;
            break;
        case Kind::Events:
            table.eventSeq = message.seq;
            table.lastEvent = message.body;
            table.lastEvent["at"] = message.at;
            break;
        case Kind::State:
            table.stateSeq = message.seq;
            table.status = message.body;
            break;
        case Kind::Record:
            table.recordSeq = message.seq;
            table.recordFormat = message.format;
            table.recordText = message.body.get<std::string>();
            break;
    }
}

}  // namespace

const HallTable* HallTables::apply(const HallMessage& message, std::string& why) {
    auto found = tables_.find(message.table);
    if (found == tables_.end()) {
        if (tables_.size() >= mostTables_) {
            why = "the hall holds " + std::to_string(mostTables_) + " tables already";
            return nullptr;
        }
        HallTable fresh;
        fresh.name = message.table;
        found = tables_.emplace(message.table, std::move(fresh)).first;
    }
    HallTable& table = found->second;
    // A table that comes online begins its run whatever its clock says: a
    // machine without a clock of its own may start again at an earlier time
    // than it last did. From then on only that run counts.
    if (message.kind == Kind::Online && message.online && message.run != table.run) {
        startRun(table, message.run, true);
    } else if (message.run != table.run && table.runCameOnline) {
        why = "from run " + std::to_string(message.run) + ", not run " + std::to_string(table.run) +
              " which the table came online with";
        return nullptr;
    } else if (message.run < table.run) {
        why = "from run " + std::to_string(message.run) + ", older than run " +
              std::to_string(table.run) + " already read";
        return nullptr;
    } else if (message.run > table.run) {
        startRun(table, message.run, false);
    }
    if (!isNewer(table, message, why)) return nullptr;
    take(table, message);
    return &table;
}

const HallTable* HallTables::find(const std::string& name) const {
    const auto found = tables_.find(name);
    return found == tables_.end() ? nullptr : &found->second;
}

nlohmann::json hallTileJson(const HallTable& table, TileStatus status) {
    nlohmann::json shown = table.status;
    if (status == TileStatus::Slim && shown.is_object()) {
        shown.erase("scene");
        shown.erase("boards");
        shown.erase("picture");
    }
    nlohmann::json tile = {
        {"table", table.name},
        {"online", table.onlineKnown ? nlohmann::json(table.online) : nlohmann::json()},
        {"run", table.run},
        {"seq", table.stateSeq},
        {"status", std::move(shown)},
        {"lastEvent", table.lastEvent},
        {"record",
         table.recordFormat.empty() ? nlohmann::json() : nlohmann::json(table.recordFormat)},
    };
    if (table.since > 0) tile["since"] = table.since;
    return tile;
}

}  // namespace arbiter::web
