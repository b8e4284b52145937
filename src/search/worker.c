/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* worker.c: what a worker thread does with each item of the queue: open
   the file, read or map it chunk by chunk, search it, and hand its output
   to output.c.  */

#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "minmax.h"
#include "safe-read.h"
#include "xalloc.h"

#include "system.h"
#include "io/opener.h"
#include "search/bigfile.h"
#include "search/binary.h"
#include "search/feed.h"
#include "search/output.h"
#include "search/status.h"
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


static bool
is_device (mode_t m)
{
  return S_ISCHR (m) || S_ISBLK (m) || S_ISSOCK (m) || S_ISFIFO (m);
}

static bool
skip_devices (struct search_config const *o, bool command_line)
{
  return (o->devices == DEVS_SKIP
          || (o->devices == DEVS_READ_COMMAND_LINE && !command_line));
}

/* The end of search_fd's search of the file called NAME, where
   FIRST_NULL lines were selected when the first NUL came (-1: none):
   the engine's failure, or grep's notice that a binary file matched.
   Return the number of selected lines.  */
static intmax_t
search_fd_end (struct worker *w, char const *name, intmax_t first_null)
{
  struct search_config const *o = w->o;
  struct search *s = &w->s;
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
      /* GNU's msgid, whose translation places the name ("%s : fichiers
         binaires correspondent" in French).  */
      worker_sayf (w, _("%s: binary file matches"), name);
    }
  return s->selected;
}

/* Search the opened file F called NAME, reading it with F->in (or in
   pieces with other workers: bigfile.h), from what W's reader holds
   already if F->probed.  Return the number of selected lines.  */
static intmax_t
search_fd (struct worker *w, struct opened const *f, char const *name,
           bool *at_eof)
{
  struct search_config const *o = w->o;
  struct search *s = &w->s;
  struct engine_ops const *eng = w->run->eng;
  void const *re = w->run->re;
  struct bigfile_job *job = NULL;
  struct input_params const *in = f->in;
  if (f->start == 0 && 0 <= o->input.mmap_min
      && o->input.mmap_min <= f->st.st_size && bigfile_wanted (w, &f->st)
      && (job = bigfile_start (w, f->fd, &f->st, name)))
    {
      eng = bigfile_engine (job);
      re = job;
      in = bigfile_input (job);
    }
  /* Kept across a SIGBUS longjmp.  */
  struct bigfile_job *volatile vjob = job;
  bool binary_rule = search_binary_rule (o);
  /* Lines selected when NULs were seen.  Volatile: kept across a SIGBUS
     longjmp.  */
  intmax_t volatile first_null = -1;
  /* Volatile: a SIGBUS longjmp may come back to the loop's top.  */
  off_t volatile keep = 0, need = 0;
  bool without_match = false;   /* a binary file, skipped */
  *at_eof = false;

  search_begin (s, &o->search, eng, re, w->scratch,
                o->print.json ? &print_json_sink : &print_sink, &w->pr);
  if (job || !f->probed)
    input_begin (w->rd, f->fd, &f->st, in);
  if (binary_rule
      && binary_holey (f->fd, &f->st, f->start, o->input.read_size,
                       f->probed)
      && !binary_from (w, job, 0, &first_null))
    without_match = true;
  while (!without_match)
    {
      struct input_chunk ch;
      if (sigsetjmp (*input_guard (w->rd), 0) != 0)
        {
          worker_say (w, name, G_("file shrank while being read"), 0);
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
      idx_t len = ch.len;
      if (binary_rule
          && !binary_take_nuls (w, vjob, &ch, need, &first_null, &len))
        {
          input_unguard (w->rd);
          without_match = true;
          break;
        }
      off_t k;
      if (vjob)
        bigfile_set_base (vjob, keep);
      need = search_chunk (s, ch.buf, len, ch.start, keep, need,
                           ch.eof && len == ch.len, &k);
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
    bigfile_finish (vjob);
  return without_match ? 0 : search_fd_end (w, name, first_null);
}


/* After searching standard input: leave its offset just after the last
   selected line when -m stopped the search, or read it to its end when the
   search stopped early otherwise (grep's rules, for shell loops that read
   on).  */
static void
finish_stdin (struct worker *w, off_t start, bool at_eof)
{
  /* -q: grep exits at once, leaving a pipe unread ('tail -f log | grep
     -q READY' returns: tests/grep/quiet.sh), and a file read as far as
     its buffer went (all of a small file, as here).  */
  if (w->o->exit_on_match)
    {
      if (!at_eof)
        (void) lseek (STDIN_FILENO, 0, SEEK_END);
      return;
    }
  /* -m's count reached: just after the last selected line, even when
     trailing context read to the end ('grep -m2 -A3 -v t - -' searches
     the rest again: tests/grep/stdin-turns.sh).  */
  if (w->s.outleft == 0)
    {
      if (lseek (STDIN_FILENO, start + w->s.after_match, SEEK_SET) < 0
          && errno != ESPIPE)
        worker_error (w, w->pr.name, errno);
      return;
    }
  if (at_eof)
    return;
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
open_flags (struct search_config const *o, struct work const *it)
{
  return (O_RDONLY | O_NOCTTY
          | (it->command_line || o->follow_links ? 0 : O_NOFOLLOW)
          | (skip_devices (o, it->command_line) ? O_NONBLOCK : 0));
}

/* Wait until the FIFO FD, opened for reading without waiting for a
   writer, has one, as open would have waited (the ring's first try
   opens without blocking; the descriptor is left blocking).  Linux
   reports no hang-up on such a descriptor until a writer has come, so
   poll waits for data, or for a writer that came and went.  */
static void
wait_for_writer (int fd)
{
  struct pollfd p = { .fd = fd, .events = POLLIN };
  while (poll (&p, 1, -1) < 0 && errno == EINTR)
    continue;
}

/* Search the file or operand IT, called NAME, open as FD (minus the errno
   value if it could not be opened).  Return true if FD was handed to the
   walk (a directory): then there is nothing more to do with it, else the
   caller closes FD (unless standard input, or not open) and finishes the
   file's output.  */
static bool
search_file (struct worker *w, struct work *it, char const *name, int fd)
{
  struct search_config const *o = w->o;
  /* Before any return: output_finish reads the printer's state, which
     must not be the previous file's (its pending group separator came
     out again after a file too short to search: tests/grep/separators.sh).  */
  print_begin (&w->pr, name, it->with_name);
  if (o->print.json)
    print_json_begin (&w->pr);
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
  struct opened f;
  int err = file_status (w, it, fd, &f);
  if (err)
    {
      worker_error (w, name, err);
      return false;
    }
  if (S_ISFIFO (f.st.st_mode) && w->by_ring && !skip_devices (o, true))
    wait_for_writer (fd);
  /* grep -r's one operand names what it finds only if a directory, which
     grep decides by the operand's fstat: '-' too ('grep -r -c x - <dir'
     says "(standard input):0"; random tester seed 1796555746 case
     25153).  */
  if (it->stdin_ && it->command_line && o->with_filename < 0
      && S_ISDIR (f.st.st_mode))
    w->pr.with_name = true;
  if (!it->stdin_ && S_ISDIR (f.st.st_mode))
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
  if (!it->stdin_ && is_device (f.st.st_mode)
      && skip_devices (o, it->command_line))
    return false;
  /* --include and --exclude are for files: a directory operand that is
     not walked is read (EISDIR) whatever they say, as in grep's
     skipped_file (tests/grep/walk-operands.sh).  */
  if (!it->stdin_ && it->command_line && o->excluded[1]
      && !S_ISDIR (f.st.st_mode)
      && excluded_file_name (o->excluded[1], it->path))
    return false;
  if (o->out_is_regular && S_ISREG (f.st.st_mode)
      && f.st.st_ino == o->out_ino && f.st.st_dev == o->out_dev)
    {
      if (!o->no_messages)
        worker_sayf (w, _("%s: input file is also the output"), name);
      w->run->error_seen = true;
      return false;
    }
  if (S_ISREG (f.st.st_mode) && search_too_short (o, &f.st))
    return false;
  if (S_ISREG (f.st.st_mode) && !it->command_line
      && 0 <= o->max_filesize && o->max_filesize < f.st.st_size)
    return false;
  if (o->files_only)
    {
      print_name_only (&w->pr);
      w->run->matched = true;
      return false;
    }

  if (o->print.align_tabs)
    print_set_size (&w->pr, S_ISREG (f.st.st_mode) ? f.st.st_size : -1);
  bool at_eof;
  intmax_t count = search_fd (w, &f, name, &at_eof);
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
         turn comes (search_emit); else at once, and messages about files
         searched meanwhile may have been printed.  */
      if (o->exit_on_match && w->node)
        w->node->stops = true;
      else if (o->exit_on_match)
        output_stop_run (w->run);
    }
  if (it->stdin_ && o->list == LIST_NONE)
    finish_stdin (w, f.start, at_eof);
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
take_stdin_turn (struct search_run *run, struct work const *it, bool done)
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
  /* Standard input's name in the user's language ("(Standardeingabe)"
     in GNU grep's German catalog), looked up when standard input is
     searched, as GNU grep does: a run that never reads it loads no
     catalog.  */
  char const *name = (!it->stdin_ ? it->path
                      : w->o->label ? w->o->label
                      : _("(standard input)"));
  w->node = it->node;
  /* --files: a regular file of the walk needs no opening, unless its
     size is to be checked.  */
  if (w->o->files_only && !it->command_line && it->type == DT_REG
      && w->o->max_filesize < 0)
    {
      print_begin (&w->pr, name, true);
      print_name_only (&w->pr);
      w->run->matched = true;
      output_finish (w);
      return;
    }
  int fd = STDIN_FILENO;
  if (!it->stdin_ && (fd = work_open (it, open_flags (w->o, it))) < 0)
    fd = -errno;
  if (!search_file (w, it, name, fd))
    {
      if (!it->stdin_ && 0 <= fd && close (fd) != 0)
        worker_error (w, name, errno);
      output_finish (w);
    }
  if (it->stdin_)
    take_stdin_turn (w->run, it, true);
}

/* Whether IT can be opened in a batch: a regular file of the walk, to be
   opened in its listing's directory, or a name from a list of files
   (--files0-from: the same search as -r over the same files took 1.10x
   -r's time when each name was opened and closed by itself, 1.00x in
   batches; bench/grab.sh, 2026-12-06).  Not a FIFO of the walk (grep -R,
   -D read): the ring tries each open without blocking first, which opens
   a FIFO without waiting for a writer, and the read then finds it empty
   (tests/grep/walk-loops.sh, whose writer comes late).  A list's name
   may be a FIFO too: search_file waits for its writer.  */
static bool
batchable (struct work const *it)
{
  return (!it->job && !it->stdin_
          && ((!it->command_line && it->type == DT_REG
               && it->from && 0 <= it->from->fd)
              || it->listed));
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
      dfd[i] = items[i].listed ? AT_FDCWD : items[i].from->fd;
      names[i] = items[i].listed ? items[i].path : items[i].name;
      flags[i] = open_flags (w->o, &items[i]);
    }
  opener_open (w->opener, n, dfd, names, flags, fd);
  /* A listed name longer than PATH_MAX: open it by its parts.  */
  for (int i = 0; i < n; i++)
    if (fd[i] == -ENAMETOOLONG && items[i].listed
        && (fd[i] = worker_open (items[i].path, flags[i])) < 0)
      fd[i] = -errno;
  struct search_config const *o = w->o;
  w->carry = !o->search.context && !o->print.line_buffered;
  for (int i = 0; i < n; i++)
    {
      /* -q found a match: close the rest unread.  */
      bool skip = w->run->stop;
      if (!skip)
        w->node = items[i].node;
      w->by_ring = true;
      bool handed = !skip && search_file (w, &items[i], items[i].path,
                                          fd[i]);
      w->by_ring = false;
      if (handed)
        continue;
      if (0 <= fd[i])
        {
          close_fd[nclose] = fd[i];
          close_item[nclose++] = i;
        }
      if (!skip)
        output_finish (w);
    }
  w->carry = false;
  if (w->carried)
    output_write_carried (w);
  if (w->marked)
    {
      w->marked = false;
      order_note (&w->run->order);
      order_kick (&w->run->order, &w->run->out_lock);
    }
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
          order_listed (&w->run->order, it->node, NULL, 0);
          order_kick (&w->run->order, &w->run->out_lock);
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
search_worker (void *arg)
{
  struct search_run *run = arg;
  struct worker w = {
    .run = run, .o = run->o, .scratch = run->eng->scratch_new (run->re),
    .rd = input_reader_xnew (), .out = OUTBUF_INIT, .spill = -1,
  };
  w.pr = (struct printer) {
    .o = &run->o->print, .ob = &w.out, .eng = run->eng, .re = run->re,
    .scratch = w.scratch, .flush = output_flush_hook, .flush_ctx = &w,
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
              bigfile_help (&w, it->job);
            else if (it->feed)
              feed_step (&w, it);
            else if (it->type == DT_DIR && !it->command_line)
              do_dir (&w, it);
            else
              do_file (&w, it);
          }
      /* A read found the disk: start the other readers.  */
      int cold = 1;
      if (atomic_load_explicit (&run->cold, memory_order_relaxed) == 1
          && atomic_compare_exchange_strong (&run->cold, &cold, 2))
        pool_spawn (&run->pool, run->o->threads_cold);
      for (idx_t i = 0; i < n; i++)
        work_release (&items[i]);
      workq_done (run->q, n);
    }
  if (run->o->print.json)
    {
      pthread_mutex_lock (&run->out_lock);
      json_stats_add (&run->json, &w.json);
      output_unlock (run);
    }
  opener_free (w.opener);
  run->eng->scratch_free (w.scratch);
  input_reader_free (w.rd);
  outbuf_free (&w.out);
  outblock_leave (w.block);
  return NULL;
}
