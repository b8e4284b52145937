/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* workq.c: the blocking LIFO work queue (see workq.h).  */

#include <config.h>

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "minmax.h"
#include "xalloc.h"

#include "search/workq.h"

struct workq
{
  pthread_mutex_t lock;
  pthread_cond_t cond;
  struct work *items;
  idx_t n, size;
  idx_t busy;       /* items taken and not yet done */
  bool stopped;
};

void
work_release (struct work *it)
{
  struct listing *l = it->from;
  if (!l)
    free (it->path);
  else if (atomic_fetch_sub (&l->refs, 1) == 1)
    {
      if (0 <= l->fd)
        {
          close (l->fd);
          atomic_fetch_sub (l->open_fds, 1);
        }
      free (l);
    }
}

struct workq *
workq_xnew (void)
{
  struct workq *q = xzalloc (sizeof *q);
  pthread_mutex_init (&q->lock, NULL);
  pthread_cond_init (&q->cond, NULL);
  return q;
}

void
workq_free (struct workq *q, void (*drop) (struct work *))
{
  if (q)
    {
      for (idx_t i = 0; i < q->n; i++)
        {
          if (drop)
            drop (&q->items[i]);
          work_release (&q->items[i]);
        }
      free (q->items);
      pthread_cond_destroy (&q->cond);
      pthread_mutex_destroy (&q->lock);
      free (q);
    }
}

void
workq_push (struct workq *q, struct work const *items, idx_t n)
{
  if (n == 0)
    return;
  pthread_mutex_lock (&q->lock);
  if (q->size - q->n < n)
    q->items = xpalloc (q->items, &q->size, n - (q->size - q->n), -1,
                        sizeof *q->items);
  for (idx_t i = n; 0 < i; i--)
    q->items[q->n++] = items[i - 1];
  pthread_cond_broadcast (&q->cond);
  pthread_mutex_unlock (&q->lock);
}

idx_t
workq_pop (struct workq *q, struct work *items, idx_t max,
           bool (*batchable) (struct work const *))
{
  idx_t got = 0;
  pthread_mutex_lock (&q->lock);
  while (!q->stopped && q->n == 0 && 0 < q->busy)
    pthread_cond_wait (&q->cond, &q->lock);
  if (!q->stopped && 0 < q->n)
    {
      /* At most half of what waits (rounded up), so that a batch leaves
         the other threads their share of a small tree's last files.  */
      idx_t lim = MIN (max, (q->n + 1) / 2);
      items[got++] = q->items[--q->n];
      if (batchable (&items[0]))
        while (got < lim && batchable (&q->items[q->n - 1]))
          items[got++] = q->items[--q->n];
      q->busy += got;
    }
  pthread_mutex_unlock (&q->lock);
  return got;
}

void
workq_done (struct workq *q, idx_t n)
{
  pthread_mutex_lock (&q->lock);
  q->busy -= n;
  if (q->busy == 0 && q->n == 0)
    pthread_cond_broadcast (&q->cond);
  pthread_mutex_unlock (&q->lock);
}

void
workq_stop (struct workq *q)
{
  pthread_mutex_lock (&q->lock);
  q->stopped = true;
  pthread_cond_broadcast (&q->cond);
  pthread_mutex_unlock (&q->lock);
}
