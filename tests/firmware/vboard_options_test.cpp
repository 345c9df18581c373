#include "firmware-bridge/vboard/vboard_options.h"

#include "firmware-bridge/vboard/emulated_protocols.h"

#include <gtest/gtest.h>

namespace arbiter::vboard {
namespace {

VboardOptions accepted(std::vector<std::string> arguments) {
    const ParsedOptions parsed = parseVboardOptions(arguments);
    EXPECT_TRUE(parsed.options) << parsed.error;
    return parsed.options.value_or(VboardOptions{});
}

std::string rejected(std::vector<std::string> arguments) {
    const ParsedOptions parsed = parseVboardOptions(arguments);
    EXPECT_FALSE(parsed.options);
    return parsed.error;
}

TEST(VboardOptions, DefaultsToAStandardBoardScanningEvery50Ms) {
    const VboardOptions options = accepted({});
    EXPECT_EQ(options.scanMs, 50u);
    EXPECT_EQ(options.debounce, 2);
    EXPECT_EQ(options.start, VboardOptions::StartPosition::Standard);
    EXPECT_EQ(options.serialDigits, "0000000001");
    EXPECT_FALSE(options.quiet);
    EXPECT_FALSE(options.exitOnEof);
    EXPECT_TRUE(options.linkPath.empty());
}

TEST(VboardOptions, AcceptsEveryDocumentedOption) {
    const VboardOptions options =
        accepted({"--link", "/tmp/b", "--script=s.txt", "--scan-ms", "10", "--debounce", "3",
                  "--rotated", "--serial", "4711", "--quiet", "--exit-on-eof"});
    EXPECT_EQ(options.linkPath, "/tmp/b");
    EXPECT_EQ(options.scriptPath, "s.txt");
    EXPECT_EQ(options.scanMs, 10u);
    EXPECT_EQ(options.debounce, 3);
    EXPECT_EQ(options.start, VboardOptions::StartPosition::Rotated);
    EXPECT_EQ(options.serialDigits, "0000004711");
    EXPECT_TRUE(options.quiet);
    EXPECT_TRUE(options.exitOnEof);
    EXPECT_EQ(accepted({"--empty"}).start, VboardOptions::StartPosition::Empty);
    EXPECT_TRUE(accepted({"--help"}).help);
}

TEST(VboardOptions, RejectsBadValues) {
    EXPECT_EQ(rejected({"--scan-ms", "0"}), "--scan-ms: bad number '0' (1..10000)");
    EXPECT_EQ(rejected({"--scan-ms", "fast"}), "--scan-ms: bad number 'fast' (1..10000)");
    EXPECT_EQ(rejected({"--debounce", "-1"}), "--debounce: bad number '-1' (1..100)");
    EXPECT_EQ(rejected({"--serial", "12345678901"}),
              "--serial: '12345678901' is not 1 to 10 digits");
    EXPECT_EQ(rejected({"--serial", "12a"}), "--serial: '12a' is not 1 to 10 digits");
    EXPECT_EQ(rejected({"--link"}), "--link needs a value");
    EXPECT_EQ(rejected({"--quiet=yes"}), "--quiet takes no value");
}

TEST(VboardOptions, AClockIsAnXlOrADgt3000) {
    EXPECT_FALSE(accepted({}).clock);
    EXPECT_EQ(accepted({"--clock", "xl"}).clock, ClockModel::Xl);
    EXPECT_EQ(accepted({"--clock=3000"}).clock, ClockModel::Dgt3000);
    EXPECT_EQ(rejected({"--clock", "2010"}), "--clock: '2010' is not a clock (xl or 3000)");
    EXPECT_EQ(rejected({"--clock"}), "--clock needs a value");
}

// Each protocol of the table can be asked for by the name arbiterd reads it by.
TEST(VboardOptions, ProtocolIsOneOfTheTableDgtByDefault) {
    EXPECT_EQ(accepted({}).protocol, "dgt");
    for (const EmulatedProtocol* protocol : emulatedProtocols()) {
        std::vector<std::string> args = {"--protocol", std::string(protocol->name)};
        if (protocol->onBus) args.insert(args.end(), {"--address", "1"});  // a line needs a board
        EXPECT_EQ(accepted(args).protocol, protocol->name);
    }
    EXPECT_EQ(emulatedProtocols().front()->name, "dgt");
    const std::string refused = rejected({"--protocol", "telex"});
    EXPECT_TRUE(refused.starts_with("--protocol: 'telex' is not a protocol (dgt")) << refused;
    EXPECT_EQ(rejected({"--protocol"}), "--protocol needs a value");
    EXPECT_NE(vboardUsage().find("--protocol NAME"), std::string::npos);
}

// One arbiter-vboard stands for every board on a DGT bus: one --address each.
TEST(VboardOptions, ABusTakesTheAddressOfEachBoardOnItsLine) {
    EXPECT_EQ(accepted({"--protocol", "dgt-bus", "--address", "7", "--address=1025"}).addresses,
              (std::vector<int>{7, 1025}));
    EXPECT_EQ(rejected({"--protocol", "dgt-bus"}),
              "--protocol dgt-bus needs the address of each board on the line: --address N, "
              "once per board");
    EXPECT_EQ(rejected({"--protocol", "dgt-bus", "--address", "0"}),
              "--address: '0' is not a bus address (1 to 16383)");
    EXPECT_EQ(rejected({"--protocol", "dgt-bus", "--address", "16384"}),
              "--address: '16384' is not a bus address (1 to 16383)");
    EXPECT_EQ(rejected({"--protocol", "dgt-bus", "--address", "7", "--address", "7"}),
              "--address 7 is given twice");
    EXPECT_EQ(rejected({"--address", "7"}), "--address: a dgt board is on no bus");
    EXPECT_EQ(rejected({"--protocol", "dgt-bus", "--address", "7", "--clock", "xl"}),
              "--clock: a dgt-bus board carries no clock");
}

TEST(VboardOptions, RejectsUnknownOptionsAndConflicts) {
    EXPECT_EQ(rejected({"--fast"}), "unknown option '--fast' (try --help)");
    EXPECT_EQ(rejected({"--empty", "--rotated"}),
              "--empty, --rotated and --setup exclude each other");
    EXPECT_EQ(rejected({"--setup", "8/8/8/8/8/8/8/8", "--rotated"}),
              "--empty, --rotated and --setup exclude each other");
}

TEST(VboardOptions, NameIsKeptForTheBoardToPublishItself) {
    const VboardOptions options = accepted({"--name", "left-2"});
    EXPECT_EQ(options.name, "left-2");
    EXPECT_TRUE(options.linkPath.empty());
    EXPECT_EQ(accepted({"--name=table_7"}).name, "table_7");
    EXPECT_EQ(accepted({"--name", std::string(32, 'n')}).name, std::string(32, 'n'));
    EXPECT_TRUE(accepted({}).name.empty());
}

TEST(VboardOptions, NameAndLinkAreRefusedTogether) {
    EXPECT_EQ(rejected({"--name", "left", "--link", "/tmp/b"}),
              "--link and --name exclude each other");
    EXPECT_EQ(rejected({"--link=/tmp/b", "--name=left"}), "--link and --name exclude each other");
}

TEST(VboardOptions, BadNameIsRefusedSayingWhatANameIs) {
    const std::string rule =
        " is not a board name (letters, digits, - and _, at most 32 characters)";
    EXPECT_EQ(rejected({"--name", "a/b"}), "--name: 'a/b'" + rule);
    EXPECT_EQ(rejected({"--name", ".."}), "--name: '..'" + rule);
    EXPECT_EQ(rejected({"--name", "left board"}), "--name: 'left board'" + rule);
    EXPECT_EQ(rejected({"--name="}), "--name: ''" + rule);
    EXPECT_EQ(rejected({"--name", std::string(33, 'n')}),
              "--name: '" + std::string(33, 'n') + "'" + rule);
    EXPECT_EQ(rejected({"--name"}), "--name needs a value");
}

TEST(VboardOptions, SetupTakesTheBoardPartOfAFen) {
    auto parsed = parseVboardOptions({"--setup", "4k3/8/8/8/8/8/8/4K3"});
    ASSERT_TRUE(parsed.options) << parsed.error;
    EXPECT_EQ(parsed.options->start, VboardOptions::StartPosition::Fen);
    EXPECT_EQ(parsed.options->setupFen, "4k3/8/8/8/8/8/8/4K3");
    EXPECT_EQ(rejected({"--setup", "4k3/8/8/9/8/8/8/4K3"}).rfind("--setup: ", 0), 0u);
}

}  // namespace
}  // namespace arbiter::vboard
