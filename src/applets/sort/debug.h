/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* debug.h: sort --debug: the warnings about the options printed before
   sorting, and the marks under each output line that show which part of
   it each key used.  The text is GNU sort's, character for character.  */

#ifndef GRABRAT_SORT_DEBUG_H
#define GRABRAT_SORT_DEBUG_H

#include <stdbool.h>

#include "io/outbuf.h"
#include "opts.h"

/* Print on standard error the collation in use and the warnings about
   O's keys.  GKEY holds the global ordering options; GKEY_ONLY says no
   -k was given (so the global key is O's only key).  LOCALE_OK says
   whether setlocale succeeded.  */
void debug_warnings (struct sort_opts const *o, struct sort_key const *gkey,
                     bool gkey_only, bool locale_ok);

/* Append to OB the line LINE as --debug shows it (tabs as '>', ending
   in a newline) and the marks of its keys.  */
void debug_line (struct sort_opts const *o, struct line const *line,
                 struct outbuf *ob);

#endif
