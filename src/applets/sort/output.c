/* output.c: buffered writing of sorted lines (see output.h).  */

#include <config.h>

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "full-write.h"

#include "system.h"
#include "debug.h"
#include "output.h"

/* Lines are gathered into writes of about this many bytes.  The size
   hardly matters: 'sort --parallel=1 1M-shuffled.txt | cat' (bench/sort.sh's
   corpus) took 134.0, 135.2 and 135.6 ms of CPU with 32 KiB, 128 KiB and
   1 MiB; 128 KiB stays in L2 cache.  */
enum { SINK_WRITE_SIZE = 128 * 1024 };

/* GNU sort writes through stdio, whose buffer is one block (4096 bytes
   for /dev/full, pipes and most files): when all of a file fit in the
   buffer, a full disk shows when the file is flushed ("fflush failed")
   or closed ("close failed", temporaries), else on a write.  */
enum { STDIO_BUFSIZE = 4096 };

/* Report a failed write and exit.  GNU sort writes standard output
   through stdio, so after its own message close_stdout finds the stream's
   error flag at exit and adds "write error"; ours writes with write(2),
   so it says so itself (tests/sort/errors.sh).  */
static _Noreturn void
sink_die (struct sink const *s, char const *what, int e)
{
  bool out = s->fd == STDOUT_FILENO;
  error (out ? 0 : SORT_FAILURE, e, "%s: %s", what,
         quotef (s->name ? s->name : "standard output"));
  if (out)
    error (SORT_FAILURE, 0, "write error");
  abort ();
}

static void
sink_flush (struct sink *s, bool final)
{
  idx_t len = s->ob.len;
  int e = outbuf_flush (&s->ob, s->fd);
  if (e)
    sink_die (s, (! (final && !s->flushed && len <= STDIO_BUFSIZE)
                  ? "write failed"
                  : s->fd == STDOUT_FILENO ? "fflush failed"
                  : "close failed"), e);
  s->flushed |= 0 < len;
}

static void
sink_init (struct sink *s, struct sort_opts const *o, int fd,
           char const *name, bool annotate)
{
  s->o = o;
  s->fd = fd;
  s->name = name;
  s->annotate = annotate;
  s->flushed = false;
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
        error (SORT_FAILURE, e, "%s: error truncating", quotef (outfile));
    }
  sink_init (s, o, STDOUT_FILENO, outfile, o->debug);
}

void
sink_open_temp (struct sink *s, struct sort_opts const *o, int fd,
                char const *name)
{
  sink_init (s, o, fd, name, false);
}

void
sink_xline (struct sink *s, struct line const *line)
{
  if (s->annotate)
    debug_line (s->o, line, &s->ob);
  else if (line->len < SINK_WRITE_SIZE)
    {
      char *p = outbuf_xreserve (&s->ob, line->len + 1);
      memcpy (p, line->text, line->len);
      p[line->len] = s->o->eol;
      s->ob.len += line->len + 1;
    }
  else
    {
      /* A long line goes out directly rather than through the buffer.  */
      sink_flush (s, false);
      errno = 0;
      if (full_write (s->fd, line->text, line->len) != (size_t) line->len)
        sink_die (s, "write failed", errno ? errno : ENOSPC);
      s->flushed = true;
      outbuf_xputc (&s->ob, s->o->eol);
    }
  if (SINK_WRITE_SIZE <= s->ob.len)
    sink_flush (s, false);
}

void
sink_xclose (struct sink *s)
{
  sink_flush (s, true);
  outbuf_free (&s->ob);
  if (s->fd != STDOUT_FILENO && close (s->fd) != 0)
    sink_die (s, "close failed", errno);
}
