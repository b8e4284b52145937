## Copyright (C) 2026 the grabrat authors
## SPDX-License-Identifier: GPL-3.0-or-later
## src/local.mk: every source file of the grabrat binary.

bin_PROGRAMS += src/grabrat

# Our own code gets the warnings (gnulib's does not: it is not ours to fix).
src_grabrat_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/src
src_grabrat_CFLAGS = $(WARN_CFLAGS) $(PCRE2_CFLAGS) $(XXHASH_CFLAGS) $(HS_CFLAGS) \
  $(URING_CFLAGS)
src_grabrat_LDADD = lib/libgnu.a $(LIB_DL) $(URING_LIBS) \
  $(LIBPMULTITHREAD) $(LIB_GETRANDOM) $(LIB_CLOCK_GETTIME) \
  $(LIB_HARD_LOCALE) $(LIB_NANOSLEEP) $(LIBINTL) $(LIBTHREAD) \
  $(LIB_MBRTOWC) $(LIB_SETLOCALE_NULL) $(LIBCSTACK)

src_grabrat_SOURCES = \
  src/grabrat.c \
  src/pcre2-lazy.c \
  src/optdump.c \
  src/optdump.h \
  src/applets.h \
  src/cpu.h \
  src/system.h \
  src/io/dlsyms.c \
  src/io/dlsyms.h \
  src/io/input.c \
  src/io/input.h \
  src/io/opener.c \
  src/io/opener.h \
  src/io/outblock.c \
  src/io/outblock.h \
  src/io/outbuf.c \
  src/io/outbuf.h \
  src/io/shortread.c \
  src/io/shortread.h \
  src/io/zcopy.c \
  src/io/zcopy.h \
  src/engines/byteseq.c \
  src/engines/byteseq.h \
  src/engines/engine-dfa.c \
  src/engines/engine-fixed.c \
  src/engines/engine-pcre2.c \
  src/engines/engine.c \
  src/engines/engine.h \
  src/engines/linescan.c \
  src/engines/linescan.h \
  src/engines/litset.c \
  src/engines/litset.h \
  src/engines/teddy.c \
  src/engines/teddy.h \
  src/engines/pcre2-join.c \
  src/engines/pcre2-join.h \
  src/engines/literal.c \
  src/engines/literal.h \
  src/engines/pcre2-literal.c \
  src/engines/pcre2-literal.h \
  src/engines/pcre2-pre.h \
  src/engines/pcre2-prefilter.c \
  src/engines/pcre2-scope.c \
  src/engines/pcre2-scope.h \
  src/engines/pcre2-which.c \
  src/engines/pcre2-which.h \
  src/engines/utf8chars.c \
  src/engines/utf8chars.h \
  src/engines/wordchar.c \
  src/engines/wordchar.h \
  src/search/bigfile.c \
  src/search/bigfile.h \
  src/search/binary.c \
  src/search/binary.h \
  src/search/feed.c \
  src/search/feed.h \
  src/search/config.h \
  src/search/json.c \
  src/search/json.h \
  src/search/order.c \
  src/search/order.h \
  src/search/print.c \
  src/search/print-json.c \
  src/search/pool.c \
  src/search/pool.h \
  src/search/print.h \
  src/search/run.c \
  src/search/run.h \
  src/search/search.c \
  src/search/search.h \
  src/search/status.c \
  src/search/status.h \
  src/search/walk.c \
  src/search/walk.h \
  src/search/output.c \
  src/search/output.h \
  src/search/worker.c \
  src/search/worker.h \
  src/search/worker-state.h \
  src/search/workq.c \
  src/search/workq.h \
  src/front/cmdline.c \
  src/front/cmdline.h \
  src/front/defaults.c \
  src/front/defaults.h \
  src/front/settle.c \
  src/front/settle.h \
  src/applets/grab/grab.c \
  src/applets/grab/options.c \
  src/applets/grab/usage.c \
  src/applets/grab/options.h \
  src/applets/grep/grep-keys.c \
  src/applets/grep/grep-keys.h \
  src/applets/grep/options.c \
  src/applets/grep/options.h \
  src/applets/grep/usage.c \
  src/applets/grep/grep.c \
  src/applets/rat/color.c \
  src/applets/rat/color.h \
  src/applets/rat/copy.c \
  src/applets/rat/fastvis.c \
  src/applets/rat/fastvis.h \
  src/applets/rat/format.c \
  src/applets/rat/format.h \
  src/applets/rat/progress.c \
  src/applets/rat/progress.h \
  src/applets/rat/rat.c \
  src/applets/rat/rat.h \
  src/applets/rat/stamp.c \
  src/applets/rat/stamp.h \
  src/applets/rat/strict.c \
  src/applets/sort/check.c \
  src/applets/sort/check.h \
  src/applets/sort/chunk.c \
  src/applets/sort/chunk.h \
  src/applets/sort/cmdline.c \
  src/applets/sort/cmdline.h \
  src/applets/sort/compare.c \
  src/applets/sort/compare.h \
  src/applets/sort/debug.c \
  src/applets/sort/debug.h \
  src/applets/sort/lines.c \
  src/applets/sort/lines.h \
  src/applets/sort/merge.c \
  src/applets/sort/merge.h \
  src/applets/sort/msort.c \
  src/applets/sort/msort.h \
  src/applets/sort/numcmp.c \
  src/applets/sort/numcmp.h \
  src/applets/sort/output.c \
  src/applets/sort/output.h \
  src/applets/sort/randkey.c \
  src/applets/sort/randkey.h \
  src/applets/sort/sort.c \
  src/applets/sort/opts.h \
  src/applets/sort/tempfile.c \
  src/applets/sort/tempfile.h \
  src/applets/sort/vercmp.c \
  src/applets/sort/vercmp.h

if HAVE_HYPERSCAN
src_grabrat_SOURCES += src/engines/engine-hs.c
endif

# The applets as links to the binary, so tests and users can run them in
# place (src/grab ...).  The list must match 'grabrat --list' (a test checks).
# No src/grep link: the tests put src/ first in PATH and use the system's
# grep as their reference and as a tool (tests/grep/ makes its own link).
applet_names = grab rat sort grep
applet_links = src/grab src/rat src/sort

all-local: $(applet_links)
$(applet_links): src/grabrat$(EXEEXT)
	$(AM_V_GEN)rm -f $@ && $(LN_S) grabrat$(EXEEXT) $@
CLEANFILES += $(applet_links)

# make install: the binary plus links grab and rat; the drop-in names (cat,
# sort, grep with egrep and fgrep) only when asked (configure
# --enable-install-program=cat,sort,grep), as each would hide the system's
# program.  The links are renamed as the binary is, by $(transform)
# (configure's --program-prefix, --program-suffix, --program-transform-name),
# and point to its renamed name: 'xgrab -> xgrabrat'.  The binary finds
# the applet behind such a name (grabrat.c, untransform).
install_links = grab rat $(install_dropins)
# The sed script $(transform) applied to NAME.
transform_name = sh -c 'echo "$$1" | sed "$$2"' sh
install-exec-hook:
	@bin=`$(transform_name) grabrat '$(transform)'`$(EXEEXT) && \
	cd '$(DESTDIR)$(bindir)' && for l in $(install_links); do \
	  t=`$(transform_name) "$$l" '$(transform)'`$(EXEEXT) && \
	  echo " $(LN_S) $$bin '$(DESTDIR)$(bindir)/$$t'" && \
	  rm -f "$$t" && $(LN_S) "$$bin" "$$t" || exit; \
	done
# Only links to the binary: a system program of the same name stays.
uninstall-hook:
	@bin=`$(transform_name) grabrat '$(transform)'`$(EXEEXT) && \
	cd '$(DESTDIR)$(bindir)' && for l in grab rat cat sort grep egrep fgrep; do \
	  t=`$(transform_name) "$$l" '$(transform)'`$(EXEEXT); \
	  if test "`readlink "$$t" 2>/dev/null`" = "$$bin"; then \
	    echo " rm -f '$(DESTDIR)$(bindir)/$$t'"; rm -f "$$t"; \
	  fi; \
	done

# make installcheck: run what make install installed (under DESTDIR if
# given), by the installed names: tests/installcheck.sh.
installcheck-local:
	@bin=`$(transform_name) grabrat '$(transform)'`$(EXEEXT) && \
	names= && for l in $(install_links); do \
	  names="$$names $$l=`$(transform_name) "$$l" '$(transform)'`$(EXEEXT)"; \
	done && \
	pages= && for p in $(man_pages) $(man_grep_links); do \
	  p=`basename "$$p" .1` && \
	  case $$p in egrep | fgrep) \
	    case ' $(install_dropins) ' in *" $$p "*) ;; *) continue ;; esac ;; \
	  esac && \
	  pages="$$pages `$(transform_name) "$$p" '$(transform)'`.1"; \
	done && \
	$(SHELL) $(srcdir)/tests/installcheck.sh '$(DESTDIR)$(bindir)' \
	  '$(DESTDIR)$(man1dir)' "$$bin" $$names -- $$pages
EXTRA_DIST += tests/installcheck.sh
