#include "bench/cpu_time.h"

#include <dirent.h>

#include <ctime>
#include <fstream>
#include <string>

namespace arbiter::bench {

double threadCpuSeconds() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) + double(now.tv_nsec) / 1e9;
}

// Each task's schedstat starts with the nanoseconds it has run: finer than
// the clock ticks of /proc/PID/stat, which are 10 ms.
std::optional<double> processCpuSeconds(pid_t pid) {
    const std::string tasks = "/proc/" + std::to_string(pid) + "/task";
    DIR* dir = opendir(tasks.c_str());
    if (!dir) return std::nullopt;
    double seconds = 0;
    bool any = false;
    while (dirent* entry = readdir(dir)) {
        if (entry->d_name[0] == '.') continue;
        std::ifstream stat(tasks + "/" + entry->d_name + "/schedstat");
        unsigned long long nanoseconds = 0;
        if (!(stat >> nanoseconds)) continue;
        seconds += double(nanoseconds) / 1e9;
        any = true;
    }
    closedir(dir);
    if (!any) return std::nullopt;
    return seconds;
}

}  // namespace arbiter::bench
