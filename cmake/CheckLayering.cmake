# Run by the build (daemon/CMakeLists.txt, arbiter_daemon_library) before a
# folder of daemon/ is compiled: every #include of its files that names a folder
# of the project must name the folder itself or one that it USES, so that an
# include pointing the wrong way fails the build with a message that says which
# arrow is missing, rather than quietly tying two layers together.
#
#   cmake -DFOLDER=session "-DUSES=announce;base;clock;journal;engine"
#         "-DFILES=a.h;a.cpp" -DSTAMP=path -P CheckLayering.cmake
#
# USES names folders of daemon/ and the top-level libraries "engine" and
# "drivers"; the programs and their tests (firmware-bridge, tools, tests) are
# never used by the daemon.
cmake_minimum_required(VERSION 3.22)
set(problems "")
foreach(file IN LISTS FILES)
    file(STRINGS "${file}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line IN LISTS includes)
        string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*" "\\1" header "${line}")
        if(header MATCHES "^daemon/([^/]+)/")
            set(used "${CMAKE_MATCH_1}")
        elseif(header MATCHES "^(engine|drivers|firmware-bridge|tools|tests)/")
            set(used "${CMAKE_MATCH_1}")
        else()
            continue()
        endif()
        if(used STREQUAL FOLDER OR used IN_LIST USES)
            continue()
        endif()
        string(REPLACE ";" ", " allowed "${USES}")
        string(APPEND problems
               "${file}: includes ${header}, but daemon/${FOLDER} may use only: ${allowed}\n")
    endforeach()
endforeach()
if(problems)
    message(FATAL_ERROR "a wrong-way include (docs/design.md, \"The daemon's folders\"):\n"
                        "${problems}")
endif()
file(TOUCH "${STAMP}")
