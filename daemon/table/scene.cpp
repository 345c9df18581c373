#include "daemon/table/scene.h"

#include <algorithm>
#include <string>

namespace arbiter {

namespace {

// A board square's name as it is printed on the board: 0 is a8, 63 is h1.
std::string squareName(int square) {
    return {static_cast<char>('a' + square % 8), static_cast<char>('1' + 7 - square / 8)};
}

nlohmann::json cellEntry(const Geometry& g, Cell c) {
    return {{"cell", g.name(c)}, {"file", g.file(c)}, {"rank", g.rank(c)}};
}

nlohmann::json pieceEntry(const GameState& shown, const Game& game, Cell c, SetPiece look) {
    nlohmann::json piece = {{"letter", std::string(1, letter(look))},
                            {"colour", words(look.colour)},
                            {"figure", words(look.figure)},
                            {"name", lookName(game, look)}};
    if (const auto p = shown.pieceAt(c); p && p->owner != NoPlayer) piece["owner"] = p->owner;
    return piece;
}

nlohmann::json grid(const Geometry& g, nlohmann::json cells) {
    return {{"files", g.files()},
            {"ranks", g.ranks()},
            {"ring", g.wrapsRanks()},
            {"cells", std::move(cells)}};
}

}  // namespace

nlohmann::json sceneCells(const GameState& shown, const Game& game, const View* seenBy) {
    const Geometry& g = shown.geometry();
    const std::vector<Cell> marked = markedCells(shown);
    nlohmann::json cells = nlohmann::json::array();
    for (Cell c = 0; c < g.size(); ++c) {
        if (!g.contains(c)) continue;
        nlohmann::json cell = cellEntry(g, c);
        if (seenBy && seenBy->knowsImpassable(c)) {
            cell["impassable"] = true;
            cells.push_back(std::move(cell));
            continue;
        }
        if (seenBy && !seenBy->sees(c)) {
            cell["hidden"] = true;
            cells.push_back(std::move(cell));
            continue;
        }
        if (const Appearance look = shown.appearance(c))
            cell["piece"] = pieceEntry(shown, game, c, *look);
        if (std::binary_search(marked.begin(), marked.end(), c)) cell["marked"] = true;
        cells.push_back(std::move(cell));
    }
    return grid(g, std::move(cells));
}

nlohmann::json hiddenSceneCells(const Geometry& g) {
    // No cell is named: what everyone may see names no square at all, so
    // that no name in it can be read as telling where something is.
    nlohmann::json scene = grid(g, nlohmann::json::array());
    scene["hidden"] = true;
    return scene;
}

nlohmann::json sceneBoardSquares(const BoardPlacement& placement, const Geometry& cells) {
    nlohmann::json squares = nlohmann::json::array();
    for (int s = 0; s < 64; ++s) {
        const auto [file, rank] = placement.coordinatesOf(s);
        nlohmann::json square = {{"square", squareName(s)}, {"file", file}, {"rank", rank}};
        if (const Cell c = Surface::cellOf(cells, placement, s); c != NoCell)
            square["cell"] = cells.name(c);
        squares.push_back(std::move(square));
    }
    return squares;
}

nlohmann::json sceneActionCells(const Action& a, const Geometry& cells) {
    nlohmann::json names = nlohmann::json::array();
    auto add = [&](Cell c) {
        if (!cells.contains(c)) return;
        const std::string name = cells.name(c);
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    };
    add(a.from);
    for (Cell c : a.path) add(c);
    add(a.to);
    return names;
}

nlohmann::json sceneFixes(const std::vector<CellFix>& fixes, const Geometry& cells,
                          const Game& game, const CellPlaces* places) {
    nlohmann::json steps = nlohmann::json::array();
    for (const CellFix& fix : fixes) {
        const FixStep step = fixStep(fix, cells, &game, places);
        nlohmann::json data = fixStepData(step);
        data["text"] = describeFix(step);
        steps.push_back(std::move(data));
    }
    return steps;
}

}  // namespace arbiter
