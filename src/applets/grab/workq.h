/* workq.h: the work queue between the directory walk and the workers.
   A LIFO stack (so the walk goes depth first and stays small) guarded by
   one mutex; idle workers sleep on a condition variable, never spin.  The
   queue knows when all work is done: nothing queued and no worker busy
   with an item (a busy worker may still push more).  */

#ifndef GRABRAT_GRAB_WORKQ_H
#define GRABRAT_GRAB_WORKQ_H

#include <stdbool.h>

#include "idx.h"

struct onode;
struct chunk_job;

/* One unit of work: a file or directory to search.  */
struct work
{
  char *path;            /* malloc'd; as printed and opened */
  unsigned char type;    /* DT_REG, DT_DIR, ... or DT_UNKNOWN */
  bool command_line;     /* an operand (symbolic links followed) */
  bool stdin_;           /* read standard input */
  bool with_name;        /* print the file name with its lines */
  struct onode *node;    /* its place in --sort=path order, or NULL */
  struct chunk_job *job; /* if not NULL: help search this big file (the
                            other fields are unused) */
};

struct workq;

struct workq *workq_xnew (void);
/* Free Q, calling DROP (if not NULL) on each item still queued.  */
void workq_free (struct workq *q, void (*drop) (struct work *));

/* Queue the N items ITEMS so that ITEMS[0] comes out first.  */
void workq_push (struct workq *q, struct work const *items, idx_t n);

/* Take an item into *ITEM, waiting if need be.  Return false when all work
   is done or the queue was stopped.  Each item taken must be followed by
   workq_done once the worker has pushed whatever the item produced.  */
bool workq_pop (struct workq *q, struct work *item);
void workq_done (struct workq *q);

/* End the work early (-q found a match): pops return false from now on.  */
void workq_stop (struct workq *q);

#endif
