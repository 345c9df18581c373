#include "daemon/machine/uci_line.h"

#include <gtest/gtest.h>

#include <string>

namespace arbiter {
namespace {

TEST(UciLine, ReadsTheEndOfTheHandshakeAndReadiness) {
    EXPECT_EQ(parseUciLine("uciok").kind, UciLineKind::uciOk);
    EXPECT_EQ(parseUciLine("readyok").kind, UciLineKind::readyOk);
    EXPECT_EQ(parseUciLine("  readyok\t").kind, UciLineKind::readyOk);
    EXPECT_EQ(parseUciLine("uciok now").kind, UciLineKind::other);
}

TEST(UciLine, ReadsTheEnginesNameWithItsSpaces) {
    const UciLine line = parseUciLine("id name  Stockfish 15.1");
    EXPECT_EQ(line.kind, UciLineKind::idName);
    EXPECT_EQ(line.name, "Stockfish 15.1");
    EXPECT_EQ(parseUciLine("id author the Stockfish developers").kind, UciLineKind::other);
}

TEST(UciLine, ReadsASpinOptionWhoseNameHasSpaces) {
    const UciLine line = parseUciLine("option name Skill Level type spin default 20 min 0 max 20");
    ASSERT_FALSE(line.refused()) << line.refusal;
    ASSERT_EQ(line.kind, UciLineKind::option);
    EXPECT_EQ(line.option.name, "Skill Level");
    EXPECT_EQ(line.option.type, UciOptionType::spin);
    EXPECT_EQ(line.option.defaultValue, "20");
    EXPECT_EQ(line.option.min, 0);
    EXPECT_EQ(line.option.max, 20);
}

TEST(UciLine, ReadsAStringOptionWithAnEmptyDefault) {
    // Stockfish 15.1's first option, as it prints it (a space after "default").
    const UciLine line = parseUciLine("option name Debug Log File type string default ");
    ASSERT_FALSE(line.refused()) << line.refusal;
    EXPECT_EQ(line.option.name, "Debug Log File");
    EXPECT_EQ(line.option.type, UciOptionType::string);
    EXPECT_EQ(line.option.defaultValue, "");
}

TEST(UciLine, ReadsAComboOptionsValues) {
    const UciLine line =
        parseUciLine("option name Style type combo default Normal var Solid var Normal var Risky");
    ASSERT_FALSE(line.refused()) << line.refusal;
    EXPECT_EQ(line.option.type, UciOptionType::combo);
    EXPECT_EQ(line.option.vars, (std::vector<std::string>{"Solid", "Normal", "Risky"}));
}

TEST(UciLine, RefusesAnOptionThatIsMalformed) {
    EXPECT_TRUE(parseUciLine("option name Hash type spin default 16 min 64 max 1").refused());
    EXPECT_TRUE(parseUciLine("option name Hash type spin default 16 min one max 8").refused());
    EXPECT_TRUE(parseUciLine("option name Hash type spin default many").refused());
    EXPECT_TRUE(parseUciLine("option name Hash type dial").refused());
    EXPECT_TRUE(parseUciLine("option name type spin").refused());
    EXPECT_TRUE(parseUciLine("option Hash type spin").refused());
    EXPECT_TRUE(parseUciLine("option name Hash").refused());
    EXPECT_TRUE(parseUciLine("option name Hash type spin min 1 min 2").refused());
    EXPECT_EQ(parseUciLine("option name Hash type spin min 9 max 1").refusal,
              "an option's min is above its max");
}

TEST(UciLine, ReadsABestmoveWithAndWithoutPonder) {
    UciLine line = parseUciLine("bestmove e2e4 ponder e7e5");
    ASSERT_FALSE(line.refused()) << line.refusal;
    EXPECT_EQ(line.kind, UciLineKind::bestMove);
    EXPECT_EQ(line.move, "e2e4");
    EXPECT_EQ(line.ponder, "e7e5");
    line = parseUciLine("bestmove a7a8q");
    ASSERT_FALSE(line.refused()) << line.refusal;
    EXPECT_EQ(line.move, "a7a8q");
    EXPECT_EQ(line.ponder, "");
}

TEST(UciLine, ReadsBestmoveNoneAndTheNullMoveAsNoMove) {
    for (const char* text : {"bestmove (none)", "bestmove 0000"}) {
        const UciLine line = parseUciLine(text);
        EXPECT_FALSE(line.refused()) << text << ": " << line.refusal;
        EXPECT_EQ(line.kind, UciLineKind::bestMove) << text;
        EXPECT_EQ(line.move, "") << text;
    }
}

TEST(UciLine, RefusesABestmoveThatIsNoUciMoveSayingWhich) {
    for (const char* text :
         {"bestmove e9e4", "bestmove e2e4k", "bestmove e2-e4", "bestmove Nf3", "bestmove",
          "bestmove e2e4 ponder", "bestmove e2e4 ponder x", "bestmove e2e4 e7e5"}) {
        const UciLine line = parseUciLine(text);
        EXPECT_TRUE(line.refused()) << text;
        EXPECT_EQ(line.kind, UciLineKind::bestMove) << text;
    }
    EXPECT_EQ(parseUciLine("bestmove e9e4").refusal, "\"e9e4\" is not a UCI move");
}

TEST(UciLine, RefusesALineLongerThanItsLimit) {
    const std::string longest = "info string " + std::string(kMostUciLineBytes - 12, 'x');
    EXPECT_FALSE(parseUciLine(longest).refused());
    const UciLine line = parseUciLine(longest + "x");
    EXPECT_TRUE(line.refused());
    EXPECT_NE(line.refusal.find("longer than"), std::string::npos) << line.refusal;
}

TEST(UciLine, RefusesALineThatIsNotUtf8OrHoldsControlCharacters) {
    UciLine line = parseUciLine("id name J\xFCrgen");
    EXPECT_TRUE(line.refused());
    EXPECT_NE(line.refusal.find("not UTF-8"), std::string::npos) << line.refusal;
    EXPECT_NE(line.refusal.find("J\\xFCrgen"), std::string::npos) << line.refusal;
    line = parseUciLine("bestmove e2e4\xFF");
    EXPECT_TRUE(line.refused());
    EXPECT_EQ(line.kind, UciLineKind::bestMove);
    line = parseUciLine(std::string("uciok\0", 6));
    EXPECT_TRUE(line.refused());
    EXPECT_NE(line.refusal.find("\\x00"), std::string::npos) << line.refusal;
    EXPECT_FALSE(parseUciLine("id name Gr\xC3\xBCn").refused());
}

TEST(UciLine, KeepsOnlyTheScoreOfAnInfoLine) {
    UciLine line = parseUciLine(
        "info depth 12 seldepth 15 multipv 1 score cp -35 nodes 1000 nps 50000 pv e7e5 g1f3");
    EXPECT_EQ(line.kind, UciLineKind::info);
    EXPECT_EQ(line.scoreCentipawns, -35);
    EXPECT_FALSE(line.scoreMateIn);
    line = parseUciLine("info depth 3 score mate 2 pv a1a8");
    EXPECT_EQ(line.scoreMateIn, 2);
    line = parseUciLine("info string NNUE evaluation using nn-ad9b42354671.nnue enabled");
    EXPECT_EQ(line.kind, UciLineKind::info);
    EXPECT_FALSE(line.scoreCentipawns);
}

TEST(UciLine, IgnoresWhatItDoesNotKnow) {
    for (const char* text : {"Stockfish 15.1 by the Stockfish developers (see AUTHORS file)", "",
                             "   ", "copyprotection ok", "registration checking"}) {
        const UciLine line = parseUciLine(text);
        EXPECT_EQ(line.kind, UciLineKind::other) << text;
        EXPECT_FALSE(line.refused()) << text;
    }
}

TEST(UciLine, WritesBackWhatItReadAsTheSameLine) {
    for (const char* text :
         {"uciok", "readyok", "id name Stockfish 15.1", "bestmove e2e4 ponder e7e5",
          "bestmove (none)", "info score cp 13", "info score mate -3",
          "option name Skill Level type spin default 20 min 0 max 20",
          "option name Debug Log File type string default ",
          "option name Style type combo default Normal var Solid var Normal",
          "option name Clear Hash type button"}) {
        const UciLine line = parseUciLine(text);
        ASSERT_FALSE(line.refused()) << text << ": " << line.refusal;
        EXPECT_EQ(uciLineText(line), text);
    }
}

TEST(UciLine, TellsAUciMoveFromOtherText) {
    for (const char* move : {"e2e4", "a1h8", "h7h8q", "b2b1n", "e1g1"})
        EXPECT_TRUE(isUciMove(move)) << move;
    for (const char* text : {"", "e2", "e2e", "i2e4", "e0e4", "e2e4x", "e2e4qq", "E2E4", "0000"})
        EXPECT_FALSE(isUciMove(text)) << text;
}

}  // namespace
}  // namespace arbiter
