#!/usr/bin/env bash
# Checks that no function of the optimised libanimcore.so copies the whole engine state (the
# outlined copy of EngineState, $s8AnimCore11EngineStateVWOc) but where a copy is expected:
# making the state, and the error path of the batch read (its message). A non-mutating method
# called from a mutating one, or a closure over the state, can make Swift copy all of it:
# thousands of instructions each time (a retarget once cost 700 ns instead of 210 so).
# Exits 77 (skipped) without objdump. Usage: check_state_copies.sh path/to/libanimcore.so
set -u
lib=$1
if ! command -v objdump > /dev/null; then
  echo "skipped: objdump (binutils) is not installed"
  exit 77
fi
copy='$s8AnimCore11EngineStateVWOc'
if ! nm "$lib" 2> /dev/null | grep -qF "$copy"; then
  echo "skipped: $lib has no symbol $copy (stripped, or the toolchain names the copy otherwise)"
  exit 77
fi
callers=$(objdump -d --no-show-raw-insn "$lib" | awk -v copy="<$copy>" '
  /^[0-9a-f]+ <.*>:$/ { function_name = $2 }
  ($0 ~ /(call|jmp) / && index($0, copy) > 0) { print function_name }' | sort -u)
expected='EngineStateVACycfC|EngineStateV22readPresentationValues'
unexpected=$(echo "$callers" | grep -v '^$' | grep -vE "$expected" || true)
if [ -n "$unexpected" ]; then
  echo "FAILED: these functions copy the whole engine state:"
  echo "$unexpected" | sed 's/^/  /'
  exit 1
fi
echo "ok: the engine state is copied only where expected ($(echo "$callers" | grep -c . || true) functions: making it, a batch read's error message)"
