## man/local.mk: man pages made by help2man from each applet's --help and
## --version (the pages cannot drift from the programs), plus a hand-written
## .x file per page for the sections --help does not carry.

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
else
man_pages += man/grabrat-grep.1
endif
man_MANS += $(man_pages)
EXTRA_DIST += man/grabrat.x man/grab.x man/rat.x man/sort.x man/grep.x
CLEANFILES += man/grabrat.1 man/grab.1 man/rat.1 man/sort.1 man/grabrat-sort.1 \
  man/grep.1 man/grabrat-grep.1

# help2man runs the program through a link in src/ named after the applet,
# so argv[0] (and so the page) is right.  TZ and SOURCE_DATE_EPOCH make the
# page reproducible.
man_deps = src/grabrat$(EXEEXT) $(applet_links) configure.ac
man/grabrat.1: $(srcdir)/man/grabrat.x $(man_deps)
	$(AM_V_GEN)$(MKDIR_P) man && $(run_help2man) grabrat
man/grab.1: $(srcdir)/man/grab.x $(man_deps)
	$(AM_V_GEN)$(MKDIR_P) man && $(run_help2man) grab
man/rat.1: $(srcdir)/man/rat.x $(man_deps)
	$(AM_V_GEN)$(MKDIR_P) man && $(run_help2man) rat
man/sort.1: $(srcdir)/man/sort.x $(man_deps)
	$(AM_V_GEN)$(MKDIR_P) man && $(run_help2man) sort
man/grabrat-sort.1: man/sort.1
	$(AM_V_GEN)cp man/sort.1 $@
# There is no src/grep link (see src/local.mk): help2man runs one made in
# man/.
man/grep.1: $(srcdir)/man/grep.x $(man_deps)
	$(AM_V_GEN)$(MKDIR_P) man/bin && rm -f man/bin/grep && \
	  $(LN_S) '$(abs_top_builddir)/src/grabrat$(EXEEXT)' man/bin/grep && \
	  PATH='$(abs_top_builddir)/man/bin$(PATH_SEPARATOR)'"$$PATH" \
	  $(run_help2man) grep && rm -rf man/bin
man/grabrat-grep.1: man/grep.1
	$(AM_V_GEN)cp man/grep.1 $@

run_help2man = sh -c 'name=$$1; \
  PATH="$(abs_top_builddir)/src$(PATH_SEPARATOR)$$PATH" \
  TZ=UTC0 SOURCE_DATE_EPOCH=1788220800 $(HELP2MAN) --no-info \
    --source="$(PACKAGE_STRING)" --include="$(srcdir)/man/$$name.x" \
    --output="man/$$name.1-t" "$$name" && mv -f "man/$$name.1-t" "man/$$name.1"' sh
