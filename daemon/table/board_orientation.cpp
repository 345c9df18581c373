#include "daemon/table/board_orientation.h"

#include <spdlog/spdlog.h>

#include "daemon/referee/referee.h"

namespace arbiter {

std::vector<int> rotationsToTry(const Surface& surface, const std::vector<BoardSetting>& boards) {
    if (surface.boardCount() == 0) return {};
    int configured = surface.placement(0).rotation;
    if (boards.size() == 1 && !boards[0].rotationGiven)
        return {configured, (configured + 180) % 360};
    return {configured};
}

bool orientTo(Surface& surface, const std::vector<BoardSetting>& boards, const GameState& target) {
    // No board to turn, and no cell that could differ.
    if (surface.boardCount() == 0) return true;
    int original = surface.placement(0).rotation;
    for (int rotation : rotationsToTry(surface, boards)) {
        surface.setRotation(0, rotation);
        if (Referee().judge(target, nullptr, surface).kind == Verdict::Kind::Settled) {
            if (rotation != original)
                spdlog::info("the board stands turned round ({} degrees); turning it in software",
                             rotation);
            return true;
        }
    }
    surface.setRotation(0, original);
    return false;
}

void orientToGame(Surface& surface, const std::vector<BoardSetting>& boards,
                  const Session& session) {
    if (surface.boardCount() == 0) return;  // no board to turn
    // One way round to try is no choice: a judgement here would only repeat
    // the one that follows (with a search for moves made meanwhile, which on
    // boards showing another position is the longest the table ever judges).
    const std::vector<int> rotations = rotationsToTry(surface, boards);
    if (rotations.size() < 2) return;
    int original = surface.placement(0).rotation;
    bool explained = false;
    for (int rotation : rotations) {
        surface.setRotation(0, rotation);
        auto kind = Referee().judge(session.current(), session.previous(), surface, 2).kind;
        explained = kind != Verdict::Kind::Illegal && kind != Verdict::Kind::Ambiguous;
        if (explained) break;
    }
    if (!explained) surface.setRotation(0, original);
}

}  // namespace arbiter
