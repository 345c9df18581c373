// What the table says aloud for each kind of announcement, in English and
// German. The console's text is written to be read (UCI codes, clocks, file
// paths); what is said is short, so that it is over before the next move.
#include "daemon/speech/spoken_text.h"

#include <array>

#include "daemon/speech/spoken_places.h"

namespace arbiter {

namespace {

// How many fixes are read out; the rest are counted ("and 3 more"): a board
// knocked over is seen at a glance, not listened to square by square.
constexpr size_t kFixesSaid = 3;

struct GameName {
    const char* game;
    const char* english;
    const char* german;
};

constexpr std::array<GameName, 10> kGameNames{{
    {"fide", "chess", "Schach"},
    {"csipgs", "C S I P G S chess", "C S I P G S Schach"},
    {"skirmish", "Skirmish", "Skirmish"},
    {"martian", "Martian Chess", "Martian Chess"},
    {"konfusion", "Konfusion", "Konfusion"},
    {"mobiatus", "Möbiatus", "Möbiatus"},
    {"colonization", "Colonization", "Colonization"},
    {"cornerport", "Cornerport", "Cornerport"},
    {"sandkings", "Sandkings", "Sandkings"},
    {"powercoinz", "Power Coinz", "Power Coinz"},
}};

// The reasons a game ends that German says in its own words; any other is
// left out and the result alone is said.
constexpr std::array<std::pair<const char*, const char*>, 8> kGermanReasons{{
    {"checkmate", "Schachmatt"},
    {"stalemate", "Patt"},
    {"insufficient material", "ungenügendes Material"},
    {"threefold repetition", "dreifache Stellungswiederholung"},
    {"fivefold repetition", "fünffache Stellungswiederholung"},
    {"fifty-move rule", "50-Züge-Regel"},
    {"seventy-five-move rule", "75-Züge-Regel"},
    {"agreed", "vereinbart"},
}};

std::string gameName(const std::string& game, SpeechLanguage language) {
    for (const GameName& g : kGameNames) {
        if (game == g.game) return language == SpeechLanguage::German ? g.german : g.english;
    }
    return game;
}

std::string text(const nlohmann::json& data, const char* key) {
    auto it = data.find(key);
    return it != data.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::vector<std::string> texts(const nlohmann::json& data, const char* key) {
    std::vector<std::string> out;
    auto it = data.find(key);
    if (it == data.end() || !it->is_array()) return out;
    for (const auto& item : *it) {
        if (item.is_string()) out.push_back(item.get<std::string>());
    }
    return out;
}

// "Ann", "Ann and Bob", "Ann, Bob and Cy".
std::string listed(const std::vector<std::string>& items, const std::string& lastJoin) {
    std::string out;
    for (size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out += i + 1 == items.size() ? " " + lastJoin + " " : ", ";
        out += items[i];
    }
    return out;
}

std::string withoutBrackets(const std::string& s) {
    const size_t open = s.find(" (");
    return open == std::string::npos ? s : s.substr(0, open);
}

// The fixes an announcement carries as data ("fixSteps"), each as it is
// said; the English "fixes" beside them are for the eye.
std::vector<std::string> fixesSpoken(const nlohmann::json& data, SpeechLanguage language) {
    std::vector<std::string> out;
    auto it = data.find("fixSteps");
    if (it == data.end() || !it->is_array()) return out;
    for (const auto& step : *it) {
        std::string said = spokenFix(step, language);
        if (!said.empty()) out.push_back(std::move(said));
    }
    return out;
}

std::string fixesSaid(const std::vector<std::string>& fixes, size_t count,
                      SpeechLanguage language) {
    const bool german = language == SpeechLanguage::German;
    std::string out;
    for (size_t i = 0; i < fixes.size() && i < kFixesSaid; ++i) out += (i ? "; " : "") + fixes[i];
    const size_t said = std::min(fixes.size(), kFixesSaid);
    if (count > said)
        out += (german ? "; und " : "; and ") + std::to_string(count - said) +
               (german ? " weitere" : " more");
    return out;
}

// The square a SAN move goes to: its last square ("d6" of "exd6", "e8" of "e8=Q+").
std::string destination(const std::string& san) {
    for (size_t i = san.size(); i >= 2; --i) {
        const char file = san[i - 2], rank = san[i - 1];
        if (file >= 'a' && file <= 'h' && rank >= '1' && rank <= '8') return san.substr(i - 2, 2);
    }
    return {};
}

// A move, Skirmish's "a2-a3" as much as chess's "Nf3", with the mover's name
// where the table says it ("Ann, a2 to a3").
std::string moveSaid(const Announcement& a, SpeechLanguage language, const std::string& game) {
    const std::string san = text(a.data, "san");
    std::string notation = text(a.data, "notation");
    if (notation.empty()) notation = san;
    std::string said;
    if (game == "fide") {
        // En passant is the one capture whose piece was not on the square moved to.
        bool enPassant = false;
        const std::string to = destination(san);
        for (const std::string& c : texts(a.data, "captured")) {
            const bool pawn = c.starts_with("black pawn on ") || c.starts_with("white pawn on ");
            if (pawn && !c.ends_with(" on " + to)) enPassant = true;
        }
        said = spokenSan(san, enPassant, language);
    }
    if (said.empty()) said = spokenNotation(notation, language);
    if (said.empty()) return {};
    // On several boards, the squares the hands used, as the text gives them.
    if (a.data.is_object() && a.data.contains("squares"))
        said = withMoveSquaresSaid(said, a.data["squares"], language);
    const std::string name = text(a.data, "name");
    if (!name.empty() && a.text.starts_with(name + ": ")) said = name + ", " + said;
    return said;
}

// The move the machine chose, for the hands to make; nothing for its trouble
// (an announcement without a move).
std::string machineSaid(const Announcement& a, SpeechLanguage language, const std::string& game) {
    const std::string move = moveSaid(a, language, game);
    if (move.empty()) return {};
    return (language == SpeechLanguage::German ? "Die Maschine spielt " : "The machine plays ") +
           move;
}

std::string resultSaid(const Announcement& a, SpeechLanguage language) {
    const bool german = language == SpeechLanguage::German;
    const std::string status = text(a.data, "status");
    if (status == "abandoned") return german ? "Partie abgebrochen" : "Game abandoned";
    std::string reason = withoutBrackets(text(a.data, "namedReason"));
    if (reason.empty()) reason = withoutBrackets(text(a.data, "reason"));
    if (german) {
        std::string known;
        for (const auto& [english, inGerman] : kGermanReasons) {
            if (reason == english) known = inGerman;
        }
        for (const auto& [ending, inGerman] :
             {std::pair{" resigned", " hat aufgegeben"},
              std::pair{" lost on time", " hat die Zeit überschritten"}}) {
            if (reason.ends_with(ending))
                known = reason.substr(0, reason.size() - std::string(ending).size()) + inGerman;
        }
        reason = known;
    }
    const std::vector<std::string> names = texts(a.data, "names");
    if (status == "draw") {
        std::string said = german ? "Remis" : "Draw";
        return reason.empty() ? said : said + ": " + reason;
    }
    if (names.empty()) return german ? "Partie beendet" : "Game over";
    std::string winners = listed(names, german ? "und" : "and");
    std::string wins = german ? (names.size() == 1 ? " gewinnt" : " gewinnen")
                              : (names.size() == 1 ? " wins" : " win");
    return (reason.empty() ? "" : reason + ". ") + winners + wins;
}

// German reads "e5." before more words as an ordinal ("e fünfte"): a space
// before the full stop keeps the number a number.
std::string numbersKeptCardinal(const std::string& s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '.' && i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9') out += ' ';
        out += s[i];
    }
    return out;
}

std::string takebackSaid(const nlohmann::json& d, SpeechLanguage language,
                         const std::string& game) {
    const bool german = language == SpeechLanguage::German;
    std::string undone = text(d, "undone");
    std::string move = game == "fide" ? spokenSan(undone, false, language) : std::string();
    if (move.empty()) move = spokenNotation(withPlacesSaid(undone, language), language);
    return (german ? "Zurückgenommen: " : "Takeback: ") + move;
}

// Work due on the boards, which breaks no rule: never "illegal".
std::string workDueSaid(const nlohmann::json& d, const std::string& steps,
                        SpeechLanguage language) {
    const bool german = language == SpeechLanguage::German;
    const std::string due = text(d, "due");
    if (due == "say")
        return german ? "Dieser Zug wird angesagt, nicht auf den Brettern gemacht"
                      : "This move is said, not made on the boards";
    if (steps.empty()) return {};
    if (due == "takeback")
        return (german ? "Nach der Rücknahme: " : "After the takeback: ") + steps;
    return (german ? "Noch zu tun: " : "Still to do: ") + steps;
}

// What to put right on the boards: an illegal position, what an action leaves
// to do, other work due, what is still to set up.
std::string fixesAnnounced(const Announcement& a, SpeechLanguage language) {
    const bool german = language == SpeechLanguage::German;
    const nlohmann::json& d = a.data;
    const auto fixes = fixesSpoken(d, language);
    const size_t count = d.value("count", fixes.size());
    const std::string steps = fixesSaid(fixes, count, language);
    if (a.type == AnnouncementType::Illegal) {
        // Why, in the rules' English words: said in English only.
        const std::string why =
            german ? std::string() : withPlacesSaid(text(d, "refusal"), language);
        return (german ? "Ungültige Stellung" : "Illegal position") +
               (why.empty() ? "" : ": " + why) + (steps.empty() ? "" : ". " + steps);
    }
    if (a.type == AnnouncementType::ToDo) return workDueSaid(d, steps, language);
    if (steps.empty()) return {};
    if (a.type == AnnouncementType::Consequences) return (german ? "Jetzt " : "Now ") + steps;
    return (german ? "Noch aufzubauen: " : "Still to set up: ") + steps;
}

std::string confirmSaid(const nlohmann::json& d, SpeechLanguage language) {
    const bool german = language == SpeechLanguage::German;
    // On several boards each cell with the square where it lies.
    std::vector<std::string> where = texts(d, "cells");
    const auto squares = d.find("squares");
    for (size_t i = 0;
         squares != d.end() && squares->is_array() && i < where.size() && i < squares->size(); ++i)
        where[i] = cellWithSquareSaid(where[i], (*squares)[i]);
    const std::string cells = listed(where, german ? "oder" : "or");
    if (cells.empty()) return {};
    return german ? "Die Figur auf " + cells + " anheben und wieder absetzen"
                  : "Lift the piece on " + cells + " and set it down again";
}

std::string waitingSaid(const nlohmann::json& d, SpeechLanguage language) {
    // A table without boards waits for a command: nothing to hear.
    if (text(d, "by") == "arbiterctl") return {};
    return language == SpeechLanguage::German ? "Bitte die Grundstellung aufbauen"
                                              : "Set up the start position";
}

std::string boardSaid(const nlohmann::json& d, SpeechLanguage language) {
    const std::string board = text(d, "name");
    if (d.value("connected", true) || board.empty()) return {};
    return language == SpeechLanguage::German
               ? "Brett " + board + " ist weg; die Partie wartet darauf"
               : "Board " + board + " is gone; the game waits for it";
}

// What a player did or may do, said after their name; nothing without one.
std::string byPlayer(const nlohmann::json& d, const std::string& english, const std::string& german,
                     SpeechLanguage language) {
    const std::string name = text(d, "name");
    if (name.empty()) return {};
    return name + (language == SpeechLanguage::German ? german : english);
}

// "White: 1 minute left", "Weiß: noch 10 Sekunden", from the time left in whole units.
std::string timeLowSaid(const nlohmann::json& d, SpeechLanguage language) {
    const std::string name = text(d, "name");
    const auto* left = d.is_object() && d.contains("leftMs") ? &d["leftMs"] : nullptr;
    if (name.empty() || !left || !left->is_number_integer()) return {};
    const long long ms = left->get<long long>();
    const bool german = language == SpeechLanguage::German;
    const bool minutes = ms >= 60000;
    const long long n = minutes ? ms / 60000 : ms / 1000;
    std::string unit =
        minutes ? (german ? " Minute" : " minute") : (german ? " Sekunde" : " second");
    if (n != 1) unit += german ? "n" : "s";
    return german ? name + ": noch " + std::to_string(n) + unit
                  : name + ": " + std::to_string(n) + unit + " left";
}

// The phrases said the same whatever the announcement's data.
struct FixedPhrase {
    AnnouncementType type;
    const char* english;
    const char* german;
};

constexpr std::array<FixedPhrase, 9> kFixedPhrases{{
    {AnnouncementType::Resume, "The game goes on", "Die Partie geht weiter"},
    {AnnouncementType::Fixed, "The position is correct again", "Die Stellung stimmt wieder"},
    {AnnouncementType::Lever, "The clock was pressed, but no complete move is on the board",
     "Die Uhr gedrückt, aber kein vollständiger Zug auf dem Brett"},
    {AnnouncementType::Ambiguous, "The board fits more than one move",
     "Die Bretter passen zu mehr als einem Zug"},
    {AnnouncementType::TimeLimit, "The time limit is reached", "Das Zeitlimit ist erreicht"},
    {AnnouncementType::Pause, "Clocks paused", "Die Uhren sind angehalten"},
    {AnnouncementType::ResumeClocks, "Clocks running again", "Die Uhren laufen wieder"},
    {AnnouncementType::Abandoned, "The unfinished game is closed; a new game begins",
     "Die unterbrochene Partie ist abgebrochen; eine neue beginnt"},
    {AnnouncementType::Error, "The game cannot be recorded",
     "Die Partie kann nicht aufgezeichnet werden"},
}};

std::string fixedPhrase(AnnouncementType type, SpeechLanguage language) {
    for (const FixedPhrase& p : kFixedPhrases) {
        if (p.type == type) return language == SpeechLanguage::German ? p.german : p.english;
    }
    return {};
}

std::string said(const Announcement& a, SpeechLanguage language, const std::string& game) {
    const bool german = language == SpeechLanguage::German;
    const nlohmann::json& d = a.data;
    const std::string name = text(d, "name");
    switch (a.type) {
        case AnnouncementType::Move:
            return moveSaid(a, language, game);
        case AnnouncementType::Machine:
            return machineSaid(a, language, game);
        case AnnouncementType::Start:
            return (german ? "Neue Partie " : "New game of ") + gameName(game, language);
        case AnnouncementType::Takeback:
            return takebackSaid(d, language, game);
        case AnnouncementType::Illegal:
        case AnnouncementType::Consequences:
        case AnnouncementType::ToDo:
        case AnnouncementType::Setup:
            return fixesAnnounced(a, language);
        case AnnouncementType::Confirm:
            return confirmSaid(d, language);
        case AnnouncementType::Chain: {
            const std::string made =
                spokenNotation(withPlacesSaid(text(d, "made"), language), language);
            return name.empty() || made.empty() ? made : name + ", " + made;
        }
        case AnnouncementType::Chance: {
            const std::string drawn = spokenNotation(text(d, "notation"), language);
            if (name.empty() || drawn.empty()) return {};
            return (german ? "Zufall für " : "Chance for ") + name + ": " + drawn;
        }
        case AnnouncementType::Result:
            return resultSaid(a, language);
        case AnnouncementType::Waiting:
            return waitingSaid(d, language);
        case AnnouncementType::Board:
            return boardSaid(d, language);
        case AnnouncementType::Claimable:
            return byPlayer(d, " may claim a draw", " kann Remis beanspruchen", language);
        case AnnouncementType::DrawOffer:
            return byPlayer(d, " offers a draw", " bietet Remis an", language);
        case AnnouncementType::Join:
            if (d.contains("rejoins"))
                return byPlayer(d, " rejoins the game", " kommt zurück ins Spiel", language);
            return byPlayer(d, " joins the game", " kommt ins Spiel", language);
        case AnnouncementType::Leave:
            return byPlayer(d, " leaves the game", " verlässt das Spiel", language);
        case AnnouncementType::Out:
            return byPlayer(d, " is out", " ist ausgeschieden", language);
        case AnnouncementType::TimeLow:
            return timeLowSaid(d, language);
        case AnnouncementType::Moved: {
            // The turn of a game of hidden views, as everyone may hear it.
            std::string turn =
                byPlayer(d, " has taken their turn", " hat den Zug gemacht", language);
            const std::string checked = text(d, "inCheck");
            if (turn.empty() || checked.empty()) return turn;
            return turn + ", " + checked + (german ? " steht im Schach" : " is in check");
        }
        case AnnouncementType::Flag:
            if (name.empty()) return {};
            return german ? "Bei " + name + " ist das Blättchen gefallen"
                          : name + "'s flag has fallen";
        case AnnouncementType::Resume:
        case AnnouncementType::Fixed:
        case AnnouncementType::Lever:
        case AnnouncementType::Ambiguous:
        case AnnouncementType::TimeLimit:
        case AnnouncementType::Pause:
        case AnnouncementType::ResumeClocks:
        case AnnouncementType::Abandoned:
        case AnnouncementType::Error:
            return fixedPhrase(a.type, language);
        // Not said: what only a screen can use (a status asked for, the
        // journal written again, the DGT clock); and what is for one player
        // alone (their view, a square they found), which speech never hears
        // (Announcer::add).
        case AnnouncementType::View:
        case AnnouncementType::Found:
        case AnnouncementType::Status:
        case AnnouncementType::Journal:
        case AnnouncementType::Clock:
        case AnnouncementType::Button:
            return {};
    }
    return {};
}

}  // namespace

std::optional<SpeechLanguage> speechLanguageNamed(std::string_view code) {
    if (code == "en") return SpeechLanguage::English;
    if (code == "de") return SpeechLanguage::German;
    return std::nullopt;
}

std::string speechLanguageCode(SpeechLanguage language) {
    return language == SpeechLanguage::German ? "de" : "en";
}

std::string speechLanguagesText() {
    return "en (English), de (German)";
}

std::string spokenText(const Announcement& a, SpeechLanguage language, const std::string& game) {
    std::string s = said(a, language, game);
    if (s.empty()) return s;
    if (language == SpeechLanguage::German) s = numbersKeptCardinal(s);
    return s;
}

}  // namespace arbiter
