/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* output.c: a file's output on its way to standard output (see
   output.h): the output lock, grep's stdio as far as write errors show
   it, group separators between files, the temporary file of output
   done out of turn, --sort=path's emission, and diagnostics in their
   place among the output.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "progname.h"
#include "safe-read.h"
#include "xalloc.h"
#include "xvasprintf.h"

#include "system.h"
#include "search/output.h"
#include "search/worker-state.h"

static void flush_or_die (struct search_run *run, struct outbuf *ob);

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


/* Write W's carried output (see CARRY_MAX) and keep the rest of its
   buffer, the current file's.  */
void
output_write_carried (struct worker *w)
{
  struct outbuf head = { .buf = w->out.buf, .len = w->carried,
                         .size = w->carried };
  pthread_mutex_lock (&w->run->out_lock);
  flush_or_die (w->run, &head);
  output_unlock (w->run);
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
    output_write_carried (w);
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
worker_sayf (struct worker *w, char const *format, ...)
{
  va_list args;
  va_start (args, format);
  char *msg = xvasprintf (format, args);
  va_end (args);
  worker_say (w, msg, NULL, 0);
  free (msg);
}

void
worker_error (struct worker *w, char const *name, int errnum)
{
  if (!w->o->no_messages)
    worker_say (w, name, NULL, errnum);
  w->run->error_seen = true;
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
   drop what follows, and let search_all say it at the end.
   Counts and file names (-c, -l, -L) are written by grep's
   putchar_errno and fflush_errno, which only note a failure: the run
   goes on, and at exit grep skips close_stdout, so nothing is said and
   the status stays ('grep -c a 600files >/dev/full' exits 0 in
   silence).  */
static void
flush_or_die (struct search_run *run, struct outbuf *ob)
{
  idx_t n = ob->len;
  /* Nothing to write changes nothing: grep's stdio would not write.  */
  if (n == 0)
    return;
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
          worker_say (NULL, _("write error"), NULL, e);
          _exit (EXIT_TROUBLE);
        }
      run->out_silent = true;
    }
  run->out_errno = e;
  atomic_store (&run->out_pending, e ? pending : pending % bs);
}

/* Write OB, with RUN's output lock held.  While the order's cursor moves
   (RUN->staging), the files' outputs are gathered in RUN->stage instead,
   written when it stops (search_emitted), when it is big, or before
   anything else is written: one write for a batch of small files, where
   GNU grep's stdio buffer makes one a buffer's worth too.  'grep -r -c ^'
   on the Linux tree made 78,579 writes, 0.27 s against grab's 0.21.  */
static void
put_out (struct search_run *run, struct outbuf *ob)
{
  enum { STAGE_MAX = 64 << 10 };
  if (!run->staging || run->o->print.line_buffered)
    {
      flush_or_die (run, ob);
      return;
    }
  outbuf_xadd (&run->stage, ob->buf, ob->len);
  ob->len = 0;
  if (STAGE_MAX <= run->stage.len)
    flush_or_die (run, &run->stage);
}

/* Write what the cursor gathered, before anything else is written.  */
static void
stage_flush (struct search_run *run)
{
  flush_or_die (run, &run->stage);
}

bool
output_exit_report (struct search_run *run)
{
  if (!run->out_errno || run->out_silent)
    return false;
  /* A failed write grep's stdio would have found only at exit (see
     flush_or_die): its close_stdout gives the errno if bytes were still
     pending, or if closing the descriptor fails too (EBADF: standard
     output was closed).  */
  int e = run->out_errno;
  error (0, 0 < atomic_load (&run->out_pending) || e == EBADF ? e : 0,
         _("write error"));
  return true;
}

/* Leave now, as grep's die () does: with its exit-time report.  */
static _Noreturn void
die_now (struct search_run *run)
{
  stage_flush (run);
  output_exit_report (run);
  _exit (EXIT_TROUBLE);
}

/* -q found its line: stop every worker.  */
void
output_stop_run (struct search_run *run)
{
  run->stop = true;
  workq_stop (run->q);
}

/* The group separator due before a file's output (*LEAD_SEP), if some
   output came before.  */
static void
write_lead_sep (struct search_run *run, bool const *lead_sep)
{
  if (*lead_sep && run->used)
    {
      struct outbuf sep = OUTBUF_INIT;
      print_separator (&run->o->print, &sep);
      put_out (run, &sep);
      outbuf_free (&sep);
    }
}

/* Write OUT, the output buffered for the current file, after the
   separator due before it, with the output lock held.  */
static void
write_locked (struct search_run *run, struct outbuf *out, bool *lead_sep,
              bool groups)
{
  /* Decided once: grep prints a group's separator when the group starts,
     if some output came before it, so not because of this file's own
     groups ('grep --line-buffered -B1 -v -o x f' prints no "--" for
     lines -o prints nothing of: tests/grep/separators.sh).  */
  write_lead_sep (run, lead_sep);
  *lead_sep = false;
  put_out (run, out);
  if (groups)
    run->used = true;
}

/* Write the temporary file SPILL (then close it) to standard output,
   after the separator due before the file's output, with the output lock
   held.  */
static void
write_spill (struct search_run *run, int spill, bool *lead_sep)
{
  write_lead_sep (run, lead_sep);
  *lead_sep = false;
  stage_flush (run);
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
      worker_say (NULL, G_("cannot read a temporary file"), NULL, errno);
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
        dir = DEFAULT_TMPDIR;
      char *t = xasprintf ("%s/grabratXXXXXX", dir);
      w->spill = mkostemp (t, O_CLOEXEC);
      if (w->spill < 0)
        {
          worker_say (NULL, dir, G_("cannot create a temporary file"),
                      errno);
          _exit (EXIT_TROUBLE);
        }
      unlink (t);
      free (t);
    }
  int e = outbuf_flush (&w->out, w->spill);
  if (e)
    {
      worker_say (NULL, G_("cannot write a temporary file"), NULL, e);
      _exit (EXIT_TROUBLE);
    }
}

/* Write what of NODE's output comes before the rest of it: what came
   before its diagnostics, then them (see struct onode).  LEAD_SEP and
   GROUPS are its printer's.  With the output lock held.  */
static void
write_head (struct search_run *run, struct onode *node, bool *lead_sep,
            bool groups)
{
  if (node->head.len)
    write_locked (run, &node->head, lead_sep, groups);
  if (node->err.len)
    {
      /* A group that started before the diagnostic printed its separator
         before it too, even where grep printed none of its lines: the
         match a binary file did not print comes before "binary file
         matches" ('grep -B1 -v r bin1 bin2 2>&1' puts "--" between the
         two messages: tests/grep/separators.sh).  */
      if (groups)
        {
          write_lead_sep (run, lead_sep);
          *lead_sep = false;
        }
      /* grep's error () flushes standard output first (flush_or_die).  */
      stage_flush (run);
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
void
output_flush_hook (void *ctx)
{
  struct worker *w = ctx;
  if (w->node)
    {
      struct search_run *run = w->run;
      pthread_mutex_lock (&run->out_lock);
      order_catch_up (&run->order);
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
      output_unlock (run);
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
   search_emit decides.  */
static bool
failure_ends_run (struct search_run const *run)
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
search_emit (void *ctx, struct onode *node)
{
  struct search_run *run = ctx;
  run->staging = true;
  if (node->spilled)
    write_spill (run, node->spill, &node->lead_sep);
  write_head (run, node, &node->lead_sep, node->groups);
  struct outbuf piece = { (char *) node->piece.bytes, node->piece.len,
                          node->piece.len };
  write_locked (run, node->piece.block ? &piece : &node->out,
                &node->lead_sep, node->groups);
  outpiece_release (&node->piece);
  if (node->fatal)
    die_now (run);
  if (node->stops)
    {
      /* grep -q exits at its first selected line: nothing of the files
         after it shows, not even the diagnostics of files searched ahead
         ('grep -q foo words nope' says nothing: tests/grep/quiet.sh).  */
      run->order.halted = true;
      output_stop_run (run);
    }
}

void
search_emitted (void *ctx)
{
  struct search_run *run = ctx;
  stage_flush (run);
  run->staging = false;
}

/* The engine failed on W's file (w->failed): print the file's output,
   then the engine's message, and end the run, as grep does.  With an
   order (grep, --sort=path) that waits for the file's turn (search_emit);
   else the file's output goes out at once, and the output lock, held
   until the end, keeps any later file's out.  */
static void
finish_failed (struct worker *w)
{
  w->failed = false;
  if (w->node)
    {
      worker_sayf (w, _(w->s.error), w->pr.name, w->s.error_code);
      w->node->fatal = true;
      return;
    }
  if (!failure_ends_run (w->run))
    return;
  if (!w->holding)
    pthread_mutex_lock (&w->run->out_lock);
  write_locked (w->run, &w->out, &w->pr.lead_sep, w->pr.groups);
  worker_sayf (NULL, _(w->s.error), w->pr.name, w->s.error_code);
  /* That message flushed grep's stdout, as error () does.  */
  atomic_store (&w->run->out_pending, 0);
  die_now (w->run);
}

void
output_unlock (struct search_run *run)
{
  pthread_mutex_unlock (&run->out_lock);
  order_kick (&run->order, &run->out_lock);
}

/* The file is done: let its output go.  In the order, its node is marked
   done without the output lock, which whoever is free takes to move the
   cursor on (order_kick): with the lock taken for each of the Linux
   tree's 78,579 files, grep -r PM_RESUME made 1,767 futex calls and 506
   context switches (grab 933 and 62), and grab --sort=path took 1.12
   times grab's time.  Within a batch of small files (W->carry), the
   cursor is told once, at the batch's end (do_files): the fences and
   the lock's cache line were 2 % of grep's time on the tree.  */
void
output_finish (struct worker *w)
{
  struct search_run *run = w->run;
  if (w->failed)
    finish_failed (w);
  if (w->node)
    {
      struct onode *n = w->node;
      /* An empty buffer stays the worker's, for its next file; so does
         a short one, whose bytes are copied to the worker's block
         (outblock.h).  A buffer for each file's output, grown by
         realloc and freed by the cursor, often in the other thread:
         malloc, realloc and free were 3.5 % of 'grep -r -c ^' on the
         Linux tree, 6 % of 'grep -r -w flags'.  */
      if (w->out.len && w->out.len <= OUTPIECE_MAX)
        {
          n->piece = outpiece_xkeep (&w->block, w->out.buf, w->out.len);
          w->out.len = 0;
        }
      else if (w->out.len)
        {
          n->out = w->out;
          w->out = (struct outbuf) OUTBUF_INIT;
        }
      n->lead_sep = w->pr.lead_sep;
      n->groups = w->pr.groups;
      n->spilled = 0 <= w->spill;
      n->spill = w->spill;
      w->spill = -1;
      w->node = NULL;
      if (w->carry)
        {
          order_mark_quiet (n);
          w->marked = true;
          return;
        }
      order_mark (&run->order, n);
      order_kick (&run->order, &run->out_lock);
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
    output_unlock (run);
  w->holding = false;
  w->carried = 0;
}
