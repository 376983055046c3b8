# Cadence: `make run` renders the demo scene headlessly; `make test` runs every test.
# Both first install any missing Debian package (apt-get; sudo when not root).

SWIFT ?= swift
# -noreset: by default Xvfb resets when its last client disconnects, and a window test that
# connects during the reset fails to open the display.
XVFB_RUN := xvfb-run -a -s "-screen 0 1280x1024x24 -noreset"

# Build tools, C libraries (GLFW, OpenGL/EGL with Mesa's llvmpipe, FreeType, HarfBuzz,
# fontconfig, libpng, libjpeg-turbo, zlib), the fonts the tests pin, Xvfb for the windowed tests, ffmpeg (GIF,
# MP4 and WebM output; its ffprobe checks them in the tests), GNU parallel (the sharding recipe of
# docs/outputs.md, which the doc-command test runs) and procps (pkill: .ci/contained ends a stopped
# step's processes).
APT_PACKAGES := pkg-config \
	libglfw3-dev libgl-dev libegl-dev libopengl-dev libegl1 libegl-mesa0 libgl1-mesa-dri \
	libfreetype-dev libharfbuzz-dev libfontconfig-dev libpng-dev libjpeg62-turbo-dev libdeflate-dev zlib1g-dev libx11-dev \
	fonts-dejavu-core fonts-wqy-microhei xvfb xauth ffmpeg parallel procps

# A separate package that uses Cadence as its users do (by path): `make test` builds and tests it.
CLIENT := Examples/ClientPackage

.PHONY: all deps build release run install test test-client test-install fuzz test-asan test-tsan docs bench-peers bench-lottie bench-batch clean

all: build

deps:
	@missing=""; \
	for package in $(APT_PACKAGES); do \
		dpkg-query -W -f='$${Status}\n' "$$package" 2>/dev/null | grep -q '^install ok installed$$' \
			|| missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ]; then sudo=""; \
		elif command -v sudo >/dev/null 2>&1; then sudo="sudo"; \
		else \
			echo "Missing system packages and neither root nor sudo. Run as root:" >&2; \
			echo "  apt-get update && apt-get install -y$$missing" >&2; \
			exit 1; \
		fi; \
		echo "Installing system packages:$$missing"; \
		$$sudo apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "Swift 6.3 is needed (swift not found on PATH)" >&2; exit 1; }

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product cadence

run: release
	.build/release/cadence render
	@echo
	@echo "The binary is $(CURDIR)/.build/release/cadence. To run it as 'cadence', as the docs do:"
	@echo "  export PATH=\"$(CURDIR)/.build/release:\$$PATH\"    (or: make install, into /usr/local/bin)"

# Everything the builds, the tests, the client's tests and the fuzzer write as scratch (SwiftPM's
# TemporaryDirectory.*, NSTemporaryDirectory, mkdtemp, xvfb-run's Xauthority) goes under
# .build/tmp, emptied when a run starts: a run stopped half-way (Ctrl-C, a killed CI job) leaves
# nothing in /tmp.
TEST_TMP := $(CURDIR)/.build/tmp
IN_TEST_TMP := mkdir -p $(TEST_TMP) && TMPDIR=$(TEST_TMP)

# Cadence is built twice, no more: release (the CLI; the install check and the doc commands use it;
# it has failed to compile where debug did not) and debug with the tests. The client package builds
# in the same build folder (--scratch-path), so its Cadence is the debug build already there and
# only its own three targets compile. The fuzz targets need a build of their own (every module
# under -sanitize=fuzzer): `make fuzz`, which .ci/run runs after this. Each step runs through
# .ci/contained, so Ctrl-C or a killed job ends everything the step started (the test bundle,
# the `cadence` commands the tests run, Xvfb), not only make.
CONTAINED := $(CURDIR)/.ci/contained
test: deps
	rm -rf $(TEST_TMP)
	$(IN_TEST_TMP) $(CONTAINED) $(SWIFT) build -c release --product cadence
	$(IN_TEST_TMP) $(CONTAINED) $(SWIFT) build --build-tests
	$(IN_TEST_TMP) $(CONTAINED) $(XVFB_RUN) $(SWIFT) test --skip-build
	$(MAKE) --no-print-directory test-client
	$(MAKE) --no-print-directory test-install
	rm -rf $(TEST_TMP)

# `make install PREFIX=/usr/local` (the default; DESTDIR is put before it, for packaging): the
# release binary to PREFIX/bin, its bash, zsh and fish completions and its man page (cadence.1),
# both generated from the commands by swift-argument-parser (--generate-completion-script and the
# generate-manual plugin), so they never drift from the options.
PREFIX ?= /usr/local
INSTALL_ROOT = $(DESTDIR)$(PREFIX)
GENERATED := .build/generated
install: release
	$(SWIFT) package --allow-writing-to-package-directory generate-manual
	mkdir -p $(GENERATED)
	.build/release/cadence --generate-completion-script bash > $(GENERATED)/cadence.bash
	.build/release/cadence --generate-completion-script zsh > $(GENERATED)/_cadence
	.build/release/cadence --generate-completion-script fish > $(GENERATED)/cadence.fish
	install -d "$(INSTALL_ROOT)/bin" "$(INSTALL_ROOT)/share/man/man1" "$(INSTALL_ROOT)/share/bash-completion/completions" \
		"$(INSTALL_ROOT)/share/zsh/site-functions" "$(INSTALL_ROOT)/share/fish/vendor_completions.d"
	install -m 755 .build/release/cadence "$(INSTALL_ROOT)/bin/cadence"
	install -m 644 .build/plugins/GenerateManual/outputs/CadenceCLI/cadence.1 "$(INSTALL_ROOT)/share/man/man1/cadence.1"
	install -m 644 $(GENERATED)/cadence.bash "$(INSTALL_ROOT)/share/bash-completion/completions/cadence"
	install -m 644 $(GENERATED)/_cadence "$(INSTALL_ROOT)/share/zsh/site-functions/_cadence"
	install -m 644 $(GENERATED)/cadence.fish "$(INSTALL_ROOT)/share/fish/vendor_completions.d/cadence.fish"
	@echo "installed cadence $$($(INSTALL_ROOT)/bin/cadence --version) under $(INSTALL_ROOT)"

# Installs into a scratch prefix and checks what arrived: the binary runs, the completions name
# its commands, the man page documents them.
test-install:
	rm -rf .build/install-test
	$(IN_TEST_TMP) $(MAKE) --no-print-directory install PREFIX=$(CURDIR)/.build/install-test
	.build/install-test/bin/cadence --version
	grep -q "render" .build/install-test/share/bash-completion/completions/cadence
	grep -q "render" .build/install-test/share/zsh/site-functions/_cadence
	grep -q "render" .build/install-test/share/fish/vendor_completions.d/cadence.fish
	grep -q "^.Dt CADENCE 1" .build/install-test/share/man/man1/cadence.1
	grep -q "lottie" .build/install-test/share/man/man1/cadence.1
	rm -rf .build/install-test

# The client package proves the library products work from outside: it builds, renders and
# checks its own goldens through CadenceTesting. It depends on Cadence by path, as a user's package
# does; its build folder is Cadence's own (.build), so the Cadence modules the tests built are
# reused, not built a third time.
test-client: deps
	$(IN_TEST_TMP) $(CONTAINED) $(SWIFT) build --package-path $(CLIENT) --scratch-path $(CURDIR)/.build --build-tests
	$(IN_TEST_TMP) $(CONTAINED) $(XVFB_RUN) $(SWIFT) test --package-path $(CLIENT) --scratch-path $(CURDIR)/.build --skip-build

# Three targets under libFuzzer, one after the other:
# - the scene reader and one rendered frame, for FUZZ_SECONDS (default 300), seeded with Fuzz/corpus
#   (README and example scenes) and Tests/CadenceCLITests/FuzzRegressions, guided by Fuzz/scene.dict;
# - render options (`name value` lines: size, fps, duration, format, PNG encoder, frames, shard,
#   clock, out …) built into FrameDumpSettings, planned, and rendered when small, for
#   FUZZ_OPTIONS_SECONDS (default FUZZ_SECONDS), seeded with Fuzz/options and
#   Tests/CadenceCLITests/OptionsFuzzRegressions, guided by Fuzz/options.dict;
# - the Lottie reader and one frame drawn by both backends, for FUZZ_LOTTIE_SECONDS (default
#   FUZZ_SECONDS), seeded with Tests/CadenceGLTests/LottieFiles (the golden tests' files),
#   Tests/CadenceCLITests/LottieFuzzRegressions and Fuzz/lottie-amplification (small files of the
#   shapes that multiply work: precomposition fan-out, repeaters in repeaters, a parent chain,
#   many keyframes, vertices and glyphs, for the fuzzer to grow), guided by Fuzz/lottie.dict.
#   A unit that runs past 10 s is a finding as a crash is (-timeout=10 stops the run, non-zero);
# - Lottie expressions (the input is an expression's source, set on properties of a small
#   document that it may read), for FUZZ_EXPRESSION_SECONDS (default FUZZ_SECONDS), seeded with
#   Fuzz/expressions and Tests/CadenceCLITests/ExpressionFuzzRegressions, guided by
#   Fuzz/expression.dict.
# New coverage is kept in .build/fuzz/corpus (and corpus-options) between runs; a crash, a run over
# 10 s or 2 GiB stops it with a non-zero status and leaves the input as .build/fuzz/crash-* (or
# timeout-*, oom-*; options-crash-* for options): copy it to the regression folder, where the
# tests replay it from then on.
FUZZ_SECONDS ?= 300
FUZZ_OPTIONS_SECONDS ?= $(FUZZ_SECONDS)
FUZZ_LOTTIE_SECONDS ?= $(FUZZ_SECONDS)
FUZZ_EXPRESSION_SECONDS ?= $(FUZZ_SECONDS)
FUZZ_BUILD := .build/fuzz
# Swift's own crash backtracer takes a trap's signal before libFuzzer's handler can write the
# input out (a trap left no crash-* file): off while fuzzing. libFuzzer still prints the stack.
FUZZ_ENV := SWIFT_BACKTRACE=enable=no
fuzz: deps
	$(IN_TEST_TMP) $(CONTAINED) $(SWIFT) build --build-path $(FUZZ_BUILD) --product CadenceFuzz -Xswiftc -sanitize=fuzzer -Xswiftc -DCADENCE_FUZZ
	mkdir -p $(FUZZ_BUILD)/corpus $(FUZZ_BUILD)/corpus-options $(FUZZ_BUILD)/corpus-lottie $(FUZZ_BUILD)/corpus-expression
	$(IN_TEST_TMP) $(FUZZ_ENV) $(CONTAINED) $(FUZZ_BUILD)/debug/CadenceFuzz -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
		-print_final_stats=1 -dict=Fuzz/scene.dict -artifact_prefix=$(FUZZ_BUILD)/ \
		$(FUZZ_BUILD)/corpus Fuzz/corpus Tests/CadenceCLITests/FuzzRegressions
	$(IN_TEST_TMP) $(FUZZ_ENV) CADENCE_FUZZ_TARGET=options $(CONTAINED) $(FUZZ_BUILD)/debug/CadenceFuzz -max_total_time=$(FUZZ_OPTIONS_SECONDS) -timeout=10 \
		-rss_limit_mb=2048 -print_final_stats=1 -dict=Fuzz/options.dict -artifact_prefix=$(FUZZ_BUILD)/options- \
		$(FUZZ_BUILD)/corpus-options Fuzz/options Tests/CadenceCLITests/OptionsFuzzRegressions
	$(IN_TEST_TMP) $(FUZZ_ENV) CADENCE_FUZZ_TARGET=lottie $(CONTAINED) $(FUZZ_BUILD)/debug/CadenceFuzz -max_total_time=$(FUZZ_LOTTIE_SECONDS) -timeout=10 \
		-rss_limit_mb=2048 -print_final_stats=1 -dict=Fuzz/lottie.dict -artifact_prefix=$(FUZZ_BUILD)/lottie- \
		$(FUZZ_BUILD)/corpus-lottie Tests/CadenceGLTests/LottieFiles Tests/CadenceCLITests/LottieFuzzRegressions Fuzz/lottie-amplification
	$(IN_TEST_TMP) $(FUZZ_ENV) CADENCE_FUZZ_TARGET=expression $(CONTAINED) $(FUZZ_BUILD)/debug/CadenceFuzz -max_total_time=$(FUZZ_EXPRESSION_SECONDS) -timeout=10 \
		-rss_limit_mb=2048 -print_final_stats=1 -dict=Fuzz/expression.dict -artifact_prefix=$(FUZZ_BUILD)/expression- \
		$(FUZZ_BUILD)/corpus-expression Fuzz/expressions Tests/CadenceCLITests/ExpressionFuzzRegressions

# The suite under AddressSanitizer and ThreadSanitizer (separate build folders; not part of
# `make test`: each takes several minutes more than it). Leak checking is off: LeakSanitizer
# reports only fontconfig's process-lifetime cache, Mesa's driver (unloaded at exit, so its frames
# are unknown) and Foundation's Process, and a report would fail every test that runs the CLI.
test-asan: deps
	$(SWIFT) build --build-tests --build-path .build/asan --sanitize=address
	CADENCE_SANITIZER=address ASAN_OPTIONS=detect_leaks=0 $(XVFB_RUN) $(SWIFT) test --skip-build --build-path .build/asan --sanitize=address

test-tsan: deps
	$(SWIFT) build --build-tests --build-path .build/tsan --sanitize=thread
	CADENCE_SANITIZER=thread $(XVFB_RUN) $(SWIFT) test --skip-build --build-path .build/tsan --sanitize=thread

# Cadence's CPU backend against Skia and Blend2D drawing the same display lists, in interleaved
# rounds (Benchmarks/peers.py); the two libraries' Python bindings go into .build/peers-venv.
# Not part of `make test`.
PEERS_VENV := .build/peers-venv
bench-peers: release
	@$(MAKE) --no-print-directory deps APT_PACKAGES=python3-venv
	test -x $(PEERS_VENV)/bin/python || python3 -m venv $(PEERS_VENV)
	$(PEERS_VENV)/bin/pip install --quiet skia-python blend2d-python
	$(PEERS_VENV)/bin/python Benchmarks/peers.py --cadence .build/release/cadence --rounds 3

# Cadence's CPU backend against rlottie and ThorVG on Lottie files, one core, in the same run
# (Benchmarks/lottie.py, timing the players with Benchmarks/lottie_refs.py); their Python bindings
# go into .build/lottie-venv. FILES: files or folders of Lottie JSON (default: Examples/lottie).
# Not part of `make test`.
LOTTIE_VENV := .build/lottie-venv
FILES ?= Examples/lottie
bench-lottie: release
	@$(MAKE) --no-print-directory deps APT_PACKAGES=python3-venv
	test -x $(LOTTIE_VENV)/bin/python || python3 -m venv $(LOTTIE_VENV)
	$(LOTTIE_VENV)/bin/pip install --quiet rlottie-python==1.3.8 thorvg-python==1.1.3
	$(LOTTIE_VENV)/bin/python Benchmarks/lottie.py $(FILES) --cadence .build/release/cadence

# A batch of files to PNG frames on every core: Cadence (cadence bench batch) against rlottie and
# ThorVG writing the same frames (Benchmarks/batch.py).
bench-batch: release
	@$(MAKE) --no-print-directory deps APT_PACKAGES=python3-venv
	test -x $(LOTTIE_VENV)/bin/python || python3 -m venv $(LOTTIE_VENV)
	$(LOTTIE_VENV)/bin/pip install --quiet rlottie-python==1.3.8 thorvg-python==1.1.3
	$(LOTTIE_VENV)/bin/python Benchmarks/batch.py $(FILES) --cadence .build/release/cadence

# API documentation of the Cadence product and its modules (DocC, through swift-docc-plugin) into
# .build/docs; not part of `make test`.
DOC_TARGETS := Cadence CadenceTiming CadenceAnimation CadenceDraw CadenceText CadenceLayers CadenceWidgets CadenceSceneFile CadenceImage CadencePlatform \
	CadenceEngine CadenceTesting
docs:
	$(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation \
		$(foreach target,$(DOC_TARGETS),--target $(target)) --enable-experimental-combined-documentation \
		--output-path .build/docs --transform-for-static-hosting

clean:
	rm -rf .build $(CLIENT)/.build frames
