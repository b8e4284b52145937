/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* settle.c: a parsed command line (struct front_cmdline, cmdline.h)
   settled into the one struct search_config that the search reads and
   never writes, and the pattern compiled: grep's rules of precedence (-q
   over -l and -L over -c), the context defaults, the file-name prefix
   rule, what /dev/null as output allows, the operands' defaults
   (standard input, or '.' under -r), the engine chosen and the pattern
   compiled.  The one place every command line ends up, settled in steps,
   each a function: patterns, output, print, engine, threads, operands;
   then handed to the search (search/run.c).  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <sys/stat.h>
#include <unistd.h>

#include "c-strcase.h"
#include "error.h"
#include "localeinfo.h"
#include "minmax.h"
#include "nproc.h"
#include "xalloc.h"

#include "system.h"
#include "search/config.h"
#include "front/cmdline.h"
#include "engines/utf8chars.h"
#include "search/json.h"
#include "search/run.h"
#include "front/settle.h"

static bool
utf8_locale (void)
{
  return 1 < MB_CUR_MAX && c_strcasecmp (nl_langinfo (CODESET), "UTF-8") == 0;
}

/* Whether standard output should get colours for --color=auto.  GNU
   grep ignores NO_COLOR; grab honours it, as rat does.  */
static bool
should_colorize (bool grep)
{
  char const *t = getenv ("TERM");
  char const *no_color = getenv ("NO_COLOR");
  return (t && !streq (t, "dumb") && isatty (STDOUT_FILENO)
          && (grep || !no_color || !*no_color));
}

/* grep runs the pattern once on an empty line before any file (to learn
   whether empty lines can be skipped), and a failure there ends the run,
   in the name of standard input whatever the operands and --label
   (engine.h's probe_empty).  */
static void
probe_empty_line (struct search_run const *run)
{
  if (!run->eng->probe_empty)
    return;
  void *scratch = run->eng->scratch_new (run->re);
  if (run->eng->probe_empty (run->re, scratch))
    {
      int code;
      char const *msgid = run->eng->error (scratch, &code);
      error (EXIT_TROUBLE, 0, _(msgid), _("(standard input)"), code);
    }
  run->eng->scratch_free (scratch);
}

/* A closed standard output ('grep x f >&-') stays unwritable: the run's
   own descriptors must not take its number, or output would go to a
   file opened for reading, or to the ring that opens files (io/opener.h:
   EINVAL, where grep's writes fail with EBADF and its exit says "write
   error: Bad file descriptor", random tester seed 1796546253 case
   21896).  /dev/null opened for reading holds the place: writes to it
   fail with EBADF too.  */
static void
hold_closed_stdout (void)
{
  if (0 <= fcntl (STDOUT_FILENO, F_GETFD) || errno != EBADF)
    return;
  int fd = open ("/dev/null", O_RDONLY);
  if (0 <= fd && fd != STDOUT_FILENO)
    {
      dup2 (fd, STDOUT_FILENO);
      close (fd);
    }
}

/* What one step of settle_cmdline leaves for the next.  */
struct settle_state
{
  struct localeinfo li;  /* grep's, when LI_MADE */
  bool li_made;
  bool grep_fixed;       /* keys_fixed's verdict */
  bool pcre;             /* PCRE2 compiles the patterns */
  bool utf8;             /* a UTF-8 locale */
};

/* The patterns: the first operand when no -e or -f gave one, duplicates
   dropped, --json's implications, grep's choice of matcher (grep-keys.c),
   -H's engine.  Return the engine.  */
static struct engine_ops const *
settle_patterns (struct search_config *o, struct front_cmdline *cl,
                 struct settle_state *st)
{
  /* --files: no pattern, every operand a file; the pattern that is
     compiled is never used.  */
  if (o->files_only && !cl->have_keys)
    {
      cmdline_add_patterns (&cl->pats, "", 0);
      cl->have_keys = true;
    }
  if (!cl->have_keys)
    {
      if (cl->nfiles == 0)
        cl->usage (EXIT_TROUBLE);
      char const *pat = *cl->files++;
      cl->nfiles--;
      cmdline_add_patterns (&cl->pats, pat, strlen (pat));
    }
  cmdline_dedup_patterns (&cl->pats);
  if (o->print.json)
    {
      /* ripgrep's records carry line numbers and whole lines, without
         colours or prefixes; its name for standard input.  */
      o->search.number = o->print.number = true;
      o->print.only_matching = o->print.offset = o->print.null_name = false;
      cl->color = 0;
      if (!o->label)
        o->label = "<stdin>";
      o->print.pattern_given = cl->pats.given;
    }
  struct engine_ops const *eng = &engine_pcre2;
  /* Made once, for grep-keys.c and the engine (256 mbrtowc calls each
     took a quarter of a one-line grep's instructions).  */
  if (cl->keys_fixed && cl->syntax != ENGINE_SYNTAX_PCRE)
    {
      st->li_made = true;
      init_localeinfo (&st->li);
      eng = (cl->keys_fixed (&st->li, &cl->pats, cl->literal, cl->syntax,
                             cl->icase, cl->word, &st->grep_fixed)
             ? &engine_fixed : &engine_dfa);
      cl->literal = false;
    }
  /* PCRE2 compiles the pattern (grab's -H too: Hyperscan takes PCRE's
     syntax, and PCRE2 confirms what it finds).  */
  st->pcre = eng == &engine_pcre2;
  if (cl->hyperscan)
    {
      char const *why;
      eng = engine_named ("hyperscan", &why);
      if (!eng)
        error (EXIT_TROUBLE, 0, G_("-H: the Hyperscan engine is %s"), why);
    }

  /* grep: no patterns at all (-f /dev/null) match nothing.  */
  if (cl->pats.n == 0)
    {
      o->search.invert = !o->search.invert;
      cl->word = cl->line_x = false;
      cmdline_add_patterns (&cl->pats, "", 0);
    }

  return eng;
}

/* What is printed: -l and -O, -s, standard output's kind (a regular
   file to refuse reading back, /dev/null), grep's precedence, context,
   and -m 0 (which ends the run here).  */
static void
settle_output (struct search_config *o, struct front_cmdline *cl)
{
  /* -l with -O lists offsets; -s is one match per file.  */
  if (cl->opt_l && o->print.offset)
    o->print.offsets_only = true;
  else if (cl->opt_l)
    o->list = LIST_MATCHING;
  if (cl->opt_s && 1 < o->search.max_count)
    o->search.max_count = 1;

  /* Standard output: refuse to read it back; /dev/null means no output. */
  struct stat out_st;
  bool dev_null_output = false;
  o->out_blksize = BUFSIZ;
  if (!o->exit_on_match && fstat (STDOUT_FILENO, &out_st) == 0)
    {
      if (0 < out_st.st_blksize)
        o->out_blksize = out_st.st_blksize;
      if (S_ISREG (out_st.st_mode))
        {
          o->out_is_regular = true;
          o->out_dev = out_st.st_dev;
          o->out_ino = out_st.st_ino;
        }
      else if (S_ISCHR (out_st.st_mode))
        {
          struct stat null_st;
          if (stat ("/dev/null", &null_st) == 0
              && out_st.st_ino == null_st.st_ino
              && out_st.st_dev == null_st.st_dev)
            dev_null_output = true;
        }
    }
  hold_closed_stdout ();

  if (o->files_only)
    {
      o->list = LIST_NONE;
      o->count = o->out_is_regular = o->print.offsets_only = false;
    }
  /* grep's precedence: -q beats -l and -L, which beat -c.  */
  bool done_on_match = false;
  if (o->exit_on_match || dev_null_output)
    {
      o->list = LIST_NONE;
      o->print.offsets_only = false;
    }
  if (o->exit_on_match || dev_null_output || o->list != LIST_NONE)
    {
      o->count = false;
      done_on_match = true;
    }
  o->search.quiet = o->count || done_on_match;
  o->search.stop_on_match = done_on_match;
  o->search.match_offset = (o->print.offset && !o->print.line_offset
                            && !o->print.offsets_only);
  intmax_t ctx = cl->context < 0 ? 0 : cl->context;
  o->search.after = cl->after < 0 ? ctx : cl->after;
  o->search.before = cl->before < 0 ? ctx : cl->before;
  o->search.context = 0 <= cl->after || 0 <= cl->before || 0 <= cl->context;

  bool only_empty = cl->pats.n == 1 && cl->pats.lens[0] == 0;
  if ((o->search.max_count == 0
       || (only_empty && o->search.invert && !cl->line_x && !cl->word))
      && o->list != LIST_NONMATCHING)
    exit (EXIT_FAILURE);
  /* grep refuses to read its output back only when it could loop:
     output, no list, and -m above 1 (a negative -m is not above 1:
     tests/grep/max-count.sh).  */
  o->out_is_regular &= (!o->search.quiet && o->list == LIST_NONE
                        && 1 < o->search.max_count);
  /* A negative -m: grep 3.8 stops a file when its count of lines still
     allowed is exactly 0, which a count below 0 never is, and its -v
     prints a run of lines while their number is below that count: so no
     limit, and under -v no line at all (the files are still read, and
     their errors said): tests/grep/max-count.sh.  */
  if (o->search.max_count < 0)
    o->search.max_count = o->search.invert ? -1 : INTMAX_MAX;
}

/* Colours (GREP_COLORS, grep's GREP_COLOR) and what a binary file or an
   encoding error does to the output.  */
static void
settle_print (struct search_config *o, struct front_cmdline *cl, bool utf8)
{
  o->print.color = (cl->color == 1
                    || (cl->color == 2 && should_colorize (cl->grep)));
  /* grep 3.8 still takes GREP_COLOR (digits and ';' only) for the match
     colour, under GREP_COLORS, and warns when it has an effect.  */
  char const *legacy = NULL;
  if (cl->grep && o->print.color)
    {
      char const *v = getenv ("GREP_COLOR");
      if (v && *v && strspn (v, "0123456789;") == strlen (v))
        legacy = v;
    }
  print_parse_colors (&o->print.colors,
                      o->print.color ? getenv ("GREP_COLORS") : NULL, legacy);
  if (legacy && (o->print.colors.ms == legacy
                 || o->print.colors.mc == legacy))
    error (0, 0, _("warning: GREP_COLOR='%s' is deprecated;"
                   " use GREP_COLORS='mt=%s'"), legacy, legacy);
  o->print.invert = o->search.invert;
  o->print.eol = o->search.eol;
  /* grab's bytes go to a terminal raw only when asked (-a,
     --binary-files): a file with a NUL byte gets grep's notice there
     instead, but a line with an encoding error is still printed
     (tests/grab/terminal.sh).  */
  bool tty_binary = (!cl->grep && !cl->binary_set && !o->print.json
                     && o->binary_files == BIN_TEXT
                     && isatty (STDOUT_FILENO));
  if (tty_binary)
    o->binary_files = BIN_BINARY;
  /* Asked for grep's binary rule, grab matches as grep -P then does,
     each NUL ending a line ('printf "\0b" | grab --binary-files=binary
     ^b' matches: tests/grab/binary.sh).  */
  else if (o->binary_files == BIN_BINARY)
    o->nul_lines = true;
  /* The table is probed here, before any thread reads it.  */
  o->print.check_encoding = (o->binary_files != BIN_TEXT && utf8
                             && !tty_binary && !o->print.json
                             ? utf8chars_table () : NULL);
  o->print.check_mb_encoding = (o->binary_files != BIN_TEXT && !utf8
                                && 1 < MB_CUR_MAX && !tty_binary
                                && !o->print.json);
}

/* Compile the patterns with ENG into RUN, and what follows from the
   compiled pattern (--debug's description, the shortest match).  */
static void
settle_engine (struct search_config *o, struct front_cmdline *cl,
               struct search_run *run, struct engine_ops const *eng,
               struct settle_state *st)
{
  /* grep 3.8's -P takes one pattern (after removing duplicates), which
     its compile step checks: after -m 0 has ended the run, and after the
     GREP_COLOR warning (tests/grep/messages.sh).  */
  if (cl->grep && st->pcre && 1 < cl->pats.n)
    error (EXIT_TROUBLE, 0, _("the -P option only supports a single pattern"));
  if (st->pcre && 1 < MB_CUR_MAX && !st->utf8)
    error (EXIT_TROUBLE, 0, _("-P supports only unibyte and UTF-8 locales"));

  struct engine_pattern ep = {
    .pats = (char const *const *) cl->pats.pats, .lens = cl->pats.lens,
    .n = cl->pats.n, .syntax = cl->syntax, .file = cl->pats.file,
    .lineno = cl->pats.lineno, .literal = cl->literal,
    .icase = cl->icase,
    .word = cl->word, .line = cl->line_x, .grep_fixed = st->grep_fixed,
    .utf8 = st->utf8, .bare_errors = cl->grep,
    .word_as_grep = cl->grep, .eol = o->search.eol,
    .li = st->li_made ? &st->li : NULL,
    .which = o->print.json,
  };
  run->eng = eng;
  /* The DFA's sentinel and grep's NUL line ends write into the chunks
     (mappings are then private copies on write: io/input.h).  */
  if (eng->writes_end || o->nul_lines)
    o->input.writable = true;
  char *err;
  run->re = run->eng->compile (&ep, &err);
  if (!run->re)
    error (EXIT_TROUBLE, 0, "%s", err);
  probe_empty_line (run);
  o->debug = cl->debug;
  if (cl->debug)
    error (0, 0, "%s", run->eng->describe (run->re));

  /* Files shorter than any match need no search, unless every file
     counts in the output (-v selects lines that do not match; -c prints a
     count and -L a name for each file; --json counts each file searched
     in its summary, as ripgrep does).  */
  if (!o->search.invert && !o->count && o->list != LIST_NONMATCHING
      && !o->files_only && !o->print.json)
    o->min_size = run->eng->min_length (run->re);
}

/* The file-name prefix, how many threads, and how files are read.
   NUM_OPERANDS: the operands given.  */
static void
settle_threads (struct search_config *o, struct front_cmdline *cl,
                int num_operands)
{
  if (cl->files_from && num_operands)
    {
      /* coreutils' rule and words (wc, du, sort --files0-from).  */
      error (0, 0, G_("extra operand %s"), quoteaf (cl->files[0]));
      fprintf (stderr, G_("file operands cannot be combined with %s\n"),
               cl->files_from_delim ? "--files-from" : "--files0-from");
      cl->usage (EXIT_TROUBLE);
    }
  /* Names from a list: how many is not known, so always with names.  */
  o->with_filename = (cl->files_from ? cl->filename_option != -1
                      : cl->filename_option == 0 && num_operands <= 1
                     ? -(o->directories == DIRS_RECURSE)
                     : 0 <= cl->filename_option);
  /* grep has no thread option (its -n is taken): OMP_NUM_THREADS sets the
     number, as for sort --parallel's default.  */
  int cpus = num_processors (cl->grep ? NPROC_CURRENT_OVERRIDABLE
                             : NPROC_CURRENT);
  /* A big file's pieces keep the CPUs busy: one worker each.  */
  o->bigfile_threads = cl->threads ? cl->threads : cpus;
  /* The walk's workers also wait for the disk when the tree is not in
     the page cache: more readers than CPUs keep it busy.  The Linux tree
     after drop_caches, 2 vCPUs (2026-12-03, /usr/bin/time, three runs
     each): grab linus -n 8 2.56-2.63 s, -n 16 1.76-2.06 s, -n 32
     1.49-1.79 s (rg with its defaults 6.2 and 6.8 s); peak memory 4.9,
     7.0 and 9.6 MB (rg 7.5 MB).  16: faster than 8 by a third, and no
     more memory than ripgrep.  But warm, more threads than CPUs only
     contend: grep -r PM_RESUME with 16 made 18 threads and 18 io_uring
     rings, 445 context switches where grab -n 2 made 71, and took 1.05
     times its time.  So a run starts with a worker per CPU, and the
     walk's reads ask for the page cache only (RWF_NOWAIT): the first
     that would wait for the disk starts the other readers
     (worker.c).  */
  enum { READERS_MIN = 16 };
  o->threads = cl->threads ? cl->threads : cpus;
  o->threads_cold = (cl->threads || (cl->grep && getenv ("OMP_NUM_THREADS"))
                     ? o->threads : MAX (cpus, READERS_MIN));
  /* One malloc arena per CPU, not glibc's eight: the readers beyond
     the CPUs mostly wait for the disk, and each arena holds memory of its
     own.  grab -r on the warm Linux tree, 16 threads on 2 vCPUs
     (2026-12-03, /usr/bin/time, five runs): peak 7.3-7.6 MB with
     glibc's default, 6.0-6.2 MB with 2 arenas, 5.9-6.1 with 1 (ripgrep
     -j2: 7.5 MB); time 0.98 of the default's (11 rotated rounds).  */
#ifdef M_ARENA_MAX
  mallopt (M_ARENA_MAX, cpus);
#endif
  /* One file and no walk: a thread searches it whole, so no other is
     started ('ROUNDS=5 bench/startup.sh 1000', 2026-12-02: grep x FILE
     GNU grep's time over ours was 0.97 with the threads, 1.08
     without).  */
  if (num_operands <= 1 && o->directories != DIRS_RECURSE
      && !cl->files_from)
    o->threads = o->threads_cold = 1;

  /* Files found by the walk are read, not mapped: on the Linux tree
     (78,579 files, 2 threads, warm) --mmap=never took 0.97 of the default's
     time and 11 MB of memory instead of 31 (its 84 files of 1 MiB or more
     mapped whole).  A file big enough to be cut into pieces (bigfile.c) is
     mapped wherever it is found.  */
  o->input_walk = o->input;
  if (!o->mmap_always)
    o->input_walk.mmap_min = -1;
  /* A mapping (and a big file's pieces) would start at the file's
     start: '{ head -c 2000 >/dev/null; grep -c x; } <file' counted the
     lines before the offset too in a file of 1 MiB or more
     (tests/grep/holes.sh).  */
  o->input_unmapped = o->input;
  o->input_unmapped.mmap_min = -1;
}

int
settle_cmdline (struct search_config *o, struct front_cmdline *cl,
                struct search_run *run, char *const **operands)
{
  struct settle_state st = { .li_made = false };
  struct engine_ops const *eng = settle_patterns (o, cl, &st);
  settle_output (o, cl);
  st.utf8 = utf8_locale ();
  settle_print (o, cl, st.utf8);
  settle_engine (o, cl, run, eng, &st);
  int num_operands = cl->nfiles;
  settle_threads (o, cl, num_operands);

  char *const *files = cl->files;
  static char *const cwd_only[] = { (char *) ".", NULL };
  static char *const stdin_only[] = { (char *) "-", NULL };
  if (num_operands == 0 && !cl->files_from)
    {
      if (o->directories == DIRS_RECURSE && cl->recursive_seen)
        {
          files = cwd_only;
          o->omit_dot_slash = true;
        }
      else
        files = stdin_only;
      num_operands = 1;
    }

  *operands = files;
  return num_operands;
}

int
settle_and_search (struct search_config *o, struct front_cmdline *cl)
{
  /* --json's summary times the run from here, the settling (and the
     pattern's compilation) included.  */
  struct search_run run = { .o = o, .json_start = json_now () };
  char *const *files;
  int num_operands = settle_cmdline (o, cl, &run, &files);
  int status = search_all (o, &run, files, num_operands, cl->files_from,
                           cl->files_from_delim);
  cmdline_free_patterns (&cl->pats);
  return status;
}
