## Copyright (C) 2026 the grabrat authors
## SPDX-License-Identifier: GPL-3.0-or-later
## man/local.mk: man pages made by help2man from each applet's --help and
## --version (the pages cannot drift from the programs), plus a hand-written
## .x file per page for the sections --help does not carry.
##
## The pages are shipped in the tarball, so a build from it needs no
## help2man: as GNU packages do, a page depends on the sources of its
## --help and --version text (not on the binary, which a tarball build
## always makes anew), so it is made again only when those changed, and
## then only where help2man is found (configure: HELP2MAN); without it the
## shipped page is installed as it is, with a warning.
## tests/toolbox/man-pages.sh checks that the pages are what help2man
## makes of the binary now, should a source of --help text be missing
## from the lists below.

man_shipped = man/grabrat.1 man/grab.1 man/rat.1 man/sort.1 man/grep.1
man_pages = man/grabrat.1 man/grab.1 man/rat.1
# sort's page is installed under its own name only with the sort link, so a
# packaged grabrat never hides coreutils' sort(1).
if INSTALL_SORT
man_pages += man/sort.1
else
man_pages += man/grabrat-sort.1
endif
# The same for grep (and its egrep and fgrep links).
if INSTALL_GREP
man_pages += man/grep.1
man_grep_page = grep
else
man_pages += man/grabrat-grep.1
man_grep_page = grabrat-grep
endif
man_MANS += $(man_pages)

# egrep and fgrep are grep: where make install makes those links
# ($(install_dropins), src/local.mk), their pages are symbolic links to
# grep's page as installed, every name renamed by $(transform) as the
# programs are ('xegrep.1 -> xgrep.1').  uninstall removes only such links.
man_grep_links = egrep fgrep
install-data-hook: install-man-links
install-man-links:
	@page=`$(transform_name) $(man_grep_page) '$(transform)'`.1 && \
	for l in $(man_grep_links); do \
	  case ' $(install_dropins) ' in *" $$l "*) ;; *) continue ;; esac; \
	  t=`$(transform_name) "$$l" '$(transform)'`.1 && \
	  echo " $(LN_S) $$page '$(DESTDIR)$(man1dir)/$$t'" && \
	  (cd '$(DESTDIR)$(man1dir)' && rm -f "$$t" && $(LN_S) "$$page" "$$t") \
	    || exit; \
	done
uninstall-hook: uninstall-man-links
uninstall-man-links:
	@page=`$(transform_name) $(man_grep_page) '$(transform)'`.1 && \
	for l in $(man_grep_links); do \
	  t='$(DESTDIR)$(man1dir)/'`$(transform_name) "$$l" '$(transform)'`.1; \
	  if test "`readlink "$$t" 2>/dev/null`" = "$$page"; then \
	    echo " rm -f '$$t'"; rm -f "$$t"; \
	  fi; \
	done
.PHONY: install-man-links uninstall-man-links
EXTRA_DIST += man/grabrat.x man/grab.x man/rat.x man/sort.x man/grep.x \
  $(man_shipped)
# The shipped pages are sources of a tarball: only 'make maintainer-clean'
# removes them; the copies below are the build's.
MAINTAINERCLEANFILES += $(man_shipped)
CLEANFILES += man/grabrat-sort.1 man/grabrat-grep.1
# A VPATH build that had to copy or remake a page made it in the build
# tree: distclean removes those, never the source tree's.
distclean-local: distclean-man
distclean-man:
	rm -rf man/bin
	if test '$(abs_srcdir)' != '$(abs_builddir)'; then \
	  rm -f $(man_shipped); fi
.PHONY: distclean-man

# What each page is made of: its .x file and the sources of its --help
# and --version text (system.h: the --version lines; configure.ac: the
# version number).
man_common_deps = $(top_srcdir)/configure.ac $(top_srcdir)/src/system.h
man/grabrat.1: $(srcdir)/man/grabrat.x $(man_common_deps) \
  $(top_srcdir)/src/grabrat.c $(top_srcdir)/src/applets.h
man/grab.1: $(srcdir)/man/grab.x $(man_common_deps) \
  $(top_srcdir)/src/applets/grab/usage.c
man/rat.1: $(srcdir)/man/rat.x $(man_common_deps) \
  $(top_srcdir)/src/applets/rat/rat.c
man/sort.1: $(srcdir)/man/sort.x $(man_common_deps) \
  $(top_srcdir)/src/applets/sort/cmdline.c
man/grep.1: $(srcdir)/man/grep.x $(man_common_deps) \
  $(top_srcdir)/src/applets/grep/usage.c
# help2man runs the binary, built first but not a prerequisite (GNU
# make's order-only prerequisites), through a link named after the
# applet, so argv[0] (and so the page) is right.  There is no src/grep
# link (see src/local.mk): help2man runs one made in man/.
$(man_shipped): | src/grabrat$(EXEEXT) $(applet_links)
	$(AM_V_GEN)epoch=$$($(source_epoch)) \
	  && SOURCE_DATE_EPOCH=$$epoch $(run_help2man) $@
man/grabrat-sort.1: man/sort.1
	$(AM_V_GEN)$(MKDIR_P) man \
	  && cp `test -f man/sort.1 || echo $(srcdir)/`man/sort.1 $@
man/grabrat-grep.1: man/grep.1
	$(AM_V_GEN)$(MKDIR_P) man \
	  && cp `test -f man/grep.1 || echo $(srcdir)/`man/grep.1 $@

# The pages' date (help2man reads SOURCE_DATE_EPOCH): the environment's
# SOURCE_DATE_EPOCH if set, else the time of the last commit in a
# checkout, else the time make dist recorded in the tarball's
# .tarball-epoch (from the same two), else configure.ac's.  TZ=UTC0 too:
# the same page on every machine.
source_epoch = sh -c 'if test -n "$$SOURCE_DATE_EPOCH"; then \
    echo "$$SOURCE_DATE_EPOCH"; \
  elif test -e "$$1/.git" \
       && git -C "$$1" log -1 --format=%ct 2>/dev/null | grep .; then :; \
  elif test -s "$$1/.tarball-epoch"; then cat "$$1/.tarball-epoch"; \
  else date -u -r "$$1/configure.ac" +%s; fi' sh '$(top_srcdir)'

# run_help2man man/NAME.1, with SOURCE_DATE_EPOCH set: make the page, or,
# without help2man, keep the
# shipped one (copied into a VPATH build's tree, as a remade page would be).
run_help2man = sh -c 'page=$$1 name=`basename "$$1" .1`; \
  if test -z "$(HELP2MAN)"; then \
    if test -f "$(srcdir)/$$page"; then \
      echo "$$page: help2man not found: the shipped page is installed as it is" >&2; \
      test -f "$$page" || { $(MKDIR_P) man && cp "$(srcdir)/$$page" "$$page"; } \
        || exit; \
      touch "$$page"; exit; \
    fi; \
    echo "$$page: help2man not found (./bootstrap --deps installs it)" >&2; \
    exit 1; \
  fi; \
  $(MKDIR_P) man/bin && rm -f "man/bin/$$name" \
  && $(LN_S) "$(abs_top_builddir)/src/grabrat$(EXEEXT)" "man/bin/$$name" \
  && PATH="$(abs_top_builddir)/man/bin$(PATH_SEPARATOR)$$PATH" \
     TZ=UTC0 $(HELP2MAN) --no-info \
       --source="$(PACKAGE_STRING)" --include="$(srcdir)/man/$$name.x" \
       --output="$$page-t" "$$name" \
  && rm -f "man/bin/$$name" && mv -f "$$page-t" "$$page"' sh
