#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "daemon/speech/spoken_text.h"

namespace arbiter {

// Where the cells an announcement names lie on a table of several boards, as
// it is said: after the game's cells, the board squares a player reads there,
// each board named once for its run of squares, "to" between them, as a move
// on the boards is said: "k5 to k6, board B c5 to c6", "e1 to e6, board C h4
// to board A h1". A table of one board has none, and its words stay as they
// are.

// `said` (a move as it is said) with the squares of a move's data ("squares":
// [{"cell", "board", "square"}, ...], in the order its hands use them) after
// the last of its cells it names, or at its end: "4 g7 to j10, board B b2 to
// e5, on a keypost: ...". `said` alone when there are none.
std::string withMoveSquaresSaid(const std::string& said, const nlohmann::json& squares,
                                SpeechLanguage language);

// `text` (a text of the table's) with the board squares it writes in brackets
// after cells ("h5 (board A c3) is in the way", "c1 (board G c2)-d3 (board G
// d4) takes ...", "g7-j10 (board B b2-e5)") said after the run of cells they
// belong to: "h5, board A c3, is in the way", "c1-d3, board G c2 to d4,
// takes ...". Other remarks in brackets are left for the reader to drop.
std::string withPlacesSaid(const std::string& text, SpeechLanguage language);

// "k5, board B c5": a cell and the square where it lies, from an entry of a
// message's "squares"; the cell alone when the entry names no board.
std::string cellWithSquareSaid(const std::string& cell, const nlohmann::json& place);

}  // namespace arbiter
