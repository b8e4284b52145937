/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* literal.h: a literal string (exact, or without ASCII case) and a fast
   search for it: a packed pair of its two rarest bytes where the CPU has
   vectors, else memchr on its rarest byte.  Bytes only; pcre2-literal.h
   finds the literal a pattern requires, engine-fixed.c and litset.c
   search strings of their own.  */

#ifndef GRABRAT_ENGINES_LITERAL_H
#define GRABRAT_ENGINES_LITERAL_H

#include <stdbool.h>
#include <string.h>

#include "c-ctype.h"
#include "idx.h"

struct literal
{
  char *bytes;  /* malloc'd */
  idx_t len;
  idx_t rare;   /* index of the byte to look for first, or -1 if every
                   byte is a letter in a caseless literal of one byte
                   (or of any length, where there is no packed pair) */
  bool icase;   /* compare ASCII letters without case */
  idx_t rare2;  /* index of the next rarest byte, looked for together with
                   RARE (both cases of a caseless literal's letter); RARE
                   if there is none (last, so that initializers by
                   position leave it 0).  Where RARE2 is RARE, RARE is
                   not a letter of a caseless literal */
};

/* Whether the N bytes at A and B are equal, ASCII letters without case
   if ICASE.  */
static inline bool
literal_eq (char const *a, char const *b, idx_t n, bool icase)
{
  if (!icase)
    return memcmp (a, b, n) == 0;
  for (idx_t i = 0; i < n; i++)
    if (c_tolower (a[i]) != c_tolower (b[i]))
      return false;
  return true;
}

/* How frequent byte C is in source code and text: 0 for the rarest,
   higher for more frequent.  */
int literal_byte_rank (unsigned char c);

/* Set L->rare for L's bytes, len and icase: the index of its rarest byte
   in text, or -1 if every byte is a letter of a caseless literal that
   has no pair; and L->rare2.  */
void literal_set_rare (struct literal *l);

/* The first occurrence of L in BUF[0..LEN), or NULL.  L->rare must not
   be -1.  */
char const *literal_find (struct literal const *l, char const *buf,
                          idx_t len);

/* The first occurrence of L or NUL byte in BUF[0..LEN), whichever comes
   first, or NULL: in one pass where literal_find has its packed pair,
   for grep's binary rule.  L must hold no NUL.  */
char const *literal_find_nul (struct literal const *l, char const *buf,
                              idx_t len);

void literal_free (struct literal *l);

#endif
