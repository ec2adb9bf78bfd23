#!/usr/bin/env bash
# Installs what building and testing animcore needs and is missing; does nothing when all is
# there. Debian packages with apt-get (as root, or through sudo), Python packages with pip.
#   cmake, ninja-build  — the CMake/Ninja build of libanimcore.so
#   libcjson-dev        — JSON for the C conformance tests
#   pkg-config          — the installed-library consumer check
#   the Python binding (editable), pytest and NumPy
set -eu
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}

missing=()
command -v cmake >/dev/null || missing+=(cmake)
command -v ninja >/dev/null || missing+=(ninja-build)
command -v pkg-config >/dev/null || missing+=(pkg-config)
[ -f /usr/include/cjson/cJSON.h ] || missing+=(libcjson-dev)
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# The binding must be installed from this tree (an editable install from another checkout
# does not count); find_spec does not import it, so no library is needed yet.
here_src=$(pwd)/bindings/python/src
if ! "$PYTHON" - "$here_src" >/dev/null 2>&1 <<'PY'
import importlib.util, sys
spec = importlib.util.find_spec("animcore")
ok = spec is not None and (spec.origin or "").startswith(sys.argv[1])
ok = ok and all(importlib.util.find_spec(m) for m in ("pytest", "numpy"))
sys.exit(0 if ok else 1)
PY
then
  echo "setup: installing the Python binding, pytest and NumPy with pip"
  "$PYTHON" -m pip install --quiet --disable-pip-version-check -e bindings/python pytest numpy
fi
