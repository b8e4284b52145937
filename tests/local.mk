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
  PATH='$(abs_top_builddir)/src$(PATH_SEPARATOR)'"$$PATH"; export PATH;

EXTRA_DIST += init.cfg tests/init.sh tests/env.sh $(all_tests)

toolbox_tests = \
  tests/toolbox/dispatch.sh \
  tests/toolbox/help-version.sh \
  tests/toolbox/write-error.sh \
  tests/toolbox/install-links.sh \
  tests/toolbox/needed-libs.sh

all_tests = $(toolbox_tests)
TESTS += $(all_tests)

grab_tests = \
  tests/grab/differential-c.sh \
  tests/grab/differential-utf8.sh

all_tests += $(grab_tests)
EXTRA_DIST += tests/grab/mktree.sh tests/grab/difflib.sh \
  tests/grab/patterns.txt tests/grab/patterns-utf8.txt tests/grab/options.txt

rat_tests = \
  tests/rat/differential.sh \
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
EXTRA_DIST += tests/rat/lib.sh tests/rat/run-valgrind.sh tests/rat/valgrind.supp
