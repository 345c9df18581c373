#include "firmware-bridge/vboard/console_command.h"

#include <gtest/gtest.h>

#include "drivers/dgt/dgt_clock_protocol.h"
#include "firmware-bridge/vboard/board_notation.h"

namespace arbiter::vboard {
namespace {

template <typename Command>
Command parsedAs(std::string_view line) {
    const ParsedLine parsed = parseConsoleLine(line);
    EXPECT_FALSE(parsed.isError()) << line << ": " << parsed.error;
    EXPECT_TRUE(parsed.command) << line;
    EXPECT_TRUE(parsed.command && std::holds_alternative<Command>(*parsed.command)) << line;
    if (!parsed.command || !std::holds_alternative<Command>(*parsed.command)) return Command{};
    return std::get<Command>(*parsed.command);
}

std::string errorOf(std::string_view line) {
    const ParsedLine parsed = parseConsoleLine(line);
    EXPECT_TRUE(parsed.isError()) << line;
    EXPECT_FALSE(parsed.command) << line;
    return parsed.error;
}

TEST(ConsoleCommand, AcceptsTheClockCommands) {
    EXPECT_FALSE(parsedAs<command::Lever>("lever").side);
    EXPECT_EQ(parsedAs<command::Lever>("lever Right").side, VirtualClock::Side::Right);
    EXPECT_EQ(parsedAs<command::Button>("button run").code, dgt::clock::kButtonRun);
    EXPECT_EQ(parsedAs<command::Button>("button back").code, dgt::clock::kButtonBack);
    const auto set = parsedAs<command::ClockSet>("clock set 5:00 1:30:05");
    EXPECT_EQ(set.leftMs, 300'000u);
    EXPECT_EQ(set.rightMs, 5'405'000u);
    EXPECT_EQ(parsedAs<command::ClockSet>("clock set 15 0:30").leftMs, 900'000u);
    parsedAs<command::ClockShow>("clock");
}

TEST(ConsoleCommand, RejectsBadClockCommands) {
    EXPECT_EQ(errorOf("lever up"), "lever: bad side 'up' (use left or right)");
    EXPECT_EQ(errorOf("lever left right"), "lever: usage: lever [left|right]");
    EXPECT_EQ(errorOf("button pause"), "button: bad button 'pause' (use back|plus|run|minus|ok)");
    EXPECT_EQ(errorOf("button"), "button: usage: button back|plus|run|minus|ok");
    EXPECT_EQ(errorOf("clock start"),
              "clock: usage: clock | clock set LEFT RIGHT (times like 5:00)");
    for (const char* bad : {"5:60", "10:00:00", "-1", "5:", ":30", "1:2:3:4", "99999", "5.5"}) {
        EXPECT_EQ(
            errorOf(std::string("clock set 5:00 ") + bad),
            std::string("clock set: bad time '") + bad + "' (M, M:SS or H:MM:SS, at most 9:59:59)");
    }
}

TEST(ConsoleCommand, BlankAndCommentLinesAreNothing) {
    for (const char* line : {"", "   ", "\t", "# a comment", "   # indented comment"}) {
        EXPECT_TRUE(parseConsoleLine(line).isNothing()) << line;
    }
}

TEST(ConsoleCommand, AcceptsLift) {
    EXPECT_EQ(parsedAs<command::Lift>("lift e2").square, 52);
}

TEST(ConsoleCommand, AcceptsPlaceWithAndWithoutPiece) {
    const auto fromHand = parsedAs<command::Place>("place e4");
    EXPECT_EQ(fromHand.square, 36);
    EXPECT_FALSE(fromHand.piece);
    const auto named = parsedAs<command::Place>("place e8 Q");
    EXPECT_EQ(named.square, 4);
    EXPECT_EQ(named.piece, dgt::kWhiteQueen);
}

TEST(ConsoleCommand, AcceptsMoveShorthand) {
    const auto move = parsedAs<command::Move>("e2-e4");
    EXPECT_EQ(move.from, 52);
    EXPECT_EQ(move.to, 36);
    const auto capture = parsedAs<command::Move>("e4xd5");
    EXPECT_EQ(capture.from, 36);
    EXPECT_EQ(capture.to, 27);
}

TEST(ConsoleCommand, AcceptsSlide) {
    const auto slide = parsedAs<command::Slide>("slide d1 d4");
    EXPECT_EQ(slide.from, 59);
    EXPECT_EQ(slide.to, 35);
}

TEST(ConsoleCommand, AcceptsPutAndRemove) {
    const auto put = parsedAs<command::Put>("put c3 n");
    EXPECT_EQ(put.square, 42);
    EXPECT_EQ(put.piece, dgt::kBlackKnight);
    EXPECT_EQ(parsedAs<command::Remove>("remove c3").square, 42);
}

TEST(ConsoleCommand, AcceptsSetupForms) {
    EXPECT_EQ(parsedAs<command::Setup>("setup start").position, startPosition());
    EXPECT_EQ(parsedAs<command::Setup>("setup rotated").position, rotatedStartPosition());
    const auto fen = parsedAs<command::Setup>("setup 4k3/8/8/8/8/8/8/4K3");
    EXPECT_EQ(fen.position[4], dgt::kBlackKing);
    const auto fullFen = parsedAs<command::Setup>("setup 4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(fullFen.position[60], dgt::kWhiteKing);
}

TEST(ConsoleCommand, AcceptsWait) {
    EXPECT_EQ(parsedAs<command::Wait>("wait 250").milliseconds, 250u);
}

TEST(ConsoleCommand, AcceptsReplayOfOneFile) {
    EXPECT_EQ(parsedAs<command::Replay>("replay games/blitz.dgt").path, "games/blitz.dgt");
    EXPECT_EQ(errorOf("replay"), "replay: usage: replay FILE");
    EXPECT_EQ(errorOf("replay a.dgt b.dgt"), "replay: usage: replay FILE");
}

TEST(ConsoleCommand, AcceptsBareWords) {
    parsedAs<command::Clear>("clear");
    parsedAs<command::Show>("show");
    parsedAs<command::ShowHand>("hand");
    parsedAs<command::Unplug>("unplug");
    parsedAs<command::Plug>("plug");
    parsedAs<command::Quit>("quit");
    parsedAs<command::Help>("help");
}

TEST(ConsoleCommand, ToleratesSpacesCaseAndTrailingComments) {
    EXPECT_EQ(parsedAs<command::Lift>("  LIFT   E2  # pick it up").square, 52);
    EXPECT_EQ(parsedAs<command::Move>("E2-E4").to, 36);
}

TEST(ConsoleCommand, RejectsUnknownWords) {
    EXPECT_EQ(errorOf("jump e2"), "unknown command 'jump' (try help)");
}

TEST(ConsoleCommand, RejectsBadSquares) {
    EXPECT_EQ(errorOf("lift e9"), "bad square 'e9' (use a1..h8)");
    EXPECT_NE(errorOf("slide d1 z4").find("bad square 'z4'"), std::string::npos);
    EXPECT_NE(errorOf("e2-e9").find("bad move 'e2-e9'"), std::string::npos);
    EXPECT_NE(errorOf("e2-e2").find("same square"), std::string::npos);
}

TEST(ConsoleCommand, RejectsBadPieces) {
    EXPECT_EQ(errorOf("put e4 X"), "bad piece 'X' (use PNBRQK or pnbrqk)");
    EXPECT_NE(errorOf("place e4 QQ").find("bad piece"), std::string::npos);
}

TEST(ConsoleCommand, RejectsBadNumbers) {
    for (const char* line : {"wait abc", "wait -5", "wait 12ms", "wait 99999999999"}) {
        EXPECT_NE(errorOf(line).find("bad number"), std::string::npos) << line;
    }
}

TEST(ConsoleCommand, RejectsWrongArgumentCounts) {
    EXPECT_EQ(errorOf("lift"), "lift: usage: lift SQUARE");
    EXPECT_EQ(errorOf("lift e2 e3"), "lift: usage: lift SQUARE");
    EXPECT_EQ(errorOf("show me"), "show: usage: show");
    EXPECT_NE(errorOf("slide e2").find("usage"), std::string::npos);
    EXPECT_NE(errorOf("setup").find("usage"), std::string::npos);
}

TEST(ConsoleCommand, RejectsBadFen) {
    EXPECT_NE(errorOf("setup 8/8/8").find("bad FEN"), std::string::npos);
    EXPECT_NE(errorOf("setup begin").find("bad FEN"), std::string::npos);
}

TEST(ConsoleCommand, RejectsSlideOntoItself) {
    EXPECT_NE(errorOf("slide e2 e2").find("same square"), std::string::npos);
}

}  // namespace
}  // namespace arbiter::vboard
