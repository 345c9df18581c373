#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string_view>

namespace arbiter {

// What an announcement is about. A closed list, so that whoever handles
// announcements by type (speech, the clocks, the sorting of a game of hidden
// views) switches over it and the compiler names a type one of them forgot.
// Each has a name on the wire (announcementTypeName): the control socket's
// "event" field, which clients read, so the names never change.
enum class AnnouncementType {
    // A game begins, is taken up from its journal, or is left unfinished.
    Start,
    Resume,
    Abandoned,
    // No game: the table waits for the start, or names what is still to set up.
    Waiting,
    Setup,
    // Actions: a move, a move as the others may know it in a game of hidden
    // views, a stop of a capture chain, chance's draw, a takeback, and the
    // action the machine chose for its seat, for the players to make.
    Move,
    Moved,
    Chain,
    Chance,
    Takeback,
    Machine,
    // The boards: a rule broken and what to put right, what an action leaves
    // to do, other work the boards are due (after a takeback, a promotion's
    // new piece, an action to say rather than show), right again, a player's
    // own view, an impassable square found, a position that fits several
    // moves, a capture to confirm, the DGT clock's lever.
    Illegal,
    Consequences,
    ToDo,
    Fixed,
    View,
    Found,
    Ambiguous,
    Confirm,
    Lever,
    // What the players say or may say, and who comes and goes: a player
    // knocked out by the game is Out, one who says so Leaves.
    Claimable,
    DrawOffer,
    Join,
    Leave,
    Out,
    // Time and the end of the game: a player's time running low, then out.
    TimeLow,
    Flag,
    TimeLimit,
    Pause,
    ResumeClocks,
    Result,
    // Where the game stands, and the table's own troubles: the journal, a
    // board, the DGT clock and its run button.
    Status,
    Journal,
    Error,
    Board,
    Clock,
    Button,
};

// How many types there are: Button must stay the last of them (the name table
// checks that it names as many).
inline constexpr std::size_t kAnnouncementTypeCount =
    static_cast<std::size_t>(AnnouncementType::Button) + 1;

// The type's name on the wire: "move", "draw-offer", "resume-clocks".
std::string_view announcementTypeName(AnnouncementType type);
// The type a wire name names; nullopt for any other text.
std::optional<AnnouncementType> announcementTypeNamed(std::string_view name);

// Writes the wire name, for test failures and logs.
std::ostream& operator<<(std::ostream& out, AnnouncementType type);

}  // namespace arbiter
