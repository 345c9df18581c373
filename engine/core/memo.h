#pragma once

#include <optional>

namespace arbiter {

// A value a game state works out when first asked and keeps until the state
// changes, such as its legal actions or its outcome: the referee, perft and
// a playout ask one state for them several times. A copy of the state starts
// without it, since states are copied to be changed; the state clear()s it
// when it changes.
template <typename T>
class Memo {
  public:
    Memo() = default;
    Memo(const Memo&) {}
    Memo& operator=(const Memo&) {
        value_.reset();
        return *this;
    }

    // The value, worked out by `compute()` unless already known.
    template <typename Compute>
    const T& get(Compute&& compute) const {
        if (!value_) value_.emplace(compute());
        return *value_;
    }
    void clear() { value_.reset(); }

  private:
    mutable std::optional<T> value_;
};

}  // namespace arbiter
