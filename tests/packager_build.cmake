# A packager builds with their own build type and compiler, not with ./test:
# configures the project as they would (Release, nothing else said) in a
# scratch folder and fails if warnings would be errors there, since a warning
# a newer or older compiler invents must not break their build. ./test asks
# for -Werror itself (ARBITER_WERROR=ON). Usage:
#   cmake -DSOURCE=. -DSCRATCH=/tmp/x -P tests/packager_build.cmake
if(NOT SOURCE OR NOT SCRATCH)
    message(FATAL_ERROR "pass -DSOURCE=<the project> -DSCRATCH=<an empty folder to configure in>")
endif()
file(REMOVE_RECURSE "${SCRATCH}")
execute_process(
    COMMAND "${CMAKE_COMMAND}" -S "${SOURCE}" -B "${SCRATCH}" -G Ninja
            -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF
    OUTPUT_VARIABLE output
    ERROR_VARIABLE errors
    RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "a Release configuration failed:\n${output}${errors}")
endif()
file(READ "${SCRATCH}/build.ninja" rules)
file(REMOVE_RECURSE "${SCRATCH}")
# -Werror=format-security is Debian's own (dpkg-buildflags): one error that
# no compiler invents, a format string that is not a literal.
if(rules MATCHES "-Werror([^=]|$)")
    message(FATAL_ERROR "a packager's Release build would turn warnings into errors (-Werror)")
endif()
message(STATUS "a packager's Release build keeps warnings as warnings")
