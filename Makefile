# Quire: `make run` and `make test` are the only commands a newcomer needs (as root on Debian).
SHELL := /bin/bash
.DEFAULT_GOAL := run

# Debian packages the build and tests need, and the pkg-config names that prove them installed.
DEBS := pkg-config python3 libzip-dev zlib1g-dev libdeflate-dev libxml2-dev libicu-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libyaml-dev libssl-dev \
        libhyphen-dev libncurses-dev tmux hyphen-en-us hyphen-fr hyphen-de hyphen-es hyphen-ru \
        chromium chromium-driver python3-selenium python3-html5lib python3-pip fonts-ipafont-gothic \
        slurm-wlm munge parallel python3-yaml
PKGCONFIG := libzip zlib libdeflate libxml-2.0 icu-uc libcmark-gfm yaml-0.1 libcrypto ncursesw

SAMPLE := Samples/lighthouse-keeper
CORPUS := $(abspath ../shared/corpus)
QUIRE_CORPUS ?= $(if $(wildcard $(CORPUS)/MANIFEST.tsv),$(CORPUS),)
export QUIRE_CORPUS

.PHONY: deps build release run test test-asan fuzz ci bench clean lint

## deps: install the missing Debian packages (apt-get update runs once, only when something is missing).
deps:
	@missing=""; \
	for deb in $(DEBS); do dpkg -s $$deb >/dev/null 2>&1 || missing="$$missing $$deb"; done; \
	if [ -z "$$missing" ]; then echo "deps: all packages present"; exit 0; fi; \
	if [ "$$(id -u)" -ne 0 ]; then \
	  echo "deps: missing:$$missing"; echo "deps: run as root: apt-get update && apt-get install -y$$missing"; exit 1; \
	fi; \
	echo "deps: installing$$missing"; \
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	for pc in $(PKGCONFIG); do pkg-config --exists $$pc || { echo "deps: pkg-config cannot find $$pc"; exit 1; }; done
	@# axe-core for the browser suite's accessibility checks: PyPI only (Tests/Browser/requirements.txt).
	@/usr/bin/python3 -c 'import axe_selenium_python' 2>/dev/null || \
	if [ "$$(id -u)" -eq 0 ]; then /usr/bin/python3 -m pip install --quiet --no-deps --break-system-packages -r Tests/Browser/requirements.txt; \
	else echo "deps: run as root: /usr/bin/python3 -m pip install --no-deps --break-system-packages -r Tests/Browser/requirements.txt"; exit 1; fi

build: deps
	swift build

release: deps
	swift build -c release --static-swift-stdlib --product quire

## run: build and render the bundled sample book to the terminal.
run: release
	.build/release/quire render $(SAMPLE)

## test: build and run every test (corpus tests run when ../shared/corpus exists), then the browser suite, then
## the cluster suite (a one-node Slurm, GNU parallel, the Kubernetes Job's structure: Tests/Cluster/run).
test: deps
	swift build --build-tests
	swift test --skip-build
	QUIRE_BIN=$(CURDIR)/.build/debug/quire Tests/Browser/run
	QUIRE_BIN=$(CURDIR)/.build/debug/quire Tests/Cluster/run

## test-asan: unit tests and a corpus walk (every book, text and JSON) under AddressSanitizer and UBSan.
test-asan: deps
	Fuzz/asan.sh

## fuzz: each libFuzzer target for FUZZ_SECONDS (default 60); reproducers land in Fuzz/Findings/<target>/.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run.sh

## ci: what .ci/run runs: the tests, the sanitizer run, then a minute of fuzzing per target.
ci: test test-asan fuzz

## lint: swift format (from the Swift toolchain) with .swift-format over Sources and Tests. It reports and does not
## fail: the tree predates the config (continuation lines aligned under the open parenthesis, long lines), so the
## findings go to .build/lint.txt with a count per kind; LINT_STRICT=1 fails on any finding (once the tree is clean).
lint:
	@mkdir -p .build
	@swift format lint --recursive $(if $(LINT_STRICT),--strict,) Sources Tests >.build/lint.txt 2>&1; status=$$?; \
	grep -oE '\[[A-Za-z]+\]' .build/lint.txt | sort | uniq -c | sort -rn; \
	echo "lint: $$(grep -c ': warning: \|: error: ' .build/lint.txt) findings in $$(cut -d: -f1 .build/lint.txt | sort -u | wc -l) files (.build/lint.txt)"; \
	exit $$status

clean:
	rm -rf .build .build-asan Fuzz/.build

## bench: time and memory of full renders beside the unzip+parse floor (needs ../shared/corpus), pandoc and calibre
## on the same books when installed, instruction counts, the corpus batch; last, every issue-19 target in one block.
bench: release
	@rm -f .build/bench/summary-*.txt
	Benchmarks/bench.sh
	Benchmarks/peers.sh
	Benchmarks/instructions.sh
	Benchmarks/batch-bench.sh
	@Benchmarks/summary.sh
	@Benchmarks/cleanup.sh
