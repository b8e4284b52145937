/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* worker.h: worker.c's functions: a worker thread's life, and opening
   files (its state: worker-state.h).  */

#ifndef GRABRAT_SEARCH_WORKER_H
#define GRABRAT_SEARCH_WORKER_H

#include "search/worker-state.h"

/* Open PATH like openat (AT_FDCWD, PATH, FLAGS), also when it is longer
   than PATH_MAX (a deep tree).  */
int worker_open (char const *path, int flags);

/* How many of the walk's files each of WORKERS workers opens at a time:
   the batches hold at most a quarter of the limit on open files (the
   walk's listings hold another: walk_listing_fds_max).  1: one by one.  */
int worker_open_batch (int workers);

/* Search and walk until the queue is empty: one worker's life.  RUN is
   the struct search_run.  */
void *search_worker (void *run);

#endif
