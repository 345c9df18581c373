#include "drivers/transport/readiness.h"

#include <poll.h>

#include <cerrno>

namespace arbiter {

bool hungUp(int fd) {
    pollfd p{fd, POLLIN, 0};
    int n;
    do {
        n = ::poll(&p, 1, 0);
    } while (n < 0 && errno == EINTR);
    if (n < 0) return true;
    return (p.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
}

bool waitWritable(int fd, int timeoutMs) {
    pollfd p{fd, POLLOUT, 0};
    int n;
    do {
        n = ::poll(&p, 1, timeoutMs);
    } while (n < 0 && errno == EINTR);
    if (n <= 0) return false;
    return (p.revents & POLLOUT) != 0 && (p.revents & (POLLHUP | POLLERR | POLLNVAL)) == 0;
}

}  // namespace arbiter
