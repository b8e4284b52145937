/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* options.h: grab's command line (options.c), parsed into struct
   search_config and struct front_cmdline (front/cmdline.h, which also holds
   the pieces grep's parser shares), and its --help (usage.c).  */

#ifndef GRABRAT_GRAB_OPTIONS_H
#define GRABRAT_GRAB_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "idx.h"

#include "front/cmdline.h"

/* Parse ARGV into *O (its defaults set first) and *CL.  Dies on bad usage
   (status 2) and exits for --help, --version and --list-engines.  */
void grab_parse_options (int argc, char **argv, struct search_config *o,
                         struct front_cmdline *cl);

/* Print --help (STATUS 0) or the "Try" line, and exit with STATUS.  */
_Noreturn void grab_usage (int status);

#endif
