// libFuzzer entry point for the DGT bus: any bytes, fed whole and byte by byte,
// must give the same replies and warnings, never crash, and every reply must
// respect the ranges the parser promises; the change records of every reply
// are decoded too, and must name only real squares.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "drivers/dgt_bus/dgt_bus_changes.h"
#include "drivers/dgt_bus/dgt_bus_parser.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using namespace arbiter::dgt_bus;
using arbiter::fuzzing::fuzzCheck;

class CheckingSink : public DgtBusParser::Sink {
  public:
    void reply(const BusReply& r) override {
        std::visit(
            [](const auto& each) {
                fuzzCheck(each.address >= 0 && each.address <= kMaxAddress,
                          "a reply's address has 14 bits");
            },
            r);
        if (const auto* dump = std::get_if<BusBoardDump>(&r)) {
            for (uint8_t code : dump->codes)
                fuzzCheck(code <= arbiter::dgt::kLastPieceCode, "dump codes are piece codes");
        } else if (const auto* changes = std::get_if<BusChanges>(&r)) {
            const DecodedChanges decoded = decodeChanges(changes->records);
            for (const auto& piece : decoded.pieces) {
                fuzzCheck(piece.square >= 0 && piece.square < arbiter::dgt::kSquares,
                          "changes name real squares");
                fuzzCheck(piece.code <= 0x0f, "changes carry piece codes");
            }
        }
        replies.push_back(r);
    }
    void corrupted(int address, uint8_t id) override {
        fuzzCheck(address >= 0 && address <= kMaxAddress,
                  "a corrupted reply's address has 14 bits");
        corruptions.emplace_back(address, id);
    }
    void warning(const std::string& what) override {
        fuzzCheck(!what.empty(), "warnings say something");
        warnings.push_back(what);
    }

    std::vector<BusReply> replies;
    std::vector<std::pair<int, uint8_t>> corruptions;
    std::vector<std::string> warnings;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    DgtBusParser whole;
    CheckingSink a;
    whole.feed(std::span<const uint8_t>(data, size), a);

    DgtBusParser bytewise;
    CheckingSink b;
    for (size_t i = 0; i < size; ++i) bytewise.feed(data[i], b);

    fuzzCheck(a.replies == b.replies, "chunking changes no reply");
    fuzzCheck(a.warnings == b.warnings, "chunking changes no warning");
    fuzzCheck(a.corruptions == b.corruptions, "chunking changes no corruption");
    return 0;
}
