#pragma once

#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace arbiter::testing {

// What arbiterd logs while it lives, a line each as "LEVEL text", at every
// level from `least` up.
class CapturedLog {
  public:
    explicit CapturedLog(spdlog::level::level_enum least = spdlog::level::info)
        : previous_(spdlog::default_logger()) {
        auto sink = std::make_shared<spdlog::sinks::ostream_sink_st>(text_);
        sink->set_pattern("%l %v");
        auto logger = std::make_shared<spdlog::logger>("test", sink);
        logger->set_level(least);
        spdlog::set_default_logger(logger);
    }
    ~CapturedLog() { spdlog::set_default_logger(previous_); }
    CapturedLog(const CapturedLog&) = delete;
    CapturedLog& operator=(const CapturedLog&) = delete;

    std::vector<std::string> lines() const {
        std::vector<std::string> out;
        std::istringstream in(text_.str());
        for (std::string line; std::getline(in, line);) out.push_back(line);
        return out;
    }
    std::string text() const { return text_.str(); }

  private:
    std::ostringstream text_;
    std::shared_ptr<spdlog::logger> previous_;
};

}  // namespace arbiter::testing
