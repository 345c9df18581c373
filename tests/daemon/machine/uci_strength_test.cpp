#include "daemon/machine/uci_strength.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace arbiter {
namespace {

// The options an engine offers, learnt from its option lines as UciEngine learns them.
UciStrengthOptions offering(const std::vector<std::string>& lines) {
    UciStrengthOptions offered;
    for (const std::string& text : lines) {
        const UciLine line = parseUciLine(text);
        EXPECT_FALSE(line.refused()) << text << ": " << line.refusal;
        if (line.kind == UciLineKind::option) offered.learn(line.option);
    }
    return offered;
}

// What stockfish 15.1 (Debian's package) says of its strength when asked `uci`.
const std::vector<std::string> kStockfishOptions = {
    "option name Threads type spin default 1 min 1 max 1024",
    "option name Skill Level type spin default 20 min 0 max 20",
    "option name UCI_LimitStrength type check default false",
    "option name UCI_Elo type spin default 1350 min 1350 max 2850",
};

TEST(UciStrength, LevelsOneToEightAreStockfishsSkillLevelsFromZeroToTwenty) {
    const UciStrengthOptions offered = offering(kStockfishOptions);
    const std::vector<int> skills = {0, 3, 6, 9, 12, 15, 18, 20};
    for (int level = 1; level <= 8; ++level) {
        const UciStrength strength = uciStrength(offered, level);
        const int skill = skills[size_t(level - 1)];
        EXPECT_EQ(strength.commands, std::vector<std::string>{"setoption name Skill Level value " +
                                                              std::to_string(skill)})
            << "level " << level;
        EXPECT_EQ(strength.description, "Skill Level " + std::to_string(skill) + " (of 0..20)");
    }
}

TEST(UciStrength, ASkillLevelOfAnotherRangeIsScaledOntoIt) {
    const UciStrengthOptions offered =
        offering({"option name skill level type spin default 10 min 1 max 11"});
    EXPECT_EQ(uciStrength(offered, 1).commands,
              std::vector<std::string>{"setoption name skill level value 1"});
    EXPECT_EQ(uciStrength(offered, 4).commands,
              std::vector<std::string>{"setoption name skill level value 6"});
    EXPECT_EQ(uciStrength(offered, 8).commands,
              std::vector<std::string>{"setoption name skill level value 11"});
}

TEST(UciStrength, WithoutSkillLevelTheEloIsLimitedWithinTheEnginesRange) {
    const UciStrengthOptions offered =
        offering({"option name UCI_LimitStrength type check default false",
                  "option name UCI_Elo type spin default 1350 min 1350 max 2850"});
    EXPECT_EQ(uciStrength(offered, 1).commands,
              (std::vector<std::string>{"setoption name UCI_LimitStrength value true",
                                        "setoption name UCI_Elo value 1350"}));
    EXPECT_EQ(uciStrength(offered, 2).commands[1], "setoption name UCI_Elo value 1564");
    EXPECT_EQ(uciStrength(offered, 7).commands[1], "setoption name UCI_Elo value 2635");
    EXPECT_EQ(uciStrength(offered, 8).commands,
              std::vector<std::string>{"setoption name UCI_LimitStrength value false"});
}

TEST(UciStrength, AnEngineThatOffersNoStrengthPlaysAtFullStrengthAndSaysSo) {
    // UCI_Elo alone, without UCI_LimitStrength to switch it on, is no strength either.
    const UciStrengthOptions offered =
        offering({"option name Hash type spin default 16 min 1 max 1024",
                  "option name UCI_Elo type spin default 1350 min 1350 max 2850"});
    const UciStrength strength = uciStrength(offered, 3);
    EXPECT_TRUE(strength.commands.empty());
    EXPECT_NE(strength.description.find("full strength"), std::string::npos);
}

TEST(UciStrength, OptionsOfTheWrongTypeOrWithoutBoundsAreNotTaken) {
    const UciStrengthOptions offered =
        offering({"option name Skill Level type string default 20",
                  "option name UCI_Elo type spin default 1500",
                  "option name UCI_LimitStrength type spin default 0 min 0 max 1"});
    EXPECT_FALSE(offered.skillLevel);
    EXPECT_FALSE(offered.elo);
    EXPECT_FALSE(offered.limitStrength);
}

TEST(UciStrength, ALevelOutsideOneToEightIsHeldWithin) {
    const UciStrengthOptions offered = offering(kStockfishOptions);
    EXPECT_EQ(uciStrength(offered, 0).commands, uciStrength(offered, 1).commands);
    EXPECT_EQ(uciStrength(offered, 99).commands, uciStrength(offered, 8).commands);
}

TEST(UciStrength, BoundsAsWideAsAnEngineMaySayStayWithinThem) {
    const UciStrengthOptions offered = offering(
        {"option name Skill Level type spin min -9223372036854775808 max 9223372036854775807"});
    EXPECT_EQ(uciStrength(offered, 1).commands,
              std::vector<std::string>{"setoption name Skill Level value -9223372036854775808"});
    EXPECT_EQ(uciStrength(offered, 8).commands,
              std::vector<std::string>{"setoption name Skill Level value 9223372036854775807"});
}

}  // namespace
}  // namespace arbiter
