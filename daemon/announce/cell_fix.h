#pragma once

#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "daemon/announce/cell_places.h"
#include "engine/core/chess_set.h"
#include "engine/core/game.h"
#include "engine/core/geometry.h"

namespace arbiter {

// One cell that does not show what it should: what the referee finds, what the
// session tells the players, and what a client is sent to show them. A plain
// value, so that every layer that speaks of the boards shares it.
struct CellFix {
    Cell cell = NoCell;
    Appearance sensed;
    Appearance wanted;
    Sensing sensing = Sensing::ColourAndKind;  // what its board can tell, for the wording
    // The cell shows the right look but another piece than the game has
    // there, as a board that reads each piece's tag tells (PieceIdentities):
    // the right piece stands on `cell` now (`standsThere`), or stood there
    // when the boards last showed the game and is off them now.
    struct RightPiece {
        Cell cell = NoCell;
        bool standsThere = false;
    };
    std::optional<RightPiece> rightPiece = std::nullopt;
};

// A piece as the players are told of it: the set piece their hands hold, and
// the game's words for it (lookName: "white pawn (a freighter)", "drone
// (knight or rook)"; the set piece's own words, "white pawn", in a game that
// gives its pieces no names).
struct NamedPiece {
    SetPiece piece;
    std::string name;
};

// What the players are asked to do on one cell, as values from which a client,
// or speech in any language, words it without reading English: take a piece
// off, put one on, replace one by another, or exchange a piece for the
// look-alike that belongs there. describeFix words it in English.
struct FixStep {
    enum class Do { TakeOff, Put, Replace, Exchange };
    // In a game of hidden views, the change of the player's view that the
    // step follows: a piece came into sight, the cell went out of sight, the
    // piece seen there is gone, it is another piece now, or the player's own
    // piece there was captured.
    enum class ViewChange { Appeared, OutOfSight, Gone, Became, Captured };

    std::string cell;  // the cell's name: "e2", "c31"
    // On a table of several boards, the board and square a player reads
    // there: the step says both ("put a white pawn on k5 (board B c5)").
    std::optional<CellPlace> place = std::nullopt;
    Do what = Do::TakeOff;
    // The piece to take off or to replace; none for a piece taken off a board
    // that senses only occupancy (it cannot tell which), or for a fix with
    // no piece sensed nor wanted.
    std::optional<NamedPiece> sensed = std::nullopt;
    std::optional<NamedPiece> wanted = std::nullopt;  // the piece to put: Put and Replace
    std::optional<ViewChange> change = std::nullopt;  // none: the cell simply differs
    // Exchange only: where the piece that belongs on the cell is, if known
    // (the cell's name, and its place on a table of several boards), and
    // whether it stands there now or stood there before and is off the boards.
    std::optional<std::string> rightPieceCell = std::nullopt;
    std::optional<CellPlace> rightPiecePlace = std::nullopt;
    bool rightPieceStandsThere = false;
};

// The step that puts `fix` right; `game`, if given, names the pieces
// (lookName(game, look)), else they are named as set pieces; `places`, if
// given, says where the cell lies on a table of several boards.
FixStep fixStep(const CellFix& fix, const Geometry& g, const Game* game = nullptr,
                const CellPlaces* places = nullptr);

// A step in the players' own terms: "put a white pawn on e2", "take the piece
// off c31", and after a change of a view "a piece appeared on c3: put a white
// knight there".
std::string describeFix(const FixStep& step);
// The same, of a cell's fix: "put a drone (knight or rook) on c3" with the
// game given, "put a white knight on c3" without.
std::string describeFix(const CellFix& fix, const Geometry& g, const Game* game = nullptr);

// The step as an announcement's data carries it, one of its `fixSteps`
// (docs/control.md): {"cell": "e2", "do": "put", "wanted": {"colour":
// "white", "figure": "pawn", "name": "white pawn"}}, with "sensed" for the
// piece to take off or replace, "change" after a change of a view, and
// "board" and "square" on a table of several boards.
nlohmann::json fixStepData(const FixStep& step);
// What a step's data says it does ("take-off", "put", "replace"), read
// back; nullopt for any other text.
std::optional<FixStep::Do> fixStepDoNamed(std::string_view name);

// Fixes as an announcement tells them, side by side: each in words, for its
// text and its data's "fixes", and as data, its "fixSteps".
struct ToldFixes {
    std::vector<std::string> words;
    nlohmann::json steps = nlohmann::json::array();
    void add(const FixStep& step);
};
// The first `most` of `fixes`, told; `game`, if given, names the pieces;
// `places`, if given, says where each cell lies on a table of several boards.
ToldFixes tellFixes(const std::vector<CellFix>& fixes, const Geometry& g, const Game* game,
                    size_t most = std::numeric_limits<size_t>::max(),
                    const CellPlaces* places = nullptr);

}  // namespace arbiter
