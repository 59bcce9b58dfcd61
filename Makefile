# weft — build and test.  `make` builds bin/weft; `make check` runs the test suite's quick part,
# `make check-full` the slow whole-corpus passes it leaves out (tests/run.sh says which);
# `make install` / `make uninstall` (PREFIX, DESTDIR) bin/weft, its manual pages and the docs.
CC      ?= cc
CFLAGS  ?= -O2 -g
WERROR  ?= -Werror
WFLAGS  := -std=c11 -Wall -Wextra $(WERROR) -Wshadow -Wmissing-prototypes -Wno-unused-parameter
CPPFLAGS+= -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
LDLIBS  += -lm -pthread

BUILD   ?= build
FUZZ_SECONDS ?= 60
BIN     ?= bin/weft
SRC     := $(shell find src -name '*.c' | sort)
RTS_IN_WEFT := rts/values.c
PRELUDE := $(sort $(wildcard prelude/*.fut))
OBJ     := $(SRC:%.c=$(BUILD)/%.o) $(RTS_IN_WEFT:%.c=$(BUILD)/%.o) $(BUILD)/prelude_data.o
RTS_EMBED := rts/runtime.c rts/runtime.h rts/values.c rts/values.h rts/mc.h rts/flat.h rts/flat_views.h \
             rts/wf_scalar.h rts/wf_half.h rts/cuda_rt.h rts/cuda_kernels.cuh rts/flat_cuda.h rts/flat_dev.cuh rts/flat_bins.h rts/cuda_scan.cuh rts/cuda_irregular.cuh \
             rts/wf_mpi.h rts/wf_mpi.c rts/wf_mpi_cuda.h
OBJ     += $(BUILD)/rts_data.o

# make install: where (PREFIX, and DESTDIR for staged installs, as Debian packaging expects)
PREFIX  ?= /usr/local
DESTDIR ?=
BINDIR  := $(PREFIX)/bin
MAN1DIR := $(PREFIX)/share/man/man1
DOCDIR  := $(PREFIX)/share/doc/weft
DOCS    := README.md $(sort $(wildcard docs/*.md))
# the manual pages' date: SOURCE_DATE_EPOCH's (reproducible builds), else the last commit's,
# else today's (weft man's default)
MANDATE ?= $(strip $(if $(SOURCE_DATE_EPOCH),$(shell date -u -d @$(SOURCE_DATE_EPOCH) +%Y-%m-%d),\
                $(shell git log -1 --format=%cd --date=short 2>/dev/null)))

.PHONY: all check check-full check-mpi-corpus check-asan check-cuda check-cuda-compile check-quantlib bench demo clean fuzz \
        man install uninstall
all: $(BIN)

$(BIN): $(OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(OBJ) $(LDFLAGS) $(LDLIBS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WFLAGS) -MMD -MP -c -o $@ $<

# The prelude is embedded in the binary as C strings.
$(BUILD)/prelude_data.c: $(PRELUDE) tools/embed.sh
	@mkdir -p $(dir $@)
	sh tools/embed.sh $(PRELUDE) > $@

$(BUILD)/prelude_data.o: $(BUILD)/prelude_data.c
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

# The runtime and the C backend's array helpers, embedded for `weft c` (src/driver/compile.c).
$(BUILD)/rts_data.c: $(RTS_EMBED) tools/embed.sh
	@mkdir -p $(dir $@)
	sh tools/embed.sh $(RTS_EMBED) | sed 's/weft_prelude\[\]/weft_rts[]/' > $@

$(BUILD)/rts_data.o: $(BUILD)/rts_data.c
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

# The manual pages weft(1) and weft-COMMAND(1), written by `weft man` from the commands' --help
# texts (src/driver/man.c), so they cannot drift from them.
man: $(BUILD)/man/weft.1
$(BUILD)/man/weft.1: $(BIN)
	@rm -rf $(BUILD)/man && mkdir -p $(BUILD)/man
	for page in $$($(BIN) man --list); do \
	    $(BIN) man $(if $(MANDATE),--date=$(MANDATE)) $$page > $(BUILD)/man/$$page.1 || exit 1; \
	done

# bin/weft (the prelude and the runtime are embedded in it: no headers or libraries to install),
# the manual pages and the documentation; tests/scripts/install.sh tests an installed copy.
install: $(BIN) man
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MAN1DIR) $(DESTDIR)$(DOCDIR)
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/weft
	install -m 644 $(BUILD)/man/*.1 $(DESTDIR)$(MAN1DIR)
	install -m 644 $(DOCS) $(DESTDIR)$(DOCDIR)

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/weft $(DESTDIR)$(MAN1DIR)/weft.1 $(DESTDIR)$(MAN1DIR)/weft-*.1
	rm -f $(addprefix $(DESTDIR)$(DOCDIR)/,$(notdir $(DOCS)))
	if [ -d $(DESTDIR)$(DOCDIR) ]; then rmdir $(DESTDIR)$(DOCDIR); fi

check: $(BIN)
	WEFT=$(BIN) sh tests/run.sh

check-full: $(BIN)
	WEFT=$(BIN) sh tests/run.sh --full

# the whole corpus on weft multicore --mpi at 1, 2 and 3 ranks (docs/MPI.md; about an hour on 2 cores)
check-mpi-corpus: $(BIN)
	WEFT=$(BIN) sh tests/scripts/mpi_corpus.sh

# weft cuda on a machine with a GPU (docs/BACKENDS.md): the corpus against its expected outputs
check-cuda: $(BIN)
	$(BIN) test --backend=cuda -j$$(nproc) tests examples

# weft cuda without a GPU: the generated host code and kernels of the whole corpus compile
check-cuda-compile: $(BIN)
	WEFT=$(BIN) sh tests/ci/cuda_compile.sh

# weft's Hull-White pricer against QuantLib (Debian libquantlib0-dev; skipped without it)
check-quantlib: $(BIN)
	WEFT=$(BIN) sh bench/hullwhite/check_quantlib.sh

# both parts of the suite, interpreter only, with a weft built under ASan + UBSan (less the
# scripts that do not run weft or spend their time in the C compiler: tests/run.sh's
# --compiler-only)
check-asan:
	$(MAKE) BUILD=build-asan BIN=build-asan/weft \
	    CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	    LDFLAGS="-fsanitize=address,undefined" build-asan/weft
	WEFT=build-asan/weft WEFT_CHECK_BACKENDS= sh tests/run.sh --all --compiler-only

bench: $(BIN)
	WEFT=$(BIN) sh bench/run.sh

demo: $(BIN)
	WEFT=$(BIN) sh bench/demo.sh

# libFuzzer on the value readers, the front end and the interpreter, FUZZ_SECONDS (60) each
# (tests/fuzz/libfuzzer.sh; skipped without clang's libFuzzer)
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) sh tests/fuzz/libfuzzer.sh

clean:
	rm -rf build build-asan build-fuzz bin

-include $(OBJ:.o=.d)
