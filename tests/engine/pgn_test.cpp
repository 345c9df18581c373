// engine/fide/pgn: the exported game record.
#include "engine/fide/pgn.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <sstream>

#include "engine/fide/fide_game.h"

namespace arbiter::fide {
namespace {

// Actions for SAN moves played from `startFen` (empty: standard start).
std::vector<Action> actionsFor(std::string_view startFen, std::initializer_list<const char*> sans) {
    FideGame game;
    std::string error;
    auto state = startFen.empty() ? game.start() : game.load(startFen, error);
    EXPECT_TRUE(state) << error;
    std::vector<Action> actions;
    for (const char* san : sans) {
        auto action = state->decode(san);
        EXPECT_TRUE(action) << san;
        if (!action) break;
        actions.push_back(*action);
        state->apply(*action);
    }
    return actions;
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> result;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) result.push_back(line);
    return result;
}

TEST(Pgn, WritesSevenTagRosterInOrderWithUnknownsAsQuestionMarks) {
    GameRecord record;
    record.tags = {{"White", "Anna"}, {"Event", "Club night"}, {"Annotator", "arbiter"}};
    std::string pgn = exportPgn(record);
    auto l = lines(pgn);
    ASSERT_GE(l.size(), 11u);
    EXPECT_EQ(l[0], "[Event \"Club night\"]");
    EXPECT_EQ(l[1], "[Site \"?\"]");
    EXPECT_EQ(l[2], "[Date \"????.??.??\"]");
    EXPECT_EQ(l[3], "[Round \"?\"]");
    EXPECT_EQ(l[4], "[White \"Anna\"]");
    EXPECT_EQ(l[5], "[Black \"?\"]");
    EXPECT_EQ(l[6], "[Result \"*\"]");
    EXPECT_EQ(l[7], "[Annotator \"arbiter\"]");
    EXPECT_EQ(l[8], "[Termination \"unterminated\"]");
    EXPECT_EQ(l[9], "");
    EXPECT_EQ(l[10], "*");
}

TEST(Pgn, WritesNumberedSanMovesAndResult) {
    GameRecord record;
    record.actions = actionsFor("", {"f3", "e5", "g4", "Qh4#"});
    record.outcome = Outcome::win({1}, "checkmate");
    std::string pgn = exportPgn(record);
    EXPECT_NE(pgn.find("[Result \"0-1\"]"), std::string::npos);
    EXPECT_NE(pgn.find("\n1. f3 e5 2. g4 Qh4# {checkmate} 0-1\n"), std::string::npos) << pgn;
}

TEST(Pgn, ResultTokensFollowTheOutcome) {
    EXPECT_EQ(resultToken(Outcome::win({0}, "checkmate")), "1-0");
    EXPECT_EQ(resultToken(Outcome::win({1}, "checkmate")), "0-1");
    EXPECT_EQ(resultToken(Outcome::draw("stalemate")), "1/2-1/2");
    EXPECT_EQ(resultToken(Outcome::ongoing()), "*");
}

TEST(Pgn, OutcomeNoteReplacesTheReason) {
    GameRecord record;
    record.actions = actionsFor("", {"e4"});
    record.outcome = Outcome::win({1}, "time");
    record.outcomeNote = "White lost on time";
    EXPECT_NE(exportPgn(record).find("1. e4 {White lost on time} 0-1"), std::string::npos);
}

TEST(Pgn, AddsSetUpAndFenForOtherStartPositions) {
    const char* fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30";
    GameRecord record;
    record.startText = fen;
    record.actions = actionsFor(fen, {"Kd7", "e4", "Kd6"});
    std::string pgn = exportPgn(record);
    EXPECT_NE(pgn.find("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]\n"),
              std::string::npos)
        << pgn;
    EXPECT_NE(pgn.find("30... Kd7 31. e4 Kd6 *"), std::string::npos) << pgn;
}

TEST(Pgn, OmitsSetUpForTheStandardStart) {
    GameRecord record;
    record.startText = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    EXPECT_EQ(exportPgn(record).find("SetUp"), std::string::npos);
}

TEST(Pgn, WrapsMovetextAtEightyColumns) {
    GameRecord record;
    record.actions = actionsFor(
        "", {"e4",  "e5", "Nf3",  "Nc6",  "Bb5",  "a6",   "Ba4",  "Nf6", "O-O",  "Be7",
             "Re1", "b5", "Bb3",  "d6",   "c3",   "O-O",  "h3",   "Nb8", "d4",   "Nbd7",
             "c4",  "c6", "cxb5", "axb5", "Nc3",  "Bb7",  "Bg5",  "b4",  "Nb1",  "h6",
             "Bh4", "c5", "dxe5", "Nxe4", "Bxe7", "Qxe7", "exd6", "Qf6", "Nbd2", "Nxd6"});
    ASSERT_EQ(record.actions.size(), 40u);
    std::string pgn = exportPgn(record);
    auto l = lines(pgn);
    int movetextLines = 0;
    bool inMovetext = false;
    for (const auto& line : l) {
        EXPECT_LE(line.size(), 80u) << line;
        if (inMovetext && !line.empty()) ++movetextLines;
        if (line.empty()) inMovetext = true;
    }
    EXPECT_GE(movetextLines, 3);
    EXPECT_EQ(l.back().substr(l.back().size() - 1), "*");
}

// The standard start position, its moves numbered from `fullmove` on (the
// record of a game continued from a score sheet).
std::string standardStartAtMove(int fullmove) {
    return "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 " + std::to_string(fullmove);
}

// Twenty moves each: long enough to need several lines.
std::vector<Action> longGameFrom(const std::string& startFen) {
    return actionsFor(startFen,
                      {"d4",  "Nf6", "c4",  "e6",  "Nc3",  "Bb4",  "e3",   "O-O",  "Bd3",  "d5",
                       "Nf3", "c5",  "O-O", "Nc6", "a3",   "Bxc3", "bxc3", "dxc4", "Bxc4", "Qc7",
                       "Bd3", "e5",  "Qc2", "Re8", "Nxe5", "Nxe5", "dxe5", "Qxe5", "f3",   "Bd7",
                       "e4",  "c4",  "Be2", "Qe7", "Bg5",  "h6",   "Bh4",  "g5",   "Bf2",  "Qe5"});
}

bool isMoveNumber(const std::string& token) {
    return !token.empty() && std::isdigit(static_cast<unsigned char>(token.front())) &&
           token.back() == '.';
}

// Numbered from different moves, the same game's lines break at different
// places; at many of them a line would end just after a number ("12.").
TEST(Pgn, AMoveNumberIsNeverSplitFromItsMove) {
    for (int fullmove = 1; fullmove <= 30; ++fullmove) {
        GameRecord record;
        record.startText = standardStartAtMove(fullmove);
        record.actions = longGameFrom(record.startText);
        ASSERT_EQ(record.actions.size(), 40u);
        const auto l = lines(exportPgn(record));
        const auto blank = std::find(l.begin(), l.end(), "");
        ASSERT_NE(blank, l.end());
        ASSERT_GE(l.end() - blank, 3) << "the movetext takes more than one line";
        for (auto line = blank + 1; line != l.end(); ++line) {
            EXPECT_LE(line->size(), 80u) << *line;
            const std::string last = line->substr(line->rfind(' ') + 1);
            EXPECT_FALSE(isMoveNumber(last)) << "from move " << fullmove << ": " << *line;
        }
    }
}

TEST(Pgn, AnUnfinishedGameIsUnterminated) {
    GameRecord record;
    record.actions = actionsFor("", {"e4"});
    EXPECT_NE(exportPgn(record).find("[Termination \"unterminated\"]\n"), std::string::npos);
}

TEST(Pgn, AFinishedGameEndedNormallyUnlessTheRecordSaysHow) {
    GameRecord record;
    record.actions = actionsFor("", {"f3", "e5", "g4", "Qh4#"});
    record.outcome = Outcome::win({1}, "checkmate");
    EXPECT_NE(exportPgn(record).find("[Termination \"normal\"]\n"), std::string::npos);

    record.actions = actionsFor("", {"e4"});
    record.outcome = Outcome::win({1}, "White lost on time");
    record.tags = {{"Termination", "time forfeit"}};
    const std::string pgn = exportPgn(record);
    EXPECT_NE(pgn.find("[Termination \"time forfeit\"]\n"), std::string::npos) << pgn;
    EXPECT_EQ(pgn.find("[Termination \"normal\"]"), std::string::npos) << pgn;
}

TEST(Pgn, EscapesQuotesAndBackslashesInTagValuesAndDropsBadTagNames) {
    GameRecord record;
    record.tags = {{"Event", "The \"big\" one \\ 2026"}, {"Bad Name", "x"}, {"", "y"}};
    std::string pgn = exportPgn(record);
    EXPECT_NE(pgn.find("[Event \"The \\\"big\\\" one \\\\ 2026\"]"), std::string::npos) << pgn;
    EXPECT_EQ(pgn.find("Bad Name"), std::string::npos);
}

TEST(Pgn, RecordTagsNeverOverrideResultOrSetUp) {
    GameRecord record;
    record.tags = {{"Result", "1-0"}, {"FEN", "junk"}};
    std::string pgn = exportPgn(record);
    EXPECT_NE(pgn.find("[Result \"*\"]"), std::string::npos);
    EXPECT_EQ(pgn.find("junk"), std::string::npos);
}

TEST(Pgn, StopsAtAnIllegalActionWithAComment) {
    GameRecord record;
    record.actions = {Action::move(12, 28), Action::move(12, 28)};
    std::string pgn = exportPgn(record);
    EXPECT_NE(pgn.find("1. e4 {the record continues with a move that is not legal here} *"),
              std::string::npos)
        << pgn;
}

TEST(Pgn, GameExportsThroughTheGameInterface) {
    FideGame game;
    GameRecord record;
    record.actions = actionsFor("", {"e4", "e5"});
    EXPECT_EQ(game.recordExtension(), "pgn");
    EXPECT_NE(game.exportRecord(record).find("1. e4 e5 *"), std::string::npos);
}

}  // namespace
}  // namespace arbiter::fide
