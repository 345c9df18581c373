#pragma once

#include <string>
#include <vector>

#include "daemon/base/time_source.h"
#include "daemon/boards/piece_calibration.h"
#include "daemon/clock/clock_face.h"
#include "daemon/session/session.h"
#include "daemon/table/board_layout.h"
#include "engine/core/game_options.h"

namespace arbiter {

// Everything a table is set up with (setUpTable makes it from the
// configuration): the game, its boards, the session's settings and the
// table's own timing.
struct TableSettings {
    std::string game = "fide";
    // Players, surface size, options and stand-ins; what is unset takes the game's default.
    GameOptions gameOptions;
    std::vector<BoardSetting> boards;
    // What each piece's tag is, for boards that read tags (the Certabo
    // calibration in the journal folder; daemon/boards/piece_calibration.h).
    PieceTags pieceTags;
    SessionSettings session;
    // How long the surface must be still before it is judged. A DGT board scans
    // every 200-250 ms and reports a slid piece square by square.
    Millis settleMs = 300;
    // How long a board that may show an unconfirmed capture stays still before
    // the players are told how to confirm it.
    Millis confirmHintMs = 2000;
    // How long the boards, while being put right, must show the position
    // before the last action for that action to be taken back: fixing in a
    // natural order (the piece moved put back first, the one it knocked off
    // last) passes through that position on the way.
    Millis takebackWhileFixingMs = 3000;
    // How often, while the boards do not show the start position, the
    // squares still to set up are named (the same list at most every
    // `setupRepeatMs`, so that a table left alone is not talked at).
    // An unfinished game in the journal folder is closed as abandoned rather
    // than resumed (arbiterd --new-game).
    bool newGame = false;
    Millis setupHintMs = 3000;
    Millis setupRepeatMs = 30000;
    // After a game ends its players look at the final position: the squares
    // to set up are named once a piece of it is moved, or after this long.
    Millis finalPositionMs = 60000;
    // What the DGT clocks plugged into the boards show, and which half is White's.
    ClockFaceSettings clockFace;
    // Per seat, the secret a control client gives to speak as that player in
    // a game of hidden views (ModeratedTable::admit); missing ones are empty.
    std::vector<std::string> secrets;
    // How the machine plays the seats the session gives it (docs/machine.md):
    // the time it thinks per turn at most, and the UCI engine that plays
    // chess (empty: the built-in player, as in every other game).
    Millis machineTimeMs = 3000;
    std::string uciEngine;
};

}  // namespace arbiter
