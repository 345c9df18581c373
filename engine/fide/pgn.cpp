#include "engine/fide/pgn.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <optional>
#include <vector>

#include "engine/core/clock_reading.h"
#include "engine/fide/fen.h"
#include "engine/fide/fide_game.h"
#include "engine/fide/movegen.h"
#include "engine/fide/san.h"

namespace arbiter::fide {

namespace {

constexpr size_t kLineWidth = 80;

// A Seven Tag Roster tag and the value PGN prescribes when it is unknown.
struct RosterTag {
    std::string_view name;
    std::string_view unknown;
};
constexpr std::array<RosterTag, 6> kRosterBeforeResult = {{
    {"Event", "?"},
    {"Site", "?"},
    {"Date", "????.??.??"},
    {"Round", "?"},
    {"White", "?"},
    {"Black", "?"},
}};

// PGN tag names are letters, digits and underscores, starting with a letter or digit.
bool isTagName(std::string_view name) {
    if (name.empty() || name.size() > 255) return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '_';
    });
}

std::string escapedTagValue(std::string_view value) {
    std::string escaped;
    for (char c : value) {
        if (c == '\\' || c == '"') escaped += '\\';
        escaped += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
    }
    return escaped;
}

std::string tagLine(std::string_view name, std::string_view value) {
    std::string line = "[";
    line.append(name).append(" \"").append(escapedTagValue(value)).append("\"]\n");
    return line;
}

// A comment may not contain its own closing brace.
std::string comment(std::string_view text) {
    std::string body(text);
    std::replace(body.begin(), body.end(), '}', ')');
    std::replace(body.begin(), body.end(), '\n', ' ');
    body.insert(body.begin(), '{');
    body += '}';
    return body;
}

// The [%clk] command of a clock comment: H:MM:SS, with tenths below a minute
// as the clock shows them ("0:04:59", "0:00:51.6"), read as everywhere else.
std::string clockCommand(std::int64_t milliseconds) {
    const ClockReading reading = readClock(milliseconds);
    char text[48];
    std::snprintf(text, sizeof text, "[%%clk %lld:%02d:%02d", static_cast<long long>(reading.hours),
                  reading.minutes, reading.seconds);
    std::string command = text;
    if (reading.showsTenths) command += "." + std::to_string(reading.tenths);
    return command + "]";
}

// Joins tokens into lines of at most kLineWidth characters, breaking only
// between tokens: a move comes as one token with its number and its clock
// ("12. Nf3 {[%clk 0:04:59]}"), so that no line ends with a number whose move
// is on the next.
class MovetextWriter {
  public:
    void add(const std::string& token) {
        if (!line_.empty() && line_.size() + 1 + token.size() > kLineWidth) {
            text_ += line_ + '\n';
            line_.clear();
        }
        if (!line_.empty()) line_ += ' ';
        line_ += token;
    }
    std::string finish() {
        if (!line_.empty()) text_ += line_ + '\n';
        return std::move(text_);
    }

  private:
    std::string text_;
    std::string line_;
};

}  // namespace

std::string_view resultToken(const Outcome& outcome) {
    switch (outcome.status) {
        case Outcome::Status::Win:
            if (outcome.winners.size() == 1 && outcome.winners[0] == 0) return "1-0";
            if (outcome.winners.size() == 1 && outcome.winners[0] == 1) return "0-1";
            return "*";
        case Outcome::Status::Draw:
            return "1/2-1/2";
        case Outcome::Status::Ongoing:
            break;
    }
    return "*";
}

std::string exportPgn(const GameRecord& record) {
    std::string error;
    std::optional<Position> start;
    bool standardStart = record.startText.empty() || record.startText == kStandardStartFen;
    start = standardStart ? Position::standardStart() : parseFen(record.startText, error);
    const std::string_view result = resultToken(record.outcome);

    auto findTag = [&](std::string_view name) -> const std::string* {
        for (const auto& [tag, value] : record.tags)
            if (tag == name) return &value;
        return nullptr;
    };

    std::string pgn;
    for (const RosterTag& roster : kRosterBeforeResult) {
        const std::string* value = findTag(roster.name);
        pgn += tagLine(roster.name, value && !value->empty() ? *value : roster.unknown);
    }
    pgn += tagLine("Result", result);
    if (!standardStart) {
        pgn += tagLine("SetUp", "1");
        pgn += tagLine("FEN", start ? toFen(*start) : record.startText);
    }
    for (const auto& tag : record.tags) {
        const std::string& name = tag.first;
        const bool reserved = name == "Result" || name == "SetUp" || name == "FEN" ||
                              std::any_of(kRosterBeforeResult.begin(), kRosterBeforeResult.end(),
                                          [&](const RosterTag& r) { return r.name == name; });
        if (!reserved && isTagName(name)) pgn += tagLine(name, tag.second);
    }
    // Every record says how the game ended. Only its writer can tell a time
    // forfeit or an abandoned game; otherwise a finished game ended normally.
    if (!findTag("Termination"))
        pgn += tagLine("Termination", record.outcome.over() ? "normal" : "unterminated");
    pgn += '\n';

    MovetextWriter movetext;
    if (!start) {
        movetext.add(comment("start position unreadable: " + error));
    } else {
        Position position = *start;
        // Black's move carries its own number at the start of the movetext and
        // after a comment, so that it never reads as White's.
        bool numberBlacksMove = true;
        for (size_t ply = 0; ply < record.actions.size(); ++ply) {
            const Action& action = record.actions[ply];
            MoveList legal;
            generateLegalMoves(position, legal);
            std::optional<Move> move;
            for (Move m : legal)
                if (FideState::toAction(m) == action) move = m;
            if (!move) {
                movetext.add(comment("the record continues with a move that is not legal here"));
                break;
            }
            const std::string number = std::to_string(position.fullmoveNumber());
            const bool white = position.sideToMove() == White;
            // The move with its number and its clock, kept on one line.
            std::string numberedMove = white              ? number + ". "
                                       : numberBlacksMove ? number + "... "
                                                          : std::string();
            numberedMove += toSan(position, *move);
            numberBlacksMove = false;
            // The mover's clock just after the move, increment included.
            const size_t mover = white ? 0 : 1;
            if (ply < record.clocks.size() && mover < record.clocks[ply].size()) {
                numberedMove += " " + comment(clockCommand(record.clocks[ply][mover]));
                numberBlacksMove = true;
            }
            movetext.add(numberedMove);
            position.play(*move);
        }
    }
    const std::string& note =
        !record.outcomeNote.empty() ? record.outcomeNote : record.outcome.reason;
    if (record.outcome.over() && !note.empty()) movetext.add(comment(note));
    movetext.add(std::string(result));
    pgn += movetext.finish();
    return pgn;
}

}  // namespace arbiter::fide
