/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* binary.h: grep's binary-file rule, as a worker applies it to the
   chunks of the file it searches (search/worker.c).  grep 3.8 takes a
   file for binary from the buffer on in which it first sees a NUL (or
   from its start if a hole follows its first buffer), prints the text
   lines before it, and then only says "binary file matches"; these
   functions find where that happens in the search's chunks, which are
   not grep's buffers.  grab -P -a has no such rule (search_binary_rule).  */

#ifndef GRABRAT_SEARCH_BINARY_H
#define GRABRAT_SEARCH_BINARY_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "io/input.h"
#include "search/worker-state.h"

struct bigfile_job;

/* Whether grep takes the regular file FD (status ST, read from offset
   START, with reads of UNIT bytes) for binary from its start because a
   hole follows its first read.  The file offset is left at START, or
   after the first read if PROBED (search/status.h).  */
bool binary_holey (int fd, struct stat const *st, off_t start, idx_t unit,
                   bool probed);

/* A NUL at offset AT: the file W searches (JOB: its big-file job, or
   NULL) is binary from there on.  Note the lines selected so far in
   *FIRST_NULL, and return false if the file is to be skipped
   (--binary-files=without-match).  */
bool binary_from (struct worker *w, struct bigfile_job *job, off_t at,
                  intmax_t volatile *first_null);

/* Under grep's binary rule, the chunk CH of a file searched up to NEED
   (JOB: its big-file job, or NULL): on the first NUL, call binary_from
   and return false if it does.  *LEN gets how much of CH to search now
   (less than all of a mapped chunk: binary.c).  From the first NUL on
   (*FIRST_NULL is not negative), a chunk's NULs end lines (-z aside).  */
bool binary_take_nuls (struct worker *w, struct bigfile_job *job,
                       struct input_chunk const *ch, off_t need,
                       intmax_t volatile *first_null, idx_t *len);

#endif
