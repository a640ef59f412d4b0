# Quick start on a fresh Debian machine with Swift installed:
#   make demo    run the interactive demo form
#   make test    run every test
# Both install the Debian packages the build needs first (libreadline-dev, libpcre2-dev, tmux).

APT_PACKAGES := libreadline-dev libpcre2-dev tmux
SWIFT ?= swift
# The demo program: the signup form (Examples/signup). `make demo DEMO=field-gmail` runs another example.
DEMO ?= signup

.PHONY: demo test bench deps build

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

# The check benchmark runs the release-built CLI, so build it first: statically linked (start-up about twice as
# fast), in its own build folder so it never flips the flags of .build/release.
bench: deps
	$(SWIFT) build -c release --product switchboard --static-swift-stdlib --scratch-path .build-static
	$(SWIFT) run -c release --package-path Benchmarks switchboard-bench
