#include "firmware-bridge/vboard/emulated_protocols.h"

#include <algorithm>
#include <array>

#include "firmware-bridge/vboard/certabo_emulation.h"
#include "firmware-bridge/vboard/chessnut_emulation.h"
#include "firmware-bridge/vboard/dgt_bus_emulation.h"
#include "firmware-bridge/vboard/dgt_emulation.h"
#include "firmware-bridge/vboard/millennium_emulation.h"
#include "firmware-bridge/vboard/vboard_options.h"
#include "firmware-bridge/vboard/virtual_clock.h"
#include "firmware-bridge/vboard/virtual_hardware.h"

namespace arbiter::vboard {

namespace {

firmware::FirmwareConfig firmwareConfig(const VboardOptions& options) {
    firmware::FirmwareConfig config;
    config.scanPeriodMs = options.scanMs;
    config.debounceScans = options.debounce;
    std::copy_n(options.serialDigits.begin(),
                std::min(options.serialDigits.size(), config.identity.serialDigits.size()),
                config.identity.serialDigits.begin());
    return config;
}

std::unique_ptr<EmulatedBoard> makeDgt(VirtualHardware& hardware, const VboardOptions& options,
                                       VirtualClock* clock) {
    return std::make_unique<DgtEmulation>(hardware, firmwareConfig(options), clock);
}

std::unique_ptr<EmulatedBoard> makeMillennium(VirtualHardware& hardware,
                                              const VboardOptions& options, VirtualClock*) {
    return std::make_unique<MillenniumEmulation>(hardware, options.scanMs);
}

constexpr EmulatedProtocol kDgt{"dgt", "DGT board (our firmware)", true, makeDgt};
constexpr EmulatedProtocol kMillennium{"millennium", "Millennium ChessLink board", false,
                                       makeMillennium};

std::unique_ptr<EmulatedBoard> makeCertabo(VirtualHardware& hardware, const VboardOptions& options,
                                           VirtualClock*) {
    return std::make_unique<CertaboEmulation>(CertaboEmulation::Model::Certabo, hardware,
                                              options.scanMs);
}
constexpr EmulatedProtocol kCertabo{"certabo", "Certabo board (RFID pieces)", false, makeCertabo};

std::unique_ptr<EmulatedBoard> makeSentio(VirtualHardware& hardware, const VboardOptions& options,
                                          VirtualClock*) {
    return std::make_unique<CertaboEmulation>(CertaboEmulation::Model::Sentio, hardware,
                                              options.scanMs);
}
constexpr EmulatedProtocol kSentio{"sentio", "Tabutronic Sentio board (occupancy)", false,
                                   makeSentio};

std::unique_ptr<EmulatedBoard> makeChessnut(VirtualHardware& hardware, const VboardOptions& options,
                                            VirtualClock*) {
    return std::make_unique<ChessnutEmulation>(hardware, options.scanMs, options.debounce);
}
constexpr EmulatedProtocol kChessnut{"chessnut", "Chessnut Air (HID frames on a byte stream)",
                                     false, makeChessnut};

std::unique_ptr<EmulatedBoard> makeDgtBus(VirtualHardware& hardware, const VboardOptions& options,
                                          VirtualClock*) {
    return std::make_unique<DgtBusEmulation>(hardware, options.addresses.front(), options.scanMs,
                                             options.debounce);
}
constexpr EmulatedProtocol kDgtBus{"dgt-bus", "DGT boards in bus mode, several on one line", false,
                                   makeDgtBus, true};

// One line each, DGT first (the default).
constexpr std::array kProtocols = {
    &kDgt, &kDgtBus, &kMillennium, &kCertabo, &kSentio, &kChessnut,
};

}  // namespace

std::span<const EmulatedProtocol* const> emulatedProtocols() {
    return kProtocols;
}

const EmulatedProtocol* findEmulatedProtocol(std::string_view name) {
    for (const EmulatedProtocol* protocol : kProtocols) {
        if (protocol->name == name) return protocol;
    }
    return nullptr;
}

}  // namespace arbiter::vboard
