#include "tools/arbiterctl/readable_json.h"

#include <algorithm>

#include "daemon/base/json_text.h"

namespace arbiter::ctl {

namespace {

using json = nlohmann::json;

bool isPlain(const json& v) {
    return !v.is_object() && !v.is_array();
}

std::string plainText(const json& v) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_null()) return "-";
    return jsonText(v);
}

void write(std::string& out, const json& v, int indent);

// A list of plain values reads as one line ("clock: 900000, 900000") unless
// it is long or its items hold commas themselves (a game's report lines):
// then one item a line.
bool fitsOnALine(const json& array) {
    constexpr std::size_t kLine = 100;
    std::size_t length = 0;
    for (const json& item : array) {
        std::string text = plainText(item);
        if (text.find(',') != std::string::npos) return false;
        length += text.size() + 2;
    }
    return length <= kLine;
}

// The text after "key:" or "- ": the value itself when it fits on the line,
// else a newline and the value indented below.
void writeValue(std::string& out, const json& v, int indent) {
    if (isPlain(v)) {
        out += " " + plainText(v) + "\n";
    } else if (v.empty()) {
        out += " (none)\n";
    } else if (v.is_array() && std::all_of(v.begin(), v.end(), isPlain) && fitsOnALine(v)) {
        std::string line;
        for (const json& item : v) line += (line.empty() ? "" : ", ") + plainText(item);
        out += " " + line + "\n";
    } else {
        out += "\n";
        write(out, v, indent + 2);
    }
}

void write(std::string& out, const json& v, int indent) {
    const std::string pad(static_cast<std::size_t>(indent), ' ');
    if (v.is_object()) {
        for (const auto& [key, value] : v.items()) {
            out += pad + key + ":";
            writeValue(out, value, indent);
        }
    } else if (v.is_array()) {
        for (const json& item : v) {
            if (isPlain(item) || item.empty() || item.is_array()) {
                out += pad + "-";
                writeValue(out, item, indent);
                continue;
            }
            // An object item starts on the "- " line, its other fields below it.
            std::string block;
            write(block, item, indent + 2);
            out += pad + "- " + block.substr(static_cast<std::size_t>(indent) + 2);
        }
    } else {
        out += pad + plainText(v) + "\n";
    }
}

}  // namespace

std::string readable(const nlohmann::json& value) {
    std::string out;
    write(out, value, 0);
    return out;
}

}  // namespace arbiter::ctl
