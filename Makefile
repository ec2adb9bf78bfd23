# animcore — the two commands a new machine needs:
#   make demo   set up, build, and draw every seed (C + Cairo, Python + pycairo) into demo/:
#               frame strips, GIFs, plots, a WAV; open demo/index.html
#               (make examples runs every seed's example in C and in Python)
#   make test   set up, build, and run every suite: CTest (C harness, library checks),
#               swift test (Swift Testing), the Swift documentation (make check-swift-docs),
#               the READMEs' C and Python examples run as copied (make check-examples),
#               pytest (Python binding), then the C harness under ASan+UBSan
#               (make sanitize-asan) and a 30 s fuzz (make fuzz)
# make live: the live host in a real window (examples/live: SDL2; press, drag, throw, tap); its
# test (CTest live_window, in make test) runs it under Xvfb and is skipped without a display server.
# Also: make sanitize (ASan+UBSan harness, TSan thread stress), make fuzz (FUZZ_SECONDS,
# default 60), make soak (10^6 ticks; RSS must stay flat); see Tests/fuzz and Tests/stress.
# make stress-python: the Python binding's random hostile programs for STRESS_SECONDS (default
# 60; make test runs them for 3 s).
# make bench-peers: animcore against Qt 6's animation framework (installs qt6-base-dev).
# make bench-instructions: the timing matrix's instructions per animation under callgrind
# (installs valgrind; WORKLOADS=first,decay-first for some, LAYERS=100000 for another size).
# Set-up (scripts/setup.sh) installs whatever is missing: cmake, ninja-build, pkg-config,
# libcjson-dev and libcairo2-dev with apt-get, and a project virtual environment .venv with the
# binding (bindings/python/src on its path), pytest, NumPy, pycairo, matplotlib,
# scikit-build-core and mypy, made from python3 or from $PYTHON (make demo
# PYTHON=/usr/bin/python3); every Python run uses .venv/bin/python.

BUILD ?= build
# Every Python run uses the project's virtual environment (scripts/setup.sh makes it).
VENV_PYTHON := $(CURDIR)/.venv/bin/python
CONFIG ?= Release
FUZZ_SECONDS ?= 60
STRESS_SECONDS ?= 60
TEST_FUZZ_SECONDS ?= 30
export ANIMCORE_LIBRARY := $(abspath $(BUILD))/libanimcore.so

.PHONY: all setup build test test-c test-swift test-python typecheck demo examples live bench bench-peers clean \
	bench-instructions \
	sanitize sanitize-asan sanitize-tsan fuzz soak check-swift-docs check-examples check-docs stress-python

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
	$(MAKE) --no-print-directory check-swift-docs || status=1; \
	$(MAKE) --no-print-directory check-examples || status=1; \
	$(MAKE) --no-print-directory test-python || status=1; \
	$(MAKE) --no-print-directory sanitize-asan || status=1; \
	$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(TEST_FUZZ_SECONDS) || status=1; \
	exit $$status

test-c:
	ctest --test-dir $(BUILD) --output-on-failure

test-swift:
	swift test

# The Swift documentation (Tests/swift-snippets): the README's and the DocC catalog's Swift code
# built and run as a package outside this one, the low-level API out of its reach, every public
# declaration documented, the DocC catalog built without warnings (build-swift-docs/).
check-swift-docs: setup
	@bash Tests/swift-snippets/check.sh

# The READMEs' C and Python examples compiled and run as copied (Tests/docs/check_examples.py):
# each exits 0 and prints motion, or checks itself with asserts. check-docs: these and the
# Swift documentation.
check-examples: build
	@$(VENV_PYTHON) Tests/docs/check_examples.py $(BUILD) $(VENV_PYTHON)

check-docs: check-examples check-swift-docs

test-python:
	cd bindings/python && PYTHONPATH=$(abspath bindings/python/src) $(VENV_PYTHON) -m pytest -q -rs

# The Python binding's stress test (bindings/python/tests/test_stress.py) for STRESS_SECONDS:
# seeded random hostile programs over the public API; resident memory must stay flat.
stress-python: build
	cd bindings/python && ANIMCORE_STRESS_SECONDS=$(STRESS_SECONDS) PYTHONPATH=$(abspath bindings/python/src) \
		$(VENV_PYTHON) -m pytest -q -rs tests/test_stress.py

# The C harness under ASan+UBSan (build-asan/) and the thread stress under TSan (build-tsan/).
sanitize: setup
	@bash Tests/stress/run_sanitize.sh asan tsan

sanitize-asan: setup
	@bash Tests/stress/run_sanitize.sh asan

sanitize-tsan: setup
	@bash Tests/stress/run_sanitize.sh tsan

# libFuzzer over the whole C API for FUZZ_SECONDS (build-fuzz/; crashes in build-fuzz/artifacts).
fuzz: setup
	@FUZZ_SECONDS=$(FUZZ_SECONDS) bash Tests/fuzz/run_fuzz.sh

# 10^6 ticks of churn in the Release build; passes when the RSS stops growing.
soak: build
	@$(BUILD)/Tests/stress/soak

demo: build
	@PYTHONPATH=$(abspath bindings/python/src) $(VENV_PYTHON) examples/demo/python/make_demo.py --out demo --c-hosts $(BUILD)/examples

# The live host in a window on this display (examples/live/README.md): a press on empty space
# springs the ball there, a press on the ball taps it, a drag throws it. Needs SDL2 (set-up
# installs libsdl2-dev) and a display (DISPLAY set, or Wayland); LIVE_ARGS are passed on
# (make live LIVE_ARGS="--clock fixed --trace").
live: build
	@test -x $(BUILD)/examples/live/live || { echo "live: $(BUILD)/examples/live/live was not built" \
		"(SDL2 missing?); cmake -S . -B $(BUILD) says why" >&2; exit 1; }
	@$(BUILD)/examples/live/live $(LIVE_ARGS)

# mypy --strict over the Python binding and examples/python (typed_layers.py states the types
# of built-in and custom properties); test-python runs the same check (tests/test_typing.py).
typecheck: setup
	@MYPYPATH=$(abspath bindings/python/src) $(VENV_PYTHON) -m mypy --strict bindings/python/src/animcore examples/python

# Every seed's example, in C and in Python; then the typed Python example.
examples: build
	@for example in seed000_clock seed001_progress seed002_arrow seed003_timing seed003_path seed003_door_drag seed004_circle; do \
		echo "== $$example (C)"; $(BUILD)/examples/$$example || exit 1; \
		echo "== $$example (Python)"; $(VENV_PYTHON) examples/python/$$example.py || exit 1; \
	done
	@echo "== typed_layers (Python)"; $(VENV_PYTHON) examples/python/typed_layers.py

# The benchmarks (several minutes): the timing functions, the engine's tick against a plain-C
# loop (then a million animated layers on every core), the tick across timing shapes (repeating,
# offset, layer and ancestor time, filled; every kind) against plain C and each kind's first
# cycle, changes and transactions, an animator's control calls, hit testing a presentation tree,
# the same engine from Python (raw ctypes, then the animcore binding with its batch calls).
bench: build
	@$(BUILD)/benchmarks/bench_timing
	@$(VENV_PYTHON) benchmarks/bench_timing.py
	@$(BUILD)/benchmarks/bench_engine
	@$(BUILD)/benchmarks/bench_engine -w level -n 1000000 -t $$(nproc)
	@$(BUILD)/benchmarks/bench_timing_matrix
	@$(BUILD)/benchmarks/bench_transactions
	@$(BUILD)/benchmarks/bench_animator_control
	@$(BUILD)/benchmarks/bench_geometry
	@$(BUILD)/benchmarks/bench_render_list
	@$(VENV_PYTHON) benchmarks/bench_engine.py
	@PYTHONPATH=$(abspath bindings/python/src) $(VENV_PYTHON) benchmarks/bench_python.py

# The same workloads on animcore and on Qt 6's animation framework, in one process
# (benchmarks/peers/bench_qt; a few minutes): set-up installs Qt 6 Core (qt6-base-dev) and a
# C++ compiler when missing, then the build builds bench_qt with the rest.
bench-peers:
	@bash scripts/setup.sh --with-qt
	@$(MAKE) --no-print-directory build
	@test -x $(BUILD)/benchmarks/peers/bench_qt || { echo "bench-peers: bench_qt was not built;" \
		"cmake -S . -B $(BUILD) says why" >&2; exit 1; }
	@$(BUILD)/benchmarks/peers/bench_qt

# The timing matrix's worlds once under callgrind (benchmarks/count_instructions.py; all of them
# about 16 minutes at 10,000 layers): instructions per animation per tick, animcore's tick and
# read against the plain-C loop, where wall times move too much to see a change of a few percent.
bench-instructions:
	@bash scripts/setup.sh --with-valgrind
	@$(MAKE) --no-print-directory build
	@$(VENV_PYTHON) benchmarks/count_instructions.py --build $(BUILD) -n $(or $(LAYERS),10000) -w $(or $(WORKLOADS),all)

clean:
	rm -rf $(BUILD) .build demo build-asan build-tsan build-fuzz build-wheel build-swift-docs
