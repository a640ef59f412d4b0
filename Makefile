# Quick start on a fresh Debian machine with Swift installed:
#   make demo    run the interactive demo form
#   make test    run every test, then the core, rules and spec tests again under AddressSanitizer (leaks too)
# Both install the Debian packages the build needs first (libreadline-dev, libpcre2-dev, tmux).

APT_PACKAGES := libreadline-dev libpcre2-dev tmux
SWIFT ?= swift
# The demo program: the signup form (Examples/signup). `make demo DEMO=field-gmail` runs another example.
DEMO ?= signup

# pipefail: a recipe that filters a command's output still fails when the command does.
SHELL := bash
.SHELLFLAGS := -o pipefail -c
# The sanitizer run: AddressSanitizer with leak detection over the core, rules and spec tests and the example
# programs they run. Tests/lsan.supp lists the false positives it ignores (and why).
SANITIZED_TESTS := SwitchboardTests|SwitchboardRulesTests|SwitchboardSpecTests
LSAN := LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan.supp:print_suppressions=0 ASAN_OPTIONS=detect_leaks=1

.PHONY: demo test test-sanitized bench deps build

deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

demo: deps
	@$(SWIFT) build -q --product $(DEMO) && exec "$$($(SWIFT) build --show-bin-path)/$(DEMO)"

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) --no-print-directory test-sanitized

# The linker's notes about ASan's own symbols are noise; compiler warnings still show.
test-sanitized: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan 2>&1 | grep -v "Cannot export local symbol"
	$(LSAN) $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --filter '$(SANITIZED_TESTS)'

# The check benchmark runs the release-built CLI, so build it first: statically linked (start-up about twice as
# fast), in its own build folder so it never flips the flags of .build/release.
bench: deps
	$(SWIFT) build -c release --product switchboard --static-swift-stdlib --scratch-path .build-static
	$(SWIFT) run -c release --package-path Benchmarks switchboard-bench
