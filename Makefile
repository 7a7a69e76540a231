# PreviewRenderer. `make setup` on a fresh Debian machine installs what it needs, builds, and renders a
# sample; `make test` runs every test. See README.md.
SHELL := /bin/bash
SWIFT ?= swift
OUT ?= out
SAMPLE ?= Examples/example1-front-view.json
RENDER := .build/release/render
DEBIAN_PACKAGES := libcairo2-dev libharfbuzz-dev libfreetype-dev libpng-dev zlib1g-dev libunibreak-dev \
  libfribidi-dev pkg-config python3 fonts-roboto-unhinted fonts-dejavu-core fonts-dejavu-extra \
  fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji

.PHONY: setup deps fonts build sample test check-expectations browser-references clean

## Everything a newcomer needs: system packages, fonts, a release build, and a rendered sample.
setup: deps fonts build sample

## Debian packages (needs root or sudo; skipped when all are installed already).
deps:
	@missing=$$(for p in $(DEBIAN_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q "install ok installed" || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q $$missing; \
	else echo "deps: all Debian packages present"; fi

## Fonts/ from the Debian font packages, checked against Fonts/fonts.lock.
fonts:
	@scripts/fonts.sh

build:
	$(SWIFT) build -c release --product render

## Renders the sample session to out/NAME.png.
sample: build
	@mkdir -p $(OUT)
	$(RENDER) $(SAMPLE) -o $(OUT)/$$(basename $(SAMPLE) .json).png -v
	@echo "sample: open $(OUT)/$$(basename $(SAMPLE) .json).png"

## All tests: unit, layout, pixel and golden tests, then the sample sessions against their expectations.
test: fonts
	$(SWIFT) build -c release --product render
	$(SWIFT) test
	$(MAKE) --no-print-directory check-expectations

## Renders every Examples/*.json with a .expect.json and checks pixel probes and events.
check-expectations:
	@mkdir -p $(OUT)/expectations
	cd $(OUT)/expectations && python3 ../../scripts/check-expectations --render ../../$(RENDER) ../../Examples

clean:
	rm -rf .build $(OUT)

## Regenerates the Chromium reference screenshots of the browser cases (needs the chromium package).
browser-references:
	python3 scripts/make-browser-cases.py Tests/RenderPipelineTests/Fixtures/browser
	cd Tests/RenderPipelineTests/Fixtures/browser && for f in *.json; do \
	  python3 ../../../../scripts/session2html $$f -o /tmp/$${f%.json}.html --png $${f%.json}.png || exit 1; done

## Regenerates the Chromium text-fidelity cases: sessions, screenshots and line breaks (needs the chromium package).
text-references:
	python3 scripts/make-text-cases.py Tests/RenderPipelineTests/Fixtures/text
