// csipgs Chess designs (engine/csipgs/design.h) as specifications: the seed's
// price table worked out by hand for every atom and modifier, the canonical
// text, the steps each atom and direction gives, and the refusals, each of
// which names the faulty part. Sources: ../shared/seeds/002 (the table) and the
// csipgs section of ../shared/RULINGS.md (the figures that must hold).
#include "engine/csipgs/design.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

namespace arbiter::csipgs {
namespace {

Design parsed(const std::string& text) {
    std::string error;
    auto d = Design::parse(text, error);
    EXPECT_TRUE(d) << text << ": " << error;
    return d.value_or(Design::starting()[0]);
}

int priceOf(const std::string& text) {
    return parsed(text).price();
}

std::string textOf(const std::string& text) {
    return parsed(text).text();
}

std::string refusalOf(const std::string& text) {
    std::string error;
    auto d = Design::parse(text, error);
    EXPECT_FALSE(d) << text << " was accepted as " << (d ? d->text() : "");
    return error;
}

// One step, written (df, dr, ride, move, capture), so that tables read like the
// vectors they are.
using Vec = std::tuple<int, int, bool, bool, bool>;

std::vector<Vec> stepsOf(const std::string& text) {
    std::vector<Vec> out;
    for (const Step& s : parsed(text).steps())
        out.emplace_back(s.df, s.dr, s.ride, s.move, s.capture);
    std::sort(out.begin(), out.end());
    return out;
}

// Leaps that move and capture, and rides that do, sorted as stepsOf gives them.
std::vector<Vec> leaps(std::vector<std::pair<int, int>> v) {
    std::vector<Vec> out;
    for (auto [df, dr] : v) out.emplace_back(df, dr, false, true, true);
    std::sort(out.begin(), out.end());
    return out;
}
std::vector<Vec> rides(std::vector<std::pair<int, int>> v) {
    std::vector<Vec> out;
    for (auto [df, dr] : v) out.emplace_back(df, dr, true, true, true);
    std::sort(out.begin(), out.end());
    return out;
}

struct Priced {
    const char* design;
    int price;
};

void expectPrices(const std::vector<Priced>& table) {
    for (const Priced& p : table) EXPECT_EQ(priceOf(p.design), p.price) << p.design;
}

// --- The figures the seed and the rulings state ---------------------------------

TEST(CsipgsDesign, TheSeedsAndTheRulingsFiguresHold) {
    expectPrices({
        {"fR", 3},         // R forward: 5.0 x 0.5 = 2.5 -> 3 (the seed's example)
        {"FfR", 4},        // F 1.5 + fR 2.5 = 4.0; R is not colourbound -> 4
        {"B", 3},          // 3.3 x 0.9 (colourbound) = 2.97 -> 3
        {"fmWfcF", 2},     // W 1.5 x 0.5 x 0.6 = 0.45, F 1.5 x 0.7 x 0.6 = 0.63: 1.08 -> 2
        {"WF+royal", 12},  // (1.5 + 1.5) x 4 = 12
        {"R", 5},          // 5.0
        {"N", 3},          // 3.0
        {"BR", 9},         // 3.3 + 5.0 = 8.3 -> 9; R is not colourbound
    });
}

TEST(CsipgsDesign, TheSixStartingDesignsAreFideArmyInSlotOrder) {
    const auto& start = Design::starting();
    const char* texts[6] = {"fmWfcF", "R", "N", "B", "WF+royal", "BR"};
    const char* names[6] = {"Pawn", "Rook", "Knight", "Bishop", "King", "Queen"};
    const int prices[6] = {2, 5, 3, 3, 12, 9};
    for (size_t i = 0; i < 6; ++i) {
        EXPECT_EQ(start[i].text(), texts[i]);
        EXPECT_EQ(start[i].name(), names[i]);
        EXPECT_EQ(start[i].price(), prices[i]) << names[i];
    }
    EXPECT_TRUE(start[4].royal());
    EXPECT_FALSE(start[5].royal());
    EXPECT_EQ(parsed("FfR").name(), "FfR") << "a design of one's own is named by its text";
}

// --- Every atom, every direction and mode ---------------------------------------
// Each row is priced twice: as it is, and with "+royal+relay" (x 4 x 2 = x 8),
// which makes the small differences that rounding up hides visible.

struct PricedTwice {
    const char* design;
    int price;
    int timesEight;  // price of design + "+royal+relay"
};

void expectPricesTwice(const std::vector<PricedTwice>& table) {
    for (const PricedTwice& p : table) {
        EXPECT_EQ(priceOf(p.design), p.price) << p.design;
        EXPECT_EQ(priceOf(std::string(p.design) + "+royal+relay"), p.timesEight) << p.design;
    }
}

TEST(CsipgsDesign, OrthogonalLeapersWAndH) {
    // W and H: base 1.5, f 0.5, s 0.5, b 0.2, m 0.6, c 0.6; never colourbound.
    for (std::string a : {"W", "H"}) {
        expectPricesTwice({
            {a.c_str(), 2, 12},          // 1.5 -> 2; x8 = 12.0 -> 12
            {("f" + a).c_str(), 1, 6},   // 1.5 x 0.5 = 0.75 -> 1; x8 = 6.0 -> 6
            {("b" + a).c_str(), 1, 3},   // 1.5 x 0.2 = 0.3 -> 1; x8 = 2.4 -> 3
            {("s" + a).c_str(), 1, 6},   // 1.5 x 0.5 = 0.75 -> 1; x8 = 6.0 -> 6
            {("m" + a).c_str(), 1, 8},   // 1.5 x 0.6 = 0.9 -> 1; x8 = 7.2 -> 8
            {("c" + a).c_str(), 1, 8},   // 1.5 x 0.6 = 0.9 -> 1; x8 = 7.2 -> 8
            {("fm" + a).c_str(), 1, 4},  // 1.5 x 0.5 x 0.6 = 0.45 -> 1; x8 = 3.6 -> 4
            {("bc" + a).c_str(), 1, 2},  // 1.5 x 0.2 x 0.6 = 0.18 -> 1; x8 = 1.44 -> 2
        });
    }
}

TEST(CsipgsDesign, OrthogonalLeaperDIsColourbound) {
    // D: base 1.5 and the same modifiers as W, then x 0.9: (0,2) keeps the colour.
    expectPricesTwice({
        {"D", 2, 11},   // 1.5 x 0.9 = 1.35 -> 2; x8 = 10.8 -> 11
        {"fD", 1, 6},   // 1.5 x 0.5 x 0.9 = 0.675 -> 1; x8 = 5.4 -> 6
        {"bD", 1, 3},   // 1.5 x 0.2 x 0.9 = 0.27 -> 1; x8 = 2.16 -> 3
        {"sD", 1, 6},   // 1.5 x 0.5 x 0.9 = 0.675 -> 1; x8 = 5.4 -> 6
        {"mD", 1, 7},   // 1.5 x 0.6 x 0.9 = 0.81 -> 1; x8 = 6.48 -> 7
        {"cD", 1, 7},   // 1.5 x 0.6 x 0.9 = 0.81 -> 1; x8 = 6.48 -> 7
        {"fmD", 1, 4},  // 1.5 x 0.5 x 0.6 x 0.9 = 0.405 -> 1; x8 = 3.24 -> 4
    });
}

TEST(CsipgsDesign, TheRook) {
    // R: base 5.0, orthogonal modifiers; not colourbound.
    expectPricesTwice({
        {"R", 5, 40},    // 5.0; x8 = 40
        {"fR", 3, 20},   // 5.0 x 0.5 = 2.5 -> 3; x8 = 20
        {"bR", 1, 8},    // 5.0 x 0.2 = 1.0 -> 1; x8 = 8
        {"sR", 3, 20},   // 5.0 x 0.5 = 2.5 -> 3; x8 = 20
        {"mR", 3, 24},   // 5.0 x 0.6 = 3.0 -> 3; x8 = 24
        {"cR", 3, 24},   // 5.0 x 0.6 = 3.0 -> 3; x8 = 24
        {"fmR", 2, 12},  // 5.0 x 0.5 x 0.6 = 1.5 -> 2; x8 = 12
        {"scR", 2, 12},  // 5.0 x 0.5 x 0.6 = 1.5 -> 2; x8 = 12
        {"bmR", 1, 5},   // 5.0 x 0.2 x 0.6 = 0.6 -> 1; x8 = 4.8 -> 5
    });
}

TEST(CsipgsDesign, DiagonalLeapersFAAndG) {
    // F, A, G: base 1.5, f 0.7, b 0.4, m 0.6, c 0.6; all colourbound (x 0.9).
    for (std::string a : {"F", "A", "G"}) {
        expectPricesTwice({
            {a.c_str(), 2, 11},          // 1.5 x 0.9 = 1.35 -> 2; x8 = 10.8 -> 11
            {("f" + a).c_str(), 1, 8},   // 1.5 x 0.7 x 0.9 = 0.945 -> 1; x8 = 7.56 -> 8
            {("b" + a).c_str(), 1, 5},   // 1.5 x 0.4 x 0.9 = 0.54 -> 1; x8 = 4.32 -> 5
            {("m" + a).c_str(), 1, 7},   // 1.5 x 0.6 x 0.9 = 0.81 -> 1; x8 = 6.48 -> 7
            {("c" + a).c_str(), 1, 7},   // 1.5 x 0.6 x 0.9 = 0.81 -> 1; x8 = 6.48 -> 7
            {("fc" + a).c_str(), 1, 5},  // 1.5 x 0.7 x 0.6 x 0.9 = 0.567 -> 1; x8 = 4.536 -> 5
            {("bm" + a).c_str(), 1, 3},  // 1.5 x 0.4 x 0.6 x 0.9 = 0.324 -> 1; x8 = 2.592 -> 3
        });
    }
}

TEST(CsipgsDesign, TheBishop) {
    // B: base 3.3, diagonal modifiers, colourbound.
    expectPricesTwice({
        {"B", 3, 24},    // 3.3 x 0.9 = 2.97 -> 3; x8 = 23.76 -> 24
        {"fB", 3, 17},   // 3.3 x 0.7 x 0.9 = 2.079 -> 3; x8 = 16.632 -> 17
        {"bB", 2, 10},   // 3.3 x 0.4 x 0.9 = 1.188 -> 2; x8 = 9.504 -> 10
        {"mB", 2, 15},   // 3.3 x 0.6 x 0.9 = 1.782 -> 2; x8 = 14.256 -> 15
        {"cB", 2, 15},   // 3.3 x 0.6 x 0.9 = 1.782 -> 2; x8 = 14.256 -> 15
        {"fmB", 2, 10},  // 3.3 x 0.7 x 0.6 x 0.9 = 1.2474 -> 2; x8 = 9.9792 -> 10
    });
}

TEST(CsipgsDesign, TheKnight) {
    // N: base 3.0; narrow 0.5, wide 0.5, forward 0.7, retreat 0.4; ff (narrow
    // forward) 0.5 x 0.7 = 0.35, bb 0.5 x 0.4 = 0.2, fs 0.35, bs 0.2. Not colourbound.
    expectPricesTwice({
        {"N", 3, 24},       // 3.0; x8 = 24
        {"fN", 3, 17},      // 3.0 x 0.7 = 2.1 -> 3; x8 = 16.8 -> 17
        {"bN", 2, 10},      // 3.0 x 0.4 = 1.2 -> 2; x8 = 9.6 -> 10
        {"ffN", 2, 9},      // 3.0 x 0.35 = 1.05 -> 2; x8 = 8.4 -> 9
        {"bbN", 1, 5},      // 3.0 x 0.2 = 0.6 -> 1; x8 = 4.8 -> 5
        {"fsN", 2, 9},      // 3.0 x 0.35 = 1.05 -> 2; x8 = 8.4 -> 9
        {"bsN", 1, 5},      // 3.0 x 0.2 = 0.6 -> 1; x8 = 4.8 -> 5
        {"ffNbbN", 2, 12},  // narrow: 3.0 x 0.5 = 1.5 -> 2; x8 = 12 (not 0.35 + 0.2: 13.2 -> 14)
        {"fsNbsN", 2, 12},  // wide: 3.0 x 0.5 = 1.5 -> 2; x8 = 12
        {"mN", 2, 15},      // 3.0 x 0.6 = 1.8 -> 2; x8 = 14.4 -> 15
        {"cN", 2, 15},      // 3.0 x 0.6 = 1.8 -> 2; x8 = 14.4 -> 15
        {"ffmN", 1, 6},     // 3.0 x 0.35 x 0.6 = 0.63 -> 1; x8 = 5.04 -> 6
    });
}

TEST(CsipgsDesign, TheLongKnightIsColourbound) {
    // L, the (1,3) leap: base 3.3, the knight's modifiers, and x 0.9 since
    // 1 + 3 is even: it never changes colour.
    expectPricesTwice({
        {"L", 3, 24},       // 3.3 x 0.9 = 2.97 -> 3; x8 = 23.76 -> 24
        {"fL", 3, 17},      // 3.3 x 0.7 x 0.9 = 2.079 -> 3; x8 = 16.632 -> 17
        {"bL", 2, 10},      // 3.3 x 0.4 x 0.9 = 1.188 -> 2; x8 = 9.504 -> 10
        {"ffL", 2, 9},      // 3.3 x 0.35 x 0.9 = 1.0395 -> 2; x8 = 8.316 -> 9
        {"bbL", 1, 5},      // 3.3 x 0.2 x 0.9 = 0.594 -> 1; x8 = 4.752 -> 5
        {"fsL", 2, 9},      // 3.3 x 0.35 x 0.9 = 1.0395 -> 2; x8 = 8.316 -> 9
        {"bsL", 1, 5},      // 3.3 x 0.2 x 0.9 = 0.594 -> 1; x8 = 4.752 -> 5
        {"ffLbbL", 2, 12},  // narrow: 3.3 x 0.5 x 0.9 = 1.485 -> 2; x8 = 11.88 -> 12
        {"fsLbsL", 2, 12},  // wide: 3.3 x 0.5 x 0.9 = 1.485 -> 2; x8 = 11.88 -> 12
        {"mL", 2, 15},      // 3.3 x 0.6 x 0.9 = 1.782 -> 2; x8 = 14.256 -> 15
        {"cL", 2, 15},      // 3.3 x 0.6 x 0.9 = 1.782 -> 2; x8 = 14.256 -> 15
    });
}

TEST(CsipgsDesign, TheKnightrider) {
    // NN: base 5.5, the knight's modifiers (narrow and wide priced as 0.5 too).
    expectPricesTwice({
        {"NN", 6, 44},        // 5.5 -> 6; x8 = 44
        {"fNN", 4, 31},       // 5.5 x 0.7 = 3.85 -> 4; x8 = 30.8 -> 31
        {"bNN", 3, 18},       // 5.5 x 0.4 = 2.2 -> 3; x8 = 17.6 -> 18
        {"ffNN", 2, 16},      // 5.5 x 0.35 = 1.925 -> 2; x8 = 15.4 -> 16
        {"bbNN", 2, 9},       // 5.5 x 0.2 = 1.1 -> 2; x8 = 8.8 -> 9
        {"fsNN", 2, 16},      // 5.5 x 0.35 = 1.925 -> 2; x8 = 15.4 -> 16
        {"bsNN", 2, 9},       // 5.5 x 0.2 = 1.1 -> 2; x8 = 8.8 -> 9
        {"ffNNbbNN", 3, 22},  // narrow: 5.5 x 0.5 = 2.75 -> 3; x8 = 22
        {"fsNNbsNN", 3, 22},  // wide: 5.5 x 0.5 = 2.75 -> 3; x8 = 22
        {"mNN", 4, 27},       // 5.5 x 0.6 = 3.3 -> 4; x8 = 26.4 -> 27
        {"cNN", 4, 27},       // 5.5 x 0.6 = 3.3 -> 4; x8 = 26.4 -> 27
    });
}

// --- Whole-piece modifiers ------------------------------------------------------

TEST(CsipgsDesign, ColourboundIsAFactOfEveryAtomThePieceHas) {
    for (const char* bound : {"B", "D", "L", "A", "G", "F", "fB", "mD", "bsL", "FA", "DA", "FL"})
        EXPECT_TRUE(parsed(bound).colourbound()) << bound;
    for (const char* free : {"W", "H", "N", "NN", "R", "fR", "FR", "WD", "BN", "fmWfcF", "FfR"})
        EXPECT_FALSE(parsed(free).colourbound()) << free;
    expectPrices({
        {"FA+royal", 11},  // (1.5 + 1.5) x 0.9 x 4 = 10.8 -> 11
        {"WF+royal", 12},  // (1.5 + 1.5) x 4 = 12: W is not colourbound, so neither is the King
        {"DF+royal", 11},  // (1.5 + 1.5) x 0.9 x 4 = 10.8 -> 11
        {"WD+royal", 12},  // (1.5 + 1.5) x 4 = 12
        {"FR", 7},         // 1.5 + 5.0 = 6.5 -> 7 (0.9 would give 5.85 -> 6)
        {"BN", 7},         // 3.3 + 3.0 = 6.3 -> 7 (0.9 would give 5.67 -> 6)
        {"BL", 6},         // (3.3 + 3.3) x 0.9 = 5.94 -> 6
    });
}

TEST(CsipgsDesign, RoyalMultipliesByFourAndRelayByTwo) {
    expectPrices({
        {"fR+royal", 10},        // 2.5 x 4 = 10
        {"fR+relay", 5},         // 2.5 x 2 = 5
        {"fR+royal+relay", 20},  // 2.5 x 8 = 20
        {"N+relay", 6},          // 3.0 x 2 = 6
        {"B+royal", 12},         // 3.3 x 0.9 x 4 = 11.88 -> 12
        {"fmG+royal", 3},        // 1.5 x 0.7 x 0.6 x 0.9 x 4 = 2.268 -> 3 (the seed says 2)
        {"W+royal", 6},          // 1.5 x 4 = 6
    });
    EXPECT_TRUE(parsed("N+royal").royal());
    EXPECT_FALSE(parsed("N+royal").relay());
    EXPECT_TRUE(parsed("N+relay").relay());
    EXPECT_FALSE(parsed("N+relay").royal());
}

// --- The price is what the piece does, however it is written ---------------------

TEST(CsipgsDesign, ThePriceIsTheCheapestWritingOfTheSameAbilitiesOrMore) {
    expectPrices({
        {"fWbWsW+royal+relay", 12},  // = W: 1.5 x 8 = 12 (not 0.5 + 0.2 + 0.5 = 1.2: 14.4 -> 15)
        {"mWcW+royal+relay", 12},    // = W: 12 (not 0.6 + 0.6 = 1.2: 15)
        {"ffNbbN+royal+relay", 12},  // narrow 0.5: 12 (not 0.35 + 0.2: 13.2 -> 14)
        {"ffNfsN+royal+relay", 17},  // = fN 0.7: 3.0 x 0.7 x 8 = 16.8 -> 17
        {"fFbF+royal+relay", 11},    // = F: 10.8 -> 11 (not 0.7 + 0.4 = 1.1: 11.88 -> 12)
        // ffNbbNfsN: narrow 0.5 + fs 0.35 = 0.85 is cheaper than ffN + bbN + fsN
        // (0.9) or fN + bbN (0.9): 3.0 x 0.85 x 8 = 20.4 -> 21.
        {"ffNbbNfsN+royal+relay", 21},
        // fWcW: captures all four ways, moves forward only. cW 0.6 + fmW 0.3 = 0.9
        // beats fW 0.5 + bcW 0.12 + scW 0.3 = 0.92: 1.5 x 0.9 x 8 = 10.8 -> 11.
        {"fWcW+royal+relay", 11},
        // fRsRbmR, a rook that cannot capture backwards: written out it is
        // 0.5 + 0.5 + 0.2 x 0.6 = 1.12 of a rook, but the Rook (1.0) does all it
        // does and more, and a weaker piece never costs more: 5.0 x 8 = 40.
        {"fRsRbmR+royal+relay", 40},
    });
    EXPECT_EQ(priceOf("fRsRbmR"), priceOf("R"));
    EXPECT_EQ(parsed("fWbWsW"), parsed("W"));
    EXPECT_EQ(parsed("mWcW"), parsed("W"));
    EXPECT_EQ(parsed("fWbWsW").price(), parsed("W").price());
}

// --- Canonical text ---------------------------------------------------------------

TEST(CsipgsDesign, TheCanonicalText) {
    EXPECT_EQ(textOf("K"), "WF");
    EXPECT_EQ(textOf("Q"), "BR");
    EXPECT_EQ(textOf("RB"), "BR");
    EXPECT_EQ(textOf("FfR"), "FfR");
    EXPECT_EQ(textOf("fRF"), "FfR") << "leapers before riders";
    EXPECT_EQ(textOf("fWbWsW"), "W");
    EXPECT_EQ(textOf("cWmW"), "W");
    EXPECT_EQ(textOf("ffNfsN"), "fN");
    EXPECT_EQ(textOf("ffNbbN"), "ffNbbN");
    EXPECT_EQ(textOf("bsNfsN"), "fsNbsN");
    EXPECT_EQ(textOf("fcFfmW"), "fmWfcF");
    EXPECT_EQ(textOf("fmWfcF"), "fmWfcF");
    EXPECT_EQ(textOf("N+relay+royal"), "N+royal+relay");
    EXPECT_EQ(textOf("K+royal"), "WF+royal");
    // Leapers short to long W F D A H G N L, then riders B R NN; per atom the
    // parts it moves and captures along, then move-only, then capture-only.
    EXPECT_EQ(textOf("RBLNGHADFW"), "WFDAHGNLBR");
    EXPECT_EQ(textOf("NNRB"), "BRNN");
    // With N as well, NN goes straight before it (see the next test).
    EXPECT_EQ(textOf("NNRBLNGHADFW"), "WFDAHGNNNLBR");
    EXPECT_EQ(textOf("fNNN"), "fNNN") << "fNN and N";
    EXPECT_EQ(textOf("NNfN"), "NNfN") << "NN and fN";
    // cWfmWbW: moves f b, captures f b s: "fWbW" both ways, then "scW".
    EXPECT_EQ(textOf("cWfmWbW"), "fWbWscW");
    EXPECT_EQ(textOf("KQ"), "WFBR");
    for (const char* t : {"fmWfcF", "FfR", "ffNbbN", "fWbWscW", "WFDAHGNLBRNN+royal+relay"})
        EXPECT_EQ(textOf(textOf(t)), textOf(t)) << "the text reads back as itself: " << t;
}

// The text is how a design travels (the position notation, a design change
// said at the table): it must read back as the very same design. The
// knightrider's letters NN are read before N, so the text must never put an N
// component straight before a bare NN ("fN" + "NN" would read as fNN + N).
TEST(CsipgsDesign, TheTextReadsBackAsTheSameDesign) {
    for (const char* t :
         {"NNfN", "fNNN", "NNN", "NNmN", "mNNN", "NNffNbbN", "cNNN", "fsNNbsNfN", "NNL", "BRNN",
          "NNB", "fmWfcF", "FfR", "ffNbbN", "fWbWscW", "WFDAHGNLBRNN+royal+relay", "fmG+royal"}) {
        const Design d = parsed(t);
        EXPECT_EQ(parsed(d.text()), d) << t << " written " << d.text();
        EXPECT_EQ(parsed(d.text()).price(), d.price()) << t;
    }
    // fN + NN: 3.0 x 0.7 + 5.5 = 7.6 -> 8; fNN + N would be 3.85 + 3.0 = 6.85 -> 7.
    EXPECT_EQ(priceOf("NNfN"), 8);
    EXPECT_EQ(priceOf(textOf("NNfN")), 8);
    EXPECT_EQ(priceOf("fNNN"), 7);
}

// --- Steps ---------------------------------------------------------------------------

TEST(CsipgsDesign, OrthogonalStepsAsWhiteSeesThem) {
    EXPECT_EQ(stepsOf("W"), leaps({{0, 1}, {0, -1}, {1, 0}, {-1, 0}}));
    EXPECT_EQ(stepsOf("fW"), leaps({{0, 1}}));
    EXPECT_EQ(stepsOf("bW"), leaps({{0, -1}}));
    EXPECT_EQ(stepsOf("sW"), leaps({{1, 0}, {-1, 0}}));
    EXPECT_EQ(stepsOf("D"), leaps({{0, 2}, {0, -2}, {2, 0}, {-2, 0}}));
    EXPECT_EQ(stepsOf("fD"), leaps({{0, 2}}));
    EXPECT_EQ(stepsOf("H"), leaps({{0, 3}, {0, -3}, {3, 0}, {-3, 0}}));
    EXPECT_EQ(stepsOf("sH"), leaps({{3, 0}, {-3, 0}}));
    EXPECT_EQ(stepsOf("R"), rides({{0, 1}, {0, -1}, {1, 0}, {-1, 0}}));
    EXPECT_EQ(stepsOf("fR"), rides({{0, 1}}));
    EXPECT_EQ(stepsOf("bR"), rides({{0, -1}}));
}

TEST(CsipgsDesign, DiagonalStepsAsWhiteSeesThem) {
    EXPECT_EQ(stepsOf("F"), leaps({{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}));
    EXPECT_EQ(stepsOf("fF"), leaps({{1, 1}, {-1, 1}}));
    EXPECT_EQ(stepsOf("bF"), leaps({{1, -1}, {-1, -1}}));
    EXPECT_EQ(stepsOf("A"), leaps({{2, 2}, {-2, 2}, {2, -2}, {-2, -2}}));
    EXPECT_EQ(stepsOf("bA"), leaps({{2, -2}, {-2, -2}}));
    EXPECT_EQ(stepsOf("G"), leaps({{3, 3}, {-3, 3}, {3, -3}, {-3, -3}}));
    EXPECT_EQ(stepsOf("fG"), leaps({{3, 3}, {-3, 3}}));
    EXPECT_EQ(stepsOf("B"), rides({{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}));
    EXPECT_EQ(stepsOf("fB"), rides({{1, 1}, {-1, 1}}));
}

TEST(CsipgsDesign, ObliqueStepsNarrowAndWide) {
    EXPECT_EQ(stepsOf("N"),
              leaps({{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {-2, 1}, {2, -1}, {-2, -1}}));
    EXPECT_EQ(stepsOf("fN"), leaps({{1, 2}, {-1, 2}, {2, 1}, {-2, 1}}));
    EXPECT_EQ(stepsOf("bN"), leaps({{1, -2}, {-1, -2}, {2, -1}, {-2, -1}}));
    EXPECT_EQ(stepsOf("ffN"), leaps({{1, 2}, {-1, 2}}));
    EXPECT_EQ(stepsOf("bbN"), leaps({{1, -2}, {-1, -2}}));
    EXPECT_EQ(stepsOf("fsN"), leaps({{2, 1}, {-2, 1}}));
    EXPECT_EQ(stepsOf("bsN"), leaps({{2, -1}, {-2, -1}}));
    EXPECT_EQ(stepsOf("ffNbbN"), leaps({{1, 2}, {-1, 2}, {1, -2}, {-1, -2}}));  // narrow
    EXPECT_EQ(stepsOf("fsNbsN"), leaps({{2, 1}, {-2, 1}, {2, -1}, {-2, -1}}));  // wide
    EXPECT_EQ(stepsOf("L"),
              leaps({{1, 3}, {-1, 3}, {1, -3}, {-1, -3}, {3, 1}, {-3, 1}, {3, -1}, {-3, -1}}));
    EXPECT_EQ(stepsOf("ffL"), leaps({{1, 3}, {-1, 3}}));
    EXPECT_EQ(stepsOf("fsL"), leaps({{3, 1}, {-3, 1}}));
    EXPECT_EQ(stepsOf("bbL"), leaps({{1, -3}, {-1, -3}}));
    EXPECT_EQ(stepsOf("bsL"), leaps({{3, -1}, {-3, -1}}));
    EXPECT_EQ(stepsOf("NN"),
              rides({{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {-2, 1}, {2, -1}, {-2, -1}}));
    EXPECT_EQ(stepsOf("ffNN"), rides({{1, 2}, {-1, 2}}));
    EXPECT_EQ(stepsOf("bsNN"), rides({{2, -1}, {-2, -1}}));
}

TEST(CsipgsDesign, ModesMarkWhatAStepMayDoAndMergePerDirection) {
    // The Pawn: (0,1) moves only, (±1,1) capture only.
    EXPECT_EQ(stepsOf("fmWfcF"), (std::vector<Vec>{{-1, 1, false, false, true},
                                                   {0, 1, false, true, false},
                                                   {1, 1, false, false, true}}));
    EXPECT_EQ(stepsOf("mR"), (std::vector<Vec>{{-1, 0, true, true, false},
                                               {0, -1, true, true, false},
                                               {0, 1, true, true, false},
                                               {1, 0, true, true, false}}));
    EXPECT_EQ(stepsOf("cA"), (std::vector<Vec>{{-2, -2, false, false, true},
                                               {-2, 2, false, false, true},
                                               {2, -2, false, false, true},
                                               {2, 2, false, false, true}}));
    // fmW and fcW on the same vector are one step that does both.
    EXPECT_EQ(stepsOf("fmWfcW"), leaps({{0, 1}}));
    // W and a rook's forward ride are different steps on the same vector.
    EXPECT_EQ(stepsOf("fWfR"),
              (std::vector<Vec>{{0, 1, false, true, true}, {0, 1, true, true, true}}));
    // Royalty and relay are no steps.
    EXPECT_EQ(stepsOf("W+royal+relay"), stepsOf("W"));
}

// --- Refusals name the part --------------------------------------------------------

TEST(CsipgsDesign, EveryRefusalNamesThePart) {
    EXPECT_EQ(refusalOf("Z"),
              "unknown atom 'Z' at position 1 of Z; atoms are W D H R F A G B N L NN, and K (WF) "
              "and Q (BR)");
    EXPECT_EQ(refusalOf("FfX"),
              "unknown atom 'X' at position 3 of FfX; atoms are W D H R F A G B N L NN, and K "
              "(WF) and Q (BR)");
    EXPECT_EQ(
        refusalOf("sF"),
        "'s' does not apply to F: diagonal atoms (F, A, G, B) take f or b at position 1 of sF");
    EXPECT_EQ(refusalOf("WfsW"),
              "'fs' does not apply to W: orthogonal atoms (W, D, H, R) take f, b or s; to combine "
              "directions repeat the atom, e.g. fWsW at position 2 of WfsW");
    EXPECT_EQ(refusalOf("ffR"),
              "'ff' does not apply to R: orthogonal atoms (W, D, H, R) take f, b or s; to combine "
              "directions repeat the atom, e.g. fWsW at position 1 of ffR");
    EXPECT_EQ(refusalOf("sN"),
              "'s' does not apply to N: N, L and NN take f, b, ff, bb (narrow) or fs, bs (wide); "
              "the narrow knight is ffNbbN, the wide one fsNbsN at position 1 of sN");
    EXPECT_EQ(refusalOf("sK"),
              "'s' does not apply to F: diagonal atoms (F, A, G, B) take f or b at position 1 of "
              "sK")
        << "K is W and F: the part that fails is named";
    EXPECT_EQ(refusalOf("Wfm"), "modifiers 'fm' with no atom after them at position 2 of Wfm");
    EXPECT_EQ(refusalOf("fm+royal"),
              "modifiers 'fm' with no atom after them at position 1 of fm+royal");
    EXPECT_EQ(refusalOf("xW"),
              "unknown modifier 'x' at position 1 of xW; directions are f, b, s (ff, bb, fs, bs "
              "for N, L, NN), modes m and c");
    EXPECT_EQ(refusalOf("fffN"), "too many direction letters 'fff' at position 1 of fffN");
    EXPECT_EQ(refusalOf("mfW"),
              "the mode (m or c) comes after the direction at position 1 of mfW: write fmW, not "
              "mfW");
    EXPECT_EQ(refusalOf("W+king"),
              "unknown whole-piece modifier '+king' at position 2 of W+king; they are +royal and "
              "+relay");
    EXPECT_EQ(refusalOf("W+royal+royal"), "'+royal' is written twice in W+royal+royal");
    EXPECT_EQ(refusalOf("W+relay+relay"), "'+relay' is written twice in W+relay+relay");
    EXPECT_EQ(refusalOf(""), "a design needs at least one atom, e.g. FfR");
    EXPECT_EQ(refusalOf("+royal"), "a design needs at least one atom, e.g. FfR");
    EXPECT_EQ(refusalOf(std::string(61, 'W')), "a design is at most 60 characters");
    EXPECT_EQ(textOf(std::string(60, 'W')), "W") << "60 characters are allowed";
}

}  // namespace
}  // namespace arbiter::csipgs
