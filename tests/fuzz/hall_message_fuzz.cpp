// libFuzzer entry point for what the hall's broker hands arbiter-web
// (docs/hall.md): topics and payloads, checked by parseHallMessage and
// applied by HallTables. An input is one or more messages, separated by the
// byte 0x1e, each its topic, a newline and its payload. Any bytes: no crash,
// a refusal always says why, what is taken keeps the contract's promises
// (a table's name, whole numbers, a kind's own fields), the hall never holds
// more tables than its limit, and a message taken is never taken twice.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "tests/fuzz/fuzz_check.h"
#include "tools/arbiter-web/hall_message.h"
#include "tools/arbiter-web/hall_tables.h"

using arbiter::fuzzing::fuzzCheck;
using namespace arbiter::web;

namespace {

void checkTaken(const HallMessage& m) {
    fuzzCheck(isHallTableName(m.table), "a table's name as the contract allows");
    fuzzCheck(m.run >= 0, "a run is a whole number");
    if (m.kind == HallMessage::Kind::Online) return;
    fuzzCheck(m.seq >= 1, "a seq counts from 1");
    if (m.kind == HallMessage::Kind::Events || m.kind == HallMessage::Kind::State)
        fuzzCheck(m.body.is_object(), "an event or a status is an object");
    if (m.kind == HallMessage::Kind::Record)
        fuzzCheck(m.body.is_string() && !m.format.empty(), "a record is a format and a text");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    HallTables tables(4);
    std::size_t from = 0;
    while (from <= input.size()) {
        const std::size_t end = std::min(input.find('\x1e', from), input.size());
        const std::string_view piece = input.substr(from, end - from);
        from = end + 1;
        const std::size_t newline = piece.find('\n');
        const std::string_view topic = piece.substr(0, newline);
        const std::string_view payload =
            newline == std::string_view::npos ? std::string_view() : piece.substr(newline + 1);
        std::string why;
        const auto message = parseHallMessage("arbiter", topic, payload, why);
        fuzzCheck(message.has_value() == why.empty(), "a message, or a reason");
        if (!message) continue;
        checkTaken(*message);
        std::string old;
        if (tables.apply(*message, old)) {
            fuzzCheck(old.empty(), "a message taken is not refused");
            fuzzCheck(!tables.apply(*message, old) && !old.empty(),
                      "a message taken twice is old the second time");
        } else {
            fuzzCheck(!old.empty(), "a message left is left for a reason");
        }
        fuzzCheck(tables.tables().size() <= 4, "no more tables than the limit");
        // What the pages are sent is JSON that writes out.
        if (const HallTable* table = tables.find(message->table)) (void)hallTileJson(*table).dump();
    }
    return 0;
}
