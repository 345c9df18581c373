#include "daemon/config/hall_setup.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <fstream>

#include "daemon/base/utf8.h"

namespace arbiter {

namespace {

// The first line of the password file, which must be there and short.
bool readPassword(const std::string& path, std::string& password, std::string& error) {
    std::ifstream file(path);
    std::string line;
    if (!file || !std::getline(file, line)) {
        error = "cannot read the broker's password from " + path;
        return false;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line.size() > 1024 || !isUtf8(line)) {
        error = "the first line of " + path +
                " must be the broker's password (1 to 1024 bytes "
                "of UTF-8)";
        return false;
    }
    password = line;
    return true;
}

// A host name as a table's name: what a name may not hold becomes '-'.
std::string asTableName(std::string name) {
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.')
            c = '-';
    if (name.size() > 64) name.resize(64);
    return name.empty() || name == "." || name == ".." ? std::string("table") : name;
}

bool readTls(const Configuration& config, BrokerLogin& login, std::string& error) {
    const bool tlsFiles =
        !config.mqttCa.empty() || !config.mqttCert.empty() || !config.mqttKey.empty();
    if (tlsFiles && !login.address.tls) {
        error = config.where("mqtt") +
                "mqtt-ca, mqtt-cert and mqtt-key are for a broker "
                "reached over TLS: give an mqtts:// URL";
        return false;
    }
    if (config.mqttCert.empty() != config.mqttKey.empty()) {
        error = "mqtt-cert and mqtt-key go together: a client certificate needs its key";
        return false;
    }
    for (const auto& [key, path] :
         {std::pair{"mqtt-ca", &config.mqttCa}, std::pair{"mqtt-cert", &config.mqttCert},
          std::pair{"mqtt-key", &config.mqttKey}}) {
        if (!path->empty() && !std::ifstream(*path).good()) {
            error = config.where(key) + "cannot read " + *path + " (" + key + ")";
            return false;
        }
    }
    login.caFile = config.mqttCa;
    login.certFile = config.mqttCert;
    login.keyFile = config.mqttKey;
    return true;
}

}  // namespace

std::string machineName() {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0) return "table";
    return asTableName(name);
}

bool readHallSettings(const Configuration& config, const std::string& hostname,
                      std::optional<BroadcastSettings>& to, std::string& error) {
    if (config.mqtt.empty()) {
        for (const auto& [key, value] :
             {std::pair{"mqtt-table", &config.mqttTable},
              std::pair{"mqtt-password-file", &config.mqttPasswordFile},
              std::pair{"mqtt-ca", &config.mqttCa}, std::pair{"mqtt-cert", &config.mqttCert},
              std::pair{"mqtt-key", &config.mqttKey}}) {
            if (value->empty()) continue;
            error = config.where(key) + key +
                    " is for a table in a hall: give the broker with "
                    "mqtt (--mqtt URL) too";
            return false;
        }
        return true;
    }
    BroadcastSettings settings;
    auto address = parseBrokerAddress(config.mqtt, error);
    if (!address) {
        error = config.where("mqtt") + error;
        return false;
    }
    settings.login.address = *address;
    settings.table = config.mqttTable.empty() ? asTableName(hostname) : config.mqttTable;
    if (!validTableName(settings.table, error)) {
        error = config.where("mqtt-table") + error + " (mqtt-table)";
        return false;
    }
    if (!config.mqttPasswordFile.empty()) {
        if (settings.login.address.user.empty()) {
            error = config.where("mqtt-password-file") +
                    "a password needs a user: give "
                    "mqtt://USER@HOST";
            return false;
        }
        if (!readPassword(config.mqttPasswordFile, settings.login.address.password, error)) {
            error = config.where("mqtt-password-file") + error;
            return false;
        }
    }
    if (!readTls(config, settings.login, error)) return false;
    if (config.mqttActions != "yes" && config.mqttActions != "no") {
        error = config.where("mqtt-actions") + "mqtt-actions is yes or no, not \"" +
                printable(config.mqttActions) + "\"";
        return false;
    }
    settings.takeActions = config.mqttActions == "yes";
    to = settings;
    return true;
}

}  // namespace arbiter
