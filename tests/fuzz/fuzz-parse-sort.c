/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* fuzz-parse-sort.c: sort's option parsing never crashes.  The fuzz
   data, cut at NUL bytes, is a command line for sort's parser
   (cmdline.c: keys, sizes, separators, --files0-from, obsolete +POS
   forms).  The oracle is the sanitizers.  See parse-jump.h for how exits
   come back.

   Sources: src/applets/sort/cmdline
   Fuzzer flags: -detect_leaks=0
   Sanitizer options: detect_leaks=0
*/

#include <config.h>

#include "parse-jump.h"

#include "cmdline.h"

int LLVMFuzzerTestOneInput (uint8_t const *data, size_t size);

int
LLVMFuzzerTestOneInput (uint8_t const *data, size_t size)
{
  if (4096 < size)
    return 0;
  char *buf = malloc (size + 1);
  char *argv[18];
  int argc = parse_argv ("sort", data, size, buf, argv, 18);
  static struct cmdline c;
  memset (&c, 0, sizeof c);
  bool need_random, gkey_only;
  PARSE_RUN (cmdline_parse (&c, argc, argv, &need_random, &gkey_only));
  /* Whatever the parser got to allocate, even when it gave up.  */
  cmdline_free (&c);
  free (buf);
  return 0;
}
