#!/usr/bin/env bash
# make sanitize (see README.md):
#   asan  the whole C harness (every CTest c_* test) against an AddressSanitizer +
#         UndefinedBehaviorSanitizer build in build-asan/, LeakSanitizer on;
#   tsan  the thread stress under ThreadSanitizer, in build-tsan/.
#   bash Tests/stress/run_sanitize.sh asan tsan
# Each prints a closing line; the exit status is non-zero when anything failed.
set -u
cd "$(dirname "$0")/../.."

swift_bin=$(dirname "$(command -v swiftc)")
sanitizer_cc=${SANITIZER_CC:-$swift_bin/clang}
jobs=${SANITIZE_JOBS:-2}
# The Swift runtime's crash handler trips ASan after an abort.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1:detect_stack_use_after_return=1:strict_string_checks=1:check_initialization_order=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}

configure() { # build-dir sanitizers
  cmake -S . -B "$1" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$sanitizer_cc" \
    "-DANIMCORE_SANITIZE=$2" >"$1.configure.log" 2>&1 || { cat "$1.configure.log"; return 1; }
  rm -f "$1.configure.log"
}

status=0
for what in "$@"; do
  case "$what" in
  asan)
    started=$(date +%s)
    if configure build-asan "address;undefined" && cmake --build build-asan; then
      built=$(date +%s)
      log=build-asan/ctest.log
      ctest --test-dir build-asan -R '^c_' --output-on-failure -j "$jobs" 2>&1 | tee "$log"
      result=${PIPESTATUS[0]}
      summary=$(grep -E 'tests passed' "$log" | tail -1)
      if [ "$result" -eq 0 ]; then
        echo "sanitize (ASan+UBSan+LSan, build-asan/): ${summary:-?} (build $((built - started)) s, run $(($(date +%s) - built)) s)"
      else
        echo "sanitize (ASan+UBSan+LSan, build-asan/): FAILED: ${summary:-see above}"
        status=1
      fi
    else
      echo "sanitize (ASan+UBSan+LSan): FAILED to build build-asan/"
      status=1
    fi
    ;;
  tsan)
    started=$(date +%s)
    if configure build-tsan thread && cmake --build build-tsan --target thread_stress; then
      built=$(date +%s)
      if build-tsan/Tests/stress/thread_stress ${TSAN_STRESS_ARGS:-5000 8}; then
        echo "sanitize (TSan, build-tsan/): thread_stress clean (build $((built - started)) s, run $(($(date +%s) - built)) s)"
      else
        echo "sanitize (TSan, build-tsan/): FAILED: thread_stress (a data race or a count mismatch above)"
        status=1
      fi
    else
      echo "sanitize (TSan): FAILED to build build-tsan/"
      status=1
    fi
    ;;
  *)
    echo "run_sanitize.sh: unknown part '$what' (asan, tsan)"
    status=1
    ;;
  esac
done
exit $status
