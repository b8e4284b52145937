/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* msort.c: the in-memory sort (see msort.h).
   Each line is reduced once to an abbreviated key (a -R digest, a parsed
   number, or the first bytes of its key); a stable most-significant-digit
   radix sort on that word orders almost everything, and only runs of
   equal words are sorted by the full comparison, with a stable merge
   sort that first checks whether the run is already in order (runs of
   duplicate lines are).  With several threads, each sorts one slice of
   the array and the slices are merged in rounds, every thread taking an
   equal share of each round's output (split by "merge path").  */

#include <config.h>

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "count-leading-zeros.h"
#include "minmax.h"
#include "xalloc.h"

#include "compare.h"
#include "msort.h"

/* Below this many items, insertion sort; below RADIX_MIN a radix pass
   (256 counters) costs more than it saves, so merge sort; groups of
   equal words from LEVEL_MIN on are radix sorted by what comes next.
   Conventional sizes, not tuned: in callgrind of 'sort --parallel=1 -R'
   on 1M.txt the small merge sorts were 6% of the instructions.  */
enum { INSERTION_MAX = 12, RADIX_MIN = 64, LEVEL_MIN = 32 };

/* A thread gets no slice smaller than this many lines: GNU sort's
   measured SUBTHREAD_LINES_HEURISTIC (128K lines sort faster on 2 threads
   than on 1, 64K slower).  On our shared 2-CPU test machine 1 and 2
   threads were within the noise of each other from 64K to 1M lines.  */
enum { THREAD_MIN_LINES = 128 * 1024 };

/* How items compare in the part of the array being sorted: by the
   abbreviation of comparison level LEVEL (compare.h), whose first word
   is in the items' K0 and second in their lines' K1; or, if SECOND, by
   the second word alone, moved to K0, all items sharing the first word
   W0.  */
struct ctx
{
  struct sort_opts const *o;
  idx_t level;
  bool second;
  uint64_t w0;
};

static inline int
item_cmp (struct ctx const *c, struct sitem const *a, struct sitem const *b)
{
  if (a->k0 != b->k0)
    return a->k0 < b->k0 ? -1 : 1;
  if (c->second)
    return compare_lines_tied_at (c->o, a->line, b->line, c->level, c->w0,
                                  a->k0);
  uint64_t a1 = a->line->k1;
  uint64_t b1 = b->line->k1;
  if (a1 != b1)
    return a1 < b1 ? -1 : 1;
  return compare_lines_tied_at (c->o, a->line, b->line, c->level, a->k0, a1);
}

static void
insertion_sort (struct ctx const *c, struct sitem *a, idx_t n)
{
  for (idx_t i = 1; i < n; i++)
    {
      struct sitem x = a[i];
      idx_t j = i;
      for (; 0 < j && 0 < item_cmp (c, &a[j - 1], &x); j--)
        a[j] = a[j - 1];
      a[j] = x;
    }
}

/* Merge A (NA items) and B (NB items) into DST, taking from A on ties.  */
static void
merge_items (struct ctx const *c, struct sitem const *a, idx_t na,
             struct sitem const *b, idx_t nb, struct sitem *dst)
{
  struct sitem const *alim = a + na;
  struct sitem const *blim = b + nb;
  if (a < alim && b < blim)
    for (;;)
      {
        if (item_cmp (c, a, b) <= 0)
          {
            *dst++ = *a++;
            if (a == alim)
              break;
          }
        else
          {
            *dst++ = *b++;
            if (b == blim)
              break;
          }
      }
  memcpy (dst, a, (alim - a) * sizeof *a);
  dst += alim - a;
  memcpy (dst, b, (blim - b) * sizeof *b);
}

/* Stable merge sort of A (N items) with TMP (N items) as scratch.  */
static void
merge_sort (struct ctx const *c, struct sitem *a, idx_t n, struct sitem *tmp)
{
  if (n <= INSERTION_MAX)
    {
      insertion_sort (c, a, n);
      return;
    }
  idx_t h = n / 2;
  merge_sort (c, a, h, tmp);
  merge_sort (c, a + h, n - h, tmp);
  if (item_cmp (c, &a[h - 1], &a[h]) <= 0)
    return;
  merge_items (c, a, h, a + h, n - h, tmp);
  memcpy (a, tmp, n * sizeof *a);
}

static void radix_sort (struct ctx const *, struct sitem *, struct sitem *,
                        idx_t, bool);

/* Whether the N items at A compare equal at C's level.  */
static bool
all_equal (struct ctx const *c, struct sitem const *a, idx_t n)
{
  for (idx_t i = 1; i < n; i++)
    if (!compare_level_equal (c->o, a[0].line, a[i].line, c->level))
      return false;
  return true;
}

/* Sort A (N items, all with the same K0), with TMP as scratch.  A big
   group is radix sorted again by what comes next: the second word of
   the abbreviation; then, if the lines are equal at this level (the
   abbreviation is exact, or a check says so), the abbreviation of the
   next level (next key, or whole lines).  Others are merge sorted, after
   a check that they are not in order already (groups of duplicate lines
   are).  */
static void
tie_sort (struct ctx const *c, struct sitem *a, idx_t n, struct sitem *tmp)
{
  uint64_t v = a[0].k0;
  if (LEVEL_MIN <= n)
    {
      if (!c->second)
        {
          for (idx_t i = 0; i < n; i++)
            a[i].k0 = a[i].line->k1;
          struct ctx c2 = { c->o, c->level, true, v };
          radix_sort (&c2, a, tmp, n, true);
          for (idx_t i = 0; i < n; i++)
            a[i].k0 = v;
          return;
        }
      idx_t next = c->level + 1;
      if (compare_level_abbreviates (c->o, next)
          && (compare_level_exact (c->o, c->level, c->w0, v)
              || (compare_level_worth_checking (c->o, c->level)
                  && all_equal (c, a, n))))
        {
          for (idx_t i = 0; i < n; i++)
            a[i].k0 = compare_abbrev_at (c->o, a[i].line, next);
          struct ctx c2 = { c->o, next, false, 0 };
          radix_sort (&c2, a, tmp, n, true);
          for (idx_t i = 0; i < n; i++)
            {
              a[i].k0 = v;
              a[i].line->k1 = v;
            }
          return;
        }
    }
  for (idx_t i = 1; i < n; i++)
    if (0 < item_cmp (c, &a[i - 1], &a[i]))
      {
        merge_sort (c, a, n, tmp);
        return;
      }
}

/* Stable radix sort on K0 of the N items at A, with B (as large) as
   scratch: the result goes to A if IN_A, else to B.  Runs of equal K0
   go to tie_sort.  Each pass takes the 8 bits just below the highest bit
   in which the items differ, so no pass is wasted on bits that are all
   equal (keys sharing a long prefix, small numbers).  Each pass scatters
   into the other array and recurses with the roles swapped, rather than
   copying back.  */
static void
radix_sort (struct ctx const *c, struct sitem *a, struct sitem *b,
            idx_t n, bool in_a)
{
  uint64_t first = a[0].k0;
  uint64_t diff = 0;
  if (RADIX_MIN <= n)
    for (idx_t i = 1; i < n; i++)
      diff |= a[i].k0 ^ first;
  if (!diff)
    {
      struct sitem *res = in_a ? a : b;
      if (!in_a)
        memcpy (b, a, n * sizeof *b);
      if (n < RADIX_MIN)
        merge_sort (c, res, n, in_a ? b : a);
      else
        tie_sort (c, res, n, in_a ? b : a);
      return;
    }
  int top = 63 - count_leading_zeros_ll (diff);
  int shift = MAX (0, top - 7);

  idx_t count[256] = { 0 };
  for (idx_t i = 0; i < n; i++)
    count[(a[i].k0 >> shift) & 0xff]++;
  idx_t pos[256];
  idx_t sum = 0;
  for (int d = 0; d < 256; d++)
    {
      pos[d] = sum;
      sum += count[d];
    }
  for (idx_t i = 0; i < n; i++)
    b[pos[(a[i].k0 >> shift) & 0xff]++] = a[i];

  /* The buckets are in B now.  */
  idx_t start = 0;
  for (int d = 0; d < 256; d++)
    {
      idx_t k = count[d];
      if (1 < k)
        radix_sort (c, b + start, a + start, k, !in_a);
      else if (k == 1 && in_a)
        a[start] = b[start];
      start += k;
    }
}

/* The number of items of A that are among the first P items of the
   stable merge of A (NA items) and B (NB items).  */
static idx_t
merge_split (struct ctx const *c, struct sitem const *a, idx_t na,
             struct sitem const *b, idx_t nb, idx_t p)
{
  idx_t lo = MAX (0, p - nb);
  idx_t hi = MIN (p, na);
  while (lo < hi)
    {
      idx_t mid = lo + (hi - lo) / 2;
      if (item_cmp (c, &a[mid], &b[p - mid - 1]) <= 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* The work of one thread.  */
struct job
{
  struct sort_opts const *o;
  struct line *lines;
  struct sitem *src;       /* the items (slice phase) or the runs */
  struct sitem *dst;       /* scratch (slice phase) or merge output */
  idx_t const *bounds;     /* run I is [BOUNDS[I], BOUNDS[I + 1]) */
  idx_t nruns;
  idx_t lo;                /* this job's slice, or share of the output */
  idx_t hi;
};

/* Abbreviate and sort the job's slice.  */
static void *
slice_job (void *arg)
{
  struct job const *j = arg;
  for (idx_t i = j->lo; i < j->hi; i++)
    {
      j->src[i].line = &j->lines[i];
      j->src[i].k0 = compare_abbrev (j->o, &j->lines[i]);
    }
  struct ctx c = { j->o, 0, false, 0 };
  radix_sort (&c, j->src + j->lo, j->dst + j->lo, j->hi - j->lo, true);
  return NULL;
}

/* Write the part [LO, HI) of the output of one merge round: runs 0 and
   1 merged, 2 and 3, ..., a last odd run copied.  */
static void *
merge_job (void *arg)
{
  struct job const *j = arg;
  struct ctx c = { j->o, 0, false, 0 };
  for (idx_t r = 0; r < j->nruns; r += 2)
    {
      idx_t lo = j->bounds[r];
      idx_t mid = j->bounds[r + 1];
      idx_t hi = r + 2 <= j->nruns ? j->bounds[r + 2] : mid;
      idx_t p0 = MAX (lo, j->lo);
      idx_t p1 = MIN (hi, j->hi);
      if (p1 <= p0)
        continue;
      if (mid == hi)
        {
          memcpy (j->dst + p0, j->src + p0, (p1 - p0) * sizeof *j->dst);
          continue;
        }
      struct sitem const *a = j->src + lo;
      struct sitem const *b = j->src + mid;
      idx_t na = mid - lo;
      idx_t nb = hi - mid;
      idx_t a0 = merge_split (&c, a, na, b, nb, p0 - lo);
      idx_t a1 = merge_split (&c, a, na, b, nb, p1 - lo);
      idx_t b0 = p0 - lo - a0;
      idx_t b1 = p1 - lo - a1;
      merge_items (&c, a + a0, a1 - a0, b + b0, b1 - b0, j->dst + p0);
    }
  return NULL;
}

/* Run FN on each of the N jobs JOBS, JOBS[0] in this thread.  A job
   whose thread cannot be created runs here too.  */
static void
run_jobs (void *(*fn) (void *), struct job *jobs, idx_t n)
{
  pthread_t *tids = xinmalloc (n, sizeof *tids);
  bool *started = xicalloc (n, sizeof *started);
  for (idx_t i = 1; i < n; i++)
    started[i] = pthread_create (&tids[i], NULL, fn, &jobs[i]) == 0;
  fn (&jobs[0]);
  for (idx_t i = 1; i < n; i++)
    {
      if (started[i])
        pthread_join (tids[i], NULL);
      else
        fn (&jobs[i]);
    }
  free (started);
  free (tids);
}

struct sitem *
msort_lines (struct sort_opts const *o, struct line *lines, idx_t n,
             struct sitem *items, struct sitem *tmp, idx_t nthreads)
{
  idx_t t = MAX (1, MIN (nthreads, n / THREAD_MIN_LINES));
  if (t == 1)
    {
      struct job j = { o, lines, items, tmp, NULL, 0, 0, n };
      slice_job (&j);
      return items;
    }

  struct job *jobs = xinmalloc (t, sizeof *jobs);
  idx_t *bounds = xinmalloc (t + 1, sizeof *bounds);
  for (idx_t i = 0; i <= t; i++)
    bounds[i] = n / t * i + MIN (i, n % t);
  for (idx_t i = 0; i < t; i++)
    jobs[i] = (struct job) { o, lines, items, tmp, NULL, 0,
                             bounds[i], bounds[i + 1] };
  run_jobs (slice_job, jobs, t);

  /* Merge rounds: the runs halve each time; the output of every round
     is cut into T equal shares.  */
  struct sitem *src = items;
  struct sitem *dst = tmp;
  for (idx_t nruns = t; 1 < nruns; )
    {
      for (idx_t i = 0; i < t; i++)
        jobs[i] = (struct job) { o, lines, src, dst, bounds, nruns,
                                 n / t * i + MIN (i, n % t),
                                 n / t * (i + 1) + MIN (i + 1, n % t) };
      run_jobs (merge_job, jobs, t);
      idx_t next = (nruns + 1) / 2;
      for (idx_t i = 0; i <= next; i++)
        bounds[i] = bounds[MIN (2 * i, nruns)];
      nruns = next;
      struct sitem *swap = src;
      src = dst;
      dst = swap;
    }
  free (bounds);
  free (jobs);
  return src;
}
