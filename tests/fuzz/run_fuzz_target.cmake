# A short run of one fuzz target for ctest: cmake -DTARGET=... -DCORPUS=...
# -DSCRATCH=... -DRUNS=... -P run_fuzz_target.cmake. The target starts from its
# seeds (CORPUS, read only) and keeps what it finds in SCRATCH, emptied first so
# that each run starts alike; a crashing input lands in SCRATCH too, its path
# in the output.
file(REMOVE_RECURSE ${SCRATCH})
file(MAKE_DIRECTORY ${SCRATCH}/corpus)
execute_process(
    COMMAND ${TARGET} -runs=${RUNS} -seed=1 -timeout=25 -rss_limit_mb=2560
            -artifact_prefix=${SCRATCH}/ ${SCRATCH}/corpus ${CORPUS}
    RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "${TARGET} failed (${status}); the input that failed is in ${SCRATCH}; "
                        "run it again with ${TARGET} FILE")
endif()
