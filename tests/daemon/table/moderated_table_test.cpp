#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "daemon/session/private_announcements.h"
#include "daemon/session/session.h"
#include "daemon/table/playing_table.h"
#include "tests/daemon/recording_sink.h"
#include "tests/daemon/surface_fixture.h"
#include "tests/daemon/temp_directory.h"
#include "tests/games/test_game.h"

namespace arbiter {
namespace {

using testing::RecordingSink;
using testing::squaresFromFen;
using testing::TempDirectory;

// Lantern: a game of hidden views as small as one can be, so that the table's
// part is tested apart from csipgs's rules. Each side has one king on an 8x8
// board (White on d4, Black on d7) that steps one cell any way; taking the
// other king wins. Each player sees only their king's cell and the cells next
// to it, so that a king coming near appears in the other's view. No king may
// enter g2, which is impassable; a player who once saw it knows it.
class LanternState final : public GameState, public HiddenInformation {
  public:
    LanternState() : geometry_(Geometry::rectangle(8, 8)) {
        kings_ = {*geometry_.parse("d4"), *geometry_.parse("d7")};
    }
    std::unique_ptr<GameState> clone() const override {
        return std::make_unique<LanternState>(*this);
    }
    const Geometry& geometry() const override { return geometry_; }
    int playerCount() const override { return 2; }
    PlayerId toMove() const override { return toMove_; }
    std::string playerName(PlayerId p) const override { return p == 0 ? "White" : "Black"; }
    std::optional<Piece> pieceAt(Cell c) const override {
        for (PlayerId p = 0; p < 2; ++p) {
            if (kings_[static_cast<size_t>(p)] == c) return Piece{0, p};
        }
        return std::nullopt;
    }
    PlayerResources resources(PlayerId) const override { return {}; }
    Appearance appearance(Cell c) const override {
        auto p = pieceAt(c);
        if (!p) return std::nullopt;
        return SetPiece{p->owner == 0 ? SetColour::White : SetColour::Black, Figure::King};
    }
    std::vector<Action> legalActions() const override {
        std::vector<Action> actions;
        if (outcome().over()) return actions;
        const Cell from = kings_[static_cast<size_t>(toMove_)];
        for (int df = -1; df <= 1; ++df) {
            for (int dr = -1; dr <= 1; ++dr) {
                const Cell to = geometry_.step(from, df, dr);
                if ((df || dr) && to != NoCell && to != wall_)
                    actions.push_back(Action::move(from, to));
            }
        }
        return actions;
    }
    void apply(const Action& a) override {
        assert(isLegal(a));
        const auto other = static_cast<size_t>(1 - toMove_);
        if (kings_[other] == a.to) kings_[other] = NoCell;
        kings_[static_cast<size_t>(toMove_)] = a.to;
        toMove_ = 1 - toMove_;
        for (PlayerId p = 0; p < 2; ++p) {
            if (sees(p, wall_)) wallFound_[static_cast<size_t>(p)] = true;
        }
    }
    Outcome outcome() const override {
        for (PlayerId p = 0; p < 2; ++p) {
            if (kings_[static_cast<size_t>(p)] == NoCell)
                return Outcome::win({1 - p}, "the king is taken");
        }
        return Outcome::ongoing();
    }
    bool canStillWin(PlayerId) const override { return true; }
    std::string refusal(const Action& a) const override {
        if (isLegal(a)) return {};
        return a.to == wall_ ? "g2 is impassable" : "a king steps to a cell next to it";
    }
    std::string describe(const Action& a) const override { return encode(a); }
    std::string encode(const Action& a) const override {
        return geometry_.name(a.from) + "-" + geometry_.name(a.to);
    }
    std::optional<Action> decode(std::string_view text) const override {
        const auto dash = text.find('-');
        if (dash == std::string_view::npos) return std::nullopt;
        auto from = geometry_.parse(text.substr(0, dash));
        auto to = geometry_.parse(text.substr(dash + 1));
        if (!from || !to) return std::nullopt;
        return Action::move(*from, *to);
    }
    // "w d4 d7": the player to move, then White's and Black's king ("-" when taken).
    std::string serialize() const override { return textSeenBy(NoPlayer); }
    static std::unique_ptr<LanternState> load(std::string_view text, std::string& error) {
        auto state = std::make_unique<LanternState>();
        if (text.size() < 7 || (text[0] != 'w' && text[0] != 'b')) {
            error = "a Lantern state is w or b, then the two kings' cells";
            return nullptr;
        }
        state->toMove_ = text[0] == 'w' ? 0 : 1;
        const auto space = text.find(' ', 2);
        for (auto [p, name] :
             {std::pair{0, text.substr(2, space - 2)}, std::pair{1, text.substr(space + 1)}}) {
            auto cell = state->geometry_.parse(name);
            if (!cell && name != "-") {
                error = "no cell " + std::string(name);
                return nullptr;
            }
            state->kings_[static_cast<size_t>(p)] = cell ? *cell : NoCell;
        }
        return state;
    }

    const HiddenInformation* hidden() const override { return this; }
    View view(PlayerId p) const override {
        View v;
        v.player = p;
        const auto cells = static_cast<size_t>(geometry_.size());
        v.visible.assign(cells, false);
        v.pieces.assign(cells, std::nullopt);
        v.looks.assign(cells, std::nullopt);
        v.impassable.assign(cells, false);
        v.resourcesSeen.assign(2, true);
        for (Cell c = 0; c < geometry_.size(); ++c) {
            if (!sees(p, c)) continue;
            const auto i = static_cast<size_t>(c);
            v.visible[i] = true;
            v.pieces[i] = pieceAt(c);
            v.looks[i] = appearance(c);
        }
        v.impassable[static_cast<size_t>(wall_)] = wallFound_[static_cast<size_t>(p)];
        return v;
    }
    std::string viewText(PlayerId p) const override { return textSeenBy(p); }
    std::vector<std::string> reportTo(PlayerId) const override { return {}; }
    std::string describeTo(const Action& a, PlayerId p) const override {
        return p == toMove_ ? describe(a) : playerName(toMove_) + " has moved";
    }

  private:
    bool sees(PlayerId p, Cell c) const {
        const Cell own = kings_[static_cast<size_t>(p)];
        if (own == NoCell) return false;
        return std::abs(geometry_.file(own) - geometry_.file(c)) <= 1 &&
               std::abs(geometry_.rank(own) - geometry_.rank(c)) <= 1;
    }
    // The state, with "?" for a king that `viewer` does not see (NoPlayer: everything).
    std::string textSeenBy(PlayerId viewer) const {
        std::string text = toMove_ == 0 ? "w" : "b";
        for (PlayerId p = 0; p < 2; ++p) {
            const Cell c = kings_[static_cast<size_t>(p)];
            const bool hidden =
                viewer != NoPlayer && p != viewer && (c == NoCell || !sees(viewer, c));
            text += " " + (hidden ? std::string("?") : c == NoCell ? "-" : geometry_.name(c));
        }
        return text;
    }

    Geometry geometry_;
    std::array<Cell, 2> kings_{};
    PlayerId toMove_ = 0;
    Cell wall_ = *geometry_.parse("g2");
    std::array<bool, 2> wallFound_{};
};

std::unique_ptr<Game> makeLantern() {
    return std::make_unique<testgames::TestGame<LanternState>>("lantern");
}

// The cells that a player's view hides at some point of the games below.
const std::vector<std::string> kHiddenCells = {"d4", "d5", "d6", "d7", "c5", "e5", "c6"};

// A moderated table of Lantern in-process: Ann (White) at board 0 and Bob
// (Black) at board 1, each a DGT board whose device is never opened, fed by
// hand; time runs by hand.
class ModeratedTableTest : public ::testing::Test {
  protected:
    void SetUp() override {
        TableSettings settings;
        for (const char* name : {"white", "black"}) {
            BoardSetting board;
            board.name = board.placement.name = name;
            board.device = {"dgt", scratch.path() + "/no-board-" + name};
            board.rotationGiven = true;
            settings.boards.push_back(board);
        }
        settings.session.time = *TimeControl::parse("5+0");
        settings.session.players = {"Ann", "Bob"};
        settings.session.journalDir = scratch.path() + "/games";
        settings.settleMs = 100;
        settings.secrets = {"ann-secret", "bob-secret"};
        table = openTable(loop, settings, makeLantern(), said, error);
        ASSERT_TRUE(table) << error;
    }
    void TearDown() override { table.reset(); }

    // Board `seat` shows `fen` (a FEN board part) and stays still to be judged.
    void show(int seat, const std::string& fen) {
        table->boardDump(seat, squaresFromFen(fen));
        time.advance(150);
        loop.runOnce(0);
    }
    void start() {
        show(0, "8/8/8/8/3K4/8/8/8");
        show(1, "8/3k4/8/8/8/8/8/8");
        ASSERT_TRUE(table->session()) << "the game did not start";
    }
    int ply() const { return table->session()->ply(); }

    // What `seat` heard (-1: what everyone heard) from announcement `from` on.
    std::vector<Announcement> heardBy(int seat, size_t from = 0) const {
        std::vector<Announcement> heard;
        for (size_t i = from; i < said.said.size(); ++i) {
            if (said.said[i].audience == seat) heard.push_back(said.said[i]);
        }
        return heard;
    }
    std::string textsHeardBy(int seat, size_t from = 0) const {
        std::string text;
        for (const Announcement& a : heardBy(seat, from)) text += a.text + "\n";
        return text;
    }
    // `text` without the test's folder, whose random name could read as a cell.
    std::string withoutFolder(std::string text) const {
        for (size_t at; (at = text.find(scratch.path())) != std::string::npos;)
            text.erase(at, scratch.path().size());
        return text;
    }
    // Whether anything said to everyone names one of these cells, in its
    // text or in its data.
    ::testing::AssertionResult everyoneHeardNoneOf(const std::vector<std::string>& cells) const {
        for (const Announcement& a : heardBy(-1)) {
            const std::string all = withoutFolder(a.text + " " + a.data.dump());
            for (const std::string& cell : cells) {
                if (all.find(cell) != std::string::npos)
                    return ::testing::AssertionFailure()
                           << "everyone heard " << cell << " in \"" << a.type << "\": " << all;
            }
        }
        return ::testing::AssertionSuccess();
    }

    TempDirectory scratch{"arbiter-moderated"};
    ManualTimeSource time;
    EventLoop loop{time};
    RecordingSink said;
    std::string error;
    std::unique_ptr<PlayingTable> table;
};

TEST_F(ModeratedTableTest, TheGameStartsWhenEachBoardShowsItsPlayersViewOfTheStart) {
    // The whole start on White's board shows Black's king, which White does not see.
    show(0, "8/3k4/8/8/3K4/8/8/8");
    show(1, "8/3k4/8/8/8/8/8/8");
    EXPECT_FALSE(table->session());
    show(0, "8/8/8/8/3K4/8/8/8");
    ASSERT_TRUE(table->session());
    EXPECT_EQ(heardBy(-1).back().type, AnnouncementType::Start);
}

TEST_F(ModeratedTableTest, AMoveIsToldInFullToItsMoverAndAsMadeToEveryoneElse) {
    start();
    const size_t from = said.said.size();
    show(0, "8/8/8/3K4/8/8/8/8");
    ASSERT_EQ(ply(), 1);
    const auto own = heardBy(0, from);
    ASSERT_FALSE(own.empty());
    EXPECT_EQ(own.front().type, AnnouncementType::Move);
    EXPECT_NE(own.front().text.find("d4-d5"), std::string::npos) << own.front().text;
    const auto everyone = heardBy(-1, from);
    ASSERT_FALSE(everyone.empty());
    EXPECT_EQ(everyone.front().type, AnnouncementType::Moved);
    EXPECT_EQ(everyone.front().text.rfind("Ann has moved.", 0), 0u) << everyone.front().text;
    EXPECT_TRUE(heardBy(1, from).empty()) << textsHeardBy(1, from);
    EXPECT_TRUE(everyoneHeardNoneOf(kHiddenCells));
}

TEST_F(ModeratedTableTest, WhatComesIntoViewIsToldToThatPlayerAloneAndAwaitedOnTheirBoard) {
    start();
    show(0, "8/8/8/3K4/8/8/8/8");  // d4-d5: still out of Black's sight
    ASSERT_EQ(ply(), 1);
    const size_t from = said.said.size();
    // Black steps next to White's king: each now sees the other's.
    show(1, "8/8/3k4/8/8/8/8/8");
    ASSERT_EQ(ply(), 2);
    EXPECT_NE(textsHeardBy(1, from).find("a piece appeared on d5: put a white king there"),
              std::string::npos)
        << textsHeardBy(1, from);
    EXPECT_NE(textsHeardBy(0, from).find("a piece appeared on d6: put a black king there"),
              std::string::npos)
        << textsHeardBy(0, from);
    EXPECT_TRUE(everyoneHeardNoneOf(kHiddenCells));
    // Black's board judged again (a hand over it) tells White nothing new.
    const size_t quiet = said.said.size();
    show(1, "8/8/8/8/8/8/8/8");
    show(1, "8/8/3k4/3K4/8/8/8/8");
    EXPECT_EQ(textsHeardBy(0, quiet), "");

    // White's board must show the black king before anything on it counts:
    // a step shown without it is no move.
    show(0, "8/8/8/4K3/8/8/8/8");
    EXPECT_EQ(ply(), 2);
    show(0, "8/8/3k4/3K4/8/8/8/8");
    EXPECT_EQ(ply(), 2);
    // Taken in the view, as on an ordinary board.
    const size_t taken = said.said.size();
    show(0, "8/8/3K4/8/8/8/8/8");
    EXPECT_EQ(ply(), 3);
    EXPECT_TRUE(table->session()->over());
    // After the result, only what to set up for the next game: no view.
    for (int seat : {0, 1}) {
        for (const Announcement& a : heardBy(seat, taken))
            EXPECT_NE(a.type, AnnouncementType::View) << a.text;
    }
}

TEST_F(ModeratedTableTest, ThePiecesThatLeaveAViewAreToldToBeTakenOff) {
    start();
    show(0, "8/8/8/3K4/8/8/8/8");
    show(1, "8/8/3k4/8/8/8/8/8");
    show(0, "8/8/3k4/3K4/8/8/8/8");  // White puts Black's king into their view
    show(1, "8/8/3k4/3K4/8/8/8/8");  // and Black White's
    const size_t from = said.said.size();
    show(0, "8/8/3k4/8/8/8/2K5/8");  // no king steps two cells: not a move
    EXPECT_EQ(ply(), 2);
    show(0, "8/8/3k4/8/2K5/8/8/8");  // d5-c4: out of each other's sight
    ASSERT_EQ(ply(), 3);
    EXPECT_NE(textsHeardBy(0, from).find("d6 is out of your sight now: take its piece off"),
              std::string::npos)
        << textsHeardBy(0, from);
    // Black still sees d5, which White left.
    EXPECT_NE(textsHeardBy(1, from).find("the piece on d5 is gone: take it off"), std::string::npos)
        << textsHeardBy(1, from);
    EXPECT_TRUE(everyoneHeardNoneOf({"c4", "d5", "d6"}));
}

TEST_F(ModeratedTableTest, APieceThatMovesOnInSightIsToldGoneFromWhereItStood) {
    start();
    show(0, "8/8/8/3K4/8/8/8/8");
    show(1, "8/8/3k4/8/8/8/8/8");
    show(0, "8/8/3k4/3K4/8/8/8/8");
    show(1, "8/8/3k4/3K4/8/8/8/8");
    const size_t from = said.said.size();
    show(0, "8/8/3k4/2K5/8/8/8/8");  // d5-c5, still beside Black's king
    ASSERT_EQ(ply(), 3);
    const std::string black = textsHeardBy(1, from);
    EXPECT_NE(black.find("a piece appeared on c5: put a white king there; the piece on d5 is gone: "
                         "take it off"),
              std::string::npos)
        << black;
    EXPECT_EQ(black.find("out of your sight"), std::string::npos) << black;
}

TEST_F(ModeratedTableTest, AnImpassableCellFoundIsToldOnceToItsFinderAndMarkedInTheirPicture) {
    start();
    show(0, "8/8/8/8/8/4K3/8/8");  // d4-e3
    show(1, "8/8/3k4/8/8/8/8/8");  // d7-d6
    ASSERT_EQ(ply(), 2);
    const size_t from = said.said.size();
    show(0, "8/8/8/8/8/5K2/8/8");  // e3-f3: g2 comes into sight
    ASSERT_EQ(ply(), 3);
    EXPECT_NE(textsHeardBy(0, from).find(
                  "Ann, you found an impassable square on g2: no piece may enter or cross it."),
              std::string::npos)
        << textsHeardBy(0, from);
    EXPECT_EQ(textsHeardBy(1, from).find("g2"), std::string::npos) << textsHeardBy(1, from);
    EXPECT_TRUE(everyoneHeardNoneOf({"g2"}));
    // Ann's picture: '?' where she does not see, '*' where she found the wall.
    const nlohmann::json picture = table->statusFor(0)["picture"];
    ASSERT_EQ(picture.size(), 9u) << picture;
    EXPECT_EQ(picture[0], " 8 ? ? ? ? ? ? ? ?");
    EXPECT_EQ(picture[5], " 3 ? ? ? ? . K . ?");
    EXPECT_EQ(picture[6], " 2 ? ? ? ? . . * ?");
    // A king put on it is refused with the rules' reason, which the board
    // of a view cannot show.
    show(1, "8/3k4/8/8/8/8/8/8");  // d6-d7
    const size_t tried = said.said.size();
    show(0, "8/8/8/8/8/8/6K1/8");  // f3-g2
    EXPECT_EQ(ply(), 4);
    EXPECT_NE(textsHeardBy(0, tried).find("Your board shows no legal action: g2 is impassable. "
                                          "To fix: take the white king off g2; put a white king "
                                          "on f3."),
              std::string::npos)
        << textsHeardBy(0, tried);
    EXPECT_EQ(table->statusFor(0)["awaited"],
              "your board to be put right: take the white king off g2; put a white king on f3");
    EXPECT_EQ(table->statusFor(1)["awaited"], "Ann to move");
    show(0, "8/8/8/8/8/5K2/8/8");
    EXPECT_EQ(table->statusFor(0)["awaited"], "Ann to move");
    // Told once: seeing it again is no news.
    const size_t again = said.said.size();
    show(0, "8/8/8/8/8/8/5K2/8");  // f3-f2, still beside g2
    ASSERT_EQ(ply(), 5);
    EXPECT_EQ(textsHeardBy(0, again).find("found"), std::string::npos) << textsHeardBy(0, again);
}

TEST_F(ModeratedTableTest, OnlyTheBoardOfThePlayerToMoveIsJudgedForAMove) {
    start();
    const size_t from = said.said.size();
    show(1, "8/8/3k4/8/8/8/8/8");  // Black steps while White is to move
    EXPECT_EQ(ply(), 0);
    // Black is told to put their board back; no one else hears of it.
    EXPECT_NE(textsHeardBy(1, from).find("d7"), std::string::npos) << textsHeardBy(1, from);
    EXPECT_TRUE(heardBy(0, from).empty()) << textsHeardBy(0, from);
    EXPECT_TRUE(everyoneHeardNoneOf(kHiddenCells));
}

TEST_F(ModeratedTableTest, StatusShowsEachPlayerTheirViewAndEveryoneElseNoState) {
    start();
    show(0, "8/8/8/3K4/8/8/8/8");
    const nlohmann::json everyone = table->status();
    EXPECT_FALSE(everyone["session"].contains("state"));
    EXPECT_FALSE(everyone.contains("picture"));
    const std::string shown = withoutFolder(everyone.dump());
    for (const std::string& cell : kHiddenCells)
        EXPECT_EQ(shown.find(cell), std::string::npos) << cell << ": " << shown;
    EXPECT_EQ(table->statusFor(0)["session"]["state"], "b d5 ?");
    EXPECT_EQ(table->statusFor(1)["session"]["state"], "b ? d7");
}

TEST_F(ModeratedTableTest, APlayerIsAdmittedByTheirNameAndSecretOnly) {
    int seat = -1;
    EXPECT_TRUE(table->admit("Bob", "bob-secret", seat).ok);
    EXPECT_EQ(seat, 1);
    for (auto [name, secret] : {std::pair{"Bob", "ann-secret"}, std::pair{"Bob", ""},
                                std::pair{"Carl", "bob-secret"}, std::pair{"", ""}}) {
        seat = -1;
        const ControlReply reply = table->admit(name, secret, seat);
        EXPECT_FALSE(reply.ok) << name << " " << secret;
        EXPECT_FALSE(reply.error.empty());
        EXPECT_EQ(seat, -1);
    }
}

TEST_F(ModeratedTableTest, ActionsAreTakenOnlyFromThePlayerWhoseTheyAre) {
    start();
    EXPECT_FALSE(table->act("d4-d5", -1, "").ok);
    EXPECT_FALSE(table->act("d4-d5", 0, "").ok);
    EXPECT_FALSE(table->actAs(1, "d7-d6").ok);  // not Bob's turn
    EXPECT_FALSE(table->actAs(0, "d4-d9").ok);
    EXPECT_FALSE(table->actAs(2, "resign").ok);
    EXPECT_EQ(ply(), 0);
    EXPECT_TRUE(table->actAs(0, "d4-d5").ok);
    EXPECT_EQ(ply(), 1);
    // White's board is now behind its view, and is told so.
    EXPECT_NE(textsHeardBy(0).find("d5"), std::string::npos) << textsHeardBy(0);
    EXPECT_TRUE(everyoneHeardNoneOf(kHiddenCells));
}

TEST_F(ModeratedTableTest, TheJournalIsArbiterdsAloneAndTheRecordWrittenOnlyAtTheEnd) {
    start();
    show(0, "8/8/8/3K4/8/8/8/8");
    const std::string journal = table->session()->journalPath();
    ASSERT_FALSE(journal.empty());
    EXPECT_EQ(std::filesystem::status(journal).permissions() &
                  (std::filesystem::perms::group_all | std::filesystem::perms::others_all),
              std::filesystem::perms::none);
    EXPECT_TRUE(table->session()->recordPath().empty());
    // The games listed say how many moves, never which.
    const ControlReply listed = table->games();
    ASSERT_TRUE(listed.ok) << listed.error;
    EXPECT_EQ(withoutFolder(listed.data.dump()).find("d5"), std::string::npos) << listed.data;
    ASSERT_TRUE(table->actAs(1, "resign").ok);
    EXPECT_TRUE(table->session()->over());
    EXPECT_TRUE(std::filesystem::exists(table->session()->recordPath()));
}

TEST(Announcer, WhatIsForOnePlayerReachesOnlyThePerPlayerSinks) {
    Announcer announcer;
    RecordingSink console, players;
    announcer.add(console);
    announcer.addPerPlayer(players);
    announcer.announce({AnnouncementType::View, "a piece appeared on d5", {}, 1});
    announcer.announce({AnnouncementType::Moved, "Ann has moved.", {}});
    EXPECT_EQ(console.types(), std::vector<AnnouncementType>{AnnouncementType::Moved});
    EXPECT_EQ(players.types(),
              (std::vector<AnnouncementType>{AnnouncementType::View, AnnouncementType::Moved}));
}

TEST(PrivateAnnouncements, AnActionIsToldInFullToItsPlayerAndAsTheGameSaysToEveryoneElse) {
    RecordingSink out;
    std::unique_ptr<Session> session;
    PrivateAnnouncements sorted(out, session);
    auto game = makeLantern();
    SessionSettings settings;
    settings.time = *TimeControl::parse("5+0");
    settings.players = {"Ann", "Bob"};
    ManualTimeSource time;
    std::string error;
    session = Session::begin(*game, settings, sorted, time, error);
    ASSERT_TRUE(session) << error;
    const size_t from = out.said.size();
    ASSERT_TRUE(session->commit(*session->current().decode("d4-d5")));
    sorted.announce(
        {AnnouncementType::Illegal, "Put the black king back on d7.", {}});  // Bob is to move
    sorted.announce({AnnouncementType::Flag, "Bob's flag has fallen.", {}});
    sorted.announce({AnnouncementType::Status,
                     "Bob to move after 1 moves.",
                     {{"ply", 1}, {"state", "b d5 d7"}}});
    // Types are a closed list: one no game of hidden views makes stands for the rest.
    sorted.announce({AnnouncementType::Chance, "d4", {}});
    ASSERT_EQ(out.types(from),
              (std::vector<AnnouncementType>{AnnouncementType::Move, AnnouncementType::Moved,
                                             AnnouncementType::Illegal, AnnouncementType::Flag,
                                             AnnouncementType::Status}));
    EXPECT_EQ(out.said[from].audience, 0);
    EXPECT_NE(out.said[from].text.find("d4-d5"), std::string::npos) << out.said[from].text;
    EXPECT_EQ(out.said[from + 1].audience, -1);
    EXPECT_EQ(out.said[from + 1].text, "Ann has moved. Ann 5:00, Bob 5:00");
    EXPECT_EQ(out.said[from + 2].audience, 1);
    EXPECT_EQ(out.said[from + 3].audience, -1);
    EXPECT_EQ(out.said[from + 4].audience, -1);
    EXPECT_FALSE(out.said[from + 4].data.contains("state"));
}

}  // namespace
}  // namespace arbiter
