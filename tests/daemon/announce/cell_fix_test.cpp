#include "daemon/announce/cell_fix.h"

#include <gtest/gtest.h>

#include <string>

namespace arbiter {
namespace {

const SetPiece kWhitePawn{SetColour::White, Figure::Pawn};
const SetPiece kBlackQueen{SetColour::Black, Figure::Queen};
const SetPiece kWhiteKnight{SetColour::White, Figure::Knight};

class CellFixes : public ::testing::Test {
  protected:
    Cell at(const char* name) const { return *g.parse(name); }
    FixStep step(const char* cell, Appearance sensed, Appearance wanted,
                 Sensing sensing = Sensing::ColourAndKind, const Game* game = nullptr) const {
        return fixStep(CellFix{at(cell), sensed, wanted, sensing}, g, game);
    }

    const Geometry g = Geometry::rectangle(8, 8);
};

TEST_F(CellFixes, EachFixIsAStepToTakeOffPutOrReplace) {
    const FixStep put = step("e2", std::nullopt, kWhitePawn);
    EXPECT_EQ(put.cell, "e2");
    EXPECT_EQ(put.what, FixStep::Do::Put);
    EXPECT_FALSE(put.sensed);
    ASSERT_TRUE(put.wanted);
    EXPECT_EQ(put.wanted->piece, kWhitePawn);
    EXPECT_EQ(put.wanted->name, "white pawn");

    const FixStep off = step("d8", kBlackQueen, std::nullopt);
    EXPECT_EQ(off.what, FixStep::Do::TakeOff);
    ASSERT_TRUE(off.sensed);
    EXPECT_EQ(off.sensed->name, "black queen");
    EXPECT_FALSE(off.wanted);

    const FixStep replace = step("e8", kWhitePawn, kBlackQueen);
    EXPECT_EQ(replace.what, FixStep::Do::Replace);
    EXPECT_EQ(replace.sensed->piece, kWhitePawn);
    EXPECT_EQ(replace.wanted->piece, kBlackQueen);
    EXPECT_FALSE(replace.change);
}

// A board that senses only occupancy cannot tell which piece to take off.
TEST_F(CellFixes, APieceTheBoardCannotTellIsNotNamed) {
    const FixStep off = step("c3", kWhitePawn, std::nullopt, Sensing::Occupancy);
    EXPECT_EQ(off.what, FixStep::Do::TakeOff);
    EXPECT_FALSE(off.sensed);
    EXPECT_EQ(describeFix(off), "take the piece off c3");
    const FixStep nothing = step("c3", std::nullopt, std::nullopt);
    EXPECT_EQ(nothing.what, FixStep::Do::TakeOff);
    EXPECT_EQ(describeFix(nothing), "take the piece off c3");
}

TEST_F(CellFixes, TheWordsAreMadeFromTheStep) {
    EXPECT_EQ(describeFix(step("e2", std::nullopt, kWhitePawn)), "put a white pawn on e2");
    EXPECT_EQ(describeFix(step("d8", kBlackQueen, std::nullopt)), "take the black queen off d8");
    EXPECT_EQ(describeFix(step("e8", kWhitePawn, kBlackQueen)),
              "replace the white pawn on e8 by a black queen");
    EXPECT_EQ(describeFix(CellFix{at("e2"), std::nullopt, kWhitePawn}, g),
              "put a white pawn on e2");
}

// In a game of hidden views a step may follow a change of the player's view.
TEST_F(CellFixes, AChangeOfAViewIsToldBeforeTheStepToMake) {
    FixStep step = this->step("c3", std::nullopt, kWhiteKnight);
    step.change = FixStep::ViewChange::Appeared;
    EXPECT_EQ(describeFix(step), "a piece appeared on c3: put a white knight there");
    step = this->step("c3", kWhiteKnight, std::nullopt);
    step.change = FixStep::ViewChange::OutOfSight;
    EXPECT_EQ(describeFix(step), "c3 is out of your sight now: take its piece off");
    step.change = FixStep::ViewChange::Gone;
    EXPECT_EQ(describeFix(step), "the piece on c3 is gone: take it off");
    step = this->step("c3", kWhitePawn, kWhiteKnight);
    step.change = FixStep::ViewChange::Became;
    EXPECT_EQ(describeFix(step),
              "the piece on c3 is now a white knight: put one there in place of the white pawn");
}

TEST_F(CellFixes, AStepAsDataNamesTheSetPieceAndTheGamesWordsForIt) {
    EXPECT_EQ(fixStepData(step("e2", std::nullopt, kWhitePawn)),
              nlohmann::json::parse(R"({"cell": "e2", "do": "put", "wanted":
                  {"colour": "white", "figure": "pawn", "name": "white pawn"}})"));
    EXPECT_EQ(fixStepData(step("c3", kWhitePawn, std::nullopt, Sensing::Occupancy)),
              nlohmann::json::parse(R"({"cell": "c3", "do": "take-off"})"));
    EXPECT_EQ(fixStepData(step("e8", kWhitePawn, kBlackQueen)),
              nlohmann::json::parse(R"({"cell": "e8", "do": "replace",
                  "sensed": {"colour": "white", "figure": "pawn", "name": "white pawn"},
                  "wanted": {"colour": "black", "figure": "queen", "name": "black queen"}})"));
    FixStep gone = step("d8", kBlackQueen, std::nullopt);
    gone.change = FixStep::ViewChange::Gone;
    EXPECT_EQ(fixStepData(gone), nlohmann::json::parse(R"({"cell": "d8", "do": "take-off",
                  "sensed": {"colour": "black", "figure": "queen", "name": "black queen"},
                  "change": "gone"})"));
    FixStep moved = step("d8", kBlackQueen, std::nullopt);
    for (auto [change, name] : {std::pair{FixStep::ViewChange::Appeared, "appeared"},
                                std::pair{FixStep::ViewChange::OutOfSight, "out-of-sight"},
                                std::pair{FixStep::ViewChange::Became, "became"}}) {
        moved.change = change;
        EXPECT_EQ(fixStepData(moved)["change"], name);
    }
}

// A look-alike where another piece belongs, as a board that reads tags tells
// it: the fix says which piece to exchange it for, or where the right one
// stood when it is off the boards, and its data says so too.
TEST_F(CellFixes, ALookAlikeIsExchangedForTheRightPiece) {
    const Geometry g = Geometry::rectangle(8, 8);
    const Cell c3 = *g.parse("c3"), b2 = *g.parse("b2");
    const SetPiece pawn{SetColour::White, Figure::Pawn};
    CellFix fix{c3, pawn, pawn, Sensing::ColourAndKind, CellFix::RightPiece{b2, true}};
    EXPECT_EQ(describeFix(fix, g),
              "the white pawn on c3 is another piece than the one that belongs there: exchange "
              "it for the one on b2");
    EXPECT_EQ(fixStepData(fixStep(fix, g)), nlohmann::json::parse(R"({"cell": "c3",
                  "do": "exchange",
                  "sensed": {"colour": "white", "figure": "pawn", "name": "white pawn"},
                  "wanted": {"colour": "white", "figure": "pawn", "name": "white pawn"},
                  "rightPiece": {"cell": "b2", "standsThere": true}})"));
    fix.rightPiece = CellFix::RightPiece{b2, false};
    EXPECT_EQ(describeFix(fix, g),
              "the white pawn on c3 is another piece than the one that belongs there: put the "
              "one from b2 there");
    // An occupancy board that reads tags names the piece the game wants there.
    fix.sensing = Sensing::Occupancy;
    fix.sensed = SetPiece{SetColour::Black, Figure::Rook};
    EXPECT_EQ(fixStep(fix, g).sensed->name, "white pawn");
    fix.rightPiece = CellFix::RightPiece{};
    EXPECT_EQ(describeFix(fix, g),
              "the white pawn on c3 is another piece than the one that belongs there: put the "
              "right one there");
}

// What a step's data says it does reads back as the step's own.
TEST_F(CellFixes, WhatAStepDoesIsReadBackFromItsData) {
    for (auto what :
         {FixStep::Do::TakeOff, FixStep::Do::Put, FixStep::Do::Replace, FixStep::Do::Exchange}) {
        FixStep made{.cell = "e2", .what = what};
        EXPECT_EQ(fixStepDoNamed(fixStepData(made)["do"].get<std::string>()), what);
    }
    EXPECT_EQ(fixStepDoNamed("take off"), std::nullopt);
    EXPECT_EQ(fixStepDoNamed("Put"), std::nullopt);
    EXPECT_EQ(fixStepDoNamed(""), std::nullopt);
}

// Martian Chess names its pieces by their kind, whatever the set piece.
TEST_F(CellFixes, AGameNamesThePiecesInItsOwnWords) {
    std::string why;
    auto game = makeGame("martian", GameOptions(), why);
    ASSERT_TRUE(game) << why;
    const FixStep put = step("c3", std::nullopt, kWhiteKnight, Sensing::ColourAndKind, game.get());
    EXPECT_EQ(put.wanted->name, "drone (knight or rook)");
    EXPECT_EQ(put.wanted->piece, kWhiteKnight);
    EXPECT_EQ(describeFix(put), "put a drone (knight or rook) on c3");
    EXPECT_EQ(fixStepData(put)["wanted"],
              (nlohmann::json{
                  {"colour", "white"}, {"figure", "knight"}, {"name", "drone (knight or rook)"}}));
}

TEST_F(CellFixes, FixesAreToldInWordsAndAsDataSideBySide) {
    const std::vector<CellFix> fixes = {{at("e4"), kWhitePawn, std::nullopt},
                                        {at("e2"), std::nullopt, kWhitePawn},
                                        {at("d8"), std::nullopt, kBlackQueen}};
    const ToldFixes all = tellFixes(fixes, g, nullptr);
    EXPECT_EQ(all.words,
              (std::vector<std::string>{"take the white pawn off e4", "put a white pawn on e2",
                                        "put a black queen on d8"}));
    ASSERT_EQ(all.steps.size(), 3u);
    EXPECT_EQ(all.steps[1], fixStepData(step("e2", std::nullopt, kWhitePawn)));
    const ToldFixes first = tellFixes(fixes, g, nullptr, 2);
    EXPECT_EQ(first.words.size(), 2u);
    EXPECT_EQ(first.steps.size(), 2u);
}

}  // namespace
}  // namespace arbiter

namespace arbiter {
namespace {

// On a table of several boards a step names the board and its square too,
// in words and in data; the same step on one board is as terse as ever.
TEST(CellFixOnSeveralBoards, AStepSaysTheBoardAndTheSquareAPlayerReadsThere) {
    const Geometry g = Geometry::rectangle(16, 8);
    std::vector<std::optional<CellPlace>> byCell(static_cast<size_t>(g.size()));
    byCell[static_cast<size_t>(*g.parse("k5"))] = CellPlace{"board B", "c5"};
    const CellPlaces places(std::move(byCell));
    const CellFix fix{*g.parse("k5"), std::nullopt, kWhitePawn, Sensing::ColourAndKind};
    const ToldFixes told = tellFixes({fix}, g, nullptr, 8, &places);
    ASSERT_EQ(told.words.size(), 1u);
    EXPECT_EQ(told.words[0], "put a white pawn on k5 (board B c5)");
    EXPECT_EQ(told.steps[0]["cell"], "k5");
    EXPECT_EQ(told.steps[0]["board"], "board B");
    EXPECT_EQ(told.steps[0]["square"], "c5");
    const ToldFixes terse = tellFixes({fix}, g, nullptr);
    EXPECT_EQ(terse.words[0], "put a white pawn on k5");
    EXPECT_FALSE(terse.steps[0].contains("board"));
}

}  // namespace
}  // namespace arbiter
