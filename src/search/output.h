/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* output.h: a worker's file output and diagnostics on their way out
   (output.c).  A file's output collects in its worker's buffer and goes
   out in one piece under the run's output lock (small outputs of a
   batch's files together), or streams, holding the lock, once it grows
   big, or waits for its turn in the --sort=path order (order.h), in a
   temporary file if it is big.  Write errors end the run where GNU
   grep's stdio would.  */

#ifndef GRABRAT_SEARCH_OUTPUT_H
#define GRABRAT_SEARCH_OUTPUT_H

#include "attribute.h"

#include "search/order.h"

struct worker;
struct search_run;

/* Print "grab: NAME[: TEXT][: strerror (ERRNUM)]" on stderr in a single
   write (TEXT may be null, ERRNUM 0), or, when W has an order node (for
   --sort=path and grep), keep it with that node, for search_emit to print in
   the walk's order.  Every diagnostic of a thread goes through here,
   never through error ().  */
void worker_say (struct worker *w, char const *name, char const *text,
                 int errnum);

/* worker_say (W, MESSAGE, NULL, 0) with MESSAGE formatted from FORMAT,
   a translated msgid that places the file's name ("%s: binary file
   matches").  */
void worker_sayf (struct worker *w, char const *format, ...)
  ATTRIBUTE_FORMAT ((__printf__, 2, 3));

/* Print "grab: NAME: strerror (ERRNUM)" unless --no-messages, and
   remember that an error happened.  */
void worker_error (struct worker *w, char const *name, int errnum);

/* The printer's flush hook (struct printer): W's output is big, or
   lines are to go out at once.  CTX is the struct worker.  */
void output_flush_hook (void *ctx);

/* W's current file is done: let its output go (or keep it for the next
   file of the batch, if W->carry).  */
void output_finish (struct worker *w);

/* Let RUN's output lock go: every release goes through here, so that
   the order's cursor moves on past files marked done meanwhile
   (order_kick).  */
void output_unlock (struct search_run *run);

/* Write what W's buffer carries of earlier files' output.  */
void output_write_carried (struct worker *w);

/* -q found its line: stop every worker.  */
void output_stop_run (struct search_run *run);

/* At exit, normal or not: say "write error" where grep's close_stdout
   would, and return whether it was said (then the status is 2).  */
bool output_exit_report (struct search_run *run);

/* --sort=path's emitter (order.h): print FILE's output, held in its node,
   for RUN, the struct search_run.  */
void search_emit (void *run, struct onode *file);

/* ...and when the cursor stops: write what search_emit gathered.  */
void search_emitted (void *run);

#endif
