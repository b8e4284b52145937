/* lines.c: opening, reading and splitting sort's inputs (see lines.h).  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "fcntl--.h"
#include "safe-read.h"
#include "xalloc.h"

#include "system.h"
#include "lines.h"

int
lines_open (char const *file)
{
  if (streq (file, "-"))
    return STDIN_FILENO;
  int fd = open (file, O_RDONLY | O_CLOEXEC);
  /* Inputs are read once, front to back: a larger read-ahead helps (GNU
     sort measured it on merges and small buffers).  */
  if (0 <= fd)
    posix_fadvise (fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  return fd;
}

int
lines_xopen (char const *file)
{
  int fd = lines_open (file);
  if (fd < 0)
    error (SORT_FAILURE, errno, "%s: %s", "open failed", quotef (file));
  return fd;
}

void
lines_xclose (int fd, char const *file)
{
  if (fd != STDIN_FILENO && close (fd) != 0)
    error (SORT_FAILURE, errno, "%s: %s", "close failed", quotef (file));
}

idx_t
lines_count (char const *buf, idx_t len, char eol)
{
  idx_t n = 0;
  char const *lim = buf + len;
  for (char const *p = buf; (p = memchr (p, eol, lim - p)); p++)
    n++;
  return n;
}

idx_t
lines_split (char *buf, idx_t len, char eol, struct line *lines)
{
  idx_t n = 0;
  char *lim = buf + len;
  for (char *p = buf, *e; (e = memchr (p, eol, lim - p)); p = e + 1)
    {
      *e = '\0';
      lines[n].text = p;
      lines[n].len = e - p;
      lines[n].k1 = 0;
      n++;
    }
  return n;
}

idx_t
lines_xread (int fd, char const *name, char *buf, idx_t size)
{
  idx_t got = 0;
  while (got < size)
    {
      size_t n = safe_read (fd, buf + got, size - got);
      if (n == SAFE_READ_ERROR)
        error (SORT_FAILURE, errno, "%s: %s", "read failed", quotef (name));
      if (n == 0)
        break;
      got += n;
    }
  return got;
}

void
lreader_init (struct lreader *r, int fd, char const *name, char eol,
              idx_t size)
{
  r->fd = fd;
  r->name = name;
  r->eol = eol;
  r->alloc = size < 2 ? 2 : size;
  r->buf = ximalloc (r->alloc);
  r->used = r->left = 0;
  r->lines = NULL;
  r->nlines = r->lines_alloc = 0;
  r->eof = false;
}

bool
lreader_xfill (struct lreader *r)
{
  r->nlines = 0;
  if (r->eof)
    return false;

  /* Keep the incomplete last line, then fill the buffer, keeping one
     byte for an end-of-line a last line may lack.  */
  memmove (r->buf, r->buf + r->used - r->left, r->left);
  r->used = r->left;
  idx_t end;
  for (;;)
    {
      if (r->alloc - r->used < 2)
        r->buf = xpalloc (r->buf, &r->alloc, 2, -1, 1);
      idx_t room = r->alloc - r->used - 1;
      idx_t n = lines_xread (r->fd, r->name, r->buf + r->used, room);
      r->used += n;
      if (n < room)
        {
          r->eof = true;
          if (0 < r->used && r->buf[r->used - 1] != r->eol)
            r->buf[r->used++] = r->eol;
        }
      char const *e = memrchr (r->buf, r->eol, r->used);
      end = e ? e + 1 - r->buf : 0;
      if (0 < end || r->eof)
        break;
      /* No end of line in the whole buffer: a longer line.  */
      r->buf = xpalloc (r->buf, &r->alloc, 1, -1, 1);
    }
  r->left = r->used - end;

  idx_t n = lines_count (r->buf, end, r->eol);
  if (r->lines_alloc < n)
    {
      free (r->lines);
      r->lines_alloc = n;
      r->lines = xinmalloc (n, sizeof *r->lines);
    }
  r->nlines = lines_split (r->buf, end, r->eol, r->lines);
  return 0 < r->nlines;
}

void
lreader_free (struct lreader *r)
{
  free (r->buf);
  free (r->lines);
}
