#pragma once

// A BoardListener that remembers every call in order, for driver tests.

#include <string>
#include <variant>
#include <vector>

#include "drivers/board_listener.h"

namespace arbiter::test {

class FakeListener : public BoardListener {
  public:
    struct Dump {
        BoardSquares squares;
        bool operator==(const Dump&) const = default;
    };
    struct Change {
        int square;
        Appearance now;
        bool operator==(const Change&) const = default;
    };
    // The board said its clock is gone; the flag keeps GCC's variant checks quiet.
    struct ClockUnplugged {
        bool unplugged = true;
        bool operator==(const ClockUnplugged&) const = default;
    };
    struct Lever {
        bool rightHigh = false;
        bool operator==(const Lever&) const = default;
    };
    using Call = std::variant<Dump, Change, BoardIdentity, ClockDisplay, ClockButton,
                              ClockUnplugged, Lever, std::string>;

    void boardDump(const BoardSquares& squares) override { calls.push_back(Dump{squares}); }
    void squareChanged(int square, Appearance now) override {
        calls.push_back(Change{square, now});
    }
    void pieceTags(const SquareTags& tags) override { tagReports.push_back(tags); }
    void identified(const BoardIdentity& identity) override { calls.push_back(identity); }
    void clockDisplay(const ClockDisplay& display) override { calls.push_back(display); }
    void clockDetached() override { calls.push_back(ClockUnplugged{}); }
    void clockButton(ClockButton button) override { calls.push_back(button); }
    void clockLever(bool rightHigh) override { calls.push_back(Lever{rightHigh}); }
    void protocolWarning(const std::string& what) override { calls.push_back(what); }

    template <typename T>
    std::vector<T> all() const {
        std::vector<T> out;
        for (const Call& c : calls) {
            if (const T* t = std::get_if<T>(&c)) out.push_back(*t);
        }
        return out;
    }
    std::vector<std::string> warnings() const { return all<std::string>(); }

    std::vector<Call> calls;
    // The tags told (BoardListener::pieceTags), apart from `calls`, which
    // boards that read no tags never make.
    std::vector<SquareTags> tagReports;
};

}  // namespace arbiter::test
