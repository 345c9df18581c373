# Runs arbiter-bench-perft --signatures and fails unless each game's line
# "signature of the playouts of GAME: N actions, trace HASH" (the number of
# actions of eight seeded random playouts from its start, and a hash of every
# one of them, bench/playout_bench.h) is the one pinned here: a change to a
# game's rules, to the order of its listActions() or to the playouts prints
# another. A change meant to alter them updates these and
# docs/perft.md ("Speed") together. Usage:
#   cmake -DBENCH=build/bin/arbiter-bench-perft -P bench/playout_signatures.cmake
if(NOT BENCH)
    message(FATAL_ERROR "pass -DBENCH=<path to arbiter-bench-perft>")
endif()

# GAME|ACTIONS|TRACE
set(signatures
    "fide|3049|f1cd06f2b7d3342f"
    "skirmish|2667|b880ead31b8008e5"
    "csipgs|3892|671fb6d48e5d30b3"
    "martian|1704|0a2159d49e714e26"
    "powercoinz|216|74d0e3be2a4e2b42"
    "konfusion|4818|01a4a6bba45c5df5"
    "mobiatus|1038|164fe8ba83507c19"
    "colonization|7183|dbe952426c034fe6"
    "cornerport|7455|61b0eb887a83848a"
    "sandkings|8389|b032cb76df7559bd"
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
    list(GET fields 1 actions)
    list(GET fields 2 trace)
    set(expected "${actions} actions, trace ${trace}")
    if(output MATCHES "(^|\n)signature of the playouts of ${game}: ([^\n]*)\n")
        set(got "${CMAKE_MATCH_2}")
    else()
        set(got "no such line")
    endif()
    if(got STREQUAL expected)
        message(STATUS "${game}: ${got}")
    else()
        message(SEND_ERROR "${game}: got ${got}, expected ${expected}")
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
