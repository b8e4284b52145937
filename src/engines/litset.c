/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* litset.c: many literals, one search (see litset.h).

   The search slides a window of M bytes, M the length of the shortest
   literal, and looks at the pair of bytes that ends it.  SHIFT[pair] says
   how far the window may move without passing a place where the first M
   bytes of some literal could start: M - 1 for a pair that occurs in no
   literal's first M bytes, 0 for one that ends some literal's first M
   bytes.  Then a bitmap of the pairs that start literals weeds out most
   places, and only then are the literals whose first M bytes end in that
   pair compared in full.  Without case, both pair tables hold every case
   spelling of each pair, so that the scan reads the text's bytes as they
   are.  With many literals the shift comes from the three bytes that end
   the window instead (a hashed table, M - 2 for three bytes in no
   literal's first M bytes), since nearly every pair then ends some
   literal's window; without case that hash ignores case itself (see
   add_tri).  A long text is scanned from its start and from its middle
   at once (see TWO_SCANS_MIN).  */

#include <config.h>

#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "c-ctype.h"
#include "xalloc.h"

#include "engines/litset.h"
#include "engines/teddy.h"

/* The shortest literal worth a set search.  With 3 bytes or fewer the
   shifts are too short to beat the JIT's own scan for the patterns'
   first bytes.  */
enum { LITSET_MIN = 4 };
static_assert ((int) TEDDY_MIN_LEN <= (int) LITSET_MIN,
               "a set's literals are long enough for Teddy");

/* Longer windows hardly skip more; shifts fit in a byte.  */
enum { WINDOW_MAX = 64 };

/* Three bytes hashed to this many bits index SHIFT3 (see tri_hash), used
   from TRI_MIN literals on: with many literals nearly every pair of text
   bytes ends some literal's window, and shifts by pairs stay short.  The
   Linux tree, -F -f WORDS, 2 threads (2026-12-03, farm-bench medians of
   5), time by three bytes over by pairs: 200 words 0.93, caseless 0.86;
   20 words 1.19, caseless 1.13.  (A multiplicative hash did worse: 1.00,
   0.93, 1.36, 1.26.)  */
enum { TRI_BITS = 16, TRI_MIN = 64 };

struct entry
{
  unsigned int key;      /* the pair that ends its first M bytes, folded */
  idx_t len;
  char *bytes;           /* folded */
};

struct litset
{
  idx_t m;                            /* the window */
  bool icase;
  unsigned char fold[UCHAR_MAX + 1];  /* identity, or ASCII to lower case */
  uint8_t shift[1 << (2 * CHAR_BIT)]; /* by a pair of bytes of the text */
  uint64_t head[(1 << (2 * CHAR_BIT)) / 64];  /* pairs that start literals */
  bool tri;                           /* shift by SHIFT3 instead */
  unsigned char tri_mask;             /* see add_tri */
  uint8_t shift3[1 << TRI_BITS];      /* by a hash of three bytes */
  idx_t nlit;                         /* literals given */
  idx_t n;                            /* strings: literals and spellings */
  struct entry *e;                    /* sorted by key */
  struct teddy *teddy;                /* searches instead, or NULL */
};

/* The hash of three bytes, each masked by MASK first.  */
static unsigned int
tri_hash (unsigned char a, unsigned char b, unsigned char c,
          unsigned char mask)
{
  return ((a & mask) << 10 ^ (b & mask) << 5 ^ (c & mask))
         & ((1 << TRI_BITS) - 1);
}

static unsigned int
pair (unsigned char const *fold, char a, char b)
{
  return fold[(unsigned char) a] << CHAR_BIT | fold[(unsigned char) b];
}

static int
entry_cmp (void const *a, void const *b)
{
  struct entry const *x = a, *y = b;
  return (x->key > y->key) - (x->key < y->key);
}

/* The most letters 'k' and 's' a literal may have in a set that expands
   them (2 to that power variants).  */
enum { WIDE_KS_MAX = 6 };

/* U+212A KELVIN SIGN and U+017F LATIN SMALL LETTER LONG S in UTF-8.  */
static char const kelvin[3] = "\xe2\x84\xaa";
static char const long_s[2] = "\xc5\xbf";

/* Record in S's tables the pair A, B at a distance SHIFT from the end of
   a window, in each case spelling if S ignores case; HEAD: the pair also
   starts a literal.  */
static void
add_pair (struct litset *s, char a, char b, idx_t shift, bool head)
{
  for (int i = 0; i < 4; i++)
    {
      unsigned char x = (i & 1) && s->icase ? c_toupper (a) : a;
      unsigned char y = (i & 2) && s->icase ? c_toupper (b) : b;
      unsigned int k = x << CHAR_BIT | y;
      if (shift < s->shift[k])
        s->shift[k] = shift;
      if (head)
        s->head[k / 64] |= (uint64_t) 1 << (k % 64);
    }
}

/* Record in S's SHIFT3 the bytes A, B, C at a distance SHIFT from the
   end of a window.  Hashes that collide keep the smallest shift, which
   is always safe.  Without case, the hash drops bit 5 of each byte (ASCII
   letters differ in case by that bit alone), so that one entry serves
   every case spelling: a table of all eight spellings has eight times as
   many entries that stop the scan without a match.  -i -F -f WORDS, 200
   words, on the Linux tree (as TWO_SCANS_MIN's run): all spellings took
   1.09 times as long.  */
static void
add_tri (struct litset *s, char a, char b, char c, idx_t shift)
{
  unsigned int k = tri_hash (a, b, c, s->tri_mask);
  if (shift < s->shift3[k])
    s->shift3[k] = shift;
}

/* Add to S (the window and fold table set) the literal B of LEN bytes;
   take B.  */
static void
add_entry (struct litset *s, char *b, idx_t len, idx_t *alloc)
{
  idx_t m = s->m;
  for (idx_t j = 0; j < len; j++)
    b[j] = s->fold[(unsigned char) b[j]];
  for (idx_t j = 1; j < m; j++)
    add_pair (s, b[j - 1], b[j], m - 1 - j, j == 1);
  for (idx_t j = 2; s->tri && j < m; j++)
    add_tri (s, b[j - 2], b[j - 1], b[j], m - 1 - j);
  if (s->n == *alloc)
    s->e = xpalloc (s->e, alloc, 1, -1, sizeof *s->e);
  s->e[s->n++] = (struct entry) { .key = pair (s->fold, b[m - 2], b[m - 1]),
                                  .len = len, .bytes = b };
}

/* The number of letters 'k' and 's' (either case) in L.  Store the
   indexes of the first WIDE_KS_MAX of them in AT, unless it is null.  */
static int
ks_letters (struct literal const *l, idx_t *at)
{
  int n = 0;
  for (idx_t j = 0; j < l->len; j++)
    if (l->bytes[j] && strchr ("kKsS", l->bytes[j]))
      {
        if (at && n < WIDE_KS_MAX)
          at[n] = j;
        n++;
      }
  return n;
}

/* Add L to S, and if WIDE_KS, each variant of it with some of its 'k'
   and 's' (either case) spelled as U+212A and U+017F.  */
static void
add_variants (struct litset *s, struct literal const *l, bool wide_ks,
              idx_t *alloc)
{
  idx_t at[WIDE_KS_MAX];
  int nks = wide_ks ? ks_letters (l, at) : 0;
  for (unsigned int v = 0; v < 1u << nks; v++)
    {
      /* Each wide spelling is at most 2 bytes longer.  */
      char *b = xmalloc (l->len + 2 * nks);
      idx_t len = 0, from = 0;
      for (int i = 0; i < nks; i++)
        if (v >> i & 1)
          {
            memcpy (b + len, l->bytes + from, at[i] - from);
            len += at[i] - from;
            bool k = c_tolower (l->bytes[at[i]]) == 'k';
            memcpy (b + len, k ? kelvin : long_s, k ? 3 : 2);
            len += k ? 3 : 2;
            from = at[i] + 1;
          }
      memcpy (b + len, l->bytes + from, l->len - from);
      add_entry (s, b, len + l->len - from, alloc);
    }
}

/* A Teddy for S's strings, or NULL: where the shifts come from pairs, a
   Teddy is faster when the CPU has it.  The Linux tree, grab -r -n 2
   -F -f WORDS/20 (2026-12-06, medians of 5): XXX.  */
static struct teddy *
new_teddy (struct litset const *s)
{
  if (TEDDY_MAX < s->n)
    return NULL;
  char *b[TEDDY_MAX];
  idx_t lens[TEDDY_MAX];
  for (idx_t i = 0; i < s->n; i++)
    {
      b[i] = s->e[i].bytes;
      lens[i] = s->e[i].len;
    }
  return teddy_new (b, lens, s->n, s->icase);
}

struct litset *
litset_new (struct literal const *l, idx_t n, bool wide_ks)
{
  if (n == 0)
    return NULL;
  idx_t m = WINDOW_MAX;
  bool icase = false;
  for (idx_t i = 0; i < n; i++)
    {
      m = l[i].len < m ? l[i].len : m;
      icase |= l[i].icase;
      if (wide_ks && WIDE_KS_MAX < ks_letters (&l[i], NULL))
        return NULL;
    }
  if (m < LITSET_MIN)
    return NULL;

  struct litset *s = xmalloc (sizeof *s);
  s->m = m;
  s->icase = icase;
  for (int c = 0; c <= UCHAR_MAX; c++)
    s->fold[c] = icase ? c_tolower (c) : c;
  memset (s->shift, m - 1, sizeof s->shift);
  s->tri = TRI_MIN <= n;
  s->tri_mask = icase ? UCHAR_MAX ^ 0x20 : UCHAR_MAX;
  if (s->tri)
    memset (s->shift3, m - 2, sizeof s->shift3);
  memset (s->head, 0, sizeof s->head);
  s->nlit = n;
  s->n = 0;
  s->e = NULL;
  idx_t alloc = 0;
  for (idx_t i = 0; i < n; i++)
    add_variants (s, &l[i], wide_ks, &alloc);
  qsort (s->e, s->n, sizeof *s->e, entry_cmp);
  s->teddy = s->tri ? NULL : new_teddy (s);
  return s;
}

/* Whether a literal of S whose window ends in the pair KEY starts at P,
   with LEFT bytes from P on.  */
static bool
starts_here (struct litset const *s, unsigned int key, char const *p,
             idx_t left)
{
  /* The first entry with KEY.  */
  idx_t lo = 0, hi = s->n;
  while (lo < hi)
    {
      idx_t mid = lo + (hi - lo) / 2;
      if (s->e[mid].key < key)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (idx_t i = lo; i < s->n && s->e[i].key == key; i++)
    {
      struct entry const *e = &s->e[i];
      if (e->len <= left && literal_eq (p, e->bytes, e->len, s->icase))
        return true;
    }
  return false;
}

/* The shift for the window of S whose last byte is BUF[I] (I >= M - 1):
   how far the window may move, 0 if a literal may start at I - (M - 1).  */
static inline int
shift_at (struct litset const *s, char const *buf, idx_t i)
{
  unsigned char a = buf[i - 1], b = buf[i];
  return (s->tri ? s->shift3[tri_hash (buf[i - 2], a, b, s->tri_mask)]
          : s->shift[a << CHAR_BIT | b]);
}

/* Whether a literal of S starts at BUF[START], BUF holding LEN bytes.  */
static inline bool
starts_at (struct litset const *s, char const *buf, idx_t len, idx_t start)
{
  unsigned char const *p = (unsigned char const *) buf + start;
  unsigned int h = p[0] << CHAR_BIT | p[1];
  return ((s->head[h / 64] >> (h % 64) & 1)
          && starts_here (s, pair (s->fold, p[s->m - 2], p[s->m - 1]),
                          buf + start, len - start));
}

/* One step of a scan whose window ends at BUF[*I], SH its shift_at:
   true if a literal of S starts at *I - (M - 1) (*I left there), else
   *I moved on.  (The shift is the caller's so that two scans load theirs
   at once.)  */
static inline bool
step (struct litset const *s, char const *buf, idx_t len, idx_t *i, int sh)
{
  if (sh)
    *i += sh;
  else if (starts_at (s, buf, len, *i - (s->m - 1)))
    return true;
  else
    ++*i;
  return false;
}

/* The first start of a literal of S in BUF[0..LEN) whose window's last
   byte is in [I, LIM), or -1.  */
static idx_t
scan (struct litset const *s, char const *buf, idx_t len, idx_t i,
      idx_t lim)
{
  while (i < lim)
    if (step (s, buf, len, &i, shift_at (s, buf, i)))
      return i - (s->m - 1);
  return -1;
}

/* Texts this long are scanned as two halves at once: each step of a scan
   waits on the load its shift came from, so two independent scans keep
   the CPU busier.  The Linux tree, 2 threads, grab -r -n 2 (2026-12-03,
   medians of 5 rotated runs), time of one scan over two: -F -f WORDS 20
   words 1.22, 200 words 1.17, 200 caseless 1.05 (the caseless set's
   lines are denser, and the half that finds a literal first waits for
   the other).  Four scans did no better.  */
enum { TWO_SCANS_MIN = 256 };

char const *
litset_find (struct litset const *s, char const *buf, idx_t len)
{
  if (s->teddy)
    return teddy_find (s->teddy, buf, len);
  idx_t m = s->m;
  idx_t r;
  if (len < TWO_SCANS_MIN)
    r = scan (s, buf, len, m - 1, len);
  else
    {
      /* A finds the starts before HALF, B the others; a start B finds
         waits until A has found none.  */
      idx_t half = len / 2;
      idx_t a = m - 1, alim = half + m - 1, b = half + m - 1, blim = len;
      bool b_found = false;
      while (a < alim && b < blim)
        {
          int sa = shift_at (s, buf, a), sb = shift_at (s, buf, b);
          if (step (s, buf, len, &a, sa))
            return buf + a - (m - 1);
          if (step (s, buf, len, &b, sb))
            {
              b_found = true;
              break;
            }
        }
      r = scan (s, buf, len, a, alim);
      if (r < 0)
        r = b_found ? b - (m - 1) : scan (s, buf, len, b, blim);
    }
  return r < 0 ? NULL : buf + r;
}

bool
litset_packed (struct litset const *s)
{
  return !!s->teddy;
}

idx_t
litset_count (struct litset const *s)
{
  return s->nlit;
}

void
litset_free (struct litset *s)
{
  if (s)
    {
      for (idx_t i = 0; i < s->n; i++)
        free (s->e[i].bytes);
      free (s->e);
      teddy_free (s->teddy);
      free (s);
    }
}

bool
litset_ascii_folding (void)
{
  for (int c = 0; c <= UCHAR_MAX; c++)
    if (toupper (c) != c_toupper (c) || tolower (c) != c_tolower (c))
      return false;
  return true;
}
