#!/usr/bin/env bash
# Checks that the optimised libanimcore.so copies the whole engine state only where expected.
# A non-mutating method called from a mutating one, or a closure over the state, can make Swift
# copy all of it, in two ways:
#   - the outlined copy ($s8AnimCore11EngineStateVWOc, which retains every reference): thousands
#     of instructions each time (a retarget once cost 700 ns instead of 210 so). No function may
#     call it but making the state and the error path of the batch read (its message), inlined
#     into the engine's batch reads.
#   - a bitwise copy (memcpy of the state's size, the largest the state's initialiser makes):
#     about 100 instructions and a kilobyte of traffic each time (a spring change once made two,
#     when the state was 872 bytes). No function of the per-change path or the tick may make one.
# Exits 77 (skipped) without objdump. Usage: check_state_copies.sh path/to/libanimcore.so
set -u
lib=$1
if ! command -v objdump > /dev/null; then
  echo "skipped: objdump (binutils) is not installed"
  exit 77
fi
copy='$s8AnimCore11EngineStateVWOc'
if [ ! -f "$lib" ]; then
  echo "FAILED: $lib is not a file"
  exit 1
fi
if ! nm "$lib" 2> /dev/null | grep -qF "$copy"; then
  echo "skipped: $lib has no symbol $copy (stripped, or the toolchain names the copy otherwise)"
  exit 77
fi
disassembly=$(objdump -d --no-show-raw-insn "$lib")
failed=0

callers=$(echo "$disassembly" | awk -v copy="<$copy>" '
  /^[0-9a-f]+ <.*>:$/ { function_name = $2 }
  ($0 ~ /(call|jmp) / && index($0, copy) > 0) { print function_name }' | sort -u)
expected='EngineStateVACycfC|EngineC21readPresentationTable|EngineC22readPresentationValues'
unexpected=$(echo "$callers" | grep -v '^$' | grep -vE "$expected" || true)
if [ -n "$unexpected" ]; then
  echo "FAILED: these functions copy the whole engine state (outlined copy):"
  echo "$unexpected" | sed 's/^/  /'
  failed=1
fi

# Bitwise copies: `mov $size,%edx` then a call of memcpy, with the size the initialiser copies.
copies=$(echo "$disassembly" | awk '
  /^[0-9a-f]+ <.*>:$/ { function_name = $2; size = ""; next }
  /mov +\$0x[0-9a-f]+,%edx/ { match($0, /\$0x[0-9a-f]+/); size = substr($0, RSTART + 3, RLENGTH - 3); next }
  size != "" && /call.*<memcpy/ { print size, function_name; size = ""; next }
  /(call|j[a-z]+) / { size = "" }')
# The largest copy the initialiser makes (its other copies are of parts of the state; a
# lexicographic sort of the hex sizes would pick 0x100 before 0x448).
state_size=$(echo "$copies" | awk '$2 ~ /EngineStateVACycfC/ { print $1 }' | sort -u |
  while read -r size; do echo "$((16#$size)) $size"; done | sort -n | tail -1 | cut -d' ' -f2)
if [ -z "$state_size" ]; then
  echo "note: the state's initialiser makes no memcpy of a fixed size here; bitwise copies not checked"
else
  hot='EngineStateV14changeDirectly|startImplicitAnimation|EngineStateV20presentationVelocity|EngineStateV4tick8hostTime|evaluateAnimations|evaluateSteadyLane|EngineStateV3end_4slot|EngineStateV16beginTransaction|EngineStateV17commitTransaction|commitOutermost|registerWithTransaction|joinSteadyLane|EngineStateV6handle|setValuesDirectly|EngineC9setScalar|EngineC8setValue_6forKey|fillTransactionCache|addToOpenTransaction|removeAnimations_4slot|rebuildPresentation|leaveSteadyLane|GeneralWalk|animationStopped|EngineStateV10writeModel|freeKindData|EngineStateV6commityyF|joinsSteadyLaneAtCommit'
  bitwise=$(echo "$copies" | awk -v size="$state_size" '$1 == size { print $2 }' | grep -E "$hot" | sort -u || true)
  if [ -n "$bitwise" ]; then
    echo "FAILED: these functions of the change path or the tick copy the whole engine state (0x$state_size bytes, memcpy):"
    echo "$bitwise" | sed 's/^/  /'
    failed=1
  fi
fi
[ "$failed" = 0 ] || exit 1
echo "ok: the engine state is copied only where expected ($(echo "$callers" | grep -c . || true) functions with the outlined copy: making it, a batch read's error message; ${state_size:+no bitwise copy of its 0x$state_size bytes on the change path or the tick})"
