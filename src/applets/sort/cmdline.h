/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* cmdline.h: sort's command line: the options, the key specifications
   and --files0-from, parsed into a struct cmdline with GNU sort's
   diagnostics and exit statuses (2 for bad usage, 1 for a bad --sort or
   --check word), and --help and --version.  */

#ifndef GRABRAT_SORT_CMDLINE_H
#define GRABRAT_SORT_CMDLINE_H

#include <stdbool.h>
#include <stdint.h>

#include "opts.h"

/* The command line, as parsed.  */
struct cmdline
{
  struct sort_key gkey;      /* the global ordering options */
  struct sort_key *keys;
  idx_t nkeys;
  idx_t keys_alloc;
  char **files;
  idx_t nfiles;
  struct Tokens *files0;     /* the --files0-from names FILES points into */
  char const *outfile;
  char const *random_source;
  char const *files_from;
  char const *compress_program;
  char const **temp_dirs;
  idx_t ntemp_dirs;
  idx_t temp_dirs_alloc;
  char checkonly;            /* 0, 'c' or 'C' */
  bool mergeonly;
  bool debug;
  bool stable;
  bool unique;
  bool posixly_correct;
  bool traditional_usage;
  int tab;
  char eol;
  idx_t sort_size;           /* -S in bytes, 0 if not given */
  idx_t nthreads;            /* 0: the default */
  idx_t nmerge;
};

/* Parse the ARGC arguments ARGV into C, reading --files0-from, and
   finish the keys: keys without ordering options get the global ones;
   global options and no -k make the global key the only one (then set
   *GKEY_ONLY); the options of each key must go together.  Set
   *NEED_RANDOM if a key is -R.  Exits on bad usage, --help and
   --version.  */
void cmdline_parse (struct cmdline *c, int argc, char **argv,
                    bool *need_random, bool *gkey_only);

/* Free what cmdline_parse allocated in C.  */
void cmdline_free (struct cmdline *c);

/* Die (status 2) saying the options OPTS ("nR", "c --debug") are
   incompatible.  */
_Noreturn void cmdline_incompatible (char const *opts);

#endif
