/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* test-workq.c: unit test of the work queue's order (workq.c) for
   ordered output.  Random trees are walked by simulated workers that
   take directories from the queue and list them in random order, as
   threads do; every item taken must be the first in output order
   (order_before) of those queued, and two directories listed out of
   turn must not put the later one's entries first.  A plain LIFO fails
   both.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include "search/order.h"
#include "search/workq.h"

static int failures;

/* A small pseudo-random generator: the same sequence on every machine.  */
static unsigned long state = 4321;
static int
rnd (int n)
{
  state = state * 1103515245 + 12345;
  return (state >> 16) % n;
}

static void
emit_nothing (void *ctx, struct onode *file)
{
  (void) ctx;
  (void) file;
}

static bool
any (struct work const *it)
{
  (void) it;
  return false;
}

/* List DIR: N entries, directories or files at random, queued.  */
static void
list (struct order *o, struct workq *q, struct onode *dir, int n)
{
  struct work items[8];
  struct onode **kids = malloc ((n ? n : 1) * sizeof *kids);
  struct onode *nodes = order_xnodes (dir, n);
  for (int i = 0; i < n; i++)
    {
      kids[i] = &nodes[i];
      nodes[i].is_dir = dir->depth < 5 && rnd (3) == 0;
      items[i] = (struct work) { .node = &nodes[i] };
    }
  order_listed (o, dir, kids, n);
  workq_push (q, items, n);
}

/* Walk one random tree with WORKERS simulated workers, checking each
   item taken against MIRROR, the items queued.  */
static void
walk_one (int workers)
{
  struct order o;
  order_init (&o, emit_nothing, NULL, NULL);
  struct workq *q = workq_xnew ();
  struct onode *mirror[4096];
  int nmirror = 0;
  struct onode *held[8];
  int nheld = 0;
  list (&o, q, &o.root, 1 + rnd (4));
  for (idx_t i = 0; i < o.root.nkids; i++)
    mirror[nmirror++] = o.root.kids[i];
  for (;;)
    {
      if (nheld && (nheld == workers || !nmirror || rnd (2)))
        {
          /* A worker finishes listing one of the directories held.  */
          int h = rnd (nheld);
          struct onode *dir = held[h];
          held[h] = held[--nheld];
          int n = nmirror < 4000 ? rnd (6) : 0;
          list (&o, q, dir, n);
          for (int i = 0; i < n; i++)
            mirror[nmirror++] = dir->kids[i];
          workq_done (q, 1);
          continue;
        }
      if (!nmirror)
        break;
      struct work it;
      if (workq_pop (q, &it, 1, any) != 1)
        {
          printf ("FAIL: queue empty with %d items\n", nmirror);
          failures++;
          break;
        }
      int at = -1;
      for (int i = 0; i < nmirror; i++)
        if (mirror[i] == it.node)
          at = i;
        else if (order_before (mirror[i], it.node))
          {
            printf ("FAIL: an item was taken before an earlier one\n");
            failures++;
            goto out;
          }
      if (at < 0)
        {
          printf ("FAIL: an item came out that was not queued\n");
          failures++;
          goto out;
        }
      mirror[at] = mirror[--nmirror];
      if (it.node->is_dir)
        held[nheld++] = it.node;
      else
        workq_done (q, 1);
    }
 out:
  workq_free (q, NULL);
  order_free (&o);
}

int
main (void)
{
  for (int round = 0; round < 2000 && failures < 5; round++)
    walk_one (1 + round % 4);
  return failures != 0;
}
