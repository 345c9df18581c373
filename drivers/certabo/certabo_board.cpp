#include "drivers/certabo/certabo_board.h"

#include <array>

#include <fmt/format.h>

namespace arbiter::certabo {

namespace {

constexpr size_t kReadChunk = 512;
// A Certabo line is some 1300 bytes; more waits for the next wake-up so that
// one busy board cannot starve the daemon's other work.
constexpr int kMaxReadsPerWakeUp = 32;
// What a taken square of a board that senses only occupancy is reported as.
constexpr SetPiece kPlaceholder{SetColour::White, Figure::Pawn};
// A Sentio's taken square, as a tag: it has no tags, only taken or not.
constexpr PieceTag kTaken = 1;

}  // namespace

bool mayBeCertaboBoard(const SerialPortInfo& port) {
    return port.vendorId == kCp210xVendor && port.productId == kCp210xProduct;
}

const BoardProtocol kCertaboProtocol = {
    .name = "certabo",
    .description = "Certabo board",
    .makeDriver = [](Transport& transport,
                     BoardListener& listener) -> std::unique_ptr<BoardDriver> {
        return std::make_unique<CertaboBoard>(Model::Certabo, transport, listener);
    },
    .mayBe = mayBeCertaboBoard,
    .carriesClock = false,
    .baudRate = 38400,
    .sensing = Sensing::Occupancy,
    .readsTags = true,
};

const BoardProtocol kSentioProtocol = {
    .name = "sentio",
    .description = "Tabutronic Sentio board",
    .makeDriver = [](Transport& transport,
                     BoardListener& listener) -> std::unique_ptr<BoardDriver> {
        return std::make_unique<CertaboBoard>(Model::Sentio, transport, listener);
    },
    .mayBe = mayBeCertaboBoard,
    .carriesClock = false,
    .baudRate = 38400,
    .sensing = Sensing::Occupancy,
    .readsTags = false,
};

CertaboBoard::CertaboBoard(Model model, Transport& transport, BoardListener& listener)
    : model_(model), transport_(transport), listener_(listener) {}

bool CertaboBoard::start() {
    parser_.reset();
    dumped_ = false;
    reportedTags_ = {};
    pendingCount_ = {};
    ledsShown_.reset();
    return !gone_;
}

bool CertaboBoard::onReadable(int64_t /*nowMs*/) {
    std::array<uint8_t, kReadChunk> buffer;
    for (int i = 0; i < kMaxReadsPerWakeUp && !gone_; ++i) {
        long n = transport_.read(buffer.data(), buffer.size());
        if (n < 0) {
            gone_ = true;
            break;
        }
        if (n == 0) break;
        parser_.feed(std::span<const uint8_t>(buffer.data(), static_cast<size_t>(n)), *this);
    }
    return !gone_;
}

bool CertaboBoard::requestBoard() {
    return !gone_;
}

bool CertaboBoard::showLeds(const std::bitset<64>& lit) {
    if (gone_) return false;
    if (ledsShown_ == lit) return true;
    const std::array<uint8_t, 8> bytes = ledBytes(lit);
    if (!send(bytes)) return false;
    ledsShown_ = lit;
    return true;
}

void CertaboBoard::identifyPiecesBy(const PieceTags& tags) {
    if (model_ != Model::Certabo) return;
    pieceTags_ = tags;
    unknownSaid_.clear();
    if (!dumped_) return;
    BoardSquares squares;
    for (int s = 0; s < kSquares; ++s)
        squares[static_cast<size_t>(s)] = appearanceOf(s, reportedTags_[static_cast<size_t>(s)]);
    listener_.boardDump(squares);
    tellTags();
}

bool CertaboBoard::send(std::span<const uint8_t> bytes) {
    if (gone_) return false;
    if (!transport_.write(bytes.data(), bytes.size())) gone_ = true;
    return !gone_;
}

void CertaboBoard::warning(const std::string& what) {
    listener_.protocolWarning(what);
}

void CertaboBoard::line(std::span<const uint8_t> numbers) {
    if (auto now = reading(numbers)) take(*now);
}

std::optional<SquareTags> CertaboBoard::reading(std::span<const uint8_t> numbers) {
    if (model_ == Model::Certabo) {
        auto tags = certaboTags(numbers);
        if (!tags)
            listener_.protocolWarning(
                fmt::format("a line of {} numbers; a Certabo board sends {}; skipped (is it a {}?)",
                            numbers.size(), kCertaboNumbers,
                            numbers.size() == kSentioNumbers ? "Sentio: sentio:PATH" : "Certabo"));
        return tags;
    }
    auto occupied = sentioOccupancy(numbers);
    if (!occupied) {
        listener_.protocolWarning(
            fmt::format("a line of {} numbers; a Sentio board sends {}; skipped (is it a {}?)",
                        numbers.size(), kSentioNumbers,
                        numbers.size() == kCertaboNumbers ? "Certabo: certabo:PATH" : "Sentio"));
        return std::nullopt;
    }
    SquareTags tags{};
    for (size_t s = 0; s < static_cast<size_t>(kSquares); ++s)
        tags[s] = occupied->test(s) ? kTaken : 0;
    return tags;
}

void CertaboBoard::take(const SquareTags& now) {
    if (!dumped_) {
        // The first reading: the board is there, and this is what it shows.
        dumped_ = true;
        reportedTags_ = now;
        pendingCount_ = {};
        BoardIdentity who;
        who.protocol = model_ == Model::Certabo ? "certabo" : "sentio";
        who.trademark = model_ == Model::Certabo ? "Certabo" : "Tabutronic Sentio";
        // Neither board says more of itself over its line.
        who.version = who.serial = "unknown";
        listener_.identified(who);
        BoardSquares squares;
        for (int s = 0; s < kSquares; ++s)
            squares[static_cast<size_t>(s)] = appearanceOf(s, now[static_cast<size_t>(s)]);
        listener_.boardDump(squares);
        tellTags();
        return;
    }
    bool tagChanged = false;
    for (int s = 0; s < kSquares; ++s) {
        const size_t i = static_cast<size_t>(s);
        if (now[i] == reportedTags_[i]) {
            pendingCount_[i] = 0;
            continue;
        }
        if (pendingCount_[i] == 0 || pendingTags_[i] != now[i]) {
            pendingTags_[i] = now[i];
            pendingCount_[i] = 1;
        } else {
            ++pendingCount_[i];
        }
        if (pendingCount_[i] < kReadingsToAccept) continue;
        pendingCount_[i] = 0;
        tagChanged = true;
        const Appearance before = appearanceOf(s, reportedTags_[i]);
        reportedTags_[i] = now[i];
        const Appearance after = appearanceOf(s, now[i]);
        // One piece swapped for a like one (a pawn for a pawn) changes no
        // appearance: only its tag, told with the others below.
        if (after != before) listener_.squareChanged(s, after);
    }
    if (tagChanged) tellTags();
}

void CertaboBoard::tellTags() {
    // A Sentio's "tags" say only that a square is taken: no identity.
    if (model_ == Model::Certabo) listener_.pieceTags(reportedTags_);
}

Appearance CertaboBoard::appearanceOf(int square, PieceTag tag) {
    if (tag == 0) return std::nullopt;
    if (pieceTags_.empty()) return kPlaceholder;
    auto known = pieceTags_.find(tag);
    if (known != pieceTags_.end()) return known->second;
    if (unknownSaid_.insert(tag).second)
        listener_.protocolWarning("a piece on " + squareName(square) + " whose tag " +
                                  tagText(tag) +
                                  " the calibration does not know, read as no piece; calibrate "
                                  "with it (arbiterd --calibrate, docs/boards.md)");
    return std::nullopt;
}

}  // namespace arbiter::certabo
