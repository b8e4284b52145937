/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* bigfile.c: a big file searched by several workers (see bigfile.h).

   Pieces.  Piece I covers the records (lines) that START in file offsets
   [I * SIZE, (I + 1) * SIZE): a record belongs to the piece its first byte
   is in, so pieces never share a record, whoever cuts them.  A helper
   maps its piece (and the rest of its last line), finds its first record
   start A and the start B of the next piece's first record, and lists the
   record starts in [A, B) where the engine finds a match (or selects the
   record, for engines with 'select').  At most LIST_MAX of them: a piece
   with more is listed up to a record start KNOWN and the owner searches
   the rest itself.

   Claims.  The owner takes pieces in increasing order as its search
   reaches them, helpers in decreasing order from the last; a piece is
   FREE, SELF (the owner searches it with the real engine), BUSY (a helper
   lists it) or DONE.  The owner waits only for a piece being listed, so
   near the middle at most.

   The owner's engine (the job's ops) is the run's, but for find and
   select: given a start in a DONE piece, it runs the real engine on the
   listed records alone; in a SELF piece, on the piece's records.  Either
   way the real engine returns what it would return on the whole buffer,
   because a match never spans records (engine.h's contract).  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "minmax.h"
#include "xalloc.h"
#include "xvasprintf.h"

#include "search/bigfile.h"
#include "search/config.h"
#include "search/output.h"
#include "search/pool.h"
#include "search/worker-state.h"

/* Piece size, the most a piece's list holds, and how many pieces a file
   needs to be cut at all.  The piece is also bounded by -L's window, so
   that the owner and each helper map at most a window each.  grab -n 2
   -c PM_RESUME on the 1.1 GiB bench file (2026-12-03, 2 vCPUs, perf stat
   -r 10, two rounds): pieces of 8 MiB 0.082 and 0.079 s, 16 MiB 0.075
   and 0.074 s, 32 MiB 0.074 and 0.077 s; peak memory 21, 37, 70 MB.  One
   thread took 0.134 s, ripgrep (one thread, the whole file mapped)
   0.131 s.  Each piece costs a map and an unmap, whose TLB shoot-down
   interrupts the other workers.  LIST_MAX bounds a listed piece at 64
   KiB: denser pieces are left to the owner.  */
enum { PIECE_MAX = 16 << 20, LIST_MAX = 16 << 10, MIN_PIECES = 4 };

enum piece_state { FREE, SELF, BUSY, DONE };

struct piece
{
  enum piece_state state;
  off_t b;           /* DONE: the next piece's first record start */
  off_t known;       /* DONE: records starting before this are listed */
  uint32_t *recs;    /* DONE: listed record starts, from the piece's
                        start (I * SIZE) */
  idx_t n, cur;      /* how many; the owner's place in them */
  off_t nul;         /* DONE: the file offset of the piece's first NUL,
                        -1 if none, -2 if not looked for */
  bool owned;        /* the owner has claimed it or waited for it (a field
                        only the owner reads and writes) */
};

struct bigfile_job
{
  struct engine_ops ops;       /* the owner's engine (see above) */
  struct engine_ops const *eng;
  void const *re;
  char eol;
  int fd;                      /* the job's own: helpers map it */
  struct stat st;
  struct input_params owner_in, helper_in;
  off_t size;                  /* the piece size */
  idx_t npieces;
  struct piece *pieces;
  off_t base;                  /* owner's: file offset of its buffer */
  bool alone;                  /* owner's: it searches the rest alone */
  bool nuls;                   /* helpers look for NULs (bigfile.h) */

  pthread_mutex_t lock;        /* for what follows and pieces' states */
  pthread_cond_t cond;
  idx_t top;                   /* helpers claim pieces below this */
  bool finished;               /* the owner is done: claim no more */
  int refs;
};

static void
job_free (struct bigfile_job *job)
{
  for (idx_t i = 0; i < job->npieces; i++)
    free (job->pieces[i].recs);
  free (job->pieces);
  close (job->fd);
  pthread_cond_destroy (&job->cond);
  pthread_mutex_destroy (&job->lock);
  free (job);
}

void
bigfile_unref (struct bigfile_job *job)
{
  pthread_mutex_lock (&job->lock);
  bool last = --job->refs == 0;
  pthread_mutex_unlock (&job->lock);
  if (last)
    job_free (job);
}

static off_t
piece_size (struct search_config const *o)
{
  return MIN (PIECE_MAX, o->input.window);
}

bool
bigfile_wanted (struct worker const *w, struct stat const *st)
{
  struct search_config const *o = w->o;
  bool const *unsure;
  return (1 < o->bigfile_threads && S_ISREG (st->st_mode)
          && MIN_PIECES * piece_size (o) <= st->st_size
          && !(w->run->eng->selects_all
               && w->run->eng->selects_all (w->run->re, &unsure)));
}

/* The first record start at or after offset AT of BUF[0..LEN) (a record
   start at or before AT is at FLOOR).  */
static idx_t
record_at (char const *buf, idx_t floor, idx_t at, idx_t len, char eol)
{
  if (at <= floor || buf[at - 1] == eol)
    return at;
  return record_stop (buf, at, len, eol);
}

/* The owner's claim on piece PC: a free piece becomes its own, one that
   a helper is listing is waited for.  */
static void
claim (struct bigfile_job *job, struct piece *pc)
{
  if (pc->owned)
    return;
  pthread_mutex_lock (&job->lock);
  if (pc->state == FREE)
    pc->state = SELF;
  while (pc->state == BUSY)
    pthread_cond_wait (&job->cond, &job->lock);
  pthread_mutex_unlock (&job->lock);
  pc->owned = true;
}

/* The owner's find and select (see the top).  BUF[0] is at file offset
   JOB->base.  */
static int
replay (void const *re, void *scratch, char const *buf, idx_t len,
        idx_t start, struct span *m)
{
  struct bigfile_job *job = (struct bigfile_job *) re;
  idx_t p = start;
  while (p < len)
    {
      off_t f = job->base + p;
      idx_t i = f / job->size;
      struct piece *pc = &job->pieces[MIN (i, job->npieces - 1)];
      claim (job, pc);

      /* Where the piece's records end in BUF, and where the real engine
         must look from (the unlisted part).  */
      off_t next = (i + 1) * job->size;
      idx_t stop = (next < job->base + len
                    ? record_at (buf, p, next - job->base, len, job->eol)
                    : len);
      idx_t from = p;
      if (pc->state == DONE && !job->alone)
        {
          off_t piece0 = i * job->size;
          while (pc->cur < pc->n && piece0 + pc->recs[pc->cur] < f)
            pc->cur++;
          for (; pc->cur < pc->n; pc->cur++)
            {
              idx_t rb = piece0 + pc->recs[pc->cur] - job->base;
              if (len <= rb)
                return 0;
              int r = engine_select (job->eng, job->re, scratch, buf,
                                     record_stop (buf, rb, len, job->eol),
                                     rb, m);
              if (r != 0)
                return r;
            }
          from = MAX (p, MIN (pc->known, pc->b) - job->base);
          if (pc->n)
            {
              free (pc->recs);
              pc->recs = NULL;
              pc->n = pc->cur = 0;
            }
        }
      if (from < stop)
        {
          int r = engine_select (job->eng, job->re, scratch, buf, stop,
                                 from, m);
          if (r != 0)
            return r;
        }
      p = stop;
    }
  return 0;
}

struct bigfile_job *
bigfile_start (struct worker *w, int fd, struct stat const *st,
             char const *name)
{
  struct search_config const *o = w->o;
  int dfd = fcntl (fd, F_DUPFD_CLOEXEC, 0);
  if (dfd < 0)
    return NULL;
  struct bigfile_job *job = xzalloc (sizeof *job);
  job->eng = w->run->eng;
  job->re = w->run->re;
  job->ops = *job->eng;
  job->ops.find = replay;
  job->ops.select = job->eng->select ? replay : NULL;
  job->ops.selects_all = NULL;
  job->eol = o->search.eol;
  job->nuls = search_binary_rule (o);
  job->fd = dfd;
  job->st = *st;
  job->size = piece_size (o);
  job->npieces = (st->st_size + job->size - 1) / job->size;
  job->pieces = xcalloc (job->npieces, sizeof *job->pieces);
  /* The owner maps a piece at a time, as helpers do: memory stays about
     a piece per worker.  */
  job->owner_in = o->input;
  job->owner_in.window = job->size;
  /* A helper maps from the byte before its piece to the end of the line
     that holds the piece's last byte: a piece and a few pages, unless
     that line is long (input.c widens the window).  The window counts
     from the piece's last byte (it was a piece more: every helper map
     twice the piece's size, untouched; perf stat gave no difference in
     time).  */
  job->helper_in = job->owner_in;
  job->helper_in.window = 64 << 10;
  job->helper_in.mmap_min = 0;
  job->helper_in.map_only = true;
  job->top = job->npieces;
  pthread_mutex_init (&job->lock, NULL);
  pthread_cond_init (&job->cond, NULL);

  int helpers = o->bigfile_threads - 1;
  job->refs = 1 + helpers;
  struct work *items = xnmalloc (helpers, sizeof *items);
  for (int i = 0; i < helpers; i++)
    items[i] = (struct work) { .job = job };
  workq_push (w->run->q, items, helpers);
  free (items);
  pool_spawn (&w->run->pool, o->bigfile_threads);
  if (o->debug)
    {
      char *msg = xasprintf ("%jd pieces of %jd bytes, up to %d workers",
                             (intmax_t) job->npieces, (intmax_t) job->size,
                             o->bigfile_threads);
      worker_say (w, name, msg, 0);
      free (msg);
    }
  return job;
}

struct engine_ops const *
bigfile_engine (struct bigfile_job *job)
{
  return &job->ops;
}

struct input_params const *
bigfile_input (struct bigfile_job const *job)
{
  return &job->owner_in;
}

void
bigfile_set_base (struct bigfile_job *job, off_t base)
{
  job->base = base;
}

off_t
bigfile_first_nul (struct bigfile_job *job, char const *buf, off_t base,
                   off_t from, off_t to, off_t *cand)
{
  *cand = -1;
  for (off_t p = from; p < to; )
    {
      idx_t i = MIN (p / job->size, job->npieces - 1);
      struct piece *pc = &job->pieces[i];
      claim (job, pc);
      off_t pe = i == job->npieces - 1 ? to : MIN ((i + 1) * job->size, to);
      /* Whether the helper that listed the piece looked at these bytes.  */
      bool looked = (pc->state == DONE && pc->nul != -2
                     && (pc->nul == -1 || p <= pc->nul));
      if (looked)
        {
          if (*cand < 0)
            *cand = p;
          if (0 <= pc->nul && pc->nul < pe)
            return pc->nul;
        }
      else
        {
          idx_t c;
          idx_t z = engine_skim_nul (job->eng, job->re, buf, p - base,
                                     pe - base, &c);
          if (*cand < 0 && c < pe - base)
            *cand = base + c;
          if (0 <= z)
            return base + z;
        }
      p = pe;
    }
  if (*cand < 0)
    *cand = to;
  return -1;
}

off_t
bigfile_clean_end (struct bigfile_job *job, off_t from)
{
  off_t end = from;
  pthread_mutex_lock (&job->lock);
  for (idx_t i = from / job->size; i < job->npieces - 1; i++)
    {
      struct piece const *pc = &job->pieces[i];
      if (pc->state != DONE || pc->nul != -1)
        break;
      end = (i + 1) * job->size;
    }
  pthread_mutex_unlock (&job->lock);
  return end;
}

void
bigfile_alone (struct bigfile_job *job)
{
  job->alone = true;
  pthread_mutex_lock (&job->lock);
  job->finished = true;
  pthread_mutex_unlock (&job->lock);
}

void
bigfile_finish (struct bigfile_job *job)
{
  pthread_mutex_lock (&job->lock);
  job->finished = true;
  pthread_mutex_unlock (&job->lock);
  bigfile_unref (job);
}

/* Unless *NUL holds one already, look for the first NUL of
   BUF[*FROM..TO) and return where the engine must search
   BUF[P..STEP_END) from (P, a record start, is at or after *FROM):
   the record of the first place a match may start (engine_skim_nul), or
   STEP_END if none; *FROM moves on to TO.  */
static idx_t
nul_scan (struct bigfile_job const *job, char const *buf, idx_t *from,
          idx_t to, char const **nul, idx_t p, idx_t step_end)
{
  if (!*nul && *from < to)
    {
      idx_t lo = MIN (p, to);
      *nul = memchr (buf + *from, '\0', lo - *from);
      if (!*nul)
        {
          idx_t c;
          idx_t z = engine_skim_nul (job->eng, job->re, buf, p, step_end,
                                     &c);
          if (0 <= z && z < to)
            *nul = buf + z;
          p = c < step_end ? record_begin (buf, p, c, job->eol) : step_end;
        }
    }
  *from = MAX (*from, to);
  return p;
}

/* List piece I of JOB into *PC (see the top), reading with RD.  */
static void
list_piece (struct worker *w, struct bigfile_job *job, idx_t i,
            struct piece *pc)
{
  struct input_reader *rd = w->rd;
  off_t ps = i * job->size;
  off_t pe = MIN (ps + job->size, job->st.st_size);
  char eol = job->eol;
  pc->recs = NULL;
  pc->n = 0;
  pc->nul = -2;
  /* Nothing known yet: the owner searches what a failure leaves.  */
  pc->known = pc->b = ps;
  input_begin (rd, job->fd, &job->st, &job->helper_in);
  if (sigsetjmp (*input_guard (rd), 0) != 0)
    {
      /* The file shrank: the owner will find out and say so.  */
      free (pc->recs);
      pc->recs = NULL;
      pc->n = 0;
      pc->nul = -2;
      pc->known = pc->b = ps;
      input_end (rd);
      return;
    }
  /* From the byte before the piece (does a record start at PS?) to the
     end of the record that holds the piece's last byte.  */
  struct input_chunk ch;
  off_t keep = ps ? ps - 1 : 0;
  if (input_next (rd, keep, pe - 1, eol, &ch) <= 0)
    goto out;   /* the owner will read it */
  char const *buf = ch.buf;
  idx_t len = ch.len;
  idx_t floor = keep - ch.start;
  idx_t a = record_at (buf, floor, ps - ch.start, len, eol);
  idx_t b = pe < job->st.st_size ? record_at (buf, floor, pe - ch.start,
                                              len, eol)
                                 : len;
  pc->b = ch.start + b;
  /* The piece's bytes [PS, PE) are looked at for a NUL (when the job asks)
     a step ahead of the engine, which then finds them in the cache.  */
  idx_t nul_from = ps - ch.start, nul_to = pe - ch.start;
  char const *nul = NULL;
  idx_t size = 0, p = a;
  for (idx_t step_end = a; p < b; )
    {
      if (step_end <= p)
        {
          step_end = (b - p <= CACHE_STEP ? b
                      : record_at (buf, p, p + CACHE_STEP, b, eol));
          if (job->nuls)
            p = nul_scan (job, buf, &nul_from, MIN (step_end, nul_to), &nul,
                          p, step_end);
          if (step_end <= p)
            continue;
        }
      struct span m;
      int r = engine_select (job->eng, job->re, w->scratch, buf, step_end,
                             p, &m);
      if (r <= 0)
        {
          if (r < 0)
            break;
          p = step_end;
          continue;
        }
      if (pc->n == LIST_MAX)
        break;
      idx_t rb = record_begin (buf, p, m.beg, eol);
      if (pc->n == size)
        pc->recs = xpalloc (pc->recs, &size, 1, LIST_MAX, sizeof *pc->recs);
      pc->recs[pc->n++] = ch.start + rb - ps;
      p = record_stop (buf, m.beg, step_end, eol);
    }
  pc->known = ch.start + p;
  if (job->nuls)
    {
      nul_scan (job, buf, &nul_from, nul_to, &nul, nul_to, nul_to);
      pc->nul = nul ? ch.start + (nul - buf) : -1;
    }
 out:
  input_unguard (rd);
  input_end (rd);
}

void
bigfile_help (struct worker *w, struct bigfile_job *job)
{
  for (;;)
    {
      pthread_mutex_lock (&job->lock);
      idx_t i = job->top - 1;
      bool go = (!job->finished && !w->run->stop && 0 <= i
                 && job->pieces[i].state == FREE);
      if (go)
        {
          job->top = i;
          job->pieces[i].state = BUSY;
        }
      pthread_mutex_unlock (&job->lock);
      if (!go)
        break;
      struct piece pc;
      list_piece (w, job, i, &pc);
      pthread_mutex_lock (&job->lock);
      struct piece *dst = &job->pieces[i];
      dst->b = pc.b;
      dst->known = pc.known;
      dst->recs = pc.recs;
      dst->n = pc.n;
      dst->nul = pc.nul;
      dst->state = DONE;
      pthread_cond_broadcast (&job->cond);
      pthread_mutex_unlock (&job->lock);
    }
  bigfile_unref (job);
}
