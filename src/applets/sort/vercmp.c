/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* vercmp.c: -V's order, as GNU sort 9.1 has it, on top of gnulib's
   filenvercmp.

   filenvercmp compares the names' prefixes first, each name without its
   suffix (the longest tail matching (\.[A-Za-z~][A-Za-z0-9~]*)*), and the
   whole names on a tie.  The gnulib that coreutils 9.1 bundles (2022) lets
   the suffix be the whole name; Debian's gnulib package (2023, the one
   ./bootstrap takes) never takes a nonempty name whole.  The two differ
   only for names made of suffixes alone (".e1", ".a.b"), which start with
   '.': 9.1 sees an empty prefix there.  So GNU sort 9.1 -V puts ".e1"
   before ".5" (prefix "" against ".5") where the newer rule puts it after
   (".e1" against ".5": a letter is before a '.').

   Only those names need help, and only against each other or another name
   starting with '.' (filenvercmp orders a '.' name before any other first,
   and ".", ".." first of all): against a name with a prefix, the empty
   prefix is smaller (its first byte, '.', orders above the end); between
   two, 9.1 compares the whole names, which is what filenvercmp does with
   the same letter put before both (a one-letter prefix on each side, equal,
   then the whole names, whose comparison a common first letter does not
   change).  tests/sort/version-order.sh compares with GNU sort.  */

#include <config.h>

#include <stdbool.h>
#include <string.h>

#include "c-ctype.h"
#include "filevercmp.h"
#include "xalloc.h"

#include "vercmp.h"

/* Whether S[0..N) is made of suffixes alone: nonempty and matching
   (\.[A-Za-z~][A-Za-z0-9~]*)+.  */
static bool
all_suffix (char const *s, idx_t n)
{
  idx_t i = 0;
  while (i < n)
    {
      if (! (s[i] == '.' && i + 1 < n
             && (c_isalpha (s[i + 1]) || s[i + 1] == '~')))
        return false;
      for (i += 2; i < n && (c_isalnum (s[i]) || s[i] == '~'); i++)
        continue;
    }
  return 0 < n;
}

/* Whether S[0..N) is "." or "..", which filenvercmp orders on its own.  */
static bool
dot_or_dotdot (char const *s, idx_t n)
{
  return n == 1 || (n == 2 && s[1] == '.');
}

/* filenvercmp of A and B with the letter 'x' put before each.  */
static int
whole_compare (char const *a, idx_t alen, char const *b, idx_t blen)
{
  char stack[256];
  idx_t size = alen + blen + 2;
  char *buf = size <= (idx_t) sizeof stack ? stack : ximalloc (size);
  char *xa = buf, *xb = buf + alen + 1;
  xa[0] = xb[0] = 'x';
  memcpy (xa + 1, a, alen);
  memcpy (xb + 1, b, blen);
  int diff = filenvercmp (xa, alen + 1, xb, blen + 1);
  if (buf != stack)
    free (buf);
  return diff;
}

int
sort_vercmp (char const *a, idx_t alen, char const *b, idx_t blen)
{
  if (0 < alen && 0 < blen && a[0] == '.' && b[0] == '.'
      && !dot_or_dotdot (a, alen) && !dot_or_dotdot (b, blen))
    {
      bool wa = all_suffix (a, alen), wb = all_suffix (b, blen);
      if (wa || wb)
        return wa && wb ? whole_compare (a, alen, b, blen) : wb - wa;
    }
  return filenvercmp (a, alen, b, blen);
}
