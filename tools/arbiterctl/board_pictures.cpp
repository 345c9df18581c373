#include "tools/arbiterctl/board_pictures.h"

namespace arbiter::ctl {

std::string boardPicturesText(const nlohmann::json& status) {
    const nlohmann::json boards = status.value("boards", nlohmann::json::array());
    if (!boards.is_array() || boards.empty()) return "No boards at this table.\n";
    std::string text;
    for (const nlohmann::json& board : boards) {
        if (!board.is_object()) continue;
        const std::string name = board.value("name", "");
        const std::string label = board.value("label", "");
        if (!text.empty()) text += "\n";
        text += label.empty() ? "Board " + name : label + " (" + name + ")";
        const int rotation = board.value("rotation", 0);
        if (rotation != 0) text += ", turned " + std::to_string(rotation) + " degrees";
        text += ":\n";
        const nlohmann::json picture = board.value("picture", nlohmann::json::array());
        for (const nlohmann::json& line : picture) {
            if (line.is_string()) text += "  " + line.get<std::string>() + "\n";
        }
    }
    return text;
}

}  // namespace arbiter::ctl
