#include "daemon/table/setup_guide.h"

#include <algorithm>

#include "daemon/announce/position_picture.h"
#include "daemon/referee/referee.h"
#include "daemon/table/board_orientation.h"
#include "engine/core/game.h"

namespace arbiter {

NamedFixes nameFixes(const std::vector<CellFix>& fixes, const Geometry& g, const Game& game,
                     size_t most, const CellPlaces* places) {
    ToldFixes told = tellFixes(fixes, g, &game, most, places);
    NamedFixes out{{}, told.words, std::move(told.steps)};
    for (size_t i = 0; i < told.words.size(); ++i) out.text += (i ? "; " : "") + told.words[i];
    if (fixes.size() > most)
        out.text += "; and " + std::to_string(fixes.size() - most) + " more squares";
    return out;
}

std::string SetupGuide::startSetup() const {
    // Players know some starts by heart (GameInfo::knownStart); a game of a
    // few pieces is told piece by piece.
    constexpr size_t kMostKindsTold = 6;
    const GameState& start = desk_.start();
    const Game& game = desk_.game();
    const auto cells = Referee::project(start);
    std::vector<std::pair<SetPiece, std::string>> groups;  // set piece, its squares
    for (Cell c = 0; c < static_cast<Cell>(cells.size()); ++c) {
        if (!cells[static_cast<size_t>(c)]) continue;
        const SetPiece piece = *cells[static_cast<size_t>(c)];
        auto group = std::find_if(groups.begin(), groups.end(),
                                  [&](const auto& g) { return g.first == piece; });
        if (group == groups.end()) group = groups.insert(groups.end(), {piece, ""});
        group->second += (group->second.empty() ? "" : ", ") + start.geometry().name(c);
    }
    const GameInfo* info = gameInfo(game.name());
    if (info && !info->knownStart.empty() && desk_.settings().session.start.empty())
        return " (" + info->knownStart + ")";
    if (groups.empty()) return ": every square empty";
    // Too many kinds to read out (Konfusion's six figures in two colours):
    // say where the whole of it is written.
    if (groups.size() > kMostKindsTold)
        return ": arbiterd with these options and --print-start prints each board's part of it";
    std::string text;
    for (const auto& [piece, squares] : groups)
        text += (text.empty() ? ": " : "; ") + lookName(game, piece) + " on " + squares;
    return text;
}

void SetupGuide::armHint() {
    if (hintTimer_.armed()) return;
    hintTimer_.after(desk_.settings().setupHintMs, [this] {
        if (desk_.playing()) return;
        tellSetup();
        armHint();
    });
}

bool SetupGuide::finalPositionLookedAt() const {
    if (!endedAt_ || !desk_.session()) return false;
    if (loop_.time().now() - *endedAt_ >= desk_.settings().finalPositionMs) return false;
    return Referee::fixesTo(desk_.session()->current(), surface_).empty();
}

void SetupGuide::tellSetup() {
    // Without boards there is nothing to set up (and no board to turn).
    if (!surface_.allKnown() || surface_.boardCount() == 0) return;
    if (finalPositionLookedAt()) return;
    endedAt_.reset();  // once the pieces move, setting up has begun
    // The fewest fixes over the ways the board may stand: a board set up the
    // other way round is told in its own terms.
    const GameState& start = desk_.start();
    const int original = surface_.placement(0).rotation;
    std::vector<CellFix> fixes;
    int best = original;
    for (int rotation : rotationsToTry(surface_, desk_.settings().boards)) {
        surface_.setRotation(0, rotation);
        auto these = Referee::fixesTo(start, surface_);
        if (fixes.empty() || these.size() < fixes.size()) {
            fixes = std::move(these);
            best = rotation;
        }
    }
    // Lit on the board the way it stands, as the fixes are named.
    surface_.setRotation(0, best);
    lights_.light(fixes);
    surface_.setRotation(0, original);
    if (fixes.empty()) return;
    const auto [text, named, steps] =
        nameFixes(fixes, start.geometry(), desk_.game(), kFixesNamed, &desk_.places());
    const Millis now = loop_.time().now();
    if (text == told_ && now - toldAt_ < desk_.settings().setupRepeatMs) return;
    told_ = text;
    toldAt_ = now;
    out_.announce(
        {AnnouncementType::Setup,
         "Still to set up the start position of " + desk_.game().name() + ": " + text + ".",
         {{"fixes", named}, {"fixSteps", steps}, {"count", fixes.size()}}});
}

bool SetupGuide::tellResumedSetup() {
    const GameState& now = desk_.session()->current();
    const auto fixes = Referee::fixesTo(now, surface_);
    lights_.light(fixes);
    const auto [text, named, steps] =
        nameFixes(fixes, now.geometry(), desk_.game(), kFixesNamed, &desk_.places());
    if (text == told_) return false;
    // The whole position the first time, as a picture to set it up from.
    std::string shown;
    if (told_.empty()) {
        shown = " The position:";
        for (const std::string& line : positionPicture(now)) shown += "\n" + line;
    }
    told_ = text;
    out_.announce({AnnouncementType::Setup,
                   "Set up the position of the resumed game: " + text + "." + shown,
                   {{"fixes", named}, {"fixSteps", steps}, {"count", fixes.size()}}});
    return true;
}

void SetupGuide::gameOn() {
    hintTimer_.cancel();
    told_.clear();
    endedAt_.reset();
}

void SetupGuide::gameOver() {
    endedAt_ = loop_.time().now();
}

}  // namespace arbiter
