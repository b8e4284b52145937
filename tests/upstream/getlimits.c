/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* getlimits.c: a stand-in for coreutils' test helper 'getlimits', which
   upstream's tests run (through PATH) to learn the limits of the
   machine's types: it prints NAME=VALUE lines, and NAME_OFLOW (one past
   the maximum) and NAME_UFLOW (one below the minimum) for the integer
   types, as decimal strings that may not fit the type.  Only the names
   that the cat and sort tests of coreutils 9.1 use, and INT_MAX (which
   their init.cfg checks), are printed.  Floats are printed with enough
   digits to read back as the same value, in the locale's format (the
   decimal comma of fr_FR: sort-float.sh sorts them there).  Written for
   tests/upstream/run.sh; not part of grabrat.  */

#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Print TYPE_KIND=V and, as a decimal string, TYPE_SUFFIX=V plus one in
   magnitude (V's digits with one added, carrying).  */
static void
print_int (char const *type, char const *kind, char const *suffix,
           char const *v)
{
  char digits[64];
  char const *sign = *v == '-' ? "-" : "";
  snprintf (digits, sizeof digits, "0%s", v + (*v == '-'));
  size_t i = strlen (digits);
  while (i-- > 0)
    {
      if (digits[i] != '9')
        {
          digits[i]++;
          break;
        }
      digits[i] = '0';
    }
  printf ("%s_%s=%s\n%s_%s=%s%s\n", type, kind, v, type, suffix, sign,
          digits + (digits[0] == '0'));
}

static void
print_max (char const *type, uintmax_t max)
{
  char v[32];
  snprintf (v, sizeof v, "%ju", max);
  print_int (type, "MAX", "OFLOW", v);
}

int
main (void)
{
  char v[32];
  setlocale (LC_ALL, "");
  print_max ("INT", INT_MAX);
  snprintf (v, sizeof v, "%d", INT_MIN);
  print_int ("INT", "MIN", "UFLOW", v);
  print_max ("SIZE", SIZE_MAX);
  print_max ("UINTMAX", UINTMAX_MAX);
  print_max ("INTMAX", INTMAX_MAX);
  printf ("FLT_MIN=%.*g\nFLT_MAX=%.*g\n", FLT_DECIMAL_DIG, FLT_MIN,
          FLT_DECIMAL_DIG, FLT_MAX);
  printf ("DBL_MIN=%.*g\nDBL_MAX=%.*g\n", DBL_DECIMAL_DIG, DBL_MIN,
          DBL_DECIMAL_DIG, DBL_MAX);
  printf ("LDBL_MIN=%.*Lg\nLDBL_MAX=%.*Lg\n", LDBL_DECIMAL_DIG, LDBL_MIN,
          LDBL_DECIMAL_DIG, LDBL_MAX);
  return 0;
}
