#!/usr/bin/env bash
# make fuzz: builds fuzz_api against an AddressSanitizer + UndefinedBehaviorSanitizer library
# instrumented for coverage (build-fuzz/), runs it for FUZZ_SECONDS (default 60) from the
# working corpus build-fuzz/corpus (new entries go there) and the seeds in Tests/fuzz/corpus
# (read only), and prints executions, coverage, corpus size and findings. Exits non-zero on a
# crash (an oracle violation, a sanitizer report, a leak, a timeout); the input is in
# build-fuzz/artifacts/ (README.md says how to replay and minimise it).
#
#   FUZZ_SECONDS=1800 bash Tests/fuzz/run_fuzz.sh      (or make fuzz FUZZ_SECONDS=1800)
#   FUZZ_ARGS="-only_ascii=1" ...                     extra libFuzzer options
set -u
cd "$(dirname "$0")/../.."

seconds=${FUZZ_SECONDS:-60}
build=${FUZZ_BUILD:-build-fuzz}
swift_bin=$(dirname "$(command -v swiftc)")
sanitizer_cc=${SANITIZER_CC:-$swift_bin/clang}

started=$(date +%s)
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$sanitizer_cc" \
  "-DANIMCORE_SANITIZE=address;undefined;fuzzer" >"$build.configure.log" 2>&1 \
  || { cat "$build.configure.log"; echo "fuzz: FAILED to configure $build"; exit 1; }
rm -f "$build.configure.log"
cmake --build "$build" --target fuzz_api || { echo "fuzz: FAILED to build $build"; exit 1; }
built=$(date +%s)

mkdir -p "$build/corpus" "$build/artifacts"
log="$build/fuzz.log"
echo "fuzz: running $build/Tests/fuzz/fuzz_api for ${seconds} s (log: $log)"
# FUZZ_API_STATS: the harness prints its totals (API calls, callbacks, ...) at exit.
SWIFT_BACKTRACE=enable=no \
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1} \
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
FUZZ_API_STATS=1 \
  "$build/Tests/fuzz/fuzz_api" -max_total_time="$seconds" -max_len=2048 -timeout=30 \
  -rss_limit_mb=2560 -print_final_stats=1 -artifact_prefix="$build/artifacts/" ${FUZZ_ARGS:-} \
  "$build/corpus" Tests/fuzz/corpus >"$log" 2>&1
status=$?
finished=$(date +%s)

executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
last=$(grep -E '^#[0-9]+[[:space:]]+(INITED|NEW|REDUCE|pulse|DONE)' "$log" | tail -1)
cov=$(echo "$last" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
corpus=$(echo "$last" | sed -n 's/.* corp: \([0-9]*\/[0-9]*[a-zA-Z]*\).*/\1/p')
findings=$(grep -c 'Test unit written to' "$log")
harness=$(grep '^fuzz_api: ' "$log" | tail -1)

[ -n "$harness" ] && echo "$harness"
if [ "$status" -ne 0 ]; then
  echo "---- the report (from $log) ----"
  grep -E 'ORACLE VIOLATION|ERROR: |SUMMARY: |^    #[0-9]+ |Test unit written|^Base64' "$log" | grep -v ' in fuzzer::' | head -60
  echo "fuzz: FAILED after $((finished - built)) s: ${executions:-?} executions, cov ${cov:-?}, ft ${ft:-?}," \
       "corpus ${corpus:-?}, ${findings} finding(s) in $build/artifacts/ (build $((built - started)) s)"
  exit 1
fi
echo "fuzz: ${seconds} s, ${executions:-?} executions (${rate:-?}/s), cov ${cov:-?}, ft ${ft:-?}," \
     "corpus ${corpus:-?} ($build/corpus), ${findings} findings (build $((built - started)) s)"
