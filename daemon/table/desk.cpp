#include "daemon/table/desk.h"

#include <spdlog/spdlog.h>

#include "daemon/table/board_labels.h"

namespace arbiter {

namespace {
// How often lines the journal could not write are tried again.
constexpr Millis kJournalRetryMs = 1000;
}  // namespace

Desk::Desk(EventLoop& loop, TableSettings settings, std::unique_ptr<Game> game, Listener& table)
    : loop_(loop), settings_(std::move(settings)), game_(std::move(game)), table_(table) {
    // Each player's own board of a game of hidden views shows every cell by
    // its own name: only boards that share the cells out have squares to say.
    const std::unique_ptr<GameState> first = game_->start();
    if (first->hidden()) return;
    labelBoards(settings_.boards, first->geometry());  // those the configuration left unlabelled
    places_ = cellPlaces(settings_.boards, first->geometry());
}

BoardSquares Desk::read(const BoardSquares& squares) const {
    BoardSquares read = squares;
    for (Appearance& square : read) {
        if (square) square = readSensed(*game_, *square);
    }
    return read;
}

Appearance Desk::read(Appearance square) const {
    if (square) square = readSensed(*game_, *square);
    return square;
}

void Desk::setStart(std::unique_ptr<GameState> start) {
    start_ = std::move(start);
    if (!settings_.session.start.empty()) settings_.session.start = start_->serialize();
}

bool Desk::resume(const JournalContents& unfinished, AnnouncementSink& said, std::string& error) {
    session_ = Session::resume(*game_, unfinished, said, loop_.time(), error);
    if (session_) session_->placeCells(places_);
    if (session_) return true;
    error = "cannot resume: " + error +
            " (add --new-game to begin a new game; the journal is kept as it is)";
    return false;
}

bool Desk::begin(AnnouncementSink& said) {
    std::string error;
    session_ = Session::begin(*game_, settings_.session, said, loop_.time(), error);
    if (session_) session_->placeCells(places_);
    if (session_) return true;
    spdlog::error("cannot start a game: {}", error);
    return false;
}

bool Desk::lastJournalWritten() {
    if (!session_ || session_->retryJournal()) return true;
    spdlog::error("a new game waits until the last game's journal {} is written",
                  session_->journalPath());
    armJournalRetry();
    return false;
}

void Desk::keepJournalUntilWritten(std::function<void()> written) {
    journalWritten_ = std::move(written);
}

void Desk::armJournalRetry() {
    if (!journalWritten_ || journalTimer_.armed() || !session_ || session_->journalComplete())
        return;
    journalTimer_.after(kJournalRetryMs, [this] {
        if (!session_->retryJournal()) {
            armJournalRetry();
            return;
        }
        journalWritten_();
    });
}

void Desk::armLowTimeWarning() {
    lowTimeTimer_.cancel();
    if (!playing()) return;
    if (auto at = session_->lowTimeAt()) {
        lowTimeTimer_.at(*at, [this] {
            session_->warnLowTime();
            armLowTimeWarning();
        });
    }
}

void Desk::armTimers() {
    armJournalRetry();
    flagTimer_.cancel();
    limitTimer_.cancel();
    armLowTimeWarning();
    if (!playing()) return;
    if (auto at = session_->clock().flagAt()) {
        flagTimer_.at(*at, [this] {
            const int ply = session_->ply();
            session_->checkFlag();
            table_.timeCalled(!session_->over() && session_->ply() != ply);
            if (session_->over())
                table_.gameEnded();
            else
                armTimers();
        });
    }
    if (auto at = session_->timeLimitAt()) {
        limitTimer_.at(*at, [this] {
            session_->checkTimeLimit();
            table_.timeCalled(false);
            if (session_->over())
                table_.gameEnded();
            else
                armTimers();
        });
    }
}

std::optional<std::string> Desk::request(DoVerb verb, PlayerId who) {
    switch (verb) {
        case DoVerb::Resign:
        case DoVerb::Leave:
            return session_->resign(who);
        case DoVerb::DrawOffer:
            return session_->offerDraw(who);
        case DoVerb::DrawAccept:
            return session_->acceptDraw(who);
        case DoVerb::DrawClaim:
            return session_->claimDraw(who);
        case DoVerb::Join:  // a seat at this table: the table's own to give
            return std::nullopt;
    }
    return std::nullopt;
}

namespace {

// What arbiterctl prints once a decision is made: "resigned: White".
std::string decisionMade(DoVerb verb, const std::string& name) {
    switch (verb) {
        case DoVerb::Resign:
            return "resigned: " + name;
        case DoVerb::Leave:
            return "left the game: " + name;
        case DoVerb::DrawOffer:
            return "draw offered: " + name;
        case DoVerb::DrawAccept:
            return "draw accepted: " + name;
        case DoVerb::DrawClaim:
            return "draw claimed: " + name;
        case DoVerb::Join:
            return "joined: " + name;
    }
    return name;
}

}  // namespace

ControlReply Desk::say(std::optional<DoVerb> verb, PlayerId who,
                       const std::function<ControlReply()>& otherwise,
                       const std::function<void()>& changed) {
    const int ply = session_->ply();
    ControlReply said = ControlReply::done();
    if (auto refusal = verb ? request(*verb, who) : std::nullopt) {
        if (!refusal->empty()) return ControlReply::refused(*refusal);
        said.data["text"] = decisionMade(*verb, session_->playerName(who));
    } else if (said = otherwise(); !said.ok) {
        return said;
    }
    if (playing() && session_->ply() != ply) changed();
    armTimers();
    if (session_->over()) table_.gameEnded();
    return said;
}

ControlReply Desk::abandon() {
    if (!playing()) return ControlReply::done();
    if (auto why = session_->abandon(); !why.empty()) return ControlReply::refused(why);
    armTimers();
    return ControlReply::done();
}

ControlReply Desk::takeback(bool possible, const std::function<void()>& before,
                            const std::function<void()>& after) {
    if (!playing()) return noGame();
    if (!possible) return ControlReply::refused("there is no move to take back");
    before();
    if (!session_->takeback()) return ControlReply::refused("cannot record the game");
    after();
    armTimers();
    return ControlReply::done({{"text", "taken back: the last move"}});
}

ControlReply Desk::pauseClocks() {
    if (!playing()) return noGame();
    if (auto why = session_->pauseClocks(); !why.empty()) return ControlReply::refused(why);
    armTimers();
    return ControlReply::done({{"text", "clocks paused"}});
}

ControlReply Desk::resumeClocks() {
    if (!playing()) return noGame();
    if (auto why = session_->resumeClocks(); !why.empty()) return ControlReply::refused(why);
    armTimers();
    return ControlReply::done({{"text", "clocks running again"}});
}

ControlReply Desk::games() const {
    // The listing names no move, only how many there are: the same at a table
    // of hidden views, where arbiterctl replay refuses a game not yet ended.
    std::optional<JournalInProgress> writing;
    if (playing()) writing = JournalInProgress{session_->journalPath(), session_->turns()};
    std::string error;
    auto listing = listTableGames(settings_.session.journalDir, writing, journalSummaries_, error);
    readJournalsOn();
    if (!listing) return ControlReply::refused(error);
    return ControlReply::done(*listing);
}

void Desk::readJournalsOn() const {
    // A slice, then the boards and clients that wait, then the next slice.
    if (!journalSummaries_.reading()) return;
    summariesTimer_.afterUnlessSet(0, [this] {
        journalSummaries_.readOn();
        readJournalsOn();
    });
}

nlohmann::json Desk::status(nlohmann::json boards) const {
    nlohmann::json j = {{"game", game_->name()}, {"boards", std::move(boards)}};
    j["waitingForStart"] = !playing();
    return j;
}

nlohmann::json Desk::boardStatus(const std::string& name, const BoardLink& link) {
    return {{"name", name}, {"device", link.device().text()}, {"connected", link.connected()}};
}

}  // namespace arbiter
