/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* defaults.c: the settings both command lines start from, before either
   parses an option (see defaults.h).  */

#include <config.h>

#include <limits.h>
#include <stdint.h>

#include "front/defaults.h"

void
defaults_set (struct search_config *o, struct front_cmdline *cl)
{
  *cl = (struct front_cmdline) { .after = -1, .before = -1, .context = -1 };
  o->search.eol = '\n';
  o->search.max_count = INTMAX_MAX;
  o->print.group_sep = "--";
  o->with_filename = 0;
  o->directories = DIRS_READ;
  o->max_depth = INT_MAX;
  o->max_filesize = -1;
  o->devices = DEVS_READ_COMMAND_LINE;
  o->binary_files = BIN_TEXT;
  o->input.window = WINDOW_DEFAULT;
  o->input.mmap_min = MMAP_MIN;
  o->input.read_size = STREAM_READ;
  o->input.read_whole = READ_WHOLE;
}
