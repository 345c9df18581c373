// ViewedState stands in for the true state wherever the referee judges one
// player's board in a game of hidden information. A hook it neither forwards
// nor answers on purpose would quietly answer as a game without that hook
// (a roster that never changes, a draw when a limit stops play), so every
// hook of GameState and of its facets is called here through a ViewedState
// around a state that records which of its hooks it hears. The list of hooks
// must be the hooks the headers declare: a hook added to GameState or to one
// of its facets fails this test until the list says what ViewedState does
// with it.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <memory>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "daemon/referee/viewed_state.h"

namespace arbiter {
namespace {

using Heard = std::vector<std::string>;

// A game of two cells that records, in a log shared by its copies, the name
// of every hook called on it, and has every facet of a state.
class RecordingState final : public GameState,
                             public HiddenInformation,
                             public Roster,
                             public Endings,
                             public TablePresentation,
                             public ActionsInParts {
  public:
    explicit RecordingState(std::shared_ptr<Heard> heard)
        : heard_(std::move(heard)), geometry_(Geometry::rectangle(2, 1)) {}

    std::unique_ptr<GameState> clone() const override {
        hear("clone");
        return std::make_unique<RecordingState>(heard_);
    }
    const Geometry& geometry() const override {
        hear("geometry");
        return geometry_;
    }
    int playerCount() const override {
        hear("playerCount");
        return 2;
    }
    PlayerId toMove() const override {
        hear("toMove");
        return 0;
    }
    std::string playerName(PlayerId) const override {
        hear("playerName");
        return "White";
    }
    std::optional<Piece> pieceAt(Cell) const override {
        hear("pieceAt");
        return std::nullopt;
    }
    PlayerResources resources(PlayerId) const override {
        hear("resources");
        return {};
    }
    Appearance appearance(Cell) const override {
        hear("appearance");
        return std::nullopt;
    }
    void listActions(std::vector<Action>& out) const override {
        hear("listActions");
        out.assign(1, Action::pass());
    }
    const Action* chooseListed(const std::function<uint64_t(uint64_t)>&,
                               std::vector<Action>& list) const override {
        hear("chooseListed");
        list.assign(1, Action::pass());
        return list.data();
    }
    bool isLegal(const Action&) const override {
        hear("isLegal");
        return true;
    }
    std::string refusal(const Action&) const override {
        hear("refusal");
        return {};
    }
    void apply(const Action&) override { hear("apply"); }
    Effect effect(const Action&) const override {
        hear("effect");
        return {};
    }
    std::vector<Cell> consequences(const Action&, const GameState&) const override {
        hear("consequences");
        return {};
    }
    bool midTurn() const override {
        hear("midTurn");
        return false;
    }
    std::optional<ChanceDraw> chance() const override {
        hear("chance");
        return std::nullopt;
    }
    std::optional<uint64_t> turnCount() const override {
        hear("turnCount");
        return std::nullopt;
    }
    Outcome outcome() const override {
        hear("outcome");
        return Outcome::ongoing();
    }
    bool canStillWin(PlayerId) const override {
        hear("canStillWin");
        return true;
    }
    std::vector<PlayerId> opponents(PlayerId) const override {
        hear("opponents");
        return {1};
    }
    std::string describe(const Action&) const override {
        hear("describe");
        return "pass";
    }
    std::string encode(const Action&) const override {
        hear("encode");
        return "pass";
    }
    std::optional<Action> decode(std::string_view) const override {
        hear("decode");
        return Action::pass();
    }
    std::string serialize() const override {
        hear("serialize");
        return "-";
    }

    const HiddenInformation* hidden() const override {
        hear("hidden");
        return this;
    }
    const Roster* roster() const override {
        hear("roster");
        return this;
    }
    const Endings* endings() const override {
        hear("endings");
        return this;
    }
    const TablePresentation* presentation() const override {
        hear("presentation");
        return this;
    }
    const ActionsInParts* actionsInParts() const override {
        hear("actionsInParts");
        return this;
    }

    View view(PlayerId p) const override {
        hear("view");
        View v;
        v.player = p;
        v.visible.assign(2, true);
        v.pieces.assign(2, std::nullopt);
        v.looks.assign(2, std::nullopt);
        v.impassable.assign(2, false);
        v.resourcesSeen.assign(2, true);
        return v;
    }
    std::string viewText(PlayerId) const override {
        hear("viewText");
        return "-";
    }
    std::vector<std::string> reportTo(PlayerId) const override {
        hear("reportTo");
        return {};
    }
    std::string describeTo(const Action&, PlayerId) const override {
        hear("describeTo");
        return "pass";
    }
    std::vector<Action> rosterActions() const override {
        hear("rosterActions");
        return {};
    }
    bool inGame(PlayerId) const override {
        hear("inGame");
        return true;
    }
    std::string claimableDraw() const override {
        hear("claimableDraw");
        return {};
    }
    std::string refusedAfterTimeLimit(const Action&) const override {
        hear("refusedAfterTimeLimit");
        return {};
    }
    std::optional<bool> roundUnderWay() const override {
        hear("roundUnderWay");
        return std::nullopt;
    }
    Outcome stoppedOutcome(const std::string& why) const override {
        hear("stoppedOutcome");
        return Outcome::draw(why);
    }
    std::vector<std::string> report() const override {
        hear("report");
        return {};
    }
    std::vector<Cell> markedCells() const override {
        hear("markedCells");
        return {};
    }
    std::vector<ActionBegun> actionsBegunBy(const Action&) const override {
        hear("actionsBegunBy");
        return {};
    }
    std::string describeStops(const Action&, int) const override {
        hear("describeStops");
        return {};
    }

  private:
    void hear(const char* hook) const { heard_->push_back(hook); }

    std::shared_ptr<Heard> heard_;
    Geometry geometry_;
};

// One hook: how to call it through the ViewedState, and which hook of the
// true state must be heard then; none where ViewedState answers from the
// viewer's view alone, which `why` says.
struct Hook {
    std::string name;
    std::function<void(ViewedState&)> call;
    std::string heard;
    std::string why;
};

std::vector<Hook> everyHook() {
    const Action a = Action::pass();
    using V = ViewedState;
    auto other = [](V& v) { return v.clone(); };
    return {
        {"clone", [](V& v) { v.clone(); }, "clone", ""},
        {"geometry", [](V& v) { v.geometry(); }, "geometry", ""},
        {"playerCount", [](V& v) { v.playerCount(); }, "playerCount", ""},
        {"toMove", [](V& v) { v.toMove(); }, "toMove", ""},
        {"playerName", [](V& v) { v.playerName(0); }, "playerName", ""},
        {"pieceAt", [](V& v) { v.pieceAt(0); }, "", "the viewer sees only what their view shows"},
        {"resources", [](V& v) { v.resources(1); }, "resources", ""},
        {"appearance", [](V& v) { v.appearance(0); }, "", "the viewer's board shows their view"},
        {"listActions", [](V& v) { v.legalActions(); }, "listActions", ""},
        {"chooseListed",
         [](V& v) {
             std::vector<Action> list;
             v.chooseListed([](uint64_t) { return uint64_t{0}; }, list);
         },
         "chooseListed", ""},
        {"playOut",
         [](V& v) {
             SeededRandom random(1);
             v.playOut(random, 1, nullptr);
         },
         "", "the view plays only the viewer's turns, through its own hooks"},
        {"isLegal", [a](V& v) { v.isLegal(a); }, "isLegal", ""},
        {"refusal", [a](V& v) { v.refusal(a); }, "refusal", ""},
        {"apply", [a](V& v) { v.apply(a); }, "apply", ""},
        {"effect", [a](V& v) { v.effect(a); }, "effect", ""},
        {"consequences", [a, other](V& v) { v.consequences(a, *other(v)); }, "consequences", ""},
        {"midTurn", [](V& v) { v.midTurn(); }, "midTurn", ""},
        {"chance", [](V& v) { v.chance(); }, "chance", ""},
        {"turnCount", [](V& v) { v.turnCount(); }, "", "the view lists only the viewer's actions"},
        {"outcome", [](V& v) { v.outcome(); }, "outcome", ""},
        {"canStillWin", [](V& v) { v.canStillWin(0); }, "canStillWin", ""},
        {"opponents", [](V& v) { v.opponents(0); }, "opponents", ""},
        {"describe", [a](V& v) { v.describe(a); }, "describeTo", ""},
        {"encode", [a](V& v) { v.encode(a); }, "encode", ""},
        {"decode", [](V& v) { v.decode("pass"); }, "decode", ""},
        {"serialize", [](V& v) { v.serialize(); }, "viewText", ""},
        {"hidden", [](V& v) { v.hidden(); }, "hidden", ""},
        {"roster", [](V& v) { v.roster(); }, "roster", ""},
        {"endings", [](V& v) { v.endings(); }, "endings", ""},
        {"presentation", [](V& v) { v.presentation(); }, "",
         "the viewer is told only what they may know"},
        {"actionsInParts", [](V& v) { v.actionsInParts(); }, "",
         "only the mover's board shows an action begun"},
        {"view", [](V& v) { v.hidden()->view(1); }, "view", ""},
        {"viewText", [](V& v) { v.hidden()->viewText(1); }, "viewText", ""},
        {"reportTo", [](V& v) { v.hidden()->reportTo(1); }, "reportTo", ""},
        {"describeTo", [a](V& v) { v.hidden()->describeTo(a, 1); }, "describeTo", ""},
        {"rosterActions", [](V& v) { v.roster()->rosterActions(); }, "rosterActions", ""},
        {"inGame", [](V& v) { v.roster()->inGame(1); }, "inGame", ""},
        {"claimableDraw", [](V& v) { v.endings()->claimableDraw(); }, "claimableDraw", ""},
        {"refusedAfterTimeLimit", [a](V& v) { v.endings()->refusedAfterTimeLimit(a); },
         "refusedAfterTimeLimit", ""},
        {"roundUnderWay", [](V& v) { v.endings()->roundUnderWay(); }, "roundUnderWay", ""},
        {"stoppedOutcome", [](V& v) { v.endings()->stoppedOutcome("limit"); }, "stoppedOutcome",
         ""},
        {"report", [](V& v) { v.presentation()->report(); }, "reportTo", ""},
        {"markedCells", [](V& v) { v.presentation()->markedCells(); }, "",
         "the viewer's board lights the impassable cells they know of"},
        {"actionsBegunBy", [a](V& v) { v.actionsInParts()->actionsBegunBy(a); }, "actionsBegunBy",
         ""},
        {"describeStops", [a](V& v) { v.actionsInParts()->describeStops(a, 1); }, "describeStops",
         ""},
    };
}

// A header of the engine without its comments, which may name hooks too.
std::string sourceText(const std::string& path) {
    std::ifstream in(std::string(ARBITER_SOURCE_DIR) + "/" + path);
    std::ostringstream text;
    text << in.rdbuf();
    EXPECT_FALSE(text.str().empty()) << "cannot read " << path;
    return std::regex_replace(text.str(), std::regex("//[^\n]*"), "");
}

// The body of `class NAME ... {` up to the "};" that closes it.
std::string classBody(const std::string& text, const std::string& name) {
    const std::regex opening("class " + name + "[^{;]*\\{");
    std::smatch found;
    if (!std::regex_search(text, found, opening)) return {};
    const size_t start = static_cast<size_t>(found.position(0) + found.length(0));
    return text.substr(start, text.find("\n};", start) - start);
}

// The names of the virtual functions (but destructors) declared in `body`.
std::set<std::string> virtualNames(const std::string& body) {
    std::set<std::string> names;
    const std::regex declaration("virtual [^(;~]*?\\b(\\w+)\\(");
    for (auto it = std::sregex_iterator(body.begin(), body.end(), declaration);
         it != std::sregex_iterator(); ++it) {
        names.insert((*it)[1]);
    }
    return names;
}

// Every hook the headers declare: GameState's and those of the facets it hands out.
std::set<std::string> declaredHooks() {
    const std::string state = classBody(sourceText("engine/core/game.h"), "GameState");
    const std::string facets = sourceText("engine/core/game_facets.h");
    std::set<std::string> hooks = virtualNames(state);
    const std::regex facet("virtual const (\\w+)\\* \\w+\\(\\) const");
    for (auto it = std::sregex_iterator(state.begin(), state.end(), facet);
         it != std::sregex_iterator(); ++it) {
        const std::set<std::string> more = virtualNames(classBody(facets, (*it)[1]));
        EXPECT_FALSE(more.empty()) << "no hooks found for the facet " << (*it)[1];
        hooks.insert(more.begin(), more.end());
    }
    return hooks;
}

TEST(ViewedStateForwarding, TheListHoldsEveryHookOfTheStateAndItsFacets) {
    std::set<std::string> listed;
    for (const Hook& hook : everyHook()) {
        EXPECT_TRUE(listed.insert(hook.name).second) << hook.name << " is listed twice";
        EXPECT_NE(hook.heard.empty(), hook.why.empty())
            << hook.name << ": a hook answered by the view says why, and only such a hook";
    }
    const std::set<std::string> declared = declaredHooks();
    std::string missing, gone;
    for (const std::string& hook : declared) {
        if (!listed.count(hook)) missing += " " + hook;
    }
    for (const std::string& hook : listed) {
        if (!declared.count(hook)) gone += " " + hook;
    }
    EXPECT_EQ(missing, "") << "hooks of GameState or its facets missing from the list";
    EXPECT_EQ(gone, "") << "hooks in the list that the headers no longer declare";
    EXPECT_EQ(static_cast<int>(listed.size()), GameState::kHooks)
        << "GameState::kHooks (engine/core/game.h) counts every hook";
}

TEST(ViewedStateForwarding, EveryHookReachesTheTrueStateOrIsAnsweredByTheView) {
    for (const Hook& hook : everyHook()) {
        auto heard = std::make_shared<Heard>();
        ViewedState viewed(std::make_unique<RecordingState>(heard), 0);
        heard->clear();
        hook.call(viewed);
        if (hook.heard.empty()) continue;
        EXPECT_NE(std::find(heard->begin(), heard->end(), hook.heard), heard->end())
            << hook.name << " through a ViewedState did not reach the true state's " << hook.heard;
    }
}

}  // namespace
}  // namespace arbiter
