#include "daemon/journal/journal.h"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "daemon/journal/journal_checksum.h"
#include "tests/daemon/journal_events.h"
#include "tests/daemon/temp_directory.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

class JournalTest : public ::testing::Test {
  protected:
    std::string write(const std::string& name, const std::string& text) {
        std::string path = (fs::path(dir) / name).string();
        std::ofstream(path) << text;
        return path;
    }
    testing::TempDirectory scratch{"arbiter-journal"};
    std::string dir = scratch.path();
};

const char* kGameLine = R"({"type":"game","game":"fide","start":"x","time":"5+3"})";

TEST_F(JournalTest, WrittenEventsReadBack) {
    std::string error;
    auto w = JournalWriter::create(dir, "g", error);
    ASSERT_TRUE(w) << error;
    ASSERT_TRUE(w->write({{"type", "game"}, {"game", "fide"}}, error));
    ASSERT_TRUE(w->write({{"type", "move"}, {"action", "e2e4"}}, error));
    auto read = readJournal(w->path(), error);
    ASSERT_TRUE(read) << error;
    EXPECT_EQ(read->header["game"], "fide");
    EXPECT_FALSE(read->finished);
    const auto events = testing::journalEvents(w->path());
    ASSERT_EQ(events.size(), 2u);
    EXPECT_EQ(events[1]["action"], "e2e4");
}

TEST_F(JournalTest, CreateNeverOverwritesAnExistingJournal) {
    write("g.jsonl", kGameLine);
    std::string error;
    auto second = JournalWriter::create(dir, "g", error);
    ASSERT_TRUE(second) << error;
    EXPECT_EQ(fs::path(second->path()).filename(), "g-2.jsonl");
    std::ifstream in(fs::path(dir) / "g.jsonl");
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), kGameLine);
}

TEST_F(JournalTest, UnwritableDirectoryIsAClearError) {
    write("file", "x");
    std::string error;
    EXPECT_FALSE(JournalWriter::create(dir + "/file", "g", error));
    EXPECT_NE(error.find("cannot create journal directory"), std::string::npos) << error;
}

TEST_F(JournalTest, TornLastLineIsDropped) {
    std::string path = write("g.jsonl", std::string(kGameLine) + "\n{\"type\":\"mo");
    std::string error;
    auto read = readJournal(path, error);
    ASSERT_TRUE(read) << error;
    EXPECT_EQ(read->lastLine, 1);
    EXPECT_TRUE(read->droppedTornLine);
}

TEST_F(JournalTest, DamageInsideIsAnErrorNamingTheLine) {
    std::string path = write("g.jsonl", std::string(kGameLine) + "\n[1,2]\n" + kGameLine + "\n");
    std::string error;
    EXPECT_FALSE(readJournal(path, error));
    EXPECT_EQ(error, path + ":2: not a JSON object");
}

TEST_F(JournalTest, EventWithoutTypeIsAnError) {
    std::string path = write("g.jsonl", std::string(kGameLine) + "\n{\"action\":1}\n");
    std::string error;
    EXPECT_FALSE(readJournal(path, error));
    EXPECT_NE(error.find(":2: event has no \"type\""), std::string::npos);
}

TEST_F(JournalTest, JournalMustBeginWithTheGame) {
    std::string path = write("g.jsonl", "{\"type\":\"move\"}\n");
    std::string error;
    EXPECT_FALSE(readJournal(path, error));
    EXPECT_NE(error.find("must begin with a \"game\" event"), std::string::npos);
}

TEST_F(JournalTest, EmptyAndBinaryFilesAreErrors) {
    std::string error;
    EXPECT_FALSE(readJournal(write("a.jsonl", ""), error));
    EXPECT_FALSE(readJournal(write("b.jsonl", std::string("\x00\xff\x01\n\x02", 5) + "\n"), error));
}

TEST_F(JournalTest, ATextThatIsNotUtf8IsWrittenReplacedRatherThanThrowing) {
    std::string error;
    auto w = JournalWriter::create(dir, "g", error);
    ASSERT_TRUE(w) << error;
    ASSERT_TRUE(w->write({{"type", "game"}, {"players", {"J\xfcrgen", "Bob"}}}, error)) << error;
    auto read = readJournal(w->path(), error);
    ASSERT_TRUE(read) << error;
    EXPECT_EQ(read->header["players"][0], "J\xef\xbf\xbdrgen");  // U+FFFD
}

std::string textOf(const std::string& path) {
    std::ifstream in(path);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// Removing the folder does not fail a write: the file would live on unlinked,
// its lines lost at the end, so it is made again, whole, where it was.
TEST_F(JournalTest, AJournalRemovedWithItsFolderIsMadeAgainWhole) {
    std::string error;
    auto w = JournalWriter::create(dir + "/games", "g", error);
    ASSERT_TRUE(w) << error;
    ASSERT_TRUE(w->write({{"type", "game"}}, error)) << error;
    fs::remove_all(dir + "/games");
    ASSERT_TRUE(w->write({{"type", "move"}, {"action", "e2e4"}}, error)) << error;
    EXPECT_EQ(textOf(w->path()), sealedLine(R"({"type":"game"})") + "\n" +
                                     sealedLine(R"({"action":"e2e4","type":"move"})") + "\n");
}

TEST_F(JournalTest, LinesTheDiskRefusesWaitInOrderForARetry) {
    std::string error;
    auto w = JournalWriter::create(dir + "/games", "g", error);
    ASSERT_TRUE(w) << error;
    ASSERT_TRUE(w->write({{"type", "game"}}, error)) << error;
    fs::remove_all(dir + "/games");
    write("games", "a file where the folder was");
    EXPECT_FALSE(w->write({{"type", "move"}, {"action", "e2e4"}}, error));
    const std::string removed = "the journal " + w->path() + " was removed";
    EXPECT_EQ(error.rfind(removed + " and its folder cannot be made again: ", 0), 0u) << error;
    EXPECT_FALSE(w->write({{"type", "move"}, {"action", "e7e5"}}, error));
    EXPECT_EQ(w->waiting(), 2u);
    EXPECT_FALSE(w->retry(error));
    fs::remove(dir + "/games");
    ASSERT_TRUE(w->retry(error)) << error;
    EXPECT_TRUE(w->complete());
    ASSERT_TRUE(readJournal(w->path(), error)) << error;
    const auto events = testing::journalEvents(w->path());
    ASSERT_EQ(events.size(), 3u);
    EXPECT_EQ(events[1]["action"], "e2e4");
    EXPECT_EQ(events[2]["action"], "e7e5");
}

// A file size limit fails a write part of the way through, as a full disk does:
// the line goes on where it stopped once there is room.
TEST_F(JournalTest, ALineCutShortByAFullDiskGoesOnWhereItStopped) {
    std::string error;
    auto w = JournalWriter::create(dir, "g", error);
    ASSERT_TRUE(w) << error;
    ASSERT_TRUE(w->write({{"type", "game"}}, error)) << error;
    rlimit was{};
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &was), 0);
    rlimit full = was;
    full.rlim_cur = fs::file_size(w->path()) + 10;
    auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &full), 0);
    const bool written = w->write({{"type", "move"}, {"action", "e2e4"}}, error);
    ::setrlimit(RLIMIT_FSIZE, &was);
    std::signal(SIGXFSZ, oldHandler);
    EXPECT_FALSE(written);
    EXPECT_NE(error.find("cannot write journal"), std::string::npos) << error;
    EXPECT_EQ(w->waiting(), 1u);
    ASSERT_TRUE(w->retry(error)) << error;
    EXPECT_EQ(textOf(w->path()), sealedLine(R"({"type":"game"})") + "\n" +
                                     sealedLine(R"({"action":"e2e4","type":"move"})") + "\n");
}

TEST(JournalChecksum, IsTheCrc32OfZlibAndPng) {
    // The check value every CRC-32 (IEEE) implementation gives for "123456789".
    EXPECT_EQ(crc32("123456789"), 0xCBF43926u);
    EXPECT_EQ(crc32(""), 0u);
}

// Lines sealed by arbiter's own CRC-32 before zlib's replaced it: journals
// already written must verify byte for byte, bytes past ASCII included.
TEST(JournalChecksum, LinesWrittenBeforeStillVerify) {
    const std::string fixed = R"({"at":"2026-01-01T00:00:00","type":"fixed","crc":"c1994147"})";
    EXPECT_EQ(sealedLine(R"({"at":"2026-01-01T00:00:00","type":"fixed"})"), fixed);
    EXPECT_EQ(lineSeal(fixed), LineSeal::Good);
    const std::string names = R"({"players":["Jürgen","Zoë"],"type":"game"})";
    const std::string sealed = R"({"players":["Jürgen","Zoë"],"type":"game","crc":"35e55bcc"})";
    EXPECT_EQ(sealedLine(names), sealed);
    EXPECT_EQ(lineSeal(sealed), LineSeal::Good);
}

TEST(JournalChecksum, ASealedLineIsTheObjectWithItsChecksumLast) {
    const std::string object = R"({"type":"fixed"})";
    const std::string line = sealedLine(object);
    char hex[9];
    std::snprintf(hex, sizeof hex, "%08x", crc32(object));
    EXPECT_EQ(line, R"({"type":"fixed","crc":")" + std::string(hex) + "\"}");
    EXPECT_EQ(lineSeal(line), LineSeal::Good);
    EXPECT_EQ(lineSeal(object), LineSeal::None);
    std::string changed = line;
    changed[10] = 'F';
    EXPECT_EQ(lineSeal(changed), LineSeal::Wrong);
}

TEST_F(JournalTest, EveryLineWrittenCarriesItsChecksum) {
    std::string error;
    auto w = JournalWriter::create(dir, "g", error);
    ASSERT_TRUE(w) << error;
    ASSERT_TRUE(w->write({{"type", "game"}, {"game", "fide"}, {"checksum", "crc32"}}, error));
    ASSERT_TRUE(w->write({{"type", "fixed"}}, error));
    std::ifstream in(w->path());
    int lines = 0;
    for (std::string line; std::getline(in, line); ++lines)
        EXPECT_EQ(lineSeal(line), LineSeal::Good) << line;
    EXPECT_EQ(lines, 2);
}

// A journal whose "game" line says it carries checksums, its lines as written.
std::string checkedJournal(const std::vector<std::string>& objects) {
    std::string text;
    for (const auto& object : objects) text += sealedLine(object) + "\n";
    return text;
}

const char* kCheckedGameLine = R"({"checksum":"crc32","game":"fide","type":"game"})";

TEST_F(JournalTest, ALineChangedAfterItWasWrittenIsRefusedNamingTheLine) {
    std::string text =
        checkedJournal({kCheckedGameLine, R"({"played":60000,"type":"time-limit"})"});
    text.replace(text.find("60000"), 5, "70000");
    const std::string path = write("g.jsonl", text);
    std::string error;
    EXPECT_FALSE(readJournal(path, error));
    EXPECT_EQ(error, path +
                         ":2: the line does not match its checksum: it was changed after it "
                         "was written");
}

TEST_F(JournalTest, ALineWithoutChecksumInAJournalThatHasThemIsRefused) {
    const std::string path =
        write("g.jsonl", checkedJournal({kCheckedGameLine}) + R"({"type":"takeback","ply":1})"
                                                              "\n");
    std::string error;
    EXPECT_FALSE(readJournal(path, error));
    EXPECT_EQ(error, path + ":2: the line has no checksum, as every line of this journal must");
}

// Stripping a journal of its checksums does not make it an old one to be
// read unchecked: every journal of version 2 carries them.
TEST_F(JournalTest, AJournalOfVersionTwoStrippedOfItsChecksumsIsRefused) {
    const std::string path = write("g.jsonl", R"({"game":"fide","type":"game","version":2})"
                                              "\n"
                                              R"({"type":"takeback","ply":1})"
                                              "\n");
    std::string error;
    EXPECT_FALSE(readJournal(path, error));
    EXPECT_EQ(error, path + ":1: the line has no checksum, as every line of this journal must");
}

TEST_F(JournalTest, BlankLinesCountInTheLineNumbers) {
    std::string path = write("old.jsonl", std::string(kGameLine) + "\n\n\n[1]\n");
    std::string error;
    EXPECT_FALSE(readJournal(path, error));
    EXPECT_EQ(error, path + ":4: not a JSON object");
    path = write("new.jsonl", checkedJournal({kCheckedGameLine}) + "\n" +
                                  checkedJournal({R"({"type":"fixed"})"}));
    auto read = readJournal(path, error);
    ASSERT_TRUE(read) << error;
    EXPECT_EQ(read->lastLine, 3);
}

TEST_F(JournalTest, ALineCutShortIsDroppedButALineWholeBarItsNewlineIsChecked) {
    const std::string whole = checkedJournal({kCheckedGameLine, R"({"type":"fixed"})"});
    std::string error;
    // Cut short in its checksum: never announced.
    auto read = readJournal(write("torn.jsonl", whole.substr(0, whole.size() - 4)), error);
    ASSERT_TRUE(read) << error;
    EXPECT_TRUE(read->droppedTornLine);
    EXPECT_EQ(read->lastLine, 1);
    // Its newline damaged rather than missing: the line is whole, and wrong.
    std::string damaged = whole;
    damaged.back() = '\x0b';
    const std::string path = write("damaged.jsonl", damaged);
    EXPECT_FALSE(readJournal(path, error));
    EXPECT_EQ(error.rfind(path + ":2: ", 0), 0u) << error;
}

TEST_F(JournalTest, AJournalTooLargeForAnyGameIsRefusedUnread) {
    const std::string path = write("huge.jsonl", kGameLine);
    fs::resize_file(path, 65ull * 1024 * 1024);
    std::string error;
    EXPECT_FALSE(readJournal(path, error));
    EXPECT_NE(error.find("larger than any game"), std::string::npos) << error;
}

// Journals are told apart by when they were last written, not by name.
void age(const std::string& path, int minutes) {
    fs::last_write_time(path, fs::file_time_type::clock::now() - std::chrono::minutes(minutes));
}

TEST_F(JournalTest, NewestUnfinishedGameIsFound) {
    age(write("2026-01-02-b.jsonl", std::string(kGameLine) + "\n"), 0);
    age(write("2026-01-01-a.jsonl", std::string(kGameLine) + "\n"), 10);
    std::string error;
    auto found = findUnfinishedJournal(dir, error);
    ASSERT_TRUE(found) << error;
    EXPECT_NE(found->path.find("2026-01-02-b"), std::string::npos);
}

TEST_F(JournalTest, SecondGameOfTheSameSecondIsTheNewest) {
    age(write("g.jsonl", std::string(kGameLine) + "\n{\"type\":\"result\"}\n"), 1);
    age(write("g-2.jsonl", std::string(kGameLine) + "\n"), 0);
    std::string error;
    auto found = findUnfinishedJournal(dir, error);
    ASSERT_TRUE(found) << error;
    EXPECT_NE(found->path.find("g-2.jsonl"), std::string::npos);
}

TEST_F(JournalTest, OldDamagedJournalDoesNotStandInTheWay) {
    age(write("old.jsonl", "garbage\n{}\n"), 60);
    age(write("new.jsonl", std::string(kGameLine) + "\n"), 0);
    std::string error;
    EXPECT_TRUE(findUnfinishedJournal(dir, error)) << error;
}

TEST_F(JournalTest, FinishedNewestGameIsNotResumed) {
    age(write("2026-01-01-a.jsonl", std::string(kGameLine) + "\n"), 10);
    age(write("2026-01-02-b.jsonl", std::string(kGameLine) + "\n{\"type\":\"result\"}\n"), 0);
    std::string error;
    EXPECT_FALSE(findUnfinishedJournal(dir, error));
    EXPECT_TRUE(error.empty()) << error;
}

// A finished game ends with its result: starting, arbiterd reads its first and
// last lines, not the hours of play between them.
TEST_F(JournalTest, FinishedNewestGameIsKnownByItsLastLineAlone) {
    age(write("a.jsonl",
              std::string(kGameLine) + "\nnot read\n" + sealedLine(R"({"type":"result"})") + "\n"),
        0);
    std::string error;
    EXPECT_FALSE(findUnfinishedJournal(dir, error));
    EXPECT_EQ(error, "");
}

TEST_F(JournalTest, AResultOnTheLastLineIsReadFromTheEndLeavingTheLinesBetween) {
    const std::string result = sealedLine(R"({"moves":3,"status":"draw","type":"result"})");
    const std::string path =
        write("a.jsonl", std::string(kGameLine) + "\nnot JSON\n" + result + "\n");
    std::string error;
    auto reader = JournalReader::open(path, error);
    ASSERT_TRUE(reader) << error;
    nlohmann::json event;
    ASSERT_TRUE(reader->next(event, error)) << error;
    auto found = reader->resultAtEnd();
    ASSERT_TRUE(found);
    EXPECT_EQ(*found, nlohmann::json::parse(R"({"moves":3,"status":"draw","type":"result"})"));
    // The lines in between are still read, and checked, in order.
    EXPECT_FALSE(reader->next(event, error));
    EXPECT_EQ(error, path + ":2: not a JSON object");
}

TEST_F(JournalTest, NoResultAtTheEndUnlessTheLastLineIsAWholeSoundResult) {
    const std::string header =
        sealedLine(R"({"checksum":"crc32","game":"fide","type":"game","version":2})");
    const std::string result = sealedLine(R"({"status":"draw","type":"result"})");
    std::string flipped = result;
    flipped[flipped.find("draw")] = 'D';
    for (const std::string& rest :
         {std::string(), result.substr(0, result.size() - 1),  // nothing after the game; cut short
          result,                                              // whole but for its newline
          flipped + "\n",                                      // changed after it was written
          std::string(R"({"status":"draw","type":"result"})") + "\n",  // no checksum
          sealedLine(R"({"type":"pause"})") + "\n", result + "\n\n"}) {
        const std::string path = write("a.jsonl", header + "\n" + rest);
        std::string error;
        auto reader = JournalReader::open(path, error);
        ASSERT_TRUE(reader) << error;
        nlohmann::json event;
        ASSERT_TRUE(reader->next(event, error)) << error;
        EXPECT_FALSE(reader->resultAtEnd()) << rest;
    }
}

// A crash before the game's first line was on disk left an empty file (or a
// torn first line): that game never began, and must not stop every start.
TEST_F(JournalTest, AJournalWithoutAnEventIsAGameThatNeverBegan) {
    age(write("a.jsonl", std::string(kGameLine) + "\n"), 10);
    for (const char* left : {"", "\n", "{\"type\":\"ga"}) {
        age(write("b.jsonl", left), 0);
        std::string error;
        EXPECT_FALSE(findUnfinishedJournal(dir, error)) << left;
        EXPECT_EQ(error, "") << left;
    }
}

TEST_F(JournalTest, MissingDirectoryMeansNothingToResume) {
    std::string error;
    EXPECT_FALSE(findUnfinishedJournal(dir + "/nope", error));
    EXPECT_TRUE(error.empty());
}

}  // namespace
}  // namespace arbiter

namespace arbiter {
namespace {

TEST(JournalResume, AppendingAfterATornLineStartsAFreshLine) {
    testing::TempDirectory scratch{"arbiter-journal"};
    std::string path = scratch.path() + "/g.jsonl";
    std::ofstream(path) << kGameLine << "\n{\"type\":\"mo";
    std::string error;
    auto read = readJournal(path, error);
    ASSERT_TRUE(read) << error;
    auto w = JournalWriter::append(path, read->validBytes, error);
    ASSERT_TRUE(w) << error;
    ASSERT_TRUE(w->write({{"type", "fixed"}}, error));
    auto again = readJournal(path, error);
    ASSERT_TRUE(again) << error;
    const auto events = testing::journalEvents(path);
    ASSERT_EQ(events.size(), 2u);
    EXPECT_EQ(events[1]["type"], "fixed");
    EXPECT_FALSE(again->droppedTornLine);
}

TEST(JournalResume, AppendingAfterALastLineWithoutNewlineStartsAFreshLine) {
    testing::TempDirectory scratch{"arbiter-journal"};
    std::string path = scratch.path() + "/g.jsonl";
    std::ofstream(path) << kGameLine;
    std::string error;
    auto read = readJournal(path, error);
    ASSERT_TRUE(read) << error;
    auto w = JournalWriter::append(path, read->validBytes, error);
    ASSERT_TRUE(w && w->write({{"type", "fixed"}}, error)) << error;
    auto again = readJournal(path, error);
    ASSERT_TRUE(again) << error;
    EXPECT_EQ(again->lastLine, 2);
}

}  // namespace
}  // namespace arbiter
