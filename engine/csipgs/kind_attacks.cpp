#include "engine/csipgs/kind_attacks.h"

#include <cassert>

namespace arbiter::csipgs {

int rideDirectionOf(int df, int dr) {
    for (int d = 0; d < kRideDirections; ++d) {
        if (kRideDirection[static_cast<size_t>(d)].df == df &&
            kRideDirection[static_cast<size_t>(d)].dr == dr)
            return d;
    }
    return -1;
}

KindAttacks KindAttacks::of(const std::vector<Step>& steps, Squareset impassable) {
    KindAttacks k;
    for (size_t side = 0; side < 2; ++side) {
        for (const Step& s : steps) {
            const int df = s.df, dr = side == 0 ? s.dr : -s.dr;  // Black mirrors the ranks
            if (s.ride) {
                const int d = rideDirectionOf(df, dr);
                assert(d >= 0);  // Design::steps() rides along unit vectors only
                const uint16_t flag = static_cast<uint16_t>(1u << d);
                if (s.move) k.rideMove[side] |= flag;
                if (s.capture) k.rideCapture[side] |= flag;
                continue;
            }
            for (Cell from = 0; from < 64; ++from) {
                const int f = from % 8 + df, r = from / 8 + dr;
                if (f < 0 || f >= 8 || r < 0 || r >= 8) continue;
                const Squareset to = bit(r * 8 + f) & ~impassable;
                if (s.move) k.leapMove[side][static_cast<size_t>(from)] |= to;
                if (s.capture) k.leapCapture[side][static_cast<size_t>(from)] |= to;
            }
        }
    }
    return k;
}

}  // namespace arbiter::csipgs
