#include "tests/games/tally.h"

#include "tests/games/test_game.h"

#include <cassert>
#include <charconv>

namespace arbiter::testgames {

namespace {

constexpr int kGoal = 21;

class TallyState final : public GameState {
  public:
    std::unique_ptr<GameState> clone() const override {
        return std::make_unique<TallyState>(*this);
    }
    const Geometry& geometry() const override { return geometry_; }
    int playerCount() const override { return 2; }
    PlayerId toMove() const override { return toMove_; }
    std::string playerName(PlayerId p) const override { return p == 0 ? "First" : "Second"; }
    std::optional<Piece> pieceAt(Cell) const override { return std::nullopt; }
    PlayerResources resources(PlayerId p) const override {
        PlayerResources r;
        r.score = p == 0 ? total_ : 0;
        return r;
    }
    Appearance appearance(Cell) const override { return std::nullopt; }
    void listActions(std::vector<Action>& out) const override { out = listed(); }
    std::vector<Action> listed() const {
        std::vector<Action> actions;
        for (int n = 1; n <= 3; ++n) {
            if (isLegal(Action::choice(n))) actions.push_back(Action::choice(n));
        }
        return actions;
    }
    // By the rule rather than by searching the list.
    bool isLegal(const Action& a) const override {
        return a.kind == Action::Kind::Choice && a.arg >= 1 && a.arg <= 3 && a.from == NoCell &&
               a.to == NoCell && a.payload.empty() && total_ + a.arg <= kGoal && !outcome().over();
    }
    void apply(const Action& a) override {
        assert(isLegal(a));
        total_ += a.arg;
        if (!outcome().over()) toMove_ = 1 - toMove_;
    }
    Outcome outcome() const override {
        if (total_ == kGoal) return Outcome::win({toMove_}, "reached " + std::to_string(kGoal));
        return Outcome::ongoing();
    }
    bool canStillWin(PlayerId) const override { return true; }
    std::string describe(const Action& a) const override {
        return "adds " + std::to_string(a.arg) + ", making " + std::to_string(total_ + a.arg);
    }
    std::string encode(const Action& a) const override { return "add" + std::to_string(a.arg); }
    std::optional<Action> decode(std::string_view text) const override {
        if (text.size() != 4 || text.substr(0, 3) != "add") return std::nullopt;
        int n = text[3] - '0';
        if (n < 0 || n > 9) return std::nullopt;
        return Action::choice(n);
    }
    // "0 13": the player to move and the total.
    std::string serialize() const override {
        return std::to_string(toMove_) + " " + std::to_string(total_);
    }
    static std::unique_ptr<TallyState> load(std::string_view text, std::string& error) {
        auto s = std::make_unique<TallyState>();
        int total = -1;
        if (text.size() < 3 || (text[0] != '0' && text[0] != '1') || text[1] != ' ' ||
            std::from_chars(text.data() + 2, text.data() + text.size(), total).ptr !=
                text.data() + text.size() ||
            total < 0 || total > kGoal) {
            error = "a Tally state is the player to move (0 or 1) and the total (0..21)";
            return nullptr;
        }
        s->toMove_ = text[0] - '0';
        s->total_ = total;
        return s;
    }

  private:
    Geometry geometry_ = Geometry::none();
    PlayerId toMove_ = 0;
    int total_ = 0;
};

}  // namespace

std::unique_ptr<Game> makeTallyGame() {
    return std::make_unique<TestGame<TallyState>>("tally");
}

}  // namespace arbiter::testgames
