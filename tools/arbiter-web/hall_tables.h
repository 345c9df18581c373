#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "tools/arbiter-web/hall_message.h"

namespace arbiter::web {

// One table as the hall knows it from the broker: its word on being online,
// its latest status, its last announcement and its record, and how far
// through its run it has been read (what makes a repeated message old).
struct HallTable {
    std::string name;
    std::int64_t run = 0;  // the run the rest belongs to (0: none heard yet)
    bool runCameOnline = false;  // the run began with its "online": no other run counts now
    int onlineSaid = 0;    // in this run: 0 nothing, 1 online, 2 gone (no going back)
    bool online = false;   // its last word, of this run or an earlier one
    bool onlineKnown = false;
    double since = 0;
    std::int64_t eventSeq = 0, stateSeq = 0, recordSeq = 0;  // the newest read, this run
    nlohmann::json status;                                   // null until a state
    nlohmann::json lastEvent;  // null until an event: the event, and "at"
    std::string recordFormat;  // empty until a record
    std::string recordText;
};

// The hall's tables as the broker's messages describe them, each message
// applied only when it is newer than what was read for its table
// (docs/hall.md: run, then seq; a state or record follows the event of its
// seq; a table that says it is online begins that run, whatever its number),
// so that a message delivered twice changes nothing. It holds at most
// `mostTables`: a broker full of made-up tables cannot grow it without end.
class HallTables {
  public:
    static constexpr std::size_t kMostTables = 1000;

    explicit HallTables(std::size_t mostTables = kMostTables) : mostTables_(mostTables) {}

    // Applies `message`: the table it changed, or nullptr and `why` when it
    // was not newer than what was read, or the hall is full.
    const HallTable* apply(const HallMessage& message, std::string& why);

    const HallTable* find(const std::string& name) const;
    const std::map<std::string, HallTable>& tables() const { return tables_; }
    std::size_t mostTables() const { return mostTables_; }

  private:
    std::size_t mostTables_;
    std::map<std::string, HallTable> tables_;
};

// How much of a table's status a tile carries.
enum class TileStatus {
    Whole,  // as the table published it (/api/hall)
    // Without the scene and the boards' pictures, which are most of it (8 KiB
    // for chess, 40 for Colonization on eight boards): the hall page's stream,
    // which would otherwise send a thousand tables' boards to every page as
    // it opens; the page fetches the scenes of the tiles in sight.
    Slim,
};

// A table as the hall page and /api/hall show it: name, online, since, run,
// the seq of its status and the status, its last announcement, its record's format.
nlohmann::json hallTileJson(const HallTable& table, TileStatus status = TileStatus::Whole);

}  // namespace arbiter::web
