/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* teddy.h: a packed search for a few strings at once (Teddy, after
   Hyperscan's): for each place of 32 text bytes at a time, two shuffles
   per byte say which groups of strings could start there by their first
   bytes, and only those strings are compared.  litset.c uses it for its
   smaller sets, where its shift tables skip little.  Knows bytes,
   nothing else; immutable once built, so threads share it.  */

#ifndef GRABRAT_ENGINES_TEDDY_H
#define GRABRAT_ENGINES_TEDDY_H

#include <stdbool.h>

#include "idx.h"

/* The most strings, and the fewest bytes in each, a Teddy takes.  */
enum { TEDDY_MAX = 64, TEDDY_MIN_LEN = 3 };

struct teddy;

/* A Teddy for the N strings S[I] of LENS[I] bytes (copied), each at least
   TEDDY_MIN_LEN long; if ICASE, S is in lower case and the text's ASCII
   letters are compared without case.  NULL if N is over TEDDY_MAX or
   this CPU lacks the vectors (AVX2).  */
struct teddy *teddy_new (char *const *s, idx_t const *lens, idx_t n,
                         bool icase);

/* Where the leftmost occurrence of a string of T in BUF[0..LEN) starts,
   or NULL.  */
char const *teddy_find (struct teddy const *t, char const *buf, idx_t len);

void teddy_free (struct teddy *t);

#endif
