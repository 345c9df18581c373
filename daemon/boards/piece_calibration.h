#pragma once

// The calibration of the boards that read each piece's tag (Certabo): which
// tag is which piece, kept in one file in the journal folder for every such
// board of the table (a tag is one physical piece, whichever board it stands
// on), and what such a board can tell with it or without it.

#include <string>

#include "daemon/boards/device_spec.h"
#include "drivers/piece_tags.h"

namespace arbiter {

// The calibration file of a table whose journal is in `journalDir`.
std::string pieceCalibrationPath(const std::string& journalDir);

// Reads `path` into `tags`. A file that is not there is no calibration yet
// (empty tags, true); one that cannot be read or is not a calibration is
// false with a message naming the file and the line, and `tags` unchanged.
bool loadPieceCalibration(const std::string& path, PieceTags& tags, std::string& error);

// Writes `tags` to `path` whole or not at all (a new file renamed over the
// old). False and a message when it cannot.
bool savePieceCalibration(const std::string& path, const PieceTags& tags, std::string& error);

// Whether the device's boards read tags, and so need a calibration.
bool readsPieceTags(const DeviceSpec& device);

// What a board on `device` can tell, configured as `configured`: no more than
// its protocol senses by itself, unless it reads tags and `tags` knows some.
Sensing sensingOf(const DeviceSpec& device, Sensing configured, const PieceTags& tags);

}  // namespace arbiter
