/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* cmdline.h: what a front-end's parser (applets/grab/options.c,
   applets/grep/options.c) leaves for settle.c beyond struct
   search_config, and the pieces both parsers use: the pattern list (-e, -f,
   duplicates dropped), context and -m counts, --color's words,
   exclusions.  The front-end's own rules come in as functions (usage,
   grep's matcher choice), so front/ needs no applet's header.  */

#ifndef GRABRAT_FRONT_CMDLINE_H
#define GRABRAT_FRONT_CMDLINE_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "idx.h"
#include "system.h"
#include "search/config.h"

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
  idx_t *given;   /* after cmdline_dedup_patterns dropped some: each kept
                     pattern's index among those given; else NULL */
};

struct localeinfo;

struct front_cmdline
{
  struct patterns pats;
  /* The front-end's: print the usage or "Try" line and exit with STATUS
     (grab_usage, grep_usage).  */
  void (*usage) (int status);
  /* grep's choice of its string matcher (grep-keys.h's grep_keys_fixed),
     for grep's -G, -E and -F; NULL for grab.  */
  bool (*keys_fixed) (struct localeinfo const *li, struct patterns *p,
                      bool literal, enum engine_syntax syntax, bool icase,
                      bool word, bool *grep_fixed);
  bool have_keys;             /* -e or -f was given */
  intmax_t after, before, context;  /* -A, -B, -C; -1 if not given */
  int filename_option;        /* -1 for -h, 1 for --with-filename */
  bool opt_l, opt_s;          /* -l (with -O: offsets), -s */
  bool hyperscan;             /* -H */
  bool literal, icase, word, line_x;  /* -F/-S, -i, -w, -x */
  enum engine_syntax syntax;  /* grep -G, -E, -P (grab: PCRE) */
  bool grep;                  /* grep's command line (grep's options.c) */
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

/* Split TEXT (LEN bytes) at newlines and add the pieces to P.  */
void cmdline_add_patterns (struct patterns *p, char const *text, idx_t len);

/* Add TEXT (LEN bytes, newlines and all) to P as one pattern from line
   LINENO of FILE (NULL: the command line).  Free what P holds, leaving it
   empty.  */
void cmdline_add_pattern_at (struct patterns *p, char const *text, idx_t len,
                             char const *file, idx_t lineno);
void cmdline_free_patterns (struct patterns *p);

/* Drop each pattern of P that repeats an earlier one (the same bytes),
   keeping the order of the rest, as grep 3.8 does: a bad pattern given
   twice is reported once, under its first file and line.  */
void cmdline_dedup_patterns (struct patterns *p);

/* Pieces both command lines use.  A context length (-A, -B, -C: grep's
   rules and message); the lines of FILE (- for standard input) added as
   patterns; PAT added to both exclusion lists EX (command-line operands
   anchored) with OPTS, or every line of FILE; --color's ARG (NULL: auto)
   as 0 never, 1 always, 2 auto, or -1 if it is none of them; -m's ARG
   (negative counts stay: see settle.c).  */
intmax_t cmdline_context_length (char const *arg);
intmax_t cmdline_max_count (char const *arg);
void cmdline_read_pattern_file (struct patterns *p, char const *file);
void cmdline_add_exclude (struct exclude **ex, char const *pat, int opts);
void cmdline_add_exclude_file (struct exclude **ex, char const *file);
int cmdline_color_arg (char const *arg);

/* The long options both command lines have and take the same way, as
   getopt codes; each parser numbers its own from CMDLINE_OPTION_END.  */
enum
{
  EXCLUDE_DIR_OPTION = GRABRAT_LONGOPT_BASE,
  EXCLUDE_FROM_OPTION,
  EXCLUDE_OPTION,
  GROUP_SEPARATOR_OPTION,
  INCLUDE_OPTION,
  LABEL_OPTION,
  LINE_BUFFERED_OPTION,
  NO_GROUP_SEPARATOR_OPTION,
  NO_IGNORE_CASE_OPTION,
  CMDLINE_OPTION_END
};

/* Take option C with ARG (getopt's optarg, which may be changed) into *O
   and *CL, if C is one both command lines take the same way: a code
   above, or one of the letters -A -B -C -e -f -h -i -m -o -v -w -x -Z -z.
   Return whether it was.  Dies on a bad argument, with grep's messages.  */
bool cmdline_common_option (int c, char *arg, struct search_config *o,
                            struct front_cmdline *cl);

#endif
