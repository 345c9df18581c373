#include "daemon/table/board_layout.h"

#include <sys/stat.h>

#include <filesystem>
#include <map>
#include <system_error>

namespace arbiter {

namespace fs = std::filesystem;

namespace {

// "arbiter.ini:7: board b" opening a message about a board of the file,
// "board b (line 7)" anywhere else.
std::string whereIs(const BoardSetting& b, bool first, const std::string& file) {
    if (b.line <= 0) return "board " + b.name;
    if (first && !file.empty()) return file + ":" + std::to_string(b.line) + ": board " + b.name;
    return "board " + b.name + " (line " + std::to_string(b.line) + ")";
}

// What is wrong with square `s` of `b`, which lies off the game's cells.
std::string offTheCells(const BoardSetting& b, const Geometry& cells, int s) {
    // The squares that do land on cells are most likely what was meant
    // (a board for two players of Martian Chess uses its a1-d8 half).
    std::bitset<64> onCells;
    for (int t = 0; t < 64; ++t) {
        if (b.placement.used.test(static_cast<size_t>(t)) &&
            Surface::cellOf(cells, b.placement, t) != NoCell)
            onCells.set(static_cast<size_t>(t));
    }
    return ": its square " + std::string(1, char('a' + s % 8)) + std::to_string(8 - s / 8) +
           " lies off the game's cells; move its origin or narrow its squares" +
           (onCells.any()
                ? " (squares = " + squaresText(onCells) + " keeps those on the game's cells)"
                : std::string());
}

// What is wrong with the device of `b`: a path that cannot be reached, or a
// file that is no serial device. Empty when it may be a board.
std::string deviceTrouble(const BoardSetting& b) {
    const std::string& path = b.device.path;
    struct stat st {};
    fs::path parent = fs::path(path).parent_path();
    // A virtual board makes its directory when it starts, which may well be
    // after arbiterd: like an unplugged board, it is waited for.
    bool madeByItsBoard = b.device.isVirtual();
    // Without the error code, a name the system cannot even look up (a
    // part longer than 255 bytes) threw out of the check and ended arbiterd.
    std::error_code ec;
    if (!madeByItsBoard && !parent.empty() && !fs::is_directory(parent, ec)) {
        bool missing =
            !ec || ec == std::errc::no_such_file_or_directory || ec == std::errc::not_a_directory;
        return ": device " + path + " cannot be reached: " +
               (missing ? "there is no directory " + parent.string() : ec.message());
    }
    if (::stat(path.c_str(), &st) == 0 && !S_ISCHR(st.st_mode))
        return ": device " + path +
               " is not a serial device (use a /dev/tty* port or a vboard's pty)";
    return {};
}

// The device `b` reads, as the system names it: the path resolved (links such
// as /dev/serial/by-id/... and the vboard's own lead to the device itself)
// when it can be, else as written.
std::string deviceOf(const BoardSetting& b) {
    std::error_code ec;
    const fs::path resolved = fs::canonical(b.device.path, ec);
    return ec ? fs::path(b.device.path).lexically_normal().string() : resolved.string();
}

// A device named by two boards: a device is one board, and the second would
// wait forever for the first to let go of it; only boards on one bus share a
// port, each at an address of its own. Empty when each has its own.
std::string sharedDevice(const std::vector<BoardSetting>& boards, const std::string& file) {
    std::map<std::string, size_t> firstOn;
    for (size_t i = 0; i < boards.size(); ++i) {
        const DeviceSpec& device = boards[i].device;
        // Boards found by probing each find a port no other board reads.
        if (device.isAuto()) continue;
        auto [first, fresh] = firstOn.try_emplace(deviceOf(boards[i]), i);
        if (fresh) continue;
        const DeviceSpec& other = boards[first->second].device;
        if (device.onBus() && other.onBus() && device.protocol == other.protocol) {
            if (device.address != other.address) continue;
            return whereIs(boards[i], true, file) + " is the board at address " +
                   std::to_string(device.address) + " of the bus " + device.path + ", as " +
                   whereIs(boards[first->second], false, file) +
                   " is: each board on a bus has an address of its own";
        }
        return whereIs(boards[i], true, file) + " reads the device " + device.text() + ", as " +
               whereIs(boards[first->second], false, file) +
               " does: each board needs a device of its own";
    }
    return {};
}

// The cells that no board covers (`owner` says which board covers each), as
// a message; empty when every cell is covered.
std::string uncoveredCells(const std::vector<int>& owner, const Geometry& cells,
                           const std::string& file) {
    std::vector<std::string> uncovered;
    for (Cell c = 0; c < cells.size(); ++c) {
        if (cells.contains(c) && owner[static_cast<size_t>(c)] < 0)
            uncovered.push_back(cells.name(c));
    }
    if (uncovered.empty()) return {};
    std::string list;
    for (size_t i = 0; i < uncovered.size() && i < 8; ++i) list += (i ? ", " : "") + uncovered[i];
    if (uncovered.size() > 8) list += " and " + std::to_string(uncovered.size() - 8) + " more";
    // No one line is to blame: the file, then.
    return (file.empty() ? "" : file + ": ") + std::to_string(uncovered.size()) +
           " cells of the game are on no board (" + list +
           "); add a board or widen a board's squares";
}

}  // namespace

std::string checkLayout(const std::vector<BoardSetting>& boards, const Geometry& cells,
                        const std::string& file) {
    if (cells.size() == 0) {
        if (boards.empty()) return {};
        return whereIs(boards[0], true, file) +
               ": the game is played without boards; remove every board";
    }
    if (boards.empty())
        return "no board is configured; add a [board.NAME] section or give --board dgt:PATH or "
               "--board vboard:NAME";
    if (std::string shared = sharedDevice(boards, file); !shared.empty()) return shared;
    std::vector<int> owner(static_cast<size_t>(cells.size()), -1);
    for (size_t i = 0; i < boards.size(); ++i) {
        const BoardSetting& b = boards[i];
        for (int s = 0; s < 64; ++s) {
            if (!b.placement.used.test(static_cast<size_t>(s))) continue;
            Cell c = Surface::cellOf(cells, b.placement, s);
            if (c == NoCell) return whereIs(b, true, file) + offTheCells(b, cells, s);
            int& o = owner[static_cast<size_t>(c)];
            if (o >= 0) {
                return whereIs(b, true, file) + " overlaps " +
                       whereIs(boards[static_cast<size_t>(o)], false, file) + " at cell " +
                       cells.name(c) + "; move its origin or narrow its squares";
            }
            o = static_cast<int>(i);
        }
        if (std::string trouble = deviceTrouble(b); !trouble.empty())
            return whereIs(b, true, file) + trouble;
    }
    return uncoveredCells(owner, cells, file);
}

std::string squaresText(const std::bitset<64>& used) {
    if (used.all()) return "all";
    auto bit = [](int file, int rank) { return static_cast<size_t>((7 - rank) * 8 + file); };
    std::bitset<64> covered;
    std::string text;
    // Greedy rectangles from a1: as wide as the rank allows, then as high as
    // the whole width stays in use.
    for (int rank = 0; rank < 8; ++rank) {
        for (int file = 0; file < 8; ++file) {
            if (!used.test(bit(file, rank)) || covered.test(bit(file, rank))) continue;
            int lastFile = file;
            while (lastFile + 1 < 8 && used.test(bit(lastFile + 1, rank)) &&
                   !covered.test(bit(lastFile + 1, rank)))
                ++lastFile;
            int lastRank = rank;
            auto rowFree = [&](int r) {
                for (int f = file; f <= lastFile; ++f) {
                    if (!used.test(bit(f, r)) || covered.test(bit(f, r))) return false;
                }
                return true;
            };
            while (lastRank + 1 < 8 && rowFree(lastRank + 1)) ++lastRank;
            for (int r = rank; r <= lastRank; ++r) {
                for (int f = file; f <= lastFile; ++f) covered.set(bit(f, r));
            }
            text += (text.empty() ? "" : ", ") + cellName(file, rank);
            if (lastFile != file || lastRank != rank) text += "-" + cellName(lastFile, lastRank);
        }
    }
    return text;
}

std::string cellName(int file, int rank) {
    // Bijective base 26, as the engine names files: a..z, aa, ab, ...
    std::string letters;
    for (int n = file + 1; n > 0; n = (n - 1) / 26)
        letters.insert(letters.begin(), char('a' + (n - 1) % 26));
    return letters + std::to_string(rank + 1);
}

std::string gameCellsText(const BoardSetting& board, const Geometry& cells) {
    for (int s = 0; s < 64; ++s) {
        const Cell c = Surface::cellOf(cells, board.placement, s);
        if (c == NoCell) continue;
        const int turn = board.placement.rotation;
        return cellName(s % 8, 7 - s / 8) + ":" + cells.name(c) +
               (turn ? ":" + std::to_string(turn) : std::string());
    }
    return {};
}

std::string checkPlayerBoards(const std::vector<BoardSetting>& boards, const Geometry& cells,
                              int players) {
    if (static_cast<int>(boards.size()) != players)
        return "each player of a moderated game sits at a board of their own, and sees only "
               "their view on it: give " +
               std::to_string(players) +
               " boards, one per player in turn order, each covering "
               "every cell (" +
               std::to_string(boards.size()) + " given)";
    if (std::string shared = sharedDevice(boards, ""); !shared.empty()) return shared;
    for (const BoardSetting& board : boards) {
        if (std::string why = checkLayout({board}, cells); !why.empty())
            return "board " + board.name +
                   " is a player's own board and must cover every cell "
                   "by itself: " +
                   why;
    }
    return {};
}

}  // namespace arbiter
