/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* workq.h: the work queue between the directory walk and the workers.
   A LIFO stack (so the walk goes depth first and stays small) guarded by
   one mutex, but that items with --sort=path nodes are kept in output
   order, so that two workers listing sibling directories do not search
   the later one's subtree first while the earlier waits below it; idle workers sleep on a condition variable, never spin.  The
   queue knows when all work is done: nothing queued and no worker busy
   with an item (a busy worker may still push more).  */

#ifndef GRABRAT_SEARCH_WORKQ_H
#define GRABRAT_SEARCH_WORKQ_H

#include <stdbool.h>

#include "idx.h"

#include <stdatomic.h>

struct onode;
struct bigfile_job;
struct feed;

/* The entries of one listed directory (walk.c): their paths in one
   block, which their work items point into, and the directory, kept
   open (if FD is not -1) so that each entry is opened by its name in it
   rather than by its whole path, whose every component the kernel would
   look up again.  Freed, and the directory closed, when the last of its
   items is released.  */
struct listing
{
  atomic_ptrdiff_t refs;     /* items not yet released */
  int fd;                    /* the directory, or -1 */
  bool short_read_is_end;    /* with FD: io/shortread.h's answer for it */
  dev_t dev;                 /* then, if the output is a regular file:
                                the directory's device */
  atomic_int *open_fds;      /* where open listings' FDs are counted */
  char paths[];
};

/* One unit of work: a file or directory to search.  */
struct work
{
  char *path;            /* malloc'd, or in FROM's block; as printed */
  struct listing *from;  /* or NULL */
  char const *name;      /* with FROM: PATH's last component */
  unsigned char type;    /* DT_REG, DT_DIR, ... or DT_UNKNOWN */
  ino_t ino;             /* with FROM, if its directory entry said DT_REG:
                            the entry's inode number, else 0 */
  bool command_line;     /* an operand (symbolic links followed) */
  bool listed;           /* an operand named by --files0-from or
                            --files-from: opened in batches (worker.c) */
  bool stdin_;           /* read standard input */
  int stdin_turn;        /* then: which '-' operand, from 0 */
  bool with_name;        /* print the file name with its lines */
  int depth;             /* 0 for an operand, 1 for its entries, ... */
  struct onode *node;    /* its place in --sort=path order, or NULL */
  struct bigfile_job *job; /* if not NULL: help search this big file (the
                            other fields are unused) */
  struct feed *feed;     /* if not NULL: read more operands from this
                            list (feed.h; the other fields are unused) */
};

/* Release IT's path: free it, or drop IT's hold on its listing.  */
void work_release (struct work *it);

struct workq;

struct workq *workq_xnew (void);
/* Free Q, calling DROP (if not NULL) on each item still queued, and
   releasing it.  */
void workq_free (struct workq *q, void (*drop) (struct work *));

/* Queue the N items ITEMS so that ITEMS[0] comes out first: on top, or
   if they have nodes (siblings of one listing), where their output
   order puts them.  */
void workq_push (struct workq *q, struct work const *items, idx_t n);

/* Take an item into ITEMS[0], waiting if need be, and return how many
   were taken: 0 when all work is done or the queue was stopped.  If
   BATCHABLE says yes to that item, take also the items after it that
   it says yes to, MAX in all at most (and at most half the queue,
   rounded up).  The items taken must be followed by workq_done once the
   worker has pushed whatever they produced.  */
idx_t workq_pop (struct workq *q, struct work *items, idx_t max,
                 bool (*batchable) (struct work const *));
void workq_done (struct workq *q, idx_t n);

/* End the work early (-q found a match): pops return false from now on.  */
void workq_stop (struct workq *q);

#endif
