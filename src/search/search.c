/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* search.c: the line loop (see search.h).  GNU grep's rules for what is
   selected and what is context, expressed with file offsets instead of
   pointers into one moving buffer, so the chunks may come from mmap
   windows or reads alike.  */

#include <config.h>

#include <stdint.h>
#include <string.h>

#include "minmax.h"

#include "cpu.h"
#include "engines/linescan.h"
#include "search/search.h"

void
search_begin (struct search *s, struct search_opts const *o,
              struct engine_ops const *eng, void const *re, void *scratch,
              struct sink_ops const *sink, void *sink_ctx)
{
  *s = (struct search) {
    .o = o, .eng = eng, .re = re, .scratch = scratch, .sink = sink,
    .sink_ctx = sink_ctx, .outleft = o->max_count, .last_out = -1,
    .quiet = o->quiet, .stop_on_match = o->stop_on_match,
    .done = o->max_count == 0,
  };
}

#if defined __x86_64__ && defined __GNUC__
# include <immintrin.h>
/* Count the bytes C in P[0..N) 32 at a time, into *COUNT; return how many
   bytes are left for the caller.  */
__attribute__ ((target ("avx2,popcnt"))) static idx_t
count_eol_avx2 (char const *p, idx_t n, char c, idx_t *count)
{
  __m256i v = _mm256_set1_epi8 (c);
  idx_t k = 0;
  for (; 32 <= n; p += 32, n -= 32)
    k += __builtin_popcount (_mm256_movemask_epi8 (
           _mm256_cmpeq_epi8 (_mm256_loadu_si256 ((__m256i const *) p), v)));
  *count += k;
  return n;
}
#endif

idx_t
search_count_eol (char const *p, idx_t n, char c)
{
  idx_t count = 0;
#if defined __x86_64__ && defined __GNUC__
  /* 'grab -c ^' counts lines with no engine: this.  */
  if (32 <= n && cpu_avx2 ())
    {
      idx_t left = count_eol_avx2 (p, n, c, &count);
      p += n - left;
      n = left;
    }
#endif
  for (; 0 < n && (uintptr_t) p % 8; p++, n--)
    count += *p == c;
  /* Eight bytes at a time: a byte of X is zero where P has C; the
     arithmetic below sets the top bit of exactly those bytes.  */
  uint64_t const ones = 0x0101010101010101, low7 = 0x7f7f7f7f7f7f7f7f;
  uint64_t rep = ones * (unsigned char) c;
  for (; 8 <= n; p += 8, n -= 8)
    {
      uint64_t w;
      memcpy (&w, p, 8);
      uint64_t x = w ^ rep;
      uint64_t zero = ~(((x & low7) + low7) | x) & ~low7;
      count += ((zero >> 7) * ones) >> 56;
    }
  for (; 0 < n; p++, n--)
    count += *p == c;
  return count;
}

/* The 1-based number of the line starting at offset AT of SUB (file
   offset BASE), or 0 when lines are not counted.  Calls come in
   increasing order of AT but for one case: after a selected line held
   back for an encoding error, grep's trailing context starts again from
   the last line output (or the buffer's start), before that line, and
   numbers those lines right ('printf "p\n\377a\n" | grep -n -A1 a' in
   UTF-8 prints "1-p": tests/grep/separators.sh); such a line is still
   in SUB.  */
static intmax_t
lineno_at (struct search *s, char const *sub, off_t base, idx_t at)
{
  if (!s->o->number)
    return 0;
  if (s->nl_pos < base + at)
    s->nl_count += search_count_eol (sub + (s->nl_pos - base),
                                     base + at - s->nl_pos, s->o->eol);
  else
    s->nl_count -= search_count_eol (sub + at, s->nl_pos - (base + at),
                                     s->o->eol);
  s->nl_pos = base + at;
  return s->nl_count + 1;
}

static struct line
make_line (struct search *s, char const *sub, off_t base, idx_t lb, idx_t le,
           idx_t mb)
{
  return (struct line) {
    .beg = sub + lb, .end = sub + le, .offset = base + lb,
    .match_offset = base + (0 <= mb ? mb : lb),
    .lineno = lineno_at (s, sub, base, lb),
  };
}


static bool
held (struct search const *s)
{
  return s->sink->held && s->sink->held (s->sink_ctx);
}

/* Record the engine's error: the file's search ends.  */
static void
engine_failed (struct search *s)
{
  s->error = s->eng->error (s->scratch, &s->error_code);
  s->done = true;
  s->pending = 0;
}

/* Whether the engine failed while the sink printed its last line (see
   search.h): then as engine_failed.  */
static bool
sink_failed (struct search *s)
{
  if (!(s->sink->failed && s->sink->failed (s->sink_ctx)))
    return false;
  engine_failed (s);
  return true;
}

/* Give the sink the trailing context lines still due before LIM.  */
static void
prpending (struct search *s, char const *sub, off_t base, idx_t lim)
{
  /* grep starts trailing context from the buffer's start when nothing
     was output yet (lines held back for encoding errors): so does this,
     from the pass's.  */
  if (s->last_out < s->buf_start)
    s->last_out = s->buf_start;
  while (0 < s->pending && s->last_out < base + lim)
    {
      idx_t p = s->last_out - base;
      idx_t n = record_stop (sub, p, lim, s->o->eol);
      struct line l = make_line (s, sub, base, p, n, -1);
      s->sink->context (s->sink_ctx, &l);
      if (sink_failed (s))
        return;
      s->pending--;
      if (held (s))
        {
          /* grep retries the same line for each line still due.  */
          s->pending = 0;
          return;
        }
      s->last_out = base + n;
    }
}

/* What grep's prtext prints before the lines of a group starting at LB:
   the trailing context still due, then the separator and the leading
   context (up to -B lines, none already output).  */
static void
lead_in (struct search *s, char const *sub, off_t base, idx_t lb)
{
  if (0 < s->pending)
    prpending (s, sub, base, lb);

  idx_t bp = MAX (s->buf_start, s->last_out) - base;
  idx_t p = lb;
  for (intmax_t i = 0; i < s->o->before && bp < p; i++)
    p = record_begin (sub, bp, p - 1, s->o->eol);

  if (s->o->context && base + p != s->last_out)
    s->sink->separator (s->sink_ctx);
  while (p < lb)
    {
      idx_t n = record_stop (sub, p, lb, s->o->eol);
      struct line l = make_line (s, sub, base, p, n, -1);
      s->sink->context (s->sink_ctx, &l);
      if (sink_failed (s))
        return;
      if (!held (s))
        s->last_out = base + n;
      p = n;
    }
}

/* grep -v with a negative -m: its prtext still runs for each run of lines
   the pattern leaves (from LB), printing none of them (it prints while
   its count, -1 there, is above the lines printed): the run's separator
   and leading context come out, trailing context is due after it, and it
   counts as output for the next separator ('printf "a\nb\nc" | grep -v
   -m-1 -A1 x' prints a, --, c: tests/grep/max-count.sh).  */
static void
empty_run (struct search *s, char const *sub, off_t base, idx_t lb)
{
  if (!s->quiet)
    {
      lead_in (s, sub, base, lb);
      s->pending = s->o->after;
    }
  /* Even unprinted (a binary file's: grep's out_quiet): the next file's
     first group gets a separator.  */
  if (s->sink->group)
    s->sink->group (s->sink_ctx);
  /* Then, stopping at the first run (-l, -L, -q), grep ends the file as
     after a selected line, and -q exits with success: 'grep -q -v -m-1
     x f' exits 0 if f has a line without x.  */
  if (s->stop_on_match)
    s->done = s->stopped_empty = true;
}

/* Select the line SUB[LB..LE) whose first match is at MB (-1: none).  */
static void
select_line (struct search *s, char const *sub, off_t base, idx_t lb,
             idx_t le, idx_t mb)
{
  bool go = true;
  /* grep -v gives each run of selected lines to its printer at once (one
     prtext): a line that continues the run gets no separator and no
     leading context, even after a line held back for an encoding error
     (tests/grep/separators.sh).  A run ends with grep's buffer: neither
     the first line of a chunk (grep's reads and ours begin alike, 96 KiB
     at first) nor a last line without its EOL (grep searches it after
     the rest, as a buffer of its own) continues it.  */
  bool run_on = (s->o->invert && 0 < s->selected
                 && s->after_match == base + lb
                 && base + lb != s->pass_start
                 && sub[le - 1] == s->o->eol);
  if (run_on && !s->quiet)
    {
      struct line l = make_line (s, sub, base, lb, le, mb);
      go = s->sink->selected (s->sink_ctx, &l);
    }
  else if (!s->quiet)
    {
      lead_in (s, sub, base, lb);
      if (s->error)
        return;
      struct line l = make_line (s, sub, base, lb, le, mb);
      go = s->sink->selected (s->sink_ctx, &l);
    }
  if (!s->quiet && sink_failed (s))
    return;
  s->selected++;
  s->outleft--;
  s->after_match = base + le;
  if (s->quiet || !held (s))
    s->last_out = base + le;
  s->pending = s->quiet || !go ? 0 : s->o->after;
  if (!go || s->outleft <= 0 || s->stop_on_match)
    s->done = true;
}

/* Select every line of SUB[P..LIM), P a line start, when none goes to
   the sink: count them at once, as far as -m lets.  INVERTED: a run of
   lines -v selects, which grep's prtext takes whole (up to -m's count)
   even where it stops at its first selection (a binary file's), so that
   standard input is left after the run ('printf "\n\n\0" | grep -v -m2
   W - -' finds the NUL line again: random tester seed 1796558853 case
   19183, tests/grep/stdin-turns.sh); else one line there.  */
static void
count_region (struct search *s, char const *sub, off_t base, idx_t p,
              idx_t lim, bool inverted)
{
  idx_t n = search_count_eol (sub + p, lim - p, s->o->eol);
  n += p < lim && sub[lim - 1] != s->o->eol;
  idx_t end = lim;
  intmax_t most = (s->stop_on_match && !inverted && 1 < s->outleft ? 1
                   : s->outleft);
  if (most < n)
    {
      /* -m (or a stop at the first line) stops within: the end of its last
         line, for the offset that standard input is left at.  */
      n = most;
      end = p;
      for (intmax_t i = 0; i < n; i++)
        end = record_stop (sub, end, lim, s->o->eol);
    }
  if (n == 0)
    return;
  s->selected += n;
  s->outleft -= n;
  s->after_match = s->last_out = base + end;
  s->pending = 0;
  if (s->outleft <= 0 || s->stop_on_match)
    s->done = true;
}

/* Select every line of SUB[P..LIM), P a line start (the pattern
   selects them all, the first match at the start).  */
static void
every_line (struct search *s, char const *sub, off_t base, idx_t p,
            idx_t lim)
{
  if (s->quiet)
    {
      count_region (s, sub, base, p, lim, false);
      return;
    }
  while (p < lim && !s->done)
    {
      idx_t n = record_stop (sub, p, lim, s->o->eol);
      select_line (s, sub, base, p, n, p);
      p = n;
    }
}


/* -v when no line goes to the sink and nothing can stop the search
   within SUB[P..LIM), P a line start (no -m within reach, no stop at the
   first line): select all its lines but those the engine matches, which
   are counted as -c counts them.  Counting the lines between each match
   and the next, as -v does where it must stop at a given line, cost
   'grab -r -n 2 -vc e' on the Linux tree 1.04 s where -c e took 0.80 s
   (perf stat -r 3, 2026-12-04, 2 vCPUs).  Return false, selecting
   nothing, where it does not apply.  */
static bool
invert_count (struct search *s, char const *sub, off_t base, idx_t p,
              idx_t lim)
{
  if (!s->quiet || s->stop_on_match || s->outleft <= lim - p)
    return false;
  char eol = s->o->eol;
  idx_t matched = 0, q = p, lines;
  for (;;)
    {
      struct span m;
      int r = (q < lim
               ? engine_select (s->eng, s->re, s->scratch, sub, lim, q, &m)
               : 0);
      if (r < 0)
        {
          /* As -v line by line: the lines before Q are selected.  */
          lines = search_count_eol (sub + p, q - p, eol) - matched;
          engine_failed (s);
          break;
        }
      /* A match may start at LIM: an empty one at the end of a last line
         with no EOL byte ('(?<=a)' on 'b\na').  */
      if (r == 0)
        {
          lines = (search_count_eol (sub + p, lim - p, eol)
                   + (p < lim && sub[lim - 1] != eol) - matched);
          break;
        }
      matched++;
      q = record_stop (sub, m.beg, lim, eol);
    }
  s->selected += lines;
  s->outleft -= lines;
  /* Where the last selected line ends is read only after -m stopped the
     search, which it cannot have here.  */
  if (lines)
    s->after_match = s->last_out = base + lim;
  return true;
}

/* Select lines in SUB[P..LIM), P a line start, asking the engine.  */
static void
engine_region (struct search *s, char const *sub, off_t base, idx_t p,
               idx_t lim)
{
  if (s->o->invert && invert_count (s, sub, base, p, lim))
    return;
  if (!s->o->invert && base + p < s->no_match_before)
    {
      if (base + lim <= s->no_match_before)
        return;
      p = record_begin (sub, p, s->no_match_before - base, s->o->eol);
    }
  while (p < lim && !s->done)
    {
      struct span m;
      int r = engine_select (s->eng, s->re, s->scratch, sub, lim, p, &m);
      if (r < 0)
        {
          engine_failed (s);
          return;
        }
      /* -c, -l and -q need no line's start.  */
      idx_t mb = lim, me = lim;
      if (0 < r)
        {
          mb = (s->quiet && !s->o->invert ? m.beg
                : record_begin (sub, p, m.beg, s->o->eol));
          me = record_stop (sub, m.beg, lim, s->o->eol);
        }
      if (!s->o->invert)
        {
          if (r == 0)
            return;
          select_line (s, sub, base, mb, me, m.beg);
        }
      else if (s->outleft < 0)
        {
          if (p < mb)
            empty_run (s, sub, base, p);
        }
      else if (s->quiet)
        count_region (s, sub, base, p, mb, true);
      else
        while (p < mb && !s->done)
          {
            idx_t n = record_stop (sub, p, mb, s->o->eol);
            select_line (s, sub, base, p, n, -1);
            p = n;
          }
      if (r == 0)
        return;
      p = me;
    }
}

/* Select lines in SUB[P..LIM), P a line start.  */
static void
grep_region (struct search *s, char const *sub, off_t base, idx_t p,
             idx_t lim)
{
  /* A pattern that selects every line needs the engine only for its
     exceptions (UNSURE), and for -O: the first match is not always at
     the line's start ('$' matches at its end, and in UTF-8 '' after the
     bytes that cannot start a character, as in grep -P).  */
  bool const *unsure = NULL;
  if (! (s->eng->selects_all && s->eng->selects_all (s->re, &unsure))
      || (s->o->match_offset && !s->quiet && !s->o->invert)
      || (unsure && s->o->invert))
    {
      engine_region (s, sub, base, p, lim);
      return;
    }
  if (s->o->invert)
    return;
  while (p < lim && !s->done)
    {
      idx_t q = (unsure ? linescan_next_start (sub, p, lim, s->o->eol, unsure)
                 : lim);
      every_line (s, sub, base, p, q);
      if (q == lim || s->done)
        return;
      idx_t e = record_stop (sub, q, lim, s->o->eol);
      engine_region (s, sub, base, q, e);
      p = e;
    }
}

/* One pass of search_chunk over SUB[FROM..), SUB at file offset BASE:
   up to its last line end, or (EOF) to its end.  */
static off_t
search_pass (struct search *s, char const *sub, idx_t sublen, off_t base,
             idx_t from, bool eof, off_t *keep)
{
  idx_t lim = sublen;
  s->pass_start = base + from;
  if (!eof)
    {
      char const *q = memrchr (sub + from, s->o->eol, sublen - from);
      lim = q ? q - sub + 1 : from;
    }

  if (!s->done)
    grep_region (s, sub, base, from, lim);
  if (0 < s->pending)
    prpending (s, sub, base, lim);

  /* The last -B lines are needed again if the next chunk starts with a
     selected line; not those already output.  */
  idx_t k = lim;
  if (!s->quiet)
    {
      idx_t bp = MAX (s->buf_start, s->last_out) - base;
      for (intmax_t i = 0; i < s->o->before && bp < k; i++)
        k = record_begin (sub, bp, k - 1, s->o->eol);
    }
  lineno_at (s, sub, base, k);
  *keep = base + k;
  return base + lim;
}

off_t
search_chunk (struct search *s, char const *buf, idx_t len, off_t start,
              off_t keep0, off_t need, bool eof, off_t *keep)
{
  char eol = s->o->eol;
  char const *sub = buf + (keep0 - start);
  idx_t sublen = len - (keep0 - start);
  off_t base = keep0;
  idx_t from = need - base;
  s->buf_start = base;
  if (eof && from < sublen && sub[sublen - 1] != eol
      && memrchr (sub + from, eol, sublen - from))
    {
      /* grep searches a last line without its end as a buffer of its
         own, after the rest, holding only that line and the -B lines
         kept before it: trailing context due after a line held back for
         an encoding error starts from that buffer's start, not from the
         lines before ('printf "\0\303i" >f; grep -z -A1 i f' in UTF-8
         prints nothing: tests/grep/separators.sh).  So does this, in two
         passes over the same buffer (bigfile.c's engine knows it by its
         base).  */
      off_t k;
      off_t end = search_pass (s, sub, sublen, base, from, false, &k);
      s->buf_start = k;
      return search_pass (s, sub, sublen, base, end - base, true, keep);
    }
  return search_pass (s, sub, sublen, base, from, eof, keep);
}

void
search_binary (struct search *s)
{
  /* Trailing context still due goes on: grep's prpending prints it from
     the buffer with the NUL (its NULs ending lines) unless that buffer
     selects a line, whose prtext, quiet now, ends it.  */
  s->quiet = true;
  s->stop_on_match = true;
}
