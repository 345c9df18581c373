#pragma once

#include <cstddef>
#include <functional>
#include <set>
#include <string>

namespace arbiter::web {

// Says each distinct complaint once, and at most `mostKinds` of them: a
// broker that repeats a bad message, or a flood of different ones, costs a
// line each the first time and then only a count.
class OnceLog {
  public:
    using Write = std::function<void(const std::string& line)>;

    OnceLog(Write write, std::size_t mostKinds = 200)
        : write_(std::move(write)), mostKinds_(mostKinds) {}

    // Says `line` unless `key` was said before; counts it either way.
    void say(const std::string& key, const std::string& line) {
        ++count_;
        if (said_.count(key)) return;
        if (said_.size() == mostKinds_) {
            said_.insert(key);  // one past the most: the last line said
            write_("further complaints of this kind are counted, not logged");
            return;
        }
        if (said_.size() > mostKinds_) return;
        said_.insert(key);
        write_(line);
    }
    std::size_t count() const { return count_; }

  private:
    Write write_;
    std::size_t mostKinds_;
    std::set<std::string> said_;
    std::size_t count_ = 0;
};

}  // namespace arbiter::web
