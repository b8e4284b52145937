/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* fastvis.c: SSSE3 expansion for stateless -v (see fastvis.h).  In a
   block of 16 ASCII bytes every byte that -v rewrites becomes two bytes,
   "^X" (or "$" and newline for -E): each half block is spread out by one
   shuffle whose pattern depends on which of its 8 bytes are rewritten,
   then the first byte of each pair becomes '^' or '$' and the second is
   flipped to X.  Blocks with bytes of 128 and more (M- notation) go byte
   by byte through the tables.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

#include "applets/rat/fastvis.h"

#if (defined __x86_64__ || defined __i386__) && defined __GNUC__ \
    && defined __SSE2__ && !defined RAT_NO_SIMD
# define FASTVIS 1
# include "cpu.h"
# include <tmmintrin.h>
#endif

struct fastvis
{
  /* For each set of rewritten bytes in a half block (bit I: byte I):
     the shuffle that doubles those bytes, the mask of the first byte of
     each pair, and the length of the result.  */
  unsigned char shuf[256][16];
  unsigned char first[256][16];
  unsigned char len[256];
  bool keep_tab;   /* TAB is not rewritten (no -T) */
  bool keep_nl;    /* newline is not rewritten (no -E) */

  /* What each byte becomes, newline included, for the blocks that need
     the M- notation.  */
  char rep[256][4];
  unsigned char replen[256];
};

#if FASTVIS

struct fastvis *
fastvis_new (bool tabs, bool ends, char const (*rep)[4],
             unsigned char const *replen)
{
  if (!cpu_ssse3 ())
    return NULL;
  struct fastvis *v = xzalloc (sizeof *v);
  for (int m = 0; m < 256; m++)
    {
      int j = 0;
      for (int i = 0; i < 8; i++)
        {
          if (m & (1 << i))
            {
              v->first[m][j] = 0xff;
              v->shuf[m][j++] = i;
            }
          v->shuf[m][j++] = i;
        }
      v->len[m] = j;
      for (; j < 16; j++)
        v->shuf[m][j] = 0x80;
    }
  v->keep_tab = !tabs;
  v->keep_nl = !ends;
  memcpy (v->rep, rep, sizeof v->rep);
  memcpy (v->replen, replen, sizeof v->replen);
  memcpy (v->rep['\n'], ends ? "$\n" : "\n", 2);
  v->replen['\n'] = ends ? 2 : 1;
  return v;
}

/* Spread the 8 bytes at the bottom of X, those in M rewritten, into 16
   bytes at O; return how many count.  */
__attribute__ ((__target__ ("ssse3"))) static inline int
expand_half (struct fastvis const *v, char *o, __m128i x, int m)
{
  __m128i y = _mm_shuffle_epi8 (x, _mm_loadu_si128 ((__m128i const *)
                                                    v->shuf[m]));
  __m128i first = _mm_loadu_si128 ((__m128i const *) v->first[m]);
  __m128i second = _mm_slli_si128 (first, 1);
  __m128i nl = _mm_cmpeq_epi8 (y, _mm_set1_epi8 ('\n'));
  /* The first byte of a pair: '$' for a newline, else '^'.  */
  __m128i lead = _mm_xor_si128 (_mm_set1_epi8 ('^'),
                                _mm_and_si128 (nl, _mm_set1_epi8 ('^' ^ '$')));
  /* The second: the newline itself, else the byte with 0x40 flipped
     (1 -> 'A', 127 -> '?').  */
  __m128i flip = _mm_andnot_si128 (nl, _mm_set1_epi8 (0x40));
  __m128i r = _mm_xor_si128 (y, _mm_and_si128 (second, flip));
  r = _mm_xor_si128 (r, _mm_and_si128 (first, _mm_xor_si128 (r, lead)));
  _mm_storeu_si128 ((__m128i *) o, r);
  return v->len[m];
}

__attribute__ ((__target__ ("ssse3"))) char *
fastvis_run (struct fastvis const *v, char *o, char const *p, char const *q)
{
  __m128i const space = _mm_set1_epi8 (' ');
  __m128i const del = _mm_set1_epi8 (0x7f);
  for (; 16 <= q - p; p += 16)
    {
      __m128i x = _mm_loadu_si128 ((__m128i const *) p);
      int high = _mm_movemask_epi8 (x);
      if (high)
        {
          for (int i = 0; i < 16; i++)
            {
              unsigned char c = p[i];
              memcpy (o, v->rep[c], 4);
              o += v->replen[c];
            }
          continue;
        }
      int ctl = _mm_movemask_epi8 (_mm_or_si128 (_mm_cmplt_epi8 (x, space),
                                                 _mm_cmpeq_epi8 (x, del)));
      /* TAB without -T and newline without -E stay as they are.  */
      if (v->keep_tab)
        ctl &= ~_mm_movemask_epi8 (_mm_cmpeq_epi8 (x, _mm_set1_epi8 ('\t')));
      if (v->keep_nl)
        ctl &= ~_mm_movemask_epi8 (_mm_cmpeq_epi8 (x, _mm_set1_epi8 ('\n')));
      o += expand_half (v, o, x, ctl & 0xff);
      o += expand_half (v, o, _mm_srli_si128 (x, 8), ctl >> 8);
    }
  for (; p < q; p++)
    {
      unsigned char c = *p;
      memcpy (o, v->rep[c], 4);
      o += v->replen[c];
    }
  return o;
}

#else

struct fastvis *
fastvis_new (bool tabs, bool ends, char const (*rep)[4],
             unsigned char const *replen)
{
  (void) tabs, (void) ends, (void) rep, (void) replen;
  return NULL;
}

char *
fastvis_run (struct fastvis const *v, char *o, char const *p, char const *q)
{
  (void) v, (void) p, (void) q;
  abort ();
  return o;
}

#endif

void
fastvis_free (struct fastvis *v)
{
  free (v);
}
