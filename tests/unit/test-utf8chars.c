/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* test-utf8chars.c: the UTF-8 table of utf8chars.c against the C
   library's mbrtowc, so that a libc that changes its mind (on the forms
   past U+10FFFF, the 5- and 6-byte forms, surrogates) is caught here.  In
   each UTF-8 locale there is (C.UTF-8, en_US.UTF-8):
   - every byte sequence of up to 4 bytes that mbrtowc reads to its end
     (it is undecided on each shorter prefix), and each one it decides
     sooner followed by a sample of bytes: utf8chars_len and
     utf8chars_has_error must say what mbrtowc says;
   - the 5- and 6-byte leads with each second byte, and each byte at each
     later place (the others continuation bytes), at every length;
   - the lone errors: mbrtowc rejects the byte alone;
   - random mixes of ASCII runs and forms, for has_error's word-at-a-time
     skip;
   - the same with a table that sends every lead byte to mbrlen (the
     fallback for rules the table cannot hold).  */

#include <config.h>

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "engines/utf8chars.h"

static long failures;

/* mbrtowc's answer for S[0..N): a length (1 for NUL), -1 (an encoding
   error) or -2 (cut short).  */
static int
ref_len (unsigned char const *s, idx_t n)
{
  wchar_t wc;
  mbstate_t st = { 0 };
  size_t k = mbrtowc (&wc, (char const *) s, n, &st);
  if (k == (size_t) -1)
    return -1;
  if (k == (size_t) -2)
    return -2;
  if (k == (size_t) -3 || (size_t) n < k)
    abort ();
  return k == 0 ? 1 : (int) k;
}

static bool
ref_has_error (unsigned char const *s, idx_t n)
{
  for (idx_t i = 0; i < n; )
    {
      int k = ref_len (s + i, n - i);
      if (k < 0)
        return true;
      i += k;
    }
  return false;
}

static void
report (char const *what, unsigned char const *s, idx_t n, int want,
        int got)
{
  if (100 <= ++failures)
    return;
  printf ("%s in %s:", what, setlocale (LC_CTYPE, NULL));
  for (idx_t i = 0; i < n; i++)
    printf (" %02x", s[i]);
  printf (": mbrtowc %d, table %d\n", want, got);
}

/* Compare the table U with mbrtowc on S[0..N); return mbrtowc's length
   (0 if N is 0).  */
static int
check (struct utf8chars const *u, unsigned char const *s, idx_t n)
{
  int want = n ? ref_len (s, n) : 0;
  int got = n ? utf8chars_len (u, (char const *) s, n) : 0;
  /* utf8chars_len does not tell -1 from -2 (utf8chars.h).  */
  if (want != got && ! (want < 0 && got == -1))
    report ("length", s, n, want, got);
  bool e = ref_has_error (s, n);
  bool f = utf8chars_has_error (u, (char const *) s, n);
  if (e != f)
    report ("has_error", s, n, e, f);
  return want;
}

/* Bytes that stand for all after a decided prefix: ASCII, NUL, each
   end of the continuation range, leads, FE and FF.  */
static unsigned char const after[] = {
  0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc2, 0xe0,
  0xf4, 0xf8, 0xfc, 0xfe, 0xff
};

/* Every extension of S[0..N) to at most DEPTH bytes; mbrtowc was
   undecided on S.  A sequence it decides before its last byte is
   followed by a sample of bytes (the walk of a 4-byte form is most of the
   time already).  */
static void
walk (struct utf8chars const *u, unsigned char *s, idx_t n, idx_t depth)
{
  for (int b = 0; b < 256; b++)
    {
      s[n] = b;
      int k = check (u, s, n + 1);
      if (k == -2 && n + 1 < depth)
        walk (u, s, n + 1, depth);
      else if (k != -2 && n + 1 < depth)
        for (size_t j = 0; j < sizeof after; j++)
          {
            s[n + 1] = after[j];
            check (u, s, n + 2);
          }
    }
}

/* The leads of 5- and 6-byte forms (any lead whose 4-byte prefixes
   mbrtowc leaves undecided), sampled.  */
static void
long_forms (struct utf8chars const *u)
{
  unsigned char s[8];
  for (int c = 0x80; c < 256; c++)
    for (int fill = 0x80; fill <= 0xbf; fill += 0x3f)
      {
        s[0] = c;
        memset (s + 1, fill, sizeof s - 1);
        if (ref_len (s, 4) != -2)
          continue;
        for (int b = 0; b < 256; b++)
          {
            s[1] = b;
            for (idx_t n = 1; n <= 7; n++)
              check (u, s, n);
          }
        for (int at = 2; at < 6; at++)
          for (int x = 0; x < 256; x++)
            {
              memset (s + 1, fill, sizeof s - 1);
              s[1] = fill == 0x80 ? 0x90 : 0xbf;   /* never overlong */
              s[at] = x;
              for (idx_t n = at + 1; n <= 7; n++)
                check (u, s, n);
            }
      }
}

/* A small pseudo-random generator: the same sequence on every machine.  */
static unsigned long state = 2718;
static int
rnd (int n)
{
  state = state * 1103515245 + 12345;
  return (state >> 16) % n;
}

/* Random texts of ASCII runs (longer than a word) and forms, cut
   anywhere.  */
static void
mixes (struct utf8chars const *u)
{
  static char const *const forms[] = {
    "\303\251", "\342\202\254", "\360\237\230\200", "\364\220\200\200",
    "\367\277\277\277", "\370\210\200\200\200", "\375\277\277\277\277\277",
    "\300\200", "\355\240\200", "\374\203\277\277\277\277", "\376", "\200",
  };
  unsigned char t[128];
  for (int round = 0; round < 200000; round++)
    {
      idx_t n = 0;
      while (n < 100)
        {
          if (rnd (2))
            for (int k = rnd (20); 0 < k; k--)
              t[n++] = 'a' + rnd (26);
          else
            {
              char const *f = forms[rnd (sizeof forms / sizeof *forms)];
              n = stpcpy ((char *) t + n, f) - (char *) t;
            }
        }
      check (u, t, rnd (n + 1));
    }
}

/* Test U: walk every sequence of up to DEPTH bytes.  */
static void
test_table (struct utf8chars const *u, idx_t depth)
{
  unsigned char s[8];
  walk (u, s, 0, depth);
  long_forms (u);
  mixes (u);
  for (int c = 0; c < 256; c++)
    {
      s[0] = c;
      if (u->lone_error[c] != (ref_len (s, 1) == -1))
        report ("lone_error", s, 1, ref_len (s, 1), u->lone_error[c]);
    }
}

int
main (void)
{
  static char const *const locales[] = {
    "C.UTF-8", "en_US.UTF-8"
  };
  int tested = 0;
  for (size_t i = 0; i < sizeof locales / sizeof *locales; i++)
    {
      if (!setlocale (LC_ALL, locales[i]) || MB_CUR_MAX < 4)
        continue;
      struct utf8chars u;
      utf8chars_probe (&u);
      int asks = 0;
      for (int c = 0; c < 256; c++)
        asks += u.lead[c].len == UTF8CHARS_ASK;
      if (asks)
        printf ("%s: %d lead bytes the table cannot hold\n", locales[i],
                asks);
      test_table (&u, 4);
      /* The fallback, to 3 bytes: it is mbrlen itself.  */
      for (int c = 0x80; c < 256; c++)
        if (!u.lone_error[c])
          u.lead[c].len = UTF8CHARS_ASK;
      test_table (&u, 3);
      tested++;
    }
  if (!tested)
    {
      puts ("no UTF-8 locale: skipped");
      return 77;
    }
  if (failures)
    printf ("%ld failures\n", failures);
  return failures != 0;
}
