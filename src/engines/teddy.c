/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* teddy.c: a packed search for a few strings (see teddy.h).

   The strings are sorted and cut into BUCKETS groups of neighbours, so
   that a group's strings share their first bytes as far as they can.
   For each of the first FP bytes of a string, two tables of 16 bytes,
   indexed by a text byte's low and high nibble, hold a bit for each group
   that has a string with a byte of that nibble there.  Loading the text
   at I, I + 1, ..., I + FP - 1 and looking each vector up in its tables
   (one shuffle per nibble), the AND of all those lookups has, in its byte
   J, the groups whose strings may start at I + J; a zero byte means none
   can.  The nibbles over-approximate (a group with "ab" and "cd" also
   lets "ad" through), which the comparison settles.  */

#include <config.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "c-ctype.h"
#include "minmax.h"
#include "xalloc.h"

#include "cpu.h"
#include "engines/literal.h"
#include "engines/teddy.h"

/* (TEDDY_NO_VECTORS: tests/unit/test-litset-plain, litset.c's own
   search on a machine that has the vectors.)  */
#if defined __x86_64__ && defined __GNUC__ && !defined TEDDY_NO_VECTORS
# include <immintrin.h>
# define TEDDY_VECTORS 1
#endif

/* Groups (one bit each of a table's byte), and the string bytes a
   place's groups come from.  */
enum { BUCKETS = 8, FP = 3 };

struct tstr
{
  idx_t len;
  char *bytes;
};

struct teddy
{
  /* Bytes 0-15 and again 16-31: AVX2 shuffles each 16-byte lane on its
     own.  */
  unsigned char lo[FP][32];
  unsigned char hi[FP][32];
  bool icase;
  idx_t first[BUCKETS + 1];  /* group B is STR[FIRST[B]..FIRST[B + 1]) */
  idx_t n;
  struct tstr *str;
};

#ifdef TEDDY_VECTORS
static int
tstr_cmp (void const *a, void const *b)
{
  struct tstr const *x = a, *y = b;
  int c = memcmp (x->bytes, y->bytes, MIN (x->len, y->len));
  return c ? c : (x->len > y->len) - (x->len < y->len);
}

/* Let byte C at a string's place K admit group B.  */
static void
admit (struct teddy *t, int k, unsigned char c, int b)
{
  for (int lane = 0; lane < 32; lane += 16)
    {
      t->lo[k][lane + (c & 15)] |= 1 << b;
      t->hi[k][lane + (c >> 4)] |= 1 << b;
    }
}

/* Whether a string of T's groups GROUPS starts at P, LEFT bytes from P
   on.  */
static bool
verify (struct teddy const *t, unsigned int groups, char const *p,
        idx_t left)
{
  for (; groups; groups &= groups - 1)
    {
      int b = __builtin_ctz (groups);
      for (idx_t i = t->first[b]; i < t->first[b + 1]; i++)
        {
          struct tstr const *e = &t->str[i];
          if (e->len <= left && literal_eq (p, e->bytes, e->len, t->icase))
            return true;
        }
    }
  return false;
}

/* The groups whose strings may start at P (FP bytes there), by the
   tables alone.  */
static unsigned int
groups_at (struct teddy const *t, unsigned char const *p)
{
  unsigned int g = 0xff;
  for (int k = 0; k < FP; k++)
    g &= t->lo[k][p[k] & 15] & t->hi[k][p[k] >> 4];
  return g;
}

__attribute__ ((target ("avx2"))) static char const *
find_avx2 (struct teddy const *t, char const *buf, idx_t len)
{
  __m256i lo[FP], hi[FP];
  for (int k = 0; k < FP; k++)
    {
      lo[k] = _mm256_loadu_si256 ((__m256i const *) t->lo[k]);
      hi[k] = _mm256_loadu_si256 ((__m256i const *) t->hi[k]);
    }
  __m256i const nibble = _mm256_set1_epi8 (15);
  __m256i const zero = _mm256_setzero_si256 ();
  idx_t i = 0;
  for (; i + 32 + FP - 1 <= len; i += 32)
    {
      __m256i m = _mm256_set1_epi8 (-1);
      for (int k = 0; k < FP; k++)
        {
          __m256i c = _mm256_loadu_si256 ((__m256i const *) (buf + i + k));
          __m256i l = _mm256_shuffle_epi8 (lo[k], _mm256_and_si256 (c, nibble));
          __m256i h = _mm256_shuffle_epi8 (hi[k],
                                           _mm256_and_si256
                                             (_mm256_srli_epi16 (c, 4),
                                              nibble));
          m = _mm256_and_si256 (m, _mm256_and_si256 (l, h));
        }
      uint32_t at = ~(uint32_t) _mm256_movemask_epi8
                                  (_mm256_cmpeq_epi8 (m, zero));
      if (at)
        {
          unsigned char g[32];
          _mm256_storeu_si256 ((__m256i *) g, m);
          for (; at; at &= at - 1)
            {
              int j = __builtin_ctz (at);
              if (verify (t, g[j], buf + i + j, len - i - j))
                return buf + i + j;
            }
        }
    }
  /* The last places, which the vectors cannot load.  */
  for (; i + FP <= len; i++)
    {
      unsigned int g = groups_at (t, (unsigned char const *) buf + i);
      if (g && verify (t, g, buf + i, len - i))
        return buf + i;
    }
  return NULL;
}
#endif

struct teddy *
teddy_new (char *const *s, idx_t const *lens, idx_t n, bool icase)
{
#ifdef TEDDY_VECTORS
  if (n < 1 || TEDDY_MAX < n || !cpu_avx2 ())
    return NULL;
  struct teddy *t = xzalloc (sizeof *t);
  t->icase = icase;
  t->n = n;
  t->str = xnmalloc (n, sizeof *t->str);
  for (idx_t i = 0; i < n; i++)
    t->str[i] = (struct tstr) { lens[i], ximemdup (s[i], lens[i]) };
  qsort (t->str, n, sizeof *t->str, tstr_cmp);
  for (int b = 0; b <= BUCKETS; b++)
    t->first[b] = n * b / BUCKETS;
  for (int b = 0; b < BUCKETS; b++)
    for (idx_t i = t->first[b]; i < t->first[b + 1]; i++)
      for (int k = 0; k < FP; k++)
        {
          unsigned char c = t->str[i].bytes[k];
          admit (t, k, c, b);
          if (icase)
            admit (t, k, c_toupper (c), b);
        }
  return t;
#else
  (void) s, (void) lens, (void) n, (void) icase;
  return NULL;
#endif
}

char const *
teddy_find (struct teddy const *t, char const *buf, idx_t len)
{
#ifdef TEDDY_VECTORS
  return find_avx2 (t, buf, len);
#else
  (void) t, (void) buf, (void) len;
  return NULL;
#endif
}

void
teddy_free (struct teddy *t)
{
  if (t)
    {
      for (idx_t i = 0; i < t->n; i++)
        free (t->str[i].bytes);
      free (t->str);
      free (t);
    }
}
