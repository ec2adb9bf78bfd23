#!/usr/bin/env bash
# The Swift documentation check (make check-swift-docs, part of make test):
#   1. the ```swift blocks of README.md and of the DocC catalog's pages are built as programs of
#      a package outside this one (make_client.py; it depends on the AnimCore product by path,
#      as a user's package would) and run; each must exit 0;
#   2. the low-level API is out of that client's reach (check_hidden.py, hidden-api.txt);
#   3. every public declaration has its doc comment (check_doc_comments.py, on symbol graphs);
#   4. the DocC catalog Sources/AnimCore/AnimCore.docc builds with the toolchain's docc,
#      warnings as errors, into $OUT/AnimCore.doccarchive.
# Everything lands in $SWIFT_DOCS_BUILD (default build-swift-docs/); a second run rebuilds only
# what changed. Arguments, when given, replace the documents of step 1 (default: README.md and
# the catalog's pages). Needs the Swift toolchain (swift, swiftc, swift-symbolgraph-extract, docc) and
# python3; no network.
set -eu
cd "$(dirname "$0")/../.."
ROOT=$PWD
OUT=$ROOT/${SWIFT_DOCS_BUILD:-build-swift-docs}
HERE=$ROOT/Tests/swift-snippets
mkdir -p "$OUT"
status=0

echo "== Swift documentation: code blocks built and run outside the package"
if [ $# -gt 0 ]; then documents=("$@"); else documents=(README.md Sources/AnimCore/AnimCore.docc/*.md); fi
python3 "$HERE/make_client.py" "$OUT/doc-snippets-client" "$ROOT" "${documents[@]}"
build_client() { swift build --package-path "$OUT/doc-snippets-client" --scratch-path "$OUT/.build" >"$OUT/build.log" 2>&1; }
# SwiftPM keeps the dependency's file list in the client's build description: a source file of
# the package added or removed since the last run fails that build ("missing inputs", "cannot find
# ..."). A failure over a cache of an earlier run builds once more, afresh.
built=0
cached=0
[ -d "$OUT/.build" ] && cached=1
build_client && built=1
if [ $built = 0 ] && [ $cached = 1 ]; then
  echo "swift docs: the build over the last run's cache failed; building afresh"
  rm -rf "$OUT/.build"
  build_client && built=1
fi
if [ $built = 0 ]; then
  grep -E "error|warning" "$OUT/build.log" | head -40 >&2
  echo "swift docs: the documents' Swift code does not build (full log: $OUT/build.log)" >&2
  exit 1
fi
# Warnings in the documents' code fail the check too (the package's own are the build's).
for document in "${documents[@]}"; do
  grep -E "warning:" "$OUT/build.log" | grep -F "$(cd "$(dirname "$document")" && pwd)/$(basename "$document")" && status=1
done
BIN=$(swift build --package-path "$OUT/doc-snippets-client" --scratch-path "$OUT/.build" --show-bin-path)
while read -r target; do
  [ -n "$target" ] || continue
  if timeout 120 "$BIN/$target" >"$OUT/$target.out" 2>&1; then
    echo "swift docs: $target ran (exit 0, $(wc -l <"$OUT/$target.out") lines of output)"
  else
    echo "swift docs: $target FAILED (exit $?); its output:" >&2
    tail -20 "$OUT/$target.out" >&2
    status=1
  fi
done <"$OUT/doc-snippets-client/targets.txt"

echo "== Swift documentation: the low-level API is out of a client's reach"
# The package name SwiftPM built AnimCore with (a path dependency's is its directory's name).
PACKAGE_NAME=$(grep -F '"-module-name","AnimCore"' "$OUT/.build/debug.yaml" | grep -o '"-package-name","[^"]*"' \
  | head -n1 | cut -d'"' -f4)
[ -n "$PACKAGE_NAME" ] || { echo "hidden API: no -package-name for AnimCore in $OUT/.build/debug.yaml" >&2; exit 1; }
python3 "$HERE/check_hidden.py" "$BIN/Modules" "$PACKAGE_NAME" "$HERE/hidden-api.txt" "$OUT/hidden" || status=1

echo "== Swift documentation: doc comments of the public API"
rm -rf "$OUT/symbol-graphs" && mkdir -p "$OUT/symbol-graphs"
swift-symbolgraph-extract -module-name AnimCore -I "$BIN/Modules" -target "$(uname -m)-unknown-linux-gnu" \
  -minimum-access-level public -output-dir "$OUT/symbol-graphs"
python3 "$HERE/check_doc_comments.py" "$OUT/symbol-graphs" || status=1

echo "== Swift documentation: the DocC catalog"
rm -rf "$OUT/AnimCore.doccarchive"
if docc convert Sources/AnimCore/AnimCore.docc --additional-symbol-graph-dir "$OUT/symbol-graphs" \
     --output-path "$OUT/AnimCore.doccarchive" --fallback-display-name AnimCore \
     --fallback-bundle-identifier org.animcore.AnimCore --warnings-as-errors >"$OUT/docc.log" 2>&1; then
  echo "docc: AnimCore.docc built without warnings ($OUT/AnimCore.doccarchive)"
else
  cat "$OUT/docc.log" >&2
  echo "docc: the catalog has warnings or errors" >&2
  status=1
fi
exit $status
