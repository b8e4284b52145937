/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* pcre2-literal.h: a literal string every match of a PCRE2 pattern must
   contain (searched for by literal.h).  Lines without it cannot match, so
   the engine skips them without running the regex: for "\w+_RESUME" it
   looks for "_RESUME" with memchr on its rarest byte.  Also the
   sequence of small byte sets every match holds, which simple classes
   make longer than the literal ('[how] to': see byteseq.h).  Knows PCRE2
   syntax (conservatively) and bytes, nothing else.  */

#ifndef GRABRAT_ENGINES_PCRE2_LITERAL_H
#define GRABRAT_ENGINES_PCRE2_LITERAL_H

#include <stdbool.h>

#include "engines/byteseq.h"
#include "engines/literal.h"
#include "idx.h"


/* Find a literal that every match of the N-byte pattern P contains (P is
   taken as a literal string itself if LITERAL).  ICASE: the pattern is
   caseless; UTF8: it is compiled in UTF mode.  Return true and fill *L if
   one worth using was found.  */
bool pcre2_required_literal (char const *p, idx_t n, bool literal,
                             bool icase, bool utf8, struct literal *l);

/* As pcre2_required_literal (never LITERAL), but a literal of one byte
   will do: not worth a prefilter for speed, but one that keeps PCRE2
   from lines that cannot match (see engine-pcre2.c's choose_prefilter).  */
bool pcre2_required_byte (char const *p, idx_t n, bool icase, bool utf8,
                          struct literal *l);

/* Find the longest sequence of byte sets that every match of the N-byte
   pattern P holds at consecutive bytes: plain characters and classes of
   at most BYTESEQ_SET_MAX ASCII bytes, with both cases if ICASE; for a
   top-level alternation of such runs of one length, their union at each
   place.  Return true and fill *S (ready for byteseq_find) if it has two
   places or more.  */
bool pcre2_required_byteseq (char const *p, idx_t n, bool icase, bool utf8,
                             struct byteseq *s);

#endif
