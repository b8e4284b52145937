/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* fuzz-escape.h: how the fuzz targets show bytes in a MISMATCH report:
   the N bytes at P, double-quoted, backslash and quote escaped, others
   outside printable ASCII as \xHH, then a newline, on standard error.  */

#include <stdio.h>

static void
fuzz_escape (char const *p, size_t n)
{
  fputc ('"', stderr);
  for (size_t i = 0; i < n; i++)
    {
      unsigned char c = p[i];
      if (c == '\\' || c == '"')
        fprintf (stderr, "\\%c", c);
      else if (32 <= c && c < 127)
        fputc (c, stderr);
      else
        fprintf (stderr, "\\x%02x", c);
    }
  fputs ("\"\n", stderr);
}
