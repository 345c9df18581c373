#include "daemon/boards/piece_calibration.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "drivers/board_protocols.h"
#include "drivers/certabo/calibration.h"

namespace arbiter {

namespace {

// Far more than the tags of every set a club owns; a file larger than this
// is not a calibration, and is not read into memory.
constexpr std::uintmax_t kMaxFileBytes = 1 << 20;

}  // namespace

std::string pieceCalibrationPath(const std::string& journalDir) {
    return (std::filesystem::path(journalDir) / "certabo-pieces.txt").string();
}

bool loadPieceCalibration(const std::string& path, PieceTags& tags, std::string& error) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (status.type() == std::filesystem::file_type::not_found) {
        tags.clear();
        return true;
    }
    if (ec || status.type() != std::filesystem::file_type::regular) {
        error = path + ": not a calibration file (" +
                (ec ? ec.message() : std::string("not a regular file")) + ")";
        return false;
    }
    if (std::filesystem::file_size(path, ec) > kMaxFileBytes) {
        error = path + ": too large for a calibration file (more than 1 MB)";
        return false;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = path + ": cannot be read: " + std::strerror(errno);
        return false;
    }
    std::ostringstream text;
    text << in.rdbuf();
    auto read = certabo::parseCalibration(text.str(), path, error);
    if (!read) {
        error += " (calibrate again with arbiterd --calibrate, or remove the file)";
        return false;
    }
    tags = std::move(*read);
    return true;
}

bool savePieceCalibration(const std::string& path, const PieceTags& tags, std::string& error) {
    const std::string fresh = path + ".new";
    {
        std::ofstream out(fresh, std::ios::binary | std::ios::trunc);
        out << certabo::calibrationText(tags);
        out.flush();
        if (!out) {
            error = "cannot write " + fresh + ": " + std::strerror(errno);
            return false;
        }
    }
    std::error_code ec;
    std::filesystem::rename(fresh, path, ec);
    if (ec) {
        error = "cannot replace " + path + ": " + ec.message();
        std::filesystem::remove(fresh, ec);
        return false;
    }
    return true;
}

bool readsPieceTags(const DeviceSpec& device) {
    const BoardProtocol* protocol = findBoardProtocol(device.driver());
    return protocol && protocol->readsTags;
}

Sensing sensingOf(const DeviceSpec& device, Sensing configured, const PieceTags& tags) {
    const BoardProtocol* protocol = findBoardProtocol(device.driver());
    if (!protocol || configured == Sensing::Occupancy) return configured;
    if (protocol->readsTags && !tags.empty()) return configured;
    return protocol->sensing;
}

}  // namespace arbiter
