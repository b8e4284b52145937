/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* outblock.c: pieces of output kept in shared blocks (see outblock.h).  */

#include <config.h>

#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

#include "io/outblock.h"

/* A block's room.  */
enum { BLOCK_SIZE = 64 << 10 };

struct outblock
{
  atomic_long refs;  /* its pieces held, and one while its writer fills it */
  idx_t used;        /* the writer's alone */
  char bytes[];
};

static void
unref (struct outblock *b)
{
  /* The last one to let go frees it, after every other's use of it.  */
  if (atomic_fetch_sub_explicit (&b->refs, 1, memory_order_acq_rel) == 1)
    free (b);
}

struct outpiece
outpiece_xkeep (struct outblock **cur, char const *p, idx_t len)
{
  struct outblock *b = *cur;
  if (!b || BLOCK_SIZE - b->used < len)
    {
      if (b)
        unref (b);
      b = *cur = xmalloc (offsetof (struct outblock, bytes) + BLOCK_SIZE);
      atomic_init (&b->refs, 1);
      b->used = 0;
    }
  char *q = b->bytes + b->used;
  memcpy (q, p, len);
  b->used += len;
  atomic_fetch_add_explicit (&b->refs, 1, memory_order_relaxed);
  return (struct outpiece) { .block = b, .bytes = q, .len = len };
}

void
outpiece_release (struct outpiece *piece)
{
  if (piece->block)
    unref (piece->block);
  *piece = (struct outpiece) { NULL, NULL, 0 };
}

void
outblock_leave (struct outblock *cur)
{
  if (cur)
    unref (cur);
}
