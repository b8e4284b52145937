/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* rat.c: the rat applet, a drop-in GNU cat: options, the loop over the
   operands (open, fstat, the "input file is output file" check, close) and
   the exit status.  How an input is copied is copy.c's business, the
   formatting options are format.c's; --strict, --progress and --color
   live in strict.c, progress.c and color.c.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "argmatch.h"
#include "error.h"
#include "exitfail.h"
#include "minmax.h"
#include "progname.h"
#include "xalloc.h"

#include "system.h"
#include "optdump.h"
#include "applets/rat/color.h"
#include "applets/rat/progress.h"
#include "applets/rat/rat.h"

int rat_main (int, char **);

enum
{
  COLOR_OPTION = GRABRAT_LONGOPT_BASE,
  COLOR_RULE_OPTION,
  HELP_OPTION,
  NO_SPLICE_OPTION,
  PROGRESS_OPTION,
  STRICT_OPTION,
  TIMESTAMP_OPTION,
  VERSION_OPTION,
};

/* cat's options come first and in GNU cat's order, so that the list of
   possibilities for an ambiguous prefix such as --numb reads the same.  */
static struct option const long_options[] = {
  { "number-nonblank", no_argument, NULL, 'b' },
  { "number", no_argument, NULL, 'n' },
  { "squeeze-blank", no_argument, NULL, 's' },
  { "show-nonprinting", no_argument, NULL, 'v' },
  { "show-ends", no_argument, NULL, 'E' },
  { "show-tabs", no_argument, NULL, 'T' },
  { "show-all", no_argument, NULL, 'A' },
  { "help", no_argument, NULL, HELP_OPTION },
  { "version", no_argument, NULL, VERSION_OPTION },
  { "color", optional_argument, NULL, COLOR_OPTION },
  { "color-rule", required_argument, NULL, COLOR_RULE_OPTION },
  { "colour", optional_argument, NULL, COLOR_OPTION },
  { "colour-rule", required_argument, NULL, COLOR_RULE_OPTION },
  { "no-splice", no_argument, NULL, NO_SPLICE_OPTION },
  { "progress", optional_argument, NULL, PROGRESS_OPTION },
  { "strict", no_argument, NULL, STRICT_OPTION },
  { "timestamp", optional_argument, NULL, TIMESTAMP_OPTION },
  { NULL, 0, NULL, 0 },
};

/* The WHEN of --color and --progress.  */
enum when { WHEN_NEVER, WHEN_ALWAYS, WHEN_AUTO, WHEN_UNSET };
static char const *const when_args[] = {
  "never", "no", "none", "always", "yes", "force", "auto", "tty", "if-tty",
  NULL
};
static enum when const when_types[] = {
  WHEN_NEVER, WHEN_NEVER, WHEN_NEVER, WHEN_ALWAYS, WHEN_ALWAYS, WHEN_ALWAYS,
  WHEN_AUTO, WHEN_AUTO, WHEN_AUTO
};
ARGMATCH_VERIFY (when_args, when_types);

static char const default_timestamp[] = "%Y-%m-%d %H:%M:%S";

_Noreturn static void
usage (int status)
{
  if (status != EXIT_SUCCESS)
    emit_try_help ();
  else
    {
      /* GNU cat's usage, msgid by msgid, so that coreutils' catalog
         translates it (tests/toolbox/translations.sh); rat's own lines
         are grabrat's (G_).  */
      printf (_("\
Usage: %s [OPTION]... [FILE]...\n\
"),
              program_name);
      fputs (_("\
Concatenate FILE(s) to standard output.\n\
"), stdout);
      emit_stdin_note ();
      fputs (_("\
\n\
  -A, --show-all           equivalent to -vET\n\
  -b, --number-nonblank    number nonempty output lines, overrides -n\n\
  -e                       equivalent to -vE\n\
  -E, --show-ends          display $ at end of each line\n\
  -n, --number             number all output lines\n\
  -s, --squeeze-blank      suppress repeated empty output lines\n\
"), stdout);
      fputs (_("\
  -t                       equivalent to -vT\n\
  -T, --show-tabs          display TAB characters as ^I\n\
  -u                       (ignored)\n\
  -v, --show-nonprinting   use ^ and M- notation, except for LFD and TAB\n\
"), stdout);
      fputs (G_("\
      --color[=WHEN]       colour whole lines that match a colour rule;\n\
                             WHEN is 'always', 'never' or 'auto' (the\n\
                             default: only if standard output is a terminal,\n\
                             TERM is not 'dumb' and NO_COLOR is empty)\n\
      --color-rule=REGEX=SGR  give lines matching the PCRE2 REGEX the SGR\n\
                             colour (such as '1;35'); repeatable, tried in\n\
                             order before the built-in rules, whole words\n\
                             in any case: error, fatal, fail, failed,\n\
                             failure red (31), warn, warning yellow (33),\n\
                             debug, trace blue (34); implies --color=auto\n\
      --no-splice          move data with read and write only, never with\n\
                             splice or copy_file_range (spliced data is a\n\
                             reference to the file's pages, so a reader\n\
                             that lags sees later rewrites of the file)\n\
"), stdout);
      fputs (G_("\
      --progress[=WHEN]    show bytes, rate, percentage and time left on\n\
                             standard error, 10 times a second; WHEN as\n\
                             for --color, 'auto' asks standard error\n\
      --strict             before writing anything, check that every FILE\n\
                             can be read, is not a directory and is not the\n\
                             output; on problems, report all and write\n\
                             nothing (FIFOs and files past the descriptor\n\
                             limit are checked by name: racy)\n\
      --timestamp[=FMT]    start each line with the time its first byte\n\
                             was read, in strftime FMT (default\n\
                             '%Y-%m-%d %H:%M:%S'; %3N, %6N, %9N give milli-,\n\
                             micro-, nanoseconds) and a space\n\
"), stdout);
      emit_help_version_lines ();
      printf (_("\
\n\
Examples:\n\
  %s f - g  Output f's contents, then standard input, then g's contents.\n\
  %s        Copy standard input to standard output.\n\
"),
              program_name, program_name);
      printf (G_("\
  %s -n --timestamp='%%T.%%3N' log   Number and time-stamp each line.\n\
\n\
Exit status is 0 if every FILE was copied, 1 otherwise.\n"),
              program_name);
      emit_ancillary_info ("rat");
    }
  exit (status);
}

/* Whether WHEN says yes for descriptor FD: 'auto' needs a terminal and,
   FOR_COLOR, a TERM other than "dumb" and an empty NO_COLOR.  */
static bool
when_true (enum when when, int fd, bool for_color)
{
  if (when != WHEN_AUTO)
    return when == WHEN_ALWAYS;
  if (!isatty (fd))
    return false;
  if (!for_color)
    return true;
  char const *term = getenv ("TERM");
  char const *no_color = getenv ("NO_COLOR");
  return term && !streq (term, "dumb") && ! (no_color && *no_color);
}

/* The total bytes the N operands NAMES hold, or -1 if that is not
   known (a stream, or a file with no size, like those in /proc).  */
static intmax_t
total_size (char *const *names, int n)
{
  intmax_t total = 0;
  for (int i = 0; i < n; i++)
    {
      struct stat st;
      bool in = streq (names[i], "-");
      if ((in ? fstat (STDIN_FILENO, &st) : stat (names[i], &st)) != 0
          || !S_ISREG (st.st_mode) || st.st_size == 0)
        return -1;
      off_t pos = in ? lseek (STDIN_FILENO, 0, SEEK_CUR) : 0;
      total += st.st_size - MAX (0, MIN (pos, st.st_size));
    }
  return total;
}

/* Copy the operand NAME to stdout.  FD is its descriptor if --strict
   opened it, else -1.  Return true on success.  */
static bool
rat_file (struct rat *r, char const *name, int fd)
{
  bool is_stdin = streq (name, "-");
  if (is_stdin)
    {
      r->have_read_stdin = true;
      fd = STDIN_FILENO;
    }
  else if (fd < 0)
    {
      fd = open (name, O_RDONLY);
      if (fd < 0)
        {
          error (0, errno, "%s", quotef (name));
          return false;
        }
    }
  struct stat st;
  bool ok = false;
  if (fstat (fd, &st) != 0)
    error (0, errno, "%s", quotef (name));
  else if (rat_self_copy (fd, &st, &r->out_st))
    error (0, 0, _("%s: input file is output file"), quotef (name));
  else
    ok = (r->format ? copy_format : copy_plain) (r, fd, name, &st);
  if (!is_stdin && close (fd) != 0)
    {
      error (0, errno, "%s", quotef (name));
      ok = false;
    }
  return ok;
}

static void
progress_tick (void *arg, idx_t n)
{
  progress_add (arg, n);
}

/* Parse the options into R; return the index of the first operand.  */
static int
parse_options (struct rat *r, int argc, char **argv, enum when *color,
               enum when *progress, bool *strict)
{
  static char const short_options[] = "benstuvAET";
  optdump_maybe (argc, argv, short_options, long_options);
  struct fmt_opts *o = &r->fopts;
  int c;
  while ((c = getopt_long (argc, argv, short_options, long_options, NULL))
         != -1)
    switch (c)
      {
      case 'b':
        o->number = o->number_nonblank = true;
        break;
      case 'e':
        o->show_ends = o->show_nonprinting = true;
        break;
      case 'n':
        o->number = true;
        break;
      case 's':
        o->squeeze = true;
        break;
      case 't':
        o->show_tabs = o->show_nonprinting = true;
        break;
      case 'u':
        break;
      case 'v':
        o->show_nonprinting = true;
        break;
      case 'A':
        o->show_nonprinting = o->show_ends = o->show_tabs = true;
        break;
      case 'E':
        o->show_ends = true;
        break;
      case 'T':
        o->show_tabs = true;
        break;
      case COLOR_OPTION:
        *color = optarg ? XARGMATCH ("--color", optarg, when_args,
                                     when_types)
                        : WHEN_AUTO;
        break;
      case COLOR_RULE_OPTION:
        if (!o->color)
          o->color = color_rules_xnew ();
        color_rules_xadd (o->color, optarg);
        if (*color == WHEN_UNSET)
          *color = WHEN_AUTO;
        break;
      case NO_SPLICE_OPTION:
        r->zero_copy = false;
        break;
      case PROGRESS_OPTION:
        *progress = optarg ? XARGMATCH ("--progress", optarg, when_args,
                                        when_types)
                           : WHEN_AUTO;
        break;
      case STRICT_OPTION:
        *strict = true;
        break;
      case TIMESTAMP_OPTION:
        o->timestamp = optarg ? optarg : default_timestamp;
        break;
      case HELP_OPTION:
        usage (EXIT_SUCCESS);
      case VERSION_OPTION:
        /* Through a cat link, "cat (grabrat VERSION) 9.1": the
           coreutils cat it reproduces.  */
        if (streq (called_name (), "cat"))
          emit_version_of ("cat", COREUTILS_VERSION);
        else
          emit_version ("rat");
        exit (EXIT_SUCCESS);
      default:
        usage (EXIT_FAILURE);
      }
  return optind;
}

/* Set up what the options ask for once stdout is known: colours and the
   progress meter over the N operands NAMES.  */
static void
setup_extras (struct rat *r, enum when color, enum when progress,
              char *const *names, int n)
{
  struct fmt_opts *o = &r->fopts;
  if (color != WHEN_UNSET && when_true (color, STDOUT_FILENO, true))
    {
      if (!o->color)
        o->color = color_rules_xnew ();
    }
  else
    {
      color_rules_free (o->color);
      o->color = NULL;
    }
  r->format = (o->number || o->squeeze || o->show_ends
               || o->show_nonprinting || o->show_tabs || o->timestamp
               || o->color);
  if (progress != WHEN_UNSET
      && when_true (progress, STDERR_FILENO, false))
    {
      r->progress = progress_xnew (total_size (names, n), STDERR_FILENO);
      r->z.tick = progress_tick;
      r->z.tick_arg = r->progress;
      /* copy_file_range in steps the meter can follow.  */
      r->z.range_step = 16 << 20;
    }
}

int
rat_main (int argc, char **argv)
{
  set_program_name (argv[0]);
  speak_as (DOMAIN_COREUTILS);
  exit_failure = EXIT_FAILURE;

  struct rat r = { .zero_copy = true, .out_append = -1 };
  zcopy_init (&r.z);
  enum when color = WHEN_UNSET, progress = WHEN_UNSET;
  bool strict = false;
  int first = parse_options (&r, argc, argv, &color, &progress, &strict);

  if (fstat (STDOUT_FILENO, &r.out_st) != 0)
    error (EXIT_FAILURE, errno, _("standard output"));

  static char *stdin_only[] = { (char *) "-", NULL };
  char *const *names = first < argc ? argv + first : stdin_only;
  int n = first < argc ? argc - first : 1;

  int *fds = NULL;
  if (strict && ! (fds = strict_check (names, n, &r.out_st)))
    return EXIT_FAILURE;
  setup_extras (&r, color, progress, names, n);

  bool ok = true;
  for (int i = 0; i < n; i++)
    ok &= rat_file (&r, names[i], fds ? fds[i] : -1);

  if (r.fmt)
    {
      int e = fmt_end (r.fmt);
      if (e)
        error (EXIT_FAILURE, e, _("write error"));
    }
  if (r.progress)
    progress_end (r.progress);
  if (r.have_read_stdin && close (STDIN_FILENO) != 0)
    error (EXIT_FAILURE, errno, _("closing standard input"));

  fmt_free (r.fmt);
  color_rules_free (r.fopts.color);
  zcopy_fini (&r.z);
  free (r.buf);
  free (fds);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
