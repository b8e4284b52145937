/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* feed.h: operands read from a list (--files-from, --files0-from) while
   the search runs (feed.c).  The list is one work item, queued beneath
   the names it has queued so far: the worker that takes it (which
   happens only once every name queued before has been taken) reads the
   names that have arrived, queues them, and queues the list again
   beneath them.  So the list is never held whole, and the first names
   from a slow pipe are searched before the last have arrived.  */

#ifndef GRABRAT_SEARCH_FEED_H
#define GRABRAT_SEARCH_FEED_H

#include "search/worker-state.h"

struct feed;

/* Open the list FILE ("-": standard input), whose names end with DELIM
   ('\0' or '\n').  Dies with grab's trouble status if FILE cannot be opened.  Call from
   the main thread before the workers start.  */
struct feed *feed_xopen (char const *file, char delim);

/* Close the list F (not standard input) and free F.  */
void feed_free (struct feed *f);

/* The work item that reads the list F when a worker takes it.  */
struct work feed_item (struct feed *f);

/* Read the names that have arrived on IT's list (at least one, unless
   it ends), queue them for W's run, and queue IT again beneath them
   unless the list has ended.  A zero-length name, or '-' in a list read
   from standard input, is reported (as coreutils' wc reports them) and
   makes the run's status 2; so does a read error, which ends the list.
   Under --sort=path the names are appended to the order's root.  Only
   the worker holding IT may call this.  */
void feed_step (struct worker *w, struct work const *it);

#endif
