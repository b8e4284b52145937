/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* order.h: --sort=path, output in walk order while searching in parallel.
   Every operand, directory and file found is a node of a tree whose
   children are in the order their output must appear (operands as given,
   directory entries by name, or in gnulib fts's order for grep: see
   walk.c).  Workers finish nodes in any order; a cursor
   walks the tree depth first and emits each file's output as soon as
   everything before it is out.  All calls must hold the caller's output
   lock, but order_mark, order_listed and order_kick: a file is marked
   done, and a directory listed, without the lock, and whoever holds the
   lock next moves the cursor on.  */

#ifndef GRABRAT_SEARCH_ORDER_H
#define GRABRAT_SEARCH_ORDER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <sys/types.h>

#include "io/outblock.h"
#include "io/outbuf.h"

struct onode
{
  struct onode *parent;
  struct onode **kids;   /* directories, once listed */
  struct onode *block;   /* the kids, if made by order_xnodes */
  bool in_block;         /* made by order_xnodes: freed with its parent */
  idx_t nkids, next;
  idx_t pos;             /* its rank among its parent's children */
  int depth;             /* the root's is 0 */
  bool is_dir;
  bool open;             /* more children may come (the root, when the
                            operands come from a list: feed.h) */
  atomic_bool ready;     /* listed (directory) or searched (file): the
                            fields above are then the cursor's to read */
  bool has_id;           /* a directory being listed: its DEV and INO, */
  dev_t dev;             /* which its descendants compare theirs with */
  ino_t ino;             /* to find loops */
  bool spilled;          /* the start of its output is in the
                            temporary file SPILL (see worker.c), */
  int spill;
  struct outbuf head;    /* then the output that came before its first
                            diagnostic, */
  struct outbuf err;     /* its diagnostics (a file's or a directory's), */
  struct outbuf out;     /* and the rest of a file's output: emitted in
                            this order */
  struct outpiece piece;   /* ...or, if short, that rest kept in a
                              shared block instead of OUT (see
                              output_finish) */
  bool fatal;            /* its search failed: the run ends once its
                            output and diagnostics are out */
  bool lead_sep;         /* see struct printer */
  bool groups;
  bool stops;            /* -q: a line was selected here, so the run ends
                            once this file's turn comes */
};

struct order
{
  struct onode root;
  struct onode *cur;
  void (*emit) (void *ctx, struct onode *file);
  void (*emitted) (void *ctx);
  void *ctx;
  bool halted;           /* emit nothing more (set by EMIT: -q) */
  atomic_bool dirty;     /* a node was marked done (order_mark) and the
                            cursor may not have seen it yet */
  idx_t appended;        /* children added by order_append so far */
};

/* Whether node A comes before node B in the output: A is B's ancestor,
   or A's branch is a sibling before B's.  Reads only the nodes' parent,
   pos and depth, set before the nodes were queued; their ancestors live
   as long as they do, so any thread may call it.  */
bool order_before (struct onode const *a, struct onode const *b);

/* EMIT writes one finished file's output; EMITTED, if not NULL, is
   called when the cursor stops after it emitted some.  */
void order_init (struct order *o, void (*emit) (void *, struct onode *),
                 void (*emitted) (void *), void *ctx);

/* A new node under PARENT.  Dies on memory exhaustion.  */
struct onode *order_xnode (struct onode *parent, bool is_dir);

/* N new nodes under PARENT, files (the caller sets is_dir), in one block
   that PARENT frees when it goes: a node a file of a tree costs no malloc
   and no free of its own.  PARENT must not have such a block yet.  */
struct onode *order_xnodes (struct onode *parent, idx_t n);

/* DIR is listed: its children are KIDS[0..N) in order (the array becomes
   the tree's).  Without the output lock, as order_mark: call order_kick
   next.  */
void order_listed (struct order *o, struct onode *dir, struct onode **kids,
                   idx_t n);

/* N more children KIDS[0..N) of DIR come after those it has (copied:
   KIDS stays the caller's); unless LAST, more may follow.  */
void order_append (struct order *o, struct onode *dir, struct onode **kids,
                   idx_t n, bool last);

/* FILE is searched; its output is in FILE->out.  Without the output
   lock: the cursor moves on at the next order_kick.  */
void order_mark (struct order *o, struct onode *file);

/* FILE is searched, as order_mark says, but whoever holds the output
   lock next need not know yet: a worker that finishes a batch of files
   marks each so, then calls order_note and order_kick once.  */
void order_mark_quiet (struct onode *file);
void order_note (struct order *o);

/* If a node was marked done, take LOCK (the output lock) if it is free
   and move the cursor on.  Call it after order_mark, and after every
   release of LOCK: a mark made while another thread held the lock is
   then seen by that thread, once it has let the lock go.  */
void order_kick (struct order *o, pthread_mutex_t *lock);

/* With the output lock held: move the cursor past nodes marked done.  */
void order_catch_up (struct order *o);

/* Free the nodes still in the tree, once no thread uses them: a run that
   EMIT halted (-q) leaves the nodes after the cursor.  */
void order_free (struct order *o);

#endif
