/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* copy.c: how rat copies one input.  Plain mode is a chain of attempts
   chosen once per input: copy_file_range between regular files, splice
   through a middle pipe, read and write; formatting mode reads into one
   buffer and feeds the formatter, flushing before a read that may block.
   Diagnostics follow GNU cat: input errors name the file and the copy goes
   on with the next one, output errors are fatal "write error"s.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "error.h"
#include "full-write.h"
#include "minmax.h"
#include "quotearg.h"
#include "safe-read.h"
#include "xalloc.h"

#include "system.h"
#include "applets/rat/progress.h"
#include "applets/rat/rat.h"

/* The read size, unless a file's st_blksize asks for more.  GNU cat
   9.1's size.  64, 128 and 256 KiB were within noise for
   'rat --no-splice 1GiB-file | cat' (rat's task-clock 230-330 ms, all
   three) and for 'rat -n big.txt' (634-667 ms); the smallest of the
   fast ones keeps the resident set small.  */
enum { IO_BUFSIZE = 128 << 10 };

/* st_blksize values above this are not trusted as read sizes.  */
enum { IO_BUFSIZE_MAX = 4 << 20 };

/* Regular files up to this size are read and written; a stream is
   spliced once this much has come through read (so that 'echo x | rat'
   sets up no pipe).  The middle pipe is kept from file to file, so
   splice pays off early.  'perf stat -r 40 -e task-clock rat FILES...'
   over 1500 files, with variants of rat, splice against read/write:
   4 KiB files to /dev/null 4.8 vs 5.0-5.7 ms, into a pipe 7.7 vs 7.2-7.4
   ms (even); 16 KiB files 6.1 vs 7.7-8.0 ms and 6.2 vs 19.7-20.0 ms.
   GNU cat's 32 KiB threshold would make the 16 KiB case 3 times
   slower.  */
enum { SPLICE_MIN = 4 << 10 };

/* posix_fadvise (SEQUENTIAL) is called for files bigger than the
   kernel's default read-ahead window (128 KiB): below it, it changes
   nothing and costs a system call a file.  */
enum { FADVISE_MIN = 128 << 10 };

/* A stdout pipe is grown once an input has more than this: smaller
   inputs fit in a default pipe, so growing it would only charge pages to
   the user's pipe quota.  */
enum { GROW_MIN = 64 << 10 };

/* The read size for a file of status ST.  */
static idx_t
io_size (struct stat const *st)
{
  if (IO_BUFSIZE < st->st_blksize && st->st_blksize <= IO_BUFSIZE_MAX)
    return st->st_blksize;
  return IO_BUFSIZE;
}

/* R's buffer, at least SIZE bytes long, followed by FMT_SLACK more for
   fmt_feed (see copy_format).  */
static char *
ensure_buf (struct rat *r, idx_t size)
{
  if (r->buf_size < size)
    {
      free (r->buf);
      r->buf = xmalloc (size + FMT_SLACK);
      r->buf_size = size;
    }
  return r->buf;
}

/* Whether stdout is in append mode, which rules out copy_file_range
   (EBADF) and splice (EINVAL).  Asked once.  */
static bool
out_append (struct rat *r)
{
  if (r->out_append < 0)
    {
      int fl = fcntl (STDOUT_FILENO, F_GETFL);
      r->out_append = 0 <= fl && (fl & O_APPEND);
    }
  return r->out_append;
}

/* A big copy is coming: grow a stdout pipe, once.  */
static void
grow_stdout (struct rat *r)
{
  if (r->out_grown || !S_ISFIFO (r->out_st.st_mode))
    return;
  r->out_grown = true;
  r->out_pipe_cap = zcopy_grow_pipe (STDOUT_FILENO);
  if (r->fmt && r->out_pipe_cap)
    fmt_set_flush_size (r->fmt, MIN (io_size (&r->out_st),
                                     r->out_pipe_cap));
}

static void
tick (struct rat *r, idx_t n)
{
  if (r->progress)
    progress_add (r->progress, n);
}

/* zcopy failed on R's input NAME: report it.  Return false, or die on
   an output error.  */
static bool
zcopy_failed (struct rat *r, char const *name)
{
  switch (r->z.side)
    {
    case ZCOPY_OUTPUT:
      error (EXIT_FAILURE, errno, _("write error"));
      break;
    case ZCOPY_PIPE:
      error (0, errno, "%s", G_("splice error"));
      break;
    case ZCOPY_INPUT:
    default:
      error (0, errno, "%s", quotef (name));
      break;
    }
  return false;
}

/* zcopy's grow callback: a straight splice has moved GROW_MIN bytes from
   the input IN.  Grow stdout if it is a pipe, and IN if it is one: a
   producer that writes 4 KiB at a time (head -c) then fills it without
   waking rat for each write, as it does an empty pipe.  'yes | head -c 2G
   | X | pv -q' (2 CPUs, medians of 9 interleaved runs, time over GNU
   cat 9.1's): splicing through a middle pipe 1.11, straight 1.17,
   straight and the input grown 0.88; 'yes | head -c 1G | pv -q' with no
   tool at all 0.91.  The input pipe is the caller's: growing it charges
   its pages to the user's pipe quota, as growing stdout does.  */
static void
grow_pipes (void *arg, int in)
{
  struct rat *r = arg;
  grow_stdout (r);
  zcopy_grow_pipe (in);
}

/* zcopy_splice's PIPES for an input of status ST to R's output.  */
static unsigned
splice_pipes (struct rat const *r, struct stat const *st)
{
  return ((S_ISFIFO (st->st_mode) ? ZCOPY_IN_PIPE : 0)
          | (S_ISFIFO (r->out_st.st_mode) ? ZCOPY_OUT_PIPE : 0));
}

/* Write the N bytes at BUF to stdout, or die.  Writes to a pipe that
   could not be grown are cut to its size: bigger ones get split by the
   kernel and make writer and reader take turns.  */
static void
write_out (struct rat *r, char const *buf, idx_t n)
{
  idx_t step = r->out_pipe_cap ? r->out_pipe_cap : n;
  for (idx_t done = 0; done < n; done += step)
    {
      idx_t len = MIN (step, n - done);
      if (full_write (STDOUT_FILENO, buf + done, len) != len)
        error (EXIT_FAILURE, errno, _("write error"));
    }
}

/* The last link of the chain: read and write FD (NAME, ST) to the end.
   A stream that turns out big switches to splice if MAY_SPLICE and
   stdout allows it.  */
static bool
copy_rw (struct rat *r, int fd, char const *name, struct stat const *st,
         bool may_splice)
{
  idx_t size = MAX (io_size (st), io_size (&r->out_st));
  char *buf = ensure_buf (r, size);
  intmax_t total = 0;
  for (;;)
    {
      size_t n = safe_read (fd, buf, size);
      if (n == SAFE_READ_ERROR)
        {
          error (0, errno, "%s", quotef (name));
          return false;
        }
      if (n == 0)
        return true;
      write_out (r, buf, n);
      tick (r, n);
      if (total < GROW_MIN && GROW_MIN <= total + n)
        grow_stdout (r);
      if (may_splice && total < SPLICE_MIN && SPLICE_MIN <= total + n
          && !out_append (r))
        {
          int s = zcopy_splice (&r->z, fd, STDOUT_FILENO,
                                splice_pipes (r, st));
          if (s != 0)
            return 0 < s || zcopy_failed (r, name);
        }
      total += n;
    }
}

bool
copy_plain (struct rat *r, int fd, char const *name, struct stat const *st)
{
  bool reg = S_ISREG (st->st_mode);
  r->z.grow = grow_pipes;
  r->z.grow_arg = r;
  r->z.grow_after = GROW_MIN;
  if (reg && r->zero_copy && S_ISREG (r->out_st.st_mode) && !out_append (r))
    {
      int s = zcopy_range (&r->z, fd, STDOUT_FILENO);
      if (s != 0)
        return 0 < s || zcopy_failed (r, name);
    }
  if (reg && SPLICE_MIN < st->st_size)
    {
      /* Doubling the read-ahead only matters past its first window.  */
      if (FADVISE_MIN < st->st_size)
        posix_fadvise (fd, 0, 0, POSIX_FADV_SEQUENTIAL);
      if (GROW_MIN < st->st_size)
        grow_stdout (r);
      if (r->zero_copy && !out_append (r))
        {
          int s = zcopy_splice (&r->z, fd, STDOUT_FILENO,
                                splice_pipes (r, st));
          if (s != 0)
            return 0 < s || zcopy_failed (r, name);
        }
    }
  /* A pipe is spliced from its first byte (straight to stdout: no setup
     to pay for); see grow_pipes.  */
  if (S_ISFIFO (st->st_mode) && r->zero_copy && !out_append (r))
    {
      int s = zcopy_splice (&r->z, fd, STDOUT_FILENO, splice_pipes (r, st));
      if (s != 0)
        return 0 < s || zcopy_failed (r, name);
    }
  /* Regular files were given their chance above; another stream is
     spliced once it proves big.  */
  return copy_rw (r, fd, name, st, !reg && r->zero_copy);
}

/* Whether reading FD, named NAME, could block now: ask FIONREAD, as GNU
   cat does.  *PROBE is cleared when FD cannot tell (then every read may
   block).  Return 1 if input is waiting, 0 if not, -1 after a
   diagnostic.  */
static int
input_waiting (int fd, char const *name, bool *probe)
{
  int avail = 0;
  if (*probe && ioctl (fd, FIONREAD, &avail) < 0)
    {
      if (! (errno == EOPNOTSUPP || errno == ENOTTY || errno == EINVAL
             || errno == ENODEV || errno == ENOSYS))
        {
          error (0, errno, _("cannot do ioctl on %s"),
                 quotearg_style (shell_escape_always_quoting_style, name));
          return -1;
        }
      *probe = false;
    }
  return avail != 0;
}

bool
copy_format (struct rat *r, int fd, char const *name, struct stat const *st)
{
  idx_t size = io_size (st);
  char *buf = ensure_buf (r, size);
  if (!r->fmt)
    r->fmt = fmt_xnew (&r->fopts, STDOUT_FILENO, io_size (&r->out_st));
  /* A regular file's reads do not wait for a writer.  */
  bool probe = !S_ISREG (st->st_mode);
  bool may_block = probe;
  bool ok = true;
  intmax_t total = 0;
  for (;;)
    {
      int waiting = may_block ? input_waiting (fd, name, &probe) : 1;
      if (waiting < 0)
        {
          ok = false;
          break;
        }
      int e = waiting ? 0 : fmt_flush (r->fmt, true);
      if (e)
        error (EXIT_FAILURE, e, _("write error"));
      size_t n = safe_read (fd, buf, size);
      if (n == SAFE_READ_ERROR)
        {
          error (0, errno, "%s", quotef (name));
          ok = false;
          break;
        }
      if (n == 0)
        break;
      /* fmt_feed reads a little past the data, and branches on it.  */
      memset (buf + n, 0, FMT_SLACK);
      struct timespec t;
      if (r->fopts.timestamp)
        clock_gettime (CLOCK_REALTIME, &t);
      e = fmt_feed (r->fmt, buf, n, r->fopts.timestamp ? &t : NULL);
      if (e)
        error (EXIT_FAILURE, e, _("write error"));
      tick (r, n);
      if (total < GROW_MIN && GROW_MIN <= total + n)
        grow_stdout (r);
      total += n;
    }
  /* Like GNU cat, write what this file produced before the next one is
     opened; a line still held for its colour stays held.  */
  int e = fmt_flush (r->fmt, false);
  if (e)
    error (EXIT_FAILURE, e, _("write error"));
  return ok;
}
