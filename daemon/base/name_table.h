#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace arbiter {

// The names of a closed enum's values, as the daemon writes and reads them
// (announcement types on the wire, the verbs of `do`): one table per enum,
// listed in the enum's order so that a value's name is an index away.
// Make it constexpr and static_assert inEnumOrder(), so that a value added
// to the enum without its name, or out of place, stops the build.
template <typename Enum, std::size_t N>
struct NameTable {
    struct Entry {
        Enum value;
        std::string_view name;
    };
    std::array<Entry, N> entries;

    constexpr bool inEnumOrder() const {
        for (std::size_t i = 0; i < N; ++i) {
            if (static_cast<std::size_t>(entries[i].value) != i) return false;
        }
        return true;
    }
    constexpr std::string_view name(Enum value) const {
        return entries[static_cast<std::size_t>(value)].name;
    }
    // The value `name` names; nullopt for any other text.
    constexpr std::optional<Enum> named(std::string_view name) const {
        for (const Entry& e : entries) {
            if (e.name == name) return e.value;
        }
        return std::nullopt;
    }
};

}  // namespace arbiter
