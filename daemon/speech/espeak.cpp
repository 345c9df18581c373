#include "daemon/speech/espeak.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

#include <fmt/format.h>

#include "daemon/base/child_spawn.h"


namespace arbiter {

namespace {

constexpr size_t kMostErrorText = 200;

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

}  // namespace

std::vector<std::string> espeakArguments(const std::string& program, SpeechLanguage language,
                                         const std::string& text, const std::string& wavFile) {
    std::vector<std::string> args = {program, "-v", speechLanguageCode(language)};
    if (!wavFile.empty()) {
        args.push_back("-w");
        args.push_back(wavFile);
    }
    args.push_back("--");
    args.push_back(text);
    return args;
}

std::string findProgram(const std::string& name, const std::string& searchPath) {
    auto runnable = [](const std::string& path) {
        struct stat st;
        return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
               ::access(path.c_str(), X_OK) == 0;
    };
    if (name.empty()) return {};
    if (name.find('/') != std::string::npos) return runnable(name) ? name : std::string();
    size_t from = 0;
    while (from <= searchPath.size()) {
        size_t colon = searchPath.find(':', from);
        if (colon == std::string::npos) colon = searchPath.size();
        std::string folder = searchPath.substr(from, colon - from);
        // An empty entry is the current folder, as for the shell.
        std::string candidate = (folder.empty() ? "." : folder) + "/" + name;
        if (runnable(candidate)) return candidate;
        from = colon + 1;
    }
    return {};
}

EspeakSpeaker::~EspeakSpeaker() {
    stopReadingErrors();
    if (exited_ >= 0) {
        loop_.unwatch(exited_);
        ::close(exited_);
    }
    // Stopping: what is still being said is cut short rather than left behind.
    if (child_ > 0) {
        ::kill(child_, SIGKILL);
        ::waitpid(child_, nullptr, 0);
    }
}

bool EspeakSpeaker::say(const std::string& text, Done done, std::string& error) {
    if (child_ > 0) {
        error = "espeak-ng is still speaking";
        return false;
    }
    int pipeEnds[2];
    if (::pipe2(pipeEnds, O_CLOEXEC) != 0) {
        error = fmt::system_error(errno, "cannot make a pipe for espeak-ng").what();
        return false;
    }
    // Only our end is non-blocking: the child writes its errors as it always does.
    ::fcntl(pipeEnds[0], F_SETFL, ::fcntl(pipeEnds[0], F_GETFL) | O_NONBLOCK);

    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    posix_spawn_file_actions_addopen(&files, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&files, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&files, pipeEnds[1], 2);
    pid_t pid = -1;
    const int spawned =
        spawnChild(espeakArguments(program_, language_, text, wavFile_), files, pid);
    posix_spawn_file_actions_destroy(&files);
    ::close(pipeEnds[1]);
    if (spawned != 0) {
        ::close(pipeEnds[0]);
        error = fmt::system_error(spawned, "cannot run {}", program_).what();
        return false;
    }
    child_ = pid;
    errors_ = pipeEnds[0];
    errorText_.clear();
    killed_ = false;
    done_ = std::move(done);
    loop_.watch(errors_, [this] { readErrors(); });
    exited_ = exitDescriptor(pid);
    if (exited_ >= 0) {
        loop_.watch(exited_, [this] { reap(); });
    } else {
        retry_.after(kPollExitMs, [this] { reap(); });
    }
    deadline_.after(kLongestMs, [this] {
        killed_ = true;
        ::kill(child_, SIGKILL);
    });
    return true;
}

void EspeakSpeaker::readErrors() {
    char buffer[512];
    for (;;) {
        const ssize_t n = ::read(errors_, buffer, sizeof buffer);
        if (n > 0) {
            if (errorText_.size() < kMostErrorText) errorText_.append(buffer, size_t(n));
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EAGAIN) return;
        break;  // end of file (or a broken pipe): no one writes there any more
    }
    stopReadingErrors();
}

void EspeakSpeaker::stopReadingErrors() {
    if (errors_ < 0) return;
    loop_.unwatch(errors_);
    ::close(errors_);
    errors_ = -1;
}

void EspeakSpeaker::reap() {
    int status = 0;
    const pid_t got = ::waitpid(child_, &status, WNOHANG);
    const int waitError = errno;
    if (got == 0) {
        if (exited_ < 0) retry_.after(kPollExitMs, [this] { reap(); });
        return;
    }
    if (exited_ >= 0) {
        loop_.unwatch(exited_);
        ::close(exited_);
        exited_ = -1;
    }
    // What it wrote before it ended is in the pipe now; whatever a process
    // it left behind writes later is no longer ours to wait for.
    if (errors_ >= 0) readErrors();
    stopReadingErrors();
    std::string failure;
    const std::string said = errorText_.substr(0, errorText_.find('\n'));
    if (got < 0)
        failure = fmt::system_error(waitError, "cannot follow espeak-ng").what();
    else if (killed_)
        failure = "espeak-ng took longer than " + std::to_string(kLongestMs / 1000) +
                  " s and was stopped";
    else if (WIFSIGNALED(status))
        failure = "espeak-ng was killed by signal " + std::to_string(WTERMSIG(status));
    else if (WEXITSTATUS(status) != 0)
        failure = "espeak-ng failed (exit status " + std::to_string(WEXITSTATUS(status)) +
                  (said.empty() ? ")" : "): " + said);
    else if (!said.empty())
        // espeak-ng ends well even when the sound device failed; it only says so.
        failure = "espeak-ng could not speak: " + said;
    finish(failure);
}

void EspeakSpeaker::finish(const std::string& failure) {
    child_ = -1;
    deadline_.cancel();
    retry_.cancel();
    // Taken out first: `done` may begin the next text at once.
    Done done = std::move(done_);
    done_ = nullptr;
    if (done) done(failure);
}

}  // namespace arbiter
