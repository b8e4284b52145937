/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* run.c: one search run, for both command lines (see run.h), once
   front/settle.c has settled the options: the operands queued, the
   workers started (pool.c) and joined, the exit status decided.  The
   searching itself is in worker.c, walk.c, search.c and print.c.  */

#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "minmax.h"
#include "xalloc.h"

#include "system.h"
#include "search/bigfile.h"
#include "search/feed.h"
#include "search/config.h"
#include "search/json.h"
#include "search/output.h"
#include "search/pool.h"
#include "search/run.h"
#include "search/walk.h"
#include "search/worker.h"

/* The most workers the run may have: a tree's, warm or cold, or a big
   file's.  */
static int
most_workers (struct search_config const *o)
{
  int most = MAX (o->threads, o->threads_cold);
  return MAX (most, o->bigfile_threads);
}

/* An item left in the queue when the run stopped early (-q).  */
static void
drop_item (struct work *it)
{
  if (it->job)
    bigfile_unref (it->job);
}

int
search_all (struct search_config *o, struct search_run *run,
            char *const *files, int num_operands, char const *files_from,
            char files_from_delim)
{
  input_sigbus_init ();
  pthread_mutex_init (&run->out_lock, NULL);
  run->q = workq_xnew ();
  run->listing_fds_max = walk_listing_fds_max ();
  run->open_batch = worker_open_batch (most_workers (o));
  if (o->threads < o->threads_cold)
    o->input_walk.cold = &run->cold;
  if (o->sort_path)
    order_init (&run->order, search_emit, search_emitted, run);

  pthread_mutex_init (&run->stdin_lock, NULL);
  pthread_cond_init (&run->stdin_cond, NULL);
  int stdin_turns = 0;
  struct work *items = xnmalloc (num_operands, sizeof *items);
  struct onode **kids = o->sort_path ? xnmalloc (num_operands, sizeof *kids)
                                    : NULL;
  for (int i = 0; i < num_operands; i++)
    {
      items[i] = (struct work) {
        .path = xstrdup (files[i]), .type = DT_UNKNOWN,
        .command_line = true, .stdin_ = streq (files[i], "-"),
        .with_name = o->with_filename == 1,
      };
      if (items[i].stdin_)
        items[i].stdin_turn = stdin_turns++;
      if (kids)
        kids[i] = items[i].node = order_xnode (&run->order.root, false);
    }
  if (kids && !files_from)
    order_listed (&run->order, &run->order.root, kids, num_operands);
  else
    free (kids);
  workq_push (run->q, items, num_operands);
  free (items);
  /* Operands from a list: the feed queues them (feed.h).  */
  struct feed *feed = NULL;
  if (files_from)
    {
      feed = feed_xopen (files_from, files_from_delim);
      struct work it = feed_item (feed);
      workq_push (run->q, &it, 1);
    }

  /* The main thread is a worker.  The others start now, or when a big
     file is to be searched in pieces (bigfile.c).  */
  pool_init (&run->pool, most_workers (o), search_worker, run);
  pool_spawn (&run->pool, o->threads);
  search_worker (run);
  pool_join (&run->pool);

  if (o->print.json && !run->out_errno)
    {
      /* ripgrep's last record, even with -q.  */
      struct outbuf ob = OUTBUF_INIT;
      json_put_summary (&ob, &run->json, json_elapsed (run->json_start));
      idx_t n = ob.len;
      run->out_errno = outbuf_flush (&ob, STDOUT_FILENO);
      if (run->out_errno)
        atomic_store (&run->out_pending, n);
      outbuf_free (&ob);
    }

  bool matched = run->matched;
  int status = (o->exit_on_match && matched ? EXIT_SUCCESS
                : run->error_seen ? EXIT_TROUBLE
                : matched ? EXIT_SUCCESS : EXIT_FAILURE);
  if (output_exit_report (run))
    status = EXIT_TROUBLE;

  /* Free what the run allocated, so leak checkers see none.  */
  if (o->sort_path)
    order_free (&run->order);
  outbuf_free (&run->stage);
  workq_free (run->q, drop_item);
  feed_free (feed);
  pthread_mutex_destroy (&run->out_lock);
  pthread_mutex_destroy (&run->stdin_lock);
  pthread_cond_destroy (&run->stdin_cond);
  run->eng->free ((void *) run->re);
  free (o->print.colors.storage);
  for (int cmd = 0; cmd < 2; cmd++)
    {
      if (o->excluded[cmd])
        free_exclude (o->excluded[cmd]);
      if (o->excluded_dir[cmd])
        free_exclude (o->excluded_dir[cmd]);
    }
  return status;
}
