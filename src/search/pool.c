/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* pool.c: the run's threads (see pool.h).  */

#include <config.h>

#include "xalloc.h"

#include "search/pool.h"

void
pool_init (struct pool *p, int max, void *(*entry) (void *), void *arg)
{
  *p = (struct pool) { .max = max, .entry = entry, .arg = arg };
  pthread_mutex_init (&p->lock, NULL);
  p->tids = xnmalloc (max, sizeof *p->tids);
}

void
pool_spawn (struct pool *p, int want)
{
  if (p->max < want)
    want = p->max;
  pthread_mutex_lock (&p->lock);
  while (!p->joining && p->started < want - 1
         && pthread_create (&p->tids[p->started], NULL, p->entry,
                            p->arg) == 0)
    p->started++;
  pthread_mutex_unlock (&p->lock);
}

void
pool_join (struct pool *p)
{
  for (int i = 0;; i++)
    {
      /* A worker busy with a file may still start others, until the
         last is joined.  */
      pthread_mutex_lock (&p->lock);
      bool more = i < p->started;
      p->joining = !more;
      pthread_mutex_unlock (&p->lock);
      if (!more)
        break;
      pthread_join (p->tids[i], NULL);
    }
  free (p->tids);
  pthread_mutex_destroy (&p->lock);
}
