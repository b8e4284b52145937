/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* chunk.h: one big file searched by several workers (chunk.c).
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

#ifndef GRABRAT_GRAB_CHUNK_H
#define GRABRAT_GRAB_CHUNK_H

#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "engines/engine.h"

struct worker;
struct chunk_job;

/* Whether the owner W should cut the regular file with status ST, which
   it is about to read with mappings, into pieces.  */
bool chunk_wanted (struct worker const *w, struct stat const *st);

/* Start a job for the file open on FD (status ST), searched by W: queue
   the helpers' items and start their threads if need be.  The job's
   engine (chunk_engine) stands for the run's in W's search; the owner
   reads the file with the job's input parameters (chunk_input).  */
struct chunk_job *chunk_start (struct worker *w, int fd,
                               struct stat const *st, char const *name);
struct engine_ops const *chunk_engine (struct chunk_job *job);
struct input_params const *chunk_input (struct chunk_job const *job);

/* The owner is about to search a chunk whose first byte handed to the
   engine is at file offset BASE.  */
void chunk_set_base (struct chunk_job *job, off_t base);

/* The owner is done with the file (at its end, or stopped early).  */
void chunk_finish (struct chunk_job *job);

/* A helper's item: list pieces of JOB until none is left, then drop the
   item's hold on JOB.  */
void chunk_help (struct worker *w, struct chunk_job *job);

/* Drop a hold on JOB without helping (an item left in a stopped queue).  */
void chunk_unref (struct chunk_job *job);

#endif
