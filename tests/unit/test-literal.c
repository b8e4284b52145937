/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* test-literal.c: unit tests of literal_find (pcre2-literal.c) against a
   naive search: over many random literals and texts drawn from a small
   alphabet (so that literals occur, overlap, and end at the very end of
   the text, and pairs of their rarest bytes occur without them), with and
   without case, in texts shorter and longer than the vectors of its
   packed pair search; the search must return the leftmost start.  And
   literal_find_nul on the same texts with NULs put in: the first of a
   NUL and the literal.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c-ctype.h"
#include "minmax.h"

#include "engines/pcre2-literal.h"

/* A small pseudo-random generator: the same sequence on every machine.  */
static unsigned long state = 12345;
static int
rnd (int n)
{
  state = state * 1103515245 + 12345;
  return (state >> 16) % n;
}

static char const *
naive (char const *t, idx_t len, char const *lit, idx_t n, bool icase)
{
  for (idx_t s = 0; s + n <= len; s++)
    {
      idx_t i = 0;
      while (i < n && (icase ? c_tolower (t[s + i]) == c_tolower (lit[i])
                       : t[s + i] == lit[i]))
        i++;
      if (i == n)
        return t + s;
    }
  return NULL;
}

int
main (void)
{
  /* Letters, and bytes one bit 0x20 away from letters or from each
     other ('@' and '`', '[' and '{'), which a caseless pair compares
     with that bit set.  */
  static char const alpha[] = "aAb r_x-@`[{zZ";
  int failures = 0, pairs = 0, found = 0, nuls = 0;
  for (int it = 0; it < 300000; it++)
    {
      char text[400], lit[9];
      idx_t len = it % 3 ? rnd (400) : rnd (48);
      idx_t n = 2 + rnd (7);
      bool icase = rnd (4) == 0;
      for (idx_t i = 0; i < len; i++)
        text[i] = alpha[rnd (sizeof alpha - 1)];
      for (idx_t i = 0; i < n; i++)
        lit[i] = alpha[rnd (sizeof alpha - 1)];
      /* Put the literal in most texts, often at their very end.  */
      if (n <= len && rnd (3))
        {
          idx_t at = rnd (2) ? len - n : rnd (len - n + 1);
          memcpy (text + at, lit, n);
          /* Without case: in some other case.  */
          for (idx_t i = 0; icase && i < n; i++)
            if (c_isalpha (text[at + i]) && rnd (2))
              text[at + i] ^= 0x20;
        }
      struct literal l = { .bytes = lit, .len = n, .icase = icase };
      literal_set_rare (&l);
      if (l.rare < 0)
        continue;
      pairs += l.rare2 != l.rare;
      char const *want = naive (text, len, lit, n, icase);
      char const *got = literal_find (&l, text, len);
      found += want != NULL;
      if (got != want && failures++ < 10)
        printf ("literal '%.*s'%s in a text of %td bytes: found at %td,"
                " not %td\n", (int) n, lit, icase ? " without case" : "",
                len, got ? got - text : -1, want ? want - text : -1);
      /* literal_find_nul: the same text with NULs put in some, at any
         place (in the literal's copies, before the rarest byte's place,
         in the last bytes), must give the first of NUL and literal.  */
      for (int k = rnd (3) ? rnd (3) : 0; 0 < k && 0 < len; k--)
        text[rnd (4) ? rnd (len) : len - 1 - rnd (MIN (len, 8))] = '\0';
      want = naive (text, len, lit, n, icase);
      char const *z = memchr (text, '\0', len);
      if (z && (!want || z < want))
        want = z;
      nuls += z != NULL;
      got = literal_find_nul (&l, text, len);
      if (got != want && failures++ < 10)
        printf ("literal '%.*s'%s or NUL in a text of %td bytes: found at"
                " %td, not %td\n", (int) n, lit,
                icase ? " without case" : "", len, got ? got - text : -1,
                want ? want - text : -1);
    }
  /* The test must exercise both searches and find things.  */
  if (pairs < 100000 || found < 100000 || nuls < 50000)
    {
      printf ("too few cases: %d with pairs, %d found, %d with NULs\n",
              pairs, found, nuls);
      failures++;
    }
  return failures != 0;
}
