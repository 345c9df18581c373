// What an action changes beyond the mover's hands (Far Reach: a capture also
// removes the pawn on the mirror cell, far away): the action is committed once
// the mover's part is shown, the players are told what is left to do, and the
// cells are judged against the new state from then on.
#include <gtest/gtest.h>

#include <fstream>
#include <memory>

#include "daemon/referee/referee.h"
#include "daemon/table/playing_table.h"
#include "tests/daemon/sensed_boards.h"
#include "tests/daemon/temp_directory.h"
#include "tests/games/far_reach.h"

namespace arbiter {
namespace {

constexpr SetPiece kWhite{SetColour::White, Figure::Pawn};
constexpr SetPiece kBlack{SetColour::Black, Figure::Pawn};

// On two boards, one above the other: White's c3 may capture Black's d4, and
// the mirror of d4 is e13, on the other board, where a black pawn stands.
constexpr const char* kTwoBoards =
    "8x16 w .......B/......../......../....B.../......../......../......../......../"
    "......../......../......../......../...B..../..W...../......../W.......";

class FarReachReferee : public ::testing::Test {
  protected:
    void SetUp() override {
        std::string error;
        state = game->load(kTwoBoards, error);
        ASSERT_TRUE(state) << error;
        boards = std::make_unique<testing::SensedBoards>(state->geometry(), Sensing::ColourAndKind);
        boards->show(*state);
        referee.prepare(*state, nullptr, nullptr, boards->surface());
    }
    Verdict judge() { return referee.judge(boards->surface()); }
    void capture() {
        boards->lift("c3");
        boards->lift("d4");
        boards->put("d4", kWhite);
    }
    std::vector<std::string> stillToMake(const Verdict& v) const {
        std::vector<std::string> out;
        for (const CellFix& f : v.consequences) out.push_back(describeFix(f, state->geometry()));
        return out;
    }

    std::unique_ptr<Game> game = testgames::makeFarReachGame(8, 16);
    std::unique_ptr<GameState> state;
    std::unique_ptr<testing::SensedBoards> boards;
    Referee referee;
};

TEST_F(FarReachReferee, TheEffectMarksTheFarRemovalAsAConsequence) {
    Effect e = state->effect(*state->decode("c3-d4"));
    ASSERT_EQ(e.changes.size(), 3u);
    EXPECT_FALSE(e.find(boards->cell("c3"))->consequence);
    EXPECT_FALSE(e.find(boards->cell("d4"))->consequence);
    EXPECT_TRUE(e.find(boards->cell("e13"))->consequence);
}

TEST_F(FarReachReferee, TheCaptureIsCommittedOnceTheMoversPartIsShown) {
    capture();
    Verdict v = judge();
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(state->encode(v.actions.at(0)), "c3-d4");
    EXPECT_EQ(stillToMake(v), std::vector<std::string>{"take the black pawn off e13"});
}

TEST_F(FarReachReferee, AFarPawnTakenOffFirstIsOnTheWayAndLeavesNothingToDo) {
    boards->lift("e13");
    EXPECT_EQ(judge().kind, Verdict::Kind::Pending);
    capture();
    Verdict v = judge();
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_TRUE(v.consequences.empty());
}

TEST_F(FarReachReferee, WithoutTheMoversPartTheFarPawnAloneIsNothing) {
    boards->lift("d4");
    boards->lift("e13");
    EXPECT_EQ(judge().kind, Verdict::Kind::Pending) << "the captured pawn and the far one are off";
    boards->put("e13", kBlack);
    boards->put("d4", kBlack);
    EXPECT_EQ(judge().kind, Verdict::Kind::Settled);
}

TEST_F(FarReachReferee, ConsequencesLeftUndoneAreFixesOnceTheNextMoveIsMade) {
    capture();
    Verdict v = judge();
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    auto before = state->clone();
    state->apply(v.actions.at(0));
    boards->surface().markStill();
    referee.prepare(*state, before.get(), &v.actions.at(0), boards->surface());

    // Against the new state only e13 differs: the players were told, and it is
    // also where a takeback would begin, so there is nothing more to say yet.
    EXPECT_EQ(judge().kind, Verdict::Kind::Pending);
    boards->lift("h16");
    boards->put("h15", kBlack);
    v = judge();
    ASSERT_EQ(v.kind, Verdict::Kind::Illegal);
    ASSERT_EQ(v.fixes.size(), 1u);
    EXPECT_EQ(describeFix(v.fixes[0], state->geometry()), "take the black pawn off e13");
    ASSERT_EQ(v.fixesComplete.size(), 1u);
    EXPECT_EQ(state->encode(v.fixesComplete[0]), "h16-h15");
    boards->lift("e13");
    v = judge();
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(state->encode(v.actions.at(0)), "h16-h15");
}

// The table: one board, a game begun a move away from a far capture.
// White's c4 may capture d5, whose mirror is e4, where a black pawn stands.
constexpr const char* kStart =
    "8x8 w B......./......../......../...B..../..W.B.../......../......../.......W";

class FarReachTable : public ::testing::Test {
  protected:
    void SetUp() override { open(); }
    void open() {
        TableSettings settings;
        BoardSetting board;
        board.name = board.placement.name = "board";
        board.device = {"dgt", dir + "/no-board-here"};
        board.rotationGiven = true;
        settings.boards.push_back(board);
        settings.session.time = *TimeControl::parse("5+3");
        settings.session.journalDir = dir + "/games";
        settings.settleMs = 100;
        std::string error;
        table = openTable(loop, settings, testgames::makeFarReachGame(8, 8, kStart), said, error);
        ASSERT_TRUE(table) << error;
    }
    // The board shows these ranks (from the top, as in a Far Reach state) and
    // stays still long enough to be judged.
    void show(const std::string& ranks) {
        BoardSquares squares{};
        size_t square = 0;
        for (char c : ranks) {
            if (c == '/') continue;
            if (c == 'W') squares[square] = kWhite;
            if (c == 'B') squares[square] = kBlack;
            ++square;
        }
        table->boardDump(0, squares);
        time.advance(150);
        loop.runOnce(0);
    }
    std::vector<AnnouncementType> types() const {
        std::vector<AnnouncementType> out;
        for (const auto& a : said.all) out.push_back(a.type);
        return out;
    }
    const Announcement* last(AnnouncementType type) const {
        for (auto a = said.all.rbegin(); a != said.all.rend(); ++a) {
            if (a->type == type) return &*a;
        }
        return nullptr;
    }

    class Said : public AnnouncementSink {
      public:
        void announce(const Announcement& a) override { all.push_back(a); }
        std::vector<Announcement> all;
    };

    testing::TempDirectory scratch{"arbiter-far-reach"};
    std::string dir = scratch.path();
    ManualTimeSource time;
    EventLoop loop{time};
    Said said;
    std::unique_ptr<PlayingTable> table;
};

constexpr const char* kStartRanks =
    "B......./......../......../...B..../..W.B.../......../......../.......W";
// The mover's part made: c4 empty, d5 White's; e4 still there.
constexpr const char* kCaptured =
    "B......./......../......../...W..../....B.../......../......../.......W";
constexpr const char* kAllDone =
    "B......./......../......../...W..../......../......../......../.......W";

TEST_F(FarReachTable, TheCaptureIsAnnouncedWithThePawnToTakeOffFarAway) {
    show(kStartRanks);
    ASSERT_NE(last(AnnouncementType::Start), nullptr);
    show(kCaptured);
    ASSERT_NE(last(AnnouncementType::Move), nullptr);
    EXPECT_EQ(table->session()->ply(), 1);
    const Announcement* now = last(AnnouncementType::Consequences);
    ASSERT_NE(now, nullptr);
    EXPECT_EQ(now->text, "Now take the black pawn off e4.");
    EXPECT_EQ(said.all.back().type, AnnouncementType::Consequences) << "said right after the move";

    // Made: said to be right again, as after a said action.
    show(kAllDone);
    EXPECT_EQ(said.all.back().type, AnnouncementType::Fixed);
    EXPECT_EQ(said.all.back().text, "The position is correct again. Black to move.");
    EXPECT_EQ(last(AnnouncementType::Illegal), nullptr);

    std::ifstream journal(table->session()->journalPath());
    std::string line, found;
    while (std::getline(journal, line)) {
        if (line.find("\"consequences\"") != std::string::npos) found = line;
    }
    EXPECT_NE(found.find("\"fixes\":[\"take the black pawn off e4\"]"), std::string::npos) << found;
}

TEST_F(FarReachTable, AConsequenceLeftUndoneMustBeMadeBeforeTheNextMoveCounts) {
    show(kStartRanks);
    show(kCaptured);
    ASSERT_EQ(table->session()->ply(), 1);
    // Black steps a8-a7 with the far pawn still on e4.
    show("......../B......./......../...W..../....B.../......../......../.......W");
    // The far pawn is work still to do, not a rule broken.
    EXPECT_EQ(last(AnnouncementType::Illegal), nullptr);
    const Announcement* toDo = last(AnnouncementType::ToDo);
    ASSERT_NE(toDo, nullptr);
    EXPECT_EQ(toDo->text, "Still to do: take the black pawn off e4. (That completes a8-a7.)");
    EXPECT_EQ(table->session()->ply(), 1);
    show("......../B......./......../...W..../......../......../......../.......W");
    EXPECT_EQ(table->session()->ply(), 2);
}

TEST_F(FarReachTable, AConsequenceLeftUndoneIsSaidAgainAfterAWhile) {
    show(kStartRanks);
    show(kCaptured);
    ASSERT_EQ(said.all.back().text, "Now take the black pawn off e4.");
    size_t before = said.all.size();
    time.advance(1000);
    loop.runOnce(0);
    EXPECT_EQ(said.all.size(), before) << "not yet";
    time.advance(1500);
    loop.runOnce(0);
    ASSERT_EQ(said.all.size(), before + 1);
    EXPECT_EQ(said.all.back().type, AnnouncementType::Consequences);
    EXPECT_EQ(said.all.back().text, "Now take the black pawn off e4.");
    show(kAllDone);
    time.advance(5000);
    loop.runOnce(0);
    // Done: right again, and no more reminders.
    EXPECT_EQ(said.all.size(), before + 2);
    EXPECT_EQ(said.all.back().type, AnnouncementType::Fixed);
}

TEST_F(FarReachTable, AGameWithConsequencesInItsJournalResumes) {
    show(kStartRanks);
    show(kCaptured);
    ASSERT_NE(last(AnnouncementType::Consequences), nullptr);
    table.reset();
    said.all.clear();
    open();
    ASSERT_NE(table->session(), nullptr);
    EXPECT_EQ(table->session()->ply(), 1);
    EXPECT_EQ(table->session()->current().serialize(),
              "8x8 b B......./......../......../...W..../......../......../......../.......W");
}

}  // namespace
}  // namespace arbiter
