/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* bigfile.h: one big file searched by several workers (bigfile.c).
   The file is cut into pieces of equal size.  The worker that took the
   file (the owner) searches it as any file, from its start, with the
   search loop, the printer and all their rules (-m, context, line
   numbers, -v, offsets) unchanged; other workers (helpers) take pieces
   from the file's end backwards and only list the lines in them that the
   engine matches.  When the owner reaches a piece a helper has listed, it
   runs the engine on those lines alone instead of on the whole piece:
   the owner's output is byte for byte what a search alone would print,
   because the real engine still decides every line it prints, and the
   helpers save it the scan.  The two meet about the middle.  */

#ifndef GRABRAT_SEARCH_BIGFILE_H
#define GRABRAT_SEARCH_BIGFILE_H

#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "engines/engine.h"

struct worker;
struct bigfile_job;

/* Whether the owner W should cut the regular file with status ST, which
   it is about to read with mappings, into pieces.  */
bool bigfile_wanted (struct worker const *w, struct stat const *st);

/* Start a job for the file open on FD (status ST), searched by W: queue
   the helpers' items and start their threads if need be.  The job's
   engine (bigfile_engine) stands for the run's in W's search; the owner
   reads the file with the job's input parameters (bigfile_input).  */
struct bigfile_job *bigfile_start (struct worker *w, int fd,
                               struct stat const *st, char const *name);
struct engine_ops const *bigfile_engine (struct bigfile_job *job);
struct input_params const *bigfile_input (struct bigfile_job const *job);

/* The owner is about to search a chunk whose first byte handed to the
   engine is at file offset BASE.  */
void bigfile_set_base (struct bigfile_job *job, off_t base);

/* Under grep's binary rule helpers also find each piece's first NUL:
   the first NUL in file offsets [FROM, TO), or -1, where BUF[0] is at
   offset BASE and holds at least those bytes.  The owner asks before it
   searches them, and reads only the pieces no helper has looked at,
   with the engine's skim (engine_skim_nul): *CAND gets an offset from
   FROM on before which no match starts (TO: none in [FROM, TO)).  */
off_t bigfile_first_nul (struct bigfile_job *job, char const *buf,
                         off_t base, off_t from, off_t to, off_t *cand);

/* The end of the pieces from the one that holds offset FROM on that
   helpers have listed and found without NUL (FROM if none): the owner
   need not step through them, nor read them for their steps' ends.  */
off_t bigfile_clean_end (struct bigfile_job *job, off_t from);

/* After the file's first NUL, each NUL ends a line, and the helpers'
   lists (by EOL bytes alone) no longer hold: the owner searches the
   rest alone.  */
void bigfile_alone (struct bigfile_job *job);

/* The owner is done with the file (at its end, or stopped early).  */
void bigfile_finish (struct bigfile_job *job);

/* A helper's item: list pieces of JOB until none is left, then drop the
   item's hold on JOB.  */
void bigfile_help (struct worker *w, struct bigfile_job *job);

/* Drop a hold on JOB without helping (an item left in a stopped queue).  */
void bigfile_unref (struct bigfile_job *job);

#endif
