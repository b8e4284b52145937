/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* format.c: the formatting loop of rat (see format.h).  One scan over
   each chunk (16 bytes at a time with SSE2, 8 in a word elsewhere or
   with -DRAT_NO_SIMD) finds the next byte that needs work: a newline, or
   a byte that -v or -T rewrite through a table; the runs in between are
   copied whole.  Byte for byte the output is GNU cat's: numbering,
   squeezing and the -E treatment of CR LF carry across chunks and files.
   Reading, and deciding when to call fmt_flush, is the caller's job.  */

#include <config.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined __SSE2__ && !defined RAT_NO_SIMD
# include <emmintrin.h>
#endif

#include "attribute.h"
#include "minmax.h"
#include "xalloc.h"

#include "io/outbuf.h"
#include "applets/rat/color.h"
#include "applets/rat/fastvis.h"
#include "applets/rat/format.h"
#include "applets/rat/stamp.h"

/* The general loop (--timestamp, --color) formats at most this many
   input bytes between two checks of the output buffer, which so never
   holds more than the flush size plus four times this (each byte can
   become 4, as in M-^A).  */
enum { PIECE = 32 << 10 };

/* A line is held back at most this long to decide its colour; a longer
   line gets the colour of its beginning.  */
enum { COLOR_LINE_MAX = 64 << 10 };

/* Line numbers: "%6d\t" as decimal digits kept in text form, as GNU cat
   does; 20 digits outlast any 64-bit counter.  */
enum { NUM_DIGITS = 20, NUM_WIDTH = 6 };

/* The fast loop runs over pieces of this many input bytes, for which it
   needs at most FAST_ROOM output bytes each: a line number (21 bytes),
   then a byte as M-^X (4), or an empty line's number, $ and newline.  */
enum { FAST_PIECE = 4 << 10, FAST_ROOM = NUM_DIGITS + 1 + 4 + 16 };

/* Room for what a line adds besides its text: a number, ^M, a colour
   and its reset, $, the newline, and the overshoot of fixed-size
   copies.  */
enum { LINE_EXTRA = NUM_DIGITS + 16 + 2 + 80 + 8 + 2 };

static char const color_reset[] = "\033[0m";

/* What -v and -T rewrite.  */
enum vis { VIS_NONE, VIS_TABS, VIS_ALL };

/* The state GNU cat keeps from line to line and file to file.  */
struct line_state
{
  /* -1 inside a line, else the number of newlines just seen at line
     starts (capped at 2): 0 at the very beginning and after a non-empty
     line.  */
  int newlines;
  bool pending_cr;      /* a CR ended the input at hand, mid-line */
};

struct fmt
{
  struct fmt_opts const *o;
  int fd;
  idx_t flush_size;
  struct outbuf out;
  enum vis vis;
  bool cr_check;        /* -E without -v: CR LF is shown as ^M$ */
  struct line_state ls;

  /* The digits, right-aligned, then TAB; the array is longer so that a
     fixed 16-byte copy from the first byte shown stays inside it.  */
  char num[NUM_DIGITS + 16];
  int num_first;             /* index of the first digit */

  /* -v and -T: what each byte becomes, and the length of that; SPECIAL
     marks the bytes that end a run: newline and those REP changes.  */
  char rep[256][4];
  unsigned char replen[256];
  bool special[256];
  struct fastvis *fastvis;   /* -v with no line state, if SSSE3 helps */

  /* --timestamp.  */
  struct stamp *stamp;
  struct timespec chunk_time;  /* when the current chunk was read */
  struct timespec line_time;   /* when the current line's first byte was */

  /* --color: a line is held until its colour is known.  */
  bool held;
  struct outbuf line;
  bool colored;          /* an SGR sequence is open in the output */
};

static void
init_rep (struct fmt *f)
{
  for (int c = 0; c < 256; c++)
    {
      char *r = f->rep[c];
      int n = 0;
      int low = c & 0x7f;
      if (c == '\t' && f->o->show_tabs)
        {
          r[n++] = '^';
          r[n++] = 'I';
        }
      else if (f->vis != VIS_ALL || c == '\t' || (32 <= c && c < 127))
        r[n++] = c;
      else
        {
          if (128 <= c)
            {
              r[n++] = 'M';
              r[n++] = '-';
            }
          if (low < 32 || low == 127)
            {
              r[n++] = '^';
              r[n++] = low == 127 ? '?' : low + 64;
            }
          else
            r[n++] = low;
        }
      f->replen[c] = n;
      f->special[c] = c == '\n' || n != 1 || (f->vis == VIS_ALL && c == '\t');
    }
}

struct fmt *
fmt_xnew (struct fmt_opts const *opts, int fd, idx_t flush_size)
{
  struct fmt *f = xzalloc (sizeof *f);
  f->o = opts;
  f->fd = fd;
  f->flush_size = flush_size;
  f->vis = (opts->show_nonprinting ? VIS_ALL
            : opts->show_tabs ? VIS_TABS : VIS_NONE);
  f->cr_check = opts->show_ends && !opts->show_nonprinting;
  memset (f->num, ' ', NUM_DIGITS);
  f->num[NUM_DIGITS - 1] = '0';
  f->num[NUM_DIGITS] = '\t';
  f->num_first = NUM_DIGITS - 1;
  init_rep (f);
  /* The loops compute write positions as OUT.buf + OUT.len, even before
     the first write: give the buffer memory now, since adding 0 to a
     null pointer is undefined too (clang's UBSan reports it).  */
  outbuf_xreserve (&f->out, LINE_EXTRA);
  if (f->vis == VIS_ALL && !opts->number && !opts->squeeze
      && !opts->timestamp && !opts->color)
    f->fastvis = fastvis_new (opts->show_tabs, opts->show_ends, f->rep,
                              f->replen);
  if (opts->timestamp)
    f->stamp = stamp_xnew (opts->timestamp);
  return f;
}

void
fmt_free (struct fmt *f)
{
  if (!f)
    return;
  outbuf_free (&f->out);
  outbuf_free (&f->line);
  fastvis_free (f->fastvis);
  stamp_free (f->stamp);
  free (f);
}

/* Make room for N bytes at O, the write position in F's buffer, and
   return the (maybe moved) write position.  */
static inline char *
reserve (struct fmt *f, char *o, idx_t n)
{
  if (f->out.buf + f->out.size - o < n)
    {
      f->out.len = o - f->out.buf;
      o = outbuf_xreserve (&f->out, n);
    }
  return o;
}

/* Copy N bytes from P to O; short copies are inlined as a few
   overlapping word moves, because lines are short and a call to memcpy
   costs more than the copy.  */
static inline void
copy_bytes (char *restrict o, char const *restrict p, idx_t n)
{
  if (n <= 16)
    {
      if (8 <= n)
        {
          memcpy (o, p, 8);
          memcpy (o + n - 8, p + n - 8, 8);
        }
      else if (4 <= n)
        {
          memcpy (o, p, 4);
          memcpy (o + n - 4, p + n - 4, 4);
        }
      else if (0 < n)
        {
          o[0] = p[0];
          o[n / 2] = p[n / 2];
          o[n - 1] = p[n - 1];
        }
    }
  else if (n <= 64)
    {
      memcpy (o, p, 16);
      if (32 < n)
        {
          memcpy (o + 16, p + 16, 16);
          memcpy (o + n - 32, p + n - 32, 16);
        }
      memcpy (o + n - 16, p + n - 16, 16);
    }
  else
    memcpy (o, p, n);
}

/* Count one more line and write its number at O (room: LINE_EXTRA).  */
static inline char *
put_number (struct fmt *f, char *o)
{
  char *d = f->num + NUM_DIGITS - 1;
  while (*d == '9' && f->num < d)
    *d-- = '0';
  if (*d == ' ')
    {
      *d = '1';
      f->num_first = d - f->num;
    }
  else if (*d == '9')
    *d = '>';   /* 10^20 lines: GNU cat's overflow mark */
  else
    ++*d;
  int start = MIN (f->num_first, NUM_DIGITS - NUM_WIDTH);
  idx_t len = NUM_DIGITS + 1 - start;
  memcpy (o, f->num + start, 16);
  if (16 < len)
    memcpy (o + 16, f->num + start + 16, len - 16);
  return o + len;
}

/* Write the current line's stamp and a space at O; leave room for a
   piece of text after it.  */
static char *
put_stamp (struct fmt *f, char *o)
{
  idx_t len;
  char const *text = stamp_text (f->stamp, f->line_time, &len);
  o = reserve (f, o, len + 1 + 4 * PIECE + LINE_EXTRA);
  memcpy (o, text, len);
  o += len;
  *o++ = ' ';
  return o;
}

/* Write a line's prefix at O, as OPT says: stamp, then number (if the
   line is numbered: NONEMPTY says whether it is a -b line).  */
static inline ATTRIBUTE_ALWAYS_INLINE char *
put_prefix (struct fmt *f, struct fmt_opts const *opt, char *o,
            bool nonempty)
{
  if (opt->timestamp)
    o = put_stamp (f, o);
  if (opt->number && (nonempty || !opt->number_nonblank))
    o = put_number (f, o);
  return o;
}

/* A newline at a line start: write an empty line at O, unless -s drops
   it.  */
static inline ATTRIBUTE_ALWAYS_INLINE char *
put_empty_line (struct fmt *f, struct fmt_opts const *opt,
                struct line_state *ls, char *o)
{
  if (2 <= ++ls->newlines)
    {
      ls->newlines = 2;
      if (opt->squeeze)
        return o;
    }
  if (opt->timestamp)
    f->line_time = f->chunk_time;
  o = put_prefix (f, opt, o, false);
  if (opt->show_ends)
    *o++ = '$';
  *o++ = '\n';
  return o;
}

/* Write the end of a non-empty line at O.  */
static inline ATTRIBUTE_ALWAYS_INLINE char *
put_line_end (struct fmt_opts const *opt, struct line_state *ls, char *o)
{
  if (opt->show_ends)
    *o++ = '$';
  *o++ = '\n';
  ls->newlines = 0;
  return o;
}

#if defined __SSE2__ && !defined RAT_NO_SIMD
enum { BLOCK = 16 };
typedef int block_bits;

/* Copy the BLOCK bytes at P to O (unless O is null) and return which of
   them end a run for VIS (a newline or a byte VIS rewrites): bit I for
   P[I].  Inlined for each VIS, so that loops have no switch in them.  */
static inline ATTRIBUTE_ALWAYS_INLINE block_bits
block_scan (char *o, char const *p, enum vis vis)
{
  __m128i x = _mm_loadu_si128 ((__m128i const *) p);
  if (o)
    _mm_storeu_si128 ((__m128i *) o, x);
  __m128i m;
  if (vis == VIS_NONE)
    m = _mm_cmpeq_epi8 (x, _mm_set1_epi8 ('\n'));
  else if (vis == VIS_TABS)
    m = _mm_or_si128 (_mm_cmpeq_epi8 (x, _mm_set1_epi8 ('\n')),
                      _mm_cmpeq_epi8 (x, _mm_set1_epi8 ('\t')));
  else
    /* Signed: bytes of 0x80 and more are below ' ' too.  */
    m = _mm_or_si128 (_mm_cmplt_epi8 (x, _mm_set1_epi8 (' ')),
                      _mm_cmpeq_epi8 (x, _mm_set1_epi8 (0x7f)));
  return _mm_movemask_epi8 (m);
}

/* The index of the first byte of the block at P that ends a run, given
   its bits B, or Q - P if that is smaller.  */
static inline int
block_first (struct fmt const *f, char const *p, char const *q,
             block_bits b)
{
  (void) f;
  if (q - p < BLOCK)
    b |= 1 << (q - p);
  return __builtin_ctz (b);
}
#else
/* The portable version: 8 bytes in a word.  The bits say only whether
   some byte ends a run; block_first finds which.  */
enum { BLOCK = 8 };
typedef uint64_t block_bits;

static inline ATTRIBUTE_ALWAYS_INLINE block_bits
block_scan (char *o, char const *p, enum vis vis)
{
  uint64_t const ones = 0x0101010101010101, highs = 0x8080808080808080;
  uint64_t w;
  memcpy (&w, p, 8);
  if (o)
    memcpy (o, &w, 8);
  /* A zero byte in X leaves a borrow in its top bit.  */
# define HAS_ZERO(x) (((x) - ones) & ~(x) & highs)
  uint64_t b = HAS_ZERO (w ^ ('\n' * ones));
  if (vis == VIS_TABS)
    b |= HAS_ZERO (w ^ ('\t' * ones));
  else if (vis == VIS_ALL)
    /* A byte below 0x20 borrows too; one of 0x7f or more has its top
       bit set once 1 is added.  */
    b = ((w - 0x20 * ones) & ~w & highs) | (((w + ones) | w) & highs);
# undef HAS_ZERO
  return b;
}

static inline int
block_first (struct fmt const *f, char const *p, char const *q,
             block_bits b)
{
  (void) b;
  int n = MIN (q - p, BLOCK);
  int i = 0;
  while (i < n && !f->special[(unsigned char) p[i]])
    i++;
  return i;
}
#endif

/* Return the first byte in [P, Q) that ends a run for VIS, or Q.  Reads
   nothing past Q.  */
static inline ATTRIBUTE_ALWAYS_INLINE char const *
scan_for (struct fmt const *f, char const *p, char const *q, enum vis vis)
{
  for (; BLOCK <= q - p; p += BLOCK)
    {
      block_bits b = block_scan (NULL, p, vis);
      if (b)
        return p + block_first (f, p, q, b);
    }
  for (; p < q; p++)
    if (f->special[(unsigned char) *p])
      break;
  return p;
}

static inline char const *
scan (struct fmt const *f, char const *p, char const *q)
{
  switch (f->vis)
    {
    case VIS_NONE:
      return scan_for (f, p, q, VIS_NONE);
    case VIS_TABS:
      return scan_for (f, p, q, VIS_TABS);
    default:
      return scan_for (f, p, q, VIS_ALL);
    }
}

/* Write at O the run [P, Q) of line text that a byte to rewrite
   follows (so a CR held back is just a CR).  */
static inline char *
put_run (struct fmt *f, char *o, char const *p, char const *q)
{
  if (f->ls.pending_cr)
    {
      f->ls.pending_cr = false;
      *o++ = '\r';
    }
  copy_bytes (o, p, q - p);
  return o + (q - p);
}

/* Write at O the run [P, Q) of line text, the last of the line if
   TERMINATED (a newline follows), else the last of the input at hand.
   Deals with -E's CR: one before the newline is shown as ^M, one at the
   end of the input at hand is held until the next byte is known.  */
static inline char *
put_tail (struct fmt *f, char *o, char const *p, char const *q,
          bool terminated)
{
  if (f->ls.pending_cr)
    {
      if (p == q && !terminated)
        return o;
      f->ls.pending_cr = false;
      if (p == q)
        return mempcpy (o, "^M", 2);
      *o++ = '\r';
    }
  bool cr = f->cr_check && p < q && q[-1] == '\r';
  copy_bytes (o, p, q - p - cr);
  o += q - p - cr;
  if (cr && !terminated)
    f->ls.pending_cr = true;
  else if (cr)
    o = mempcpy (o, "^M", 2);
  return o;
}

/* Write at O the byte C as -v and -T show it.  */
static inline char *
put_rep (struct fmt *f, char *o, unsigned char c)
{
  memcpy (o, f->rep[c], 4);
  return o + f->replen[c];
}

/* Write at O the line text [P, Q) (no newline in it; room: 4 bytes a
   byte), TERMINATED as for put_tail.  */
static char *
put_text (struct fmt *f, char *o, char const *p, char const *q,
          bool terminated)
{
  for (;;)
    {
      char const *s = scan (f, p, q);
      if (s == q)
        return put_tail (f, o, p, q, terminated);
      o = put_run (f, o, p, s);
      o = put_rep (f, o, *s);
      p = s + 1;
    }
}

/* The held line's colour is decided: write its prefix, colour and text
   at O.  */
static char *
commit_line (struct fmt *f, char *o)
{
  f->held = false;
  char const *sgr = color_rules_match (f->o->color, f->line.buf,
                                       f->line.len);
  o = reserve (f, o, 4 * f->line.len + 4 * PIECE + 2 * LINE_EXTRA);
  o = put_prefix (f, f->o, o, true);
  o = reserve (f, o, 4 * f->line.len + 4 * PIECE + 2 * LINE_EXTRA);
  if (sgr)
    {
      o = stpcpy (o, sgr);
      f->colored = true;
    }
  return put_text (f, o, f->line.buf, f->line.buf + f->line.len, false);
}

/* Write the end of a non-empty line at O, closing its colour.  */
static char *
end_line (struct fmt *f, char *o)
{
  if (f->colored)
    {
      o = mempcpy (o, color_reset, sizeof color_reset - 1);
      f->colored = false;
    }
  return put_line_end (f->o, &f->ls, o);
}

/* Hold the line text at P, up to a newline or Q, for its colour; once
   the line ends or is long enough, write it at *O.  Return where the
   input goes on.  */
static char const *
hold_text (struct fmt *f, char **o, char const *p, char const *q)
{
  char const *nl = memchr (p, '\n', q - p);
  char const *e = nl ? nl : q;
  idx_t take = MIN (COLOR_LINE_MAX - f->line.len, e - p);
  outbuf_xadd (&f->line, p, take);
  p += take;
  if (nl || f->line.len == COLOR_LINE_MAX)
    {
      *o = commit_line (f, *o);
      *o = reserve (f, *o, 4 * (e - p) + LINE_EXTRA);
      *o = put_text (f, *o, p, e, !!nl);
      if (nl)
        *o = end_line (f, *o);
    }
  return nl ? nl + 1 : e;
}

/* Write at *O the text at P up to the next newline or byte to rewrite,
   and that byte, or up to Q.  Return where the input goes on.  */
static char const *
put_step (struct fmt *f, char **o, char const *p, char const *q)
{
  char const *s = scan (f, p, q);
  if (s < q && *s != '\n')
    {
      *o = put_rep (f, put_run (f, *o, p, s), *s);
      return s + 1;
    }
  *o = put_tail (f, *o, p, s, s < q);
  if (s == q)
    return q;
  *o = end_line (f, *o);
  return s + 1;
}

/* The general loop, for --timestamp and --color: one step at a time over
   [P, END): a line start, a run, a byte to rewrite, or the part of a
   line held for its colour.  */
static int
feed_general (struct fmt *f, char const *p, char const *end)
{
  char *o = f->out.buf + f->out.len;
  while (p < end)
    {
      char const *q = p + MIN (end - p, PIECE);
      o = reserve (f, o, 4 * (q - p) + LINE_EXTRA);
      if (0 <= f->ls.newlines && *p == '\n')
        {
          o = put_empty_line (f, f->o, &f->ls, o);
          p++;
        }
      else
        {
          if (0 <= f->ls.newlines)
            {
              f->ls.newlines = -1;
              f->line_time = f->chunk_time;
              f->held = !!f->o->color;
              f->line.len = 0;
              if (!f->held)
                o = put_prefix (f, f->o, o, true);
            }
          if (f->held)
            p = hold_text (f, &o, p, q);
          else
            p = put_step (f, &o, p, q);
        }
      f->out.len = o - f->out.buf;
      if (f->flush_size <= f->out.len)
        {
          int e = outbuf_flush (&f->out, f->fd);
          if (e)
            return e;
          o = f->out.buf;
        }
    }
  return 0;
}

/* The fast loop, for all but --timestamp and --color, over [P, Q),
   writing at O, which has room for FAST_ROOM bytes per input byte.  Text
   is copied a block at a time while it is scanned, and only then are the
   bytes that need work dealt with, so that a run costs no branch on its
   length.  Options and state are copied to locals while it runs, so that
   stores through O (a char pointer, which may alias anything) do not
   force reloads.  Reads up to BLOCK - 1 bytes past Q (FMT_SLACK) and
   writes up to BLOCK past what it returns.  Instantiated for each VIS.  */
static inline ATTRIBUTE_ALWAYS_INLINE char *
feed_fast_for (struct fmt *f, char *o, char const *p, char const *q,
               enum vis vis)
{
  struct fmt_opts const opt = *f->o;
  bool const cr_check = f->cr_check;
  struct line_state ls = f->ls;
  while (p < q)
    {
      if (0 <= ls.newlines)
        {
          if (*p == '\n')
            {
              p++;
              o = put_empty_line (f, &opt, &ls, o);
              continue;
            }
          ls.newlines = -1;
          o = put_prefix (f, &opt, o, true);
        }
      /* A CR held back, or about to be: shown as ^M before a newline,
         else as itself.  */
      bool cr = ls.pending_cr && *p == '\n';
      if (ls.pending_cr && !cr)
        *o++ = '\r';
      ls.pending_cr = false;
      char const *run = p;
      int bit;
      for (;;)
        {
          block_bits b = block_scan (o, p, vis);
          if (b || q - p < BLOCK)
            {
              bit = block_first (f, p, q, b);
              break;
            }
          p += BLOCK;
          o += BLOCK;
        }
      p += bit;
      o += bit;
      if (cr_check && run < p && p[-1] == '\r')
        {
          o--;
          cr = true;
        }
      if (p == q)
        {
          ls.pending_cr = cr;
          break;
        }
      unsigned char c = *p++;
      if (c != '\n')
        {
          if (cr)
            *o++ = '\r';
          o = put_rep (f, o, c);
        }
      else
        {
          if (cr)
            o = mempcpy (o, "^M", 2);
          o = put_line_end (&opt, &ls, o);
        }
    }
  f->ls = ls;
  return o;
}

static char *
feed_fast (struct fmt *f, char *o, char const *p, char const *q)
{
  switch (f->vis)
    {
    case VIS_NONE:
      return feed_fast_for (f, o, p, q, VIS_NONE);
    case VIS_TABS:
      return feed_fast_for (f, o, p, q, VIS_TABS);
    default:
      return feed_fast_for (f, o, p, q, VIS_ALL);
    }
}

int
fmt_feed (struct fmt *f, char const *buf, idx_t len,
          struct timespec const *when)
{
  if (when)
    f->chunk_time = *when;
  if (f->o->timestamp || f->o->color)
    return feed_general (f, buf, buf + len);
  for (char const *p = buf, *end = buf + len; p < end; )
    {
      idx_t n = MIN (end - p, FAST_PIECE);
      char *o = reserve (f, f->out.buf + f->out.len, FAST_ROOM * n + 32);
      o = (f->fastvis ? fastvis_run (f->fastvis, o, p, p + n)
           : feed_fast (f, o, p, p + n));
      f->out.len = o - f->out.buf;
      p += n;
      if (f->flush_size <= f->out.len)
        {
          int e = outbuf_flush (&f->out, f->fd);
          if (e)
            return e;
        }
    }
  return 0;
}

int
fmt_flush (struct fmt *f, bool decide)
{
  if (decide && f->held)
    f->out.len = commit_line (f, f->out.buf + f->out.len) - f->out.buf;
  return outbuf_flush (&f->out, f->fd);
}

void
fmt_set_flush_size (struct fmt *f, idx_t size)
{
  f->flush_size = size;
}

int
fmt_end (struct fmt *f)
{
  if (f->held)
    f->out.len = commit_line (f, f->out.buf + f->out.len) - f->out.buf;
  if (f->ls.pending_cr)
    {
      outbuf_xputc (&f->out, '\r');
      f->ls.pending_cr = false;
    }
  if (f->colored)
    {
      outbuf_xadd (&f->out, color_reset, sizeof color_reset - 1);
      f->colored = false;
    }
  return outbuf_flush (&f->out, f->fd);
}
