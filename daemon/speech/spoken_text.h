#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "daemon/announce/announcement.h"

namespace arbiter {

// The languages arbiterd speaks in (--speak LANG): English and German.
enum class SpeechLanguage { English, German };

// "en" or "de"; nullopt for anything else.
std::optional<SpeechLanguage> speechLanguageNamed(std::string_view code);
// The code that names the language (and espeak-ng's voice for it): "en", "de".
std::string speechLanguageCode(SpeechLanguage language);
// What a refusal of an unknown language lists: "en (English), de (German)".
std::string speechLanguagesText();

// What is said aloud for an announcement at a table of `game` ("fide",
// "martian", ...): the words people use at a board rather than the text
// written for the console ("knight takes e5, check" for Nxe5+, "kurze
// Rochade" for O-O in German). Empty when nothing is said: an announcement
// that only a screen can use (a status asked for, how to use arbiterctl).
// Player names are said as they are.
std::string spokenText(const Announcement& a, SpeechLanguage language, const std::string& game);

// A chess move in SAN as it is said: "Nxe5+" is "knight takes e5, check";
// `enPassant` adds "en passant" (SAN does not show it). Empty when `san` is
// not SAN.
std::string spokenSan(std::string_view san, bool enPassant, SpeechLanguage language);

// A move or step in a game's own words ("drone a3-a5 crosses into Bob's
// territory"), as it is said: cells joined by "-" go "to" each other, "x"
// "takes", "@d4" is "on d4", remarks in brackets are left out. In German the
// words every game shares (to, takes, passes, joins, ...) are translated and
// a game's own terms stay as its rules name them.
std::string spokenNotation(std::string_view notation, SpeechLanguage language);

// A fix of the boards as an announcement's data carries it (one of its
// "fixSteps", fixStepData: the cell, what to do, the set pieces and the
// game's words for them), as it is said: "put a white pawn on e4", in German
// "einen weißen Bauern auf e4 stellen". A piece the game names in words of
// its own (Martian Chess's drone) is said in them, remarks in brackets left
// out; German cannot decline them, and says such a fix in its English words
// with the cells read out. The change of a player's view that a step may
// follow is left out: only that player hears of it, and speech never does.
// Empty when `step` is no fix step.
std::string spokenFix(const nlohmann::json& step, SpeechLanguage language);

}  // namespace arbiter
