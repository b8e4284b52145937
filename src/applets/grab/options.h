/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* options.h: grab's command line (options.c) and the pieces grep's
   (options-grep.c) shares with it: what parsing leaves in struct
   grab_cmdline for settle.c, beyond what goes straight into struct
   grab_opts.  */

#ifndef GRABRAT_GRAB_OPTIONS_H
#define GRABRAT_GRAB_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "idx.h"

#include "search/grab.h"

/* The patterns: every -e argument and -f line, split at newlines, and
   where each came from: a -f FILE (which outlives the patterns) and its
   line number there, or NULL and 0.  */
struct patterns
{
  char **pats;
  idx_t *lens;
  char const **file;
  idx_t *lineno;
  idx_t n, size;
  idx_t *given;   /* after grab_dedup_patterns dropped some: each kept
                     pattern's index among those given; else NULL */
};

struct grab_cmdline
{
  struct patterns pats;
  bool have_keys;             /* -e or -f was given */
  intmax_t after, before, context;  /* -A, -B, -C; -1 if not given */
  int filename_option;        /* -1 for -h, 1 for --with-filename */
  bool opt_l, opt_s;          /* -l (with -O: offsets), -s */
  bool hyperscan;             /* -H */
  bool literal, icase, word, line_x;  /* -F/-S, -i, -w, -x */
  enum engine_syntax syntax;  /* grep -G, -E, -P (grab: PCRE) */
  bool grep;                  /* grep's command line (options-grep.c) */
  bool recursive_seen;        /* -r, -R or -d recurse */
  bool binary_set;            /* grab: -a or --binary-files was given */
  int color;                  /* 0 never, 1 always, 2 auto */
  bool debug;
  int threads;                /* -n; 0: one per CPU */
  char **files;               /* the operands after the options */
  int nfiles;
  char const *files_from;     /* --files-from, --files0-from: the list */
  char files_from_delim;      /* ...its names end with '\n' or '\0' */
};

/* Set grab's defaults in *O and *CL (grep's are set over them).  */
void grab_defaults (struct grab_opts *o, struct grab_cmdline *cl);

/* Parse ARGV into *O (its defaults set first) and *CL.  Dies on bad usage
   (status 2) and exits for --help, --version and --list-engines.  */
void grab_parse_options (int argc, char **argv, struct grab_opts *o,
                         struct grab_cmdline *cl);

/* Split TEXT (LEN bytes) at newlines and add the pieces to P.  */
void grab_add_patterns (struct patterns *p, char const *text, idx_t len);

/* Add TEXT (LEN bytes, newlines and all) to P as one pattern from line
   LINENO of FILE (NULL: the command line).  Free what P holds, leaving it
   empty.  */
void grab_add_pattern_at (struct patterns *p, char const *text, idx_t len,
                          char const *file, idx_t lineno);
void grab_free_patterns (struct patterns *p);

/* Drop each pattern of P that repeats an earlier one (the same bytes),
   keeping the order of the rest, as grep 3.8 does: a bad pattern given
   twice is reported once, under its first file and line.  */
void grab_dedup_patterns (struct patterns *p);

/* Pieces both command lines use.  A context length (-A, -B, -C: grep's
   rules and message); the lines of FILE (- for standard input) added as
   patterns; PAT added to both exclusion lists EX (command-line operands
   anchored) with OPTS, or every line of FILE; --color's ARG (NULL: auto)
   as 0 never, 1 always, 2 auto, or -1 if it is none of them; -m's ARG
   (negative counts stay: see settle.c).  */
intmax_t grab_context_length (char const *arg);
intmax_t grab_max_count (char const *arg);
void grab_read_pattern_file (struct patterns *p, char const *file);
void grab_add_exclude (struct exclude **ex, char const *pat, int opts);
void grab_add_exclude_file (struct exclude **ex, char const *file);
int grab_color_arg (char const *arg);

/* Print --help (STATUS 0) or the "Try" line, and exit with STATUS.  */
_Noreturn void grab_usage (int status);

#endif
