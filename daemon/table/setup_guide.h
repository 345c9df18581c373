#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "daemon/announce/announcement.h"
#include "daemon/announce/cell_fix.h"
#include "daemon/base/event_loop.h"
#include "daemon/referee/surface.h"
#include "daemon/table/board_lights.h"
#include "daemon/table/desk.h"
#include "engine/core/game.h"

namespace arbiter {

// The first `most` fixes in the players' words, one by one for an
// announcement's data ("fixes", and as data "fixSteps") and as one text
// ending in how many more squares.
struct NamedFixes {
    std::string text;
    nlohmann::json named;
    nlohmann::json steps;
};
NamedFixes nameFixes(const std::vector<CellFix>& fixes, const Geometry& g, const Game& game,
                     size_t most, const CellPlaces* places = nullptr);

// What the players of an open table are told while they set the boards up:
// how the start is set up, every few seconds what still differs from it
// ("Still to set up: put a white pawn on e2"), and after a restart what is
// still to set up of the resumed game, with a picture of it the first time.
// It owns the hint's timer and the list of squares told last (said again only
// when it changes, or after a while).
class SetupGuide {
  public:
    SetupGuide(EventLoop& loop, const Desk& desk, Surface& surface, BoardLights& lights,
               AnnouncementSink& out)
        : loop_(loop), desk_(desk), surface_(surface), lights_(lights), out_(out) {}

    // Setting up is told eight squares at a time: more is not read out at a table.
    static constexpr size_t kFixesNamed = 8;

    // How to set up the start: ": white king on e1; black king on e8", and
    // chess's in a few words.
    std::string startSetup() const;
    // While no game is on, names what still differs from the start every few
    // seconds (TableSettings::setupHintMs).
    void armHint();
    // Names what is still to set up of the resumed game, if it is not what
    // was said last: true when it was said.
    bool tellResumedSetup();
    // The boards show the game: no more hints, and what was told is forgotten.
    void gameOn();
    // The game has ended: its final position is left alone for a while.
    void gameOver();

  private:
    void tellSetup();
    // Whether the boards still show the game just ended, looked at for less
    // than TableSettings::finalPositionMs.
    bool finalPositionLookedAt() const;

    EventLoop& loop_;
    const Desk& desk_;
    Surface& surface_;
    BoardLights& lights_;
    AnnouncementSink& out_;
    Timer hintTimer_{loop_};
    std::string told_;  // the last list of squares to set up, and when
    Millis toldAt_ = 0;
    std::optional<Millis> endedAt_;  // when the last game ended, until a piece of it moves
};

}  // namespace arbiter
