#pragma once

// An output stream that begins every line with a prefix: on a virtual bus of
// several boards, each board's console says which board is speaking ("1025: ").

#include <ostream>
#include <streambuf>
#include <string>

namespace arbiter::vboard {

class PrefixedLines final : public std::streambuf {
  public:
    PrefixedLines(std::ostream& out, std::string prefix) : out_(out), prefix_(std::move(prefix)) {}

  protected:
    int_type overflow(int_type character) override {
        if (traits_type::eq_int_type(character, traits_type::eof())) return character;
        if (atLineStart_) out_ << prefix_;
        out_.put(traits_type::to_char_type(character));
        atLineStart_ = traits_type::to_char_type(character) == '\n';
        return character;
    }
    int sync() override {
        out_.flush();
        return 0;
    }

  private:
    std::ostream& out_;
    std::string prefix_;
    bool atLineStart_ = true;
};

}  // namespace arbiter::vboard
