#include "daemon/session/machine_seats.h"

#include <algorithm>

namespace arbiter {

nlohmann::json machineSeatsJson(const std::vector<MachineSeat>& seats) {
    nlohmann::json list = nlohmann::json::array();
    for (const MachineSeat& m : seats) list.push_back({{"seat", m.seat}, {"level", m.level}});
    return list;
}

std::string readMachineSeats(const nlohmann::json& header, int seats,
                             std::vector<MachineSeat>& read) {
    const auto found = header.find("machines");
    if (found == header.end()) return {};
    const std::string bad = "bad \"machines\": a list of {\"seat\": 0 to " +
                            std::to_string(seats - 1) +
                            ", \"level\": " + std::to_string(MachineSeat::kWeakest) + " to " +
                            std::to_string(MachineSeat::kStrongest) + "}, each seat once";
    if (!found->is_array() || found->size() > static_cast<size_t>(seats)) return bad;
    std::vector<MachineSeat> taken;
    for (const auto& entry : *found) {
        if (!entry.is_object() || entry.size() != 2) return bad;
        const auto seat = entry.find("seat");
        const auto level = entry.find("level");
        if (seat == entry.end() || level == entry.end() || !seat->is_number_integer() ||
            !level->is_number_integer())
            return bad;
        const auto s = seat->get<long long>();
        const auto l = level->get<long long>();
        if (s < 0 || s >= seats || l < MachineSeat::kWeakest || l > MachineSeat::kStrongest)
            return bad;
        MachineSeat m{static_cast<PlayerId>(s), static_cast<int>(l)};
        if (machineSeat(taken, m.seat)) return bad;
        taken.push_back(m);
    }
    read = std::move(taken);
    return {};
}

const MachineSeat* machineSeat(const std::vector<MachineSeat>& seats, PlayerId seat) {
    const auto it = std::find_if(seats.begin(), seats.end(),
                                 [seat](const MachineSeat& m) { return m.seat == seat; });
    return it == seats.end() ? nullptr : &*it;
}

}  // namespace arbiter
