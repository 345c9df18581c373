#pragma once

#include <optional>
#include <string_view>

namespace arbiter::web {

// A file of the page (tools/arbiter-web/page/), built into the program so
// that what it serves is what was built and tested, whatever lies on disk.
struct PageAsset {
    std::string_view name;  // "app.js"
    std::string_view contentType;
    std::string_view body;
};

// The file called `name`, or nullopt.
std::optional<PageAsset> pageAsset(std::string_view name);

}  // namespace arbiter::web
