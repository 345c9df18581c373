// Moves and fixes of the boards as they are said: chess's SAN in the words
// players use, the other games' notation with its cells read out, and the
// fixes arbiterd asks for, said from their data (fixStepData).
#include <array>
#include <cctype>

#include "daemon/announce/cell_fix.h"
#include "daemon/speech/spoken_text.h"

namespace arbiter {

namespace {

bool isLower(char c) {
    return c >= 'a' && c <= 'z';
}
bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
bool isWordChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0;
}

// The words of one language that every game's moves share.
struct MoveWords {
    const char* to;
    const char* takes;
    const char* on;
};

constexpr MoveWords kEnglishWords{"to", "takes", "on"};
constexpr MoveWords kGermanWords{"nach", "schlägt", "auf"};

const MoveWords& wordsOf(SpeechLanguage language) {
    return language == SpeechLanguage::German ? kGermanWords : kEnglishWords;
}

// A chess piece as it is called, and in German how it is declined (a
// masculine noun takes "-en" in the accusative: "den Bauern").
struct FigureName {
    char letter;  // SAN's, upper case; ' ' for the pawn
    const char* english;
    const char* german;
    const char* germanAccusative;
    bool germanFeminine;
};

constexpr std::array<FigureName, 6> kFigures{{
    {' ', "pawn", "Bauer", "Bauern", false},
    {'N', "knight", "Springer", "Springer", false},
    {'B', "bishop", "Läufer", "Läufer", false},
    {'R', "rook", "Turm", "Turm", false},
    {'Q', "queen", "Dame", "Dame", true},
    {'K', "king", "König", "König", false},
}};

const FigureName* figureByLetter(char letter) {
    for (const FigureName& f : kFigures) {
        if (f.letter == letter) return &f;
    }
    return nullptr;
}

const FigureName* figureByEnglish(std::string_view word) {
    for (const FigureName& f : kFigures) {
        if (word == f.english) return &f;
    }
    return nullptr;
}

const char* figureWord(const FigureName& f, SpeechLanguage language) {
    return language == SpeechLanguage::German ? f.german : f.english;
}

// Length of the cell name ("e5", "ab12") at `at`: one or two small letters
// and one to three digits; 0 if there is none.
size_t cellLength(std::string_view s, size_t at) {
    size_t i = at;
    while (i < s.size() && i - at < 2 && isLower(s[i])) ++i;
    if (i == at) return 0;
    const size_t letters = i - at;
    while (i < s.size() && i - at - letters < 3 && isDigit(s[i])) ++i;
    if (i - at == letters) return 0;
    return i - at;
}

bool isSquare(std::string_view s) {
    return s.size() == 2 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8';
}

// The text without remarks in brackets ("white pawn (a freighter)" is the
// white pawn: what the hands hold), and without the spaces they leave.
std::string withoutRemarks(std::string_view text) {
    std::string out;
    int depth = 0;
    for (char c : text) {
        if (c == '(') {
            ++depth;
            while (!out.empty() && out.back() == ' ') out.pop_back();
        } else if (c == ')' && depth > 0) {
            --depth;
        } else if (depth == 0) {
            out += c;
        }
    }
    return out;
}

// `text` with every whole word `from` replaced by `to`.
std::string replaceWords(const std::string& text, std::string_view from, std::string_view to) {
    std::string out;
    size_t at = 0;
    for (size_t found = text.find(from); found != std::string::npos;
         found = text.find(from, found + 1)) {
        const size_t end = found + from.size();
        if (found < at || (found > 0 && isWordChar(text[found - 1])) ||
            (end < text.size() && isWordChar(text[end])))
            continue;
        out.append(text, at, found - at);
        out += to;
        at = end;
    }
    out.append(text, at);
    return out;
}

// The words of the games' own descriptions that every game shares, in
// German; longer phrases first, so that "has no move and passes" is said as one.
constexpr std::array<std::pair<const char*, const char*>, 14> kGermanPhrases{{
    {"has no move and passes", "hat keinen Zug und passt"},
    {"ends the turn", "beendet den Zug"},
    {"in all", "insgesamt"},
    {"passes", "passt"},
    {"pass", "passt"},
    {"end", "Ende"},
    {"joins", "kommt dazu"},
    {"leaves", "geht"},
    {"flips", "wirft"},
    {"takes", "schlägt"},
    {"points", "Punkte"},
    {"point", "Punkt"},
    {"for", "für"},
    {"and", "und"},
}};

// A piece of a fix step as speech reads it: the set piece, and the game's
// words for it without the remarks in brackets, which are for the eye.
struct StepPiece {
    std::string colour;  // "white", "black"
    std::string figure;  // "pawn", "knight", ...
    std::string name;    // "white pawn", or the game's own: "drone"
};

// A fix step as speech reads it from an announcement's data (fixStepData).
struct SpokenStep {
    std::string cell;
    FixStep::Do what;
    std::optional<StepPiece> sensed;
    std::optional<StepPiece> wanted;
    // Exchange: where the right piece is ("e3", "c3, board B c3"), if known.
    std::string rightPiece;
    bool rightPieceStandsThere = false;
};

std::string stringField(const nlohmann::json& object, const char* key) {
    auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::optional<StepPiece> stepPiece(const nlohmann::json& step, const char* key) {
    auto it = step.find(key);
    if (it == step.end() || !it->is_object()) return std::nullopt;
    StepPiece piece{stringField(*it, "colour"), stringField(*it, "figure"),
                    withoutRemarks(stringField(*it, "name"))};
    if (piece.name.empty()) return std::nullopt;
    return piece;
}

// The step `data` describes; nullopt when it lacks what its action needs.
std::optional<SpokenStep> spokenStep(const nlohmann::json& data) {
    if (!data.is_object()) return std::nullopt;
    const std::optional<FixStep::Do> what = fixStepDoNamed(stringField(data, "do"));
    std::string cell = stringField(data, "cell");
    if (!what || cell.empty()) return std::nullopt;
    // On a table of several boards, where a player finds the cell too.
    const std::string board = stringField(data, "board");
    const std::string square = stringField(data, "square");
    if (!board.empty() && !square.empty()) cell += ", " + board + " " + square;
    SpokenStep step{cell, *what, stepPiece(data, "sensed"), stepPiece(data, "wanted"), {}, false};
    switch (step.what) {
        case FixStep::Do::TakeOff:
            return step;
        case FixStep::Do::Put:
            if (!step.wanted) return std::nullopt;
            return step;
        case FixStep::Do::Replace:
            if (!step.sensed || !step.wanted) return std::nullopt;
            return step;
        case FixStep::Do::Exchange:
            if (!step.sensed) return std::nullopt;
            if (auto right = data.find("rightPiece"); right != data.end() && right->is_object()) {
                step.rightPiece = stringField(*right, "cell");
                const std::string rightBoard = stringField(*right, "board");
                const std::string rightSquare = stringField(*right, "square");
                if (!step.rightPiece.empty() && !rightBoard.empty() && !rightSquare.empty())
                    step.rightPiece += ", " + rightBoard + " " + rightSquare;
                auto there = right->find("standsThere");
                step.rightPieceStandsThere =
                    there != right->end() && there->is_boolean() && there->get<bool>();
            }
            return step;
    }
    return std::nullopt;
}

std::string englishFix(const SpokenStep& s) {
    switch (s.what) {
        case FixStep::Do::TakeOff:
            if (!s.sensed) return "take the piece off " + s.cell;
            return "take the " + s.sensed->name + " off " + s.cell;
        case FixStep::Do::Put:
            return "put a " + s.wanted->name + " on " + s.cell;
        case FixStep::Do::Replace:
            return "replace the " + s.sensed->name + " on " + s.cell + " by a " + s.wanted->name;
        case FixStep::Do::Exchange:
            if (s.rightPiece.empty())
                return "the " + s.sensed->name + " on " + s.cell + " is the wrong one";
            if (s.rightPieceStandsThere)
                return "exchange the " + s.sensed->name + " on " + s.cell + " for the one on " +
                       s.rightPiece;
            return "put the " + s.sensed->name + " from " + s.rightPiece + " on " + s.cell;
    }
    return {};
}

// The piece in German accusative, "den weißen Bauern", "eine schwarze Dame",
// when the game calls it by its set piece; empty when the game names it in
// words of its own (Martian Chess's drone), which German cannot decline.
std::string germanPiece(const StepPiece& p, bool definite) {
    if (p.name != p.colour + " " + p.figure) return {};
    const FigureName* figure = figureByEnglish(p.figure);
    if (!figure || (p.colour != "white" && p.colour != "black")) return {};
    const std::string stem = p.colour == "white" ? "weiß" : "schwarz";
    const std::string article =
        figure->germanFeminine ? (definite ? "die" : "eine") : (definite ? "den" : "einen");
    return article + " " + stem + (figure->germanFeminine ? "e " : "en ") +
           figure->germanAccusative;
}

std::string germanFix(const SpokenStep& s) {
    const std::string was = s.sensed ? germanPiece(*s.sensed, true) : std::string();
    const std::string wanted = s.wanted ? germanPiece(*s.wanted, false) : std::string();
    switch (s.what) {
        case FixStep::Do::TakeOff:
            if (!s.sensed) return "die Figur von " + s.cell + " nehmen";
            if (!was.empty()) return was + " von " + s.cell + " nehmen";
            break;
        case FixStep::Do::Put:
            if (!wanted.empty()) return wanted + " auf " + s.cell + " stellen";
            break;
        case FixStep::Do::Replace:
            if (!was.empty() && !wanted.empty())
                return was + " auf " + s.cell + " durch " + wanted + " ersetzen";
            break;
        case FixStep::Do::Exchange:
            if (was.empty()) break;
            if (s.rightPiece.empty()) return "auf " + s.cell + " steht die falsche Figur";
            if (s.rightPieceStandsThere)
                return was + " auf " + s.cell + " mit der Figur auf " + s.rightPiece + " tauschen";
            return "die Figur von " + s.rightPiece + " auf " + s.cell + " stellen";
    }
    // A piece in the game's own words: the step in English words, read out
    // as the game's moves are, its cells and the words every game shares.
    return spokenNotation(englishFix(s), SpeechLanguage::German);
}

}  // namespace

std::string spokenSan(std::string_view san, bool enPassant, SpeechLanguage language) {
    const bool german = language == SpeechLanguage::German;
    std::string ending;
    while (!san.empty() && (san.back() == '+' || san.back() == '#')) {
        ending = san.back() == '#' ? (german ? ", Matt" : ", checkmate")
                                   : (german ? ", Schach" : ", check");
        san.remove_suffix(1);
    }
    if (san == "O-O" || san == "0-0")
        return (german ? "kurze Rochade" : "castles kingside") + ending;
    if (san == "O-O-O" || san == "0-0-0")
        return (german ? "lange Rochade" : "castles queenside") + ending;

    std::string promotion;
    if (san.size() >= 2 && san[san.size() - 2] == '=') {
        const FigureName* f = figureByLetter(san.back());
        if (!f || f->letter == 'K' || f->letter == ' ') return {};
        promotion = std::string(" ") + figureWord(*f, language);
        san.remove_suffix(2);
    }
    if (san.size() < 2 || !isSquare(san.substr(san.size() - 2))) return {};
    const std::string_view to = san.substr(san.size() - 2);
    san.remove_suffix(2);
    const bool takes = !san.empty() && san.back() == 'x';
    if (takes) san.remove_suffix(1);
    const FigureName* piece = figureByLetter(' ');
    if (!san.empty() && std::isupper(static_cast<unsigned char>(san.front()))) {
        piece = figureByLetter(san.front());
        if (!piece) return {};
        san.remove_prefix(1);
    }
    // What is left tells which of two pieces moved ("Nbd7": the knight from b).
    std::string from;
    for (char c : san) {
        if (!(c >= 'a' && c <= 'h') && !(c >= '1' && c <= '8')) return {};
        from += (from.empty() ? "" : " ") + std::string(1, c);
    }
    const bool pawn = piece->letter == ' ';
    if (!pawn && !promotion.empty()) return {};
    if (pawn && !takes && !from.empty()) return {};
    if (!pawn && from.size() > 3) return {};
    if (pawn && from.size() > 1) return {};

    std::string said;
    // A pawn's step is its square alone ("e4"); a capture says who takes.
    if (!pawn || takes) said = figureWord(*piece, language);
    if (!pawn && !from.empty()) said += " " + from;
    if (takes) said += german ? " schlägt" : " takes";
    said += (said.empty() ? "" : " ") + std::string(to) + promotion;
    if (enPassant && pawn && takes) said += " en passant";
    return said + ending;
}

std::string spokenNotation(std::string_view notation, SpeechLanguage language) {
    const MoveWords& words = wordsOf(language);
    const std::string text = withoutRemarks(notation);
    std::string said;
    size_t i = 0;
    while (i < text.size()) {
        const bool wordStart = i == 0 || !isWordChar(text[i - 1]);
        // "@d4": a piece put on d4.
        if (wordStart && text[i] == '@') {
            const size_t n = cellLength(text, i + 1);
            if (n && (i + 1 + n == text.size() || !isWordChar(text[i + 1 + n]))) {
                said += std::string(words.on) + " " + text.substr(i + 1, n);
                i += 1 + n;
                continue;
            }
        }
        if (wordStart) {
            // A cell, and the cells it goes to or takes on: "c1-d3-e5", "c3xc6".
            size_t n = cellLength(text, i);
            if (n) {
                std::string chain = text.substr(i, n);
                size_t j = i + n;
                while (j + 1 < text.size() && (text[j] == '-' || text[j] == 'x')) {
                    const size_t next = cellLength(text, j + 1);
                    if (!next) break;
                    chain += " " + std::string(text[j] == '-' ? words.to : words.takes) + " " +
                             text.substr(j + 1, next);
                    j += 1 + next;
                }
                if (j == text.size() || !isWordChar(text[j])) {
                    said += chain;
                    i = j;
                    continue;
                }
            }
            // Any other word as it is.
            size_t end = i;
            while (end < text.size() && isWordChar(text[end])) ++end;
            if (end > i) {
                said.append(text, i, end - i);
                i = end;
                continue;
            }
        }
        said += text[i++];
    }
    if (language == SpeechLanguage::German) {
        for (const auto& [english, german] : kGermanPhrases)
            said = replaceWords(said, english, german);
    }
    return said;
}

std::string spokenFix(const nlohmann::json& step, SpeechLanguage language) {
    const std::optional<SpokenStep> s = spokenStep(step);
    if (!s) return {};
    return language == SpeechLanguage::German ? germanFix(*s) : englishFix(*s);
}

}  // namespace arbiter
