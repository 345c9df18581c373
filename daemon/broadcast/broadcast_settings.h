#pragma once

#include <string>

#include "daemon/broadcast/broker_client.h"

namespace arbiter {

// A table's place in a hall (docs/hall.md): the broker it publishes to, its
// name there, and whether it takes actions from the broker.
struct BroadcastSettings {
    BrokerLogin login;
    std::string table;         // validTableName
    bool takeActions = false;  // subscribe to PREFIX/tables/TABLE/do
};

}  // namespace arbiter
