/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* test-byteseq.c: unit tests of byteseq_find (byteseq.c) against a naive
   search: many random sequences of byte sets over an alphabet that makes
   every kind of probe (one byte, non-ASCII too; sets whose low nibbles
   differ; sets that need case folded; sets no probe can test), in texts
   shorter and longer than two vectors, with the sequence planted often,
   at the very end too.  The search must return the leftmost start.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engines/pcre2-literal.h"

/* A small pseudo-random generator: the same sequence on every machine.  */
static unsigned long state = 4242;
static int
rnd (int n)
{
  state = state * 1103515245 + 12345;
  return (state >> 16) % n;
}

static bool
at (struct byteseq const *s, unsigned char const *t)
{
  for (idx_t i = 0; i < s->len; i++)
    if (!byteseq_set_has (&s->set[i], t[i]))
      return false;
  return true;
}

static char const *
naive (struct byteseq const *s, char const *t, idx_t len)
{
  for (idx_t i = 0; i + s->len <= len; i++)
    if (at (s, (unsigned char const *) t + i))
      return t + i;
  return NULL;
}

int
main (void)
{
  /* 'a', 'q', 'A' and '!' share a low nibble; 'a' and 'A' differ in
     case only; 0xe9 and 0xc3 are not ASCII.  */
  static unsigned char const alpha[] = "aqA!bB xX_\xe9\xc3\n";
  int const nalpha = sizeof alpha - 1;
  int failures = 0, found = 0, unprobed = 0, folded = 0;
  int tables[BYTESEQ_PROBES + 1] = { 0 };
  for (int it = 0; it < 200000; it++)
    {
      struct byteseq_set set[9];
      struct byteseq s = { .set = set, .len = 2 + rnd (8) };
      for (idx_t i = 0; i < s.len; i++)
        {
          set[i] = (struct byteseq_set) { 0 };
          /* One byte in most places, in a third of sequences none.  */
          int n = it % 3 && rnd (3) ? 1 : 1 + rnd (BYTESEQ_SET_MAX);
          for (int j = 0; j < n; j++)
            byteseq_set_add (&set[i], alpha[rnd (nalpha)]);
        }
      if (!byteseq_prepare (&s, literal_byte_rank))
        {
          unprobed++;
          continue;
        }
      tables[s.tables]++;
      for (int k = 0; k < BYTESEQ_PROBES; k++)
        folded += s.probe[k].fold != 0;
      char text[300];
      idx_t len = it % 3 ? rnd (300) : rnd (70);
      for (idx_t i = 0; i < len; i++)
        text[i] = alpha[rnd (nalpha)];
      /* Plant the sequence in most texts, often at their very end.  */
      if (s.len <= len && rnd (3))
        {
          idx_t start = rnd (2) ? len - s.len : rnd (len - s.len + 1);
          for (idx_t i = 0; i < s.len; i++)
            text[start + i] = set[i].b[rnd (set[i].n)];
        }
      char const *want = naive (&s, text, len);
      char const *got = byteseq_find (&s, text, len);
      found += want != NULL;
      if (got != want && failures++ < 10)
        printf ("a sequence of %td places (%d table probes) in a text of"
                " %td bytes: found at %td, not %td\n", s.len, s.tables, len,
                got ? got - text : -1, want ? want - text : -1);
    }
  /* The test must exercise every kind of probe and find things.  */
  for (int k = 0; k <= BYTESEQ_PROBES; k++)
    if (tables[k] < 1000)
      {
        printf ("too few sequences with %d table probes: %d\n", k,
                tables[k]);
        failures++;
      }
  if (found < 50000 || unprobed < 100 || folded < 1000)
    {
      printf ("too few cases: %d found, %d without probes, %d probes with"
              " case folded\n", found, unprobed, folded);
      failures++;
    }
  return failures != 0;
}
