#include "daemon/base/time_source.h"

#include <ctime>

namespace arbiter {

Millis SystemTimeSource::now() const {
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

// A source that keeps no calendar: its monotonic time counted from
// 2026-01-01T00:00:00Z, so that tests' times are fixed and plausible.
double TimeSource::epochMillis() const {
    return 1767225600000.0 + static_cast<double>(now());
}

double SystemTimeSource::epochMillis() const {
    using namespace std::chrono;
    return duration<double, std::milli>(system_clock::now().time_since_epoch()).count();
}

std::string SystemTimeSource::wallClock() const {
    std::time_t t = std::time(nullptr);
    std::tm local{};
    localtime_r(&t, &local);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &local);
    return text;
}

}  // namespace arbiter
