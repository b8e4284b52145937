/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* fuzz-litset.c: grab's literal set (litset.c: Wu and Manber's shift
   table over byte pairs, the bitmap of pairs that start literals, the
   caseless and KELVIN SIGN / LONG S spellings; on a CPU with AVX2, a set
   of fewer than 64 is searched by teddy.c instead) against a naive
   search that tries every literal at every offset.

   Input: byte 0 says whether the literals ignore case and whether the set
   is caseless UTF-8 (k and s also spelled U+212A and U+017F); byte 1 how
   many literals; then, for each literal, a length byte and its bytes;
   the rest is the text.  Bytes stand for letters of a small alphabet so
   that literals occur, overlap and end at the text's end.

   Sources: src/engines/litset src/engines/pcre2-literal src/engines/literal
   Sources: src/engines/teddy
   Sources: src/engines/byteseq
*/

#include <config.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engines/litset.h"

static char const alphabet[] = "abkKsSx_\n\xe2\x84\xaa\xc5\xbf\0";

/* Whether byte T matches literal byte L, with ASCII case ignored.  */
static bool
byte_eq (char t, char l, bool icase)
{
  if (icase && 'A' <= (t & ~0x20) && (t & ~0x20) <= 'Z'
      && (t | 0x20) == (l | 0x20))
    return true;
  return t == l;
}

/* The length of the text at T[0..N) that spells literal byte C (ignoring
   case if ICASE; also as U+212A or U+017F if WIDE and C is k or s), or
   0.  */
static size_t
spell (char const *t, size_t n, char c, bool icase, bool wide)
{
  if (1 <= n && byte_eq (t[0], c, icase))
    return 1;
  if (wide && (c | 0x20) == 'k' && 3 <= n && memcmp (t, "\xe2\x84\xaa", 3) == 0)
    return 3;
  if (wide && (c | 0x20) == 's' && 2 <= n && memcmp (t, "\xc5\xbf", 2) == 0)
    return 2;
  return 0;
}

static bool
occurs_at (char const *t, size_t n, struct literal const *l, bool icase,
           bool wide)
{
  size_t i = 0;
  for (idx_t j = 0; j < l->len; j++)
    {
      size_t k = spell (t + i, n - i, l->bytes[j], icase, wide);
      if (!k)
        return false;
      i += k;
    }
  return true;
}

int LLVMFuzzerTestOneInput (uint8_t const *data, size_t size);

int
LLVMFuzzerTestOneInput (uint8_t const *data, size_t size)
{
  if (size < 2)
    return 0;
  bool icase = data[0] & 1, wide = data[0] & 2;
  idx_t n = data[1] % 64 + 1;
  size_t i = 2;
  struct literal l[64];
  char bytes[64][16];
  idx_t got = 0;
  for (; got < n && i < size; got++)
    {
      idx_t len = data[i++] % 16 + 1;
      for (idx_t j = 0; j < len; j++)
        bytes[got][j] = alphabet[(i < size ? data[i++] : j) % 10];
      l[got] = (struct literal) { bytes[got], len, 0, icase && got == 0 };
    }
  /* The caseless UTF-8 spellings only come with caseless sets.  */
  wide = wide && icase;
  struct litset *s = litset_new (l, got, wide);
  if (!s)
    return 0;
  size_t tlen = size - i;
  char *text = malloc (tlen + 1);
  size_t t = 0;
  for (; i < size; i++)
    {
      char const *a = alphabet + data[i] % (sizeof alphabet - 1);
      size_t k = (unsigned char) *a == 0xe2 ? 3 : (unsigned char) *a == 0xc5 ? 2 : 1;
      if (t + k > tlen)
        break;
      memcpy (text + t, a, k);
      t += k;
    }
  /* One caseless literal makes the whole set caseless (litset.h).  */
  char const *want = NULL;
  for (size_t p = 0; p < t && !want; p++)
    for (idx_t k = 0; k < got && !want; k++)
      if (occurs_at (text + p, t - p, &l[k], icase, wide))
        want = text + p;
  char const *found = litset_find (s, text, t);
  if (found != want)
    {
      fprintf (stderr, "MISMATCH: litset_find gives %td, naive %td "
               "(icase=%d wide=%d, %td literals, text of %zu bytes)\n",
               found ? found - text : (ptrdiff_t) -1,
               want ? want - text : (ptrdiff_t) -1, icase, wide, got, t);
      for (idx_t k = 0; k < got; k++)
        fprintf (stderr, "literal %td: '%.*s'\n", k, (int) l[k].len,
                 l[k].bytes);
      abort ();
    }
  litset_free (s);
  free (text);
  return 0;
}
