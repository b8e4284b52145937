/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* workq.c: the blocking LIFO work queue (see workq.h).  */

#include <config.h>

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "minmax.h"
#include "xalloc.h"

#include "search/order.h"
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

/* Whether IT's output comes before NODE's: an item without a node (a
   big file's helper, a list of operands) comes before everything.  */
static bool
work_before (struct work const *it, struct onode const *node)
{
  return !it->node || (node && order_before (it->node, node));
}

/* Where items starting with NODE go: above every item whose output comes
   after NODE's, below those before it.  The stack is kept in that order,
   top first, so ordered output waits on as few finished files as the
   workers can manage.  Without nodes, that is the top: a LIFO.  */
static idx_t
insertion_point (struct workq const *q, struct onode const *node)
{
  idx_t lo = 0, hi = q->n;
  while (lo < hi)
    {
      idx_t mid = lo + (hi - lo) / 2;
      if (work_before (&q->items[mid], node))
        hi = mid;
      else
        lo = mid + 1;
    }
  return lo;
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
  idx_t at = items[0].node ? insertion_point (q, items[0].node) : q->n;
  memmove (q->items + at + n, q->items + at, (q->n - at) * sizeof *q->items);
  for (idx_t i = n; 0 < i; i--)
    q->items[at++] = items[i - 1];
  q->n += n;
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
