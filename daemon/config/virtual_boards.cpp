// The boards a game is laid on when the configuration names none: one board
// under a small game (--board), and the virtual boards --print-config writes to
// cover any surface (declared in configuration.h).
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "daemon/config/configuration.h"
#include "daemon/table/board_layout.h"
#include "engine/core/game.h"
#include "engine/core/geometry.h"

namespace arbiter {

std::optional<BoardPlacement> defaultPlacement(const Geometry& cells) {
    if (cells.files() > 8 || cells.ranks() > 8 || cells.wrapsRanks()) return std::nullopt;
    BoardPlacement p;
    p.used.reset();
    for (int s = 0; s < 64; ++s) {
        int f = s % 8, r = 7 - s / 8;
        if (f < cells.files() && r < cells.ranks()) p.used.set(static_cast<size_t>(s));
    }
    return p;
}

namespace {

// One board's share of a line of cells (files, or ranks): the cells from
// `start` on, `width` of them, shown by the board's squares from `boardStart`
// (0 = its file a or rank 1) on.
struct Share {
    int start = 0;
    int width = 0;
    int boardStart = 0;
};

// A line of `cells` shared out among as few boards of 8 as will do. One board
// gives its first squares. Of more, the inner ones give all 8 and the first and
// last split the rest (the first the larger half): the first gives its last
// squares and the last its first ones, so that the shares meet, and a surface
// smaller than the boards lies in the middle of them.
std::vector<Share> sharesOf(int cells) {
    int boards = (cells + 7) / 8;
    if (boards <= 1) return boards == 1 ? std::vector<Share>{{0, cells, 0}} : std::vector<Share>{};
    int rest = cells - 8 * (boards - 2);
    std::vector<Share> shares;
    int start = 0;
    for (int i = 0; i < boards; ++i) {
        int width = i == 0 ? (rest + 1) / 2 : i == boards - 1 ? rest / 2 : 8;
        shares.push_back({start, width, i == 0 ? 8 - width : 0});
        start += width;
    }
    return shares;
}

}  // namespace

std::vector<BoardSetting> virtualBoardsCovering(const Geometry& cells) {
    std::vector<BoardSetting> boards;
    auto across = sharesOf(cells.files());
    // A ring (Möbiatus's two faces) is cut into its two halves, each up a
    // column of its own: players lay the columns side by side, so that the far
    // face of a cell is at the same height in the other column and a piece
    // leaving the top of one column goes on at the bottom of the other.
    std::vector<Share> up;
    int half = cells.wrapsRanks() ? (cells.ranks() + 1) / 2 : cells.ranks();
    for (int start = 0; start < cells.ranks(); start += half) {
        for (Share share : sharesOf(std::min(half, cells.ranks() - start))) {
            share.start += start;
            up.push_back(share);
        }
    }
    for (const Share& ranks : up) {
        for (const Share& files : across) {
            BoardSetting b;
            b.placement.originFile = files.start - files.boardStart;
            b.placement.originRank = ranks.start - ranks.boardStart;
            b.placement.used.reset();
            for (int s = 0; s < 64; ++s) {
                // Only the board's share, so that a ring's last boards do not
                // reach round onto its first ones.
                int f = s % 8 - files.boardStart, r = 7 - s / 8 - ranks.boardStart;
                if (f >= 0 && f < files.width && r >= 0 && r < ranks.width &&
                    cells.cell(files.start + f, ranks.start + r) != NoCell)
                    b.placement.used.set(static_cast<size_t>(s));
            }
            if (b.placement.used.none()) continue;
            b.name = across.size() * up.size() == 1 ? "main" : cellName(files.start, ranks.start);
            b.placement.name = b.name;
            std::string unused;
            b.device = *DeviceSpec::parse("vboard:" + b.name, unused);
            boards.push_back(b);
        }
    }
    return boards;
}

std::vector<BoardSetting> virtualBoardsFor(const GameState& start, const std::string& protocol) {
    std::vector<BoardSetting> boards = virtualBoardsCovering(start.geometry());
    if (start.hidden() && boards.size() == 1) {
        const BoardSetting one = boards.front();
        boards.clear();
        for (PlayerId p = 0; p < start.playerCount(); ++p) {
            BoardSetting board = one;
            board.name = start.playerName(p);
            for (char& ch : board.name) ch = static_cast<char>(std::tolower(ch));
            board.placement.name = board.name;
            boards.push_back(board);
        }
    }
    // The protocol was checked when it was read (--vboard-protocol).
    std::string unused;
    for (BoardSetting& board : boards)
        board.device = *DeviceSpec::virtualBoard(board.name, protocol, unused);
    return boards;
}

}  // namespace arbiter
