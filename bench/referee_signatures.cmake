# Runs arbiter-bench-referee with its defaults and fails unless each table's
# signature line is the one pinned here: a change to the surface, the referee
# or a game's rules that alters any verdict (or the final state) prints another
# (as Stockfish's tests/signature.sh checks its bench). A change meant to alter
# verdicts updates these and README.md's "Benchmarks" together. Usage:
#   cmake -DBENCH=build/bin/arbiter-bench-referee -P bench/referee_signatures.cmake
if(NOT BENCH)
    message(FATAL_ERROR "pass -DBENCH=<path to arbiter-bench-referee>")
endif()

# LABEL|EXPECTED: the text before ": " on the bench's line, and the signature after it.
set(signatures
    "signature|feb192726eb4408e"
    "signature of the dense table|6ed8a302a6705270"
    "signature of the Colonization table|78154249003c5574"
)

execute_process(
    COMMAND "${BENCH}"
    OUTPUT_VARIABLE output
    ERROR_VARIABLE errors
    RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "${BENCH} failed (${status}):\n${errors}")
endif()

set(failures 0)
foreach(entry IN LISTS signatures)
    string(REPLACE "|" ";" fields "${entry}")
    list(GET fields 0 label)
    list(GET fields 1 expected)
    # The whole line, so that "signature" cannot match the dense table's.
    if(output MATCHES "(^|\n)${label}: ([0-9a-f]+)\n")
        set(got "${CMAKE_MATCH_2}")
    else()
        set(got "no such line")
    endif()
    if(got STREQUAL expected)
        message(STATUS "${label}: ${got}")
    else()
        message(SEND_ERROR "${label}: got ${got}, expected ${expected}")
        math(EXPR failures "${failures} + 1")
    endif()
endforeach()
if(failures GREATER 0)
    message(FATAL_ERROR "${failures} signature(s) of arbiter-bench-referee changed: a verdict "
                        "of the referee did; its output:\n${output}")
endif()
