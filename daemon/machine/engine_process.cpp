#include "daemon/machine/engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <vector>

#include <fmt/format.h>

#include "daemon/base/child_spawn.h"
#include "daemon/machine/uci_line.h"

namespace arbiter {

namespace {

// A descriptor that becomes readable when `pid`, our child, exits (closed on
// exec, as pidfd_open makes them); -1 when the kernel has none (before Linux 5.3).
int exitDescriptor(pid_t pid) {
#ifdef SYS_pidfd_open
    return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
#else
    (void)pid;
    return -1;
#endif
}

std::string howItEnded(int status) {
    if (WIFSIGNALED(status)) return fmt::format("was killed by signal {}", WTERMSIG(status));
    return fmt::format("exited with status {}", WEXITSTATUS(status));
}

// posix_spawn of `path` with `child` as its stdin and stdout; 0 or an errno.
int spawn(const std::string& path, int child, pid_t& pid) {
    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    posix_spawn_file_actions_adddup2(&files, child, STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&files, child, STDOUT_FILENO);
    posix_spawn_file_actions_addopen(&files, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    const int spawned = spawnChild({path}, files, pid);
    posix_spawn_file_actions_destroy(&files);
    return spawned;
}

}  // namespace

bool EngineProcess::start(const std::string& path, std::string& error) {
    if (running()) {
        error = "the engine is running already";
        return false;
    }
    int ends[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) {
        error = fmt::system_error(errno, "cannot make a socket pair for {}", path).what();
        return false;
    }
    pid_t child = -1;
    const int spawned = spawn(path, ends[1], child);
    ::close(ends[1]);
    if (spawned != 0) {
        ::close(ends[0]);
        error = fmt::system_error(spawned, "cannot run {}", path).what();
        return false;
    }
    // Only our end is non-blocking: the engine reads its input as it always does.
    ::fcntl(ends[0], F_SETFL, ::fcntl(ends[0], F_GETFL) | O_NONBLOCK);
    ++generation_;
    pid_ = child;
    socket_ = ends[0];
    buffer_.clear();
    discarding_ = false;
    loop_.watch(socket_, [this] { readOutput(); });
    exited_ = exitDescriptor(child);
    if (exited_ >= 0) loop_.watch(exited_, [this] { checkExit(); });
    return true;
}

bool EngineProcess::send(std::string_view line, std::string& error) {
    if (socket_ < 0) {
        error = "the engine's input is closed";
        return false;
    }
    std::string text(line);
    text += '\n';
    const ssize_t sent = ::send(socket_, text.data(), text.size(), MSG_NOSIGNAL);
    if (sent == static_cast<ssize_t>(text.size())) return true;
    // A socket's buffer holds a hundred kilobytes and more: an engine that
    // lets it fill with our short lines has stopped reading them.
    if (sent >= 0 || errno == EAGAIN || errno == EWOULDBLOCK)
        error = "the engine does not read its input";
    else
        error = fmt::system_error(errno, "cannot write to the engine").what();
    return false;
}

void EngineProcess::readOutput() {
    const uint64_t generation = generation_;
    char chunk[4096];
    size_t taken = 0;
    while (taken < kMostBytesARound) {
        const ssize_t n = ::read(socket_, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
        if (n <= 0) {  // its end of the socket is closed: it has ended, or is about to
            outputEnded();
            return;
        }
        taken += size_t(n);
        buffer_.append(chunk, size_t(n));
        if (!handLines(generation)) return;
    }
}

bool EngineProcess::handLines(uint64_t generation) {
    size_t from = 0;
    for (size_t end; (end = buffer_.find('\n', from)) != std::string::npos; from = end + 1) {
        if (discarding_) {
            discarding_ = false;
            continue;
        }
        std::string line = buffer_.substr(from, end - from);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        onLine_(line);
        if (generation != generation_) return false;
    }
    buffer_.erase(0, from);
    if (buffer_.size() > kMostUciLineBytes) {
        // Cut short, and still too long: the parser refuses it for its length.
        const std::string head = buffer_.substr(0, kMostUciLineBytes + 1);
        buffer_.clear();
        if (!discarding_) {
            discarding_ = true;
            onLine_(head);
            if (generation != generation_) return false;
        }
    }
    return true;
}

void EngineProcess::closeOutput() {
    if (socket_ < 0) return;
    loop_.unwatch(socket_);
    ::close(socket_);
    socket_ = -1;
}

void EngineProcess::outputEnded() {
    closeOutput();
    grace_.after(kEndGraceMs, [this] {
        if (pid_ > 0) ::kill(pid_, SIGKILL);
    });
    if (exited_ < 0) checkExit();
}

void EngineProcess::checkExit() {
    int status = 0;
    const pid_t got = ::waitpid(pid_, &status, WNOHANG);
    if (got == 0) {
        if (exited_ < 0) poll_.after(kPollExitMs, [this] { checkExit(); });
        return;
    }
    // What it printed before it ended is still ours to read.
    const uint64_t generation = generation_;
    if (socket_ >= 0) {
        readOutput();
        if (generation != generation_) return;
    }
    const std::string how = got < 0 ? "cannot be followed (waitpid failed)" : howItEnded(status);
    forget();
    onEnd_(how);
}

void EngineProcess::forget() {
    ++generation_;
    closeOutput();
    if (exited_ >= 0) {
        loop_.unwatch(exited_);
        ::close(exited_);
        exited_ = -1;
    }
    grace_.cancel();
    poll_.cancel();
    pid_ = -1;
    buffer_.clear();
    discarding_ = false;
}

void EngineProcess::stop(Millis graceMs) {
    if (pid_ <= 0) return;
    const pid_t child = pid_;
    const int exited = exited_;
    if (exited >= 0) loop_.unwatch(exited);
    exited_ = -1;  // waited on below, then closed
    forget();      // closes the socket: the engine reads the end of its input
    bool gone = false;
    if (exited >= 0) {
        pollfd ready{exited, POLLIN, 0};
        gone = graceMs > 0 && ::poll(&ready, 1, static_cast<int>(graceMs)) > 0;
        ::close(exited);
    } else {
        for (Millis waited = 0; waited < graceMs; waited += kPollExitMs) {
            if (::waitpid(child, nullptr, WNOHANG) == child) return;
            ::usleep(static_cast<useconds_t>(kPollExitMs * 1000));
        }
    }
    if (!gone) ::kill(child, SIGKILL);
    ::waitpid(child, nullptr, 0);
}

}  // namespace arbiter
