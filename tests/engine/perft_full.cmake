# Runs arbiter-perft (path in -DPERFT=...) on the six standard positions of the
# chessprogramming wiki's "Perft Results" page and compares the last line of
# output with the published leaf counts; then the other games' deepest counts,
# which are too slow for the sanitizer build's unit tests. Usage:
#   cmake -DPERFT=build/bin/arbiter-perft -P tests/engine/perft_full.cmake
if(NOT PERFT)
    message(FATAL_ERROR "pass -DPERFT=<path to arbiter-perft>")
endif()

set(cases
    "startpos|6|119060324"
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|5|193690690"
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|5|674624"
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1|5|15833292"
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8|5|89941194"
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10|5|164075551"
    "startpos|5|4865609"
)

set(failures 0)
# Runs arbiter-perft with the arguments after `label` and compares its last
# line with `expected`; a difference counts a failure.
function(check_perft label expected)
    execute_process(
        COMMAND "${PERFT}" ${ARGN}
        OUTPUT_VARIABLE output
        ERROR_VARIABLE errors
        RESULT_VARIABLE status)
    string(STRIP "${output}" output)
    string(REGEX REPLACE ".*\n" "" last "${output}")
    if(NOT status EQUAL 0 OR NOT last STREQUAL expected)
        message(SEND_ERROR "${label}: got '${last}' (status ${status} ${errors}), expected ${expected}")
        math(EXPR count "${failures} + 1")
        set(failures ${count} PARENT_SCOPE)
    else()
        message(STATUS "${label} = ${last}")
    endif()
endfunction()

foreach(case IN LISTS cases)
    string(REPLACE "|" ";" fields "${case}")
    list(GET fields 0 fen)
    list(GET fields 1 depth)
    list(GET fields 2 expected)
    check_perft("perft ${depth} of '${fen}'" ${expected} --game fide --fen "${fen}" --depth ${depth})
endforeach()
# Other games, deeper than their unit tests count: GAME|PLAYERS|DEPTH|EXPECTED.
# csipgs's was worked out by hand (docs/perft.md). Martian Chess's were
# measured by this program (the hand-derived depths 1 and 2 are in
# tests/engine/martian_perft_test.cpp); they guard against change. So were
# Konfusion's, once the small positions counted by hand agreed (docs/perft.md).
# Möbiatus's likewise: our own program's, for an independent one to match.
# Colonization's too (two players on the default 8x8: depths 1 to 3 counted by
# hand in docs/perft.md, depth 3 too slow for the sanitizer build's unit tests).
# Cornerport's start, counted by hand to depth 6 (docs/perft.md), deeper as
# our program measured it.
# Sandkings's whole opening turn (up to six steps, every early end a turn of
# its own) as our program measured it; the same for 2, 3 and 4 players, since
# no six steps from one corner reach another creature. Hand counts of small
# positions are in tests/engine/sandkings_perft_test.cpp (docs/perft.md).
set(game_cases
    "csipgs|2|5|15717"
    "martian|2|5|268295"
    "martian|4|4|15127"
    "konfusion|2|4|634067"
    "konfusion|3|4|536763"
    "konfusion|4|4|458250"
    "mobiatus|2|3|84128"
    "mobiatus|2|4|3655744"
    "colonization|2|3|56532"
    "colonization|2|4|783132"
    "colonization|2|5|12867744"
    "cornerport|2|8|465380"
    "cornerport|2|9|3077699"
    "sandkings|2|1|4354553"
    "sandkings|3|1|4354553"
    "sandkings|4|1|4354553"
)
foreach(case IN LISTS game_cases)
    string(REPLACE "|" ";" fields "${case}")
    list(GET fields 0 game)
    list(GET fields 1 players)
    list(GET fields 2 depth)
    list(GET fields 3 expected)
    check_perft("perft ${depth} of ${game} for ${players}" ${expected}
                --game ${game} --players ${players} --depth ${depth})
endforeach()
# Konfusion with the die: from the start even one turn is 565068068 (a roll
# of 6 moves up to six pieces in any order), minutes of counting; so a small
# position, whose depths 1 and 2 were counted by hand.
check_perft("perft 4 of konfusion with the die, two pieces against one" 8784288
            --game konfusion --option die=on --depth 4
            --position "10/10/7N12/10/10/10/10/2S31S15/10/10 S 0,0 ?")
# Möbiatus with mandatory capture: no capture is possible in the first
# three turns, so the same count as without.
check_perft("perft 3 of mobiatus with mandatory capture" 84128
            --game mobiatus --option mandatory-capture=on --depth 3)
# Colonization: six players' first three turns are placements on 24x8, by
# hand 192 x 191 x 190; and the corner of eight colonies (docs/perft.md),
# whose depths 1 and 2 were counted by hand, deeper as our program measured it.
check_perft("perft 3 of colonization for six" 6967680 --game colonization --players 6 --depth 3)
check_perft("perft 2 of colonization for six on 16x8" 16256
            --game colonization --players 6 --size 16x8 --depth 2)
check_perft("perft 5 of colonization, two on 3x3" 52544
            --game colonization --players 2 --size 3x3 --depth 5)
check_perft("perft 4 of colonization, eight colonies in a corner" 20717
            --game colonization --depth 4
            --position "4x4 p,p a 0 3Bb/PaPaPa1/PaPaPa1/BaPaPa1")
check_perft("perft 5 of colonization, eight colonies in a corner" 322460
            --game colonization --depth 5
            --position "4x4 p,p a 0 3Bb/PaPaPa1/PaPaPa1/BaPaPa1")
if(failures GREATER 0)
    message(FATAL_ERROR "${failures} perft count(s) differ from the expected numbers")
endif()
