#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace arbiter {

// The checksum each journal line carries as its last field, "crc" with eight
// hex digits:
// the CRC-32 of the line's text without that field. A bit flipped on disk then
// shows as a line that does not match its checksum, and the journal is refused
// rather than replayed into another game. Text-level on purpose: the JSON of a
// line is checked as written, before any parser reads it (docs/journal.md).

// CRC-32 as Ethernet, zlib and PNG compute it (reflected polynomial
// 0xEDB88320, initial value and final xor 0xFFFFFFFF): zlib's own.
uint32_t crc32(std::string_view bytes);

// `object`, the text of a JSON object with at least one field (no "crc" of its own),
// with its checksum added as its last field.
std::string sealedLine(const std::string& object);

// What a line's checksum says about it.
enum class LineSeal {
    None,   // the line ends in no checksum field
    Good,   // it does, and it matches the text before it
    Wrong,  // it does, and it does not
};
LineSeal lineSeal(std::string_view line);

// Whether `text` holds a whole checksum field anywhere: a line cut short by a
// crash never does, since the checksum is written last.
bool holdsSeal(std::string_view text);

}  // namespace arbiter
