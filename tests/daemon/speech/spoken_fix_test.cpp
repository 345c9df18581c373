// The fixes of the boards as speech says them: from the steps that
// announcements carry as data (fixSteps), in English and German.
#include <gtest/gtest.h>

#include <string>

#include "daemon/session/session.h"
#include "daemon/speech/spoken_text.h"
#include "tests/daemon/recording_sink.h"
#include "tests/daemon/speech/fix_step_data.h"

namespace arbiter {
namespace {

using testing::Black;
using testing::exchange;
using testing::piece;
using testing::put;
using testing::replace;
using testing::takeOff;
using testing::White;

constexpr SpeechLanguage En = SpeechLanguage::English;
constexpr SpeechLanguage De = SpeechLanguage::German;

TEST(SpokenText, FixesOfTheBoardsInBothLanguages) {
    EXPECT_EQ(spokenFix(put("e4", piece(White, Figure::Pawn)), En), "put a white pawn on e4");
    EXPECT_EQ(spokenFix(takeOff("c3", piece(Black, Figure::Pawn, "black pawn (a drone)")), En),
              "take the black pawn off c3");
    EXPECT_EQ(spokenFix(put("e4", piece(White, Figure::Pawn)), De),
              "einen weißen Bauern auf e4 stellen");
    EXPECT_EQ(spokenFix(put("d8", piece(Black, Figure::Queen)), De),
              "eine schwarze Dame auf d8 stellen");
    EXPECT_EQ(spokenFix(takeOff("g1", piece(White, Figure::Knight)), De),
              "den weißen Springer von g1 nehmen");
    EXPECT_EQ(
        spokenFix(takeOff("h8", piece(Black, Figure::Queen, "black queen (a freighter)")), De),
        "die schwarze Dame von h8 nehmen");
    EXPECT_EQ(spokenFix(takeOff("c31"), De), "die Figur von c31 nehmen");
    EXPECT_EQ(spokenFix(replace("e8", piece(White, Figure::Pawn), piece(White, Figure::Queen)), De),
              "den weißen Bauern auf e8 durch eine weiße Dame ersetzen");
    // A piece in a game's own words: those words, the cells read (as in a
    // game's notation, which is how such a fix is read).
    EXPECT_EQ(spokenNotation("move a3-a4", De), "move a3 nach a4");
    EXPECT_EQ(spokenFix(put("e4", piece(White, Figure::Pawn, "green blob")), De),
              "put a green blob on e4");
}

// A look-alike that stands where another piece belongs (a board that reads
// each piece's tag): which to exchange it for, or where the right one stood.
TEST(SpokenText, ALookAlikeToExchangeInBothLanguages) {
    const NamedPiece pawn = piece(White, Figure::Pawn);
    EXPECT_EQ(spokenFix(exchange("c3", pawn, "b2", true), En),
              "exchange the white pawn on c3 for the one on b2");
    EXPECT_EQ(spokenFix(exchange("c3", pawn, "b2", false), En), "put the white pawn from b2 on c3");
    EXPECT_EQ(spokenFix(exchange("c3", pawn, "b2", true), De),
              "den weißen Bauern auf c3 mit der Figur auf b2 tauschen");
    EXPECT_EQ(spokenFix(exchange("c3", pawn, "b2", false), De), "die Figur von b2 auf c3 stellen");
}

TEST(SpokenText, APieceInTheGamesOwnWordsIsSaidInThem) {
    const NamedPiece drone = piece(White, Figure::Knight, "drone (knight or rook)");
    EXPECT_EQ(spokenFix(put("c3", drone), En), "put a drone on c3");
    EXPECT_EQ(spokenFix(put("c3", drone), De), "put a drone on c3");
    EXPECT_EQ(spokenFix(replace("b3", piece(White, Figure::Pawn, "pawn"), drone), En),
              "replace the pawn on b3 by a drone");
    // A set piece with a remark for the eye is still the set piece in German.
    EXPECT_EQ(spokenFix(put("h1", piece(White, Figure::Bishop, "white bishop (a freighter)")), De),
              "einen weißen Läufer auf h1 stellen");
    // As Martian Chess names it.
    std::string why;
    auto martian = makeGame("martian", GameOptions(), why);
    ASSERT_TRUE(martian) << why;
    const Geometry g = Geometry::rectangle(4, 8);
    const CellFix fix{*g.parse("c3"), std::nullopt, SetPiece{White, Figure::Knight}};
    EXPECT_EQ(spokenFix(fixStepData(fixStep(fix, g, martian.get())), De), "put a drone on c3");
}

TEST(SpokenText, WhatIsNoFixStepIsNotSaid) {
    nlohmann::json noPiece = put("e4", piece(White, Figure::Pawn));
    noPiece.erase("wanted");
    nlohmann::json noCell = put("e4", piece(White, Figure::Pawn));
    noCell.erase("cell");
    nlohmann::json otherDo = put("e4", piece(White, Figure::Pawn));
    otherDo["do"] = "move";
    for (const nlohmann::json& step :
         {noPiece, noCell, otherDo, nlohmann::json("put a white pawn on e4"), nlohmann::json()}) {
        EXPECT_EQ(spokenFix(step, En), "") << step;
        EXPECT_EQ(spokenFix(step, De), "") << step;
    }
}

// What a session announces of the boards is said from the steps it carries.
TEST(SpokenText, ASessionsFixesAreSpokenFromWhatItAnnounces) {
    auto game = makeGame("fide");
    SessionSettings settings;
    settings.players = {"Ann", "Bob"};
    ManualTimeSource time;
    testing::RecordingSink sink;
    std::string error;
    auto session = Session::begin(*game, settings, sink, time, error);
    ASSERT_TRUE(session) << error;
    const Geometry& g = session->current().geometry();
    const SetPiece pawn{White, Figure::Pawn};
    session->announceIllegal(
        {CellFix{*g.parse("e2"), std::nullopt, pawn}, CellFix{*g.parse("e4"), pawn, std::nullopt}},
        {});
    EXPECT_EQ(spokenText(sink.said.back(), De, "fide"),
              "Ungültige Stellung. einen weißen Bauern auf e2 stellen; den weißen Bauern von e4 "
              "nehmen");
    session->announceConsequences(
        {CellFix{*g.parse("d5"), SetPiece{Black, Figure::Pawn}, std::nullopt, Sensing::Occupancy}});
    EXPECT_EQ(spokenText(sink.said.back(), En, "fide"), "Now take the piece off d5");
    EXPECT_EQ(spokenText(sink.said.back(), De, "fide"), "Jetzt die Figur von d5 nehmen");
}

}  // namespace
}  // namespace arbiter
