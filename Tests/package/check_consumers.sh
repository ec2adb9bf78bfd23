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
