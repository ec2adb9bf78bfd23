#!/usr/bin/env bash
# Checks the built libanimcore.so as a C user's program sees it: it exports only ac_* symbols,
# needs only libc, libm, libstdc++ and libgcc_s (no Swift runtime library), names no toolchain
# path, carries an SONAME, and links nothing of Swift's Regex library. Usage: check_library.sh path/to/libanimcore.so
set -u
lib=$1
failed=0
passed=0
pass() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAILED: $1"; }

exported=$(nm -D --defined-only "$lib" | awk '{print $3}' | sed 's/@.*//' | sort -u)
others=$(echo "$exported" | grep -v '^ac_' | grep -v '^$' || true)
count=$(echo "$exported" | grep -c '^ac_' || true)
if [ -z "$others" ] && [ "$count" -gt 0 ]; then pass "exports only ac_* ($count symbols)"
else fail "exports other symbols: $(echo "$others" | head -5 | tr '\n' ' ')"; fi

# Every function the header declares is exported.
header=$(dirname "$0")/../../include/animcore.h
missing=""
for name in $(grep -oE '\bac_[a-z0-9_]+\(' "$header" | tr -d '(' | sort -u); do
  grep -qE "static inline [^(]*\\b$name\\(" "$header" && continue
  echo "$exported" | grep -qx "$name" || missing="$missing $name"
done
if [ -z "$missing" ]; then pass "exports every function the header declares"
else fail "header functions not exported:$missing"; fi

needed=$(readelf -d "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
unexpected=$(echo "$needed" | grep -vE '^(libc|libm|libstdc\+\+|libgcc_s|ld-linux-x86-64|ld-linux-aarch64)\.so' || true)
if [ -z "$unexpected" ]; then pass "needs only $(echo $needed)"
else fail "needs unexpected libraries: $(echo $unexpected)"; fi

if readelf -d "$lib" | grep -qE '(RPATH|RUNPATH)'; then
  fail "has an RPATH/RUNPATH: $(readelf -d "$lib" | grep -E '(RPATH|RUNPATH)')"
else pass "has no RPATH/RUNPATH"; fi

if ldd "$lib" | grep -qiE 'swift|/opt/'; then fail "ldd shows a Swift or toolchain library: $(ldd "$lib" | grep -iE 'swift|/opt/')"
else pass "ldd shows no Swift runtime library and no toolchain path"; fi

if strings "$lib" | grep -q '/opt/swift/usr/lib/swift/linux'; then fail "the toolchain's library path is embedded"
else pass "no toolchain library path embedded"; fi

# Size (issue 34): nothing of Swift's Regex library, which animcore does not use (1.3 MB when the
# implicit import of _StringProcessing linked it in). Read from the symbol table, so on the
# build tree's unstripped library.
if readelf -S "$lib" | grep -q '\.symtab'; then
  regex=$(nm "$lib" | grep -cE '(17_StringProcessing|12_RegexParser)' || true)
  if [ "$regex" -eq 0 ]; then pass "links nothing of Swift's Regex library"
  else fail "links Swift's Regex library ($regex symbols of _StringProcessing / _RegexParser)"; fi
fi

soname=$(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
if [ -n "$soname" ]; then pass "SONAME $soname"; else fail "no SONAME"; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
