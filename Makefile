# animcore — the two commands a new machine needs:
#   make demo   set up, build, and draw every seed (C + Cairo, Python + pycairo) into demo/:
#               frame strips, GIFs, plots, a WAV; open demo/index.html
#               (make examples runs every seed's example in C and in Python)
#   make test   set up, build, and run every suite: CTest (C harness, library checks),
#               swift test (Swift Testing), pytest (Python binding)
# Set-up (scripts/setup.sh) installs whatever is missing: cmake, ninja-build, pkg-config,
# libcjson-dev and libcairo2-dev with apt-get, and a project virtual environment .venv with the
# binding (bindings/python/src on its path), pytest, NumPy, pycairo, matplotlib,
# scikit-build-core and mypy, made from python3 or from $PYTHON (make demo
# PYTHON=/usr/bin/python3); every Python run uses .venv/bin/python.

BUILD ?= build
# Every Python run uses the project's virtual environment (scripts/setup.sh makes it).
VENV_PYTHON := $(CURDIR)/.venv/bin/python
CONFIG ?= Release
export ANIMCORE_LIBRARY := $(abspath $(BUILD))/libanimcore.so

.PHONY: all setup build test test-c test-swift test-python demo examples bench clean

all: build

setup:
	@bash scripts/setup.sh

build: setup
	@cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=$(CONFIG) >/dev/null
	@cmake --build $(BUILD)

test: build
	@status=0; \
	$(MAKE) --no-print-directory test-c || status=1; \
	$(MAKE) --no-print-directory test-swift || status=1; \
	$(MAKE) --no-print-directory test-python || status=1; \
	exit $$status

test-c:
	ctest --test-dir $(BUILD) --output-on-failure

test-swift:
	swift test

test-python:
	cd bindings/python && PYTHONPATH=$(abspath bindings/python/src) $(VENV_PYTHON) -m pytest -q -rs

demo: build
	@PYTHONPATH=$(abspath bindings/python/src) $(VENV_PYTHON) examples/demo/python/make_demo.py --out demo --c-hosts $(BUILD)/examples

# Every seed's example, in C and in Python.
examples: build
	@for example in seed000_clock seed001_progress seed002_arrow seed003_timing seed003_path seed004_circle; do \
		echo "== $$example (C)"; $(BUILD)/examples/$$example || exit 1; \
		echo "== $$example (Python)"; $(VENV_PYTHON) examples/python/$$example.py || exit 1; \
	done

bench: build
	@$(BUILD)/benchmarks/bench_timing
	@$(VENV_PYTHON) benchmarks/bench_timing.py

clean:
	rm -rf $(BUILD) .build demo build-wheel
