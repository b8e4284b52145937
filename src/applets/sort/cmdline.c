/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* cmdline.c: parsing sort's command line (see cmdline.h).  Options are
   handled in GNU sort's order and with its quirks: +POS keys depend on
   the POSIX version, POSIXLY_CORRECT stops options at the first file,
   -y is eaten, -S takes the largest of several sizes.  */

#include <config.h>

#include <errno.h>
#include <getopt.h>
/* Before argmatch.h: its gettext.h then compiles without the VLA that
   -Wvla rejects.  */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "argmatch.h"
#include "attribute.h"
#include "c-ctype.h"
#include "error.h"
#include "inttostr.h"
#include "minmax.h"
#include "physmem.h"
#include "posixver.h"
#include "quote.h"
#include "readtokens0.h"
#include "xalloc.h"
#include "xstrtol.h"
#include "xstrtol-error.h"

#include "system.h"
#include "cmdline.h"

/* Merge at most this many files at once unless --batch-size says.  */
enum { NMERGE_DEFAULT = 16 };

/* The smallest -S: room for one line per merged file (GNU sort's
   bound, with its 32-byte line structure).  */
enum { MIN_MERGE_BUFFER_SIZE = 2 + 32 };

enum
{
  CHECK_OPTION = GRABRAT_LONGOPT_BASE,
  COMPRESS_PROGRAM_OPTION,
  DEBUG_PROGRAM_OPTION,
  FILES0_FROM_OPTION,
  NMERGE_OPTION,
  RANDOM_SOURCE_OPTION,
  SORT_OPTION,
  PARALLEL_OPTION,
  HELP_OPTION,
  VERSION_OPTION
};

static char const short_options[] = "-bcCdfghik:mMno:rRsS:t:T:uVy:z";

static struct option const long_options[] = {
  { "ignore-leading-blanks", no_argument, NULL, 'b' },
  { "check", optional_argument, NULL, CHECK_OPTION },
  { "compress-program", required_argument, NULL, COMPRESS_PROGRAM_OPTION },
  { "debug", no_argument, NULL, DEBUG_PROGRAM_OPTION },
  { "dictionary-order", no_argument, NULL, 'd' },
  { "ignore-case", no_argument, NULL, 'f' },
  { "files0-from", required_argument, NULL, FILES0_FROM_OPTION },
  { "general-numeric-sort", no_argument, NULL, 'g' },
  { "ignore-nonprinting", no_argument, NULL, 'i' },
  { "key", required_argument, NULL, 'k' },
  { "merge", no_argument, NULL, 'm' },
  { "month-sort", no_argument, NULL, 'M' },
  { "numeric-sort", no_argument, NULL, 'n' },
  { "human-numeric-sort", no_argument, NULL, 'h' },
  { "version-sort", no_argument, NULL, 'V' },
  { "random-sort", no_argument, NULL, 'R' },
  { "random-source", required_argument, NULL, RANDOM_SOURCE_OPTION },
  { "sort", required_argument, NULL, SORT_OPTION },
  { "output", required_argument, NULL, 'o' },
  { "reverse", no_argument, NULL, 'r' },
  { "stable", no_argument, NULL, 's' },
  { "batch-size", required_argument, NULL, NMERGE_OPTION },
  { "buffer-size", required_argument, NULL, 'S' },
  { "field-separator", required_argument, NULL, 't' },
  { "temporary-directory", required_argument, NULL, 'T' },
  { "unique", no_argument, NULL, 'u' },
  { "zero-terminated", no_argument, NULL, 'z' },
  { "parallel", required_argument, NULL, PARALLEL_OPTION },
  { "help", no_argument, NULL, HELP_OPTION },
  { "version", no_argument, NULL, VERSION_OPTION },
  { NULL, 0, NULL, 0 },
};

static char const *const check_args[] = {
  "quiet", "silent", "diagnose-first", NULL
};
static char const check_types[] = { 'C', 'C', 'c' };

static char const *const sort_args[] = {
  "general-numeric", "human-numeric", "month", "numeric", "random",
  "version", NULL
};
static char const sort_types[] = { 'g', 'h', 'M', 'n', 'R', 'V' };

_Noreturn static void
usage (int status)
{
  if (status != EXIT_SUCCESS)
    emit_try_help ();
  else
    {
      /* GNU sort 9.1's usage, msgid by msgid, so that coreutils'
         catalog translates it (tests/toolbox/translations.sh); the
         closing note on -R is grabrat's (G_).  */
      printf (_("\
Usage: %s [OPTION]... [FILE]...\n\
  or:  %s [OPTION]... --files0-from=F\n\
"),
              program_name, program_name);
      fputs (_("\
Write sorted concatenation of all FILE(s) to standard output.\n\
"), stdout);
      emit_stdin_note ();
      fputs (_("\n\
Mandatory arguments to long options are mandatory for short options too.\n\
"), stdout);
      fputs (_("\
Ordering options:\n\
\n\
"), stdout);
      fputs (_("\
  -b, --ignore-leading-blanks  ignore leading blanks\n\
  -d, --dictionary-order      consider only blanks and alphanumeric characters\
\n\
  -f, --ignore-case           fold lower case to upper case characters\n\
"), stdout);
      fputs (_("\
  -g, --general-numeric-sort  compare according to general numerical value\n\
  -i, --ignore-nonprinting    consider only printable characters\n\
  -M, --month-sort            compare (unknown) < 'JAN' < ... < 'DEC'\n\
"), stdout);
      fputs (_("\
  -h, --human-numeric-sort    compare human readable numbers (e.g., 2K 1G)\n\
"), stdout);
      fputs (_("\
  -n, --numeric-sort          compare according to string numerical value\n\
  -R, --random-sort           shuffle, but group identical keys.  See shuf(1)\n\
      --random-source=FILE    get random bytes from FILE\n\
  -r, --reverse               reverse the result of comparisons\n\
"), stdout);
      fputs (_("\
      --sort=WORD             sort according to WORD:\n\
                                general-numeric -g, human-numeric -h, month -M,\
\n\
                                numeric -n, random -R, version -V\n\
  -V, --version-sort          natural sort of (version) numbers within text\n\
\n\
"), stdout);
      fputs (_("\
Other options:\n\
\n\
"), stdout);
      fputs (_("\
      --batch-size=NMERGE   merge at most NMERGE inputs at once;\n\
                            for more use temp files\n\
"), stdout);
      fputs (_("\
  -c, --check, --check=diagnose-first  check for sorted input; do not sort\n\
  -C, --check=quiet, --check=silent  like -c, but do not report first bad line\
\n\
      --compress-program=PROG  compress temporaries with PROG;\n\
                              decompress them with PROG -d\n\
"), stdout);
      fputs (_("\
      --debug               annotate the part of the line used to sort,\n\
                              and warn about questionable usage to stderr\n\
      --files0-from=F       read input from the files specified by\n\
                            NUL-terminated names in file F;\n\
                            If F is - then read names from standard input\n\
"), stdout);
      fputs (_("\
  -k, --key=KEYDEF          sort via a key; KEYDEF gives location and type\n\
  -m, --merge               merge already sorted files; do not sort\n\
"), stdout);
      fputs (_("\
  -o, --output=FILE         write result to FILE instead of standard output\n\
  -s, --stable              stabilize sort by disabling last-resort comparison\
\n\
  -S, --buffer-size=SIZE    use SIZE for main memory buffer\n\
"), stdout);
      printf (_("\
  -t, --field-separator=SEP  use SEP instead of non-blank to blank transition\n\
  -T, --temporary-directory=DIR  use DIR for temporaries, not $TMPDIR or %s;\n\
                              multiple options specify multiple directories\n\
      --parallel=N          change the number of sorts run concurrently to N\n\
  -u, --unique              with -c, check for strict ordering;\n\
                              without -c, output only the first of an equal run\
\n\
"), DEFAULT_TMPDIR);
      fputs (_("\
  -z, --zero-terminated     line delimiter is NUL, not newline\n\
"), stdout);
      emit_help_version_lines ();
      fputs (_("\
\n\
KEYDEF is F[.C][OPTS][,F[.C][OPTS]] for start and stop position, where F is a\n\
field number and C a character position in the field; both are origin 1, and\n\
the stop position defaults to the line's end.  If neither -t nor -b is in\n\
effect, characters in a field are counted from the beginning of the preceding\n\
whitespace.  OPTS is one or more single-letter ordering options [bdfgiMhnRrV],\
\n\
which override global ordering options for that key.  If no key is given, use\n\
the entire line as the key.  Use --debug to diagnose incorrect key usage.\n\
\n\
SIZE may be followed by the following multiplicative suffixes:\n\
"), stdout);
      fputs (_("\
% 1% of memory, b 1, K 1024 (default), and so on for M, G, T, P, E, Z, Y.\n\
\n\
*** WARNING ***\n\
The locale specified by the environment affects sort order.\n\
Set LC_ALL=C to get the traditional sort order that uses\n\
native byte values.\n\
"), stdout);
      fputs (G_("\
\n\
-R differs from GNU sort: keys are hashed once each with XXH128 keyed by\n\
16 random bytes, so the same --random-source gives the same order every\n\
run, but not the order GNU sort gives.\n"), stdout);
      /* glibc's stdout buffer to a file is 4096 bytes; when a write of
         it fails (a full device), glibc drops what it held and the rest
         of that call.  If a later call leaves bytes pending, fclose
         fails with the errno and close_stdout says "write error: No
         space left on device"; if the failure came in the last call,
         nothing is pending and it says only "write error".  So GNU
         sort's message is an accident of its help's length: 'sort
         --help' (4153 bytes in C, its last line crossing 4096) says
         "write error" in C and the errno in en_US.UTF-8 (no translation
         line, 4083 bytes), while '/usr/bin/sort --help' says the
         opposite.  Ours is GNU's with a note after it, of other lengths
         in other languages: the flush makes the closing lines pending,
         so that it says the errno whatever the length
         (tests/toolbox/help-full.sh).  */
      fflush (stdout);
      emit_ancillary_info ("sort");
    }
  exit (status);
}

void
cmdline_incompatible (char const *opts)
{
  error (SORT_FAILURE, 0, _("options '-%s' are incompatible"), opts);
  abort ();
}

_Noreturn static void
badfieldspec (char const *spec, char const *msgid)
{
  error (SORT_FAILURE, 0, _("%s: invalid field specification %s"),
         _(msgid), quote (spec));
  abort ();
}

/* Parse the leading count of STRING into *VAL (SIZE_MAX if too big) and
   return what follows it.  If there is none: die with MSGID, or return
   null if MSGID is null.  */
static char const *
parse_field_count (char const *string, size_t *val, char const *msgid)
{
  char *suffix;
  uintmax_t n;
  switch (xstrtoumax (string, &suffix, 10, &n, ""))
    {
    case LONGINT_OK:
    case LONGINT_INVALID_SUFFIX_CHAR:
      *val = n;
      if (*val == n)
        break;
      FALLTHROUGH;
    case LONGINT_OVERFLOW:
    case LONGINT_OVERFLOW | LONGINT_INVALID_SUFFIX_CHAR:
      *val = SIZE_MAX;
      break;
    case LONGINT_INVALID: default:
      if (msgid)
        error (SORT_FAILURE, 0, _("%s: invalid count at start of %s"),
               msgid, quote (string));
      return NULL;
    }
  return suffix;
}

enum blanktype { BL_START, BL_END, BL_BOTH };

/* Apply the ordering letters at S to KEY; 'b' sets the blank skipping
   BLANKTYPE says.  Return where the letters end.  */
static char const *
set_ordering (char const *s, struct sort_key *key, enum blanktype blanktype)
{
  for (;; s++)
    switch (*s)
      {
      case 'b':
        key->skipsblanks |= blanktype != BL_END;
        key->skipeblanks |= blanktype != BL_START;
        break;
      case 'd': key->ignore = IGNORE_NONDICTIONARY; break;
      case 'f': key->translate = true; break;
      case 'g': key->general_numeric = true; break;
      case 'h': key->human_numeric = true; break;
      case 'i':
        /* -d implies -i; the order of letters does not matter.  */
        if (key->ignore == IGNORE_NONE)
          key->ignore = IGNORE_NONPRINTING;
        break;
      case 'M': key->month = true; break;
      case 'n': key->numeric = true; break;
      case 'R': key->random = true; break;
      case 'r': key->reverse = true; break;
      case 'V': key->version = true; break;
      default: return s;
      }
}

static void
key_init (struct sort_key *key)
{
  memset (key, 0, sizeof *key);
  key->eword = SIZE_MAX;
}

static void
insert_key (struct cmdline *c, struct sort_key const *key)
{
  if (c->nkeys == c->keys_alloc)
    c->keys = xpalloc (c->keys, &c->keys_alloc, 1, -1, sizeof *c->keys);
  c->keys[c->nkeys++] = *key;
}

/* -k POS1[,POS2].  */
static void
parse_key (struct cmdline *c, char const *spec)
{
  struct sort_key key;
  key_init (&key);
  char const *s = parse_field_count (spec, &key.sword,
                                     "invalid number at field start");
  if (! key.sword--)
    badfieldspec (spec, N_("field number is zero"));
  if (*s == '.')
    {
      s = parse_field_count (s + 1, &key.schar, "invalid number after '.'");
      if (! key.schar--)
        badfieldspec (spec, N_("character offset is zero"));
    }
  if (! (key.sword || key.schar))
    key.sword = SIZE_MAX;
  s = set_ordering (s, &key, BL_START);
  /* Without ',POS2' the key runs to the end of the line (key_init).  */
  if (*s == ',')
    {
      s = parse_field_count (s + 1, &key.eword, "invalid number after ','");
      if (! key.eword--)
        badfieldspec (spec, N_("field number is zero"));
      if (*s == '.')
        s = parse_field_count (s + 1, &key.echar, "invalid number after '.'");
      s = set_ordering (s, &key, BL_END);
    }
  if (*s)
    badfieldspec (spec, N_("stray character in field spec"));
  insert_key (c, &key);
}

/* An operand ARG starting with '+': an obsolete +POS1 [-POS2] key if it
   parses as one (and the POSIX version allows it), else a file.  */
static void
parse_operand_plus (struct cmdline *c, char const *arg, int argc,
                    char **argv)
{
  bool minus_pos_usage = (optind != argc && argv[optind][0] == '-'
                          && c_isdigit (argv[optind][1]));
  c->traditional_usage |= minus_pos_usage && !c->posixly_correct;
  if (c->traditional_usage)
    {
      struct sort_key key;
      key_init (&key);
      char const *s = parse_field_count (arg + 1, &key.sword, NULL);
      if (s && *s == '.')
        s = parse_field_count (s + 1, &key.schar, NULL);
      if (! (key.sword || key.schar))
        key.sword = SIZE_MAX;
      if (s && !*set_ordering (s, &key, BL_START))
        {
          if (minus_pos_usage)
            {
              char const *arg1 = argv[optind++];
              s = parse_field_count (arg1 + 1, &key.eword,
                                     "invalid number after '-'");
              if (*s == '.')
                s = parse_field_count (s + 1, &key.echar,
                                       "invalid number after '.'");
              /* +A.x -B.y is -k A+1.x+1,B.y when y is 0, else B+1.y.  */
              if (!key.echar && key.eword)
                key.eword--;
              if (*set_ordering (s, &key, BL_END))
                badfieldspec (arg1, N_("stray character in field spec"));
            }
          key.traditional_used = true;
          insert_key (c, &key);
          return;
        }
    }
  c->files[c->nfiles++] = (char *) arg;
}

/* -S SIZE.  If given several times, the largest wins.  */
static void
specify_sort_size (struct cmdline *c, int oi, char opt, char const *s)
{
  uintmax_t n;
  char *suffix;
  enum strtol_error e = xstrtoumax (s, &suffix, 10, &n, "EgGkKmMPtTYZ");

  /* The default unit is KiB; 'b' means bytes and '%' a share of RAM.  */
  if (e == LONGINT_OK && c_isdigit (suffix[-1]))
    {
      if (n <= UINTMAX_MAX / 1024)
        n *= 1024;
      else
        e = LONGINT_OVERFLOW;
    }
  if (e == LONGINT_INVALID_SUFFIX_CHAR && c_isdigit (suffix[-1])
      && !suffix[1])
    switch (suffix[0])
      {
      case 'b':
        e = LONGINT_OK;
        break;
      case '%':
        {
          double mem = physmem_total () * n / 100;
          if (mem < UINTMAX_MAX)
            {
              n = mem;
              e = LONGINT_OK;
            }
          else
            e = LONGINT_OVERFLOW;
        }
        break;
      }
  if (e == LONGINT_OK)
    {
      if (n < c->sort_size)
        return;
      if (n <= IDX_MAX)
        {
          c->sort_size = MAX (n, c->nmerge * MIN_MERGE_BUFFER_SIZE);
          return;
        }
      e = LONGINT_OVERFLOW;
    }
  xstrtol_fatal (e, oi, opt, long_options, s);
}

/* --batch-size=N.  */
static void
specify_nmerge (struct cmdline *c, int oi, char opt, char const *s)
{
  uintmax_t n;
  enum strtol_error e = xstrtoumax (s, NULL, 10, &n, "");

  /* Each merged file needs a descriptor; so do stdin, stdout, stderr.  */
  struct rlimit rl;
  unsigned int max_nmerge = (getrlimit (RLIMIT_NOFILE, &rl) == 0
                             ? rl.rlim_cur : 20) - 3;
  if (e == LONGINT_OK)
    {
      if (n < 2)
        {
          error (0, 0, _("invalid --%s argument %s"), long_options[oi].name,
                 quote (s));
          error (SORT_FAILURE, 0, _("minimum --%s argument is %s"),
                 long_options[oi].name, quote ("2"));
        }
      if (n <= max_nmerge)
        {
          c->nmerge = n;
          return;
        }
      e = LONGINT_OVERFLOW;
    }
  if (e == LONGINT_OVERFLOW)
    {
      error (0, 0, _("--%s argument %s too large"), long_options[oi].name,
             quote (s));
      char buf[INT_BUFSIZE_BOUND (uintmax_t)];
      error (SORT_FAILURE, 0,
             _("maximum --%s argument with current rlimit is %s"),
             long_options[oi].name, umaxtostr (max_nmerge, buf));
    }
  xstrtol_fatal (e, oi, opt, long_options, s);
}

/* --parallel=N.  */
static idx_t
specify_nthreads (int oi, char opt, char const *s)
{
  uintmax_t n;
  enum strtol_error e = xstrtoumax (s, NULL, 10, &n, "");
  if (e == LONGINT_OVERFLOW)
    return IDX_MAX;
  if (e != LONGINT_OK)
    xstrtol_fatal (e, oi, opt, long_options, s);
  if (n == 0)
    error (SORT_FAILURE, 0, _("number in parallel must be nonzero"));
  return MIN (n, IDX_MAX);
}

/* The argument of --sort or --check, as its option letter; exit 1
   with the list of valid words if it is not one.  */
static char
match_word (char const *option, char const *arg,
            char const *const *args, char const *types)
{
  ptrdiff_t i = argmatch (arg, args, types, 1);
  if (i < 0)
    {
      argmatch_invalid (option, arg, i);
      argmatch_valid (args, types, 1);
      usage (EXIT_FAILURE);
    }
  return types[i];
}

/* -t SEP.  */
static void
specify_tab (struct cmdline *c, char const *arg)
{
  char newtab = arg[0];
  if (!newtab)
    error (SORT_FAILURE, 0, _("empty tab"));
  if (arg[1])
    {
      if (streq (arg, "\\0"))
        newtab = '\0';
      else
        error (SORT_FAILURE, 0, _("multi-character tab %s"), quote (arg));
    }
  if (c->tab != TAB_DEFAULT && c->tab != newtab)
    error (SORT_FAILURE, 0, _("incompatible tabs"));
  c->tab = newtab;
}

/* -y [DIGITS]: accepted and ignored (Solaris); a following argument is
   eaten only if it is all digits.  */
static void
skip_y_argument (char **argv)
{
  if (optarg == argv[optind - 1])
    {
      char const *p = optarg;
      while (c_isdigit (*p))
        p++;
      optind -= *p != '\0';
    }
}

/* Handle option C (from getopt_long, with option index OI).  */
static void
handle_option (struct cmdline *c, int opt, int oi, int argc, char **argv)
{
  switch (opt)
    {
    case 1:
      if (optarg[0] == '+')
        parse_operand_plus (c, optarg, argc, argv);
      else
        c->files[c->nfiles++] = optarg;
      break;
    case SORT_OPTION:
      opt = match_word ("--sort", optarg, sort_args, sort_types);
      FALLTHROUGH;
    case 'b': case 'd': case 'f': case 'g': case 'h': case 'i':
    case 'M': case 'n': case 'r': case 'R': case 'V':
      set_ordering ((char const[]) { opt, '\0' }, &c->gkey, BL_BOTH);
      break;
    case CHECK_OPTION:
      opt = optarg ? match_word ("--check", optarg, check_args, check_types)
            : 'c';
      FALLTHROUGH;
    case 'c': case 'C':
      if (c->checkonly && c->checkonly != opt)
        cmdline_incompatible ("cC");
      c->checkonly = opt;
      break;
    case COMPRESS_PROGRAM_OPTION:
      if (c->compress_program && !streq (c->compress_program, optarg))
        error (SORT_FAILURE, 0, _("multiple compress programs specified"));
      c->compress_program = optarg;
      break;
    case DEBUG_PROGRAM_OPTION: c->debug = true; break;
    case FILES0_FROM_OPTION: c->files_from = optarg; break;
    case 'k': parse_key (c, optarg); break;
    case 'm': c->mergeonly = true; break;
    case NMERGE_OPTION: specify_nmerge (c, oi, opt, optarg); break;
    case 'o':
      if (c->outfile && !streq (c->outfile, optarg))
        error (SORT_FAILURE, 0, _("multiple output files specified"));
      c->outfile = optarg;
      break;
    case RANDOM_SOURCE_OPTION:
      if (c->random_source && !streq (c->random_source, optarg))
        error (SORT_FAILURE, 0, _("multiple random sources specified"));
      c->random_source = optarg;
      break;
    case 's': c->stable = true; break;
    case 'S': specify_sort_size (c, oi, opt, optarg); break;
    case 't': specify_tab (c, optarg); break;
    case 'T':
      if (c->ntemp_dirs == c->temp_dirs_alloc)
        c->temp_dirs = xpalloc (c->temp_dirs, &c->temp_dirs_alloc, 1, -1,
                                sizeof *c->temp_dirs);
      c->temp_dirs[c->ntemp_dirs++] = optarg;
      break;
    case PARALLEL_OPTION: c->nthreads = specify_nthreads (oi, opt, optarg);
      break;
    case 'u': c->unique = true; break;
    case 'y': skip_y_argument (argv); break;
    case 'z': c->eol = '\0'; break;
    case HELP_OPTION: usage (EXIT_SUCCESS);
    case VERSION_OPTION:
      emit_version_of ("sort", COREUTILS_VERSION);
      exit (EXIT_SUCCESS);
    default: usage (SORT_FAILURE);
    }
}

/* Parse the command line into C.  */
static void
parse_args (struct cmdline *c, int argc, char **argv)
{
  int opt = 0;
  for (;;)
    {
      /* After "--", and with POSIXLY_CORRECT after the first file, the
         rest are files, but for a traditional "-o FILE" after files.  */
      int oi = -1;
      if (opt == -1
          || (c->posixly_correct && c->nfiles != 0
              && ! (c->traditional_usage && !c->checkonly
                    && optind != argc
                    && argv[optind][0] == '-' && argv[optind][1] == 'o'
                    && (argv[optind][2] || optind + 1 != argc)))
          || ((opt = getopt_long (argc, argv, short_options, long_options,
                                  &oi)) == -1))
        {
          if (argc <= optind)
            break;
          c->files[c->nfiles++] = argv[optind++];
        }
      else
        handle_option (c, opt, oi, argc, argv);
    }
}

/* --files0-from=F: the NUL-separated names in F are the inputs.  */
static void
read_files0_from (struct cmdline *c)
{
  char const *from = c->files_from;
  if (c->nfiles)
    {
      error (0, 0, _("extra operand %s"), sort_quoteaf (c->files[0]));
      fprintf (stderr, "%s\n",
               _("file operands cannot be combined with --files0-from"));
      usage (SORT_FAILURE);
    }
  FILE *stream = streq (from, "-") ? stdin : fopen (from, "r");
  if (!stream)
    sort_die (N_("open failed"), from);
  struct Tokens *tok = c->files0 = xmalloc (sizeof *tok);
  readtokens0_init (tok);
  if (!readtokens0 (stream, tok))
    error (SORT_FAILURE, 0, _("cannot read file names from %s"),
           sort_quoteaf (from));
  if (stream == stdin)
    clearerr (stdin);
  else if (fclose (stream) != 0)
    sort_die (N_("close failed"), from);
  if (!tok->n_tok)
    error (SORT_FAILURE, 0, _("no input from %s"), sort_quoteaf (from));
  for (size_t i = 0; i < tok->n_tok; i++)
    {
      if (streq (tok->tok[i], "-"))
        error (SORT_FAILURE, 0, _("when reading file names from stdin, "
                 "no file name of %s allowed"), sort_quoteaf (tok->tok[i]));
      if (!tok->tok[i][0])
        error (SORT_FAILURE, 0, "%s:%zu: %s", quotef (from), i + 1,
               _("invalid zero-length file name"));
    }
  free (c->files);
  c->files = tok->tok;
  c->nfiles = tok->n_tok;
}

/* Give keys without ordering options the global ones; with no key but
   global options, make the global key the only one.  Check the options
   of each key go together and set its kind.  */
static void
finish_keys (struct cmdline *c, bool *need_random, bool *gkey_only)
{
  struct sort_key const *g = &c->gkey;
  for (idx_t i = 0; i < c->nkeys; i++)
    {
      struct sort_key *k = &c->keys[i];
      if (sort_key_plain (k) && !k->reverse)
        {
          k->ignore = g->ignore;
          k->translate = g->translate;
          k->skipsblanks = g->skipsblanks;
          k->skipeblanks = g->skipeblanks;
          k->month = g->month;
          k->numeric = g->numeric;
          k->general_numeric = g->general_numeric;
          k->human_numeric = g->human_numeric;
          k->version = g->version;
          k->random = g->random;
          k->reverse = g->reverse;
        }
      *need_random |= k->random;
    }
  if (!c->nkeys && !sort_key_plain (g))
    {
      *gkey_only = true;
      insert_key (c, g);
      *need_random |= g->random;
    }

  for (idx_t i = 0; i < c->nkeys; i++)
    {
      struct sort_key *k = &c->keys[i];
      if (1 < (k->numeric + k->general_numeric + k->human_numeric + k->month
               + (k->version | k->random | (k->ignore != IGNORE_NONE))))
        {
          struct sort_key shown = *k;
          shown.skipsblanks = shown.skipeblanks = shown.reverse = false;
          char opts[16];
          sort_key_letters (&shown, opts);
          cmdline_incompatible (opts);
        }
      k->kind = (k->numeric ? KEY_NUMERIC
                 : k->general_numeric ? KEY_GENERAL
                 : k->human_numeric ? KEY_HUMAN
                 : k->month ? KEY_MONTH
                 : k->random ? KEY_RANDOM
                 : k->version ? KEY_VERSION
                 : KEY_TEXT);
    }
}

void
cmdline_parse (struct cmdline *c, int argc, char **argv,
               bool *need_random, bool *gkey_only)
{
  *c = (struct cmdline) { .tab = TAB_DEFAULT, .eol = '\n',
                          .nmerge = NMERGE_DEFAULT };
  key_init (&c->gkey);
  c->gkey.sword = SIZE_MAX;
  c->posixly_correct = getenv ("POSIXLY_CORRECT") != NULL;
  int posix_ver = posix2_version ();
  c->traditional_usage = ! (200112 <= posix_ver && posix_ver < 200809);
  c->files = xinmalloc (argc, sizeof *c->files);
  parse_args (c, argc, argv);
  if (c->files_from)
    read_files0_from (c);
  *need_random = *gkey_only = false;
  finish_keys (c, need_random, gkey_only);
  if (0 < c->sort_size)
    c->sort_size = MAX (c->sort_size, c->nmerge * MIN_MERGE_BUFFER_SIZE);
}

void
cmdline_free (struct cmdline *c)
{
  free (c->keys);
  free (c->temp_dirs);
  if (c->files0)
    {
      readtokens0_free (c->files0);
      free (c->files0);
    }
  else
    free (c->files);
}
