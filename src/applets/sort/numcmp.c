/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* numcmp.c: numbers and month names in sort keys (see numcmp.h).
   -n and -h parse a decimal string once and compare digit by digit, so
   numbers of any length compare exactly; this is the same order as GNU
   sort's strnumcmp, including which bytes it takes for the decimal point
   and the thousands separator.  -g converts with strtold as GNU sort
   does.  */

#include <config.h>

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numcmp.h"

static inline bool
is_digit (char c)
{
  return (unsigned int) to_uchar (c) - '0' <= 9;
}

/* strnumcmp compares the unsigned byte with the int THOUSANDS_SEP and
   with DECIMAL_POINT promoted from char.  So byte 0x80 counts as a
   separator in locales without one (NON_CHAR is 0x80), a separator byte
   above 0x7f never matches, nor does such a decimal point.  GNU sort
   9.1 behaves so; we keep it for identical output.  */
static inline bool
num_sep (struct sort_opts const *o, char c)
{
  return to_uchar (c) == o->thousands_sep;
}

static inline bool
num_point (struct sort_opts const *o, char c)
{
  return to_uchar (c) == o->decimal_point;
}

/* GNU sort's scan for the unit of -h (and for --debug) compares the byte
   as a char instead: the reverse quirks.  */
static inline bool
raw_sep (struct sort_opts const *o, char c)
{
  return c == o->thousands_sep;
}

/* The order of magnitude of each unit letter (GNU sort 9.1's table).  */
static signed char const unit_order[UCHAR_MAX + 1] = {
  ['K'] = 1, ['k'] = 1, ['M'] = 2, ['G'] = 3, ['T'] = 4, ['P'] = 5,
  ['E'] = 6, ['Z'] = 7, ['Y'] = 8,
};

/* A decimal number as -n reads it.  */
struct num
{
  char const *digits;    /* the first significant integer digit */
  char const *int_end;   /* end of the integer part (digits, separators) */
  char const *frac;      /* the first fraction digit */
  char const *frac_end;  /* just past the last nonzero fraction digit */
  idx_t intlen;          /* how many significant integer digits */
  int sign;              /* -1 or 1; 0 for zero and for "no number" */
};

static void
num_parse (struct sort_opts const *o, char const *p, char const *lim,
           struct num *n)
{
  p += sort_blank_span (o, p, lim);
  bool negative = p < lim && *p == '-';
  p += negative;
  while (p < lim && (*p == '0' || num_sep (o, *p)))
    p++;
  n->digits = p;
  idx_t len = 0;
  while (p < lim && is_digit (*p))
    {
      len++;
      p++;
      while (p < lim && num_sep (o, *p))
        p++;
    }
  n->int_end = p;
  n->intlen = len;
  n->frac = n->frac_end = p;
  if (p < lim && num_point (o, *p))
    {
      n->frac = n->frac_end = ++p;
      for (; p < lim && is_digit (*p); p++)
        if (*p != '0')
          n->frac_end = p + 1;
    }
  n->sign = (len || n->frac < n->frac_end) ? (negative ? -1 : 1) : 0;
}

/* Compare the magnitudes of A and B.  */
static int
num_magcmp (struct sort_opts const *o, struct num const *a,
            struct num const *b)
{
  if (a->intlen != b->intlen)
    return a->intlen < b->intlen ? -1 : 1;
  char const *p = a->digits;
  char const *q = b->digits;
  for (idx_t i = 0; i < a->intlen; i++)
    {
      if (*p != *q)
        return to_uchar (*p) < to_uchar (*q) ? -1 : 1;
      for (p++; p < a->int_end && num_sep (o, *p); p++)
        continue;
      for (q++; q < b->int_end && num_sep (o, *q); q++)
        continue;
    }
  p = a->frac;
  q = b->frac;
  while (p < a->frac_end || q < b->frac_end)
    {
      char da = p < a->frac_end ? *p++ : '0';
      char db = q < b->frac_end ? *q++ : '0';
      if (da != db)
        return to_uchar (da) < to_uchar (db) ? -1 : 1;
    }
  return 0;
}

static int
num_cmp (struct sort_opts const *o, struct num const *a, struct num const *b)
{
  if (a->sign != b->sign)
    return a->sign < b->sign ? -1 : 1;
  if (a->sign == 0)
    return 0;
  int diff = num_magcmp (o, a, b);
  return a->sign < 0 ? -diff : diff;
}

int
numcmp_numeric (struct sort_opts const *o,
                char const *a, char const *alim,
                char const *b, char const *blim)
{
  struct num na, nb;
  num_parse (o, a, alim, &na);
  num_parse (o, b, blim, &nb);
  return num_cmp (o, &na, &nb);
}

/* Scan the number at P (after any '-') as GNU sort's -h does: digits,
   each followed by at most one thousands separator, then a decimal point
   and digits.  Return the largest digit seen (0 if none) and store in
   *END where the number ends: a trailing separator is not part of it.  */
static unsigned char
traverse_number (struct sort_opts const *o, char const *p, char const *lim,
                 char const **end)
{
  unsigned char max_digit = 0;
  bool ends_with_sep = false;
  while (p < lim && is_digit (*p))
    {
      if (max_digit < to_uchar (*p))
        max_digit = *p;
      p++;
      ends_with_sep = p < lim && raw_sep (o, *p);
      p += ends_with_sep;
    }
  if (ends_with_sep)
    {
      *end = p - 1;
      return max_digit;
    }
  if (p < lim && *p == o->decimal_point)
    for (p++; p < lim && is_digit (*p); p++)
      if (max_digit < to_uchar (*p))
        max_digit = *p;
  *end = p;
  return max_digit;
}

/* The order of the unit after the number at P (blanks already skipped):
   negative for negative numbers, 0 for zero or no unit.  */
static int
find_unit_order (struct sort_opts const *o, char const *p, char const *lim)
{
  bool minus = p < lim && *p == '-';
  char const *end;
  if ('0' < traverse_number (o, p + minus, lim, &end))
    {
      int order = unit_order[end < lim ? to_uchar (*end) : 0];
      return minus ? -order : order;
    }
  return 0;
}

int
numcmp_human (struct sort_opts const *o,
              char const *a, char const *alim,
              char const *b, char const *blim)
{
  a += sort_blank_span (o, a, alim);
  b += sort_blank_span (o, b, blim);
  int diff = find_unit_order (o, a, alim) - find_unit_order (o, b, blim);
  return diff ? diff : numcmp_numeric (o, a, alim, b, blim);
}

/* The bytes of a long double that hold its value: x86's 80-bit format
   sits in 16 bytes, 6 of them padding.  */
enum { LDBL_VALUE_BYTES = (LDBL_MANT_DIG == 64 ? 10 : sizeof (long double)) };

/* Two NaNs, ordered as GNU sort 9.1 orders them: by memcmp of their
   long doubles' bytes.  There the padding bytes take part too, and they
   are not initialized (the memset before each strtold is a dead store to
   the compiler), so NaNs with the same value bytes ("nan", "NaN") compare
   by garbage: 'printf "nan\nNaN\nnan\n" | sort -gu' keeps all three
   lines, while 'sort -gmu' of two such files keeps one.  Here only the
   value bytes count: NaNs with the same bits are equal (README;
   tests/sort/nan-order.sh checks the rest against GNU sort).  */
static int
nan_compare (char const *sa, char const *sb)
{
  long double a = strtold (sa, NULL);
  long double b = strtold (sb, NULL);
  return memcmp (&a, &b, LDBL_VALUE_BYTES);
}

int
numcmp_general (char const *sa, char const *sb)
{
  char *ea;
  char *eb;
  long double a = strtold (sa, &ea);
  long double b = strtold (sb, &eb);

  /* Conversion errors first, then NaNs, then numbers.  */
  if (sa == ea)
    return sb == eb ? 0 : -1;
  if (sb == eb)
    return 1;
  return (a < b ? -1
          : b < a ? 1
          : a == b ? 0
          : b == b ? -1
          : a == a ? 1
          : nan_compare (sa, sb));
}

int
numcmp_month (struct sort_opts const *o, char const *p, char const *lim,
              char const **end)
{
  p += sort_blank_span (o, p, lim);

  /* GNU sort's binary search for a month name that is a prefix of the
     key, folded to upper case.  */
  size_t lo = 0;
  size_t hi = MONTHS_PER_YEAR;
  do
    {
      size_t ix = (lo + hi) / 2;
      char const *m = p;
      char const *n = o->months[ix].name;
      for (;; m++, n++)
        {
          if (!*n)
            {
              if (end)
                *end = m;
              return o->months[ix].val;
            }
          unsigned char c = (m < lim
                             ? to_uchar (o->fold_toupper[to_uchar (*m)])
                             : 0);
          if (c < to_uchar (*n))
            {
              hi = ix;
              break;
            }
          if (to_uchar (*n) < c)
            {
              lo = ix + 1;
              break;
            }
        }
    }
  while (lo < hi);
  return 0;
}

/* The significant digits of a number, integer part then fraction.  */
struct digits
{
  struct sort_opts const *o;
  struct num const *n;
  char const *p;
  idx_t int_left;        /* integer digits not yet read */
};

static int
next_digit (struct digits *it)
{
  if (0 < it->int_left)
    {
      int d = *it->p - '0';
      it->int_left--;
      for (it->p++; it->p < it->n->int_end && num_sep (it->o, *it->p);
           it->p++)
        continue;
      if (!it->int_left)
        it->p = it->n->frac;
      return d;
    }
  return it->p < it->n->frac_end ? *it->p++ - '0' : -1;
}

/* The next COUNT digits of IT as a decimal number (zero-padded).  */
static uint64_t
take_digits (struct digits *it, int count)
{
  uint64_t v = 0;
  for (int i = 0; i < count; i++)
    {
      int d = next_digit (it);
      v = v * 10 + (d < 0 ? 0 : d);
    }
  return v;
}

/* Whether a nonzero digit is left in IT.  */
static bool
digits_left (struct digits *it)
{
  for (int d; 0 <= (d = next_digit (it)); )
    if (d)
      return true;
  return false;
}

/* Store in K the abbreviation of N: K[0] is BITS bits of 2 bits of sign
   class (negative, zero, positive), LENBITS bits of integer length and
   the first NDIG significant digits as a decimal number; K[1] is the
   next 18 digits (10^18 < 2^63) shifted left by one, the low bit set if
   nonzero digits follow ("inexact").  Negative numbers have their
   magnitude parts complemented.  A length too big for LENBITS saturates
   as inexact with no digits.  10^NDIG must fit BITS - 2 - LENBITS bits.  */
static void
num_abbrev (struct sort_opts const *o, struct num const *n,
            int bits, int lenbits, int ndig, uint64_t k[2])
{
  int digbits = bits - 2 - lenbits;
  uint64_t class = n->sign + 1;
  uint64_t mag = 0;
  uint64_t tail = 0;
  if (n->sign)
    {
      uint64_t lenmax = ((uint64_t) 1 << lenbits) - 1;
      if (n->intlen < lenmax)
        {
          struct digits it = { o, n, n->intlen ? n->digits : n->frac,
                               n->intlen };
          mag = (uint64_t) n->intlen << digbits | take_digits (&it, ndig);
          tail = take_digits (&it, 18) << 1;
          tail |= digits_left (&it);
        }
      else
        {
          mag = lenmax << digbits;
          tail = 1;
        }
      if (n->sign < 0)
        {
          mag = ~mag & (((uint64_t) 1 << (bits - 2)) - 1);
          tail = ~tail;
        }
    }
  k[0] = class << (bits - 2) | mag;
  k[1] = tail;
}

void
numcmp_numeric_abbrev (struct sort_opts const *o,
                       char const *p, char const *lim, uint64_t k[2])
{
  struct num n;
  num_parse (o, p, lim, &n);
  /* 14 bits of length, 14 digits: 10^14 < 2^48.  */
  num_abbrev (o, &n, 64, 14, 14, k);
}

void
numcmp_human_abbrev (struct sort_opts const *o,
                     char const *p, char const *lim, uint64_t k[2])
{
  p += sort_blank_span (o, p, lim);
  int order = find_unit_order (o, p, lim);
  struct num n;
  num_parse (o, p, lim, &n);
  /* 5 bits of unit order (-8 to 8), then 12 bits of length and 13
     digits: 10^13 < 2^45.  */
  num_abbrev (o, &n, 59, 12, 13, k);
  k[0] |= (uint64_t) (order + 8) << 59;
}

bool
numcmp_abbrev_exact (enum key_kind kind, uint64_t const k[2])
{
  switch (kind)
    {
    case KEY_NUMERIC:
    case KEY_HUMAN:
      {
        int class = (kind == KEY_NUMERIC ? k[0] >> 62 : k[0] >> 57 & 3);
        return class == 1 || (k[1] & 1) == (class == 0);
      }
    case KEY_GENERAL:
      return k[0] == 0 || (k[0] >> 62 == 2 && (k[1] & 3) == 1);
    case KEY_MONTH:
      return true;
    default:
      return false;
    }
}

void
numcmp_general_abbrev (char const *s, uint64_t k[2])
{
  char *e;
  long double x = strtold (s, &e);
  k[1] = 0;
  if (s == e)
    k[0] = 0;
  else if (isnan (x))
    k[0] = (uint64_t) 1 << 62;
  else
    {
      /* Rounding to double keeps the order.  Flip the bits of the IEEE
         form so that unsigned order is numeric order (-0 taken as 0),
         and split the 64 bits between the words, after the 2 class bits
         of K[0]; the last 2 bits of K[1] say whether X is below, at or
         above the double.  */
      double d = x;
      if (d == 0)
        d = 0;
      uint64_t u;
      memcpy (&u, &d, sizeof u);
      u = u >> 63 ? ~u : u | ((uint64_t) 1 << 63);
      k[0] = ((uint64_t) 2 << 62) | (u >> 2);
      k[1] = (u << 62) | (x < d ? 0 : x == d ? 1 : 2);
    }
}

char const *
numcmp_number_end (struct sort_opts const *o, char const *p,
                   char const *lim, bool human)
{
  char const *q = p + (p < lim && *p == '-');
  char const *end;
  if (!traverse_number (o, q, lim, &end))
    return NULL;
  return end + (human && end < lim && unit_order[to_uchar (*end)]);
}
