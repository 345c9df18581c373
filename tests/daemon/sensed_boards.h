#pragma once

#include <cassert>
#include <string>
#include <vector>

#include "daemon/referee/surface.h"
#include "engine/core/game.h"

namespace arbiter::testing {

// 8x8 boards laid side by side over a game's cells (its files and ranks are
// multiples of 8), reporting square by square as real boards do. Tests name
// cells ("e4"); this finds the board and square. What the sparse referee must
// get right is the surface followed one event at a time, so tests drive it
// with the same events a table receives.
class SensedBoards {
  public:
    SensedBoards(const Geometry& g, Sensing sensing)
        : geometry_(g), surface_(g, placements(g, sensing)) {
        assert(g.files() % 8 == 0 && g.ranks() % 8 == 0);
    }

    Surface& surface() { return surface_; }
    const Geometry& geometry() const { return geometry_; }
    Cell cell(const std::string& name) const {
        auto c = geometry_.parse(name);
        assert(c);
        return *c;
    }

    // Every board sends a whole dump showing `state`, and the position counts
    // as agreed (the table marks the surface still when a game begins).
    void show(const GameState& state) {
        for (int b = 0; b < surface_.boardCount(); ++b) {
            BoardSquares squares{};
            for (int s = 0; s < 64; ++s) {
                Cell c = Surface::cellOf(geometry_, surface_.placement(b), s);
                if (c != NoCell) squares[static_cast<size_t>(s)] = state.appearance(c);
            }
            surface_.boardDump(b, squares, ++now_);
        }
        surface_.markStill();
    }
    void lift(const std::string& name) { report(cell(name), std::nullopt); }
    // On an occupancy board any piece will do: it senses only that something is there.
    void put(const std::string& name, SetPiece piece = {SetColour::White, Figure::Pawn}) {
        report(cell(name), piece);
    }
    void report(Cell c, Appearance content) {
        auto [board, square] = where(c);
        surface_.squareChanged(board, square, content, ++now_);
    }
    // Board `b` goes away; what happens on it meanwhile it keeps to itself
    // until it comes back with a whole dump.
    void lose(int b) { surface_.boardLost(b, ++now_); }
    void comeBack(int b, const BoardSquares& squares) { surface_.boardDump(b, squares, ++now_); }
    std::pair<int, int> where(Cell c) const {
        int across = geometry_.files() / 8;
        int f = geometry_.file(c), r = geometry_.rank(c);
        return {f / 8 + across * (r / 8), (7 - r % 8) * 8 + f % 8};
    }

  private:
    static std::vector<BoardPlacement> placements(const Geometry& g, Sensing sensing) {
        std::vector<BoardPlacement> boards;
        int across = g.files() / 8;
        for (int b = 0; b < across * (g.ranks() / 8); ++b)
            boards.push_back(
                {"board" + std::to_string(b + 1), 8 * (b % across), 8 * (b / across), 0, sensing});
        return boards;
    }

    Geometry geometry_;
    Surface surface_;
    Millis now_ = 0;
};

}  // namespace arbiter::testing
