#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/chess_set.h"

namespace arbiter {

// One option a game takes, from the rulings ("mandatory capture", "relay":
// ../shared/RULINGS.md, outside the project, restated in docs/rules/GAME.md) or
// from the table (how many pieces each). Values are words: either one of
// `choices` ("on", "off"), or a whole number from `min` to `max` when there
// are no choices.
struct OptionSpec {
    std::string name;
    std::string description;
    std::string defaultValue;
    std::vector<std::string> choices;
    int min = 0;
    int max = 0;
    // Any one word, which the game checks when it is made (Colonization's
    // colours, a letter per seat); `choices`, `min` and `max` are then unused.
    bool word = false;
    // Empty when `value` is allowed, else why not, naming the valid values.
    std::string check(const std::string& value) const;
    std::string allowed() const;  // "on, off" or "1..16"
};

// The set pieces that stand for one game piece: `look`, which arbiter asks
// for, and in games that allow it other figures a board may show instead
// (Martian Chess's drone: a knight or a rook, since a set has too few of either).
struct StandIn {
    SetPiece look{SetColour::White, Figure::Pawn};
    std::vector<Figure> also;

    StandIn() = default;
    StandIn(SetPiece p) : look(p) {}  // NOLINT: a single set piece is a stand-in
    StandIn(SetPiece p, std::vector<Figure> more) : look(p), also(std::move(more)) {}
    bool operator==(const StandIn&) const = default;
    bool operator==(const SetPiece& p) const { return also.empty() && look == p; }
    bool shows(Figure f) const;
    // "white knight", or "white knight or rook" with alternatives.
    std::string words() const;
};

// "white knight", "N", or with alternatives "white knight or rook", "N or R",
// "N, R": the first a whole set piece, the others a set piece or a figure.
std::optional<StandIn> parseStandIn(const std::string& text);

// A game piece and the set piece that stands for it on the boards unless the
// table says otherwise ([stand-ins] in the configuration): a Colonization
// home planet is a bishop, a Möbiatus dot a pawn.
struct StandInSpec {
    std::string piece;        // the game's name for it: "planet", "dot"
    std::string description;  // "home planet"
    StandIn standIn;
    bool alternatives = false;  // the table may name other figures for it
};

// The surface a number of players plays on, where the game fixes it by them
// (Martian Chess: 4x8 for two, 8x8 for four); nullopt for a number it refuses.
using SurfaceForPlayers = std::optional<std::pair<int, int>> (*)(int players);

class Game;
struct GameOptions;

// Makes a game for options already resolved against its GameInfo; nullptr and
// a message in `error` when they fit the info but not the game (Skirmish's
// surface must be whole 8x8 boards).
using GameFactory = std::unique_ptr<Game> (*)(const GameOptions& resolved, std::string& error);

// What a game is, what it can be asked for, and how it is made: a line of the
// table of games (gameCatalog(), engine/games.cpp), shown by `arbiterd
// --list-games` and `--print-config`, and the reference makeGame() checks
// options against before it calls `make`.
struct GameInfo {
    std::string name;   // "fide"
    std::string title;  // "FIDE chess"
    int minPlayers = 2;
    int maxPlayers = 2;
    int defaultPlayers = 2;
    // The surface in cells: fixed when min == max. Several boards make a larger
    // rectangle; 0 x 0 is a game without boards (Power Coinz).
    int defaultFiles = 8, defaultRanks = 8;
    int minFiles = 8, maxFiles = 8, minRanks = 8, maxRanks = 8;
    std::vector<OptionSpec> options;
    std::vector<StandInSpec> standIns;
    // Set when the players decide the surface; the sizes above then bound it.
    SurfaceForPlayers surfaceFor = nullptr;
    // Set when the surface the players choose defaults to one that follows
    // their number (Colonization: a board per two players); any size within
    // the bounds may still be asked for.
    SurfaceForPlayers defaultSurfaceFor = nullptr;
    std::string playersText;  // "2 or 4" where not every number between is allowed
    std::string surfaceNote;  // "4x8 cells for two players, 8x8 for four"
    // The start in the players' words where they know it by heart (chess);
    // empty: the table tells it piece by piece.
    std::string knownStart;
    // Whether players may signal a result by setting the kings on the centre
    // squares, the DGT boards' convention for chess (daemon/referee/result_signal.h).
    bool resultSignal = false;
    GameFactory make = nullptr;

    bool sizeFixed() const { return minFiles == maxFiles && minRanks == maxRanks; }
    const OptionSpec* option(const std::string& optionName) const;
    const StandInSpec* standIn(const std::string& piece) const;
};

// How one table wants a game: players, surface size, options and stand-ins.
// Anything left unset takes the game's default.
struct GameOptions {
    int players = 0;                            // 0: the game's default
    int files = 0, ranks = 0;                   // 0: the game's default surface
    std::map<std::string, std::string> values;  // option name -> value
    std::map<std::string, StandIn> standIns;    // game piece name -> set pieces

    // The options checked against `info`, every default filled in; nullopt and
    // a message naming what is wrong and what is allowed when they do not fit.
    std::optional<GameOptions> resolved(const GameInfo& info, std::string& error) const;
    const std::string& value(const std::string& name) const;  // after resolved()
    int number(const std::string& name) const;                // after resolved()
    bool on(const std::string& name) const { return value(name) == "on"; }
    SetPiece standIn(const std::string& piece) const;          // the look, after resolved()
    const StandIn& standInOf(const std::string& piece) const;  // after resolved()
};

// "white bishop" or "B" (FEN letter) to a set piece.
std::optional<SetPiece> parseSetPiece(const std::string& text);

}  // namespace arbiter
