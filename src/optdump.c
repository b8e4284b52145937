/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* optdump.c: print an applet's getopt tables for the build (optdump.h).
   Knows getopt's table formats, nothing of any applet.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include "system.h"
#include "optdump.h"

static char const *const kinds[] = { "none", "required", "optional" };

void
optdump_maybe (int argc, char **argv, char const *shortopts,
               struct option const *longopts)
{
  if (! (argc == 2 && streq (argv[1], OPTDUMP_ARG)))
    return;
  /* getopt's string: a letter, then ':' if it takes an argument, '::'
     if the argument is optional; a leading '+', '-' or ':' is a mode.  */
  for (char const *p = shortopts; *p; p++)
    {
      if (*p == ':' || *p == '+' || *p == '-')
        continue;
      int kind = p[1] != ':' ? 0 : p[2] != ':' ? 1 : 2;
      printf ("-%c %s\n", *p, kinds[kind]);
    }
  for (struct option const *o = longopts; o->name; o++)
    printf ("--%s %s\n", o->name,
            kinds[0 <= o->has_arg && o->has_arg <= 2 ? o->has_arg : 0]);
  exit (EXIT_SUCCESS);
}
