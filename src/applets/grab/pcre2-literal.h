/* pcre2-literal.h: a literal string every match of a PCRE2 pattern must
   contain, and a fast search for it.  Lines without it cannot match, so
   the engine skips them without running the regex: for "\w+_RESUME" it
   looks for "_RESUME" with memchr on its rarest byte.  Knows PCRE2 syntax
   (conservatively) and bytes, nothing else.  */

#ifndef GRABRAT_GRAB_PCRE2_LITERAL_H
#define GRABRAT_GRAB_PCRE2_LITERAL_H

#include <stdbool.h>

#include "idx.h"

struct literal
{
  char *bytes;  /* malloc'd */
  idx_t len;
  idx_t rare;   /* index of the byte to look for first, or -1 if every
                   byte is a letter in a caseless literal */
  bool icase;   /* compare ASCII letters without case */
  idx_t rare2;  /* index of the next rarest byte (not a letter if caseless),
                   looked for together with RARE; RARE if there is none
                   (last, so that initializers by position leave it 0) */
};

/* Find a literal that every match of the N-byte pattern P contains (P is
   taken as a literal string itself if LITERAL).  ICASE: the pattern is
   caseless; UTF8: it is compiled in UTF mode.  Return true and fill *L if
   one worth using was found.  */
bool pcre2_required_literal (char const *p, idx_t n, bool literal,
                             bool icase, bool utf8, struct literal *l);

/* Set L->rare for L's bytes, len and icase: the index of its rarest byte
   in text, or -1 if every byte is a letter of a caseless literal; and
   L->rare2.  */
void literal_set_rare (struct literal *l);

/* The first occurrence of L in BUF[0..LEN), or NULL.  L->rare must not
   be -1.  */
char const *literal_find (struct literal const *l, char const *buf,
                          idx_t len);

void literal_free (struct literal *l);

#endif
