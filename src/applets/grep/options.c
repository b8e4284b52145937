/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* options.c: GNU grep 3.8's command line (grabrat grep, and links
   named grep, egrep, fgrep): its letters, long options, defaults and
   messages, parsed into the same struct search_config and struct
   front_cmdline as grab's (applets/grab/options.c), which
   front/settle.c settles.  Its --help is usage.c's.  */

#include <config.h>

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "argmatch.h"
#include "error.h"
#include "exitfail.h"
#include "progname.h"
#include "quote.h"

#include "system.h"
#include "search/config.h"
#include "front/cmdline.h"
#include "front/defaults.h"
#include "applets/grep/grep-keys.h"
#include "applets/grep/options.h"

/* grep's own long options, after those cmdline.h shares.  */
enum
{
  BINARY_FILES_OPTION = CMDLINE_OPTION_END,
  COLOR_OPTION,
  HELP_OPTION,
};

static char const short_options[] =
  "0123456789A:B:C:D:EFGHIPTUVX:abcd:e:f:hiLlm:noqRrsuvwxyZz";

static struct option const long_options[] = {
  { "basic-regexp", no_argument, NULL, 'G' },
  { "extended-regexp", no_argument, NULL, 'E' },
  { "fixed-regexp", no_argument, NULL, 'F' },
  { "fixed-strings", no_argument, NULL, 'F' },
  { "perl-regexp", no_argument, NULL, 'P' },
  { "after-context", required_argument, NULL, 'A' },
  { "before-context", required_argument, NULL, 'B' },
  { "binary-files", required_argument, NULL, BINARY_FILES_OPTION },
  { "byte-offset", no_argument, NULL, 'b' },
  { "context", required_argument, NULL, 'C' },
  { "color", optional_argument, NULL, COLOR_OPTION },
  { "colour", optional_argument, NULL, COLOR_OPTION },
  { "count", no_argument, NULL, 'c' },
  { "devices", required_argument, NULL, 'D' },
  { "directories", required_argument, NULL, 'd' },
  { "exclude", required_argument, NULL, EXCLUDE_OPTION },
  { "exclude-from", required_argument, NULL, EXCLUDE_FROM_OPTION },
  { "exclude-dir", required_argument, NULL, EXCLUDE_DIR_OPTION },
  { "file", required_argument, NULL, 'f' },
  { "files-with-matches", no_argument, NULL, 'l' },
  { "files-without-match", no_argument, NULL, 'L' },
  { "group-separator", required_argument, NULL, GROUP_SEPARATOR_OPTION },
  { "help", no_argument, NULL, HELP_OPTION },
  { "include", required_argument, NULL, INCLUDE_OPTION },
  { "ignore-case", no_argument, NULL, 'i' },
  { "no-ignore-case", no_argument, NULL, NO_IGNORE_CASE_OPTION },
  { "initial-tab", no_argument, NULL, 'T' },
  { "label", required_argument, NULL, LABEL_OPTION },
  { "line-buffered", no_argument, NULL, LINE_BUFFERED_OPTION },
  { "line-number", no_argument, NULL, 'n' },
  { "line-regexp", no_argument, NULL, 'x' },
  { "max-count", required_argument, NULL, 'm' },
  { "no-filename", no_argument, NULL, 'h' },
  { "no-group-separator", no_argument, NULL, NO_GROUP_SEPARATOR_OPTION },
  { "no-messages", no_argument, NULL, 's' },
  { "null", no_argument, NULL, 'Z' },
  { "null-data", no_argument, NULL, 'z' },
  { "only-matching", no_argument, NULL, 'o' },
  { "quiet", no_argument, NULL, 'q' },
  { "recursive", no_argument, NULL, 'r' },
  { "dereference-recursive", no_argument, NULL, 'R' },
  { "regexp", required_argument, NULL, 'e' },
  { "invert-match", no_argument, NULL, 'v' },
  { "silent", no_argument, NULL, 'q' },
  { "text", no_argument, NULL, 'a' },
  { "binary", no_argument, NULL, 'U' },
  { "unix-byte-offsets", no_argument, NULL, 'u' },
  { "version", no_argument, NULL, 'V' },
  { "with-filename", no_argument, NULL, 'H' },
  { "word-regexp", no_argument, NULL, 'w' },
  { NULL, 0, NULL, 0 },
};

static char const *const directories_args[] = {
  "read", "recurse", "skip", NULL
};
static int const directories_vals[] = { DIRS_READ, DIRS_RECURSE, DIRS_SKIP };
ARGMATCH_VERIFY (directories_args, directories_vals);

/* -E, -F, -G, -P: the matcher, which may be given only once (or the same
   again), as in grep.  */
static void
set_matcher (struct front_cmdline *cl, int *matcher, int m)
{
  if (*matcher && *matcher != m)
    error (EXIT_TROUBLE, 0, _("conflicting matchers specified"));
  *matcher = m;
  cl->literal = m == 'F';
  cl->syntax = (m == 'E' ? ENGINE_SYNTAX_ERE : m == 'P' ? ENGINE_SYNTAX_PCRE
                : ENGINE_SYNTAX_BRE);
}

/* What one parse of grep's command line keeps beyond *O and *CL.  */
struct grep_parse
{
  int matcher;                 /* -E, -F, -G, -P or -X's letter; 0: none */
  bool show_version, show_help;
  /* -NUM: digits in one argument make one number; a later -NUM starts
     afresh, as grep's get_nondigit_option.  */
  char digits[32];
  int ndigits, digit_arg;
  bool digit_cont;
};

/* grep's defaults, over those both command lines start from
   (front/defaults.c).  */
static void
grep_defaults (struct search_config *o, struct front_cmdline *cl)
{
  defaults_set (o, cl);
  cl->grep = true;
  cl->usage = grep_usage;
  cl->keys_fixed = grep_keys_fixed;
  cl->syntax = ENGINE_SYNTAX_BRE;
  o->binary_files = BIN_BINARY;
  /* Output in the order of the operands (and of the walk), as from one
     sequential grep.  */
  o->sort_path = o->fts_order = true;
  o->nul_lines = true;
  /* grep 3.8 takes a file for binary from the buffer on in which it sees
     a NUL, and its first buffer is the file's first 96 KiB (98304 bytes:
     INITIAL_BUFSIZE less the slop, in whole pages, whatever the buffer's
     alignment): read that same piece first, never a whole file at once
     (GNU's null-byte test: a NUL 400 KB in leaves the lines of the first
     96 KiB printed as text).  Its later reads depend on where malloc put
     its buffer; 96 KiB is their usual size.  */
  o->input.read_size = 96 << 10;
  o->input.read_whole = 0;
}

/* Take the digit C of a -NUM, seen in the argument at PREV_OPTIND of
   ARGV (getopt now at optind).  */
static void
take_digit (struct grep_parse *st, int c, int prev_optind, char **argv,
            struct front_cmdline *cl)
{
  if (! (st->digit_cont && st->digit_arg == prev_optind))
    st->ndigits = 0;
  if (st->ndigits == sizeof st->digits - 1)
    error (EXIT_TROUBLE, 0, "%s: %s", argv[prev_optind],
           _("invalid context length argument"));
  st->digits[st->ndigits++] = c;
  st->digits[st->ndigits] = '\0';
  st->digit_arg = optind == prev_optind ? prev_optind : -1;
  st->digit_cont = st->digit_arg == prev_optind;
  cl->context = cmdline_context_length (st->digits);
}

/* Take option C (getopt's, with optarg) into *O, *CL and *ST.  */
static void
grep_option (int c, struct grep_parse *st, struct search_config *o,
             struct front_cmdline *cl)
{
  switch (c)
    {
    case 'D':
      if (streq (optarg, "read"))
        o->devices = DEVS_READ;
      else if (streq (optarg, "skip"))
        o->devices = DEVS_SKIP;
      else
        error (EXIT_TROUBLE, 0, _("unknown devices method"));
      break;
    case 'E': case 'F': case 'G': case 'P':
      set_matcher (cl, &st->matcher, c);
      break;
    case 'X':
      set_matcher (cl, &st->matcher,
                   (streq (optarg, "grep") ? 'G'
                    : streq (optarg, "egrep") ? 'E'
                    : streq (optarg, "fgrep") ? 'F'
                    : streq (optarg, "perl") ? 'P'
                    : (error (EXIT_TROUBLE, 0, _("invalid matcher %s"),
                              optarg), 0)));
      break;
    case 'H':
      cl->filename_option = 1;
      break;
    case 'I':
      o->binary_files = BIN_WITHOUT_MATCH;
      break;
    case 'T':
      o->print.align_tabs = true;
      break;
    case 'U':
      break;
    case 'u':
      error (0, 0, _("warning: --unix-byte-offsets (-u) is obsolete"));
      break;
    case 'V':
      st->show_version = true;
      break;
    case 'a':
      o->binary_files = BIN_TEXT;
      break;
    case 'b':
      o->print.offset = o->print.line_offset = true;
      break;
    case 'c':
      o->count = true;
      break;
    case 'd':
      {
        ptrdiff_t i = argmatch (optarg, directories_args,
                                (void const *) directories_vals,
                                sizeof *directories_vals);
        if (i < 0)
          {
            argmatch_invalid ("--directories", optarg, i);
            argmatch_valid (directories_args,
                            (void const *) directories_vals,
                            sizeof *directories_vals);
            /* Status 1: grep 3.8's ARGMATCH_DIE is usage (EXIT_FAILURE).  */
            grep_usage (EXIT_FAILURE);
          }
        o->directories = directories_vals[i];
        if (o->directories == DIRS_RECURSE)
          cl->recursive_seen = true;
      }
      break;
    case 'L':
      o->list = LIST_NONMATCHING;
      break;
    case 'l':
      o->list = LIST_MATCHING;
      break;
    case 'n':
      o->search.number = o->print.number = true;
      break;
    case 'q':
      o->exit_on_match = true;
      exit_failure = 0;
      break;
    case 'R': case 'r':
      o->directories = DIRS_RECURSE;
      /* -r after -R still follows links: grep's -r leaves the fts
         options -R set (tests/grep/walk-loops.sh).  */
      if (c == 'R')
        o->follow_links = true;
      cl->recursive_seen = true;
      break;
    case 's':
      o->no_messages = true;
      break;
    case BINARY_FILES_OPTION:
      if (streq (optarg, "binary"))
        o->binary_files = BIN_BINARY;
      else if (streq (optarg, "text"))
        o->binary_files = BIN_TEXT;
      else if (streq (optarg, "without-match"))
        o->binary_files = BIN_WITHOUT_MATCH;
      else
        error (EXIT_TROUBLE, 0, _("unknown binary-files type"));
      break;
    case COLOR_OPTION:
      cl->color = cmdline_color_arg (optarg);
      if (cl->color < 0)
        st->show_help = true;   /* grep 3.8 shows its help */
      break;
    case HELP_OPTION:
      st->show_help = true;
      break;
    default:
      /* -y is grep's old -i.  */
      if (!cmdline_common_option (c == 'y' ? 'i' : c, optarg, o, cl))
        grep_usage (EXIT_TROUBLE);
    }
}

void
grep_parse_options (int argc, char **argv, struct search_config *o,
                    struct front_cmdline *cl, char matcher0)
{
  grep_defaults (o, cl);
  struct grep_parse st = { .digit_arg = -1 };
  if (matcher0)
    set_matcher (cl, &st.matcher, matcher0);

  int c;
  int prev_optind = optind;
  while (prev_optind = optind,
         (c = getopt_long (argc, argv, short_options, long_options, NULL))
         != -1)
    {
      if ('0' <= c && c <= '9')
        take_digit (&st, c, prev_optind, argv, cl);
      else
        {
          st.digit_cont = false;
          grep_option (c, &st, o, cl);
        }
    }

  /* grep reads the whole command line before it shows its version or
     help: 'grep -V --bogus' fails on --bogus (tests/grep/messages.sh).  */
  if (st.show_version)
    {
      emit_version_of ("grep", "3.8");
      exit (EXIT_SUCCESS);
    }
  if (st.show_help)
    grep_usage (EXIT_SUCCESS);

  /* grep -R reads the devices, FIFOs and sockets it finds in the tree
     too, unless -D says otherwise: grep 3.8's main turns its default
     devices action into "read" under FTS_LOGICAL
     (tests/grep/walk-loops.sh).  */
  if (o->follow_links && o->devices == DEVS_READ_COMMAND_LINE)
    o->devices = DEVS_READ;

  cl->files = argv + optind;
  cl->nfiles = argc - optind;
}
