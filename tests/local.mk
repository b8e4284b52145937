## Copyright (C) 2026 the grabrat authors
## SPDX-License-Identifier: GPL-3.0-or-later
## tests/local.mk: the test suite (automake parallel harness + gnulib's
## tests/init.sh).  One shell script per behaviour; C unit tests for the
## helpers in src/io/ and the search loop.

TEST_EXTENSIONS = .sh
SH_LOG_COMPILER = $(SHELL)
TEST_SUITE_LOG = tests/test-suite.log

# Tests run the applets by name through the links in src/, in the C locale
# unless they ask otherwise.
AM_TESTS_ENVIRONMENT = \
  . $(srcdir)/tests/env.sh; \
  srcdir='$(srcdir)'; export srcdir; \
  abs_top_builddir='$(abs_top_builddir)'; export abs_top_builddir; \
  abs_top_srcdir='$(abs_top_srcdir)'; export abs_top_srcdir; \
  applet_names='$(applet_names)'; export applet_names; \
  RUN_EXPENSIVE_TESTS='$(RUN_EXPENSIVE_TESTS)'; export RUN_EXPENSIVE_TESTS; \
  PATH='$(abs_top_builddir)/src$(PATH_SEPARATOR)'"$$PATH"; export PATH;

EXTRA_DIST += init.cfg tests/init.sh tests/env.sh $(all_tests)

toolbox_tests = \
  tests/toolbox/dispatch.sh \
  tests/toolbox/help-version.sh \
  tests/toolbox/write-error.sh \
  tests/toolbox/help-full.sh \
  tests/toolbox/install-links.sh \
  tests/toolbox/install-transform.sh \
  tests/toolbox/installcheck.sh \
  tests/toolbox/licence-notices.sh \
  tests/toolbox/needed-libs.sh \
  tests/toolbox/man-pages.sh \
  tests/toolbox/man-content.sh \
  tests/toolbox/readme-docs.sh \
  tests/toolbox/include-circles.sh \
  tests/toolbox/completions.sh \
  tests/toolbox/unprivileged-skip.sh \
  tests/toolbox/translations.sh \
  tests/toolbox/po-files.sh

all_tests = $(toolbox_tests)
TESTS += $(all_tests)

grab_tests = \
  tests/grab/differential-c.sh \
  tests/grab/differential-utf8.sh \
  tests/grab/operands.sh \
  tests/grab/window.sh \
  tests/grab/big-file-pieces.sh \
  tests/grab/thread-count.sh \
  tests/grab/sigbus.sh \
  tests/grab/deep-tree.sh \
  tests/grab/listing-fds.sh \
  tests/grab/batch-open.sh \
  tests/grab/sort-path.sh \
  tests/grab/json-ripgrep.sh \
  tests/grab/json-modes.sh \
  tests/grab/json-max-count.sh \
  tests/grab/json-pattern.sh \
  tests/grab/json-binary.sh \
  tests/grab/json-fuzz.sh \
  tests/grab/json-big-output.sh \
  tests/grab/json-long-line.sh \
  tests/grab/terminal.sh \
  tests/grab/errors.sh \
  tests/grab/faults.sh \
  tests/grab/fixed-every-line-forms.sh \
  tests/grab/match-offsets.sh \
  tests/grab/offset-list.sh \
  tests/grab/every-line.sh \
  tests/grab/first-match-only.sh \
  tests/grab/fixed-strings.sh \
  tests/grab/color-on-terminal.sh \
  tests/grab/threads-option.sh \
  tests/grab/required-byte.sh \
  tests/grab/interleave.sh \
  tests/grab/small-files.sh \
  tests/grab/binary.sh \
  tests/grab/color.sh \
  tests/grab/valgrind.sh \
  tests/grab/debug.sh \
  tests/grab/proc-files.sh \
  tests/grab/word-lists.sh \
  tests/grab/line-scope.sh \
  tests/grab/pcre-interpreter.sh \
  tests/grab/pcre-wrap.sh \
  tests/grab/pcre-limits.sh \
  tests/grab/files0-from.sh \
  tests/grab/files0-from-errors.sh \
  tests/grab/files0-from-stream.sh \
  tests/grab/files0-from-fifo.sh \
  tests/grab/files0-from-bounded.sh \
  tests/grab/files-list.sh \
  tests/grab/walk-limits.sh \
  tests/grab/parallel-recipe.sh

all_tests += $(grab_tests)

grep_tests = \
  tests/grep/differential.sh \
  tests/grep/max-count.sh \
  tests/grep/messages.sh \
  tests/grep/messages-order.sh \
  tests/grep/batched-writes.sh \
  tests/grep/first-read-status.sh \
  tests/grep/holes.sh \
  tests/grep/quiet.sh \
  tests/grep/stdin-turns.sh \
  tests/grep/mapped-binary.sh tests/grep/binary-nomatch.sh \
  tests/grep/few-strings.sh \
  tests/grep/random.sh \
  tests/grep/separators.sh \
  tests/grep/utf8-forms.sh \
  tests/grep/walk-loops.sh \
  tests/grep/walk-operands.sh \
  tests/grep/walk-order.sh \
  tests/grep/word-empty.sh \
  tests/grep/icase-literal.sh \
  tests/grep/line-word.sh \
  tests/grep/word-only-matching.sh \
  tests/grep/write-error.sh \
  tests/grep/pcre-wrap.sh \
  tests/grep/pcre-limits.sh \
  tests/grep/dfa-unreached.sh \
  tests/grep/mb-encoding.sh

all_tests += $(grep_tests)
EXTRA_DIST += tests/lib/grep.sh tests/grep/patterns.txt tests/grep/patterns-ere.txt \
  tests/grep/random.pl tests/grep/random-allow.txt
EXTRA_DIST += tests/lib/grab-json.sh tests/lib/json-norm.pl
EXTRA_DIST += tests/lib/mktree.sh tests/lib/grab-diff.sh \
  tests/lib/mkedges.sh tests/grab/patterns.txt tests/grab/patterns-utf8.txt \
  tests/grab/line-scope-patterns.txt tests/grab/options.txt

# C unit tests of grab's modules.
check_PROGRAMS += tests/unit/test-search tests/unit/test-pcre2-syntax \
  tests/unit/test-litset tests/unit/test-litset-plain tests/unit/test-literal \
  tests/unit/test-byteseq tests/unit/test-utf8chars tests/unit/test-workq
unit_cppflags = $(AM_CPPFLAGS) -I$(top_srcdir)/src
tests_unit_test_search_SOURCES = tests/unit/test-search.c \
  src/search/search.c src/engines/linescan.c
tests_unit_test_search_CPPFLAGS = $(unit_cppflags)
tests_unit_test_search_CFLAGS = $(WARN_CFLAGS)
tests_unit_test_search_LDADD = lib/libgnu.a
tests_unit_test_pcre2_syntax_SOURCES = tests/unit/test-pcre2-syntax.c \
  src/engines/pcre2-scope.c src/engines/pcre2-literal.c src/engines/literal.c \
  src/engines/byteseq.c
tests_unit_test_pcre2_syntax_CPPFLAGS = $(unit_cppflags)
tests_unit_test_pcre2_syntax_CFLAGS = $(WARN_CFLAGS) $(PCRE2_CFLAGS)
tests_unit_test_pcre2_syntax_LDADD = lib/libgnu.a $(PCRE2_LIBS)
tests_unit_test_workq_SOURCES = tests/unit/test-workq.c \
  src/search/workq.c src/search/order.c src/io/outbuf.c src/io/outblock.c
tests_unit_test_workq_CPPFLAGS = $(unit_cppflags)
tests_unit_test_workq_CFLAGS = $(WARN_CFLAGS)
tests_unit_test_workq_LDADD = lib/libgnu.a
tests_unit_test_litset_SOURCES = tests/unit/test-litset.c \
  src/engines/litset.c src/engines/teddy.c
tests_unit_test_litset_CPPFLAGS = $(unit_cppflags)
tests_unit_test_litset_CFLAGS = $(WARN_CFLAGS)
tests_unit_test_litset_LDADD = lib/libgnu.a
# The same test of litset.c's own search, which serves where Teddy cannot
# (no AVX2, or 64 strings and more).
tests_unit_test_litset_plain_SOURCES = $(tests_unit_test_litset_SOURCES)
tests_unit_test_litset_plain_CPPFLAGS = $(unit_cppflags) -DTEDDY_NO_VECTORS
tests_unit_test_litset_plain_CFLAGS = $(WARN_CFLAGS)
tests_unit_test_litset_plain_LDADD = lib/libgnu.a
tests_unit_test_literal_SOURCES = tests/unit/test-literal.c \
  src/engines/pcre2-literal.c src/engines/literal.c src/engines/byteseq.c
tests_unit_test_literal_CPPFLAGS = $(unit_cppflags)
tests_unit_test_literal_CFLAGS = $(WARN_CFLAGS)
tests_unit_test_literal_LDADD = lib/libgnu.a
tests_unit_test_byteseq_SOURCES = tests/unit/test-byteseq.c \
  src/engines/pcre2-literal.c src/engines/literal.c src/engines/byteseq.c
tests_unit_test_byteseq_CPPFLAGS = $(unit_cppflags)
tests_unit_test_byteseq_CFLAGS = $(WARN_CFLAGS)
tests_unit_test_byteseq_LDADD = lib/libgnu.a
tests_unit_test_utf8chars_SOURCES = tests/unit/test-utf8chars.c \
  src/engines/utf8chars.c
tests_unit_test_utf8chars_CPPFLAGS = $(unit_cppflags)
tests_unit_test_utf8chars_CFLAGS = $(WARN_CFLAGS)
tests_unit_test_utf8chars_LDADD = lib/libgnu.a $(LIB_MBRTOWC)
TESTS += tests/unit/test-search tests/unit/test-pcre2-syntax \
  tests/unit/test-litset tests/unit/test-litset-plain tests/unit/test-literal \
  tests/unit/test-byteseq tests/unit/test-utf8chars tests/unit/test-workq

rat_tests = \
  tests/rat/differential.sh \
  tests/rat/startup-cpuid.sh \
  tests/rat/random-cli.sh \
  tests/rat/formatting.sh \
  tests/rat/options.sh \
  tests/rat/errors.sh \
  tests/rat/sigpipe.sh \
  tests/rat/self-copy.sh \
  tests/rat/proc.sh \
  tests/rat/flush.sh \
  tests/rat/zero-copy.sh \
  tests/rat/fallbacks.sh \
  tests/rat/splice-errors.sh \
  tests/rat/strict.sh \
  tests/rat/timestamp.sh \
  tests/rat/color.sh \
  tests/rat/progress.sh \
  tests/rat/memory.sh

all_tests += $(rat_tests)
EXTRA_DIST += tests/lib/rat.sh tests/rat/run-valgrind.sh tests/rat/valgrind.supp \
  tests/random-tools.pl

sort_tests = \
  tests/sort/differential-c.sh \
  tests/sort/random-cli.sh \
  tests/sort/differential-utf8.sh \
  tests/sort/differential-locale.sh \
  tests/sort/buffer-boundary.sh \
  tests/sort/random.sh \
  tests/sort/random-options.sh \
  tests/sort/errors.sh \
  tests/sort/faults.sh \
  tests/sort/external.sh \
  tests/sort/signals.sh \
  tests/sort/bad-input.sh \
  tests/sort/output-input.sh \
  tests/sort/parallel.sh \
  tests/sort/merge.sh \
  tests/sort/debug.sh \
  tests/sort/obsolete.sh \
  tests/sort/files0-from.sh \
  tests/sort/check.sh \
  tests/sort/version-order.sh \
  tests/sort/nan-order.sh \
  tests/sort/compress.sh \
  tests/sort/valgrind.sh

all_tests += $(sort_tests)
EXTRA_DIST += tests/lib/sort-diff.sh tests/sort/options.txt
EXTRA_DIST += tests/upstream/run.sh tests/upstream/getlimits.c

# C unit test of sort -R's keyed hash against the shared libxxhash.
sort_unit_tests = tests/unit/test-randkey
check_PROGRAMS += $(sort_unit_tests)
TESTS += $(sort_unit_tests)
tests_unit_test_randkey_SOURCES = tests/unit/test-randkey.c \
  src/applets/sort/randkey.c
tests_unit_test_randkey_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/src
tests_unit_test_randkey_CFLAGS = $(WARN_CFLAGS) $(XXHASH_CFLAGS)
tests_unit_test_randkey_LDADD = lib/libgnu.a $(XXHASH_LIBS) \
  $(LIB_GETRANDOM) $(LIBINTL) $(LIB_SETLOCALE_NULL)
