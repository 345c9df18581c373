#include "daemon/referee/result_signal.h"

#include <array>
#include <string_view>

namespace arbiter {

std::optional<Outcome> resultSignalled(const GameState& state, const Surface& surface) {
    if (!surface.allKnown() || state.playerCount() != 2) return std::nullopt;
    const Geometry& g = state.geometry();
    struct Centre {
        std::string_view name;
        bool light;
    };
    constexpr std::array<Centre, 4> kCentre{
        {{"d4", false}, {"d5", true}, {"e4", true}, {"e5", false}}};
    // Where each king stands on the surface: on a centre square, and nowhere else.
    std::optional<bool> whiteLight, blackLight;
    std::array<Cell, 2> placed{NoCell, NoCell};
    for (const Centre& centre : kCentre) {
        const auto cell = g.parse(centre.name);
        if (!cell) return std::nullopt;
        if (surface.sensing(*cell) != Sensing::ColourAndKind) return std::nullopt;
        const Appearance& shown = surface.cell(*cell).content;
        if (!shown || shown->figure != Figure::King) continue;
        auto& side = shown->colour == SetColour::White ? whiteLight : blackLight;
        if (side) return std::nullopt;  // two kings of one colour: no signal
        side = centre.light;
        placed[shown->colour == SetColour::White ? 0 : 1] = *cell;
    }
    if (!whiteLight || !blackLight) return std::nullopt;
    // Everything else as the game stands: the kings' own squares empty (unless
    // a king was put back on one of them) and every other cell unchanged.
    for (Cell c = 0; c < g.size(); ++c) {
        if (!g.contains(c) || c == placed[0] || c == placed[1]) continue;
        Appearance wanted = state.appearance(c);
        if (wanted && wanted->figure == Figure::King) wanted.reset();
        if (surface.cell(c).content != wanted) return std::nullopt;
    }
    if (*whiteLight && *blackLight) return Outcome::win({0}, "result signalled on the board");
    if (!*whiteLight && !*blackLight) return Outcome::win({1}, "result signalled on the board");
    return Outcome::draw("result signalled on the board");
}

}  // namespace arbiter
