/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* optdump.h: an applet's getopt tables, printed for the build.

   The shell completions (completions/gen.sh) are made at build time
   from what the binary itself parses, so they cannot drift from it:
   an applet called with OPTDUMP_ARG as its only argument prints its
   option table and exits.  The argument is not an option of any applet
   (three dashes: getopt would reject it), and it is left out of --help:
   it is for the build, not for users.  */

#ifndef GRABRAT_OPTDUMP_H
#define GRABRAT_OPTDUMP_H

#include <getopt.h>

#define OPTDUMP_ARG "---option-table"

/* If ARGC and ARGV are APPLET OPTDUMP_ARG, print on standard output one
   line per option: "-X KIND" for each letter of SHORTOPTS (getopt's
   string), then "--NAME KIND" for each entry of LONGOPTS (ended by a
   null name), KIND being "none", "required" or "optional" (the
   argument); then exit with status 0.  Otherwise return.  */
void optdump_maybe (int argc, char **argv, char const *shortopts,
                    struct option const *longopts);

#endif
