/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* pool.h: the run's threads.  The thread that makes the pool is a worker
   too; others start when asked (at the start of a run, or when a big
   file is to be searched in pieces: bigfile.c), up to a bound set at
   init, each running the entry given at init, until the pool is joined.
   Knows threads, nothing else: whoever asks for workers needs no
   knowledge of what they run.  */

#ifndef GRABRAT_SEARCH_POOL_H
#define GRABRAT_SEARCH_POOL_H

#include <pthread.h>
#include <stdbool.h>

struct pool
{
  pthread_mutex_t lock;       /* for the fields below */
  pthread_t *tids;            /* threads started besides the caller */
  int started, max;           /* how many; at most MAX - 1 of them */
  bool joining;               /* start no more */
  void *(*entry) (void *);
  void *arg;
};

/* Make P for at most MAX workers (the calling thread included), each
   new one running ENTRY (ARG).  None is started yet.  */
void pool_init (struct pool *p, int max, void *(*entry) (void *),
                void *arg);

/* Start threads until there are WANT workers, the pool's maker
   included (at most P's MAX), unless P is being joined.  Any thread
   may call it.  */
void pool_spawn (struct pool *p, int want);

/* Wait for every thread started, also those started while waiting;
   then start no more, and free P.  */
void pool_join (struct pool *p);

#endif
