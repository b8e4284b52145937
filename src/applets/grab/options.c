/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* options.c: grab's command line: the option table and the parse into
   struct search_config and struct front_cmdline, over the defaults both
   command lines start from (front/defaults.c, with the measured tuning
   constants).  Its --help is usage.c's.  */

#include <config.h>

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "argmatch.h"
#include "c-ctype.h"
#include "c-strcase.h"
#include "error.h"
#include "intprops.h"
#include "minmax.h"
#include "progname.h"
#include "quote.h"
#include "xalloc.h"
#include "xstrtol.h"

#include "system.h"
#include "optdump.h"
#include "search/config.h"
#include "front/defaults.h"
#include "applets/grab/options.h"

enum
{
  BINARY_FILES_OPTION = CMDLINE_OPTION_END,
  COLOR_OPTION,
  DEBUG_OPTION,
  FILES_OPTION,
  FILES0_FROM_OPTION,
  FILES_FROM_OPTION,
  FILES_WITH_MATCHES_OPTION,
  FILES_WITHOUT_MATCH_OPTION,
  HELP_OPTION,
  JSON_OPTION,
  LINE_NUMBER_OPTION,
  LIST_ENGINES_OPTION,
  MAX_DEPTH_OPTION,
  MAX_FILESIZE_OPTION,
  MMAP_OPTION,
  NO_MESSAGES_OPTION,
  SORT_OPTION,
  WITH_FILENAME_OPTION,
};

static char const short_options[] =
  "2A:B:C:D:FHILOPRSVZace:d:f:hilm:n:oqrsvwxz";

static struct option const long_options[] = {
  { "after-context", required_argument, NULL, 'A' },
  { "before-context", required_argument, NULL, 'B' },
  { "binary-files", required_argument, NULL, BINARY_FILES_OPTION },
  { "byte-offset", no_argument, NULL, 'O' },
  { "color", optional_argument, NULL, COLOR_OPTION },
  { "colour", optional_argument, NULL, COLOR_OPTION },
  { "context", required_argument, NULL, 'C' },
  { "count", no_argument, NULL, 'c' },
  { "debug", no_argument, NULL, DEBUG_OPTION },
  { "dereference-recursive", no_argument, NULL, 'R' },
  { "devices", required_argument, NULL, 'D' },
  { "directories", required_argument, NULL, 'd' },
  { "exclude", required_argument, NULL, EXCLUDE_OPTION },
  { "exclude-dir", required_argument, NULL, EXCLUDE_DIR_OPTION },
  { "exclude-from", required_argument, NULL, EXCLUDE_FROM_OPTION },
  { "file", required_argument, NULL, 'f' },
  { "files", no_argument, NULL, FILES_OPTION },
  { "files-from", required_argument, NULL, FILES_FROM_OPTION },
  { "files0-from", required_argument, NULL, FILES0_FROM_OPTION },
  { "files-with-matches", no_argument, NULL, FILES_WITH_MATCHES_OPTION },
  { "files-without-match", no_argument, NULL, FILES_WITHOUT_MATCH_OPTION },
  { "fixed-strings", no_argument, NULL, 'F' },
  { "group-separator", required_argument, NULL, GROUP_SEPARATOR_OPTION },
  { "help", no_argument, NULL, HELP_OPTION },
  { "ignore-case", no_argument, NULL, 'i' },
  { "include", required_argument, NULL, INCLUDE_OPTION },
  { "invert-match", no_argument, NULL, 'v' },
  { "json", no_argument, NULL, JSON_OPTION },
  { "label", required_argument, NULL, LABEL_OPTION },
  { "line-buffered", no_argument, NULL, LINE_BUFFERED_OPTION },
  { "line-number", no_argument, NULL, LINE_NUMBER_OPTION },
  { "line-regexp", no_argument, NULL, 'x' },
  { "list-engines", no_argument, NULL, LIST_ENGINES_OPTION },
  { "max-count", required_argument, NULL, 'm' },
  { "max-depth", required_argument, NULL, MAX_DEPTH_OPTION },
  { "max-filesize", required_argument, NULL, MAX_FILESIZE_OPTION },
  { "mmap", required_argument, NULL, MMAP_OPTION },
  { "no-filename", no_argument, NULL, 'h' },
  { "no-group-separator", no_argument, NULL, NO_GROUP_SEPARATOR_OPTION },
  { "no-ignore-case", no_argument, NULL, NO_IGNORE_CASE_OPTION },
  { "no-messages", no_argument, NULL, NO_MESSAGES_OPTION },
  { "null", no_argument, NULL, 'Z' },
  { "null-data", no_argument, NULL, 'z' },
  { "only-matching", no_argument, NULL, 'o' },
  { "perl-regexp", no_argument, NULL, 'P' },
  { "quiet", no_argument, NULL, 'q' },
  { "recursive", no_argument, NULL, 'r' },
  { "regexp", required_argument, NULL, 'e' },
  { "silent", no_argument, NULL, 'q' },
  { "sort", required_argument, NULL, SORT_OPTION },
  { "text", no_argument, NULL, 'a' },
  { "threads", required_argument, NULL, 'n' },
  { "version", no_argument, NULL, 'V' },
  { "with-filename", no_argument, NULL, WITH_FILENAME_OPTION },
  { "word-regexp", no_argument, NULL, 'w' },
  { NULL, 0, NULL, 0 },
};

/* The words of the word-valued options, and what each sets.  */
static char const *const directories_args[] = {
  "read", "recurse", "skip", NULL
};
static int const directories_vals[] = { DIRS_READ, DIRS_RECURSE, DIRS_SKIP };
ARGMATCH_VERIFY (directories_args, directories_vals);
static char const *const devices_args[] = { "read", "skip", NULL };
static enum devices const devices_vals[] = { DEVS_READ, DEVS_SKIP };
ARGMATCH_VERIFY (devices_args, devices_vals);
static char const *const binary_files_args[] = {
  "binary", "text", "without-match", NULL
};
static enum binary_files const binary_files_vals[] = {
  BIN_BINARY, BIN_TEXT, BIN_WITHOUT_MATCH
};
ARGMATCH_VERIFY (binary_files_args, binary_files_vals);
/* --mmap's values are file sizes, so argmatch works on their indexes.  */
static char const *const mmap_args[] = { "auto", "always", "never", NULL };
static int const mmap_index[] = { 0, 1, 2 };
static off_t const mmap_vals[] = { MMAP_MIN, 1, -1 };
ARGMATCH_VERIFY (mmap_args, mmap_index);
static char const *const sort_args[] = { "path", "none", NULL };
static int const sort_vals[] = { true, false };
ARGMATCH_VERIFY (sort_args, sort_vals);

/* The value for ARG, the word given to OPTION, among ARGS and their VALS
   (an unambiguous prefix will do).  Otherwise argmatch's diagnostic, the
   valid words and the "Try" line, and exit with status 2.  */
static int
xword (char const *option, char const *arg, char const *const *args,
       int const *vals)
{
  ptrdiff_t i = argmatch (arg, args, (void const *) vals, sizeof *vals);
  if (i < 0)
    {
      argmatch_invalid (option, arg, i);
      argmatch_valid (args, (void const *) vals, sizeof *vals);
      grab_usage (EXIT_TROUBLE);
    }
  return vals[i];
}

/* The count or size ARG given to OPTION, with a multiplier among
   SUFFIXES (K, M, G: powers of 1024, as ripgrep's --max-filesize); a
   count too big for intmax_t is INTMAX_MAX.  Dies on anything else.  */
static intmax_t
nonnegative_arg (char const *option, char const *arg, char const *suffixes)
{
  intmax_t n;
  strtol_error e = xstrtoimax (arg, NULL, 10, &n, suffixes);
  if ((e != LONGINT_OK && e != LONGINT_OVERFLOW) || n < 0
      || !c_isdigit (arg[0]))
    {
      error (0, 0, _("invalid %s argument %s"), option, quote (arg));
      grab_usage (EXIT_TROUBLE);
    }
  return n;
}

/* -n's thread count ARG, from 1 to 1024; dies with grab's words on
   anything else ('grab -rn foo .' is grep's habit: say what -n is here).  */
static int
threads_arg (char const *arg)
{
  intmax_t n;
  strtol_error e = xstrtoimax (arg, NULL, 10, &n, "");
  if (e != LONGINT_OK || n < 1 || 1024 < n)
    {
      error (0, 0, _("%s: invalid number of threads"), quote (arg));
      if (e == LONGINT_INVALID)
        error (0, 0, _("-n is the number of threads in grab;"
                       " --line-number numbers lines, and 'grabrat grep'"
                       " takes grep's letters"));
      grab_usage (EXIT_TROUBLE);
    }
  return n;
}

/* Take grab's own long option C (getopt's, with optarg) into *O and *CL.
   Return false if C is none of them.  */
static bool
grab_long_option (int c, struct search_config *o, struct front_cmdline *cl)
{
  ptrdiff_t i;
  switch (c)
    {
    case BINARY_FILES_OPTION:
      i = argmatch_exact (optarg, binary_files_args);
      if (i < 0)
        error (EXIT_TROUBLE, 0, _("unknown binary-files type"));
      o->binary_files = binary_files_vals[i];
      cl->binary_set = true;
      break;
    case COLOR_OPTION:
      cl->color = cmdline_color_arg (optarg);
      if (cl->color < 0)
        {
          error (0, 0, _("invalid argument %s for %s"), quote (optarg),
                 quote_n (1, "--color"));
          fputs ("Valid arguments are:\n  - 'always'\n  - 'never'\n"
                 "  - 'auto'\n", stderr);
          grab_usage (EXIT_TROUBLE);
        }
      break;
    case FILES_OPTION:
      /* As ripgrep's: the tree is walked, and no pattern is given.  */
      o->files_only = true;
      o->directories = DIRS_RECURSE;
      cl->recursive_seen = true;
      break;
    case FILES_FROM_OPTION:
    case FILES0_FROM_OPTION:
      cl->files_from = optarg;
      cl->files_from_delim = c == FILES_FROM_OPTION ? '\n' : '\0';
      break;
    case FILES_WITHOUT_MATCH_OPTION:
      cl->opt_l = false;
      o->list = LIST_NONMATCHING;
      o->print.json = false;
      break;
    case HELP_OPTION:
      grab_usage (EXIT_SUCCESS);
    case JSON_OPTION:
      /* ripgrep's modes: the last of --json, -c, -l, -L wins.  */
      o->print.json = true;
      o->count = cl->opt_l = false;
      o->list = LIST_NONE;
      break;
    case LINE_NUMBER_OPTION:
      o->search.number = o->print.number = true;
      break;
    case DEBUG_OPTION:
      cl->debug = true;
      break;
    case LIST_ENGINES_OPTION:
      for (idx_t k = 0; engine_at (k); k++)
        puts (engine_at (k)->name);
      exit (EXIT_SUCCESS);
    case MAX_DEPTH_OPTION:
      o->max_depth = MIN (INT_MAX, nonnegative_arg ("--max-depth",
                                                    optarg, ""));
      break;
    case MAX_FILESIZE_OPTION:
      o->max_filesize = MIN (TYPE_MAXIMUM (off_t),
                             nonnegative_arg ("--max-filesize", optarg,
                                              "KMG"));
      break;
    case MMAP_OPTION:
      o->input.mmap_min = mmap_vals[xword ("--mmap", optarg, mmap_args,
                                           mmap_index)];
      o->mmap_always = o->input.mmap_min == mmap_vals[1];
      break;
    case NO_MESSAGES_OPTION:
      o->no_messages = true;
      break;
    case SORT_OPTION:
      o->sort_path = xword ("--sort", optarg, sort_args, sort_vals);
      break;
    case WITH_FILENAME_OPTION:
      cl->filename_option = 1;
      break;
    default:
      return false;
    }
  return true;
}

/* Parse the command line into *O and *CL (grep's option letters where
   they do not clash with the original grab's).  Dies on bad usage.  */
void
grab_parse_options (int argc, char **argv, struct search_config *o,
                    struct front_cmdline *cl)
{
  optdump_maybe (argc, argv, short_options, long_options);
  defaults_set (o, cl);
  cl->usage = grab_usage;
  int c;
  ptrdiff_t i;

  while ((c = getopt_long (argc, argv, short_options, long_options, NULL))
         != -1)
    switch (c)
      {
      case '2': case 'P': case 'a':
        if (c == 'a')
          {
            o->binary_files = BIN_TEXT;
            cl->binary_set = true;
          }
        break;
      case 'D':
        /* An exact word, as in grep, with grep's message.  */
        i = argmatch_exact (optarg, devices_args);
        if (i < 0)
          error (EXIT_TROUBLE, 0, _("unknown devices method"));
        o->devices = devices_vals[i];
        break;
      case 'F': case 'S':
        cl->literal = true;
        break;
      case 'H':
        cl->hyperscan = true;
        break;
      case 'I':
        cl->color = 2;
        break;
      case 'L':
        if (WINDOW_MIN < o->input.window)
          o->input.window /= 2;
        break;
      case 'O':
        o->print.offset = true;
        break;
      case 'R': case 'r':
        o->directories = DIRS_RECURSE;
        cl->recursive_seen = true;
        break;
      case 'V':
        emit_version ("grab");
        exit (EXIT_SUCCESS);
      case 'c':
        o->count = true;
        o->print.json = false;
        break;
      case 'd':
        o->directories = xword ("--directories", optarg, directories_args,
                                directories_vals);
        if (o->directories == DIRS_RECURSE)
          cl->recursive_seen = true;
        break;
      case 'l':
      case FILES_WITH_MATCHES_OPTION:
        /* The later of -l and --files-without-match wins, as in grep.  */
        cl->opt_l = true;
        o->list = LIST_NONE;
        o->print.json = false;
        break;
      case 'n':
        cl->threads = threads_arg (optarg);
        break;
      case 'q':
        o->exit_on_match = true;
        break;
      case 's':
        cl->opt_s = true;
        break;
      default:
        if (grab_long_option (c, o, cl)
            || cmdline_common_option (c, optarg, o, cl))
          break;
        if (c == '?' && (optopt == 'E' || optopt == 'G'))
          error (0, 0, _("grab's patterns are Perl's (PCRE2); for %s use"
                         " 'grabrat grep -%c'"),
                 (optopt == 'E' ? _("extended regular expressions")
                  : _("basic regular expressions")),
                 optopt);
        grab_usage (EXIT_TROUBLE);
      }

  cl->files = argv + optind;
  cl->nfiles = argc - optind;
}
