/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* litset.h: a set of literal strings and a search for the leftmost place
   where any of them starts, for many patterns at once (grab -f WORDS):
   Wu and Manber's shift table over pairs of bytes.  The PCRE2 engine
   uses it as a prefilter: a line that holds none of its patterns'
   required literals cannot match.  Knows bytes, nothing else.  Immutable
   once built, so threads share it.  */

#ifndef GRABRAT_ENGINES_LITSET_H
#define GRABRAT_ENGINES_LITSET_H

#include <stdbool.h>

#include "idx.h"
#include "engines/literal.h"

struct litset;

/* A set of the N literals L (copied), or NULL if a search for them would
   not pay: see LITSET_MIN in litset.c.  If any literal ignores case, all
   are looked for without ASCII case (a prefilter may find too much, never
   too little).  WIDE_KS: the literals come from a caseless UTF-8 pattern,
   where 'k' and 's' also match U+212A KELVIN SIGN and U+017F LATIN SMALL
   LETTER LONG S: the set holds each such spelling too (NULL if that makes
   too many).  */
struct litset *litset_new (struct literal const *l, idx_t n, bool wide_ks);

/* Where the leftmost occurrence of a literal of S in BUF[0..LEN) starts,
   or NULL if there is none.  */
char const *litset_find (struct litset const *s, char const *buf, idx_t len);

/* Whether S searches with a Teddy (teddy.h), which outruns PCRE2's JIT
   scan for a pattern's first bytes unless there is only one.  */
bool litset_packed (struct litset const *s);

/* The number of literals S was made of, for --debug.  */
idx_t litset_count (struct litset const *s);

void litset_free (struct litset *s);

/* Whether the locale's toupper and tolower change only ASCII letters,
   to ASCII letters: then a caseless set finds what the locale's byte
   folding finds (not in Latin-1, whose accented letters fold, nor in a
   Turkish locale, whose 'i' folds to a byte outside ASCII).  */
bool litset_ascii_folding (void);

#endif
