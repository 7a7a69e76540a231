# PreviewRenderer. `make setup` on a fresh Debian machine installs what it needs, builds, and renders a
# sample; `make test` runs every test. See README.md.
SHELL := /bin/bash
SWIFT ?= swift
OUT ?= out
SAMPLE ?= Examples/example1-front-view.json
RENDER := .build/release/render
STEP := OUT=$(OUT) scripts/test-step
# The debug build `make test` and `make check` run the Swift tests on: a folder of its own, built beside the
# release build (a plain `swift test` keeps using .build).
TEST_BUILD := .build-test
TEST_BUILD_FLAGS := --scratch-path $(TEST_BUILD) --explicit-target-dependency-import-check error
# make test builds everything first, then runs the suites in two chains side by side with TESTED_BUILDS=1, which
# leaves the build prerequisites out of the suites' targets: asking SwiftPM again, even for nothing, waits for its
# lock on .build, which the other chain's `swift test` holds for minutes.
BUILT = $(if $(TESTED_BUILDS),,$(1))
# The one version (Sources/RenderPipeline/Version.swift): the .pc file, the Debian packages, the man pages.
VERSION := $(shell sed -n 's/.*static let string = "\(.*\)".*/\1/p' Sources/RenderPipeline/Version.swift)
# Release builds link the Swift runtime and Foundation statically (about 20 M fewer instructions
# of dynamic linking) and as a fixed-address executable (no relocations of its 80,000 pointers:
# 0.9 ms less before `main`) at every start of `render` (Benchmarks/README.md).
# Generic types are instantiated through metadata accessors, not mangled names the runtime would
# demangle and check by scanning every protocol conformance in the binary (0.4 M instructions
# per new Dictionary or Set type; 13 M -> 2 M on the main thread, 3 ms per process).
# Cairo and pixman are linked statically into `render` (31 -> 17 shared libraries per process) through
# scripts/pkgconfig-static/cairo.pc; the manifest itself links the shared libcairo, so library products
# carry no unsafe flags (docs/decisions/2026-11-24-static-cairo-in-the-makefile-only.md).
# The static .pc is made from scripts/pkgconfig-static/cairo.pc with the system cairo's own Cflags, so every compile
# command is the same with it and without it: the C library (shared libcairo: Debian's libpixman-1.a is not built
# with -fPIC) then links from the modules `render`'s build compiled, in the same folder (issue 45;
# docs/decisions/2026-12-07-c-library-from-the-release-build.md). `-Xswiftc -static-stdlib` links the Swift runtime
# into the shared library as --static-swift-stdlib does into `render` (same instructions, same bytes).
STATIC_PC := $(abspath $(OUT))/pkgconfig-static
STATIC_CAIRO := PKG_CONFIG_PATH=$(STATIC_PC)$${PKG_CONFIG_PATH:+:$$PKG_CONFIG_PATH}
# ICU's data (34 MB) is not linked in: ICU_LINK (scripts/icu-data) keeps the toolchain's data member out of every
# -static-stdlib link, and the binaries map it from one file, icudtNNl.dat, found beside them (icu-beside copies it
# there) or in ../lib/preview-renderer when installed (docs/decisions/2026-12-07-icu-data-once.md). Recursive (=):
# the flags are read from out/icu when a recipe runs, after the icu-data prerequisite wrote them.
ICU_OUT := $(abspath $(OUT))/icu
ICU_LINK = $(shell cat $(ICU_OUT)/link-flags 2>/dev/null)
icu-beside = ln -f $(ICU_OUT)/$$(cat $(ICU_OUT)/data-file) $(1)/ 2>/dev/null || cp $(ICU_OUT)/$$(cat $(ICU_OUT)/data-file) $(1)/
RELEASE = -c release --static-swift-stdlib -Xswiftc -static-stdlib -Xlinker -no-pie \
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors $(ICU_LINK)
# What `make build`, `make c-library`, `make fonts` and `make deb` need (`make build-deps`: CI build jobs).
BUILD_PACKAGES := libcairo2-dev libpixman-1-dev libfontconfig-dev libharfbuzz-dev libfreetype-dev libpng-dev zlib1g-dev \
  libunibreak-dev libfribidi-dev pkg-config python3 fonts-roboto-unhinted fonts-dejavu-core fonts-dejavu-extra \
  fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji dpkg-dev
# `make install` sets the C library's SONAME (patchelf); `make deb` builds the packages with debhelper and checks
# them with lintian (make package-test).
BUILD_PACKAGES += patchelf debhelper lintian
# `render mcp`'s program links the system's libcurl (make serve, CURL_LINK).
BUILD_PACKAGES += libcurl4
DEBIAN_PACKAGES := $(BUILD_PACKAGES) chromium
# The CI examples' YAML check (scripts/check-ci-examples).
DEBIAN_PACKAGES += python3-yaml

# The C API's tests (make c-tests) compile with cc and c++.
DEBIAN_PACKAGES += g++
# The platform's C++ sources compile through ccache (make platform-app): a second run or clone compiles nothing again.
DEBIAN_PACKAGES += ccache

# An app's preview built against the installed files with CMake (make app-build-test: find_package(PreviewRenderer)).
DEBIAN_PACKAGES += cmake

# The package test (make package-test) asks the packaged `render serve` for its page and a thumbnail.
DEBIAN_PACKAGES += curl

# `render serve`'s browser tests (make serve-test): Playwright for Python, from PyPI with pip, drives chromium.
DEBIAN_PACKAGES += python3-pip

# The page's JavaScript modules (Serve/Page), type-checked and linted in the source checks (scripts/check-page).
DEBIAN_PACKAGES += node-typescript eslint

.PHONY: setup deps fonts build sample test check-expectations browser-references text-references clean

## Everything a newcomer needs: system packages, fonts, a release build of `render`, `render serve`'s server
## (unoptimized: `make serve`), and a rendered sample. The two are packages of their own, built side by side
## (docs/decisions/2026-11-28-setup-builds-side-by-side.md); under 5 minutes on two cores
## (docs/decisions/2026-11-28-setup-builds-the-server-unoptimized.md, Benchmarks/notes/setup-time.md).
setup: deps fonts
	$(MAKE) --no-print-directory -j2 build serve
	$(MAKE) --no-print-directory sample

## Debian packages (needs root or sudo; skipped when all are installed already).
deps:
	@missing=$$(for p in $(DEBIAN_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q "install ok installed" || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q $$missing; \
	else echo "deps: all Debian packages present"; fi
	@if echo " $(DEBIAN_PACKAGES) " | grep -q " python3-pip "; then scripts/serve-test-deps.sh; fi

## Only the packages a build needs (no chromium, no test tools): the CI examples' build job.
.PHONY: build-deps
build-deps:
	@$(MAKE) --no-print-directory deps DEBIAN_PACKAGES="$(BUILD_PACKAGES)"

## Fonts/ from the Debian font packages, checked against Fonts/fonts.lock.
fonts:
	@scripts/fonts.sh

build: $(STATIC_PC)/cairo.pc icu-data
	$(STATIC_CAIRO) $(SWIFT) build $(RELEASE) --product render
	@$(call icu-beside,.build/release)

.PHONY: icu-data
icu-data:
	@scripts/icu-data $(SWIFT) $(ICU_OUT)

$(STATIC_PC)/cairo.pc: scripts/pkgconfig-static/cairo.pc
	@mkdir -p $(@D)
	sed "s|^Cflags:.*|Cflags: $$(pkg-config --cflags cairo)|" $< > $@

## Renders the sample session to out/NAME.png.
sample: build
	@mkdir -p $(OUT)
	$(RENDER) $(SAMPLE) -o $(OUT)/$$(basename $(SAMPLE) .json).png -v
	@echo "sample: open $(OUT)/$$(basename $(SAMPLE) .json).png"

## All tests: unit, layout, pixel and golden tests, then the sample sessions against their expectations.
# Package.swift says what the code imports: check-imports fails on a module a target imports without
# declaring it, and SwiftPM's own check (which accepts any module reachable through a dependency) on
# a module it cannot reach at all. check-theme-lookups fails on a theme value read outside Styles
# (Styles resolves every look once; the others read the resolved looks). decisions-index --check fails on a
# stale decisions index or a decision outside the index's stages; check-readmes on a top-level folder
# without a README.md; check-doc-names on a doc naming a file or module that does not exist. check-format and
# check-imports cover the server's package (Serve/) too; page-types and page-lint check its page's JavaScript
# modules with tsc and eslint (scripts/check-page).
# Every step runs through scripts/test-step: its output also goes to $(OUT)/logs/STEP.log, and its wall and CPU
# seconds to $(OUT)/test-times.tsv, printed at the end with the count of each kind of test (issue 45).
# check-api compares the library products' public symbols (read from the debug build in TEST_BUILD)
# with docs/api/: a new public name is a decision (README, "API").
# The checks of the sources that open both `make test` and `make check`, each a step of STEP ($(1)).
define source-checks
$(1) check-format scripts/check-format
	$(1) check-imports scripts/check-imports
	$(1) page-types scripts/check-page types
	$(1) page-lint scripts/check-page lint
	$(1) check-theme-lookups scripts/check-theme-lookups
	$(1) decisions-index scripts/decisions-index --check
	$(1) check-readmes scripts/check-readmes
	$(1) check-doc-names scripts/check-doc-names
endef
test: fonts $(STATIC_PC)/cairo.pc
	@mkdir -p $(OUT)
	@$(STEP) --begin
	$(call source-checks,$(STEP))
	@echo "make test: its steps side by side (each step's output in $(OUT)/logs/STEP.log)"
	@TEST_STEP_QUIET=1 $(MAKE) --no-print-directory -j8 TESTED_BUILDS=1 test-all
	@$(STEP) --summary

## make test's steps as a make graph (issue 45, Benchmarks/notes/test-time.md; the decisions
## docs/decisions/2026-12-07-test-build-product-ccache-fuzz-chain.md and 2026-12-07-test-steps-by-priority.md). Each step
## is a target that waits for the step before it in its chain, and for what it needs from another chain:
## - the Swift chain: the tests' debug build (TEST_BUILD, its own folder, so that SwiftPM's lock on .build does not
##   hold one chain behind another), the Swift tests (on the release `render`), the API check; the C tests'
##   ThreadSanitizer build, then the C tests (after the C library);
## - the product chain: the release `render`, then the suites that render and check the samples;
## - the platform chain (after `render`): the platform's test app (and the C library), the platform's scripts, and
##   the app built against an install (which waits for the server too: it installs);
## - the server chain: the server (its own package, Serve/.build), then the consumer package;
## - after `render` and the server: the server's browser tests; after the app too: the live and soak suites in a
##   chain, and the package; with FUZZ_SMOKE=1 (.ci/run) CI's fuzz smoke (its build and its two runs) after `render`.
## A fresh run is CPU-bound (about 1,150 CPU-seconds on two cores): the compiles run side by side under `nice`
## levels (NICE_*), so that `render` is built first, then the server, then the tests; the suites, which mostly
## wait on chromium and the app, run at full priority beside the lower-priority compiles and fill their idle time.
## After `make setup` the builds of `render` and the server are done, and the suites run beside the tests' build.
## TESTED_BUILDS=1 leaves the build prerequisites out of the suites' own targets: the graph has built them.
TS := test-step-
SWIFT_CHAIN := build-tests swift-test check-api
# The C tests' ThreadSanitizer build, a step of its own so that it is compiled beside the others, not after them.
C_CHAIN := build-tsan c-tests
PRODUCT_CHAIN := build-render check-default check-ios check-android check-expectations check-sample-warnings \
  review-test check-version check-ci-examples
PLATFORM_CHAIN := build-platform-app platform-tests app-build-test
SERVER_CHAIN := build-serve consumer-test
SERVE_SUITES := serve-live-test serve-soak
NICE_SERVE := nice -n 4
NICE_TESTS := nice -n 4
NICE_TSAN := nice -n 10
NICE_FUZZ := nice -n 12
NICE_CONSUMER := nice -n 14
TEST_STEPS := $(addprefix $(TS),$(SWIFT_CHAIN) $(C_CHAIN) $(PRODUCT_CHAIN) $(PLATFORM_CHAIN) $(SERVER_CHAIN) \
  serve-test $(SERVE_SUITES) mcp-test package-test fuzz-smoke)
.PHONY: test-all $(TEST_STEPS)
test-all: $(addprefix $(TS),check-api check-ci-examples app-build-test consumer-test serve-test serve-soak mcp-test \
  c-tests package-test) \
  $(if $(FUZZ_SMOKE),$(TS)fuzz-smoke)
# Each step of a chain waits for the one before it ("test-step-B:test-step-A" for each pair).
chain-order = $(join $(addsuffix :,$(addprefix $(TS),$(wordlist 2,99,$(1)))),$(addprefix $(TS),$(filter-out $(lastword $(1)),$(1))))
$(foreach rule,$(call chain-order,$(SWIFT_CHAIN)) $(call chain-order,$(PRODUCT_CHAIN)) $(call chain-order,$(PLATFORM_CHAIN)) \
  $(call chain-order,$(SERVER_CHAIN)) $(call chain-order,$(SERVE_SUITES)) $(call chain-order,$(C_CHAIN)),$(eval $(rule)))
# What a step needs from another chain: the release `render`, the C library (built with the app), the server.
$(TS)swift-test: $(TS)build-render
$(TS)c-tests: $(TS)build-platform-app
$(TS)serve-test: $(TS)build-serve $(TS)build-render
$(TS)serve-live-test $(TS)package-test $(TS)mcp-test: $(TS)build-serve $(TS)build-platform-app
$(TS)fuzz-smoke: $(TS)build-render
$(TS)app-build-test: $(TS)build-serve
$(TS)build-render: icu-data
	$(STEP) build-render env $(STATIC_CAIRO) $(SWIFT) build $(RELEASE) --product render
	@$(call icu-beside,.build/release)
$(TS)build-serve:
	$(STEP) build-serve $(NICE_SERVE) $(MAKE) --no-print-directory serve
$(TS)build-tsan:
	$(STEP) build-tsan $(NICE_TSAN) $(TSAN_BUILD)
$(TS)build-platform-app: $(TS)build-render
	$(STEP) build-platform-app $(MAKE) --no-print-directory platform-app
# Only the test product: the executables (render, bench, fuzz-session) and the argument parser's plugin tools are not
# compiled a second time unoptimized for tests that run the release `render`.
$(TS)build-tests:
	$(STEP) build-tests $(NICE_TESTS) $(SWIFT) build --product PreviewRendererPackageTests $(TEST_BUILD_FLAGS)
$(TS)swift-test:
	$(STEP) swift-test env PREVIEW_RENDER_BINARY=$(CURDIR)/$(RENDER) $(SWIFT) test --skip-build --scratch-path $(TEST_BUILD)
$(TS)check-api:
	$(STEP) check-api scripts/check-api --build-dir $(TEST_BUILD)/debug
$(TS)check-default:
	$(STEP) check-default $(RENDER) check Examples --ticks --junit $(OUT)/check.xml --report $(OUT)/check.json --html $(OUT)/review
$(TS)check-ios:
	$(STEP) check-ios $(RENDER) check Examples --theme ios --junit $(OUT)/check-ios.xml --report $(OUT)/check-ios.json
$(TS)check-android:
	$(STEP) check-android $(RENDER) check Examples --theme android --junit $(OUT)/check-android.xml --report $(OUT)/check-android.json
$(TS)check-sample-warnings:
	$(STEP) check-sample-warnings scripts/check-sample-warnings $(RENDER)
$(TS)check-version:
	$(STEP) check-version scripts/check-version
$(TS)check-ci-examples:
	$(STEP) check-ci-examples scripts/check-ci-examples $(RENDER)
$(TS)consumer-test:
	$(STEP) consumer-test $(NICE_CONSUMER) $(MAKE) --no-print-directory consumer-test
# Only the fuzz build is niced: libFuzzer's -timeout is wall time, so a niced run on a busy machine reports a
# slow seed as a timeout.
$(TS)fuzz-smoke:
	$(STEP) fuzz-smoke $(MAKE) --no-print-directory fuzz-smoke NICE_BUILD="$(NICE_FUZZ)"
# The steps that are a make target of the same name.
$(addprefix $(TS),c-tests check-expectations review-test platform-tests app-build-test serve-test serve-live-test \
  serve-soak mcp-test package-test):
	$(STEP) $(@:$(TS)%=%) $(MAKE) --no-print-directory $(@:$(TS)%=%)

## The inner loop (README "Developing"): the format, import and docs checks, then every Swift test on the debug
## build that `swift test` keeps warm (a one-line change to Sources/Layout: under 2 minutes). Its table and logs
## go to $(OUT)/check/ (make test's stay in $(OUT)/). The other suites alone: make c-tests, platform-tests, app-build-test,
## serve-test, serve-live-test, serve-soak, mcp-test, consumer-test, package-test.
.PHONY: check
CHECK_STEP := OUT=$(OUT)/check scripts/test-step
check: fonts
	@mkdir -p $(OUT)/check
	@$(CHECK_STEP) --begin
	$(call source-checks,$(CHECK_STEP))
	$(CHECK_STEP) swift-test $(SWIFT) test $(TEST_BUILD_FLAGS)
	@$(CHECK_STEP) --summary

## `render serve`'s server, render-serve: Serve/ is a package of its own (Hummingbird), so that the library
## products resolve no new package (docs/serve.md, docs/decisions/2026-11-28-serve-package.md).
## It is built unoptimized (-Onone), without debug info, one compile per module (no separate module job), at the
## release path: 166 CPU-seconds instead of 508, and edits reach the page as fast (the engine's work is in
## `render --serve-worker`, release). SERVE_FLAGS="-c release" gives the optimized server (rebuilds Serve/.build).
.PHONY: serve serve-test
SERVE_BIN := Serve/.build/release/render-serve
SERVE_FLAGS ?= -c release -Xswiftc -Onone -Xswiftc -gnone -Xswiftc -no-emit-module-separately-wmo -Xswiftc -static-stdlib
# `render mcp` is the same program (`render-serve mcp`, docs/mcp.md): the MCP SDK it links brings Foundation's
# networking, which a -static-stdlib link takes from the system's libcurl.so.4 (CURL_LINK: a link name for it, so
# libcurl's -dev package is not needed; docs/decisions/2026-12-08-mcp-a-separate-executable.md). The SDK and ServeMCP
# add about 35 CPU-seconds to a fresh build of the server (measured 8 Dec 2026), nothing to a warm one.
CURL_OUT := $(abspath $(OUT))/curl-link
CURL_LINK := -Xlinker -L$(CURL_OUT)
# Every build in Serve/ passes the same flags (CURL_LINK too), so that none recompiles what another built.
serve: icu-data $(CURL_OUT)/libcurl.so
	cd Serve && $(SWIFT) build $(SERVE_FLAGS) $(ICU_LINK) $(CURL_LINK) --product render-serve
	@$(call icu-beside,Serve/.build/release)

$(CURL_OUT)/libcurl.so:
	@mkdir -p $(@D)
	@lib=$$(/sbin/ldconfig -p | sed -n 's/^\s*libcurl\.so\.4 (.*x86-64.*) => //p; s/^\s*libcurl\.so\.4 (.*AArch64.*) => //p' | head -1); \
	  [ -n "$$lib" ] || { echo "make serve: render-serve needs libcurl.so.4 (apt-get install libcurl4)" >&2; exit 1; }; \
	  ln -sf "$$lib" $@

## `render serve --app` with the headless platform's test app in chromium (Serve/browser-tests/test_live.py).
.PHONY: serve-live-test
serve-live-test: $(call BUILT,serve build fonts platform-app)
	python3 Serve/browser-tests/test_live.py --render $(RENDER) --app $(PLATFORM_OUT)/previewtest --out $(OUT)/serve-live

## `render mcp` with the Python MCP client (PyPI `mcp`, pinned in scripts/serve-test-deps.sh) over stdio
## (Serve/browser-tests/test_mcp.py, docs/mcp.md): the tools, `render`'s pixels, an agent's task on the test app
## recorded and kept by `render check`, busy and bad calls, the processes ended with the server; then `--http`.
## About 3.7 CPU-seconds, 12 s.
.PHONY: mcp-test
mcp-test: $(call BUILT,serve build fonts platform-app)
	python3 Serve/browser-tests/test_mcp.py --render $(RENDER) --app $(PLATFORM_OUT)/previewtest --out $(OUT)/mcp

## The soak of `render serve` (issue 44, Serve/browser-tests/soak.py): the test app's misbehaving modes (stderr
## flood, hang, stdout closed, helpers holding the pipes, crashes with helpers alive, a flood after exit) each
## followed by Restart, and a burst of saves, under ten pages per server (one chromium, nine light); memory,
## descriptors and processes end where they started. `serve-soak` (in `make test`) runs about a minute; `soak`
## runs the same cycle for SOAK_SECONDS (30 minutes), its figures in $(OUT)/soak-long/soak.json.
.PHONY: serve-soak soak
SOAK_SECONDS ?= 1800
SOAK = python3 Serve/browser-tests/soak.py --render $(RENDER) --serve $(SERVE_BIN) --app $(PLATFORM_OUT)/previewtest
serve-soak: $(call BUILT,serve build fonts platform-app)
	$(SOAK) --duration 60 --out $(OUT)/soak
soak: serve build fonts platform-app
	$(SOAK) --duration $(SOAK_SECONDS) --out $(OUT)/soak-long
	python3 Serve/browser-tests/burst_memory.py --render $(RENDER) --out $(OUT)/burst-memory

## The copy `make install` and the Debian packages carry (in libexec/preview-renderer/, off the PATH) is `make serve`'s: it links the Swift runtime and
## Foundation in (-static-stdlib), as `render` has them, so it runs with no Swift toolchain, and the server's stack
## is compiled once per run for the checkout, the tests and the package (docs/decisions/2026-12-07-serve-built-once.md).
.PHONY: serve-static
SERVE_STATIC_BIN := $(SERVE_BIN)
serve-static: serve

## `render serve` in headless chromium with Playwright (Serve/browser-tests/test_serve.py), then its Swift unit tests.
# The unit tests are a program built with `make serve`'s flags (Serve/Tests/ServeUnitTests), so only it is compiled:
# XCTest or testable imports would rebuild SwiftNIO's whole stack (minutes on two cores).
serve-test: $(call BUILT,serve build fonts) $(CURL_OUT)/libcurl.so
	python3 Serve/browser-tests/test_serve.py --render $(RENDER) --out $(OUT)/serve
	python3 Serve/browser-tests/test_serve_a11y.py --render $(RENDER) --out $(OUT)/serve
	python3 Serve/browser-tests/test_serve_groups.py --render $(RENDER) --out $(OUT)/serve
	python3 Serve/browser-tests/test_connections.py --render $(RENDER) --out $(OUT)/serve
	scripts/check-serve-tests
	cd Serve && $(SWIFT) build $(SERVE_FLAGS) $(ICU_LINK) $(CURL_LINK) --product serve-unit-tests && .build/release/serve-unit-tests

## `render check`'s review page in headless chromium with Playwright (Tests/ReviewPage/test_accept_group.py, issue 50):
## changes grouped by cause, a group accepted from the page's accept file, checked again.
.PHONY: review-test
review-test: $(call BUILT,build fonts)
	RENDER=$(RENDER) python3 Tests/ReviewPage/test_accept_group.py

## A package that depends on this one `from:` a version (Integration/Consumer) builds and its snapshot tests behave.
.PHONY: consumer-test
consumer-test:
	scripts/consumer-test.sh

## Renders every Examples/*.json with a .expect.json and checks pixel probes and events.
check-expectations:
	@mkdir -p $(OUT)/expectations
	cd $(OUT)/expectations && python3 ../../scripts/check-expectations --render ../../$(RENDER) ../../Examples

clean:
	rm -rf .build $(OUT)

## Regenerates docs/portability.md: what the portability report checks and the report of every shared session.
.PHONY: portability-docs
portability-docs: build
	$(RENDER) portability Examples --markdown docs/portability.md --quiet

## The review gallery of every shared session, screenshotted by headless Chromium into docs/gallery.png.
.PHONY: gallery-screenshot
gallery-screenshot: build
	scripts/gallery-screenshot.sh $(RENDER) $(OUT)/gallery docs/gallery.png

## Regenerates the Chromium reference screenshots of the browser cases (needs the chromium package).
browser-references:
	python3 scripts/make-browser-cases.py Tests/RenderPipelineTests/Fixtures/browser
	cd Tests/RenderPipelineTests/Fixtures/browser && for f in *.json; do \
	  python3 ../../../../scripts/session2html $$f -o /tmp/$${f%.json}.html --png $${f%.json}.png || exit 1; done

## Regenerates the Chromium text-fidelity cases: sessions, screenshots and line breaks (needs the chromium package).
text-references:
	python3 scripts/make-text-cases.py Tests/RenderPipelineTests/Fixtures/text

## Benchmark (Benchmarks/README.md): per-stage medians of the bench screen, `render` as a process,
## frames per second over 100 ticks, memory, output sizes, a 100-screen gallery and instruction counts.
## BENCH_ARGS passes options to the driver (e.g. BENCH_ARGS="--runs 5 --gallery 0 --no-callgrind").
.PHONY: bench bench-compare bench-builds
bench: $(STATIC_PC)/cairo.pc icu-data
	$(STATIC_CAIRO) $(SWIFT) build $(RELEASE) --product render
	$(STATIC_CAIRO) $(SWIFT) build $(RELEASE) --product bench
	@$(call icu-beside,.build/release)
	.build/release/bench $(BENCH_ARGS)
	$(MAKE) --no-print-directory serve
	python3 Serve/browser-tests/bench_serve.py --render $(RENDER) --out $(OUT)/bench/serve
	python3 Benchmarks/review_scale.py --render $(RENDER) --out $(OUT)/bench/review-scale
	$(MAKE) --no-print-directory platform-app
	python3 Serve/browser-tests/bench_live.py --render $(RENDER) --app $(PLATFORM_OUT)/previewtest --out $(OUT)/bench/serve-live
	python3 Serve/browser-tests/bench_mcp.py --render $(RENDER) --app $(PLATFORM_OUT)/previewtest --out $(OUT)/bench/mcp

## The benchmark side by side with a cold headless Chromium screenshot of the HTML twin (installs chromium if missing).
bench-compare:
	@command -v chromium >/dev/null || { SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q chromium; }
	$(MAKE) --no-print-directory bench BENCH_ARGS="--chromium $(BENCH_ARGS)"

## Two builds side by side in one run: BASE=<commit> against this checkout, `render` as a process on the bench
## screen and on every example, in turn (scripts/bench-builds: medians of wall and CPU time, same PNG bytes).
BASE ?= HEAD~1
bench-builds: build
	scripts/bench-builds $(BASE) $(BENCH_ARGS)

## Fuzzes session decoding and replay with libFuzzer for FUZZ_SECONDS (default 600); crashes land in Fuzz/crashers/.
# Phony: on a case-insensitive file system the Fuzz/ folder would otherwise satisfy `fuzz`.
.PHONY: fuzz fuzz-smoke
FUZZ_SECONDS ?= 600
# FUZZ_RUNS / FUZZ_LARGE_RUNS: a count of inputs from seed 1 instead of FUZZ_SECONDS (the smoke's budget).
fuzz-budget = $(if $(1),-runs=$(1) -seed=1,-max_total_time=$(FUZZ_SECONDS))
FUZZ_BIN = .build-fuzz/debug/fuzz-session
# Where libFuzzer writes what it finds (crashes, timeouts, slow units). `make fuzz` keeps them in Fuzz/crashers to be
# committed (the Swift tests replay that folder); CI's smoke writes them to $(OUT)/fuzz-artifacts, so a slow unit
# it saves on a busy machine never changes what the Swift tests beside it read.
FUZZ_ARTIFACTS ?= Fuzz/crashers/
fuzz: fuzz-build
	@mkdir -p $(FUZZ_ARTIFACTS) .build-fuzz/corpus
	$(FUZZ_BIN) .build-fuzz/corpus Fuzz/corpus -dict=Fuzz/session.dict -max_len=16384 -rss_limit_mb=4096 -timeout=20 \
	  $(call fuzz-budget,$(FUZZ_RUNS)) -print_final_stats=1 -artifact_prefix=$(FUZZ_ARTIFACTS)

## The same target on inputs up to 1 MiB, from seeds made at run time (scripts/make-fuzz-seeds.py --large): one long
## label, many ticks, many reorders, deep moves; the budgets that hold per render, not per item (issue 28).
.PHONY: fuzz-large fuzz-build
fuzz-build:
	$(NICE_BUILD) $(SWIFT) build -c debug -Xswiftc -sanitize=fuzzer,address -Xlinker --export-dynamic --product fuzz-session --scratch-path .build-fuzz
fuzz-large: fuzz-build
	@mkdir -p $(FUZZ_ARTIFACTS) .build-fuzz/corpus-large
	python3 scripts/make-fuzz-seeds.py --large .build-fuzz/seeds-large
	$(FUZZ_BIN) .build-fuzz/corpus-large .build-fuzz/seeds-large -dict=Fuzz/session.dict -max_len=1048576 \
	  -rss_limit_mb=4096 -timeout=20 $(call fuzz-budget,$(FUZZ_LARGE_RUNS)) -print_final_stats=1 \
	  -artifact_prefix=$(FUZZ_ARTIFACTS)

## A short fuzz run for CI, small and large inputs side by side (libFuzzer runs on one core): a count of inputs
## from a fixed seed, not a time, so every machine does the same work whatever its load (a 30-second run did the
## seeds alone on a busy machine and a few hundred mutations more on an idle one;
## docs/decisions/2026-12-08-fuzz-smoke-counts-inputs.md).
FUZZ_SMOKE_RUNS := 300
FUZZ_SMOKE_LARGE_RUNS := 16
fuzz-smoke:
	$(MAKE) --no-print-directory -j2 FUZZ_RUNS=$(FUZZ_SMOKE_RUNS) FUZZ_LARGE_RUNS=$(FUZZ_SMOKE_LARGE_RUNS) FUZZ_ARTIFACTS=$(abspath $(OUT))/fuzz-artifacts/ fuzz fuzz-large \
	  || { echo "fuzz-smoke: what libFuzzer found is in $(OUT)/fuzz-artifacts/ (replay: $(FUZZ_BIN) FILE)" >&2; exit 1; }

## The C API (README "From C and C++"): out/c/include/preview_renderer.h, out/c/lib/libpreview_renderer.so
## (the Swift runtime linked in statically) and out/c/lib/pkgconfig/preview_renderer.pc (with an rpath).
## Linked from the modules the release `render` build compiled (.build, the same flags; the shared libcairo).
.PHONY: c-library c-tests c-tests-tsan
C_OUT := $(OUT)/c
C_BUILD := .build
C_PKG := PKG_CONFIG_PATH=$(C_OUT)/lib/pkgconfig pkg-config --cflags --libs preview_renderer
C_PKG_CFLAGS := PKG_CONFIG_PATH=$(C_OUT)/lib/pkgconfig pkg-config --cflags preview_renderer
c-library: icu-data
	$(SWIFT) build $(RELEASE) --product preview_renderer
	@mkdir -p $(C_OUT)/include $(C_OUT)/lib/pkgconfig
	cp CLibrary/include/preview_renderer.h $(C_OUT)/include/
	cp $(C_BUILD)/release/libpreview_renderer.so $(C_OUT)/lib/
	@$(call icu-beside,$(C_BUILD)/release)
	@$(call icu-beside,$(C_OUT)/lib)
	sed -e '/^#/d' -e "s|@PREFIX@|$(abspath $(C_OUT))|" -e "s|@VERSION@|$(VERSION)|" -e 's|@RPATH@|-Wl,-rpath,$${libdir} |' \
	  CLibrary/preview_renderer.pc.in > $(C_OUT)/lib/pkgconfig/preview_renderer.pc

## The C and C++ test programs (CLibrary/tests) against the installed library, built exactly as the
## README shows, then the threads test under ThreadSanitizer (c-tests-tsan).
c-tests: $(call BUILT,c-library build)
	@mkdir -p $(OUT)/c-tests
	cc -std=c99 -Wall -Wextra -Werror CLibrary/tests/c_api_test.c $$($(C_PKG)) -o $(OUT)/c-tests/c_api_test
	c++ -std=c++17 -Wall -Wextra -Werror CLibrary/tests/cpp_api_test.cpp $$($(C_PKG)) -lpthread -o $(OUT)/c-tests/cpp_api_test
	env -u LD_LIBRARY_PATH $(OUT)/c-tests/c_api_test $(RENDER) $(OUT)/c-tests
	env -u LD_LIBRARY_PATH $(OUT)/c-tests/cpp_api_test $(RENDER) $(OUT)/c-tests
	cc -std=c99 -Wall -Wextra -Werror CLibrary/tests/hit_test_api.c $$($(C_PKG)) -o $(OUT)/c-tests/hit_test_api
	env -u LD_LIBRARY_PATH $(OUT)/c-tests/hit_test_api $(RENDER) $(OUT)/c-tests
	@# Every entry point given the extreme values of its sizes and numbers (docs/limits.md, C library).
	cc -std=c99 -Wall -Wextra -Werror CLibrary/tests/c_limits_test.c $$($(C_PKG)) -lm -o $(OUT)/c-tests/c_limits_test
	env -u LD_LIBRARY_PATH $(OUT)/c-tests/c_limits_test $(RENDER) $(OUT)/c-tests
	@# Every function the header declares, called with the extreme values of each parameter's type, each
	@# function in a child process (a crash or hang names the call): generated from the header, so a new
	@# function is covered; the generator fails on a prototype or type it cannot read.
	python3 scripts/make-c-extremes.py CLibrary/include/preview_renderer.h $(OUT)/c-tests/c_extremes_test.c
	cc -std=c99 -Wall -Wextra -Werror -ICLibrary/tests $(OUT)/c-tests/c_extremes_test.c $$($(C_PKG)) -lm \
	  -o $(OUT)/c-tests/c_extremes_test
	env -u LD_LIBRARY_PATH $(OUT)/c-tests/c_extremes_test $(OUT)/c-tests
	@# The README's example, built and run in a folder of its own, its screenshot replayed byte for byte.
	@mkdir -p $(OUT)/c-tests/hello
	cc CLibrary/examples/hello.c $$($(C_PKG)) -o $(OUT)/c-tests/hello/hello
	cd $(OUT)/c-tests/hello && env -u LD_LIBRARY_PATH ./hello > out.txt && cat out.txt \
	  && grep -q "SysInfoEvent START to 1" out.txt && grep -q "SysInfoEvent RESUME to 1" out.txt \
	  && grep -q "ValueEvent to 3" out.txt && $(abspath $(RENDER)) hello.json --snapshot hello -o replayed.png -q && cmp hello.png replayed.png \
	  && echo "hello: passed (its screenshot replays byte for byte)"
	$(MAKE) --no-print-directory c-tests-tsan

## What a long-lived backend holds: resident memory for 600 phone-sized surfaces (scripts/c-memory.c;
## figures, not a test: docs/limits.md). `make c-memory C_MEMORY_ARGS="100 same"` for other runs.
.PHONY: c-memory
C_MEMORY_ARGS ?= 600 distinct $(OUT)/c-memory/recorded.json
c-memory: c-library
	@mkdir -p $(OUT)/c-memory
	cc -std=c99 -O2 -Wall -Wextra -Werror scripts/c-memory.c $$($(C_PKG)) -o $(OUT)/c-memory/c-memory
	env -u LD_LIBRARY_PATH $(OUT)/c-memory/c-memory $(C_MEMORY_ARGS)

## The C++ test (worker threads sending while the main thread ticks and screenshots) under
## ThreadSanitizer: the library built with -sanitize=thread, the program with the Swift toolchain's
## clang (gcc cannot link Swift's TSan runtime); any report fails the run.
TSAN_CLANG ?= $(dir $(realpath $(shell command -v $(SWIFT))))clang++
SWIFT_LIBS = $(dir $(realpath $(shell command -v $(SWIFT))))../lib/swift/linux
TSAN_BUILD = $(SWIFT) build -c debug -Xswiftc -sanitize=thread --product preview_renderer --scratch-path .build-tsan
c-tests-tsan: $(call BUILT,build)
	$(TSAN_BUILD)
	@mkdir -p $(OUT)/c-tests
	$(TSAN_CLANG) -std=c++17 -fsanitize=thread -g -O1 CLibrary/tests/cpp_api_test.cpp -ICLibrary/include \
	  -L.build-tsan/debug -Wl,-rpath,$(CURDIR)/.build-tsan/debug -lpreview_renderer \
	  -L$(SWIFT_LIBS) -Wl,-rpath,$(SWIFT_LIBS) -ldispatch -lBlocksRuntime -lpthread -o $(OUT)/c-tests/cpp_api_test_tsan
	TSAN_OPTIONS="halt_on_error=1 exitcode=66" $(OUT)/c-tests/cpp_api_test_tsan $(RENDER) $(OUT)/c-tests

## The headless platform (Platform/, README "Preview your app"): the platform sources compiled with
## the framework stand-in (Platform/standin) and the test app (Platform/tests/app) against the C
## library, then the test app's scripts checked (sessions, PNGs, render's replays, failures).
.PHONY: platform-app platform-tests
PLATFORM_OUT := $(OUT)/platform
PLATFORM_SOURCES := $(wildcard Platform/src/*.cpp) $(wildcard Platform/standin/src/*.cpp) $(wildcard Platform/tests/app/*.cpp)
# The offline HTTP client compiles against both httpclient APIs (getType()/HTTPRequest::GET up to
# cef38ae, getMethod()/Method::GET from 941fea9 on): the stand-in has both (STANDIN_HTTPCLIENT_METHOD).
# Each source is compiled on its own (make -j; through ccache when it is installed, as `make deps` installs it:
# an unchanged file is not compiled again in the next run or the next clone), then linked against the C library
# as a user's app is.
CCACHE := $(shell command -v ccache 2>/dev/null)
PLATFORM_OBJECTS := $(patsubst %.cpp,$(PLATFORM_OUT)/obj/%.o,$(PLATFORM_SOURCES))
PLATFORM_CXXFLAGS := -std=c++17 -Wall -Wextra -Werror -IPlatform/standin/include
platform-app: c-library
	@mkdir -p $(PLATFORM_OUT)
	$(CCACHE) c++ $(PLATFORM_CXXFLAGS) -fsyntax-only -DSTANDIN_HTTPCLIENT_METHOD \
	  Platform/src/OfflineHTTPClient.cpp $$($(C_PKG)) $$(pkg-config --cflags cairo)
	$(MAKE) --no-print-directory -j2 $(PLATFORM_OUT)/previewtest
$(PLATFORM_OUT)/previewtest: $(PLATFORM_OBJECTS)
	c++ $^ $$($(C_PKG)) $$(pkg-config --libs cairo) -lpthread -o $@
$(PLATFORM_OUT)/obj/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(CCACHE) c++ $(PLATFORM_CXXFLAGS) -MMD -MP $$($(C_PKG_CFLAGS)) $$(pkg-config --cflags cairo) -c $< -o $@
-include $(PLATFORM_OBJECTS:.o=.d)
platform-tests: $(call BUILT,platform-app build)
	python3 Platform/tests/check-platform.py $(PLATFORM_OUT)/previewtest $(RENDER) $(PLATFORM_OUT)
	python3 Platform/tests/check-explore.py $(PLATFORM_OUT)/previewtest $(RENDER) $(PLATFORM_OUT)/explore

## An app's preview built without this repository (README "Preview your app"): `make install PREFIX=TMP`, then the
## stand-in app copied to a folder of its own and built against the installed files with pkg-config and with CMake
## (find_package(PreviewRenderer), preview_renderer_add_app); both run the flow, the installed render replays it.
.PHONY: app-build-test
app-build-test: $(call BUILT,build serve-static c-library fonts)
	scripts/app-build-test.sh

## Installs the release `render` with `render serve`'s server in libexec/preview-renderer/, the C library (header,
## libpreview_renderer.so.0 and its .so link, .pc), the bundled fonts, a man page per command (scripts/make-man) and
## the docs they name under $(DESTDIR)$(PREFIX) (README "Install"); the installed render and library find the fonts
## with no option. Needs patchelf (the library's SONAME).
.PHONY: install deb package-test print-version
print-version:
	@echo $(VERSION)
PREFIX ?= /usr/local
DESTDIR ?=
install: $(call BUILT,build serve-static c-library fonts)
	scripts/install.sh "$(DESTDIR)" "$(PREFIX)" $(RENDER) $(C_BUILD)/release/libpreview_renderer.so $(VERSION) \
	  $(SERVE_STATIC_BIN)

## The Debian packages in $(DEB_OUT) (README "Install"): debhelper from debian/ (dpkg-buildpackage -b -us -uc) in a
## staging copy of debian/ with the changelog generated from the version (scripts/deb-changelog); debian/rules
## installs the builds `make build serve c-library` made with scripts/install.sh, so nothing is compiled again
## (docs/decisions/2026-12-07-debian-packages-by-debhelper.md). `make lintian` (in make package-test): Debian 12's
## lintian on every package built; an error, or a warning that debian/*.lintian-overrides does not explain, fails.
## Its binaries/spelling check is left out: it only reports info-level typos in strings of ICU's and the Swift
## runtime's code linked into the binaries, and takes half of lintian's time.
ARCH := $(shell dpkg --print-architecture 2>/dev/null || echo amd64)
DEB_OUT := $(OUT)/deb
DEB_STAGE := $(DEB_OUT)/preview-renderer-$(VERSION)
DEB := $(DEB_OUT)/preview-renderer_$(VERSION)_$(ARCH).deb
# DEB_QUICK=1 (make package-test, so make test): gzip -1 instead of xz and no -dbgsym packages, seconds instead of
# minutes on two busy cores; the files in the packages are the same. A release runs plain `make deb`.
DEB_COMPRESS := $(if $(DEB_QUICK),-Zgzip -z1)
.PHONY: package-inputs lintian
package-inputs: $(call BUILT,build serve-static c-library fonts)
deb: package-inputs
	rm -rf $(DEB_OUT)
	@mkdir -p $(DEB_STAGE)
	cp -r debian $(DEB_STAGE)/
	scripts/deb-changelog > $(DEB_STAGE)/debian/changelog
	cd $(DEB_STAGE) && CHECKOUT=$(CURDIR) SWIFT=$(SWIFT) PREVIEW_BUILT=1 DEB_COMPRESS="$(DEB_COMPRESS)" \
	  $(if $(DEB_QUICK),DEB_BUILD_OPTIONS="noautodbgsym $$DEB_BUILD_OPTIONS") \
	  dpkg-buildpackage -b -us -uc --no-pre-clean > ../dpkg-buildpackage.log 2>&1 \
	  || { tail -40 ../dpkg-buildpackage.log; exit 1; }
	rm -rf $(DEB_STAGE)
	@ls -l $(DEB_OUT)/*.deb
lintian:
	lintian --fail-on error,warning -X binaries/spelling $(DEB_OUT)/preview-renderer_$(VERSION)_$(ARCH).changes

## The packages unpacked into a temporary root (dpkg -x): lintian, their render on a sample from a folder with no
## checkout around, render serve, the README's C example built against their header with pkg-config, the man
## pages against the help text (scripts/package-test.sh). Then scripts/check-install-modes.sh: install.sh under
## umask 000 makes nothing group- or world-writable.
# The packages' ceilings (download and installed, MB): today's sizes (34.6 and 133.3) with a little room, so that
# growth fails, under issue 47's limits of 45 and 150 (Benchmarks/notes/debian-packages.md).
PACKAGE_MAX_DOWNLOAD_MB ?= 40
PACKAGE_MAX_INSTALLED_MB ?= 140
package-test: package-inputs
	$(MAKE) --no-print-directory deb DEB_QUICK=1 TESTED_BUILDS=1
	$(MAKE) --no-print-directory lintian
	PACKAGE_MAX_DOWNLOAD_MB=$(PACKAGE_MAX_DOWNLOAD_MB) PACKAGE_MAX_INSTALLED_MB=$(PACKAGE_MAX_INSTALLED_MB) \
	  scripts/package-test.sh $(DEB_OUT) $(RENDER)
	scripts/check-install-modes.sh $(RENDER) $(C_BUILD)/release/libpreview_renderer.so $(VERSION) $(SERVE_STATIC_BIN)
