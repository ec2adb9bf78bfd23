#!/usr/bin/env bash
# Installs animcore into a fresh prefix and builds a C program outside the tree against it,
# once with pkg-config and once with CMake's find_package(animcore), then runs both.
# Usage: check_consumers.sh <animcore build dir> <scratch dir>
set -u
build=$1
scratch=$2
here=$(cd "$(dirname "$0")" && pwd)
failed=0
passed=0
pass() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAILED: $1"; }

rm -rf "$scratch"
prefix=$scratch/prefix
if cmake --install "$build" --prefix "$prefix" >"$scratch.install.log" 2>&1; then pass "cmake --install into $prefix"
else fail "cmake --install: $(tail -5 "$scratch.install.log")"; echo "$passed passed, $failed failed"; exit 1; fi
libdir=$(dirname "$(find "$prefix" -name 'libanimcore.so' | head -1)")
pcdir=$(dirname "$(find "$prefix" -name 'animcore.pc' | head -1)")

# A Release build installs the library stripped, and small (issue 34: 12.9 MB unstripped before;
# the README's Footprint gives the figures).
if grep -q '^CMAKE_BUILD_TYPE:STRING=Release$' "$build/CMakeCache.txt"; then
  installed=$(readlink -f "$libdir/libanimcore.so")
  bytes=$(stat -c %s "$installed")
  if readelf -S "$installed" | grep -q '\.symtab'; then fail "the installed library is not stripped ($bytes bytes)"
  else pass "the installed library is stripped"; fi
  if [ "$bytes" -le 9000000 ]; then pass "the installed library is $bytes bytes (at most 9 MB)"
  else fail "the installed library is $bytes bytes; more than 9 MB"; fi
fi

# pkg-config
mkdir -p "$scratch/pkgconfig"
if PKG_CONFIG_PATH=$pcdir cc -std=c11 -Wall -Werror -o "$scratch/pkgconfig/consumer" \
     "$here/consumer/main.c" $(PKG_CONFIG_PATH=$pcdir pkg-config --cflags --libs animcore) \
     >"$scratch/pkgconfig/build.log" 2>&1; then
  pass "builds with pkg-config --cflags --libs animcore"
  if out=$(LD_LIBRARY_PATH=$libdir "$scratch/pkgconfig/consumer"); then pass "pkg-config consumer runs: $out"
  else fail "pkg-config consumer failed: $out"; fi
else fail "pkg-config build: $(cat "$scratch/pkgconfig/build.log")"; fi

# CMake find_package
if cmake -S "$here/consumer" -B "$scratch/cmake" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
     >"$scratch/cmake.log" 2>&1 && cmake --build "$scratch/cmake" >>"$scratch/cmake.log" 2>&1; then
  pass "builds with find_package(animcore) and animcore::animcore"
  if out=$(LD_LIBRARY_PATH=$libdir "$scratch/cmake/consumer"); then pass "CMake consumer runs: $out"
  else fail "CMake consumer failed: $out"; fi
else fail "CMake build: $(tail -20 "$scratch/cmake.log")"; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
