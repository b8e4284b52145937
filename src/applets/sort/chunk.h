/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* chunk.h: sorting files: the inputs are read into memory up to the
   buffer size (-S, or a share of RAM); if they all fit they are sorted
   and written out, else each bufferful is sorted into a temporary run
   and the runs are merged.  Main thread (it starts the sorting threads
   itself).  */

#ifndef GRABRAT_SORT_CHUNK_H
#define GRABRAT_SORT_CHUNK_H

#include "opts.h"

/* Sort the NFILES files FILES into OUTFILE (the -o file, already open
   on standard output, or null for standard output).  Dies (status 2) on
   errors.  */
void chunk_sort_files (struct sort_opts const *o,
                       struct sort_limits const *lim,
                       char *const *files, idx_t nfiles,
                       char const *outfile);

/* The default buffer size: GNU sort's, a share of the free memory that
   stays within the resource limits.  */
idx_t chunk_default_size (void);

#endif
