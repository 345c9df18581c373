// Where a setting came from, and the readers of the values that the command
// line and the configuration file share, so that both accept and say the same.
#include "daemon/config/configuration.h"

#include <algorithm>
#include <sstream>
#include <utility>

#include "daemon/config/setting_text.h"
#include "engine/core/game_options.h"

namespace arbiter {

using namespace setting_text;

std::string Configuration::where(const std::string& key) const {
    auto it = lines.find(key);
    if (it == lines.end() || file.empty()) return {};
    return file + ":" + std::to_string(it->second) + ": ";
}

std::string Configuration::wherePlayer(size_t index) const {
    if (file.empty() || !lines.count("player") || index >= playerLines.size())
        return where("player");
    return file + ":" + std::to_string(playerLines[index]) + ": ";
}

bool readClockWhite(const std::string& text, Configuration& config, std::string& error) {
    if (text != "left" && text != "right") {
        error =
            "clock-white must be left or right (the half of the DGT clock, seen from its "
            "front, that is White's), not \"" +
            text + "\"";
        return false;
    }
    config.clockWhite = text;
    return true;
}

bool readPlayerCount(const std::string& text, Configuration& config, std::string& error) {
    auto count = wholeNumber(text, 3);
    if (!count || *count < 1) {
        error = "players must be a whole number of players, e.g. 4, not \"" + text + "\"";
        return false;
    }
    config.playerCount = static_cast<int>(*count);
    return true;
}

bool readSurfaceSize(const std::string& text, Configuration& config, std::string& error) {
    size_t x = text.find('x');
    auto files = wholeNumber(text.substr(0, x), 3);
    auto ranks = x == std::string::npos ? std::nullopt : wholeNumber(text.substr(x + 1), 3);
    if (!files || !ranks || *files < 1 || *ranks < 1) {
        error = "size must be FILESxRANKS, counted in cells, e.g. 16x16, not \"" + text + "\"";
        return false;
    }
    config.size = SurfaceSize{static_cast<int>(*files), static_cast<int>(*ranks)};
    return true;
}

bool readOption(const std::string& name, const std::string& value, Configuration& config,
                std::string& error) {
    if (name.empty() || !std::all_of(name.begin(), name.end(), isNameChar)) {
        error =
            "an option is NAME=VALUE with a name of letters, digits, - and _, e.g. "
            "pieces=5; not \"" +
            name + "=" + value + "\"";
        return false;
    }
    if (!config.options.emplace(name, value).second) {
        error = "option " + name + " is given twice";
        return false;
    }
    return true;
}

bool readSecrets(const std::string& text, Configuration& config, std::string& error) {
    std::vector<std::string> secrets;
    size_t from = 0;
    for (;;) {
        const size_t comma = text.find(',', from);
        std::string one = text.substr(from, comma == std::string::npos ? comma : comma - from);
        one.erase(0, one.find_first_not_of(' '));
        one.erase(one.find_last_not_of(' ') + 1);
        const bool printable = std::all_of(one.begin(), one.end(),
                                           [](unsigned char c) { return c > 0x20 && c < 0x7f; });
        if (one.empty() || one.size() > 200 || !printable) {
            // Not said back: the console may be in sight of the players.
            error = "secret number " + std::to_string(secrets.size() + 1) +
                    " is not 1 to 200 printable characters without spaces; secrets are one "
                    "per player in turn order, separated by commas";
            return false;
        }
        secrets.push_back(one);
        if (comma == std::string::npos) break;
        from = comma + 1;
    }
    config.secrets = std::move(secrets);
    return true;
}

bool readStandIn(const std::string& piece, const std::string& setPiece, Configuration& config,
                 std::string& error) {
    if (piece.empty() || !std::all_of(piece.begin(), piece.end(), isNameChar)) {
        error =
            "a stand-in is PIECE=SETPIECE with the game's name for a piece, e.g. "
            "piece=black knight; not \"" +
            piece + "=" + setPiece + "\"";
        return false;
    }
    // "Black  Knight" is meant as much as "black knight"; a lone letter keeps
    // its case, which says the colour.
    std::string words;
    std::stringstream in(setPiece);
    for (std::string word; in >> word;) {
        // "Q," is a letter before a comma in a list: its case is its colour.
        if (word.size() > 1 && !(word.size() == 2 && word[1] == ',')) {
            std::transform(word.begin(), word.end(), word.begin(),
                           [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; });
        }
        words += (words.empty() ? "" : " ") + word;
    }
    auto set = parseStandIn(words);
    if (!set) {
        error = "the stand-in for " + piece +
                " must be a piece of a chess set: a colour and a figure (white pawn, black "
                "knight, ...) or a FEN letter (P, n, ...), not \"" +
                setPiece + "\"";
        if (setPiece.find(',') != std::string::npos || setPiece.find(" or ") != std::string::npos)
            error +=
                "; where a game takes several, list them as \"white knight or rook\" or "
                "\"N, R\", each figure once";
        return false;
    }
    if (!config.standIns.emplace(piece, *set).second) {
        error = "the stand-in for " + piece + " is given twice";
        return false;
    }
    return true;
}

}  // namespace arbiter
