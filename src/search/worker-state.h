/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* worker-state.h: one search thread's state, struct worker, shared by
   worker.c (files), walk.c (directories), feed.c and bigfile.c (input),
   and output.c (their output and diagnostics).  A header of its own, not
   worker.h, so that those modules need nothing of worker.c's and the
   includes run one way (tests/toolbox/include-circles.sh).  Nothing here
   is shared between threads.  */

#ifndef GRABRAT_SEARCH_WORKER_STATE_H
#define GRABRAT_SEARCH_WORKER_STATE_H

#include "search/config.h"

struct worker
{
  struct search_run *run;
  struct search_config const *o;
  void *scratch;               /* the engine's */
  struct input_reader *rd;
  struct outbuf out;           /* this file's output */
  struct outblock *block;      /* where finished files' short outputs
                                  wait for their turn (output_finish) */
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
  bool marked;                 /* do_files: with CARRY, files of the batch
                                  were marked done (order_mark_quiet),
                                  and the cursor is told at its end */
  unsigned files;              /* files this worker has searched while
                                  the run watched for a cold page cache
                                  (search/status.c) */
  struct json_stats json;      /* --json: the stats of its files */
  bool failed;                 /* the engine failed on the current file
                                  (a PCRE2 limit): the run ends after
                                  its output, as grep dies there */
};

#endif
