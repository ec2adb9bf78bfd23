#!/usr/bin/env python3
"""Proves that the low-level API is out of a client's reach.

Usage: check_hidden.py MODULES_DIR PACKAGE_NAME LIST_FILE WORK_DIR

For each statement of LIST_FILE, a file `import AnimCore` + `func probe(engine: Engine, layer:
Layer) throws { <statement> }` is type-checked against the AnimCore module in MODULES_DIR twice:
with `-package-name PACKAGE_NAME` (as the C shim and the tests are built) it must compile, which
shows the statement names a real declaration; without it (as any client is built) it must
fail. Prints one line per statement and exits 1 when any does not behave so.
"""

import pathlib
import subprocess
import sys


def typecheck(source, modules, package_name):
    command = ["swiftc", "-typecheck", "-swift-version", "6", "-I", str(modules), str(source)]
    if package_name:
        command += ["-package-name", package_name]
    result = subprocess.run(command, capture_output=True, text=True)
    return result.returncode == 0, (result.stderr or result.stdout).strip()


def main():
    modules, package_name, listing, work = pathlib.Path(sys.argv[1]), sys.argv[2], pathlib.Path(sys.argv[3]), pathlib.Path(sys.argv[4])
    work.mkdir(parents=True, exist_ok=True)
    statements = [line.strip() for line in listing.read_text().splitlines() if line.strip() and not line.startswith("#")]
    failures = 0
    for number, statement in enumerate(statements, 1):
        source = work / f"hidden_{number:02d}.swift"
        source.write_text(f"import AnimCore\n\nfunc probe(engine: Engine, layer: Layer) throws {{\n    {statement}\n}}\n")
        inside, inside_errors = typecheck(source, modules, package_name)
        outside, outside_errors = typecheck(source, modules, None)
        first_error = next((line for line in outside_errors.splitlines() if "error:" in line), "")
        if inside and not outside:
            print(f"hidden: ok       {statement}\n                  ({first_error.split('error: ', 1)[-1]})")
        else:
            failures += 1
            if not inside:
                print(f"hidden: BROKEN   {statement}\n   does not compile inside the package either:\n{inside_errors}")
            else:
                print(f"hidden: VISIBLE  {statement}\n   a client outside the package can compile it")
    print(f"hidden API: {len(statements) - failures} of {len(statements)} statements out of a client's reach")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
