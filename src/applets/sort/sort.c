/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* sort.c: the sort applet, a drop-in for GNU sort.
   This file turns the parsed command line (cmdline.c) into the sort's
   options and the locale tables, and chooses between checking (-c),
   merging (-m) and sorting.  Comparing, sorting, merging and output live
   in the other files of this directory.  The one deliberate difference
   from GNU sort is -R, which hashes keys with seeded XXH128 instead of
   MD5: shuffles differ from GNU's for the same --random-source.  */

#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "exitfail.h"
#include "hard-locale.h"
#include "minmax.h"
#include "nproc.h"
#include "progname.h"
#include "xalloc.h"

#include "system.h"
#include "check.h"
#include "chunk.h"
#include "cmdline.h"
#include "debug.h"
#include "merge.h"
#include "randkey.h"
#include "opts.h"
#include "tempfile.h"

int sort_main (int, char **);

/* Threads past this many gain little (GNU sort's limit; on the 2-CPU
   machines we measured on, the default is 2 anyway).  */
enum { DEFAULT_MAX_THREADS = 8 };

static int
month_cmp (void const *a, void const *b)
{
  return strcmp (((struct month_name const *) a)->name,
                 ((struct month_name const *) b)->name);
}

/* The character tables, month names and number format of the locale.  */
static void
init_locale_tables (struct sort_opts *o)
{
  for (int i = 0; i <= UCHAR_MAX; i++)
    {
      bool blank = isblank (i) || i == '\n';
      o->blanks[i] = blank;
      o->nonprinting[i] = !isprint (i);
      o->nondictionary[i] = !isalnum (i) && !blank;
      o->fold_toupper[i] = toupper (i);
    }

  static char const *const c_months[MONTHS_PER_YEAR] = {
    "JAN", "FEB", "MAR", "APR", "MAY", "JUN",
    "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"
  };
  bool hard_time = o->months_allocated = hard_locale (LC_TIME);
  for (int i = 0; i < MONTHS_PER_YEAR; i++)
    {
      o->months[i].val = i + 1;
      o->months[i].name = c_months[i];
      if (hard_time)
        {
          /* Upper case, without blanks.  */
          char const *s = nl_langinfo (ABMON_1 + i);
          char *name = ximalloc (strlen (s) + 1);
          char *p = name;
          for (; *s; s++)
            if (!isblank ((unsigned char) *s))
              *p++ = o->fold_toupper[(unsigned char) *s];
          *p = '\0';
          o->months[i].name = name;
        }
    }
  qsort (o->months, MONTHS_PER_YEAR, sizeof *o->months, month_cmp);

  /* A missing or multibyte decimal point is taken as '.'; a multibyte
     thousands separator is not supported (as in GNU sort).  */
  struct lconv const *lc = localeconv ();
  o->decimal_point = lc->decimal_point[0];
  if (!o->decimal_point || lc->decimal_point[1])
    o->decimal_point = '.';
  o->thousands_sep = lc->thousands_sep[0];
  o->thousands_sep_ignored = o->thousands_sep && lc->thousands_sep[1];
  if (!o->thousands_sep || lc->thousands_sep[1])
    o->thousands_sep = NON_CHAR;
  o->hard_collate = hard_locale (LC_COLLATE);
  o->xfrm_trust = XFRM_NOTHING;
#ifdef __GLIBC__
  /* glibc: the levels and their directions (1 forward, 2 backward, 4
     position).  */
  int nrules = (intptr_t) nl_langinfo (_NL_COLLATE_NRULES);
  unsigned char const *rules
    = (unsigned char const *) nl_langinfo (_NL_COLLATE_RULESETS);
  if (nrules == 0)
    o->xfrm_trust = XFRM_WHOLE;
  else if (rules && rules[0] == 1)
    o->xfrm_trust = XFRM_FIRST_LEVEL;
#endif
}

/* Free O, which init_locale_tables and sort_main filled.  */
static void
sort_opts_free (struct sort_opts *o)
{
  if (o->months_allocated)
    for (int i = 0; i < MONTHS_PER_YEAR; i++)
      free ((char *) o->months[i].name);
  randkey_free ((struct randkey *) o->random);
  free (o);
}

/* Every input must be readable before anything is written.  */
static void
check_inputs (char *const *files, idx_t nfiles)
{
  for (idx_t i = 0; i < nfiles; i++)
    if (!streq (files[i], "-") && euidaccess (files[i], R_OK) != 0)
      sort_die (N_("cannot read"), files[i]);
}

/* Open the -o file on standard output, without truncating it yet: it
   may be an input, and an error must not destroy it.  */
static void
check_output (char const *outfile)
{
  if (!outfile)
    return;
  int fd = open (outfile, O_WRONLY | O_CREAT | O_CLOEXEC,
                 S_IRUSR | S_IWUSR | S_IRGRP | S_IWGRP | S_IROTH | S_IWOTH);
  if (fd < 0)
    sort_die (N_("open failed"), outfile);
  if (fd != STDOUT_FILENO)
    {
      dup2 (fd, STDOUT_FILENO);
      close (fd);
    }
}

/* Check (-c, -C): the exit status.  */
static int
run_check (struct sort_opts const *o, struct sort_limits const *lim,
           struct cmdline const *c)
{
  if (1 < c->nfiles)
    error (SORT_FAILURE, 0, _("extra operand %s not allowed with -%c"),
           sort_quoteaf (c->files[1]), c->checkonly);
  if (c->outfile)
    cmdline_incompatible ((char const[]) { c->checkonly, 'o', '\0' });
  return (check_file (o, lim, c->files[0], c->checkonly)
          ? EXIT_SUCCESS : SORT_OUT_OF_ORDER);
}

static void
run_merge (struct sort_opts const *o, struct sort_limits const *lim,
           struct cmdline const *c)
{
  struct mfile *files = xinmalloc (c->nfiles, sizeof *files);
  for (idx_t i = 0; i < c->nfiles; i++)
    files[i] = (struct mfile) { c->files[i], NULL };
  merge_files (o, lim, files, 0, c->nfiles, c->outfile);
  free (files);
}

int
sort_main (int argc, char **argv)
{
  set_program_name (argv[0]);
  bool locale_ok = speak_as (DOMAIN_COREUTILS);
  exit_failure = SORT_FAILURE;

  struct cmdline c;
  bool need_random;
  bool gkey_only;
  cmdline_parse (&c, argc, argv, &need_random, &gkey_only);

  struct sort_opts *o = xzalloc (sizeof *o);
  init_locale_tables (o);
  o->keys = c.keys;
  o->nkeys = c.nkeys;
  o->tab = c.tab;
  o->eol = c.eol;
  o->stable = c.stable;
  o->unique = c.unique;
  o->debug = c.debug;
  if (c.debug)
    {
      if (c.checkonly || c.outfile)
        cmdline_incompatible ((char const[]) {
            c.checkonly ? c.checkonly : 'o', ' ', '-', '-',
            'd', 'e', 'b', 'u', 'g', '\0' });
      debug_warnings (o, &c.gkey, gkey_only, locale_ok);
    }
  o->reverse = c.gkey.reverse;
  if (need_random)
    o->random = randkey_xnew (c.random_source);

  if (!c.ntemp_dirs)
    {
      char const *tmpdir = getenv ("TMPDIR");
      static char const *default_dir[1];
      default_dir[0] = tmpdir ? tmpdir : DEFAULT_TMPDIR;
      tempfile_set_dirs (default_dir, 1);
    }
  else
    tempfile_set_dirs (c.temp_dirs, c.ntemp_dirs);
  if (c.compress_program)
    {
      tempfile_set_compressor (c.compress_program);
      /* The compressors are waited for: a SIGCHLD ignored on entry would
         let the system reap them first (coreutils' sort-compress.sh runs
         sort under "trap '' CHLD").  */
      signal (SIGCHLD, SIG_DFL);
    }
  if (c.nfiles == 0)
    c.files[c.nfiles++] = (char *) "-";

  struct sort_limits lim = { c.sort_size, 1, c.nmerge };
  int status = EXIT_SUCCESS;
  if (c.checkonly)
    status = run_check (o, &lim, &c);
  else
    {
      check_inputs (c.files, c.nfiles);
      check_output (c.outfile);
      if (c.mergeonly)
        run_merge (o, &lim, &c);
      else
        {
          lim.nthreads = c.nthreads;
          if (!lim.nthreads)
            lim.nthreads = MIN (num_processors (NPROC_CURRENT_OVERRIDABLE),
                                DEFAULT_MAX_THREADS);
          chunk_sort_files (o, &lim, c.files, c.nfiles, c.outfile);
        }
    }

  /* Freed so that a leak checker sees only real leaks.  */
  sort_opts_free (o);
  cmdline_free (&c);
  return status;
}
