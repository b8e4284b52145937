/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* utf8chars.c: the C library's UTF-8 probed into a table per lead byte
   (see utf8chars.h).  The probe asks mbrlen about each byte alone, and
   about each lead byte with second bytes from each end of the
   continuation range 0x80..0xBF until it finds the first and the last
   valid one; where both make one length, the table holds that rule, and
   otherwise it sends the lead byte to mbrlen.  That the second bytes
   between are valid, later bytes 0x80..0xBF, and bytes below 0x80
   characters of their own, the probe takes as given:
   tests/unit/test-utf8chars.c checks each sequence of up to 4 bytes that
   mbrtowc reads to its end (those it decides sooner with sampled bytes
   after), and sampled 5- and 6-byte ones, against mbrtowc.  */

#include <config.h>

#include <stdint.h>
#include <string.h>
#include <wchar.h>

#include "engines/utf8chars.h"

/* mbrlen of S[0..N) from the initial state: the length, 1 for NUL, -1
   for an encoding error, -2 for a character cut short.  */
static int
library_len (char const *s, idx_t n)
{
  mbstate_t st = { 0 };
  size_t k = mbrlen (s, n, &st);
  if (k == (size_t) -2)
    return -2;
  if (k == 0)
    return 1;
  return k <= (size_t) n ? (int) k : -1;
}

/* The length of the form C B followed by continuation bytes FILL, as
   mbrlen says.  */
static int
form_len (unsigned char c, unsigned char b, unsigned char fill)
{
  /* Longer than any UTF-8 form glibc knows (6 bytes), so a valid
     start is never cut short.  */
  char s[8];
  s[0] = c;
  s[1] = b;
  memset (s + 2, fill, sizeof s - 2);
  return library_len (s, sizeof s);
}

/* The length of the form C B FILL..., or 0 if it is none, or
   UTF8CHARS_ASK if mbrlen's answer is not one the table can hold.  */
static int
probed_len (unsigned char c, unsigned char b, unsigned char fill)
{
  int k = form_len (c, b, fill);
  return k == -1 ? 0 : k == -2 || k == 1 ? UTF8CHARS_ASK : k;
}

/* The rule for the characters that start with the byte C (0x80 or
   above).  The first valid second byte is looked for from 0x80 up with
   the smallest later bytes (an overlong form is too small a value), the
   last from 0xBF down with the largest (a value past the library's
   greatest is too big); that the bytes between are valid too, and make
   the same length, is left to tests/unit/test-utf8chars.c.  So the probe
   makes about 340 calls, not the 8,000 of a full one: 6 us against 270
   (100 probes timed in a loop in C.UTF-8, glibc 2.36, 2026-12-06), where
   'grep x ONE-LINE-FILE' takes about 700 us in all and its two
   init_localeinfo already make 514 mbrtowc calls (callgrind: 89,000 of
   its 660,000 instructions are the probe's).  */
static struct utf8lead
probe_lead (unsigned char c)
{
  int lo = 0x80, hi = 0xbf, len = 0, k = 0;
  for (; lo <= hi && (len = probed_len (c, lo, 0x80)) == 0; lo++)
    continue;
  if (len == 0 || len == UTF8CHARS_ASK)
    return (struct utf8lead) { .len = len };
  for (; hi > lo && (k = probed_len (c, hi, 0xbf)) == 0; hi--)
    continue;
  if (hi > lo && k != len)
    return (struct utf8lead) { .len = UTF8CHARS_ASK };
  return (struct utf8lead) { .len = len, .lo = lo, .hi = hi };
}

void
utf8chars_probe (struct utf8chars *u)
{
  for (int c = 0; c < 0x80; c++)
    {
      u->lead[c] = (struct utf8lead) { .len = 1 };
      u->lone_error[c] = false;
    }
  for (int c = 0x80; c <= 0xff; c++)
    {
      char b = c;
      u->lone_error[c] = library_len (&b, 1) == -1;
      /* No character starts with a byte that is an error alone.  */
      u->lead[c] = (u->lone_error[c] ? (struct utf8lead) { .len = 0 }
                    : probe_lead (c));
    }
}

struct utf8chars const *
utf8chars_table (void)
{
  static struct utf8chars table;
  static bool probed;
  if (!probed)
    {
      utf8chars_probe (&table);
      probed = true;
    }
  return &table;
}

/* multibyte_len when the table's quick rule does not settle it: a lead
   byte for mbrlen, one that starts no character, a form cut short by
   the end or with a bad second byte.  Whether a form is cut short
   (mbrlen's -2) or bad (-1) is not told apart: glibc 2.36 calls the
   prefix of an overlong form or a surrogate (E0 80, ED A0, F8 80 80 80)
   incomplete and rejects it only when the whole form is there, which no
   caller needs to mimic (tests/unit/test-utf8chars.c found it).  */
static int
multibyte_len_slow (unsigned char const *s, idx_t n, struct utf8lead l)
{
  if (l.len != UTF8CHARS_ASK)
    return -1;
  int k = library_len ((char const *) s, n);
  return k < 0 ? -1 : k;
}

/* utf8chars_len for a byte 0x80 or above; inline in the loop of
   utf8chars_has_error.  */
static inline int
multibyte_len (struct utf8chars const *u, unsigned char const *s, idx_t n)
{
  struct utf8lead l = u->lead[s[0]];
  if (! (2 <= l.len && l.len <= n
         && (unsigned char) (s[1] - l.lo) <= (unsigned char) (l.hi - l.lo)))
    return multibyte_len_slow (s, n, l);
  for (int i = 2; i < l.len; i++)
    if ((s[i] & 0xc0) != 0x80)
      return -1;
  return l.len;
}

int
utf8chars_len (struct utf8chars const *u, char const *p, idx_t n)
{
  unsigned char const *s = (unsigned char const *) p;
  return s[0] < 0x80 ? 1 : multibyte_len (u, s, n);
}

/* Whether the 8 bytes at S are all ASCII.  */
static inline bool
ascii_word (unsigned char const *s)
{
  uint64_t w;
  memcpy (&w, s, sizeof w);
  return ! (w & 0x8080808080808080);
}

bool
utf8chars_has_error (struct utf8chars const *u, char const *p, idx_t n)
{
  unsigned char const *s = (unsigned char const *) p;
  for (idx_t i = 0; i < n; )
    if (s[i] < 0x80)
      {
        /* ASCII, most text, a word at a time once in a run of it.  */
        i++;
        while (i + 8 <= n && ascii_word (s + i))
          i += 8;
      }
    else
      {
        int k = multibyte_len (u, s + i, n - i);
        if (k < 0)
          return true;
        i += k;
      }
  return false;
}
