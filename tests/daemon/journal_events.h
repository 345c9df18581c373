#pragma once

#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "daemon/journal/journal.h"
#include "daemon/journal/journal_checksum.h"

namespace arbiter::testing {

// The events of the journal at `path`, in order, as JournalReader reads them
// (checksums checked and dropped); empty when it cannot be read.
inline std::vector<nlohmann::json> journalEvents(const std::string& path) {
    std::vector<nlohmann::json> events;
    std::string error;
    auto reader = JournalReader::open(path, error);
    if (!reader) return events;
    for (nlohmann::json event; reader->next(event, error);) events.push_back(event);
    return events;
}

// Writes `events` as the journal at `path`, each line with its checksum as
// JournalWriter writes it: a journal edited by hand, yet whole, so that what
// is tested is what the replay makes of the edit.
inline void writeJournalEvents(const std::string& path, const std::vector<nlohmann::json>& events) {
    std::ofstream out(path, std::ios::trunc);
    for (const auto& event : events) out << sealedLine(event.dump()) << "\n";
}

// `line`, a journal line edited by hand, with its checksum written anew.
inline std::string resealed(const std::string& line) {
    auto event = nlohmann::json::parse(line);
    event.erase("crc");
    return sealedLine(event.dump());
}

}  // namespace arbiter::testing
