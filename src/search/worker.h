/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* worker.h: one search thread's state, shared by worker.c (files),
   walk.c (directories, walk.h) and output.c (their output, output.h),
   and worker.c's functions.  Nothing here is shared between threads.  */

#ifndef GRABRAT_GRAB_WORKER_H
#define GRABRAT_GRAB_WORKER_H

#include "search/grab.h"

struct worker
{
  struct grab_run *run;
  struct grab_opts const *o;
  void *scratch;               /* the engine's */
  struct input_reader *rd;
  struct outbuf out;           /* this file's output */
  struct printer pr;
  struct search s;
  struct onode *node;          /* this file's --sort=path node (or the
                                  directory's, while it is listed) */
  bool holding;                /* holds the output lock (streaming) */
  int spill;                   /* -1, or a temporary file that holds the
                                  start of this file's output */
  struct opener *opener;       /* opens the walk's files in batches, or
                                  NULL (io/opener.h) */
  bool by_ring;                /* do_files: the current file was opened
                                  through OPENER, without blocking */
  bool carry;                  /* do_files: a finished file's output may
                                  wait to go out with the next file's */
  idx_t carried;               /* OUT's first CARRIED bytes are earlier
                                  files' output, waiting so */
  struct json_stats json;      /* --json: the stats of its files */
  bool failed;                 /* the engine failed on the current file
                                  (a PCRE2 limit): the run ends after
                                  its output, as grep dies there */
};

/* Open PATH like openat (AT_FDCWD, PATH, FLAGS), also when it is longer
   than PATH_MAX (a deep tree).  */
int worker_open (char const *path, int flags);

/* How many of the walk's files each of WORKERS workers opens at a time:
   the batches hold at most a quarter of the limit on open files (the
   walk's listings hold another: walk_listing_fds_max).  1: one by one.  */
int worker_open_batch (int workers);

/* Search and walk until the queue is empty: one worker's life.  RUN is
   the struct grab_run.  */
void *grab_worker (void *run);

#endif
