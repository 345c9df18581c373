#pragma once

// A Certabo board reads each piece's RFID tag, not what the piece is: a
// calibration says which tag is which piece. It is learnt at the table from
// the chess start position set up on the board (white on the board's own
// first two ranks), as Certabo's own software learns it, and kept in a text
// file, one tag a line. Learning again adds to what is known, so the spare
// queens are learnt by setting each up on its queen's square and learning
// again; a tag learnt anew takes its new meaning.
//
// The file (docs/boards.md):
//   # comment
//   3a0ccb0701 R
// ten hex digits of a tag, a space, the FEN letter of the piece.

#include <optional>
#include <string>
#include <string_view>

#include "drivers/certabo/readings.h"
#include "drivers/piece_tags.h"

namespace arbiter::certabo {

// The tags of the 32 pieces of the chess start position on `tags`; nullopt and
// a message that says what is not as it should be otherwise (a start square
// empty, a piece elsewhere, one tag on two squares).
std::optional<PieceTags> learnStartPosition(const SquareTags& tags, std::string& error);

// `known` with `learnt` added; a tag in both takes its meaning from `learnt`.
PieceTags merged(PieceTags known, const PieceTags& learnt);

// The calibration file's text; nullopt and a message naming `file` and the
// line when it is not one (the file then counts for nothing).
std::optional<PieceTags> parseCalibration(std::string_view text, const std::string& file,
                                          std::string& error);
std::string calibrationText(const PieceTags& tags);

// "16 white and 16 black pieces (2 white queens, ...)" for what was learnt.
std::string describePieces(const PieceTags& tags);

}  // namespace arbiter::certabo
