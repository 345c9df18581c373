# Precompiled headers for the heavy header-only parts: nlohmann/json, spdlog and
# fmt, GoogleTest. Parsing them took 2 to 5 s of CPU in every translation unit
# that includes them, about half of a test file's compile; a precompiled header
# loads in a fraction of that. Which headers a target gets is one of three sets:
#
#   daemon        nlohmann/json, spdlog and the standard library (arbiterd's code)
#   tests         GoogleTest and the standard library (tests of engine, drivers, ...)
#   daemon_tests  both (tests of daemon/ and of the control socket)
#   web           daemon's, and Boost.Asio's core (arbiter-web, whose files are
#                 the heaviest of the tree to compile)
#
# Each set is compiled once per build directory, in a small object library of
# its own, and every target of the set reuses it: one compile instead of one per
# target. GCC only uses a precompiled header built with the same options and
# macros (the set's library links the packages whose definitions its users get),
# and CMake compiles with -Winvalid-pch, so a mismatch fails the build (-Werror)
# instead of silently costing the time again.
#
# GCC 12 with a precompiled header reports bogus -Warray-bounds in
# char_traits.h where a temporary std::string is moved (the family of GCC bug
# 105329, fixed in GCC 13); the top CMakeLists.txt turns that warning off for
# GCC before 13.
#
# -DARBITER_PCH=OFF builds without them, e.g. to check that every file includes
# what it uses: with them, every file of a target sees every header of its set.

option(ARBITER_PCH "Precompile the heavy third-party headers" ON)

set(ARBITER_PCH_STD <algorithm> <chrono> <cstdint> <filesystem> <fstream> <functional> <map>
                    <memory> <optional> <string> <string_view> <vector>)
set(ARBITER_PCH_daemon_HEADERS <nlohmann/json.hpp> <spdlog/spdlog.h> ${ARBITER_PCH_STD})
set(ARBITER_PCH_daemon_LIBS nlohmann_json::nlohmann_json spdlog::spdlog)
set(ARBITER_PCH_tests_HEADERS <gtest/gtest.h> ${ARBITER_PCH_STD})
set(ARBITER_PCH_tests_LIBS GTest::gtest)
set(ARBITER_PCH_daemon_tests_HEADERS <gtest/gtest.h> <nlohmann/json.hpp> <spdlog/spdlog.h>
                                     ${ARBITER_PCH_STD})
set(ARBITER_PCH_daemon_tests_LIBS GTest::gtest nlohmann_json::nlohmann_json spdlog::spdlog)
set(ARBITER_PCH_web_HEADERS <nlohmann/json.hpp> <spdlog/spdlog.h> <boost/asio/io_context.hpp>
                            <boost/asio/ip/tcp.hpp> <boost/asio/steady_timer.hpp>
                            <boost/asio/post.hpp> ${ARBITER_PCH_STD})
set(ARBITER_PCH_web_LIBS nlohmann_json::nlohmann_json spdlog::spdlog Boost::headers
                         Threads::Threads)

# arbiter_precompile_headers(TARGET SET): TARGET's sources start with SET's headers.
function(arbiter_precompile_headers target set)
    if(NOT ARBITER_PCH)
        return()
    endif()
    if(NOT DEFINED ARBITER_PCH_${set}_HEADERS)
        message(FATAL_ERROR "arbiter_precompile_headers: no header set '${set}'")
    endif()
    set(pch arbiter_pch_${set})
    if(NOT TARGET ${pch})
        # An object library needs a source; an empty one costs nothing.
        set(anchor ${CMAKE_BINARY_DIR}/pch/${set}.cpp)
        file(CONFIGURE OUTPUT ${anchor} CONTENT "// Compiled only to build the ${set} headers.\n")
        add_library(${pch} OBJECT ${anchor})
        target_link_libraries(${pch} PRIVATE ${ARBITER_PCH_${set}_LIBS})
        target_precompile_headers(${pch} PRIVATE ${ARBITER_PCH_${set}_HEADERS})
    endif()
    target_precompile_headers(${target} REUSE_FROM ${pch})
endfunction()
