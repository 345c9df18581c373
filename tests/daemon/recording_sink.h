#pragma once

#include <fstream>
#include <string>
#include <vector>

#include "daemon/announce/announcement.h"

namespace arbiter::testing {

// Records what was announced and, at that moment, how many lines the journal
// had: tests check that nothing is said before it is recorded.
class RecordingSink : public AnnouncementSink {
  public:
    void announce(const Announcement& a) override {
        said.push_back(a);
        size_t lines = 0;
        if (!journal.empty()) {
            std::ifstream in(journal);
            for (std::string l; std::getline(in, l);) ++lines;
        }
        journalLinesWhenSaid.push_back(lines);
    }
    // The types announced, in order, from `from` on.
    std::vector<AnnouncementType> types(size_t from = 0) const {
        std::vector<AnnouncementType> t;
        for (size_t i = from; i < said.size(); ++i) t.push_back(said[i].type);
        return t;
    }
    std::vector<Announcement> said;
    std::vector<size_t> journalLinesWhenSaid;
    std::string journal;
};

}  // namespace arbiter::testing
