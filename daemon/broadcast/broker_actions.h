#pragma once

#include <string>

#include "daemon/broadcast/table_broadcast.h"
#include "daemon/table/playing_table.h"

namespace arbiter {

// A table that takes actions from the broker (mqtt-actions, docs/hall.md):
// it subscribes to PREFIX/tables/TABLE/do, checks each message
// (parseBrokerAction), hands it to the table as `arbiterctl do` would, and
// publishes the answer on PREFIX/tables/TABLE/done. Who may publish there is
// the broker's to decide (its ACL, with credentials of their own). A table
// that hides its players' views takes no action this way: a secret would
// travel through the broker, where others may read it.
class BrokerActions {
  public:
    BrokerActions(TableBroadcast& broadcast, PlayingTable& table);

  private:
    void handle(const std::string& topic, const std::string& payload);
    void answer(const nlohmann::json& id, const ControlReply& reply);

    TableBroadcast& broadcast_;
    PlayingTable& table_;
};

}  // namespace arbiter
