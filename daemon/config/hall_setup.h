#pragma once

#include <optional>
#include <string>

#include "daemon/broadcast/broadcast_settings.h"
#include "daemon/config/configuration.h"

namespace arbiter {

// The hall a table is published to, as the configuration says it (mqtt,
// mqtt-table, mqtt-password-file, mqtt-ca, mqtt-cert, mqtt-key,
// mqtt-actions): checked without connecting. `to` stays unset when no broker
// is named. False and a message naming the file's line when anything is
// wrong (a URL, a table's name, an unreadable file, TLS files without mqtts://).
// The table's name defaults to `hostname`, made a valid name.
bool readHallSettings(const Configuration& config, const std::string& hostname,
                      std::optional<BroadcastSettings>& to, std::string& error);

// This machine's name, as the hall's default name of its table.
std::string machineName();

}  // namespace arbiter
