/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* output.c: buffered writing of sorted lines (see output.h).  */

#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "attribute.h"
#include "error.h"
#include "full-write.h"
#include "minmax.h"

#include "system.h"
#include "debug.h"
#include "output.h"

/* Lines are gathered into writes of about this many bytes.  The size
   hardly matters: 'sort --parallel=1 1M-shuffled.txt | cat' (bench/sort.sh's
   corpus) took 134.0, 135.2 and 135.6 ms of CPU with 32 KiB, 128 KiB and
   1 MiB; 128 KiB stays in L2 cache.  */
enum { SINK_WRITE_SIZE = 128 * 1024 };

/* GNU sort writes through stdio, and its message tells where a write
   failed: in an fwrite ("write failed") or in the flush at the end
   ("fflush failed" on standard output, "close failed" on a temporary).
   glibc's stream buffer is the file's st_blksize, at most BUFSIZ; an
   fwrite fills it and, only if bytes are left over, writes the full
   buffer, then as many whole buffers as it can straight from the data,
   and keeps the rest.  So the final flush writes the last 0 to
   STDIO_SIZE bytes of the file, whatever its size.  The sink keeps the
   same account (STDIO_ROOM: the room left in stdio's buffer) and writes
   the bytes stdio would still hold only at the end, so that a failure
   among them gets GNU's message.  Telling by the size of the last write
   alone said "write failed" for a full disk (or RLIMIT_FSIZE) in the
   last block of any file bigger than the buffer (tests/sort/faults.sh).  */
static idx_t
stdio_bufsize (int fd)
{
  struct stat st;
  return (fstat (fd, &st) == 0 && 0 < st.st_blksize && st.st_blksize < BUFSIZ
          ? st.st_blksize : BUFSIZ);
}

/* Account for GNU sort's fwrite of N more bytes.  */
static void
stdio_fwrite (struct sink *s, idx_t n)
{
  idx_t room = s->stdio_room - n;
  if (room < 0)
    room = s->stdio_size - (n - s->stdio_room) % s->stdio_size;
  s->stdio_room = room;
}

/* The bytes at the end of the output that stdio would hold yet.  */
static idx_t
stdio_held (struct sink const *s)
{
  return s->stdio_size - s->stdio_room;
}

/* Report a failed write and exit.  GNU sort writes standard output
   through stdio, so after its own message close_stdout finds the stream's
   error flag at exit and adds "write error"; ours writes with write(2),
   so it says so itself (tests/sort/errors.sh).  */
static _Noreturn void
sink_die (struct sink const *s, char const *what, int e)
{
  bool out = s->fd == STDOUT_FILENO;
  error (out ? 0 : SORT_FAILURE, e, "%s: %s", _(what),
         quotef (s->name ? s->name : _("standard output")));
  if (out)
    error (SORT_FAILURE, 0, _("write error"));
  abort ();
}

/* Write the N bytes at P, which come before the last HELD bytes of the
   output so far (stdio's, or the FINAL flush's, which holds all of
   them); die if that fails.  */
static void
sink_write (struct sink const *s, char const *p, idx_t n, idx_t held,
            bool final)
{
  errno = 0;
  size_t done = full_write (s->fd, p, n);
  if (done != (size_t) n)
    sink_die (s,
              (! (final && (idx_t) (n - done) <= held) ? N_("write failed")
               : s->fd == STDOUT_FILENO ? N_("fflush failed")
               : N_("close failed")), errno ? errno : ENOSPC);
}

/* Write what stdio would have written by now; keep the rest.  */
static void
sink_flush (struct sink *s)
{
  idx_t held = stdio_held (s);
  idx_t n = s->ob.len - held;
  if (0 < n)
    {
      sink_write (s, s->ob.buf, n, held, false);
      memmove (s->ob.buf, s->ob.buf + n, held);
      s->ob.len = held;
    }
}

static void
sink_init (struct sink *s, struct sort_opts const *o, int fd,
           char const *name, bool annotate)
{
  s->o = o;
  s->fd = fd;
  s->name = name;
  s->annotate = annotate;
  s->stdio_size = stdio_bufsize (fd);
  /* Before its first write, a stream has no buffer: the first fwrite
     takes the path of a full one, with nothing to write of it.  */
  s->stdio_room = 0;
  s->ob = (struct outbuf) OUTBUF_INIT;
}

void
sink_xopen_output (struct sink *s, struct sort_opts const *o,
                   char const *outfile)
{
  if (outfile && ftruncate (STDOUT_FILENO, 0) != 0)
    {
      int e = errno;
      struct stat st;
      if (fstat (STDOUT_FILENO, &st) != 0 || S_ISREG (st.st_mode)
          || S_TYPEISSHM (&st))
        error (SORT_FAILURE, e, _("%s: error truncating"), quotef (outfile));
    }
  sink_init (s, o, STDOUT_FILENO, outfile, o->debug);
}

void
sink_open_temp (struct sink *s, struct sort_opts const *o, int fd,
                char const *name)
{
  sink_init (s, o, fd, name, false);
}

/* Write LINE, longer than the buffer, directly rather than through the
   buffer, but for the tail stdio would keep (less than a buffer, so all
   of the buffer goes before it).  Out of line, so that sink_xline's hot
   path saves fewer registers (callgrind: 5 instructions a line fewer).  */
static ATTRIBUTE_NOINLINE void
sink_long_line (struct sink *s, struct line const *line)
{
  stdio_fwrite (s, line->len + 1);
  idx_t held = stdio_held (s);
  idx_t direct = MIN (line->len, line->len + 1 - held);
  if (0 < s->ob.len)
    sink_write (s, s->ob.buf, s->ob.len, held, false);
  sink_write (s, line->text, direct, held, false);
  s->ob.len = 0;
  /* Nothing to add when all went directly: the buffer may not exist yet,
     and memcpy to a null pointer is undefined even for 0 bytes.  */
  if (direct < line->len)
    outbuf_xadd (&s->ob, line->text + direct, line->len - direct);
  outbuf_xputc (&s->ob, s->o->eol);
}

void
sink_xline (struct sink *s, struct line const *line)
{
  if (s->annotate)
    {
      idx_t len = s->ob.len;
      debug_line (s->o, line, &s->ob);
      stdio_fwrite (s, s->ob.len - len);
    }
  else if (line->len < SINK_WRITE_SIZE)
    {
      char *p = outbuf_xreserve (&s->ob, line->len + 1);
      memcpy (p, line->text, line->len);
      p[line->len] = s->o->eol;
      s->ob.len += line->len + 1;
      stdio_fwrite (s, line->len + 1);
    }
  else
    sink_long_line (s, line);
  if (SINK_WRITE_SIZE <= s->ob.len)
    sink_flush (s);
}

void
sink_xclose (struct sink *s)
{
  if (0 < s->ob.len)
    sink_write (s, s->ob.buf, s->ob.len, stdio_held (s), true);
  outbuf_free (&s->ob);
  if (s->fd != STDOUT_FILENO && close (s->fd) != 0)
    sink_die (s, N_("close failed"), errno);
}
