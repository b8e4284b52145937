/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* wordchar.c: grep's word constituents (see wordchar.h).  GNU grep 3.8
   decides them this way in searchutils.c: a byte the locale calls a
   single-byte character is looked up in a table; the lead byte of a
   multibyte character has it decoded; an encoding error is not a word
   constituent, and neither is a continuation byte that no valid lead
   byte before it claims.  */

#include <config.h>

#include <string.h>
#include <wchar.h>
#include <wctype.h>

#include "engines/wordchar.h"

static bool
word_wc (wint_t wc)
{
  return wc == L'_' || iswalnum (wc);
}

void
wordchar_init (struct wordchars *w, struct localeinfo const *li)
{
  w->li = li;
  for (int b = 0; b < 256; b++)
    w->sb[b] = word_wc (li->sbctowc[b]);
}

bool
wordchar_at (struct wordchars const *w, char const *p, char const *end)
{
  if (end <= p)
    return false;
  unsigned char b = *p;
  if (w->sb[b])
    return true;
  if (w->li->sbclen[b] != -2)
    return false;
  wchar_t wc = 0;
  mbstate_t st = { 0 };
  size_t n = mbrtowc (&wc, p, end - p, &st);
  return n <= (size_t) (end - p) && word_wc (wc);
}

/* The start of the character that holds the byte at Q, in a UTF-8 line
   that starts at BEG and ends at END.  glibc's characters take up to 6
   bytes (utf8chars.h), so the lead byte may be 5 back; those past
   U+10FFFF are no word constituents, but neither is a continuation byte
   alone, so a shorter look-back would give the same answer
   (tests/grep/utf8-forms.sh, -w).  */
static char const *
utf8_char_start (char const *beg, char const *q, char const *end)
{
  if ((*q & 0xc0) != 0x80)
    return q;
  for (int i = 1; i <= 5 && beg <= q - i; i++)
    {
      unsigned char lead = q[-i];
      if ((lead & 0xc0) == 0x80)
        continue;
      /* A lead byte whose sequence reaches Q, and is valid, holds Q.  */
      if ((~lead & 0xff) >> (7 - i) == 0)
        {
          mbstate_t st = { 0 };
          size_t n = mbrlen (q - i, end - (q - i), &st);
          if (n <= (size_t) (end - (q - i)))
            return q - i;
        }
      return q;
    }
  return q;
}

/* The same in another multibyte encoding: scan from BEG.  */
static char const *
mb_char_start (struct wordchars const *w, char const *beg, char const *q,
               char const *end)
{
  mbstate_t st = { 0 };
  char const *p = beg, *p0 = beg;
  do
    {
      ptrdiff_t n = w->li->sbclen[(unsigned char) *p];
      if (n == -2)
        {
          size_t l = mbrlen (p, end - p, &st);
          n = l <= (size_t) (end - p) ? (ptrdiff_t) l : -1;
        }
      if (n <= 0)
        {
          n = 1;
          memset (&st, 0, sizeof st);
        }
      p0 = p;
      p += n;
    }
  while (p < q);
  return p == q ? q : p0;
}

bool
wordchar_before (struct wordchars const *w, char const *beg, char const *cur,
                 char const *end)
{
  if (cur <= beg)
    return false;
  char const *q = cur - 1;
  unsigned char b = *q;
  if (!w->li->multibyte || (w->li->using_utf8 && b < 0x80))
    return w->sb[b];
  char const *start = (w->li->using_utf8 ? utf8_char_start (beg, q, end)
                       : mb_char_start (w, beg, q, end));
  return wordchar_at (w, start, end);
}
