#!/usr/bin/env python3
"""The C and Python examples of the READMEs, run as a new user would copy them (issue 34).

Usage: check_examples.py BUILD_DIR PYTHON

README.md: its ```c block holding `main` is one program; its other ```c blocks, in order, are
the body of a second one (they share `engine`, `layer` and `opacity`), compiled with
`#include <animcore.h>` and `<stdio.h>` against BUILD_DIR/libanimcore.so; its ```python blocks,
in order, are one script. bindings/python/README.md: its first ```python block is a script;
each later block that imports animcore is a script of its own, which checks itself with
asserts (a block without the import illustrates, with names of the reader's own). Each program
must exit 0 and write nothing to stderr; the first ones must print motion: at least two
different lines holding a number (an example that shows a value that never moves prints the
same line again and again).
Exits 1 when one fails, naming it and showing its output.
"""

import os
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
NUMBER = re.compile(r"[-+]?\d+(\.\d+)?")


def blocks(path, language):
    """The code of each ```language block of the document, in order."""
    return re.findall(r"^```" + language + r"\n(.*?)^```", path.read_text(encoding="utf-8"), re.S | re.M)


def programs(build):
    """(name, language, source, prints_motion) of each example program."""
    c_blocks = blocks(ROOT / "README.md", "c")
    whole = [code for code in c_blocks if re.search(r"\bint main\(", code)]
    parts = [code for code in c_blocks if code not in whole]
    body = "".join("    " + line + "\n" for code in parts for line in code.splitlines())
    fragments = "#include <animcore.h>\n#include <stdio.h>\n\nint main(void) {\n" + body + "    return 0;\n}\n"
    found = [(f"README.md C program {index + 1}", "c", code, True) for index, code in enumerate(whole)]
    found.append(("README.md C fragments, in order", "c", fragments, True))
    found.append(("README.md Python blocks, in order", "python", "".join(blocks(ROOT / "README.md", "python")), True))
    binding = blocks(ROOT / "bindings" / "python" / "README.md", "python")
    found.append(("bindings/python/README.md first Python block", "python", binding[0], True))
    for index, code in enumerate(binding[1:], start=2):
        if re.search(r"^(import animcore|from animcore import)", code, re.M):
            found.append((f"bindings/python/README.md Python block {index}", "python", code, False))
    return found


def run(name, language, code, build, python, scratch):
    """The program's output, or None (having said why) when it fails."""
    stem = re.sub(r"\W+", "_", name)
    if language == "c":
        source = scratch / f"{stem}.c"
        source.write_text(code)
        binary = scratch / stem
        compile_ = subprocess.run(
            ["cc", "-std=c11", "-Wall", "-Werror", "-I", str(ROOT / "include"), str(source), "-o", str(binary),
             "-L", str(build), "-lanimcore", "-lm", f"-Wl,-rpath,{build}"],
            capture_output=True, text=True)
        if compile_.returncode != 0:
            print(f"FAILED: {name} does not compile:\n{compile_.stderr}")
            return None
        command = [str(binary)]
    else:
        source = scratch / f"{stem}.py"
        source.write_text(code)
        command = [python, str(source)]
    env = dict(os.environ, PYTHONPATH=str(ROOT / "bindings" / "python" / "src"),
               ANIMCORE_LIBRARY=str(build / "libanimcore.so"))
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, env=env)
    if done.returncode != 0 or done.stderr:
        print(f"FAILED: {name} exits {done.returncode}; stderr:\n{done.stderr[-2000:]}")
        return None
    return done.stdout


def main():
    build = pathlib.Path(sys.argv[1]).resolve()
    python = sys.argv[2]
    failed = 0
    with tempfile.TemporaryDirectory() as directory:
        for name, language, code, prints_motion in programs(build):
            out = run(name, language, code, build, python, pathlib.Path(directory))
            if out is None:
                failed += 1
                continue
            moving = {line for line in out.splitlines() if NUMBER.search(line)}
            if not prints_motion:
                print(f"ok: {name} (its asserts held)")
            elif len(moving) < 2:
                failed += 1
                print(f"FAILED: {name} prints no motion (fewer than two different lines with a number):\n{out[-1000:]}")
            else:
                print(f"ok: {name} ({len(out.splitlines())} lines, {len(moving)} different with a number)")
    print(f"{failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
