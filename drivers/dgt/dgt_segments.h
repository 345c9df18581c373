#pragma once

// Characters on the DGT XL's six 7-segment digits.

#include <array>
#include <cstdint>
#include <string_view>

namespace arbiter::dgt {

// A 7-segment digit shows digits, a dash and a few dozen letters in the shapes
// clocks and calculators use ('b', 'd', 'n', 'r' in lower case; 'E', 'L', 'P' in
// upper case); letters that have no such shape (k, m, v, w, x, z) and other
// characters show blank. Bits as clockXlDisplay() takes them: 0x01 top, 0x02
// right top, 0x04 right bottom, 0x08 bottom, 0x10 left bottom, 0x20 left top,
// 0x40 centre. Case is ignored where only one shape exists.
uint8_t segmentsOf(char character);

// The character a pattern shows, the inverse of segmentsOf() (a digit where a
// letter looks the same: 'S' reads as '5'); ' ' for none lit, '?' for a
// pattern that is not a character.
char characterOf(uint8_t segments);

// The first six characters of `text` that a digit can show (others skipped),
// left-aligned and padded with blanks, for clockXlDisplay().
std::array<uint8_t, 6> segmentsOfText(std::string_view text);

}  // namespace arbiter::dgt
