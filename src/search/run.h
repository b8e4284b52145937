/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* run.h: one search run, where both command lines end once settled
   (run.c; front/settle.c calls it).  */

#ifndef GRABRAT_SEARCH_RUN_H
#define GRABRAT_SEARCH_RUN_H

#include "search/config.h"

/* Search the NUM_OPERANDS operands FILES ("-" is standard input), then
   the names read from the list FILES_FROM (NULL: none; its names end
   with FILES_FROM_DELIM), with the workers, and return the exit status
   (grep's).  O is the settled configuration, which only this set-up
   still writes; RUN holds O, the engine and the compiled pattern, its
   other fields zero.  Frees what O and RUN hold, not RUN itself.  */
int search_all (struct search_config *o, struct search_run *run,
                char *const *files, int num_operands,
                char const *files_from, char files_from_delim);

#endif
