// Cornerport in text: the notation of actions, descriptions, the position
// text and what load() refuses, the report, the record and the stand-ins.
#include <gtest/gtest.h>

#include "engine/cornerport/cornerport.h"
#include "tests/engine/cornerport_test_support.h"

namespace arbiter::cornerport {
namespace {

using namespace support;

constexpr const char* kStart = "7b/8/8/8/8/8/8/7B w - h1:h1,h8:h8";

// --- Actions -----------------------------------------------------------------

TEST(CornerportNotation, ActionsAreWrittenAsPlayersSayThem) {
    auto s = position("c2:P d3:r h1:B h8:b");
    EXPECT_EQ(s->encode(Action::move(at(*s, "h1"), at(*s, "g2"))), "h1-g2");
    EXPECT_EQ(s->encode(Action::move(at(*s, "c2"), at(*s, "d3"))), "c2xd3");
    EXPECT_EQ(s->encode(Action::place(kBattleShip, at(*s, "a8"))), "R@a8");
    EXPECT_EQ(s->encode(Action::place(kPatrolBoat, at(*s, "a8"))), "P@a8");
    EXPECT_EQ(s->encode(Action::place(kFreighter, at(*s, "a8"))), "B@a8");
    EXPECT_EQ(s->encode(Action::endTurn()), "end");
    EXPECT_EQ(s->encode(Action::pass()), "pass");
}

TEST(CornerportNotation, ActionsAreReadWithOrWithoutSignsAndInEitherCase) {
    CornerportState s{Rules{}};
    EXPECT_EQ(s.decode("h1-g2"), Action::move(at(s, "h1"), at(s, "g2")));
    EXPECT_EQ(s.decode("h1g2"), Action::move(at(s, "h1"), at(s, "g2")));
    EXPECT_EQ(s.decode("c2xd3"), Action::move(at(s, "c2"), at(s, "d3")));
    EXPECT_EQ(s.decode("r@a8"), Action::place(kBattleShip, at(s, "a8")));
    EXPECT_EQ(s.decode("end"), Action::endTurn());
    EXPECT_EQ(s.decode("pass"), Action::pass());
    for (const char* bad : {"", "x", "h1", "h1-", "h1-i1", "h1-g9", "h1g2g3", "Q@a8", "P@", "P@z9",
                            "@a8", "h1--g2", "endturn", "h1xxg2", "-h1g2"})
        EXPECT_EQ(s.decode(bad), std::nullopt) << bad;
}

TEST(CornerportNotation, EveryLegalActionIsReadBackAsWritten) {
    auto pending = position("b7:B h8:b", 'w', "b7:h1");
    play(*pending, "b7-a8");
    const std::vector<std::string> texts = {
        kStart,
        positionText("b2:R b3:P c2:p h1:B h8:b e1:R e3:p a7:P"),
        positionText("d4:P h8:b"),
        pending->serialize(),
    };
    for (const std::string& text : texts) {
        auto s = loaded(text);
        ASSERT_FALSE(s->legalActions().empty()) << text;
        for (const Action& a : s->legalActions())
            EXPECT_EQ(s->decode(s->encode(a)), a) << s->encode(a);
    }
}

TEST(CornerportNotation, DescriptionsSayWhatHappensInThePlayersWords) {
    auto s = position("c1:R c2:P d3:r b7:B h8:b", 'w', "b7:h1");
    EXPECT_EQ(s->describe(said(*s, "c1-b1")), "battle ship c1-b1");
    EXPECT_EQ(s->describe(said(*s, "c2xd3")), "patrol boat c2xd3 sinks Black's battle ship");
    EXPECT_EQ(s->describe(said(*s, "b7-b8")), "freighter b7-b8");
    EXPECT_EQ(s->describe(said(*s, "b7-a8")),
              "freighter b7-a8 arrives in port; may place a patrol boat, a battle ship or a "
              "freighter from off the board on h1, or nothing (end)");
    play(*s, "b7-a8");
    EXPECT_EQ(s->describe(said(*s, "R@h1")), "places a battle ship on h1");
    EXPECT_EQ(s->describe(said(*s, "P@h1")), "places a patrol boat on h1");
    EXPECT_EQ(s->describe(said(*s, "end")), "places nothing on h1");
}

// --- Positions ----------------------------------------------------------------

TEST(CornerportNotation, TheStartIsTwoFreightersAtHome) {
    CornerportState s{Rules{}};
    EXPECT_EQ(s.serialize(), kStart);
    EXPECT_EQ(loaded(kStart)->serialize(), kStart);
}

TEST(CornerportNotation, APositionHoldsCellsMoverPendingPlacementAndHomes) {
    const std::string text = "B6b/8/8/3p4/8/2R5/6B1/8 w h1 g2:a8,a8:a8,h8:h8";
    auto s = loaded(text);
    EXPECT_EQ(s->serialize(), text);
    EXPECT_TRUE(s->midTurn());
    EXPECT_EQ(s->pendingPort(), at(*s, "h1"));
    EXPECT_EQ(s->homeOf(at(*s, "g2")), at(*s, "a8"));
    EXPECT_EQ(on(*s, "c3"), "R");
    EXPECT_EQ(on(*s, "d5"), "p");
}

TEST(CornerportNotation, LoadRefusesWhatIsNotAPositionAndSaysWhy) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"7b/8/8/8/8/8/8/7B w -", "this has 3 fields"},
        {"7b/8/8/8/8/8/7B w - h1:h1,h8:h8", "8 ranks separated by '/', not 7"},
        {"7b/8/8/8/8/8/8/7Q w - h1:h1,h8:h8", "'Q' is not a ship"},
        {"7b/8/8/8/8/8/8/8B w - h1:h1,h8:h8", "rank 1 must be 8 squares wide"},
        {"7b/8/8/8/8/8/8/6B w - h1:h1,h8:h8", "rank 1 must be 8 squares wide"},
        {"7b/8/8/8/8/8/RRR5/7B w - h1:h1,h8:h8",
         "White has 3 battle ships on the board; at most 2 are allowed"},
        {"7b/8/8/pppppppp/p7/8/8/7B w - h1:h1,h8:h8",
         "Black has 9 patrol boats on the board; at most 8 are allowed"},
        {"7b/8/8/8/8/8/B7/B6B w - a1:h1,a2:h1,h1:h1,h8:h8",
         "White has 3 freighters on the board; at most 2 are allowed"},
        {"8/8/8/8/8/8/8/8 w - -", "there is no ship on the board"},
        {"7b/8/8/8/8/8/8/7B x - h1:h1,h8:h8", "the mover is w (White) or b (Black), not \"x\""},
        {"7b/8/8/8/8/8/8/7B w - h1:h1", "the freighter on h8 has no home port"},
        {"7b/8/8/8/8/8/8/7B w - h1:h1,h8:a8",
         "the home of Black's freighter on h8 must be one of Black's ports (a1, h8), not a8"},
        {"7b/8/8/8/8/8/8/7B w - h1:a8,h8:h8",
         "the freighter on h1 stands on its own port, so that port is its home, not a8"},
        {"7b/8/8/8/8/8/8/7B w - h1:h1,h8:h8,g1:h1", "a home is given for g1, where no freighter"},
        {"7b/8/8/8/8/8/8/7B w - h1:h1,h1:h1,h8:h8", "the freighter on h1 is given two homes"},
        {"7b/8/8/8/8/8/8/7B w - h1;h1,h8:h8", "SQUARE:PORT"},
        {"7b/8/8/8/8/8/8/7B w a1 h1:h1,h8:h8",
         "a pending placement is on one of White's ports (h1, a8), or - for none"},
        {"7b/8/8/8/8/8/8/7B w h1 h1:h1,h8:h8",
         "a placement cannot be pending on h1: it is not empty"},
        {"7b/8/8/8/8/8/8/6B1 w a8 g1:h1,h8:h8",
         "a placement on a8 is pending only when White's freighter has arrived on h1"},
        {"B7/8/8/8/8/8/8/8 w h1 a8:a8", "a placement cannot be pending when the game is over"},
        {"B6b/8/8/8/8/RR6/PPPPPPPP/6B1 w h1 a8:a8,g1:a8,h8:h8",
         "a placement cannot be pending: White has every kind on the board to its limit"},
    };
    for (const auto& [text, why] : cases) {
        std::string error;
        EXPECT_EQ(CornerportState::load(text, error, Rules{}), nullptr) << text;
        EXPECT_NE(error.find(why), std::string::npos) << text << ": " << error;
    }
}

TEST(CornerportNotation, AFinishedGameLoadsWithItsOutcome) {
    auto s = loaded("8/8/8/8/8/8/8/7B b - h1:h1");
    EXPECT_EQ(s->outcome(), Outcome::win({kWhite}, "Black has no ship left on the board"));
    EXPECT_TRUE(s->legalActions().empty());
}

// Every text one edit away from valid ones: load() must never crash, and
// what it accepts must be written back as it reads.
TEST(CornerportNotation, LoadSurvivesGarbage) {
    const std::vector<std::string> valid = {
        kStart,
        "B6b/8/8/3p4/8/2R5/6B1/8 w h1 g2:a8,a8:a8,h8:h8",
        "r6b/1P6/8/3pP3/2Rp4/8/1B4p1/p6P b - b2:h1,h8:h8",
    };
    const std::string alphabet = "012345678abhwPRBprbQ,:/ -x";
    int accepted = 0;
    for (const std::string& text : valid) {
        ASSERT_NE(loaded(text), nullptr);
        for (size_t i = 0; i <= text.size(); ++i) {
            std::vector<std::string> edits;
            if (i < text.size()) edits.push_back(text.substr(0, i) + text.substr(i + 1));
            for (char c : alphabet) {
                edits.push_back(text.substr(0, i) + c + text.substr(i));
                if (i < text.size()) edits.push_back(text.substr(0, i) + c + text.substr(i + 1));
            }
            for (const std::string& edited : edits) {
                std::string error;
                auto s = CornerportState::load(edited, error, Rules{});
                if (!s) {
                    EXPECT_FALSE(error.empty()) << edited;
                    continue;
                }
                ++accepted;
                auto again = CornerportState::load(s->serialize(), error, Rules{});
                ASSERT_NE(again, nullptr) << edited << " -> " << s->serialize() << ": " << error;
                EXPECT_EQ(again->serialize(), s->serialize());
                for (const Action& a : s->legalActions()) {
                    auto after = s->clone();
                    after->apply(a);
                    s->describe(a);
                }
                s->report();
            }
        }
    }
    EXPECT_GT(accepted, 100);
}

// A long game played by a fixed rule of thumb: at every step the position
// text reads back as the same state with the same actions.
TEST(CornerportNotation, PositionsRoundTripThroughAGame) {
    CornerportState s{Rules{}};
    int placements = 0, captures = 0;
    for (int ply = 0; ply < 400 && !s.outcome().over(); ++ply) {
        const std::vector<Action> legal = s.legalActions();
        ASSERT_FALSE(legal.empty());
        // Placements first, then captures, then freighters heading for the
        // port that is not their home; now and then any action, for variety.
        size_t pick = (static_cast<size_t>(ply) * 7 + 3) % legal.size();
        int best = -1000;
        for (size_t i = 0; i < legal.size() && ply % 4 != 3; ++i) {
            const Action& a = legal[i];
            int score = -100;
            if (a.kind == Action::Kind::Place) score = 100 - a.piece;
            if (a.kind == Action::Kind::Move && s.pieceAt(a.to)) score = 50;
            if (a.kind == Action::Kind::Move && !s.pieceAt(a.to) &&
                s.pieceAt(a.from)->kind == kFreighter) {
                const auto ports = s.portsOf(s.toMove());
                const Cell target = s.homeOf(a.from) == ports[0] ? ports[1] : ports[0];
                const int df = std::abs(a.to % 8 - target % 8),
                          dr = std::abs(a.to / 8 - target / 8);
                score = -std::max(df, dr);
            }
            if (a.kind == Action::Kind::Move && !s.pieceAt(a.to) &&
                s.pieceAt(a.from)->kind != kFreighter) {
                // Fighting ships close in on the nearest enemy.
                int nearest = 8;
                for (Cell c = 0; c < 64; ++c) {
                    auto p = s.pieceAt(c);
                    if (!p || p->owner == s.toMove()) continue;
                    nearest = std::min(
                        nearest, std::max(std::abs(a.to % 8 - c % 8), std::abs(a.to / 8 - c / 8)));
                }
                score = 10 - nearest;
            }
            if (score > best) {
                best = score;
                pick = i;
            }
        }
        placements += legal[pick].kind == Action::Kind::Place;
        captures += legal[pick].kind == Action::Kind::Move && s.pieceAt(legal[pick].to);
        s.apply(legal[pick]);
        std::string error;
        auto back = CornerportState::load(s.serialize(), error, Rules{});
        ASSERT_NE(back, nullptr) << s.serialize() << ": " << error;
        EXPECT_EQ(back->serialize(), s.serialize());
        EXPECT_EQ(back->legalActions(), s.legalActions());
        EXPECT_EQ(back->outcome(), s.outcome());
        EXPECT_EQ(back->midTurn(), s.midTurn());
    }
    EXPECT_GE(placements, 2);
    EXPECT_GE(captures, 2);
    EXPECT_TRUE(s.outcome().over());
}

// --- The report and the record -------------------------------------------------

TEST(CornerportNotation, TheReportSaysWhatIsOffTheBoardWhoIsToMoveAndAPlacement) {
    CornerportState s{Rules{}};
    EXPECT_EQ(s.report(),
              (std::vector<std::string>{
                  "White off the board: 8 patrol boats, 2 battle ships, 1 freighter; freighter "
                  "on h1 (home h1)",
                  "Black off the board: 8 patrol boats, 2 battle ships, 1 freighter; freighter "
                  "on h8 (home h8)",
                  "White is to move"}));
    auto pending = loaded("B6b/8/8/3p4/8/2R5/6B1/8 w h1 g2:a8,a8:a8,h8:h8");
    EXPECT_EQ(pending->report(),
              (std::vector<std::string>{
                  "White off the board: 8 patrol boats, 1 battle ship, 0 freighters; freighters "
                  "on g2 (home a8), a8 (home a8)",
                  "Black off the board: 7 patrol boats, 2 battle ships, 1 freighter; freighter "
                  "on h8 (home h8)",
                  "White's freighter has arrived in port: White may put a ship on h1 (P@h1, "
                  "R@h1) or place nothing (end)"}));
    EXPECT_EQ(loaded("8/8/8/8/8/8/8/7B b - h1:h1")->report().back(),
              "the game is over: Black has no ship left on the board");
}

TEST(CornerportNotation, TheRecordIsPlainTextWithTheShipsAtTheEnd) {
    auto g = makeGame("cornerport");
    ASSERT_NE(g, nullptr);
    std::string error;
    auto s = g->load(positionText("b7:B h8:b", 'w', "b7:h1"), error);
    ASSERT_NE(s, nullptr) << error;
    GameRecord r;
    r.tags = {{"Event", "test"}};
    r.startText = s->serialize();
    for (const char* action : {"b7-a8", "R@h1", "h8-g8"}) {
        r.actions.push_back(*s->decode(action));
        s->apply(r.actions.back());
    }
    r.turnOf = {0, 0, 1};
    EXPECT_EQ(g->recordExtension(), "txt");
    EXPECT_EQ(g->exportRecord(r),
              "[Event \"test\"]\n[Start \"7b/1B6/8/8/8/8/8/8 w - b7:h1,h8:h8\"]\n\n"
              "1. White: freighter b7-a8 arrives in port\n"
              "1. White: places a battle ship on h1\n1... Black: freighter h8-g8\n\n"
              "Result: unfinished\nShips on the board: White 2, Black 1\n");
}

// --- The game in the catalogue -----------------------------------------------------

TEST(CornerportNotation, TheCatalogueListsCornerportForTwoOnOneBoard) {
    const GameInfo* info = gameInfo("cornerport");
    ASSERT_NE(info, nullptr);
    EXPECT_EQ(info->minPlayers, 2);
    EXPECT_EQ(info->maxPlayers, 2);
    EXPECT_EQ(info->defaultFiles, 8);
    EXPECT_EQ(info->defaultRanks, 8);
    EXPECT_TRUE(info->options.empty());
    ASSERT_EQ(info->standIns.size(), 3u);
    EXPECT_EQ(info->standIns[1].piece, "battleship");
    EXPECT_EQ(info->standIns[1].standIn, (SetPiece{SetColour::White, Figure::Rook}));
}

TEST(CornerportNotation, LooksAreNamedWithTheShipTheyStandFor) {
    auto g = makeGame("cornerport");
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(lookName(*g, {SetColour::White, Figure::Rook}), "white rook (a battle ship)");
    EXPECT_EQ(lookName(*g, {SetColour::Black, Figure::Pawn}), "black pawn (a patrol boat)");
    EXPECT_EQ(lookName(*g, {SetColour::Black, Figure::Bishop}), "black bishop (a freighter)");
    EXPECT_EQ(lookName(*g, {SetColour::White, Figure::Queen}), "white queen");
}

TEST(CornerportNotation, StandInsChangeTheFiguresButNeverShareOne) {
    GameOptions o;
    o.standIns["freighter"] = *parseStandIn("white knight");
    std::string error;
    auto g = makeGame("cornerport", o, error);
    ASSERT_NE(g, nullptr) << error;
    EXPECT_EQ(g->start()->appearance(7), (SetPiece{SetColour::White, Figure::Knight}));
    EXPECT_EQ(lookName(*g, {SetColour::White, Figure::Knight}), "white knight (a freighter)");
    o.standIns["freighter"] = *parseStandIn("white rook");
    EXPECT_EQ(makeGame("cornerport", o, error), nullptr);
    EXPECT_NE(error.find("share a figure"), std::string::npos) << error;
}

}  // namespace
}  // namespace arbiter::cornerport
