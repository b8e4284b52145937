/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* lines.c: opening, reading and splitting sort's inputs (see lines.h).  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdckdint.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "count-trailing-zeros.h"
#include "error.h"
#include "safe-read.h"
#include "xalloc.h"

#include "system.h"
#include "lines.h"

int
lines_open (char const *file)
{
  if (streq (file, "-"))
    return STDIN_FILENO;
  /* A plain open, as GNU sort's: with standard input closed, the first
     file opened gets descriptor 0 and "-" later reads on from it ('sort
     ok - <&-' prints ok's lines and succeeds there; tests/sort/errors.sh).  */
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
    sort_die (N_("open failed"), file);
  return fd;
}

void
lines_xclose (int fd, char const *file)
{
  if (fd != STDIN_FILENO && close (fd) != 0)
    sort_die (N_("close failed"), file);
}

/* Arrays this big go on transparent huge pages where the system gives
   them on request (THP "madvise" mode): sort walks its arrays in random
   order (radix scatter, output), which on 4 KiB pages was bound by TLB
   misses and a page fault per 4 KiB.  'perf stat -e task-clock sort
   --parallel=1' on bench/sort.sh's inputs went from 119 to 97 ms (-R,
   1M numbers), 81 to 59 ms (-R, words) and 120 to 91 ms (1M shuffled
   numbers).  */
enum { HUGE_MIN = 4 * 1024 * 1024, HUGE_PAGE = 2 * 1024 * 1024 };

/* Ask for huge pages for [P, P + SIZE), rounded out to whole pages: the
   advice then covers whole mappings (big blocks are mappings of their
   own) without splitting them, which would make realloc's mremap fail
   and copy instead.  */
static void
advise_huge (void *p, idx_t size)
{
#ifdef MADV_HUGEPAGE
  if (HUGE_MIN <= size)
    {
      uintptr_t page = getpagesize ();
      uintptr_t a = (uintptr_t) p;
      uintptr_t lo = a / page * page;
      uintptr_t hi = (a + size + page - 1) / page * page;
      madvise ((void *) lo, hi - lo, MADV_HUGEPAGE);
    }
#endif
}

void *
lines_big_xnalloc (idx_t n, idx_t size)
{
  idx_t bytes;
  if (ckd_mul (&bytes, n, size))
    xalloc_die ();
  void *p = NULL;
  if (HUGE_MIN <= bytes)
    {
      idx_t rounded = bytes + (HUGE_PAGE - bytes % HUGE_PAGE);
      p = aligned_alloc (HUGE_PAGE, rounded);
      if (p)
        advise_huge (p, rounded);
    }
  return p ? p : ximalloc (bytes);
}

void *
lines_big_xnrealloc (void *p, idx_t n, idx_t size)
{
  /* realloc moves big blocks with mremap: no copy, and no moment with
     both the old and the new block in memory.  */
  p = xireallocarray (p, n, size);
  advise_huge (p, n * size);
  return p;
}

/* The bytes of X that are zero have their high bit set in the result,
   the other bits are clear.  */
static inline uint64_t
zero_bytes (uint64_t x)
{
  uint64_t const lo7 = 0x7f7f7f7f7f7f7f7f;
  return ~(((x & lo7) + lo7) | x | lo7);
}

/* Record the line ending at BUF[POS] (see lines_scan).  */
static inline void
add_line (char *buf, idx_t pos, idx_t *start, struct line **lines,
          idx_t *nlines, idx_t *alloc)
{
  if (*nlines == *alloc)
    {
      *lines = xpalloc (*lines, alloc, 1, -1, sizeof **lines);
      advise_huge (*lines, *alloc * sizeof **lines);
    }
  struct line *l = &(*lines)[(*nlines)++];
  l->text = NULL;
  l->k1 = *start;
  l->len = pos - *start;
  buf[pos] = '\0';
  *start = pos + 1;
}

void
lines_scan (char *buf, idx_t from, idx_t to, char eol, idx_t *start,
            struct line **lines, idx_t *nlines, idx_t *alloc)
{
  idx_t i = from;
#if defined __BYTE_ORDER__ && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  /* Eight bytes at a time: lines are often shorter than the cost of a
     memchr call.  Timed alone (min of 15) on bench/sort.sh's corpus,
     this scan took 7.6 ms on 1M.txt (7-byte lines), 7.2 on words1M.txt
     and 17.7 on csv1M.txt, where a memchr pass to count lines and one to
     split them took 28.0, 11.0 and 34.4 ms.  */
  uint64_t pattern = 0x0101010101010101 * (unsigned char) eol;
  for (; i + 8 <= to; i += 8)
    {
      uint64_t w;
      memcpy (&w, buf + i, sizeof w);
      for (uint64_t m = zero_bytes (w ^ pattern); m; m &= m - 1)
        add_line (buf, i + (count_trailing_zeros_ll (m) >> 3), start,
                  lines, nlines, alloc);
    }
#endif
  for (; i < to; i++)
    if (buf[i] == eol)
      add_line (buf, i, start, lines, nlines, alloc);
}

void
lines_locate (char *buf, struct line *lines, idx_t n)
{
  for (idx_t i = 0; i < n; i++)
    {
      lines[i].text = buf + lines[i].k1;
      lines[i].k1 = 0;
    }
}

idx_t
lines_xread (int fd, char const *name, char *buf, idx_t size)
{
  idx_t got = 0;
  while (got < size)
    {
      size_t n = safe_read (fd, buf + got, size - got);
      if (n == SAFE_READ_ERROR)
        sort_die (N_("read failed"), name);
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

  idx_t start = 0;
  lines_scan (r->buf, 0, end, r->eol, &start, &r->lines, &r->nlines,
              &r->lines_alloc);
  lines_locate (r->buf, r->lines, r->nlines);
  return 0 < r->nlines;
}

void
lreader_free (struct lreader *r)
{
  free (r->buf);
  free (r->lines);
}
