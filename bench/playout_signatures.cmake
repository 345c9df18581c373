# Runs arbiter-bench-perft --signatures and fails unless each game's line
# "signature of the playouts of GAME: N actions" (the actions of eight seeded
# random playouts from its start, bench/playout_bench.h) is the one pinned
# here: a change to a game's rules, to the order of its legalActions() or to
# the playouts prints another. A change meant to alter them updates these and
# docs/perft.md ("Speed") together. Usage:
#   cmake -DBENCH=build/bin/arbiter-bench-perft -P bench/playout_signatures.cmake
if(NOT BENCH)
    message(FATAL_ERROR "pass -DBENCH=<path to arbiter-bench-perft>")
endif()

# GAME|ACTIONS
set(signatures
    "fide|3049"
    "skirmish|2667"
    "csipgs|3892"
    "martian|1704"
    "powercoinz|216"
    "konfusion|4818"
    "mobiatus|1038"
    "colonization|7183"
    "cornerport|7455"
    "sandkings|8389"
)

execute_process(
    COMMAND "${BENCH}" --signatures
    OUTPUT_VARIABLE output
    ERROR_VARIABLE errors
    RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "${BENCH} --signatures failed (${status}):\n${errors}")
endif()

set(failures 0)
foreach(entry IN LISTS signatures)
    string(REPLACE "|" ";" fields "${entry}")
    list(GET fields 0 game)
    list(GET fields 1 expected)
    if(output MATCHES "(^|\n)signature of the playouts of ${game}: ([0-9]+) actions\n")
        set(got "${CMAKE_MATCH_2}")
    else()
        set(got "no such line")
    endif()
    if(got STREQUAL expected)
        message(STATUS "${game}: ${got} actions")
    else()
        message(SEND_ERROR "${game}: got ${got}, expected ${expected} actions")
        math(EXPR failures "${failures} + 1")
    endif()
endforeach()
# A game added to the catalogue prints a line that is pinned nowhere yet.
string(REGEX MATCHALL "signature of the playouts of [^:]+:" lines "${output}")
list(LENGTH lines printed)
list(LENGTH signatures pinned)
if(NOT printed EQUAL pinned)
    message(SEND_ERROR "${printed} games print a playout signature, ${pinned} are pinned here")
    math(EXPR failures "${failures} + 1")
endif()
if(failures GREATER 0)
    message(FATAL_ERROR "${failures} playout signature(s) of arbiter-bench-perft changed; "
                        "its output:\n${output}")
endif()
