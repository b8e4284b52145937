/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* system.h: the few definitions every applet shares.
   Exit codes, quoting of file names in messages, and the common parts of
   --help and --version.  Nothing here touches applet state.  */

#ifndef GRABRAT_SYSTEM_H
#define GRABRAT_SYSTEM_H

#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dirname.h"
#include "gettext.h"
#include "progname.h"
#include "quotearg.h"

/* Messages in the user's language.  _ (MSGID) translates in the text
   domain the applet speaks in (speak_as): GNU grep's 'grep' for grep,
   coreutils' for sort and for what rat prints as cat does, 'grabrat' for
   grab and grabrat; so a message the applet shares with the program it
   reproduces has that program's msgid, byte for byte, split where its
   source splits it, and the system's catalog of that program finds it.
   G_ (MSGID) is grabrat's own words where the applet speaks in another
   domain (rat's own options, grep's lines that GNU's has not), looked up
   in 'grabrat'.  N_ and NG_ mark a string for the catalogs without
   translating it there.  */
#define _(msgid) gettext (msgid)
#define N_(msgid) msgid
#define G_(msgid) dgettext (PACKAGE, msgid)
#define NG_(msgid) msgid

/* Text domains of the programs the applets stand in for, whose catalogs
   those programs' packages install in SYSTEM_LOCALEDIR.  */
#define DOMAIN_GREP "grep"
#define DOMAIN_COREUTILS "coreutils"

/* Set the locale from the environment, and make DOMAIN the text domain
   _ () reads: grabrat's catalogs are under our prefix's LOCALEDIR, the
   others where their programs put them (configure
   --with-system-localedir), so a missing catalog or message falls back
   to English as it does for them.  Return whether setlocale succeeded.  */
static inline bool
speak_as (char const *domain)
{
  bool locale_ok = !!setlocale (LC_ALL, "");
  (void) bindtextdomain (PACKAGE, LOCALEDIR);
  if (strcmp (domain, PACKAGE) != 0)
    (void) bindtextdomain (domain, SYSTEM_LOCALEDIR);
  (void) textdomain (domain);
  return locale_ok;
}

/* Where temporary files go when TMPDIR does not say (sort -T's
   default, named in its --help; grab's spill file).  */
#define DEFAULT_TMPDIR "/tmp"

/* grep's and sort's "trouble" status.  */
enum { EXIT_TROUBLE = 2 };

/* ARG quoted for a diagnostic the way GNU tools quote file names.
   Uses quotearg's slot 0: not for worker threads.  */
#define quotef(arg) \
  quotearg_n_style_colon (0, shell_escape_quoting_style, arg)

/* ARG quoted always, as coreutils quotes an operand in "cannot open" and
   "extra operand" messages ('a b', 'x').  Slot 0 too.  */
#define quoteaf(arg) \
  quotearg_style (shell_escape_always_quoting_style, arg)

/* Long options that have no short form start here (GNU convention).  */
#define GRABRAT_LONGOPT_BASE (CHAR_MAX + 1)

static inline bool
streq (char const *a, char const *b)
{
  return strcmp (a, b) == 0;
}

/* Print the "Try 'PROG --help'" line on stderr.  */
static inline void
emit_try_help (void)
{
  fprintf (stderr, _("Try '%s --help' for more information.\n"),
           program_name);
}

/* Pieces of coreutils' --help that rat and sort print as cat and sort
   do, each one msgid of coreutils' catalog: the note on standard input
   after the summary, and the --help and --version lines.  */
static inline void
emit_stdin_note (void)
{
  fputs (_("\n\
With no FILE, or when FILE is -, read standard input.\n\
"), stdout);
}
static inline void
emit_help_version_lines (void)
{
  fputs (_("      --help        display this help and exit\n"), stdout);
  fputs (_("      --version     output version information and exit\n"),
         stdout);
}

/* The closing lines of every --help.  APPLET names the man page.  */
static inline void
emit_ancillary_info (char const *applet)
{
  printf (G_("\nReport bugs to the grabrat issue tracker (see README).\n"
             "Full documentation: man %s\n"), applet);
}

/* The applet or drop-in name (applets.h) that main () found behind the
   name the binary was called by: "cat" for rat called as cat, or as gcat
   or xcat when installed with that prefix (grabrat.c's untransform).
   Set once before the applet runs, read-only after.  */
extern char const *grabrat_called_as;

/* The name the program was called by, without its directory, a login
   shell's '-' or the installation's prefix and suffix: an applet's name,
   or a drop-in name such as "cat" for rat.  */
static inline char const *
called_name (void)
{
  if (grabrat_called_as)
    return grabrat_called_as;
  char const *base = last_component (program_name);
  return base + (*base == '-');
}

/* GNU-format --version output for APPLET: "APPLET (grabrat) VERSION";
   or, for an applet standing in for another program (GNU grep, or
   coreutils' sort and cat), "APPLET (grabrat VERSION) ITS-VERSION":
   scripts and GNU's own help-version tests read the version at the end
   of the first line as the version of the program reproduced.  Nothing
   comes between that line and the copyright lines, as in GNU's: help2man
   would put it in the page's DESCRIPTION (or REPORTING BUGS) and miss
   the COPYRIGHT section (tests/toolbox/man-content.sh).  */
static inline void
emit_version_of (char const *applet, char const *of_version)
{
  if (of_version)
    printf ("%s (%s %s) %s\n",
            applet, PACKAGE_NAME, PACKAGE_VERSION, of_version);
  else
    printf ("%s (%s) %s\n", applet, PACKAGE_NAME, PACKAGE_VERSION);
  printf ("Copyright (C) 2026 the grabrat authors.\n"
          "License GPLv3+: GNU GPL version 3 or later"
          " <https://gnu.org/licenses/gpl.html>.\n"
          "This is free software: you are free to change and"
          " redistribute it.\n"
          "There is NO WARRANTY, to the extent permitted by law.\n"
          "\nWritten by the grabrat developers.\n");
}

static inline void
emit_version (char const *applet)
{
  emit_version_of (applet, NULL);
}

/* The coreutils release whose sort and cat the applets reproduce: the
   version the drop-in names 'sort' and 'cat' report.  */
#define COREUTILS_VERSION "9.1"

#endif
