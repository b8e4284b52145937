/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* order.c: the --sort=path output cursor (see order.h).  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

#include "search/order.h"

void
order_init (struct order *o, void (*emit) (void *, struct onode *),
            void (*emitted) (void *), void *ctx)
{
  *o = (struct order) { .root = { .is_dir = true }, .emit = emit,
                        .emitted = emitted, .ctx = ctx };
  o->cur = &o->root;
}

struct onode *
order_xnode (struct onode *parent, bool is_dir)
{
  struct onode *n = xzalloc (sizeof *n);
  n->parent = parent;
  n->depth = parent->depth + 1;
  n->is_dir = is_dir;
  return n;
}

struct onode *
order_xnodes (struct onode *parent, idx_t n)
{
  struct onode *block = xcalloc (n ? n : 1, sizeof *block);
  for (idx_t i = 0; i < n; i++)
    {
      block[i].parent = parent;
      block[i].depth = parent->depth + 1;
      block[i].pos = i;
      block[i].in_block = true;
    }
  parent->block = block;
  return block;
}

/* Free N, which the cursor has left (or will never reach): its kids are
   freed already.  */
static void
free_node (struct onode *n)
{
  outbuf_free (&n->head);
  outbuf_free (&n->out);
  outpiece_release (&n->piece);
  outbuf_free (&n->err);
  free (n->kids);
  free (n->block);
  if (!n->in_block)
    free (n);
}

/* Emit what can be emitted, freeing nodes behind the cursor.  */
static void
advance (struct order *o)
{
  bool emitted = false;
  while (o->cur && atomic_load_explicit (&o->cur->ready, memory_order_acquire)
         && !o->halted)
    {
      struct onode *n = o->cur;
      /* A directory's diagnostics come before its entries.  */
      if (n->is_dir && n->err.len)
        {
          o->emit (o->ctx, n);
          emitted = true;
        }
      if (n->is_dir && n->next < n->nkids)
        {
          o->cur = n->kids[n->next++];
          continue;
        }
      if (n->open)
        break;
      if (!n->is_dir)
        {
          o->emit (o->ctx, n);
          emitted = true;
        }
      o->cur = n->parent;
      if (n != &o->root)
        free_node (n);
      else
        {
          free (n->kids);
          free (n->block);
          n->kids = NULL;
          n->block = NULL;
        }
    }
  if (emitted && o->emitted)
    o->emitted (o->ctx);
}

bool
order_before (struct onode const *a, struct onode const *b)
{
  while (b->depth > a->depth)
    b = b->parent;
  if (a == b)
    return true;
  while (a->depth > b->depth)
    a = a->parent;
  if (a == b)
    return false;
  while (a->parent != b->parent)
    {
      a = a->parent;
      b = b->parent;
    }
  return a->pos < b->pos;
}

void
order_listed (struct order *o, struct onode *dir, struct onode **kids,
              idx_t n)
{
  for (idx_t i = 0; i < n; i++)
    kids[i]->pos = i;
  dir->kids = kids;
  dir->nkids = n;
  order_mark (o, dir);
}

void
order_append (struct order *o, struct onode *dir, struct onode **kids,
              idx_t n, bool last)
{
  /* The children before NEXT are behind the cursor: a list of millions
     of names keeps only those not yet emitted.  */
  if (dir->next)
    {
      memmove (dir->kids, dir->kids + dir->next,
               (dir->nkids - dir->next) * sizeof *dir->kids);
      dir->nkids -= dir->next;
      dir->next = 0;
    }
  idx_t size = dir->nkids;
  dir->kids = xpalloc (dir->kids, &size, n, -1, sizeof *dir->kids);
  for (idx_t i = 0; i < n; i++)
    kids[i]->pos = o->appended++;
  memcpy (dir->kids + dir->nkids, kids, n * sizeof *kids);
  dir->nkids += n;
  dir->open = !last;
  dir->ready = true;
  advance (o);
}

void
order_mark_quiet (struct onode *file)
{
  atomic_store_explicit (&file->ready, true, memory_order_release);
}

void
order_note (struct order *o)
{
  atomic_store (&o->dirty, true);
}

void
order_mark (struct order *o, struct onode *file)
{
  order_mark_quiet (file);
  order_note (o);
}

void
order_catch_up (struct order *o)
{
  if (atomic_exchange (&o->dirty, false))
    advance (o);
}

/* A marker stores DIRTY, then tries the lock; a holder lets the lock go,
   then loads DIRTY.  With a full fence on each side, one of the two sees
   the other's store: the marker gets the lock, or the holder sees
   DIRTY and comes back for it.  */
void
order_kick (struct order *o, pthread_mutex_t *lock)
{
  atomic_thread_fence (memory_order_seq_cst);
  while (atomic_load (&o->dirty) && pthread_mutex_trylock (lock) == 0)
    {
      order_catch_up (o);
      pthread_mutex_unlock (lock);
      atomic_thread_fence (memory_order_seq_cst);
    }
}

/* Free the subtrees of TOP's children not yet visited (from TOP->next
   on), without recursion: a deep tree must not exhaust the stack.  */
static void
free_unvisited (struct onode *top)
{
  struct onode *n = top;
  for (;;)
    if (n->next < n->nkids)
      n = n->kids[n->next++];
    else if (n == top)
      return;
    else
      {
        struct onode *up = n->parent;
        free_node (n);
        n = up;
      }
}

void
order_free (struct order *o)
{
  /* The children before each path node's NEXT were freed as the cursor
     left them.  */
  for (struct onode *n = o->cur; n; )
    {
      struct onode *up = n->parent;
      free_unvisited (n);
      if (n != &o->root)
        free_node (n);
      n = up;
    }
  free (o->root.kids);
  free (o->root.block);
  o->root.kids = NULL;
  o->root.block = NULL;
  o->cur = NULL;
}
