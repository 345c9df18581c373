#include "engine/fide/attacks.h"

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace arbiter::fide {

namespace {

// xorshift64*: small, fast and fully determined by its seed.
class FixedSeedRandom {
  public:
    explicit FixedSeedRandom(uint64_t seed) : state_(seed) { assert(seed != 0); }
    uint64_t next() {
        state_ ^= state_ >> 12;
        state_ ^= state_ << 25;
        state_ ^= state_ >> 27;
        return state_ * 0x2545F4914F6CDD1DULL;
    }
    // Magic factors with few bits set are found far sooner.
    uint64_t sparse() { return next() & next() & next(); }

  private:
    uint64_t state_;
};

// The factors searchFactor() below finds, recorded so that start-up only
// verifies them instead of searching for a fifth of a second. A recorded factor
// that fails verification is searched for again.
constexpr std::array<Bitboard, 64> kRecordedRookFactors = {
    0x4080002010400081ULL, 0x0840200040001000ULL, 0x2080082000841000ULL, 0x2100100100082004ULL,
    0x2A00081082002005ULL, 0x2100080201000400ULL, 0x3080020001000080ULL, 0x02000088C8240207ULL,
    0x0408800082400620ULL, 0x6600400020005000ULL, 0x4E11004100142000ULL, 0x0400801000800800ULL,
    0x0800800800800400ULL, 0x0222004450820008ULL, 0x1020800200610080ULL, 0x00008000C1001E80ULL,
    0x084234800580C000ULL, 0x4002020040208102ULL, 0x0000110020004100ULL, 0x2188420022001008ULL,
    0x1828808008000402ULL, 0x0034004002004100ULL, 0x4020010100040200ULL, 0x00100200010E8264ULL,
    0x8420400080002080ULL, 0x3020002080400080ULL, 0x0020200080100881ULL, 0x8210100080080080ULL,
    0x0000900500080101ULL, 0x0662000200100408ULL, 0x4000180400823110ULL, 0x8000010A0010508CULL,
    0x2180002000400042ULL, 0x0000200082804000ULL, 0x1020841004802000ULL, 0xC000100080800802ULL,
    0x0040040080800800ULL, 0x4204000480800200ULL, 0x0000020804000110ULL, 0x000000804A000409ULL,
    0x0000804201060020ULL, 0x0050002000C0C000ULL, 0x02A0820222120040ULL, 0x2200A10010030008ULL,
    0x04020090040A0020ULL, 0x0010040002008080ULL, 0x1400904208B40001ULL, 0x007002804302001CULL,
    0x000B004020860200ULL, 0x0070400480200080ULL, 0x4089004020001100ULL, 0x4210008088005480ULL,
    0x0128810040201002ULL, 0x8002040002008080ULL, 0x0200020110080400ULL, 0x100000A041040200ULL,
    0x6302422100148001ULL, 0x2031002040008011ULL, 0x0000414A00906082ULL, 0x820100700004200BULL,
    0x0025001004080043ULL, 0x100A000308904C02ULL, 0x000A41080E029024ULL, 0x44A4041920824102ULL,
};
constexpr std::array<Bitboard, 64> kRecordedBishopFactors = {
    0xC011012208034100ULL, 0x17081080A2044190ULL, 0x0408022400200800ULL, 0x0448060045424022ULL,
    0x8109114000000000ULL, 0x80550148C1207001ULL, 0x2400823030044000ULL, 0x2182002118025000ULL,
    0x0000A00810809081ULL, 0x0008108200840080ULL, 0x180084A104010000ULL, 0x6008040502040808ULL,
    0x10881A02104400C0ULL, 0x8600020802081040ULL, 0x01006A0804040400ULL, 0x001042052D080200ULL,
    0x0090018851301080ULL, 0x6260100808010064ULL, 0x8210220200220020ULL, 0x00080C0402400800ULL,
    0x020C100602020604ULL, 0x0002005088090840ULL, 0x0804821048041101ULL, 0x0B02084080840100ULL,
    0x0020044088110400ULL, 0x0002203022084220ULL, 0x0482080441004C00ULL, 0x0000404104010200ULL,
    0x2001010008104000ULL, 0x0101020220405001ULL, 0x1432004008880820ULL, 0x1C42220408208220ULL,
    0x8042109012404310ULL, 0xC0A2100400100108ULL, 0x2042010120100044ULL, 0x6000440100500900ULL,
    0x40005C4040040100ULL, 0xA004080620020086ULL, 0x0022022414020080ULL, 0x0000808109020100ULL,
    0x0008048220000900ULL, 0x001A020202002102ULL, 0xC002029402004408ULL, 0x0200620216020400ULL,
    0x00200C0094000A00ULL, 0x0040100201800248ULL, 0x1020840404A00040ULL, 0x2002008136000102ULL,
    0x014A009C04408002ULL, 0x9302020A01C40000ULL, 0x1000090101410008ULL, 0x0001200210440000ULL,
    0x4000400821010804ULL, 0xC000040810010800ULL, 0x8004041002120010ULL, 0x461418080B00210FULL,
    0x0300440C01011010ULL, 0x1100510088042310ULL, 0x0A40200201012102ULL, 0x0008000C40840408ULL,
    0x00020002A0034400ULL, 0x8001012044300221ULL, 0x0014401004110C50ULL, 0x4810200200405102ULL,
};

// The squares whose occupancy can change a slider's attacks: its rays without
// the last square of each ray (a piece there blocks nothing further).
Bitboard relevantMask(Square s, bool rook) {
    Bitboard edges = ((rankMask(0) | rankMask(7)) & ~rankMask(rankOf(s))) |
                     ((fileMask(0) | fileMask(7)) & ~fileMask(fileOf(s)));
    Bitboard rays = rook ? detail::slowRookAttacks(s, 0) : detail::slowBishopAttacks(s, 0);
    return rays & ~edges;
}

// Every subset of a square's relevant mask with the attacks it leaves.
struct Subsets {
    Bitboard mask = 0;
    int shift = 64;
    std::vector<Bitboard> occupancies;
    std::vector<Bitboard> attacks;
};

Subsets enumerateSubsets(Square s, bool rook) {
    Subsets result;
    result.mask = relevantMask(s, rook);
    result.shift = 64 - popcount(result.mask);
    Bitboard subset = 0;
    do {  // carry-rippler: next subset of the mask in increasing order
        result.occupancies.push_back(subset);
        result.attacks.push_back(rook ? detail::slowRookAttacks(s, subset)
                                      : detail::slowBishopAttacks(s, subset));
        subset = (subset - result.mask) & result.mask;
    } while (subset != 0);
    return result;
}

// Writes each subset's attacks into slots[index by factor]; false when two
// subsets with different attacks need the same slot. `written` marks the slots
// written in this attempt, so slots need no clearing between attempts.
bool fillSlots(const Subsets& subsets, Bitboard factor, Bitboard* slots,
               std::vector<uint32_t>& written, uint32_t& attempt) {
    ++attempt;
    for (size_t i = 0; i < subsets.occupancies.size(); ++i) {
        size_t index = (subsets.occupancies[i] * factor) >> subsets.shift;
        if (written[index] != attempt) {
            written[index] = attempt;
            slots[index] = subsets.attacks[i];
        } else if (slots[index] != subsets.attacks[i]) {
            return false;
        }
    }
    return true;
}

// Searches a working factor for one square, filling `slots` with its table.
Bitboard searchFactor(Square s, bool rook, const Subsets& subsets, Bitboard* slots) {
    FixedSeedRandom random(0x9E3779B97F4A7C15ULL ^ (uint64_t(s) << 8) ^ (rook ? 1u : 2u));
    std::vector<uint32_t> written(subsets.occupancies.size(), 0);
    uint32_t attempt = 0;
    for (;;) {
        Bitboard factor = random.sparse();
        // Factors that spread the mask over few top bits rarely work: skip them.
        if (popcount((subsets.mask * factor) >> 56) < 6) continue;
        if (fillSlots(subsets, factor, slots, written, attempt)) return factor;
    }
}

}  // namespace

Bitboard SlidingAttacks::searchFactor(Square s, bool rook) {
    Subsets subsets = enumerateSubsets(s, rook);
    std::vector<Bitboard> slots(subsets.occupancies.size());
    return fide::searchFactor(s, rook, subsets, slots.data());
}

SlidingAttacks::SlidingAttacks() {
    // Exact table size: sum over squares of 2^(relevant bits).
    size_t total = 0;
    for (Square s = 0; s < 64; ++s) {
        total += size_t{1} << popcount(relevantMask(s, true));
        total += size_t{1} << popcount(relevantMask(s, false));
    }
    table_.assign(total, 0);

    size_t offset = 0;
    for (bool rook : {true, false}) {
        for (Square s = 0; s < 64; ++s) {
            const Subsets subsets = enumerateSubsets(s, rook);
            const auto index = static_cast<std::size_t>(s);
            Magic& m = rook ? rook_[index] : bishop_[index];
            m.mask = subsets.mask;
            m.shift = subsets.shift;
            Bitboard* slots = table_.data() + offset;
            m.attacks = slots;
            offset += subsets.occupancies.size();

            std::vector<uint32_t> written(subsets.occupancies.size(), 0);
            uint32_t attempt = 0;
            m.factor = rook ? kRecordedRookFactors[index] : kRecordedBishopFactors[index];
            if (!fillSlots(subsets, m.factor, slots, written, attempt)) {
                m.factor = fide::searchFactor(s, rook, subsets, slots);
            }
        }
    }
    assert(offset == table_.size());
}

}  // namespace arbiter::fide
