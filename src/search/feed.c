/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* feed.c: reading operands from a list as it streams (see feed.h).  A
   step reads one name, waiting for it if need be, then every further
   name already in the stream's buffer (freadahead): the names of one
   read () of the list, so no batch size is tuned here, and a step never
   waits for a name while one it has read waits to be searched.  The
   names go on the queue as command-line operands (symbolic links
   followed, directories walked under -r), as coreutils treats the names
   of --files0-from.  gnulib's argv-iter reads NUL-terminated names only
   and cannot tell whether the next one has arrived, so getdelim is used
   directly.  */

#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "freadahead.h"
#include "xalloc.h"
#include "xvasprintf.h"

#include "system.h"
#include "search/feed.h"
#include "search/output.h"

struct feed
{
  FILE *fp;
  char const *file;    /* the list's name, as given */
  char *quoted;        /* ...quoted for messages (quotef is not for
                          worker threads: made once here) */
  bool from_stdin;
  char delim;
  intmax_t items;      /* names read so far, for messages */
  char *buf;           /* getdelim's */
  size_t size;
};

struct feed *
feed_xopen (char const *file, char delim)
{
  struct feed *f = xzalloc (sizeof *f);
  f->file = file;
  f->from_stdin = streq (file, "-");
  f->fp = f->from_stdin ? stdin : fopen (file, "r");
  if (!f->fp)
    error (EXIT_TROUBLE, errno, G_("cannot open %s for reading"),
           quoteaf (file));
  f->quoted = xstrdup (quotef (file));
  f->delim = delim;
  return f;
}

void
feed_free (struct feed *f)
{
  if (!f)
    return;
  if (!f->from_stdin)
    fclose (f->fp);
  free (f->quoted);
  free (f->buf);
  free (f);
}

struct work
feed_item (struct feed *f)
{
  return (struct work) { .feed = f, .type = DT_UNKNOWN };
}

/* The names read in one step, and their order nodes.  */
struct batch
{
  struct work *items;
  struct onode **kids;
  idx_t n, size;
};

/* Add a node for an item to B (or none, unless --sort=path) and return
   it.  */
static struct onode *
add_node (struct worker *w, struct batch *b)
{
  if (!w->o->sort_path)
    return NULL;
  return b->kids[b->n] = order_xnode (&w->run->order.root, false);
}

/* Say TEXT (after NAME, if not NULL, and before ERRNUM's message, if
   not 0) about the list's current name, in the walk's order under
   --sort=path, and note the error.  B has room for one more item.  */
static void
bad_name (struct worker *w, struct batch *b, char const *name,
          char const *text, int errnum)
{
  struct onode *node = add_node (w, b);
  if (!w->o->no_messages)
    {
      w->node = node;
      worker_say (w, name, text, errnum);
      w->node = NULL;
    }
  if (node)
    {
      node->ready = true;   /* nothing to search: its message is all */
      b->items[b->n++] = (struct work) { .node = node };
    }
  w->run->error_seen = true;
}

/* Read the next name of F into B.  Return false at the list's end (or
   a read error, reported).  Set *REFILLED if the stream had to read
   for it.  */
static bool
read_name (struct worker *w, struct feed *f, struct batch *b,
           bool *refilled)
{
  if (b->n == b->size)
    {
      b->items = xpalloc (b->items, &b->size, 1, -1, sizeof *b->items);
      b->kids = xnrealloc (b->kids, b->size, sizeof *b->kids);
    }
  size_t ahead = freadahead (f->fp);
  errno = 0;
  ssize_t len = getdelim (&f->buf, &f->size, f->delim, f->fp);
  if (len < 0)
    {
      if (ferror (f->fp))
        bad_name (w, b, f->quoted, G_("read error"), errno);
      return false;
    }
  *refilled = ahead < (size_t) len;
  f->items++;
  if (0 < len && f->buf[len - 1] == f->delim)
    f->buf[--len] = '\0';
  if (len == 0)
    {
      char *where = xasprintf ("%s:%jd", f->quoted, f->items);
      bad_name (w, b, where, G_("invalid zero-length file name"), 0);
      free (where);
    }
  else if (f->from_stdin && streq (f->buf, "-"))
    bad_name (w, b, G_("when reading file names from stdin,"
                       " no file name of '-' allowed"), NULL, 0);
  else
    {
      b->items[b->n] = (struct work) {
        .path = xmemdup (f->buf, len + 1), .type = DT_UNKNOWN,
        .command_line = true, .listed = true,
        .stdin_ = streq (f->buf, "-"),
        .with_name = w->o->with_filename == 1,
      };
      b->items[b->n].node = add_node (w, b);
      b->n++;
    }
  return true;
}

void
feed_step (struct worker *w, struct work const *it)
{
  struct feed *f = it->feed;
  struct search_run *run = w->run;
  struct batch b = { 0 };
  /* One name, then those already in the buffer: a name that straddles
     the buffer's end ends the step, or a step would go on as long as
     the list has arrived.  */
  bool refilled = false;
  bool more = read_name (w, f, &b, &refilled);
  while (more && 0 < freadahead (f->fp))
    {
      more = read_name (w, f, &b, &refilled);
      if (refilled)
        break;
    }

  if (run->o->sort_path)
    {
      pthread_mutex_lock (&run->out_lock);
      order_append (&run->order, &run->order.root, b.kids, b.n, !more);
      output_unlock (run);
    }
  /* Items whose message is all (bad_name) are done already.  */
  idx_t n = 0;
  for (idx_t i = 0; i < b.n; i++)
    if (b.items[i].path)
      b.items[n++] = b.items[i];
  if (more)
    {
      if (n == b.size)
        b.items = xpalloc (b.items, &b.size, 1, -1, sizeof *b.items);
      b.items[n++] = *it;
    }
  workq_push (run->q, b.items, n);
  free (b.items);
  free (b.kids);
}
