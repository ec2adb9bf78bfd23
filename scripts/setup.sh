#!/usr/bin/env bash
# Installs what building and testing animcore needs and is missing; a second run finds it all
# there and does nothing. Run by every make target (make setup), or by hand:
#   bash scripts/setup.sh                              # .venv made from python3
#   PYTHON=/usr/bin/python3 bash scripts/setup.sh      # .venv made from Debian's python3
#   bash scripts/setup.sh --with-qt                    # also Qt 6 Core (make bench-peers)
#   bash scripts/setup.sh --with-valgrind              # also valgrind (make bench-instructions)
#
# - The Swift 6 toolchain (swiftc on PATH) cannot be installed from here: without it the script
#   stops and says where to get it.
# - Debian packages, with apt-get (as root, or through sudo), when missing:
#     cmake, ninja-build   the CMake/Ninja build of libanimcore.so (and a C compiler: gcc)
#     libcjson-dev         JSON for the C conformance tests
#     pkg-config           the installed-library consumer check; pycairo's build finds cairo
#     libcairo2-dev        the C demo draws with Cairo; pycairo builds against it
#     pythonX.Y-dev        Python.h for pycairo's build, when $PYTHON is Debian's and lacks it
#     pythonX.Y-venv       when `$PYTHON -m venv` fails (Debian splits venv/ensurepip out)
#     libsdl2-dev          the live host (examples/live): an SDL2 window drawn with Cairo
#     xvfb                 a display server without a screen, for the live host's test
#     xdotool              the live test's pointer: moves, presses and releases through X
#     x11-apps             xwd, the live test's screenshot of the window
#                          (these four are optional: without apt-get, or as a user without
#                          sudo, the script says what is missing and goes on; the live host
#                          is then not built, or its test is skipped with the reason)
#     qt6-base-dev, g++    with --with-qt only: Qt 6 Core and a C++ compiler for the Qt
#                          comparison, benchmarks/peers/bench_qt (make bench-peers)
#     valgrind             with --with-valgrind only: callgrind, which counts the timing
#                          matrix's instructions (benchmarks/count_instructions.py)
# - A project virtual environment, .venv (ignored by git), made from $PYTHON (default python3),
#   holding the binding (this checkout's bindings/python/src on its sys.path, no Swift build;
#   the library is found as <repo>/build/libanimcore.so or $ANIMCORE_LIBRARY), pytest, NumPy,
#   pycairo, matplotlib, scikit-build-core (the wheel's build backend) and mypy. Nothing goes
#   into the system's or the user's Python, so Debian's externally-managed python3 works. The
#   Makefile runs pytest, the demo and the examples with .venv/bin/python. A working .venv is
#   kept, except when PYTHON is set and names another interpreter than the one .venv was made
#   from: then .venv is made again from it.
set -eu
cd "$(dirname "$0")/.."
python_asked=${PYTHON:+yes}
PYTHON=${PYTHON:-python3}
VENV=.venv
PIP_PACKAGES=(pytest numpy pycairo matplotlib scikit-build-core mypy)
# The modules those packages provide, checked to decide whether pip has anything to do.
MODULES=(pytest numpy cairo matplotlib scikit_build_core mypy)

say() { echo "setup: $*"; }

with_qt=""
with_valgrind=""
for option in "$@"; do
  case "$option" in
    --with-qt) with_qt=yes ;;
    --with-valgrind) with_valgrind=yes ;;
    *) say "unknown option $option (known: --with-qt, --with-valgrind)" >&2; exit 2 ;;
  esac
done

# Swift first: everything else is wasted without it, and CMake's own message
# ("No CMAKE_Swift_COMPILER could be found") does not say what to install.
if ! command -v swiftc >/dev/null; then
  say "Swift 6 toolchain not found (no swiftc on PATH): install it from" >&2
  say "https://www.swift.org/install/ and put its usr/bin on PATH, e.g." >&2
  say "  export PATH=/opt/swift/usr/bin:\$PATH   (where the toolchain was unpacked)" >&2
  exit 1
fi
swift_major=$(swiftc --version 2>&1 | sed -n 's/.*Swift version \([0-9][0-9]*\)\..*/\1/p' | head -n1)
if [ -n "$swift_major" ] && [ "$swift_major" -lt 6 ]; then
  say "Swift 6 toolchain needed, found $(command -v swiftc) (Swift $swift_major): install" >&2
  say "Swift 6 from https://www.swift.org/install/ and put its usr/bin first on PATH" >&2
  exit 1
fi

if ! command -v "$PYTHON" >/dev/null; then
  say "no $PYTHON: install python3 (apt-get install python3) or set PYTHON=" >&2
  exit 1
fi
py_version=$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')

apt_install() {
  if ! command -v apt-get >/dev/null; then
    say "please install: $* (no apt-get here; use your system's package manager)" >&2
    exit 1
  fi
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null; then
      say "please install, as root: apt-get install $*" >&2
      exit 1
    fi
    sudo=sudo
  fi
  say "installing Debian packages: $*"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

# The Debian package for a Python version's part (venv, dev): python3.11-venv when it exists,
# else the python3-* one.
py_package() {
  if apt-cache show "python$py_version-$1" >/dev/null 2>&1; then
    echo "python$py_version-$1"
  else
    echo "python3-$1"
  fi
}

missing=()
command -v cmake >/dev/null || missing+=(cmake)
command -v ninja >/dev/null || missing+=(ninja-build)
command -v pkg-config >/dev/null || missing+=(pkg-config)
command -v cc >/dev/null || missing+=(gcc libc6-dev)
[ -f /usr/include/cjson/cJSON.h ] || missing+=(libcjson-dev)
[ -f /usr/include/cairo/cairo.h ] || missing+=(libcairo2-dev)
# The live host and its test (examples/live): optional, so only asked of apt-get when it can run.
live_missing=()
[ -f /usr/include/SDL2/SDL.h ] || live_missing+=(libsdl2-dev)
command -v Xvfb >/dev/null || live_missing+=(xvfb)
command -v xdotool >/dev/null || live_missing+=(xdotool)
command -v xwd >/dev/null || live_missing+=(x11-apps)
if [ ${#live_missing[@]} -gt 0 ]; then
  if command -v apt-get >/dev/null && { [ "$(id -u)" -eq 0 ] || command -v sudo >/dev/null; }; then
    missing+=("${live_missing[@]}")
  else
    say "not installed (no apt-get, or not root and no sudo): ${live_missing[*]};" >&2
    say "the live host (examples/live) is then not built, or its test skipped" >&2
  fi
fi
# Qt 6 Core as CMake's find_package(Qt6) finds it (Debian puts it under the multiarch lib dir).
qt_installed() {
  local config
  for config in /usr/lib/*/cmake/Qt6Core/Qt6CoreConfig.cmake /usr/lib/cmake/Qt6Core/Qt6CoreConfig.cmake; do
    [ -f "$config" ] && return 0
  done
  return 1
}
if [ -n "$with_qt" ]; then
  qt_installed || missing+=(qt6-base-dev)
  command -v c++ >/dev/null || missing+=(g++)
fi
if [ -n "$with_valgrind" ]; then
  command -v valgrind >/dev/null || missing+=(valgrind)
fi
# pycairo compiles a C extension for the venv's Python: Debian's python3 needs its headers.
if ! "$PYTHON" -c 'import os, sys, sysconfig
sys.exit(not os.path.isfile(os.path.join(sysconfig.get_paths()["include"], "Python.h")))'; then
  case "$(command -v "$PYTHON")" in
    /usr/bin/*) missing+=("$(py_package dev)") ;;
    *) say "warning: $PYTHON has no Python.h; pycairo may not build" >&2 ;;
  esac
fi
if [ ${#missing[@]} -gt 0 ]; then
  apt_install "${missing[@]}"
fi

# The project virtual environment, made from $PYTHON (again when it is broken -- a moved
# checkout, a removed interpreter -- or PYTHON asks for another interpreter than its own).
base_of() {  # the real interpreter behind a python command
  "$1" -c 'import os, sys; print(os.path.realpath(getattr(sys, "_base_executable", "") or sys.executable))' 2>/dev/null
}
if [ -e "$VENV" ]; then
  if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import pip' >/dev/null 2>&1; then
    say "$VENV is incomplete or broken: making it again"
    rm -rf "$VENV"
  elif [ -n "$python_asked" ] && [ "$(base_of "$VENV/bin/python")" != "$(base_of "$PYTHON")" ]; then
    say "$VENV was made from $(base_of "$VENV/bin/python"), not $PYTHON: making it again"
    rm -rf "$VENV"
  fi
fi
if [ ! -e "$VENV" ]; then
  say "making the project virtual environment $VENV from $PYTHON (Python $py_version)"
  if ! "$PYTHON" -m venv "$VENV" >/dev/null 2>&1; then
    # Debian's python3 without python3-venv: venv fails (no ensurepip) and leaves a stub.
    rm -rf "$VENV"
    apt_install "$(py_package venv)"
    "$PYTHON" -m venv "$VENV"
  fi
fi

# The tools: pip only when one is missing.
if ! "$VENV/bin/python" - "${MODULES[@]}" >/dev/null 2>&1 <<'PY'
import importlib.util, sys
sys.exit(0 if all(importlib.util.find_spec(module) for module in sys.argv[1:]) else 1)
PY
then
  say "installing into $VENV: ${PIP_PACKAGES[*]}"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "${PIP_PACKAGES[@]}"
fi

# The binding: this checkout's sources, as a path entry in a .pth file (what PYTHONPATH does,
# for every run of .venv/bin/python). Not `pip install -e`: scikit-build-core's editable
# install adds an import hook that comes before PYTHONPATH, and the loading tests import
# copies of the package through PYTHONPATH. A .pth naming another checkout is replaced. (A
# wheel installed into .venv by hand comes first on the path; the Makefile's PYTHONPATH still
# tests the sources.)
here_src=$(pwd)/bindings/python/src
site=$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
if [ -e "$site/_editable_skbc_animcore.pth" ]; then
  say "removing the editable animcore install from $VENV (its import hook hides PYTHONPATH)"
  "$VENV/bin/python" -m pip uninstall --quiet --yes --disable-pip-version-check animcore
fi
if [ "$(cat "$site/animcore-source.pth" 2>/dev/null)" != "$here_src" ]; then
  say "adding the binding to $VENV: $here_src (in $site/animcore-source.pth)"
  echo "$here_src" >"$site/animcore-source.pth"
fi
