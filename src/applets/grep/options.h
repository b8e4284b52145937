/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* options.h: GNU grep's command line (options.c) and its --help
   (usage.c).  */

#ifndef GRABRAT_GREP_OPTIONS_H
#define GRABRAT_GREP_OPTIONS_H

#include "search/config.h"
#include "front/cmdline.h"

/* Parse ARGV, grep's command line, into *O and *CL (grep's defaults
   first).  MATCHER0 is 'E' or 'F' for egrep and fgrep, else 0.  Dies on
   bad usage (status 2); exits for --help and --version.  */
void grep_parse_options (int argc, char **argv, struct search_config *o,
                         struct front_cmdline *cl, char matcher0);

/* Print grep's --help (STATUS 0) or its usage lines, and exit.  */
_Noreturn void grep_usage (int status);

#endif
