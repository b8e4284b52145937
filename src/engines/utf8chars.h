/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* utf8chars.h: what a character is in a UTF-8 locale, as the C library
   decides it (mbrlen, mbrtowc), which is what GNU grep follows: glibc
   2.36 takes the 4-byte forms past U+10FFFF (F4 90 80 80, F5..F7 leads)
   and the old 5- and 6-byte forms up to 0x7FFFFFFF, and rejects overlong
   forms and surrogates; RFC 3629 says otherwise on the first point.  A
   table per lead byte, probed from mbrlen once, answers for any byte
   sequence (tests/unit/test-utf8chars.c checks it against mbrtowc).
   Bytes only: callers say where lines start and end.  */

#ifndef GRABRAT_ENGINES_UTF8CHARS_H
#define GRABRAT_ENGINES_UTF8CHARS_H

#include <stdbool.h>

#include "idx.h"

/* How a character that starts with a given byte goes on.  */
struct utf8lead
{
  /* The character's length in bytes: 1 for a byte below 0x80, 0 if no
     character starts with this byte, UTF8CHARS_ASK if the table cannot
     say (the library's rule for it is not a range of second bytes, or its
     lengths differ): then mbrlen decides.  */
  signed char len;
  /* The second byte's range, when LEN is 2 or more; later bytes are
     0x80..0xBF.  */
  unsigned char lo, hi;
};

enum { UTF8CHARS_ASK = -1 };

struct utf8chars
{
  struct utf8lead lead[256];
  /* The bytes that are an encoding error by themselves (mbrlen of the
     byte alone says so, not that more must follow): grep's Pexecute
     skips them at a search position.  All are 0x80 or above.  */
  bool lone_error[256];
};

/* Fill *U by probing mbrlen in the current locale, which must have a
   UTF-8 LC_CTYPE.  About 340 calls, 6 us.  Thread-safe.  */
void utf8chars_probe (struct utf8chars *u);

/* The table of the current locale, probed on the first call, which
   must come before any other thread calls this (the table is read-only
   after, and lives until exit).  */
struct utf8chars const *utf8chars_table (void);

/* The length of the character at P[0..N) (N > 0), a NUL byte counting
   1; -1 if no character starts there within N bytes (an encoding error,
   or one cut short: glibc tells these apart only late, see
   utf8chars.c).  */
int utf8chars_len (struct utf8chars const *u, char const *p, idx_t n);

/* Whether P[0..N) holds an encoding error or ends inside a character:
   what grep's buf_has_encoding_errors says of it.  ASCII goes by a word
   at a time.  */
bool utf8chars_has_error (struct utf8chars const *u, char const *p,
                          idx_t n);

#endif
