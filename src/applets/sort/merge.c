/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* merge.c: k-way merge of sorted files (see merge.h).
   Each input is read a bufferful of lines at a time, and its current
   line is abbreviated once (compare.h).  A binary heap keeps the inputs
   ordered by current line, ties going to the earlier input, which makes
   the merge stable and picks the same line GNU sort's ordered array
   picks.  */

#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "minmax.h"
#include "xalloc.h"

#include "system.h"
#include "compare.h"
#include "lines.h"
#include "merge.h"
#include "output.h"
#include "tempfile.h"

/* Each input of a merge gets a buffer of at least this many bytes (GNU
   sort's size; a larger -S is shared out among the inputs).  */
enum { MERGE_BUFFER_SIZE = 256 * 1024 };

struct minput
{
  struct lreader r;
  idx_t cur;             /* the current line: r.lines[cur] */
  uint64_t k0;           /* its abbreviated key */
};

struct merger
{
  struct sort_opts const *o;
  struct minput *in;
  idx_t *heap;           /* indexes into IN, a binary min-heap */
  idx_t nheap;
};

static inline struct line *
head (struct minput const *in)
{
  return &in->r.lines[in->cur];
}

/* Compare the current lines of inputs I and J; ties by input order.  */
static int
head_cmp (struct merger const *m, idx_t i, idx_t j)
{
  struct minput const *a = &m->in[i];
  struct minput const *b = &m->in[j];
  int diff;
  if (a->k0 != b->k0)
    diff = a->k0 < b->k0 ? -1 : 1;
  else if (head (a)->k1 != head (b)->k1)
    diff = head (a)->k1 < head (b)->k1 ? -1 : 1;
  else
    diff = compare_lines_tied (m->o, head (a), head (b), a->k0);
  return diff ? diff : (i > j) - (i < j);
}

static void
sift_down (struct merger *m, idx_t pos)
{
  idx_t x = m->heap[pos];
  for (;;)
    {
      idx_t child = 2 * pos + 1;
      if (m->nheap <= child)
        break;
      if (child + 1 < m->nheap
          && head_cmp (m, m->heap[child + 1], m->heap[child]) < 0)
        child++;
      if (head_cmp (m, x, m->heap[child]) <= 0)
        break;
      m->heap[pos] = m->heap[child];
      pos = child;
    }
  m->heap[pos] = x;
}

/* Make input I's next line current; return false at its end.  */
static bool
advance (struct merger *m, idx_t i)
{
  struct minput *in = &m->in[i];
  if (++in->cur == in->r.nlines)
    {
      if (!lreader_xfill (&in->r))
        return false;
      in->cur = 0;
    }
  in->k0 = compare_abbrev (m->o, head (in));
  return true;
}

/* Open F for reading; return -1 with errno on failure.  */
static int
open_input (struct mfile const *f)
{
  return f->temp ? tempfile_open (f->temp) : lines_open (f->name);
}

/* Close FD, F's, opened by open_input; DONE if it was read to its end.  */
static void
close_input (struct mfile const *f, int fd, bool done)
{
  if (f->temp)
    tempfile_xclose (f->temp, fd, done);
  else
    lines_xclose (fd, f->name);
}

/* Done with input I (file F, a temporary to remove if TEMP).  */
static void
finish_input (struct minput *in, struct mfile const *f, bool temp)
{
  close_input (f, in->r.fd, true);
  lreader_free (&in->r);
  if (temp)
    tempfile_remove (f->temp);
}

/* A copy of a line, for -u: the last line kept.  */
struct saved
{
  struct line line;
  uint64_t k0;
  idx_t alloc;
  bool valid;
};

static void
save_line (struct saved *s, struct line const *l, uint64_t k0)
{
  if (s->alloc <= l->len)
    {
      free (s->line.text);
      s->alloc = l->len + 1;
      s->line.text = ximalloc (s->alloc);
    }
  memcpy (s->line.text, l->text, l->len + 1);
  s->line.len = l->len;
  s->line.k1 = l->k1;
  s->k0 = k0;
  s->valid = true;
}

/* Merge the NFILES files FILES, open on FDS (the first NTEMPS are
   temporaries), into SINK; close everything.  */
static void
merge_fds (struct sort_opts const *o, idx_t bufsize, struct mfile *files,
           idx_t ntemps, idx_t nfiles, int const *fds, struct sink *sink)
{
  struct merger m = { o, xinmalloc (nfiles, sizeof *m.in),
                      xinmalloc (nfiles, sizeof *m.heap), 0 };
  for (idx_t i = 0; i < nfiles; i++)
    {
      struct minput *in = &m.in[i];
      lreader_init (&in->r, fds[i], files[i].name, o->eol, bufsize);
      if (lreader_xfill (&in->r))
        {
          in->cur = 0;
          in->k0 = compare_abbrev (o, head (in));
          m.heap[m.nheap++] = i;
        }
      else
        finish_input (in, &files[i], i < ntemps);
    }
  for (idx_t pos = m.nheap / 2; 0 < pos--; )
    sift_down (&m, pos);

  struct saved saved = { { NULL, 0, 0 }, 0, 0, false };
  while (0 < m.nheap)
    {
      idx_t i = m.heap[0];
      struct line const *l = head (&m.in[i]);
      if (!o->unique)
        sink_xline (sink, l);
      else
        {
          /* Keep the first of each run of equal lines.  */
          if (saved.valid
              && ! (saved.k0 == m.in[i].k0 && saved.line.k1 == l->k1
                    && compare_lines_tied (o, &saved.line, l, saved.k0) == 0))
            {
              sink_xline (sink, &saved.line);
              saved.valid = false;
            }
          if (!saved.valid)
            save_line (&saved, l, m.in[i].k0);
        }
      if (!advance (&m, i))
        {
          finish_input (&m.in[i], &files[i], i < ntemps);
          m.heap[0] = m.heap[--m.nheap];
        }
      if (0 < m.nheap)
        sift_down (&m, 0);
    }
  if (saved.valid)
    sink_xline (sink, &saved.line);
  free (saved.line.text);
  sink_xclose (sink);
  free (m.heap);
  free (m.in);
}

/* Open as many of FILES as possible, in order, into FDS; return how
   many (errno tells why the next one failed).  */
static idx_t
open_inputs (struct mfile const *files, idx_t nfiles, int *fds)
{
  idx_t i;
  for (i = 0; i < nfiles; i++)
    if ((fds[i] = open_input (&files[i])) < 0)
      break;
  return i;
}

static idx_t
buffer_size (struct sort_limits const *lim, idx_t nfiles)
{
  return MAX (MERGE_BUFFER_SIZE, lim->buffer_size / nfiles);
}

/* Merge as many of FILES (NFILES, the first NTEMPS temporaries) as can
   be opened, at least 2, into a new temporary; return it and store in
   *MERGED how many were merged.  */
static struct tempfile *
merge_to_temp (struct sort_opts const *o, struct sort_limits const *lim,
               struct mfile *files, idx_t ntemps, idx_t nfiles,
               idx_t *merged)
{
  int tfd;
  struct tempfile *t = tempfile_create (&tfd, false);
  int *fds = xinmalloc (nfiles, sizeof *fds);
  idx_t nopened = open_inputs (files, nfiles, fds);
  if (nopened < nfiles && nopened < 2)
    sort_die (N_("open failed"), files[nopened].name);
  struct sink sink;
  sink_open_temp (&sink, o, tfd, tempfile_name (t));
  merge_fds (o, buffer_size (lim, nopened), files, ntemps, nopened, fds,
             &sink);
  free (fds);
  *merged = nopened;
  return t;
}

/* Inputs that are also the output (-o FILE, or standard output
   redirected to one) are first copied to one temporary, so that writing
   the output cannot destroy them before they are read.  */
static void
avoid_trashing_input (struct sort_opts const *o,
                      struct sort_limits const *lim, struct mfile *files,
                      idx_t ntemps, idx_t nfiles, char const *outfile)
{
  struct tempfile *copy = NULL;
  for (idx_t i = ntemps; i < nfiles; i++)
    {
      bool is_stdin = streq (files[i].name, "-");
      bool same;
      if (outfile && streq (outfile, files[i].name) && !is_stdin)
        same = true;
      else
        {
          struct stat outst, inst;
          if (fstat (STDOUT_FILENO, &outst) != 0)
            break;
          same = ((is_stdin ? fstat (STDIN_FILENO, &inst)
                   : stat (files[i].name, &inst)) == 0
                  && inst.st_ino == outst.st_ino
                  && inst.st_dev == outst.st_dev);
        }
      if (same)
        {
          if (!copy)
            {
              idx_t merged;
              copy = merge_to_temp (o, lim, &files[i], 0, 1, &merged);
            }
          files[i].name = tempfile_name (copy);
          files[i].temp = copy;
        }
    }
}

void
merge_files (struct sort_opts const *o, struct sort_limits const *lim,
             struct mfile *files, idx_t ntemps, idx_t nfiles,
             char const *outfile)
{
  idx_t nmerge = lim->nmerge;

  /* Passes of NMERGE-way merges into temporaries, then one shorter merge
     if that leaves more than fit the last pass (GNU sort's plan).  */
  while (nmerge < nfiles)
    {
      idx_t in = 0;
      idx_t out = 0;
      idx_t merged;
      for (; nmerge <= nfiles - in; out++)
        {
          struct tempfile *t = merge_to_temp (o, lim, &files[in],
                                              MIN (ntemps, nmerge), nmerge,
                                              &merged);
          ntemps -= MIN (ntemps, merged);
          files[out] = (struct mfile) { tempfile_name (t), t };
          in += merged;
        }
      idx_t remainder = nfiles - in;
      idx_t cheap_slots = nmerge - out % nmerge;
      if (cheap_slots < remainder)
        {
          idx_t nshort = remainder - cheap_slots + 1;
          struct tempfile *t = merge_to_temp (o, lim, &files[in],
                                              MIN (ntemps, nshort), nshort,
                                              &merged);
          ntemps -= MIN (ntemps, merged);
          files[out++] = (struct mfile) { tempfile_name (t), t };
          in += merged;
        }
      memmove (&files[out], &files[in], (nfiles - in) * sizeof *files);
      ntemps += out;
      nfiles -= in - out;
    }

  avoid_trashing_input (o, lim, files, ntemps, nfiles, outfile);

  /* Merge into the output; if file descriptors run out, merge what is
     open into a temporary and try again.  */
  for (;;)
    {
      int *fds = xinmalloc (nfiles, sizeof *fds);
      idx_t nopened = open_inputs (files, nfiles, fds);
      if (nopened == nfiles)
        {
          struct sink sink;
          sink_xopen_output (&sink, o, outfile);
          merge_fds (o, buffer_size (lim, nfiles), files, ntemps, nfiles,
                     fds, &sink);
          free (fds);
          return;
        }
      if (nopened <= 2)
        sort_die (N_("open failed"), files[nopened].name);

      struct tempfile *t;
      int tfd;
      do
        {
          nopened--;
          close_input (&files[nopened], fds[nopened], false);
          t = tempfile_create (&tfd, ! (nopened <= 2));
        }
      while (!t);
      struct sink sink;
      sink_open_temp (&sink, o, tfd, tempfile_name (t));
      merge_fds (o, buffer_size (lim, nopened), files, MIN (ntemps, nopened),
                 nopened, fds, &sink);
      ntemps -= MIN (ntemps, nopened);
      files[0] = (struct mfile) { tempfile_name (t), t };
      memmove (&files[1], &files[nopened],
               (nfiles - nopened) * sizeof *files);
      ntemps++;
      nfiles -= nopened - 1;
      free (fds);
    }
}
