// What the Power Coinz tests share: a position read from its text, failing
// the test (not crashing it) when the text does not load.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "engine/powercoinz/powercoinz.h"

namespace arbiter::powercoinz::support {

// The position `text`; a failed load fails the test and gives the start, so
// the test goes on without a null state.
inline std::unique_ptr<PowercoinzState> load(const std::string& text) {
    std::string error;
    auto s = PowercoinzState::load(text, error);
    if (!s) {
        ADD_FAILURE() << text << ": " << error;
        return std::make_unique<PowercoinzState>(2);
    }
    return s;
}

}  // namespace arbiter::powercoinz::support
