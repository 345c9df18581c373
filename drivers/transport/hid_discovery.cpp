#include "drivers/transport/hid_discovery.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>

namespace arbiter {

namespace {

// A field of hex digits no wider than `maxDigits`, whose value fits 16 bits.
std::optional<uint16_t> hexField(std::string_view text, size_t maxDigits) {
    if (text.empty() || text.size() > maxDigits) return std::nullopt;
    unsigned long value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
    if (ec != std::errc() || end != text.data() + text.size() || value > 0xffff)
        return std::nullopt;
    return uint16_t(value);
}

void readUevent(const std::filesystem::path& file, SerialPortInfo& info) {
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line)) {
        const size_t equals = line.find('=');
        if (equals == std::string::npos) continue;
        const std::string key = line.substr(0, equals);
        const std::string value = line.substr(equals + 1);
        if (key == "HID_ID") {
            if (auto ids = parseHidId(value)) {
                info.vendorId = ids->vendor;
                info.productId = ids->product;
            }
        } else if (key == "HID_NAME") {
            info.description = value;
            info.product = value;
        } else if (key == "HID_UNIQ") {
            info.serialNumber = value;
        }
    }
}

}  // namespace

std::optional<HidIds> parseHidId(const std::string& value) {
    const size_t first = value.find(':');
    const size_t second = first == std::string::npos ? first : value.find(':', first + 1);
    if (second == std::string::npos) return std::nullopt;
    const std::string_view text(value);
    const auto bus = hexField(text.substr(0, first), 4);
    const auto vendor = hexField(text.substr(first + 1, second - first - 1), 8);
    const auto product = hexField(text.substr(second + 1), 8);
    if (!bus || !vendor || !product) return std::nullopt;
    return HidIds{*vendor, *product};
}

std::vector<SerialPortInfo> listHidDevices(const std::string& classDir) {
    std::vector<SerialPortInfo> result;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(classDir, ec)) {
        SerialPortInfo info;
        info.path = "/dev/" + entry.path().filename().string();
        info.transport = "hid";
        readUevent(entry.path() / "device" / "uevent", info);
        if (info.description.empty()) info.description = "HID device";
        result.push_back(std::move(info));
    }
    std::sort(result.begin(), result.end(),
              [](const SerialPortInfo& a, const SerialPortInfo& b) { return a.path < b.path; });
    return result;
}

}  // namespace arbiter
