#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <string_view>

#include "engine/fide/fen.h"
#include "engine/fide/position.h"
#include "engine/fide/san.h"

namespace arbiter::fide::testing {

// A position from a FEN the test knows to be valid; fails the test otherwise.
inline Position positionFromFen(std::string_view text) {
    std::string error;
    auto position = parseFen(text, error);
    EXPECT_TRUE(position.has_value()) << text << ": " << error;
    return position ? *position : Position::standardStart();
}

// Plays moves written in SAN; fails the test on the first that is not legal.
inline Position afterSan(Position position, std::initializer_list<std::string_view> moves) {
    for (std::string_view san : moves) {
        auto move = parseSan(position, san);
        EXPECT_TRUE(move.has_value()) << san << " in " << toFen(position);
        if (!move) break;
        position.play(*move);
    }
    return position;
}

}  // namespace arbiter::fide::testing
