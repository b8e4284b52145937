/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* applets.h: the one list of grabrat's applets and of its drop-in names.
   Each APPLET (NAME, SUMMARY) line is expanded by the includer: grabrat.c
   builds the dispatch table, --list and --help from it, and the build's
   install links come from 'grabrat --list' (tests check they agree).
   Add an applet here, write NAME_main in src/applets/NAME/, and nothing
   else.

   Each DROP_IN (NAME, APPLET) line names a program of the system that
   APPLET stands in for: the binary answers to NAME as APPLET (a 'cat'
   link runs rat, as BusyBox does), and such a link hides the system's
   program when it comes first in PATH, so links to these names are made
   only on request ('grabrat --install --drop-in', configure
   --enable-install-program).  An applet whose own name is such a program
   (sort) is listed with itself.  Includers define both macros.  */

APPLET (grab, "print lines that match a Perl regular expression, in parallel")
APPLET (rat, "concatenate files to standard output, zero-copy when it can")
APPLET (sort, "sort lines of text files (GNU-compatible, fast -R)")
APPLET (grep, "print lines that match patterns: GNU grep's, in parallel")

DROP_IN (cat, rat)
DROP_IN (sort, sort)
DROP_IN (grep, grep)
DROP_IN (egrep, grep)
DROP_IN (fgrep, grep)
