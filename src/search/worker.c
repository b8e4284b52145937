/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* worker.c: what a worker thread does with each item of the queue: open
   the file, read or map it chunk by chunk, search, and write the file's
   output in one piece under the output lock (small outputs of a batch's
   files together: CARRY_MAX), or stream it, holding the lock, once it
   grows big, or hand it to the --sort=path cursor.  */

#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "minmax.h"
#include "progname.h"
#include "safe-read.h"
#include "xalloc.h"
#include "xvasprintf.h"

#include "system.h"
#include "io/opener.h"
#include "search/chunk.h"
#include "search/feed.h"
#include "search/walk.h"
#include "search/worker.h"

/* How many of the walk's files a worker takes from the queue at a time,
   to open and close them with one system call each way (io/opener.h).
   A floor-like reader of the Linux tree, 2 threads, took 0.885, 0.854
   and 0.924 of its one-call-per-file time with batches of 4, 16 and 64
   (medians of 7 rotated runs, 2026-12-04).  grab -r -n 2 with batches
   of 16 against one by one: foobardoesnotexist 0.81, linus 0.90, how.to
   0.90, -H '[how] to' 0.87, return 0.83 (7 to 11 rotated runs, same day;
   strace -c: 2.2 system calls a file instead of 4).  */
enum { OPEN_BATCH = 16 };

/* Within a batch, a finished file's output waits in the worker's buffer
   to go out with the next file's, up to this many bytes, and all of it
   goes out when the batch is done: one write and one turn of the output
   lock a batch rather than a file.  Dense output was paying for the
   lock: grab -r -n 2 return on the Linux tree made 40,154 writes and
   22,712 futex calls (strace -f -c, 2026-12-05), the threads taking
   turns at the lock.  Output is delayed by at most a batch's search
   (16 small files); it is not carried with context lines (the separator
   between files is decided at write time), --line-buffered or an order
   to keep (--sort=path, grep).  */
enum { CARRY_MAX = 64 << 10 };

static void flush_or_die (struct grab_run *run, struct outbuf *ob);

/* Write W's carried output (see CARRY_MAX) and keep the rest of its
   buffer, the current file's.  */
static void
write_carried (struct worker *w)
{
  struct outbuf head = { .buf = w->out.buf, .len = w->carried,
                         .size = w->carried };
  pthread_mutex_lock (&w->run->out_lock);
  flush_or_die (w->run, &head);
  pthread_mutex_unlock (&w->run->out_lock);
  w->out.len -= w->carried;
  memmove (w->out.buf, w->out.buf + w->carried, w->out.len);
  w->carried = 0;
}

/* glibc's error () writes the program name, the message and the newline
   with separate writes to unbuffered stderr, and with several threads
   their pieces interleave: "grab: d/agrab: d/b: Permission denied: ...".
   tests/grab/errors.sh caught it (-n 4, two unreadable entries: about
   26 runs in 1000).  So threads build the whole line and write it once;
   a line shorter than PIPE_BUF is then atomic even on a shared pipe.  */
void
worker_say (struct worker *w, char const *name, char const *text,
            int errnum)
{
  /* Earlier files' output, still carried, came before this message.  */
  if (w && w->carried)
    write_carried (w);
  struct outbuf line = OUTBUF_INIT;
  struct outbuf *ob = w && w->node ? &w->node->err : &line;
  if (ob != &line && w->out.len)
    {
      /* The file's output so far comes before the message, as grep's
         error () flushes standard output first, and what it prints
         after comes after: 'grep -c x dir' says "Is a directory" before
         "dir:0" (tests/grep/messages-order.sh).  */
      outbuf_xadd (&w->node->head, w->out.buf, w->out.len);
      w->out.len = 0;
    }
  outbuf_xputs (ob, program_name);
  char const *parts[] = { name, text, errnum ? strerror (errnum) : NULL };
  for (int i = 0; i < sizeof parts / sizeof *parts; i++)
    if (parts[i])
      {
        outbuf_xputs (ob, ": ");
        outbuf_xputs (ob, parts[i]);
      }
  outbuf_xputc (ob, '\n');
  if (ob == &line)
    {
      /* grep's error () flushes standard output first (flush_or_die).  */
      if (w)
        atomic_store (&w->run->out_pending, 0);
      outbuf_flush (&line, STDERR_FILENO);
      outbuf_free (&line);
    }
}

void
worker_error (struct worker *w, char const *name, int errnum)
{
  if (!w->o->no_messages)
    worker_say (w, name, NULL, errnum);
  w->run->error_seen = true;
}

int
worker_open (char const *path, int flags)
{
  size_t len = strlen (path);
  if (len < PATH_MAX)
    return open (path, flags);

  /* Too long for one system call: walk down in pieces of directories,
     each shorter than PATH_MAX.  */
  int dfd = AT_FDCWD;
  char const *p = path;
  while (PATH_MAX <= strlen (p))
    {
      char const *cut = p + PATH_MAX - 1;
      while (p < cut && *cut != '/')
        cut--;
      if (cut == p)
        {
          errno = ENAMETOOLONG;
          break;
        }
      char *piece = xmemdup (p, cut - p + 1);
      piece[cut - p] = '\0';
      int fd = openat (dfd, piece[0] ? piece : "/",
                       O_RDONLY | O_DIRECTORY | O_NOCTTY);
      free (piece);
      if (dfd != AT_FDCWD)
        close (dfd);
      if (fd < 0)
        return -1;
      dfd = fd;
      p = cut + 1;
    }
  int fd = PATH_MAX <= strlen (p) ? -1 : openat (dfd, p, flags);
  int e = errno;
  if (dfd != AT_FDCWD)
    close (dfd);
  errno = e;
  return fd;
}

/* Write OB to standard output and empty it, with RUN's output lock
   held.  grep writes through stdio, which finds a failed write only when
   its buffer (st_blksize bytes) is full, or flushed by a diagnostic, by
   --line-buffered or at exit; a failed write ends grep's run only in the
   first case, else it goes on and says "write error" at exit, with the
   errno only if bytes were still pending then ('grep x small nosuch
   >/dev/full' says nosuch's error first, then "write error" alone):
   tests/grep/write-error.sh.  So: leave at once (other threads hold
   nothing that needs cleaning up) where grep would; else note the error,
   drop what follows, and let grab_search_all say it at the end.
   Counts and file names (-c, -l, -L) are written by grep's
   putchar_errno and fflush_errno, which only note a failure: the run
   goes on, and at exit grep skips close_stdout, so nothing is said and
   the status stays ('grep -c a 600files >/dev/full' exits 0 in
   silence).  */
static void
flush_or_die (struct grab_run *run, struct outbuf *ob)
{
  idx_t n = ob->len;
  int e = run->out_errno;
  if (e)
    ob->len = 0;
  else
    e = outbuf_flush (ob, STDOUT_FILENO);
  long long pending = atomic_load (&run->out_pending) + n;
  idx_t bs = run->o->out_blksize;
  if (e && (bs <= pending || run->o->print.line_buffered))
    {
      if (!run->o->count && run->o->list == LIST_NONE)
        {
          worker_say (NULL, "write error", NULL, e);
          _exit (EXIT_TROUBLE);
        }
      run->out_silent = true;
    }
  run->out_errno = e;
  atomic_store (&run->out_pending, e ? pending : pending % bs);
}

/* -q found its line: stop every worker.  */
static void
stop_run (struct grab_run *run)
{
  run->stop = true;
  workq_stop (run->q);
}

/* The group separator due before a file's output (*LEAD_SEP), if some
   output came before.  */
static void
write_lead_sep (struct grab_run *run, bool const *lead_sep)
{
  if (*lead_sep && run->used)
    {
      struct outbuf sep = OUTBUF_INIT;
      print_separator (&run->o->print, &sep);
      flush_or_die (run, &sep);
      outbuf_free (&sep);
    }
}

/* Write OUT, the output buffered for the current file, after the
   separator due before it, with the output lock held.  */
static void
write_locked (struct grab_run *run, struct outbuf *out, bool *lead_sep,
              bool groups)
{
  /* Decided once: grep prints a group's separator when the group starts,
     if some output came before it, so not because of this file's own
     groups ('grep --line-buffered -B1 -v -o x f' prints no "--" for
     lines -o prints nothing of: tests/grep/separators.sh).  */
  write_lead_sep (run, lead_sep);
  *lead_sep = false;
  flush_or_die (run, out);
  if (groups)
    run->used = true;
}

/* Write the temporary file SPILL (then close it) to standard output,
   after the separator due before the file's output, with the output lock
   held.  */
static void
write_spill (struct grab_run *run, int spill, bool *lead_sep)
{
  write_lead_sep (run, lead_sep);
  *lead_sep = false;
  char buf[64 * 1024];
  ptrdiff_t n;
  if (lseek (spill, 0, SEEK_SET) != 0)
    n = -1;
  else
    while (0 < (n = safe_read (spill, buf, sizeof buf)))
      {
        struct outbuf ob = { .buf = buf, .len = n, .size = n };
        flush_or_die (run, &ob);
      }
  if (n < 0)
    {
      worker_say (NULL, "cannot read a temporary file", NULL, errno);
      _exit (EXIT_TROUBLE);
    }
  close (spill);
}

/* Move W's output to the end of its temporary file, made in $TMPDIR (or
   /tmp) and unlinked at once.  */
static void
spill_out (struct worker *w)
{
  if (w->spill < 0)
    {
      char const *dir = getenv ("TMPDIR");
      if (!dir || !*dir)
        dir = "/tmp";
      char *t = xasprintf ("%s/grabratXXXXXX", dir);
      w->spill = mkostemp (t, O_CLOEXEC);
      if (w->spill < 0)
        {
          worker_say (NULL, dir, "cannot create a temporary file", errno);
          _exit (EXIT_TROUBLE);
        }
      unlink (t);
      free (t);
    }
  int e = outbuf_flush (&w->out, w->spill);
  if (e)
    {
      worker_say (NULL, "cannot write a temporary file", NULL, e);
      _exit (EXIT_TROUBLE);
    }
}

/* Write what of NODE's output comes before the rest of it: what came
   before its diagnostics, then them (see struct onode).  LEAD_SEP and
   GROUPS are its printer's.  With the output lock held.  */
static void
write_head (struct grab_run *run, struct onode *node, bool *lead_sep,
            bool groups)
{
  if (node->head.len)
    write_locked (run, &node->head, lead_sep, groups);
  if (node->err.len)
    {
      /* grep's error () flushes standard output first (flush_or_die).  */
      atomic_store (&run->out_pending, 0);
      outbuf_flush (&node->err, STDERR_FILENO);
      outbuf_free (&node->err);
    }
}

/* The printer's hook: OUT is big, or lines are to go out at once.  From
   now on this file holds the output lock until it is done, so that no
   other file's output lands in the middle of it.  With --sort=path (and
   for grep) the walk's order decides instead: a file whose turn has come
   (everything before it is out) writes at once; another moves its output
   to a temporary file, to be written when its turn comes.  So a worker
   holds at most about flush_at bytes of output in memory, plus the
   output of files done out of turn whose output stayed under flush_at,
   and never waits: a slow early file lets the others run ahead, their
   outputs going to temporary files.  */
static void
flush_hook (void *ctx)
{
  struct worker *w = ctx;
  if (w->node)
    {
      struct grab_run *run = w->run;
      pthread_mutex_lock (&run->out_lock);
      bool turn = run->order.cur == w->node;
      if (turn && 0 <= w->spill)
        {
          write_spill (run, w->spill, &w->pr.lead_sep);
          w->spill = -1;
        }
      if (turn)
        {
          write_head (run, w->node, &w->pr.lead_sep, w->pr.groups);
          write_locked (run, &w->out, &w->pr.lead_sep, w->pr.groups);
        }
      pthread_mutex_unlock (&run->out_lock);
      /* What comes after a diagnostic (a count, a name: little) stays
         here, after the diagnostic, rather than before it in the
         temporary file.  */
      if (!turn && !w->node->err.len)
        spill_out (w);
      return;
    }
  if (!w->holding)
    {
      pthread_mutex_lock (&w->run->out_lock);
      w->holding = true;
    }
  write_locked (w->run, &w->out, &w->pr.lead_sep, w->pr.groups);
  w->carried = 0;
}

/* Whether a file's engine failure ends RUN, unordered: grep 3.8 dies
   there (exit status 2, no count, no later file), unless -q's match
   ended the run before (grep -q stops at the first match).  In order,
   grab_emit decides.  */
static bool
failure_ends_run (struct grab_run const *run)
{
  return !(run->o->exit_on_match && run->matched);
}

/* The --sort=path cursor's hook: NODE's turn has come.  Its diagnostics
   come where grep's error () would have flushed standard output: after
   the output before them, before the output after them (write_head).
   A file whose search failed ends the run there, as grep's die () does
   (tests/grep/pcre-limits.sh): no later file's output appears; nor does
   a failure after -q's file, whose turn halts the cursor.  */
void
grab_emit (void *ctx, struct onode *node)
{
  struct grab_run *run = ctx;
  if (node->spilled)
    write_spill (run, node->spill, &node->lead_sep);
  write_head (run, node, &node->lead_sep, node->groups);
  write_locked (run, &node->out, &node->lead_sep, node->groups);
  if (node->fatal)
    _exit (EXIT_TROUBLE);
  if (node->stops)
    {
      /* grep -q exits at its first selected line: nothing of the files
         after it shows, not even the diagnostics of files searched ahead
         ('grep -q foo words nope' says nothing: tests/grep/quiet.sh).  */
      run->order.halted = true;
      stop_run (run);
    }
}

/* The engine failed on W's file (w->failed): print the file's output,
   then the engine's message, and end the run, as grep does.  With an
   order (grep, --sort=path) that waits for the file's turn (grab_emit);
   else the file's output goes out at once, and the output lock, held
   until the end, keeps any later file's out.  */
static void
finish_failed (struct worker *w)
{
  w->failed = false;
  if (w->node)
    {
      worker_say (w, w->pr.name, w->s.error, 0);
      w->node->fatal = true;
      return;
    }
  if (!failure_ends_run (w->run))
    return;
  if (!w->holding)
    pthread_mutex_lock (&w->run->out_lock);
  write_locked (w->run, &w->out, &w->pr.lead_sep, w->pr.groups);
  worker_say (NULL, w->pr.name, w->s.error, 0);
  _exit (EXIT_TROUBLE);
}

/* The file is done: let its output go.  */
static void
finish_output (struct worker *w)
{
  struct grab_run *run = w->run;
  if (w->failed)
    finish_failed (w);
  if (w->node)
    {
      struct onode *n = w->node;
      n->out = w->out;
      n->lead_sep = w->pr.lead_sep;
      n->groups = w->pr.groups;
      n->spilled = 0 <= w->spill;
      n->spill = w->spill;
      w->spill = -1;
      w->out = (struct outbuf) OUTBUF_INIT;
      pthread_mutex_lock (&run->out_lock);
      order_done (&run->order, n);
      pthread_mutex_unlock (&run->out_lock);
      w->node = NULL;
      return;
    }
  if (w->carry && !w->holding && w->out.len < CARRY_MAX)
    {
      w->carried = w->out.len;
      return;
    }
  if (w->out.len || w->pr.lead_sep || w->pr.groups || w->holding)
    {
      if (!w->holding)
        pthread_mutex_lock (&run->out_lock);
      write_locked (run, &w->out, &w->pr.lead_sep, w->pr.groups);
      w->holding = true;
    }
  if (w->holding)
    pthread_mutex_unlock (&run->out_lock);
  w->holding = false;
  w->carried = 0;
}

static bool
is_device (mode_t m)
{
  return S_ISCHR (m) || S_ISBLK (m) || S_ISSOCK (m) || S_ISFIFO (m);
}

static bool
skip_devices (struct grab_opts const *o, bool command_line)
{
  return (o->devices == DEVS_SKIP
          || (o->devices == DEVS_READ_COMMAND_LINE && !command_line));
}

/* Search the open file FD (status ST) called NAME, reading it with IN
   (or in pieces with other workers: chunk.h).  Return the number of
   selected lines.  */
static intmax_t
search_fd (struct worker *w, int fd, struct stat const *st, char const *name,
           struct input_params const *in, bool *at_eof)
{
  struct grab_opts const *o = w->o;
  struct search *s = &w->s;
  struct engine_ops const *eng = w->run->eng;
  void const *re = w->run->re;
  struct chunk_job *job = NULL;
  if (0 <= o->input.mmap_min && o->input.mmap_min <= st->st_size
      && chunk_wanted (w, st) && (job = chunk_start (w, fd, st, name)))
    {
      eng = chunk_engine (job);
      re = job;
      in = chunk_input (job);
    }
  /* Kept across a SIGBUS longjmp.  */
  struct chunk_job *volatile vjob = job;
  bool binary_rule = o->binary_files != BIN_TEXT && o->search.eol;
  /* Lines selected when NULs were seen.  Volatile: kept across a SIGBUS
     longjmp.  */
  intmax_t volatile first_null = -1;
  /* Volatile: a SIGBUS longjmp may come back to the loop's top.  */
  off_t volatile keep = 0, need = 0;
  bool without_match = false;   /* a binary file, skipped */
  *at_eof = false;

  search_begin (s, &o->search, eng, re, w->scratch,
                o->print.json ? &print_json_sink : &print_sink, &w->pr);
  input_begin (w->rd, fd, st, in);
  for (;;)
    {
      struct input_chunk ch;
      if (sigsetjmp (*input_guard (w->rd), 0) != 0)
        {
          worker_say (w, name, "file shrank while being read", 0);
          w->run->error_seen = true;
          break;
        }
      int r = input_next (w->rd, keep, need, o->search.eol, &ch);
      if (r <= 0)
        {
          input_unguard (w->rd);
          if (r < 0)
            worker_error (w, name, -r);
          else
            *at_eof = true;
          break;
        }
      char const *nul;
      if (binary_rule && first_null < 0
          && (nul = memchr (ch.buf + (need - ch.start), '\0',
                            ch.len - (need - ch.start))))
        {
          w->pr.binary_offset = ch.start + (nul - ch.buf);
          if (o->binary_files == BIN_WITHOUT_MATCH)
            {
              input_unguard (w->rd);
              without_match = true;
              break;
            }
          first_null = s->selected;
          if (!o->count)
            search_binary (s);
        }
      /* grep 3.8 matches the rest of a binary file with each NUL taken
         for a line end: '^foo' and -x find 'foo' after a NUL, and -c
         counts the pieces ('printf "a\0a\n" | grep -c a' says 2).  Read
         buffers are ours to change.  */
      if (o->nul_lines && 0 <= first_null && !ch.mapped)
        {
          char *p = (char *) ch.buf + (need - ch.start);
          char *lim = (char *) ch.buf + ch.len;
          while ((p = memchr (p, '\0', lim - p)))
            *p++ = o->search.eol;
        }
      off_t k;
      if (vjob)
        chunk_set_base (vjob, keep);
      need = search_chunk (s, ch.buf, ch.len, ch.start, keep, need, ch.eof,
                           &k);
      keep = k;
      input_unguard (w->rd);
      if ((s->done && s->pending <= 0) || w->run->stop)
        break;
      if (ch.eof && ch.start + ch.len <= need)
        {
          *at_eof = true;
          break;
        }
    }
  input_end (w->rd);
  /* --json's bytes_searched, as ripgrep counts them: to the end of the
     last selected line when -m stopped the search.  */
  w->pr.searched = s->outleft <= 0 ? s->after_match : need;
  if (vjob)
    chunk_finish (vjob);
  if (without_match)
    return 0;
  /* The engine gave up (a PCRE2 limit): grep dies at once, before the
     count, the file name of -l and "binary file matches".  */
  if (s->error)
    {
      w->failed = true;
      w->run->error_seen = true;
      return s->selected;
    }
  /* --json says it in the end record's binary_offset.  */
  if (o->binary_files == BIN_BINARY && !o->search.quiet && !o->print.json
      && (w->pr.encoding_error
          || (0 <= first_null && first_null < s->selected)))
    {
      /* grep counts the match it did not print as output all the same: a
         context group after it, in this file or a later one, starts with
         a separator ('printf "x\0\n" >a; printf "x\ny\n" >b; grep -A1
         x a b' starts with "--": tests/grep/separators.sh).  */
      w->pr.groups = true;
      worker_say (w, name, "binary file matches", 0);
    }
  return s->selected;
}

/* After searching standard input: leave its offset just after the last
   selected line when -m stopped the search, or read it to its end when the
   search stopped early otherwise (grep's rules, for shell loops that read
   on).  */
static void
finish_stdin (struct worker *w, off_t start, bool at_eof)
{
  if (at_eof)
    return;
  /* -q: grep exits at once, leaving a pipe unread ('tail -f log | grep
     -q READY' returns: tests/grep/quiet.sh), and a file read as far as
     its buffer went (all of a small file, as here).  */
  if (w->o->exit_on_match)
    {
      (void) lseek (STDIN_FILENO, 0, SEEK_END);
      return;
    }
  if (w->s.outleft <= 0)
    {
      if (lseek (STDIN_FILENO, start + w->s.after_match, SEEK_SET) < 0
          && errno != ESPIPE)
        worker_error (w, w->pr.name, errno);
      return;
    }
  if (lseek (STDIN_FILENO, 0, SEEK_END) < 0)
    {
      char buf[16384];
      ptrdiff_t n;
      while (0 < (n = safe_read (STDIN_FILENO, buf, sizeof buf)))
        continue;
    }
}

/* Open IT with FLAGS: by its name in its listing's directory if that is
   open, else by its path.  */
static int
work_open (struct work const *it, int flags)
{
  if (it->from && 0 <= it->from->fd)
    return openat (it->from->fd, it->name, flags);
  return worker_open (it->path, flags);
}

/* The flags to open the file IT with.  */
static int
open_flags (struct grab_opts const *o, struct work const *it)
{
  return (O_RDONLY | O_NOCTTY
          | (it->command_line || o->follow_links ? 0 : O_NOFOLLOW)
          | (skip_devices (o, it->command_line) ? O_NONBLOCK : 0));
}

/* Search the file or operand IT, called NAME, open as FD (minus the errno
   value if it could not be opened).  Return true if FD was handed to the
   walk (a directory): then there is nothing more to do with it, else the
   caller closes FD (unless standard input, or not open) and finishes the
   file's output.  */
static bool
search_file (struct worker *w, struct work *it, char const *name, int fd)
{
  struct grab_opts const *o = w->o;
  /* Before any return: finish_output reads the printer's state, which
     must not be the previous file's (its pending group separator came
     out again after a file too short to search: tests/grep/separators.sh).  */
  print_begin (&w->pr, name, it->with_name);
  if (fd < 0)
    {
      /* ELOOP without following links is a link, skipped in silence as
         grep does; under grep -R, which follows them, it is a link that
         loops (to itself, or through others), which grep reports: fts
         gives it as FTS_NS, its stat having failed with ELOOP
         (tests/grep/walk-loops.sh).  */
      if (it->command_line || o->follow_links || fd != -ELOOP)
        worker_error (w, name, -fd);
      return false;
    }
  struct stat st;
  if (fstat (fd, &st) != 0)
    {
      worker_error (w, name, errno);
      return false;
    }
  if (!it->stdin_ && S_ISDIR (st.st_mode))
    {
      if (it->command_line && !o->omit_dot_slash && o->excluded_dir[1]
          && excluded_file_name (o->excluded_dir[1], it->path))
        return false;
      /* --max-depth 0: an operand that is a directory gives nothing.  */
      if (o->directories == DIRS_RECURSE && o->max_depth <= it->depth)
        return false;
      if (o->directories == DIRS_RECURSE)
        {
          struct work dir = *it;
          if (it->command_line && o->with_filename < 0)
            dir.with_name = true;
          if (w->node)
            {
              w->node->is_dir = true;
              w->node = NULL;
            }
          walk_dir (w, &dir, fd);
          return true;
        }
      if (o->directories == DIRS_SKIP)
        return false;
    }
  if (!it->stdin_ && is_device (st.st_mode)
      && skip_devices (o, it->command_line))
    return false;
  /* --include and --exclude are for files: a directory operand that is
     not walked is read (EISDIR) whatever they say, as in grep's
     skipped_file (tests/grep/walk-operands.sh).  */
  if (!it->stdin_ && it->command_line && o->excluded[1]
      && !S_ISDIR (st.st_mode)
      && excluded_file_name (o->excluded[1], it->path))
    return false;
  if (o->out_is_regular && S_ISREG (st.st_mode)
      && st.st_ino == o->out_ino && st.st_dev == o->out_dev)
    {
      if (!o->no_messages)
        worker_say (w, name, "input file is also the output", 0);
      w->run->error_seen = true;
      return false;
    }
  if (S_ISREG (st.st_mode) && grab_too_short (o, &st))
    return false;
  if (S_ISREG (st.st_mode) && !it->command_line
      && 0 <= o->max_filesize && o->max_filesize < st.st_size)
    return false;
  if (o->files_only)
    {
      print_name_only (&w->pr);
      w->run->matched = true;
      return false;
    }

  if (o->print.align_tabs)
    print_set_size (&w->pr, S_ISREG (st.st_mode) ? st.st_size : -1);
  /* Where standard input starts: its offsets are counted from there
     ('{ read l; grep -m2 x; grep -c x; } <file' counts from after the
     second match: tests/grep/stdin-turns.sh).  */
  off_t start = it->stdin_ ? MAX (0, lseek (fd, 0, SEEK_CUR)) : 0;
  bool at_eof;
  intmax_t count = search_fd (w, fd, &st, name,
                              (it->command_line ? &o->input
                               : &o->input_walk), &at_eof);
  if (w->failed)
    return false;
  if (o->print.json)
    print_json_end (&w->pr, count, &w->json);
  if (o->count)
    print_count (&w->pr, count);
  if (o->list == (count ? LIST_MATCHING : LIST_NONMATCHING))
    print_name_only (&w->pr);
  if (count || (o->exit_on_match && w->s.stopped_empty))
    {
      w->run->matched = true;
      /* -q: in the walk's order (grep), the run ends when this file's
         turn comes (grab_emit); else at once, and messages about files
         searched meanwhile may have been printed.  */
      if (o->exit_on_match && w->node)
        w->node->stops = true;
      else if (o->exit_on_match)
        stop_run (w->run);
    }
  if (it->stdin_ && o->list == LIST_NONE)
    finish_stdin (w, start, at_eof);
  return false;
}

/* Wait until the standard input operand IT may be read, or (DONE) let
   the next one go.  grep reads '-' operands one after the other, and
   what each finds depends on where the one before left the offset
   (read to its end, or left after -m's last line) and on what it did to
   the input: 'grep x - - <dir' says "Is a directory" for the first and
   "Invalid argument" for the second, whose read follows the first's
   seek to the end (tests/grep/messages.sh).  The queue hands operands
   out in order, so the turn awaited is always taken by a worker that
   does not wait for this one.  */
static void
take_stdin_turn (struct grab_run *run, struct work const *it, bool done)
{
  pthread_mutex_lock (&run->stdin_lock);
  if (done)
    {
      run->stdin_next++;
      pthread_cond_broadcast (&run->stdin_cond);
    }
  else
    while (run->stdin_next != it->stdin_turn)
      pthread_cond_wait (&run->stdin_cond, &run->stdin_lock);
  pthread_mutex_unlock (&run->stdin_lock);
}

/* Handle one file or operand.  */
static void
do_file (struct worker *w, struct work *it)
{
  if (it->stdin_)
    take_stdin_turn (w->run, it, false);
  char const *name = it->stdin_ ? (w->o->label ? w->o->label
                                   : "(standard input)")
                                : it->path;
  w->node = it->node;
  /* --files: a regular file of the walk needs no opening, unless its
     size is to be checked.  */
  if (w->o->files_only && !it->command_line && it->type == DT_REG
      && w->o->max_filesize < 0)
    {
      print_begin (&w->pr, name, true);
      print_name_only (&w->pr);
      w->run->matched = true;
      finish_output (w);
      return;
    }
  int fd = STDIN_FILENO;
  if (!it->stdin_ && (fd = work_open (it, open_flags (w->o, it))) < 0)
    fd = -errno;
  if (!search_file (w, it, name, fd))
    {
      if (!it->stdin_ && 0 <= fd && close (fd) != 0)
        worker_error (w, name, errno);
      finish_output (w);
    }
  if (it->stdin_)
    take_stdin_turn (w->run, it, true);
}

/* Whether IT can be opened in a batch: a regular file of the walk, to be
   opened in its listing's directory.  Not a FIFO (grep -R, -D read): the
   ring tries each open without blocking first, which opens a FIFO
   without waiting for a writer, and the read then finds it empty
   (tests/grep/walk-loops.sh, whose writer comes late).  */
static bool
batchable (struct work const *it)
{
  return (!it->job && !it->stdin_ && !it->command_line && it->type == DT_REG
          && it->from && 0 <= it->from->fd);
}

/* Handle the N batchable files ITEMS, opened and closed through W's
   opener.  A failed close is reported after the file's output rather
   than with it under --sort=path (a read-only descriptor fails to close
   only on a broken file system).  */
static void
do_files (struct worker *w, struct work *items, int n)
{
  int dfd[OPEN_BATCH], flags[OPEN_BATCH], fd[OPEN_BATCH], err[OPEN_BATCH];
  char const *names[OPEN_BATCH];
  int close_fd[OPEN_BATCH], close_item[OPEN_BATCH], nclose = 0;
  for (int i = 0; i < n; i++)
    {
      dfd[i] = items[i].from->fd;
      names[i] = items[i].name;
      flags[i] = open_flags (w->o, &items[i]);
    }
  opener_open (w->opener, n, dfd, names, flags, fd);
  struct grab_opts const *o = w->o;
  w->carry = !o->search.context && !o->print.line_buffered;
  for (int i = 0; i < n; i++)
    {
      /* -q found a match: close the rest unread.  */
      bool skip = w->run->stop;
      if (!skip)
        w->node = items[i].node;
      if (!skip && search_file (w, &items[i], items[i].path, fd[i]))
        continue;
      if (0 <= fd[i])
        {
          close_fd[nclose] = fd[i];
          close_item[nclose++] = i;
        }
      if (!skip)
        finish_output (w);
    }
  w->carry = false;
  if (w->carried)
    write_carried (w);
  if (nclose)
    {
      opener_close (w->opener, nclose, close_fd, err);
      for (int j = 0; j < nclose; j++)
        if (err[j])
          worker_error (w, items[close_item[j]].path, err[j]);
    }
}

/* Handle a directory found by the walk.  */
static void
do_dir (struct worker *w, struct work *it)
{
  int fd = work_open (it,
                      (O_RDONLY | O_DIRECTORY | O_NOCTTY
                       | (w->o->follow_links ? 0 : O_NOFOLLOW)));
  if (fd < 0)
    {
      w->node = it->node;   /* the message goes with the directory */
      if (errno != ELOOP || w->o->follow_links)
        worker_error (w, it->path, errno);
      w->node = NULL;
      if (it->node)
        {
          pthread_mutex_lock (&w->run->out_lock);
          order_listed (&w->run->order, it->node, NULL, 0);
          pthread_mutex_unlock (&w->run->out_lock);
        }
      return;
    }
  walk_dir (w, it, fd);
}

int
worker_open_batch (int workers)
{
  struct rlimit rl;
  if (getrlimit (RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY
      && rl.rlim_cur / 4 / workers < OPEN_BATCH)
    return MAX (1, rl.rlim_cur / 4 / workers);
  return OPEN_BATCH;
}

void *
grab_worker (void *arg)
{
  struct grab_run *run = arg;
  struct worker w = {
    .run = run, .o = run->o, .scratch = run->eng->scratch_new (run->re),
    .rd = input_reader_xnew (), .out = OUTBUF_INIT, .spill = -1,
  };
  w.pr = (struct printer) {
    .o = &run->o->print, .ob = &w.out, .eng = run->eng, .re = run->re,
    .scratch = w.scratch, .flush = flush_hook, .flush_ctx = &w,
    /* Stream a file's output once it passes this size rather than hold
       it all: a memory bound, not a speed knob (one write per file is
       what keeps output fast, and nearly every file's output is far
       smaller).  */
    .flush_at = 1 << 20,
  };
  struct work items[OPEN_BATCH];
  idx_t n;
  bool try_batch = 1 < run->open_batch && !run->o->files_only;
  while ((n = workq_pop (run->q, items, try_batch ? run->open_batch : 1,
                         batchable)))
    {
      /* The ring is made on the first batch: a search of a few files
         never pays for it.  */
      if (1 < n && !w.opener
          && !(w.opener = opener_new (run->open_batch)))
        try_batch = false;
      if (1 < n && w.opener)
        do_files (&w, items, n);
      else
        for (idx_t i = 0; i < n; i++)
          {
            struct work *it = &items[i];
            if (it->job)
              chunk_help (&w, it->job);
            else if (it->feed)
              feed_step (&w, it);
            else if (it->type == DT_DIR && !it->command_line)
              do_dir (&w, it);
            else
              do_file (&w, it);
          }
      for (idx_t i = 0; i < n; i++)
        work_release (&items[i]);
      workq_done (run->q, n);
    }
  if (run->o->print.json)
    {
      pthread_mutex_lock (&run->out_lock);
      json_stats_add (&run->json, &w.json);
      pthread_mutex_unlock (&run->out_lock);
    }
  opener_free (w.opener);
  run->eng->scratch_free (w.scratch);
  input_reader_free (w.rd);
  outbuf_free (&w.out);
  return NULL;
}
