/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* grep.c: the grep applet, grabrat's GNU grep personality: GNU grep
   3.8's command line (applets/grep/options.c) settled into the search's
   configuration (front/settle.c) and searched by the walker, workers and
   printer grab uses too (search/), with grep's -G and -E matched by
   gnulib's dfa and regex (engine-dfa.c).  Called as egrep or fgrep it is
   grep -E or grep -F (Debian's grep 3.8 wrappers print no warning, and
   neither does this).  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "c-stack.h"
#include "exitfail.h"
#include "progname.h"

#include "system.h"
#include "search/config.h"
#include "applets/grep/options.h"
#include "front/settle.h"

int grep_main (int, char **);

int
grep_main (int argc, char **argv)
{
  set_program_name (argv[0]);
  char const *base = called_name ();
  char matcher = (streq (base, "egrep") ? 'E' : streq (base, "fgrep") ? 'F'
                  : 0);
  /* Debian's egrep and fgrep run 'exec grep -E "$@"': grep then names
     itself "grep" in every message and in its usage.  */
  if (matcher)
    argv[0] = (char *) "grep";
  set_program_name (argv[0]);
  speak_as (DOMAIN_GREP);
  exit_failure = EXIT_TROUBLE;
  /* As grep 3.8: a pattern that nests too deeply for the parsers'
     recursion ends in "grep: stack overflow" and status 2, not a crash
     (GNU's stack-overflow test).  The patterns are checked on this
     thread before any worker compiles them.  */
  c_stack_action (NULL);

  /* The one set of options; read-only later.  */
  static struct search_config o;
  struct front_cmdline cl;
  grep_parse_options (argc, argv, &o, &cl, matcher);
  return settle_and_search (&o, &cl);
}
