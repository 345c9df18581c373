// csipgs Chess board moves: where each piece may go, check against a player's
// only royal piece, and the perft over board moves that compares our rules
// with other variant engines. Without relay all of it works on sets of squares
// (kind_attacks.h); relay, where a move can lend a piece new powers, tries
// each move on a copy of the board instead.
#include <bit>
#include <cassert>
#include <cstdlib>

#include "engine/csipgs/csipgs.h"

namespace arbiter::csipgs {

namespace {

PlayerId other(PlayerId p) {
    return 1 - p;
}

// The square (df, dr) away on the 8x8 board, or NoCell.
inline Cell stepOnBoard(Cell from, int df, int dr) {
    const int f = from % 8 + df, r = from / 8 + dr;
    return f >= 0 && f < 8 && r >= 0 && r < 8 ? r * 8 + f : NoCell;
}

}  // namespace

uint64_t CsipgsState::MoveList::count() const {
    uint64_t n = 0;
    for (int i = 0; i < size; ++i)
        n += static_cast<uint64_t>(std::popcount(pieces[static_cast<size_t>(i)].to));
    return n;
}

int CsipgsState::royals(PlayerId p) const {
    return royals(board_, p);
}

int CsipgsState::royals(const Board& b, PlayerId p) const {
    return std::popcount(b.royal & b.pieces[static_cast<size_t>(p)]);
}

Cell CsipgsState::royalCell(const Board& b, PlayerId p) const {
    const Squareset mine = b.royal & b.pieces[static_cast<size_t>(p)];
    return std::popcount(mine) == 1 ? lowest(mine) : NoCell;
}

bool CsipgsState::reaches(const Board& b, int kindId, PlayerId p, Cell from, Cell to,
                          bool capturing) const {
    if (impassable(to)) return false;
    const int dx = to % 8 - from % 8;
    const int dy = to / 8 - from / 8;
    for (const Step& s : kind(kindId).steps) {
        if (!(capturing ? s.capture : s.move)) continue;
        const int df = s.df, dr = p == 0 ? s.dr : -s.dr;  // Black mirrors the ranks
        if (!s.ride) {
            if (dx == df && dy == dr) return true;
            continue;
        }
        const int k = df != 0 ? dx / df : dy / dr;
        if (k < 1 || dx != k * df || dy != k * dr) continue;
        bool clear = true;
        for (int i = 1; i < k && clear; ++i) {
            Cell between = from + i * (dr * 8 + df);  // on the board: k steps fit
            clear = b.kindAt(between) < 0 && !impassable(between);
        }
        if (clear) return true;
    }
    return false;
}

CsipgsState::Powers CsipgsState::powersOf(const Board& b, Cell c) const {
    Powers powers;
    powers.kinds[0] = static_cast<int8_t>(b.kindAt(c));
    powers.count = 1;
    if (!rules_.relay) return powers;
    const PlayerId p = b.ownerAt(c);
    for (Squareset mine = b.pieces[static_cast<size_t>(p)]; mine;) {
        const Cell r = popLowest(mine);
        const int k = b.kindAt(r);
        if (r == c || !kind(k).design.relay()) continue;
        // A relay piece defends c when it could take an enemy standing there.
        if (reaches(b, k, p, r, c, true) && powers.count < static_cast<int>(powers.kinds.size()))
            powers.kinds[static_cast<size_t>(powers.count++)] = static_cast<int8_t>(k);
    }
    return powers;
}

bool CsipgsState::attacked(const Board& b, Cell c, PlayerId by) const {
    const Squareset blockers = b.occupied() | rules_.impassable;
    for (Squareset theirs = b.pieces[static_cast<size_t>(by)]; theirs;) {
        const Cell from = popLowest(theirs);
        if (!rules_.relay) {
            if (kind(b.kindAt(from)).attacks.captures(by, from, blockers, rules_.impassable) &
                bit(c))
                return true;
            continue;
        }
        Powers powers = powersOf(b, from);
        for (int i = 0; i < powers.count; ++i) {
            if (reaches(b, powers.kinds[static_cast<size_t>(i)], by, from, c, true)) return true;
        }
    }
    return false;
}

bool CsipgsState::attacked(Cell c, PlayerId by) const {
    return attacked(board_, c, by);
}

bool CsipgsState::inCheck(PlayerId p) const {
    for (Squareset mine = board_.royal & board_.pieces[static_cast<size_t>(p)]; mine;) {
        if (attacked(popLowest(mine), other(p))) return true;
    }
    return false;
}

void CsipgsState::legalMoves(const Board& b, PlayerId p, MoveList& out, Legality how) const {
    out.size = 0;
    if (rules_.relay || how == Legality::ByTrial)
        legalMovesByTrial(b, p, out);
    else
        legalMovesBySets(b, p, out);
}

void CsipgsState::findThreats(const Board& b, PlayerId p, Cell royal, Threats& t) const {
    const PlayerId them = other(p);
    const Squareset ours = b.pieces[static_cast<size_t>(p)];
    const Squareset blockers = b.occupied() | rules_.impassable;
    Squareset checkers = 0;
    for (Squareset left = b.pieces[static_cast<size_t>(them)]; left;) {
        const Cell from = popLowest(left);
        const KindAttacks& k = kind(b.kindAt(from)).attacks;
        // With the royal lifted off the board, so that it cannot step back
        // along a line it stands on.
        const Squareset reach = k.captures(them, from, blockers & ~bit(royal), rules_.impassable);
        t.danger |= reach;
        if (reach & bit(royal)) checkers |= bit(from);
        for (uint16_t dirs = k.rideCapture[static_cast<size_t>(them)]; dirs;
             dirs &= static_cast<uint16_t>(dirs - 1)) {
            const int d = std::countr_zero(dirs);
            if (!(ray(d, from) & bit(royal))) continue;
            const Squareset line = between(d, from, royal);
            const Squareset inTheWay = line & blockers;
            if (std::popcount(inTheWay) != 1 || !(inTheWay & ours)) continue;
            t.pinned |= inTheWay;
            t.pinLine[static_cast<size_t>(lowest(inTheWay))] = line | bit(from);
        }
    }
    // Out of check anything goes; in check, capture the checker, or stand in
    // its line when it checks by riding and not by a leap. Only the royal
    // can answer two checks.
    if (std::popcount(checkers) > 1) {
        t.answers = 0;
    } else if (checkers) {
        const Cell checker = lowest(checkers);
        const KindAttacks& k = kind(b.kindAt(checker)).attacks;
        t.answers = checkers;
        if (k.leapCapture[static_cast<size_t>(them)][static_cast<size_t>(checker)] & bit(royal))
            return;
        for (uint16_t dirs = k.rideCapture[static_cast<size_t>(them)]; dirs;
             dirs &= static_cast<uint16_t>(dirs - 1)) {
            const int d = std::countr_zero(dirs);
            if (ray(d, checker) & bit(royal)) t.answers |= between(d, checker, royal);
        }
    }
}

void CsipgsState::legalMovesBySets(const Board& b, PlayerId p, MoveList& out) const {
    const Squareset ours = b.pieces[static_cast<size_t>(p)];
    const Squareset enemies = b.pieces[static_cast<size_t>(other(p))];
    const Squareset blockers = ours | enemies | rules_.impassable;
    // Only a player with exactly one royal must not leave it attacked.
    const Cell royal = royalCell(b, p);
    Threats threats;  // none without a royal to guard
    if (royal != NoCell) findThreats(b, p, royal, threats);
    // In the order of the squares, as every list of moves is.
    for (Squareset left = ours; left;) {
        const Cell from = popLowest(left);
        Squareset to =
            kind(b.kindAt(from)).attacks.targets(p, from, blockers, enemies, rules_.impassable);
        if (from == royal) {
            to &= ~threats.danger;
        } else {
            to &= threats.answers;
            if (threats.pinned & bit(from)) to &= threats.pinLine[static_cast<size_t>(from)];
        }
        if (to) out.pieces[static_cast<size_t>(out.size++)] = {from, to};
    }
}

void CsipgsState::legalMovesByTrial(const Board& b, PlayerId p, MoveList& out) const {
    const Cell royal = royalCell(b, p);
    for (Squareset mine = b.pieces[static_cast<size_t>(p)]; mine;) {
        const Cell from = popLowest(mine);
        Squareset targets = 0;
        Powers powers = powersOf(b, from);
        for (int i = 0; i < powers.count; ++i) {
            for (const Step& s : kind(powers.kinds[static_cast<size_t>(i)]).steps) {
                const int df = s.df, dr = p == 0 ? s.dr : -s.dr;
                Cell to = stepOnBoard(from, df, dr);
                while (to != NoCell && !impassable(to)) {
                    const PlayerId owner = b.ownerAt(to);
                    if (owner == NoPlayer) {
                        if (s.move) targets |= bit(to);
                    } else {
                        if (owner != p && s.capture) targets |= bit(to);
                        break;
                    }
                    if (!s.ride) break;
                    to = stepOnBoard(to, df, dr);
                }
            }
        }
        // Only a player with exactly one royal must not leave it attacked.
        for (Squareset left = royal == NoCell ? 0 : targets; left;) {
            const Cell to = popLowest(left);
            Board after = b;
            after.move(from, to);
            if (attacked(after, royalCell(after, p), other(p))) targets &= ~bit(to);
        }
        if (targets) out.pieces[static_cast<size_t>(out.size++)] = {from, targets};
    }
}

void CsipgsState::addMoves(const Board& b, PlayerId p, std::vector<Action>& out) const {
    MoveList moves;
    legalMoves(b, p, moves);
    for (int i = 0; i < moves.size; ++i) {
        const PieceMoves& piece = moves.pieces[static_cast<size_t>(i)];
        for (Squareset to = piece.to; to;) out.push_back(Action::move(piece.from, popLowest(to)));
    }
}

std::vector<Action> CsipgsState::legalMoves() const {
    std::vector<Action> moves;
    if (royals(toMove_) > 0 && royals(other(toMove_)) > 0) addMoves(board_, toMove_, moves);
    return moves;
}

uint64_t CsipgsState::perftMoves(const Board& b, PlayerId p, int depth, Legality how) const {
    MoveList moves;
    legalMoves(b, p, moves, how);
    if (depth == 1) return moves.count();
    uint64_t nodes = 0;
    for (int i = 0; i < moves.size; ++i) {
        const PieceMoves& piece = moves.pieces[static_cast<size_t>(i)];
        for (Squareset to = piece.to; to;) {
            Board next = b;
            next.move(piece.from, popLowest(to));
            nodes += perftMoves(next, other(p), depth - 1, how);
        }
    }
    return nodes;
}

std::vector<std::pair<Action, uint64_t>> CsipgsState::perftMovesOnlyDivide(int depth) const {
    std::vector<std::pair<Action, uint64_t>> counts;
    if (depth < 1) return counts;
    for (const Action& m : legalMoves()) {
        Board next = board_;
        next.move(m.from, m.to);
        counts.emplace_back(
            m, depth == 1 ? 1 : perftMoves(next, other(toMove_), depth - 1, Legality::Fastest));
    }
    return counts;
}

uint64_t CsipgsState::perftMovesOnly(int depth, Legality how) const {
    if (depth == 0) return 1;
    if (royals(toMove_) == 0 || royals(other(toMove_)) == 0) return 0;
    return perftMoves(board_, toMove_, depth, how);
}

}  // namespace arbiter::csipgs
