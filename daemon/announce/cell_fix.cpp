#include "daemon/announce/cell_fix.h"

#include <array>
#include <string_view>
#include <utility>

namespace arbiter {

namespace {

// The names of a step's parts in its data: one table each.
constexpr std::array<std::pair<FixStep::Do, std::string_view>, 4> kDoNames{{
    {FixStep::Do::TakeOff, "take-off"},
    {FixStep::Do::Put, "put"},
    {FixStep::Do::Replace, "replace"},
    {FixStep::Do::Exchange, "exchange"},
}};
constexpr std::array<std::pair<FixStep::ViewChange, std::string_view>, 5> kViewChangeNames{{
    {FixStep::ViewChange::Appeared, "appeared"},
    {FixStep::ViewChange::OutOfSight, "out-of-sight"},
    {FixStep::ViewChange::Gone, "gone"},
    {FixStep::ViewChange::Became, "became"},
    {FixStep::ViewChange::Captured, "captured"},
}};

template <typename Enum, size_t N>
std::string nameIn(const std::array<std::pair<Enum, std::string_view>, N>& names, Enum value) {
    for (const auto& [named, name] : names) {
        if (named == value) return std::string(name);
    }
    return {};
}

NamedPiece named(SetPiece piece, const Game* game) {
    return {piece, game ? lookName(*game, piece) : words(piece)};
}

nlohmann::json pieceData(const NamedPiece& p) {
    return {{"colour", words(p.piece.colour)}, {"figure", words(p.piece.figure)}, {"name", p.name}};
}

// A cell as it is said: "k5 (board B c5)" on a table of several boards.
std::string cellSaid(const std::string& cell, const std::optional<CellPlace>& place) {
    if (!place) return cell;
    return cell + " (" + place->board + " " + place->square + ")";
}

std::string cellSaid(const FixStep& step) {
    return cellSaid(step.cell, step.place);
}

// "the white pawn on c3 is another piece than the one that belongs there:
// exchange it for the one on e3".
std::string describeExchange(const FixStep& step) {
    const std::string piece = step.sensed ? step.sensed->name : std::string("piece");
    std::string said = "the " + piece + " on " + cellSaid(step) +
                       " is another piece than the one that belongs there";
    if (!step.rightPieceCell) return said + ": put the right one there";
    const std::string right = cellSaid(*step.rightPieceCell, step.rightPiecePlace);
    if (step.rightPieceStandsThere) return said + ": exchange it for the one on " + right;
    return said + ": put the one from " + right + " there";
}

// How a view's change is worded: the change first, then what to do about it.
std::string describeViewChange(const FixStep& step) {
    const std::string cell = cellSaid(step);
    switch (*step.change) {
        case FixStep::ViewChange::Appeared:
            return "a piece appeared on " + cell + ": put a " + step.wanted->name + " there";
        case FixStep::ViewChange::OutOfSight:
            return cell + " is out of your sight now: take its piece off";
        case FixStep::ViewChange::Gone:
            return "the piece on " + cell + " is gone: take it off";
        case FixStep::ViewChange::Captured:
            return "your " + (step.sensed ? step.sensed->name : std::string("piece")) + " on " +
                   cell + " was captured: take it off";
        case FixStep::ViewChange::Became:
            return "the piece on " + cell + " is now a " + step.wanted->name +
                   ": put one there in place of the " + step.sensed->name;
    }
    return {};
}

}  // namespace

FixStep fixStep(const CellFix& fix, const Geometry& g, const Game* game, const CellPlaces* places) {
    FixStep step;
    step.cell = g.name(fix.cell);
    if (const CellPlace* place = places ? places->of(fix.cell) : nullptr) step.place = *place;
    if (fix.rightPiece && fix.wanted) {
        step.what = FixStep::Do::Exchange;
        // A board that reads tags but not colour and kind sees the wanted look.
        step.sensed = named(
            fix.sensing == Sensing::Occupancy ? *fix.wanted : fix.sensed.value_or(*fix.wanted),
            game);
        step.wanted = named(*fix.wanted, game);
        if (fix.rightPiece->cell != NoCell) {
            step.rightPieceCell = g.name(fix.rightPiece->cell);
            if (const CellPlace* place = places ? places->of(fix.rightPiece->cell) : nullptr)
                step.rightPiecePlace = *place;
            step.rightPieceStandsThere = fix.rightPiece->standsThere;
        }
        return step;
    }
    if (!fix.wanted) {
        step.what = FixStep::Do::TakeOff;
        // A board that senses only occupancy does not know which piece it sees.
        if (fix.sensed && fix.sensing != Sensing::Occupancy) step.sensed = named(*fix.sensed, game);
        return step;
    }
    step.wanted = named(*fix.wanted, game);
    if (!fix.sensed) {
        step.what = FixStep::Do::Put;
        return step;
    }
    step.what = FixStep::Do::Replace;
    step.sensed = named(*fix.sensed, game);
    return step;
}

std::string describeFix(const FixStep& step) {
    if (step.change) return describeViewChange(step);
    const std::string cell = cellSaid(step);
    switch (step.what) {
        case FixStep::Do::TakeOff:
            // No piece to name: the board cannot tell which, or none was sensed.
            if (!step.sensed) return "take the piece off " + cell;
            return "take the " + step.sensed->name + " off " + cell;
        case FixStep::Do::Put:
            return "put a " + step.wanted->name + " on " + cell;
        case FixStep::Do::Replace:
            return "replace the " + step.sensed->name + " on " + cell + " by a " +
                   step.wanted->name;
        case FixStep::Do::Exchange:
            return describeExchange(step);
    }
    return {};
}

std::string describeFix(const CellFix& fix, const Geometry& g, const Game* game) {
    return describeFix(fixStep(fix, g, game));
}

nlohmann::json fixStepData(const FixStep& step) {
    nlohmann::json data = {{"cell", step.cell}, {"do", nameIn(kDoNames, step.what)}};
    if (step.sensed) data["sensed"] = pieceData(*step.sensed);
    if (step.wanted) data["wanted"] = pieceData(*step.wanted);
    if (step.change) data["change"] = nameIn(kViewChangeNames, *step.change);
    if (step.place) {
        data["board"] = step.place->board;
        data["square"] = step.place->square;
    }
    if (step.rightPieceCell) {
        nlohmann::json right = {{"cell", *step.rightPieceCell},
                                {"standsThere", step.rightPieceStandsThere}};
        if (step.rightPiecePlace) {
            right["board"] = step.rightPiecePlace->board;
            right["square"] = step.rightPiecePlace->square;
        }
        data["rightPiece"] = right;
    }
    return data;
}

std::optional<FixStep::Do> fixStepDoNamed(std::string_view name) {
    for (const auto& [what, named] : kDoNames) {
        if (named == name) return what;
    }
    return std::nullopt;
}

void ToldFixes::add(const FixStep& step) {
    words.push_back(describeFix(step));
    steps.push_back(fixStepData(step));
}

ToldFixes tellFixes(const std::vector<CellFix>& fixes, const Geometry& g, const Game* game,
                    size_t most, const CellPlaces* places) {
    ToldFixes told;
    for (size_t i = 0; i < fixes.size() && i < most; ++i)
        told.add(fixStep(fixes[i], g, game, places));
    return told;
}

}  // namespace arbiter
