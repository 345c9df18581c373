#include "tests/e2e/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>

namespace arbiter::e2e {

using namespace std::chrono;

ChildProcess::ChildProcess(std::vector<std::string> argv) {
    int toChild[2], fromChild[2];
    if (::pipe2(toChild, O_CLOEXEC) != 0 || ::pipe2(fromChild, O_CLOEXEC) != 0)
        throw std::runtime_error("pipe failed");
    pid_ = ::fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
        ::dup2(toChild[0], 0);
        ::dup2(fromChild[1], 1);
        ::dup2(fromChild[1], 2);
        ::setpgid(0, 0);
        std::vector<char*> args;
        for (auto& a : argv) args.push_back(a.data());
        args.push_back(nullptr);
        ::execv(args[0], args.data());
        ::_exit(127);
    }
    ::close(toChild[0]);
    ::close(fromChild[1]);
    in_ = toChild[1];
    out_ = fromChild[0];
    ::fcntl(out_, F_SETFL, O_NONBLOCK);
}

ChildProcess::~ChildProcess() {
    if (pid_ > 0) {
        ::kill(pid_, SIGTERM);
        if (wait(milliseconds(2000)) == -9999) {
            ::kill(pid_, SIGKILL);
            wait(milliseconds(2000));
        }
    }
    if (in_ >= 0) ::close(in_);
    if (out_ >= 0) ::close(out_);
}

void ChildProcess::send(const std::string& text) {
    size_t done = 0;
    while (done < text.size()) {
        ssize_t n = ::write(in_, text.data() + done, text.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return;  // the child is gone; the test sees it in the output
        }
        done += static_cast<size_t>(n);
    }
}

bool ChildProcess::readSome(milliseconds timeout) {
    pollfd p{out_, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(timeout.count())) <= 0) return false;
    char buf[4096];
    ssize_t n = ::read(out_, buf, sizeof buf);
    if (n <= 0) {
        if (n == 0) ::usleep(10000);  // closed: nothing more will come
        return false;
    }
    partial_.append(buf, static_cast<size_t>(n));
    size_t nl;
    while ((nl = partial_.find('\n')) != std::string::npos) {
        lines_.push_back(partial_.substr(0, nl));
        partial_.erase(0, nl + 1);
    }
    return true;
}

int ChildProcess::waitFor(const std::string& needle, milliseconds timeout, size_t from) {
    auto deadline = steady_clock::now() + timeout;
    size_t checked = from;
    while (true) {
        for (; checked < lines_.size(); ++checked) {
            if (lines_[checked].find(needle) != std::string::npos) return static_cast<int>(checked);
        }
        auto left = duration_cast<milliseconds>(deadline - steady_clock::now());
        if (left.count() <= 0) return -1;
        readSome(std::min(left, milliseconds(100)));
    }
}

void ChildProcess::drain(milliseconds wait) {
    auto deadline = steady_clock::now() + wait;
    while (steady_clock::now() < deadline) {
        readSome(duration_cast<milliseconds>(deadline - steady_clock::now()));
    }
}

std::string ChildProcess::transcript() const {
    std::string all;
    for (const auto& l : lines_) all += l + "\n";
    return all + partial_;
}

void ChildProcess::signal(int sig) {
    if (pid_ > 0) ::kill(pid_, sig);
}

int ChildProcess::wait(milliseconds timeout) {
    if (pid_ <= 0) return -9998;
    auto deadline = steady_clock::now() + timeout;
    while (true) {
        int status = 0;
        pid_t r = ::waitpid(pid_, &status, WNOHANG);
        if (r == pid_) {
            pid_ = -1;
            while (readSome(milliseconds(0))) {
            }
            return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
        }
        if (steady_clock::now() >= deadline) return -9999;
        ::usleep(10000);
    }
}

}  // namespace arbiter::e2e
