#include "daemon/speech/speech.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <sstream>

#include "daemon/session/session.h"
#include "daemon/speech/espeak.h"
#include "daemon/speech/spoken_text.h"
#include "tests/daemon/captured_log.h"
#include "tests/daemon/recording_sink.h"
#include "tests/daemon/speech/fix_step_data.h"
#include "tests/daemon/temp_directory.h"

namespace arbiter {
namespace {

using testing::Black;
using testing::piece;
using testing::put;
using testing::takeOff;
using testing::White;

constexpr SpeechLanguage En = SpeechLanguage::English;
constexpr SpeechLanguage De = SpeechLanguage::German;

// A move announcement as a session makes it, with only what speech reads.
Announcement move(const std::string& notation, std::vector<std::string> captured = {},
                  const std::string& name = "", const std::string& text = "") {
    return {AnnouncementType::Move,
            text.empty() ? "1. " + notation + ". 15:00, 15:00" : text,
            {{"san", notation}, {"notation", notation}, {"name", name}, {"captured", captured}}};
}

std::string chess(const std::string& san, SpeechLanguage language = En,
                  std::vector<std::string> captured = {}) {
    return spokenText(move(san, std::move(captured)), language, "fide");
}

TEST(SpokenText, ChessMovesInTheWordsPlayersUse) {
    EXPECT_EQ(chess("e4"), "e4");
    EXPECT_EQ(chess("Nf3"), "knight f3");
    EXPECT_EQ(chess("Nxe5+", En, {"black pawn on e5"}), "knight takes e5, check");
    EXPECT_EQ(chess("exd5", En, {"black pawn on d5"}), "pawn takes d5");
    EXPECT_EQ(chess("Bb5"), "bishop b5");
    EXPECT_EQ(chess("Rxa8#", En, {"black rook on a8"}), "rook takes a8, checkmate");
    EXPECT_EQ(chess("Qh5"), "queen h5");
    EXPECT_EQ(chess("Kf1"), "king f1");
    EXPECT_EQ(chess("O-O"), "castles kingside");
    EXPECT_EQ(chess("O-O-O+"), "castles queenside, check");
    EXPECT_EQ(chess("e8=Q"), "e8 queen");
    EXPECT_EQ(chess("bxa1=N+", En, {"white rook on a1"}), "pawn takes a1 knight, check");
    // Which of two pieces moved, as players say it.
    EXPECT_EQ(chess("Nbd7"), "knight b d7");
    EXPECT_EQ(chess("R1xe2", En, {"white bishop on e2"}), "rook 1 takes e2");
    EXPECT_EQ(chess("Qh4xe1#", En, {"white queen on e1"}), "queen h 4 takes e1, checkmate");
}

TEST(SpokenText, EnPassantIsSaidWhereThePawnTakenWasNotOnTheSquareMovedTo) {
    EXPECT_EQ(chess("exd6", En, {"black pawn on d5"}), "pawn takes d6 en passant");
    EXPECT_EQ(chess("exd6", De, {"black pawn on d5"}), "Bauer schlägt d6 en passant");
    EXPECT_EQ(chess("exd6", En, {"black knight on d6"}), "pawn takes d6");
}

TEST(SpokenText, ChessMovesInGerman) {
    EXPECT_EQ(chess("e4", De), "e4");
    EXPECT_EQ(chess("Nxe5+", De, {"black pawn on e5"}), "Springer schlägt e5, Schach");
    EXPECT_EQ(chess("Bc4", De), "Läufer c4");
    EXPECT_EQ(chess("Rd1", De), "Turm d1");
    EXPECT_EQ(chess("Qxf7#", De, {"black pawn on f7"}), "Dame schlägt f7, Matt");
    EXPECT_EQ(chess("Ke2", De), "König e2");
    EXPECT_EQ(chess("O-O", De), "kurze Rochade");
    EXPECT_EQ(chess("O-O-O", De), "lange Rochade");
    EXPECT_EQ(chess("e8=Q", De), "e8 Dame");
    EXPECT_EQ(chess("exd5", De, {"black pawn on d5"}), "Bauer schlägt d5");
}

TEST(SpokenText, WhatIsNotSanIsReadAsWords) {
    EXPECT_EQ(spokenSan("e9", false, En), "");
    EXPECT_EQ(spokenSan("Zf3", false, En), "");
    EXPECT_EQ(spokenSan("Nf3=Q", false, En), "");
    EXPECT_EQ(spokenSan("e7e8q", false, En), "");
    EXPECT_EQ(spokenSan("", false, En), "");
    EXPECT_EQ(spokenSan("+", false, En), "");
    // An announcement that is no SAN is still said, cell by cell.
    EXPECT_EQ(chess("e2-e4"), "e2 to e4");
}

TEST(SpokenText, OtherGamesMovesSayTheirCellsAndWords) {
    auto said = [](const std::string& notation, SpeechLanguage language = En) {
        return spokenText(move(notation), language, "skirmish");
    };
    EXPECT_EQ(said("a2-a3"), "a2 to a3");
    EXPECT_EQ(said("a4xa5"), "a4 takes a5");
    EXPECT_EQ(said("@d4"), "on d4");
    EXPECT_EQ(said("pass"), "pass");
    EXPECT_EQ(said("5 e1-e6"), "5 e1 to e6");
    EXPECT_EQ(said("c1-d3-e5-c6"), "c1 to d3 to e5 to c6");
    EXPECT_EQ(said("drone a3-a5 crosses into Bob's territory"),
              "drone a3 to a5 crosses into Bob's territory");
    EXPECT_EQ(said("pawn f4xe5 for 1 point, 1 in all"), "pawn f4 takes e5 for 1 point, 1 in all");
    // Remarks in brackets are for the eye.
    EXPECT_EQ(said("freighter b7-a8 arrives in port (may place)"),
              "freighter b7 to a8 arrives in port");
    // Words that merely look like cells stay words.
    EXPECT_EQ(said("slot 3 as fR2x"), "slot 3 as fR2x");
    EXPECT_EQ(said("ab12-ab13"), "ab12 to ab13");

    EXPECT_EQ(said("a2-a3", De), "a2 nach a3");
    EXPECT_EQ(said("a4xa5", De), "a4 schlägt a5");
    EXPECT_EQ(said("@d4", De), "auf d4");
    EXPECT_EQ(said("pass", De), "passt");
    EXPECT_EQ(said("has no move and passes", De), "hat keinen Zug und passt");
    EXPECT_EQ(said("ends the turn", De), "beendet den Zug");
    EXPECT_EQ(said("pawn f4xe5 for 1 point, 1 in all", De),
              "pawn f4 schlägt e5 für 1 Punkt, 1 insgesamt");
    // A game's own terms stay as its rules name them.
    EXPECT_EQ(said("drone a3-a5 crosses into Bob's territory", De),
              "drone a3 nach a5 crosses into Bob's territory");
}

TEST(SpokenText, TheMoverIsNamedWhereTheTableNamesThem) {
    EXPECT_EQ(spokenText(move("a2-a3", {}, "Ann", "Ann: a2-a3 (a2-a3). Ann 5:00, Bob 5:00"), En,
                         "skirmish"),
              "Ann, a2 to a3");
    // Chess numbers its moves instead; the number is not said.
    EXPECT_EQ(spokenText(move("e4", {}, "Ann", "1. e4 (e2e4). Ann 5:00, Bob 5:00"), En, "fide"),
              "e4");
}

TEST(SpokenText, GermanNumbersStayCardinalBeforeAFullStop) {
    // espeak-ng reads "e5." followed by more words as "e fünfte".
    Announcement illegal{
        AnnouncementType::Illegal,
        "",
        {{"fixSteps", nlohmann::json::array({put("e2", piece(White, Figure::Pawn))})}}};
    EXPECT_EQ(spokenText(illegal, De, "fide"),
              "Ungültige Stellung. einen weißen Bauern auf e2 stellen");
    Announcement board{AnnouncementType::Board, "", {{"name", "a1"}, {"connected", false}}};
    EXPECT_EQ(spokenText(board, De, "fide"), "Brett a1 ist weg; die Partie wartet darauf");
    Announcement result{AnnouncementType::Result, "", {{"status", "win"}, {"names", {"Team 2."}}}};
    EXPECT_EQ(spokenText(result, De, "fide"), "Team 2 . gewinnt");
}

TEST(SpokenText, WorkDueOnTheBoardsIsNeverSaidToBeIllegal) {
    const nlohmann::json steps = nlohmann::json::array({put("e2", piece(White, Figure::Pawn))});
    const Announcement afterTakeback{
        AnnouncementType::ToDo, "", {{"due", "takeback"}, {"fixSteps", steps}}};
    EXPECT_EQ(spokenText(afterTakeback, En, "fide"), "After the takeback: put a white pawn on e2");
    EXPECT_EQ(spokenText(afterTakeback, De, "fide"),
              "Nach der Rücknahme: einen weißen Bauern auf e2 stellen");
    const Announcement promotion{
        AnnouncementType::ToDo, "", {{"due", "completion"}, {"fixSteps", steps}}};
    EXPECT_EQ(spokenText(promotion, En, "fide"), "Still to do: put a white pawn on e2");
    EXPECT_EQ(spokenText(promotion, De, "fide"), "Noch zu tun: einen weißen Bauern auf e2 stellen");
    const Announcement say{AnnouncementType::ToDo, "", {{"due", "say"}, {"fixSteps", steps}}};
    EXPECT_EQ(spokenText(say, En, "colonization"), "This move is said, not made on the boards");
    for (const Announcement& a : {afterTakeback, promotion, say}) {
        EXPECT_EQ(spokenText(a, En, "fide").find("llegal"), std::string::npos);
        EXPECT_EQ(spokenText(a, De, "fide").find("Ungültig"), std::string::npos);
    }
}

// On a table of several boards a step names the board and square too, as
// the text does, so that a player who only hears it finds the square.
TEST(SpokenText, AStepOnATableOfSeveralBoardsSaysTheBoardSquare) {
    nlohmann::json step = put("k5", piece(White, Figure::Pawn));
    step["board"] = "board B";
    step["square"] = "c5";
    const Announcement consequence{
        AnnouncementType::Consequences, "", {{"fixSteps", nlohmann::json::array({step})}}};
    EXPECT_EQ(spokenText(consequence, En, "skirmish"), "Now put a white pawn on k5, board B c5");
    EXPECT_EQ(spokenText(consequence, De, "skirmish"),
              "Jetzt einen weißen Bauern auf k5, board B c5 stellen");
}

TEST(SpokenText, ARuleBrokenIsSaidWithItsReasonInEnglish) {
    const Announcement illegal{
        AnnouncementType::Illegal,
        "",
        {{"refusal", "the piece on e7 is Bob's, and it is Ann's turn"},
         {"fixSteps", nlohmann::json::array({put("e7", piece(Black, Figure::Pawn))})}}};
    EXPECT_EQ(
        spokenText(illegal, En, "fide"),
        "Illegal position: the piece on e7 is Bob's, and it is Ann's turn. put a black pawn on e7");
    // The rules' words are English: German says the steps alone.
    EXPECT_EQ(spokenText(illegal, De, "fide"),
              "Ungültige Stellung. einen schwarzen Bauern auf e7 stellen");
}

TEST(SpokenText, TheTablesFixedPhrasesInBothLanguages) {
    struct Case {
        Announcement a;
        const char* english;
        const char* german;
    };
    const std::vector<Case> cases = {
        {{AnnouncementType::Start, "", {{"game", "fide"}}},
         "New game of chess",
         "Neue Partie Schach"},
        {{AnnouncementType::Illegal,
          "",
          {{"fixSteps",
            {takeOff("e4", piece(White, Figure::Pawn)), put("e2", piece(White, Figure::Pawn)),
             put("e8", piece(Black, Figure::King)), put("e1", piece(White, Figure::King)),
             put("d1", piece(White, Figure::Queen))}}}},
         "Illegal position. take the white pawn off e4; put a white pawn on e2; put a black king "
         "on e8; and 2 more",
         "Ungültige Stellung. den weißen Bauern von e4 nehmen; einen weißen Bauern auf e2 "
         "stellen; einen schwarzen König auf e8 stellen; und 2 weitere"},
        {{AnnouncementType::Consequences,
          "",
          {{"fixSteps", nlohmann::json::array({takeOff("d5")})}}},
         "Now take the piece off d5",
         "Jetzt die Figur von d5 nehmen"},
        {{AnnouncementType::Setup,
          "",
          {{"fixSteps", nlohmann::json::array({put("a1", piece(White, Figure::Rook))})},
           {"count", 4}}},
         "Still to set up: put a white rook on a1; and 3 more",
         "Noch aufzubauen: einen weißen Turm auf a1 stellen; und 3 weitere"},
        {{AnnouncementType::Fixed, "", {}},
         "The position is correct again",
         "Die Stellung stimmt wieder"},
        {{AnnouncementType::Ambiguous, "", {{"candidates", {"Nbd2", "Nfd2"}}}},
         "The board fits more than one move",
         "Die Bretter passen zu mehr als einem Zug"},
        {{AnnouncementType::Confirm, "", {{"cells", {"e5", "d4"}}}},
         "Lift the piece on e5 or d4 and set it down again",
         "Die Figur auf e5 oder d4 anheben und wieder absetzen"},
        {{AnnouncementType::Takeback, "", {{"undone", "Nf3"}}},
         "Takeback: knight f3",
         "Zurückgenommen: Springer f3"},
        {{AnnouncementType::Claimable, "", {{"name", "Ann"}, {"reason", "threefold repetition"}}},
         "Ann may claim a draw",
         "Ann kann Remis beanspruchen"},
        {{AnnouncementType::DrawOffer, "", {{"name", "Bob"}}},
         "Bob offers a draw",
         "Bob bietet Remis an"},
        {{AnnouncementType::Join, "", {{"name", "Eve"}}},
         "Eve joins the game",
         "Eve kommt ins Spiel"},
        {{AnnouncementType::Join, "", {{"name", "Bob"}, {"rejoins", 1}}},
         "Bob rejoins the game",
         "Bob kommt zurück ins Spiel"},
        {{AnnouncementType::Leave, "", {{"name", "Dee"}}},
         "Dee leaves the game",
         "Dee verlässt das Spiel"},
        {{AnnouncementType::Out, "", {{"name", "Bob"}}}, "Bob is out", "Bob ist ausgeschieden"},
        {{AnnouncementType::TimeLow, "", {{"name", "Ann"}, {"leftMs", 60000}}},
         "Ann: 1 minute left",
         "Ann: noch 1 Minute"},
        {{AnnouncementType::TimeLow, "", {{"name", "Ann"}, {"leftMs", 10000}}},
         "Ann: 10 seconds left",
         "Ann: noch 10 Sekunden"},
        {{AnnouncementType::Flag, "", {{"name", "Ann"}}},
         "Ann's flag has fallen",
         "Bei Ann ist das Blättchen gefallen"},
        {{AnnouncementType::TimeLimit, "", {}},
         "The time limit is reached",
         "Das Zeitlimit ist erreicht"},
        {{AnnouncementType::Pause, "", {}}, "Clocks paused", "Die Uhren sind angehalten"},
        {{AnnouncementType::ResumeClocks, "", {}},
         "Clocks running again",
         "Die Uhren laufen wieder"},
        {{AnnouncementType::Resume, "", {}}, "The game goes on", "Die Partie geht weiter"},
        {{AnnouncementType::Waiting, "", {}},
         "Set up the start position",
         "Bitte die Grundstellung aufbauen"},
        {{AnnouncementType::Error, "", {}},
         "The game cannot be recorded",
         "Die Partie kann nicht aufgezeichnet werden"},
        {{AnnouncementType::Result,
          "",
          {{"status", "win"}, {"names", {"Ann"}}, {"reason", "checkmate"}}},
         "checkmate. Ann wins",
         "Schachmatt. Ann gewinnt"},
        {{AnnouncementType::Result,
          "",
          {{"status", "win"}, {"names", {"Ann"}}, {"namedReason", "Bob resigned"}}},
         "Bob resigned. Ann wins",
         "Bob hat aufgegeben. Ann gewinnt"},
        {{AnnouncementType::Result,
          "",
          {{"status", "win"}, {"names", {"Bob"}}, {"reason", "Ann lost on time"}}},
         "Ann lost on time. Bob wins",
         "Ann hat die Zeit überschritten. Bob gewinnt"},
        {{AnnouncementType::Result,
          "",
          {{"status", "draw"}, {"reason", "threefold repetition (claimed by Ann)"}}},
         "Draw: threefold repetition",
         "Remis: dreifache Stellungswiederholung"},
        {{AnnouncementType::Result, "", {{"status", "draw"}, {"reason", "stalemate"}}},
         "Draw: stalemate",
         "Remis: Patt"},
        // A reason German has no words for is left out, the result said.
        {{AnnouncementType::Result,
          "",
          {{"status", "win"}, {"names", {"Ann", "Cy"}}, {"reason", "Bob has no dots left"}}},
         "Bob has no dots left. Ann and Cy win",
         "Ann und Cy gewinnen"},
        {{AnnouncementType::Result, "", {{"status", "abandoned"}}},
         "Game abandoned",
         "Partie abgebrochen"},
        {{AnnouncementType::Chance, "", {{"name", "Ann"}, {"notation", "flips"}}},
         "Chance for Ann: flips",
         "Zufall für Ann: wirft"},
        {{AnnouncementType::Chain, "", {{"name", "Ann"}, {"made", "c2-d4 takes Blue's b34"}}},
         "Ann, c2 to d4 takes Blue's b34",
         "Ann, c2 nach d4 schlägt Blue's b34"},
    };
    for (const Case& c : cases) {
        EXPECT_EQ(spokenText(c.a, En, "fide"), c.english) << c.a.type;
        EXPECT_EQ(spokenText(c.a, De, "fide"), c.german) << c.a.type;
    }
    EXPECT_EQ(spokenText({AnnouncementType::Start, "", {}}, En, "martian"),
              "New game of Martian Chess");
}

TEST(SpokenText, WhatOnlyAScreenCanUseIsNotSaid) {
    for (const Announcement& a : std::vector<Announcement>{
             {AnnouncementType::Status, "Ann to move after 3 turns.", {}},
             {AnnouncementType::Waiting, "Say arbiterctl new-game.", {{"by", "arbiterctl"}}},
             {AnnouncementType::Board, "", {{"name", "a1"}, {"connected", true}}},
             // (no type is unknown: a type made for a screen instead)
             {AnnouncementType::Journal, "text", {}},
             {AnnouncementType::Flag, "no name", {}},
             {AnnouncementType::Setup, "", {{"fixes", nlohmann::json::array()}}},
             {AnnouncementType::Move, "", {{"san", 3}}},
             {AnnouncementType::Confirm, "", {{"cells", "e5"}}}}) {
        EXPECT_EQ(spokenText(a, En, "fide"), "") << a.type;
        EXPECT_EQ(spokenText(a, De, "fide"), "") << a.type;
    }
}

// What everyone hears of a turn in a game of hidden views (PrivateAnnouncements).
TEST(SpokenText, ATurnOfAGameOfHiddenViewsIsSaidWithTheCheckItGives) {
    const Announcement turn{AnnouncementType::Moved,
                            "Ann has taken their turn: Bob is in check. Ann 4:59, Bob 5:00",
                            {{"ply", 3}, {"player", 0}, {"name", "Ann"}, {"inCheck", "Bob"}}};
    EXPECT_EQ(spokenText(turn, En, "csipgs"), "Ann has taken their turn, Bob is in check");
    EXPECT_EQ(spokenText(turn, De, "csipgs"), "Ann hat den Zug gemacht, Bob steht im Schach");
    Announcement quiet = turn;
    quiet.data.erase("inCheck");
    EXPECT_EQ(spokenText(quiet, En, "csipgs"), "Ann has taken their turn");
}

TEST(SpokenText, LanguagesAreNamedByTheirCodes) {
    EXPECT_EQ(speechLanguageNamed("en"), En);
    EXPECT_EQ(speechLanguageNamed("de"), De);
    EXPECT_FALSE(speechLanguageNamed("fr"));
    EXPECT_FALSE(speechLanguageNamed(""));
    EXPECT_FALSE(speechLanguageNamed("english"));
    EXPECT_EQ(speechLanguageCode(De), "de");
}

// A session's own announcements carry what speech needs.
TEST(SpokenText, ASessionsMovesAreSpokenFromWhatItAnnounces) {
    auto game = makeGame("fide");
    SessionSettings settings;
    settings.players = {"Ann", "Bob"};
    ManualTimeSource time;
    testing::RecordingSink sink;
    std::string error;
    auto session = Session::begin(*game, settings, sink, time, error);
    ASSERT_TRUE(session) << error;
    for (const char* uci : {"e2e4", "a7a6", "e4e5", "d7d5", "e5d6"}) {
        auto a = session->current().decode(uci);
        ASSERT_TRUE(a) << uci;
        ASSERT_TRUE(session->commit(*a));
    }
    EXPECT_EQ(spokenText(sink.said.back(), En, "fide"), "pawn takes d6 en passant");
    EXPECT_EQ(session->offerDraw(1), "");
    EXPECT_EQ(spokenText(sink.said.back(), De, "fide"), "Bob bietet Remis an");
    EXPECT_EQ(session->resign(1), "");
    EXPECT_EQ(spokenText(sink.said.back(), De, "fide"), "Bob hat aufgegeben. Ann gewinnt");
}

// Says nothing aloud: remembers what it was asked to say, and is done when told.
class FakeSpeaker final : public Speaker {
  public:
    bool say(const std::string& text, Done done, std::string& error) override {
        if (refuse) {
            error = "cannot run espeak-ng";
            return false;
        }
        said.push_back(text);
        done_ = std::move(done);
        return true;
    }
    void finish(const std::string& failure = "") {
        ASSERT_TRUE(done_);
        Done done = std::move(done_);
        done_ = nullptr;
        done(failure);
    }
    bool speaking() const { return done_ != nullptr; }

    std::vector<std::string> said;
    bool refuse = false;

  private:
    Done done_;
};

TEST(SpeechSink, SaysOneTextAtATimeInOrder) {
    FakeSpeaker speaker;
    SpeechSink sink(speaker, En, "fide");
    sink.announce(move("e4"));
    sink.announce(move("e5"));
    EXPECT_EQ(speaker.said, (std::vector<std::string>{"e4"}));
    speaker.finish();
    EXPECT_EQ(speaker.said, (std::vector<std::string>{"e4", "e5"}));
    speaker.finish();
    EXPECT_FALSE(speaker.speaking());
    sink.announce(move("Nf3"));
    EXPECT_EQ(speaker.said.back(), "knight f3");
}

TEST(SpeechSink, ABacklogLosesItsOldestTexts) {
    FakeSpeaker speaker;
    SpeechSink sink(speaker, En, "fide");
    for (const char* san : {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}) sink.announce(move(san));
    EXPECT_EQ(speaker.said, (std::vector<std::string>{"e4"}));
    EXPECT_EQ(sink.waiting(), (std::deque<std::string>{"bishop b5", "a6"}));
    EXPECT_EQ(sink.dropped(), 3u);
    speaker.finish();
    speaker.finish();
    EXPECT_EQ(speaker.said, (std::vector<std::string>{"e4", "bishop b5", "a6"}));
}

TEST(SpeechSink, WhatABacklogDropsIsLoggedOnceAndCountedWhenItIsGone) {
    testing::CapturedLog log;
    FakeSpeaker speaker;
    SpeechSink sink(speaker, En, "fide");
    for (const char* san : {"e4", "e5", "Nf3", "Nc6", "Bb5"}) sink.announce(move(san));
    ASSERT_EQ(log.lines(), (std::vector<std::string>{
                               "info said aloud: e4",
                               "warning speech falls behind: \"e5\" is not said, for newer "
                               "texts (at most 2 wait)"}));
    speaker.finish();
    speaker.finish();
    EXPECT_EQ(log.lines().size(), 4u);  // and each text said since
    speaker.finish();
    EXPECT_EQ(log.lines().back(), "info speech caught up; 2 texts were not said for newer ones");
}

TEST(SpeechSink, EachTextSaidIsLoggedOnceAsSaid) {
    testing::CapturedLog log;
    FakeSpeaker speaker;
    SpeechSink sink(speaker, En, "fide");
    sink.announce(move("Nf3"));
    sink.announce({AnnouncementType::Status, "Ann to move.", {}});  // nothing to say
    speaker.finish();
    EXPECT_EQ(log.lines(), (std::vector<std::string>{"info said aloud: knight f3"}));
}

TEST(SpeechSink, NothingToSayIsNotQueued) {
    FakeSpeaker speaker;
    SpeechSink sink(speaker, En, "fide");
    sink.announce({AnnouncementType::Status, "Ann to move after 3 turns.", {}});
    EXPECT_TRUE(speaker.said.empty());
    EXPECT_TRUE(sink.waiting().empty());
}

TEST(SpeechSink, GoesOnAfterTheSpeakerFails) {
    FakeSpeaker speaker;
    SpeechSink sink(speaker, En, "fide");
    speaker.refuse = true;
    sink.announce(move("e4"));  // cannot begin: dropped, not retried forever
    EXPECT_TRUE(sink.waiting().empty());
    speaker.refuse = false;
    sink.announce(move("e5"));
    speaker.finish("espeak-ng could not speak: no sound card");
    sink.announce(move("Nf3"));
    EXPECT_EQ(speaker.said, (std::vector<std::string>{"e5", "knight f3"}));
}

TEST(Espeak, TheCommandLineKeepsTheTextFromBeingReadAsOptions) {
    EXPECT_EQ(espeakArguments("/usr/bin/espeak-ng", De, "-w Ann"),
              (std::vector<std::string>{"/usr/bin/espeak-ng", "-v", "de", "--", "-w Ann"}));
    EXPECT_EQ(espeakArguments("espeak-ng", En, "e4", "/tmp/e4.wav"),
              (std::vector<std::string>{"espeak-ng", "-v", "en", "-w", "/tmp/e4.wav", "--", "e4"}));
}

TEST(Espeak, TheProgramIsFoundInTheSearchPath) {
    testing::TempDirectory scratch{"arbiter-speech"};
    const std::string bin = scratch.path() + "/bin", other = scratch.path() + "/other";
    std::filesystem::create_directories(bin);
    std::filesystem::create_directories(other);
    std::ofstream(other + "/espeak-ng") << "not runnable\n";
    std::ofstream(bin + "/espeak-ng") << "#!/bin/sh\n";
    ::chmod((bin + "/espeak-ng").c_str(), 0755);
    EXPECT_EQ(findProgram("espeak-ng", other + ":" + bin), bin + "/espeak-ng");
    EXPECT_EQ(findProgram("espeak-ng", other), "");
    EXPECT_EQ(findProgram("espeak-ng", ""), "");
    EXPECT_EQ(findProgram("espeak-ng", scratch.path()), "");  // a folder is not a program
    EXPECT_EQ(findProgram(bin + "/espeak-ng", ""), bin + "/espeak-ng");
    EXPECT_EQ(findProgram(other + "/espeak-ng", bin), "");
    EXPECT_EQ(findProgram("", bin), "");
}

// Runs `loop` until `speaker` is done with `text` (20 s at most); the
// failure, or "timed out".
std::string sayAndWait(EventLoop& loop, Speaker& speaker, const std::string& text) {
    std::string failure = "timed out", error;
    bool done = false;
    if (!speaker.say(
            text,
            [&](const std::string& why) {
                failure = why;
                done = true;
            },
            error))
        return error;
    for (int round = 0; round < 400 && !done; ++round) loop.runOnce(50);
    return failure;
}

// The seconds of sound in a WAV file: its data chunk's size over its bytes
// per second (bytes 28 to 31 of the header).
double wavSeconds(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto word = [&](size_t at) {
        uint32_t v = 0;
        for (size_t i = 0; i < 4; ++i) v |= uint32_t(uint8_t(bytes[at + i])) << (8 * i);
        return v;
    };
    if (bytes.size() < 44 || bytes.compare(0, 4, "RIFF") != 0 || bytes.compare(8, 4, "WAVE") != 0)
        return -1;
    const uint32_t byteRate = word(28);
    // Chunks after "fmt ": the first "data" holds the sound.
    for (size_t at = 12; at + 8 <= bytes.size(); at += 8 + word(at + 4)) {
        if (bytes.compare(at, 4, "data") == 0) {
            uint32_t size = word(at + 4);
            // A stream written without knowing its length says 0 or all ones.
            if (size == 0 || size == 0xffffffff) size = uint32_t(bytes.size() - at - 8);
            return byteRate ? double(size) / byteRate : -1;
        }
    }
    return -1;
}

// The real espeak-ng, through the command line arbiterd builds: a move is
// rendered to a file of about the length it takes to say. Fails (never
// skips) without espeak-ng: scripts/bootstrap.sh installs it.
TEST(Espeak, AMoveIsSpokenForAsLongAsItTakesToSayIt) {
    const char* path = std::getenv("PATH");
    const std::string program = findProgram("espeak-ng", path ? path : "");
    ASSERT_FALSE(program.empty())
        << "espeak-ng is not installed (scripts/bootstrap.sh installs it)";
    testing::TempDirectory scratch{"arbiter-speech"};
    SystemTimeSource clock;
    EventLoop loop(clock);
    struct Case {
        SpeechLanguage language;
        const char* said;
    };
    for (const Case& c :
         {Case{En, "knight takes e5, check"}, Case{De, "Springer schlägt e5, Schach"}}) {
        const std::string text = chess("Nxe5+", c.language, {"black pawn on e5"});
        ASSERT_EQ(text, c.said);
        const std::string wav = scratch.path() + "/" + speechLanguageCode(c.language) + ".wav";
        EspeakSpeaker speaker(loop, program, c.language, wav);
        EXPECT_EQ(sayAndWait(loop, speaker, text), "");
        ASSERT_TRUE(std::filesystem::exists(wav));
        EXPECT_GT(std::filesystem::file_size(wav), 44u);
        const double seconds = wavSeconds(wav);
        EXPECT_GE(seconds, 0.8) << text;
        EXPECT_LE(seconds, 4.0) << text;
    }
}

TEST(Espeak, AProgramThatFailsIsReportedAndTheNextTextStillSaid) {
    testing::TempDirectory scratch{"arbiter-speech"};
    SystemTimeSource clock;
    EventLoop loop(clock);
    // A stand-in that complains as espeak-ng does when there is no sound card.
    const std::string fake = scratch.path() + "/espeak-ng";
    std::ofstream(fake) << "#!/bin/sh\necho \"ALSA lib: cannot find card '0'\" >&2\n"
                           "[ \"$4\" = bad ] && exit 3\nexit 0\n";
    ::chmod(fake.c_str(), 0755);
    EspeakSpeaker speaker(loop, fake, En);
    EXPECT_EQ(sayAndWait(loop, speaker, "e4"),
              "espeak-ng could not speak: ALSA lib: cannot find card '0'");
    EXPECT_EQ(sayAndWait(loop, speaker, "bad"),
              "espeak-ng failed (exit status 3): ALSA lib: cannot find card '0'");
    EspeakSpeaker missing(loop, scratch.path() + "/none", En);
    std::string error;
    EXPECT_FALSE(missing.say(
        "e4", [](const std::string&) {}, error));
    EXPECT_NE(error.find("cannot run " + scratch.path() + "/none"), std::string::npos) << error;
}

// Children of this process that have ended and were never reaped.
std::vector<std::string> zombies() {
    std::vector<std::string> found;
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        std::ifstream in(entry.path() / "stat");
        std::string stat;
        if (!std::getline(in, stat)) continue;
        // pid (name) state ppid ...: the name may hold anything, so read from its end.
        std::istringstream fields(stat.substr(stat.rfind(')') + 2));
        char state = 0;
        pid_t parent = 0;
        fields >> state >> parent;
        if (state == 'Z' && parent == ::getpid()) found.push_back(stat);
    }
    return found;
}

// espeak-ng may wake a process that outlives it holding its stderr (a sound
// server): the speaker must see espeak-ng end by itself, not wait for that
// pipe to close, or only the first text is ever said.
TEST(Espeak, AProgramThatLeavesAChildHoldingItsStderrIsStillHeardToTheEnd) {
    testing::TempDirectory scratch{"arbiter-speech"};
    SystemTimeSource clock;
    EventLoop loop(clock);
    const std::string fake = scratch.path() + "/espeak-ng";
    const std::string said = scratch.path() + "/said", left = scratch.path() + "/left";
    std::ofstream(fake) << "#!/bin/sh\necho \"$4\" >> " << said << "\nsleep 60 &\necho $! >> "
                        << left << "\nexit 0\n";
    ::chmod(fake.c_str(), 0755);
    {
        EspeakSpeaker speaker(loop, fake, En);
        for (const char* text : {"e4", "e5", "knight f3"})
            EXPECT_EQ(sayAndWait(loop, speaker, text), "") << text;
        EXPECT_EQ(zombies(), std::vector<std::string>{});
    }
    std::ifstream heard(said);
    std::vector<std::string> lines;
    for (std::string line; std::getline(heard, line);) lines.push_back(line);
    EXPECT_EQ(lines, (std::vector<std::string>{"e4", "e5", "knight f3"}));
    std::ifstream pids(left);
    for (pid_t pid = 0; pids >> pid;) ::kill(pid, SIGKILL);
}

}  // namespace
}  // namespace arbiter
