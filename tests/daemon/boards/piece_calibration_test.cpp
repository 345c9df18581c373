// The table's calibration file for boards that read tags, and what each board
// can tell with it or without it.

#include "daemon/boards/piece_calibration.h"

#include <gtest/gtest.h>

#include <fstream>

#include "tests/daemon/temp_directory.h"

namespace arbiter {
namespace {

DeviceSpec device(const std::string& text) {
    std::string error;
    auto spec = DeviceSpec::parse(text, error);
    EXPECT_TRUE(spec) << error;
    return *spec;
}

const PieceTags kOneRook = {{0x3a0ccb0701ULL, SetPiece{SetColour::White, Figure::Rook}}};

TEST(PieceCalibration, ACertaboWithoutCalibrationSensesOccupancyOnly) {
    EXPECT_EQ(sensingOf(device("certabo:/dev/ttyUSB0"), Sensing::ColourAndKind, {}),
              Sensing::Occupancy);
    EXPECT_EQ(sensingOf(device("certabo:/dev/ttyUSB0"), Sensing::ColourAndKind, kOneRook),
              Sensing::ColourAndKind);
    EXPECT_TRUE(readsPieceTags(device("certabo:/dev/ttyUSB0")));
}

TEST(PieceCalibration, ASentioSensesOccupancyWhateverItIsTold) {
    EXPECT_EQ(sensingOf(device("sentio:/dev/ttyUSB0"), Sensing::ColourAndKind, kOneRook),
              Sensing::Occupancy);
    EXPECT_FALSE(readsPieceTags(device("sentio:/dev/ttyUSB0")));
}

TEST(PieceCalibration, ADgtBoardSensesWhatItIsConfiguredFor) {
    EXPECT_EQ(sensingOf(device("dgt:/dev/ttyACM0"), Sensing::ColourAndKind, {}),
              Sensing::ColourAndKind);
    EXPECT_EQ(sensingOf(device("dgt:/dev/ttyACM0"), Sensing::Occupancy, {}), Sensing::Occupancy);
    EXPECT_EQ(sensingOf(device("certabo:/dev/ttyUSB0"), Sensing::Occupancy, kOneRook),
              Sensing::Occupancy);
}

TEST(PieceCalibration, TheFileLivesInTheJournalFolderAndReadsBackAsSaved) {
    testing::TempDirectory dir("calibration");
    const std::string path = pieceCalibrationPath(dir.path());
    EXPECT_EQ(path, dir.path() + "/certabo-pieces.txt");
    PieceTags read = kOneRook;
    std::string error;
    ASSERT_TRUE(loadPieceCalibration(path, read, error)) << error;
    EXPECT_TRUE(read.empty()) << "no file yet: no calibration";
    ASSERT_TRUE(savePieceCalibration(path, kOneRook, error)) << error;
    ASSERT_TRUE(loadPieceCalibration(path, read, error)) << error;
    EXPECT_EQ(read, kOneRook);
}

TEST(PieceCalibration, ABadFileIsRefusedAndChangesNothing) {
    testing::TempDirectory dir("calibration");
    const std::string path = pieceCalibrationPath(dir.path());
    std::ofstream(path) << "3a0ccb0701 R\nnonsense\n";
    PieceTags read = kOneRook;
    read[0x0102030405ULL] = SetPiece{SetColour::Black, Figure::King};
    const PieceTags before = read;
    std::string error;
    EXPECT_FALSE(loadPieceCalibration(path, read, error));
    EXPECT_EQ(read, before);
    EXPECT_EQ(error, path +
                         ":2: \"nonsense\" is not a tag and a piece: write ten hex digits, a "
                         "space and the piece's FEN letter (3a0ccb0701 R) (calibrate again with "
                         "arbiterd --calibrate, or remove the file)");
    std::filesystem::remove(path);
    std::filesystem::create_directory(path);
    EXPECT_FALSE(loadPieceCalibration(path, read, error));
    EXPECT_EQ(read, before);
    EXPECT_NE(error.find("not a calibration file"), std::string::npos) << error;
}

}  // namespace
}  // namespace arbiter
