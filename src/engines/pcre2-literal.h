/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* pcre2-literal.h: a literal string every match of a PCRE2 pattern must
   contain, and a fast search for it.  Lines without it cannot match, so
   the engine skips them without running the regex: for "\w+_RESUME" it
   looks for "_RESUME" with memchr on its rarest byte.  Also the
   sequence of small byte sets every match holds, which simple classes
   make longer than the literal ('[how] to': see byteseq.h).  Knows PCRE2
   syntax (conservatively) and bytes, nothing else.  */

#ifndef GRABRAT_GRAB_PCRE2_LITERAL_H
#define GRABRAT_GRAB_PCRE2_LITERAL_H

#include <stdbool.h>

#include "engines/byteseq.h"
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

/* Find a literal that every match of the N-byte pattern P contains (P is
   taken as a literal string itself if LITERAL).  ICASE: the pattern is
   caseless; UTF8: it is compiled in UTF mode.  Return true and fill *L if
   one worth using was found.  */
bool pcre2_required_literal (char const *p, idx_t n, bool literal,
                             bool icase, bool utf8, struct literal *l);

/* Find the longest sequence of byte sets that every match of the N-byte
   pattern P holds at consecutive bytes: plain characters and classes of
   at most BYTESEQ_SET_MAX ASCII bytes, with both cases if ICASE; for a
   top-level alternation of such runs of one length, their union at each
   place.  Return true and fill *S (ready for byteseq_find) if it has two
   places or more.  */
bool pcre2_required_byteseq (char const *p, idx_t n, bool icase, bool utf8,
                             struct byteseq *s);

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

void literal_free (struct literal *l);

#endif
