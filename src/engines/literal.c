/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* literal.c: a literal string and its fast search (see literal.h).  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "c-ctype.h"
#include "minmax.h"

#include "cpu.h"
#include "engines/byteseq.h"
#include "engines/literal.h"

/* Bytes from most to least frequent in source code and text; bytes not
   listed are rarer than all of these.  The rarest byte of a literal is
   the one memchr looks for.  */
static char const frequent[] =
  " etaoinsrlcdhupmfgbyw_\n.,;()=\t\"'x0123456789-*/kv{}ETAOINSRLCDHUPMFG"
  "BYW[]<>:&|!#+%?@$\\^~`jqzJQZKVX";

int
literal_byte_rank (unsigned char c)
{
  char const *p = c ? strchr (frequent, c) : NULL;
  return p ? (int) (sizeof frequent - (p - frequent)) : 0;
}

/* Whether literal_find has a packed pair search (below).  */
#if defined __x86_64__ && defined __GNUC__
enum { HAVE_PAIR = true };
#else
enum { HAVE_PAIR = false };
#endif

/* How frequent C is where L is looked for: without case, a letter is as
   frequent as its more frequent case.  */
static int
literal_rank (struct literal const *l, unsigned char c)
{
  if (!(l->icase && c_isalpha (c)))
    return literal_byte_rank (c);
  return MAX (literal_byte_rank (c_tolower (c)),
              literal_byte_rank (c_toupper (c)));
}

void
literal_set_rare (struct literal *l)
{
  l->rare = l->rare2 = -1;
  int best = 1 << 30, second = 1 << 30;
  /* A caseless literal's pair may hold letters (the pair search compares
     both cases); a memchr looks for a byte that has no other case.  */
  bool letters = HAVE_PAIR && 2 <= l->len;
  for (idx_t i = 0; i < l->len; i++)
    {
      unsigned char c = l->bytes[i];
      if (l->icase && c_isalpha (c) && !letters)
        continue;
      int r = literal_rank (l, c);
      if (r < best)
        {
          second = best;
          l->rare2 = l->rare;
          best = r;
          l->rare = i;
        }
      else if (r < second)
        {
          second = r;
          l->rare2 = i;
        }
    }
  if (l->rare2 < 0)
    l->rare2 = l->rare;
}

/* Whether L is at S, with LIM - S >= L->len.  */
static bool
literal_at (struct literal const *l, char const *s)
{
  return literal_eq (s, l->bytes, l->len, l->icase);
}

/* The packed pair search: the literal's two rarest bytes, C1 at I1 and
   C2 at I2 of it, compared at once over 16 or 32 candidate starts, and
   the literal compared where both are in place.  A pair is much rarer
   than either byte ('r' and 'e' three bytes apart for " rare"), so this
   stops far less often than a memchr for one byte, which stops at every
   'r'.  The idea is ripgrep's (its memchr crate's "packed pair"); this is
   our own code.  Return the first start of L in BUF[0..LEN), or NULL;
   *DONE the number of starts ruled out when the vector loop ends.  */
#if defined __x86_64__ && defined __GNUC__
# include <immintrin.h>
/* The candidates of the vector at S: a bit for each start from S on
   where both bytes are in place.  A caseless literal's letter is
   compared in lower case: OR 0x20 turns 'A'-'Z' into 'a'-'z', and only
   those and 'a'-'z' end up there.  */
# define PAIR_FOLD(X, F, OR, ICASE) ((ICASE) ? OR (X, F) : (X))
# define PAIR_VEC(S, LOAD, EQ, OR, ICASE)                                 \
  (EQ (PAIR_FOLD (LOAD (buf + (S) + i1), f1, OR, ICASE), v1)             \
   & EQ (PAIR_FOLD (LOAD (buf + (S) + i2), f2, OR, ICASE), v2))
# define PAIR_MASK(S, LOAD, EQ, MASK, OR, ICASE)                          \
  MASK (PAIR_VEC (S, LOAD, EQ, OR, ICASE))
/* Return the first candidate in mask M (from start S) where L is.  */
# define PAIR_TRY(M, S)                                                   \
  for (unsigned m_ = (M); m_; m_ &= m_ - 1)                               \
    {                                                                     \
      idx_t c = (S) + __builtin_ctz (m_);                                 \
      if (c + l->len <= len && literal_at (l, buf + c))                   \
        return buf + c;                                                   \
    }
/* The candidates before Z (from S) in the two masks M0 and M1 of W bits,
   then those in [S + 2 * W, Z), then the NUL at Z: for the NUL-aware
   loop, where a vector holds a NUL (Z, its first, before S + I1 + 2 * W).  */
# define PAIR_TRY_NUL(M0, M1, W, S, Z)                                    \
  do                                                                      \
    {                                                                     \
      unsigned long long mm_ = (M0) | (unsigned long long) (M1) << (W);   \
      if ((Z) - (S) < 2 * (W))                                            \
        mm_ &= (1ull << ((Z) - (S))) - 1;                                 \
      for (; mm_; mm_ &= mm_ - 1)                                         \
        {                                                                 \
          idx_t c = (S) + __builtin_ctzll (mm_);                          \
          if (c + l->len <= len && literal_at (l, buf + c))               \
            return buf + c;                                               \
        }                                                                 \
      for (idx_t c = (S) + 2 * (W); c < (Z); c++)                         \
        if (c + l->len <= len && literal_at (l, buf + c))                 \
          return buf + c;                                                 \
      return buf + (Z);                                                   \
    }                                                                     \
  while (0)
/* Two vectors a turn, with one test of both masks: one mostly untaken
   branch per 2 * W bytes.  grab -n 1 -c PM_RESUME on the 1.1 GiB bench
   file (2026-12-03, 2 vCPUs, perf stat -r 10): 0.130 s against 0.140 s
   one vector a turn; rg -j1 took 0.133 s.  And a prefetch SCAN_PREFETCH
   bytes ahead (byteseq.h): the same, later the same day,
   perf stat -r 5 twice: 0.183-0.185 s against 0.195-0.210, -n 2
   0.097-0.098 against 0.109-0.120; grab PM_RESUME big.txt, 9 rotated
   rounds: 0.95 of the time, 'struct \w+ \{' 0.93; on the Linux tree
   (files in cache) 0.97-0.98.  With NUL (a constant), the loop also
   stops at the first NUL byte: the vectors loaded at I1 are compared
   with 0 too (the bytes before I1 are the caller's), and grep's binary
   rule needs no pass of its own (literal_find_nul).  */
# define PAIR_LOOP(W, LOAD, EQ, MASK, SET1, OR, MIN, NUL, ICASE)          \
  idx_t i1 = l->rare, i2 = l->rare2;                                      \
  idx_t hi = i1 < i2 ? i2 : i1;                                           \
  unsigned char c1 = l->bytes[i1], c2 = l->bytes[i2];                     \
  char b1 = l->icase && c_isalpha (c1) ? 0x20 : 0;                        \
  char b2 = l->icase && c_isalpha (c2) ? 0x20 : 0;                        \
  __typeof__ (SET1 (0)) v1 = SET1 (c1 | b1), v2 = SET1 (c2 | b2);         \
  __typeof__ (SET1 (0)) f1 = SET1 (b1), f2 = SET1 (b2);                   \
  __typeof__ (SET1 (0)) zero = SET1 (0);                                  \
  idx_t s = 0;                                                            \
  for (; s + hi + 2 * W <= len; s += 2 * W)                               \
    {                                                                     \
      __builtin_prefetch (buf + s + SCAN_PREFETCH);                       \
      __typeof__ (zero) p0 = PAIR_VEC (s, LOAD, EQ, OR, ICASE);           \
      __typeof__ (zero) p1 = PAIR_VEC (s + W, LOAD, EQ, OR, ICASE);       \
      __typeof__ (zero) z = zero;                                         \
      if (NUL)                                                            \
        z = EQ (MIN (LOAD (buf + s + i1), LOAD (buf + s + W + i1)), zero); \
      if (__builtin_expect (MASK (p0 | p1 | z) != 0, 0))                  \
        {                                                                 \
          unsigned m0 = MASK (p0), m1 = MASK (p1);                        \
          unsigned long long n                                            \
            = (NUL ? ((unsigned) MASK (EQ (LOAD (buf + s + i1), zero))    \
                      | ((unsigned long long)                             \
                         (unsigned) MASK (EQ (LOAD (buf + s + W + i1),    \
                                              zero)) << W))               \
               : 0);                                                      \
          if (n)                                                          \
            PAIR_TRY_NUL (m0, m1, W, s, s + i1 + __builtin_ctzll (n));    \
          PAIR_TRY (m0, s);                                               \
          PAIR_TRY (m1, s + W);                                           \
        }                                                                 \
    }                                                                     \
  for (; s + hi + W <= len; s += W)                                       \
    {                                                                     \
      unsigned n0 = (NUL ? (unsigned) MASK (EQ (LOAD (buf + s + i1), zero)) \
                     : 0);                                                \
      if (n0)                                                             \
        PAIR_TRY_NUL (PAIR_MASK (s, LOAD, EQ, MASK, OR, ICASE), 0, W, s,  \
                      s + i1 + __builtin_ctz (n0));                       \
      PAIR_TRY (PAIR_MASK (s, LOAD, EQ, MASK, OR, ICASE), s);             \
    }                                                                     \
  *done = s;                                                              \
  return NULL

# define LOAD16(p) _mm_loadu_si128 ((__m128i const *) (p))
# define LOAD32(p) _mm256_loadu_si256 ((__m256i const *) (p))
/* PAIR_LOOP for each of NUL and L->icase: constants in the loop.  */
# define PAIR_LOOPS(W, LOAD, EQ, MASK, SET1, OR, MIN)                     \
  if (nul && l->icase)                                                    \
    {                                                                     \
      PAIR_LOOP (W, LOAD, EQ, MASK, SET1, OR, MIN, true, true);           \
    }                                                                     \
  else if (nul)                                                           \
    {                                                                     \
      PAIR_LOOP (W, LOAD, EQ, MASK, SET1, OR, MIN, true, false);          \
    }                                                                     \
  else if (l->icase)                                                      \
    {                                                                     \
      PAIR_LOOP (W, LOAD, EQ, MASK, SET1, OR, MIN, false, true);          \
    }                                                                     \
  else                                                                    \
    {                                                                     \
      PAIR_LOOP (W, LOAD, EQ, MASK, SET1, OR, MIN, false, false);         \
    }
static char const *
pair_find_sse2 (struct literal const *l, char const *buf, idx_t len,
                bool nul, idx_t *done)
{
  PAIR_LOOPS (16, LOAD16, _mm_cmpeq_epi8, _mm_movemask_epi8, _mm_set1_epi8,
              _mm_or_si128, _mm_min_epu8);
}
__attribute__ ((target ("avx2"))) static char const *
pair_find_avx2 (struct literal const *l, char const *buf, idx_t len,
                bool nul, idx_t *done)
{
  PAIR_LOOPS (32, LOAD32, _mm256_cmpeq_epi8, _mm256_movemask_epi8,
              _mm256_set1_epi8, _mm256_or_si256, _mm256_min_epu8);
}
#endif

/* literal_find by memchr on L's rarest byte.  */
static char const *
literal_find_rare (struct literal const *l, char const *buf, idx_t len)
{
  idx_t rare = l->rare;
  char c = l->bytes[rare];
  char const *lim = buf + len;
  for (char const *q = buf + rare; q < lim; q++)
    {
      q = memchr (q, c, lim - q);
      if (!q)
        return NULL;
      char const *s = q - rare;
      if (lim - s < l->len)
        return NULL;
      /* One byte: the one just found (a caseless literal's RARE is not
         a letter).  'grab -vc e' compared it again on most lines.  */
      if (l->len == 1 || literal_at (l, s))
        return s;
    }
  return NULL;
}

/* literal_find, or with NUL literal_find_nul.  */
static char const *
find (struct literal const *l, char const *buf, idx_t len, bool nul)
{
#if defined __x86_64__ && defined __GNUC__
  if (l->rare2 != l->rare)
    {
      idx_t done = 0;
      /* The bytes before the rarest's place, which the loop's NUL test
         does not see.  */
      char const *z = nul ? memchr (buf, '\0', MIN (l->rare, len)) : NULL;
      if (z)
        len = z - buf;
      char const *q = (cpu_avx2 ()
                       ? pair_find_avx2 (l, buf, len, nul, &done)
                       : pair_find_sse2 (l, buf, len, nul, &done));
      if (q)
        return q;
      /* The last few starts, which the vectors cannot load.  */
      for (; done < len; done++)
        if (nul && !buf[done])
          return buf + done;
        else if (done + l->len <= len && literal_at (l, buf + done))
          return buf + done;
      return z;
    }
#endif
  char const *z = nul ? memchr (buf, '\0', len) : NULL;
  char const *q = literal_find_rare (l, buf, z ? z - buf : len);
  return q ? q : z;
}

char const *
literal_find (struct literal const *l, char const *buf, idx_t len)
{
  return find (l, buf, len, false);
}

char const *
literal_find_nul (struct literal const *l, char const *buf, idx_t len)
{
  return find (l, buf, len, true);
}

void
literal_free (struct literal *l)
{
  free (l->bytes);
  l->bytes = NULL;
  l->len = 0;
}
