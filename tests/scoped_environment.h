#pragma once

#include <stdlib.h>

#include <optional>
#include <string>

namespace arbiter::testing {

// Sets (or, given nullopt, unsets) one environment variable for one test and
// puts back what was there before, so that a test binary run whole, all tests
// in one process, leaves each test the environment it started with. Programs
// the test starts inherit it.
class ScopedEnvironment {
  public:
    ScopedEnvironment(std::string name, const std::optional<std::string>& value)
        : name_(std::move(name)) {
        if (const char* old = ::getenv(name_.c_str())) before_ = old;
        set(value);
    }
    ~ScopedEnvironment() { set(before_); }
    ScopedEnvironment(const ScopedEnvironment&) = delete;
    ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;

  private:
    void set(const std::optional<std::string>& value) {
        if (value)
            ::setenv(name_.c_str(), value->c_str(), 1);
        else
            ::unsetenv(name_.c_str());
    }

    std::string name_;
    std::optional<std::string> before_;
};

}  // namespace arbiter::testing
