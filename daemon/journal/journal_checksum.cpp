#include "daemon/journal/journal_checksum.h"

#include <fmt/format.h>
#include <zlib.h>

namespace arbiter {

namespace {

constexpr std::string_view kOpening = ",\"crc\":\"";
constexpr size_t kDigits = 8;
constexpr std::string_view kClosing = "\"}";
constexpr size_t kSealLength = kOpening.size() + kDigits + kClosing.size();

std::string hex(uint32_t value) {
    return fmt::format("{:08x}", value);
}

bool isLowerHex(std::string_view text) {
    for (char c : text) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    }
    return true;
}

}  // namespace

uint32_t crc32(std::string_view bytes) {
    // crc32_z takes a size_t length, where crc32 takes 32 bits.
    return static_cast<uint32_t>(
        ::crc32_z(0, reinterpret_cast<const Bytef*>(bytes.data()), bytes.size()));
}

std::string sealedLine(const std::string& object) {
    // Every event has a "type", so the checksum follows a field.
    std::string line = object.substr(0, object.size() - 1);
    line += kOpening;
    line += hex(crc32(object));
    line += kClosing;
    return line;
}

LineSeal lineSeal(std::string_view line) {
    if (line.size() < kSealLength + 1 || !line.ends_with(kClosing)) return LineSeal::None;
    const size_t opening = line.size() - kSealLength;
    const std::string_view digits = line.substr(opening + kOpening.size(), kDigits);
    if (line.substr(opening, kOpening.size()) != kOpening || !isLowerHex(digits))
        return LineSeal::None;
    std::string object(line.substr(0, opening));
    object += '}';
    return hex(crc32(object)) == digits ? LineSeal::Good : LineSeal::Wrong;
}

bool holdsSeal(std::string_view text) {
    for (size_t at = text.find(kOpening); at != std::string_view::npos;
         at = text.find(kOpening, at + 1)) {
        const std::string_view rest = text.substr(at + kOpening.size());
        if (rest.size() >= kDigits + kClosing.size() && isLowerHex(rest.substr(0, kDigits)) &&
            rest.substr(kDigits, kClosing.size()) == kClosing)
            return true;
    }
    return false;
}

}  // namespace arbiter
