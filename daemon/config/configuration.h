#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "daemon/table/board_layout.h"
#include "engine/core/chess_set.h"
#include "engine/core/game.h"
#include "engine/core/game_options.h"
#include "engine/core/geometry.h"

namespace arbiter {

// The surface a table asks for, in cells: `size = 16x16`, `--size 16x16`.
struct SurfaceSize {
    int files = 0;
    int ranks = 0;
    bool operator==(const SurfaceSize&) const = default;
};

// Everything arbiterd is told, from the command line and the configuration
// file together (docs/configuration.md). The command line wins over the file.
// Values are checked for their form as they are read; whether they fit the
// game is checked once both are read (setUpTable in daemon/config/table_setup.h).
struct Configuration {
    std::string game = "fide";
    bool gameGiven = false;          // by the command line or the file: a game to resume must be it
    std::optional<int> playerCount;  // "players": seats at the start; unset: the game's own
    std::optional<SurfaceSize> size;             // unset: the game's default surface
    std::map<std::string, std::string> options;  // [options], --option: name -> value
    std::map<std::string, StandIn> standIns;     // [stand-ins], --stand-in: game piece -> set piece
    std::string time = "15+10";
    bool timeGiven = false;  // by the command line or the file, rather than the default
    std::string timeLimit;   // minutes of play for the whole game; empty: none
    std::string moveLimit;   // moves each player makes at most; empty: none
    std::vector<std::string> playerNames;  // "player", in turn order
    // "secrets": per seat in turn order, what a player gives to connect to the
    // control socket as themselves in a moderated game (arbiterctl --as).
    std::vector<std::string> secrets;
    std::string journal = "games";
    bool newGame = false;  // --new-game: close an unfinished game rather than resume it
    long settleMs = 300;
    // The half of a DGT clock that is the first player's (White's): "left" or "right".
    std::string clockWhite = "left";
    std::string socket;  // empty: the default path
    std::string logLevel = "info";
    std::string seed;  // --seed: hex digits; empty: arbiterd picks one at random
    // --position: where games begin, in the game's own text; empty: its start.
    std::string position;
    // --speak, `speak`: the language announcements are spoken in ("en", "de");
    // unset: silent. Checked by setUpTable.
    std::optional<std::string> speak;
    std::vector<BoardSetting> boards;
    // --board: one board covering the game, in place of the file's boards.
    std::optional<DeviceSpec> commandLineBoard;
    // --vboard-protocol: what the game's own virtual boards speak when no
    // board is named (a protocol of drivers/board_protocols.h); empty: DGT.
    std::string vboardProtocol;
    // The hall (docs/hall.md): the broker's URL (empty: the table is in no
    // hall), the table's name there (empty: the machine's), a file holding
    // the broker's password, the TLS files, and whether the table takes
    // actions from the broker. Checked by setUpTable (readHallSettings).
    std::string mqtt;
    std::string mqttTable;
    std::string mqttPasswordFile;
    std::string mqttCa;
    std::string mqttCert;
    std::string mqttKey;
    std::string mqttActions = "no";
    // The seats the machine plays (docs/machine.md): "SEAT[:LEVEL]" each, a
    // seat named by its number from 1 or the game's name for it ("black").
    // The time it thinks per turn, in seconds, and the UCI engine that plays
    // chess ("builtin": the built-in player). Checked by setUpTable
    // (readMachineSettings).
    std::vector<std::string> machines;
    std::string machineTime = "3";
    std::string machineEngine = "/usr/games/stockfish";

    // Where the file gave each setting it set ("players", "options.pieces",
    // "stand-ins.piece", "player" for the first name), so that a value only
    // the game can judge is refused naming its line.
    std::string file;
    std::map<std::string, int> lines;
    std::vector<int> playerLines;  // the line of each name in playerNames, when the file gave them
    // "arbiter.ini:7: " when `key` came from the file; "" when from the command line.
    std::string where(const std::string& key) const;
    // Where the file gave the player name playerNames[index]; "" when the command line did.
    std::string wherePlayer(size_t index) const;
};

// The readers of the values that the command line and the file share, so that
// both accept the same and say the same: false with a message saying what is
// accepted. `players = 8`; `size = 16x16`; `KEY = VALUE` of [options];
// `PIECE = SETPIECE` of [stand-ins] ("black knight" or "n").
bool readPlayerCount(const std::string& text, Configuration& config, std::string& error);
// `clock-white = left` or `right`.
bool readClockWhite(const std::string& text, Configuration& config, std::string& error);
bool readSurfaceSize(const std::string& text, Configuration& config, std::string& error);
bool readOption(const std::string& name, const std::string& value, Configuration& config,
                std::string& error);
// `secrets = W-s3cret, B-s3cret`: one per seat in turn order, each 1 to 200
// printable characters without spaces or commas.
bool readSecrets(const std::string& text, Configuration& config, std::string& error);
bool readStandIn(const std::string& piece, const std::string& setPiece, Configuration& config,
                 std::string& error);

// Reads an INI file into `config`, leaving alone every key in `fromCommandLine`
// (the command line overrides the file): top-level keys by name ("time"),
// options and stand-ins as "options.NAME" and "stand-ins.PIECE", and "board"
// for a --board that replaces the file's boards. Returns false with a message
// that names the line and says how to fix it, and then leaves `config` as it was.
bool readConfigurationFile(const std::string& path, const std::vector<std::string>& fromCommandLine,
                           Configuration& config, std::string& error);

// The layout a game uses when no board is configured: one board covering all
// cells from a1, for a game of up to 8x8 cells.
std::optional<BoardPlacement> defaultPlacement(const Geometry& cells);

// Boards that cover every cell: what --print-config writes when no board is
// configured, so that the table runs on arbiter-vboard as it is. None for a
// game without cells. ceil(files / 8) boards across and ceil(ranks / 8) up;
// one board across gives its files from a. Of more, the inner columns give all
// 8 files and the first and last split the rest (the first the larger half:
// 10 -> 5, 5; 17 -> 5, 8, 4), the first giving its rightmost files and the last
// its leftmost, so that the shares meet; ranks alike. A surface of whole boards
// is cut into 8x8 blocks from a1; Konfusion's 10x10 is a block in the middle
// of four boards, each giving a 5x5 quarter. Each is a virtual board named
// after the cell under its share's lower-left corner ("a1", "f1", "a6", "f6"),
// or "main" when one board does.
std::vector<BoardSetting> virtualBoardsCovering(const Geometry& cells);

// The virtual boards a game is played on when none is named: those covering
// its cells, except that each player of a game of hidden views on one board
// has a board of their own, named after their seat ("white", "black"), never
// stitched to another's. Each speaks `protocol` (empty: DGT, "vboard:a1");
// a bus protocol's boards are each a line of their own, at address 1
// ("dgt-bus:vboard:a1@1"), so that every board is started alike.
std::vector<BoardSetting> virtualBoardsFor(const GameState& start,
                                           const std::string& protocol = "");

// A board's `origin` as --print-config writes it: the cell ("i1") when the
// origin is on the surface, else "SQUARE on CELL" ("d4 on a1"), the board's
// first square in use (lowest rank, then file, in its own numbering) and the
// cell it lies on. Either reads back as the same placement.
std::string originText(const BoardPlacement& placement, const Geometry& cells);

}  // namespace arbiter
