#!/usr/bin/env python3
"""Checks the doc comments of AnimCore's public API, from its symbol graphs.

Usage: check_doc_comments.py SYMBOL_GRAPH_DIR

Every public declaration written in the sources (synthesized ones aside) needs a doc comment
with a summary; a function, initializer or subscript documents each parameter (`- Parameter
x:` or an entry of `- Parameters:`), a function that returns a value `- Returns:`, and a
declaration that throws `- Throws:`. Every public call of `Engine` and `Layer` names its C
counterpart ("C: `ac_layer_set_value`", or "C: none"). Prints each miss and exits 1 when there
is any.
"""

import json
import pathlib
import re
import sys

FUNCTION_KINDS = {"swift.func", "swift.method", "swift.type.method", "swift.init", "swift.subscript", "swift.func.op"}
RETURNING_KINDS = {"swift.func", "swift.method", "swift.type.method", "swift.func.op"}
C_COUNTERPART_TYPES = {"Engine", "Layer"}
C_COUNTERPART_EXEMPT = {"==(_:_:)", "hash(into:)"}


def documented_parameters(lines):
    """The parameter names a doc comment documents."""
    names = set()
    in_list = False
    for line in lines:
        single = re.match(r"\s*- Parameter (\w+)\s*:", line)
        if single:
            names.add(single.group(1))
            in_list = False
            continue
        if re.match(r"\s*- Parameters\s*:", line):
            in_list = True
            continue
        if in_list:
            entry = re.match(r"\s{2,}- (\w+)\s*:", line)
            if entry:
                names.add(entry.group(1))
            elif re.match(r"\s*- \w", line):
                in_list = False
    return names


def returns_value(symbol):
    returns = symbol.get("functionSignature", {}).get("returns", [])
    text = "".join(fragment["spelling"] for fragment in returns).strip()
    return text not in ("", "()", "Void")


def throws(symbol):
    return any(
        fragment["kind"] == "keyword" and fragment["spelling"] in ("throws", "rethrows")
        for fragment in symbol.get("declarationFragments", []))


def misses(symbol):
    kind = symbol["kind"]["identifier"]
    path = ".".join(symbol["pathComponents"])
    lines = [line["text"] for line in symbol.get("docComment", {}).get("lines", [])]
    text = "\n".join(lines)
    found = []
    if not lines or not lines[0].strip():
        return [f"{path}: no doc comment (summary)"]
    if kind in FUNCTION_KINDS:
        parameters = [p.get("internalName", p["name"]) for p in symbol.get("functionSignature", {}).get("parameters", [])]
        documented = documented_parameters(lines)
        missing = [name for name in parameters if name not in documented]
        if missing:
            found.append(f"{path}: parameters not documented: {', '.join(missing)}")
        if kind in RETURNING_KINDS and returns_value(symbol) and "- Returns:" not in text:
            found.append(f"{path}: no '- Returns:'")
    if throws(symbol) and "- Throws:" not in text:
        found.append(f"{path}: throws, no '- Throws:'")
    owner = symbol["pathComponents"][0]
    if (owner in C_COUNTERPART_TYPES and len(symbol["pathComponents"]) == 2
            and symbol["pathComponents"][1] not in C_COUNTERPART_EXEMPT
            and kind not in ("swift.class", "swift.struct", "swift.enum")
            and not re.search(r"C: (`ac_|none)", text)):
        found.append(f"{path}: names no C counterpart ('C: `ac_...`' or 'C: none')")
    return found


def main():
    directory = pathlib.Path(sys.argv[1])
    problems = []
    checked = 0
    for graph in sorted(directory.glob("AnimCore*.symbols.json")):
        for symbol in json.loads(graph.read_text())["symbols"]:
            uri = symbol.get("location", {}).get("uri", "")
            if "/Sources/AnimCore/" not in uri:
                continue  # synthesized (hashValue, rawValue of enums) or another module's
            checked += 1
            problems.extend(misses(symbol))
    for problem in sorted(problems):
        print(f"doc comment: {problem}")
    print(f"doc comments: {checked} public declarations checked, {len(problems)} misses")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
