/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* input.c: chunked reading by mmap or read (see input.h).  */

#include <config.h>

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

#include "minmax.h"
#include "safe-read.h"
#include "xalloc.h"

#include "io/input.h"

struct input_reader
{
  int fd;
  struct stat st;
  struct input_params const *params;
  bool mapped;       /* this file is read through mappings */
  bool eof;          /* read(): end of file seen */
  bool unseen;       /* read(): input_probe's read, not yet a chunk */

  /* read() mode: BUF[0..LEN) holds the file's bytes from offset START.  */
  char *buf;
  idx_t bufsize;
  idx_t len;
  off_t start;

  /* mmap mode: MAP[0..MAPDATA) maps the file from offset MAPOFF, in a
     mapping of MAPLEN bytes (a spare page more if writable).  */
  char *map;
  idx_t maplen, mapdata;
  off_t mapoff;

  /* SIGBUS recovery for the current mapping.  */
  sigjmp_buf env;
};

/* Zeroed bytes kept after the data in the read buffer: vectorized
   searchers (PCRE2's JIT, memchr) may load a few bytes past the end of
   what they were given; those bytes must at least be initialized (else
   valgrind reports the JIT's compares as depending on garbage).  */
enum { READ_PAD = 64 };

/* Keep at most this much read buffer between files: one huge line from a
   pipe should not pin its memory for the rest of the run.  */
enum { READ_BUF_KEEP = 4 << 20 };

static idx_t
page_size (void)
{
  return sysconf (_SC_PAGESIZE);
}

struct input_reader *
input_reader_xnew (void)
{
  struct input_reader *rd = xzalloc (sizeof *rd);
  rd->fd = -1;
  return rd;
}

void
input_reader_free (struct input_reader *rd)
{
  if (rd)
    {
      input_end (rd);
      free (rd->buf);
      free (rd);
    }
}

/* Whether a file of status ST is read through mappings.  */
static bool
maps (struct stat const *st, struct input_params const *params)
{
  return (S_ISREG (st->st_mode) && 0 <= params->mmap_min
          && params->mmap_min <= st->st_size && 0 < st->st_size);
}

void
input_begin (struct input_reader *rd, int fd, struct stat const *st,
             struct input_params const *params)
{
  rd->fd = fd;
  rd->st = *st;
  rd->params = params;
  rd->mapped = maps (st, params);
  rd->eof = rd->unseen = false;
  rd->len = 0;
  rd->start = 0;
  rd->map = NULL;
  rd->maplen = 0;
  rd->mapoff = 0;
}

void
input_end (struct input_reader *rd)
{
  if (rd->map)
    munmap (rd->map, rd->maplen);
  rd->map = NULL;
  rd->maplen = 0;
  if (READ_BUF_KEEP < rd->bufsize)
    {
      free (rd->buf);
      rd->buf = NULL;
      rd->bufsize = 0;
    }
  rd->fd = -1;
}

/* Map the file from offset OFF (page aligned) for LEN bytes.  A
   writable mapping is private (a page written is copied: the file never
   changes), and the byte after it can be written too (the DFA's
   sentinel): it is in the mapping's last page, or, when LEN is a whole
   number of pages, in a spare anonymous page mapped just after.  (Not a
   reservation of LEN and a page first, with the file mapped over it: the
   kernel places a mapping of the file itself where huge pages can map it,
   at 2 MiB boundaries, and one big file then took 950 page faults instead
   of 18,000, grep -c on the 1.1 GiB bench file 0.15 s of CPU instead of
   0.19.)  */
static int
remap (struct input_reader *rd, off_t off, idx_t len)
{
  if (rd->map)
    munmap (rd->map, rd->maplen);
  rd->map = NULL;
  rd->maplen = 0;
  bool writable = rd->params->writable;
  char *p = mmap (NULL, len, PROT_READ | (writable ? PROT_WRITE : 0),
                  MAP_PRIVATE, rd->fd, off);
  if (p == MAP_FAILED)
    return errno;
  idx_t total = len;
  if (writable && len % page_size () == 0)
    {
      /* MAP_FIXED_NOREPLACE fails (or, before Linux 4.17, maps
         elsewhere) if something is there already.  */
      total += page_size ();
      void *q = mmap (p + len, page_size (), PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,
                      -1, 0);
      if (q != p + len)
        {
          int e = q == MAP_FAILED ? errno : EEXIST;
          if (q != MAP_FAILED)
            munmap (q, page_size ());
          munmap (p, len);
          return e;
        }
    }
  rd->map = p;
  rd->maplen = total;
  rd->mapdata = len;
  rd->mapoff = off;
  return 0;
}

static int
next_mapped (struct input_reader *rd, off_t keep, off_t need, char eol,
             struct input_chunk *ch)
{
  off_t size = rd->st.st_size;
  if (size <= need)
    return 0;
  off_t off = keep - keep % page_size ();
  /* The mapping still serves a caller that searched part of it (grep's
     binary rule takes a chunk in steps that end where reads would:
     search/worker.c's take_nuls) while it holds KEEP, two reads' worth
     past NEED and a line end after NEED, or the rest of the file.  */
  off_t mapend = rd->mapoff + rd->mapdata;
  if (rd->map && rd->mapoff <= off && need < mapend
      && (2 * rd->params->read_size <= mapend - need || mapend == size))
    {
      idx_t from = need - rd->mapoff;
      if (memrchr (rd->map + from, eol, rd->mapdata - from)
          || mapend == size)
        {
          *ch = (struct input_chunk) {
            .buf = rd->map, .len = rd->mapdata, .start = rd->mapoff,
            .eof = mapend == size, .mapped = true };
          return 1;
        }
    }
  /* A window from KEEP that ends before NEED (context kept before a line
     longer than the window) would leave memrchr below a negative length:
     the window runs from NEED on.  (grab -L... -B 1 looped for ever on a
     200 KiB line: tests/grab/big-file-pieces.sh.)  */
  idx_t len = MIN (size - off, need - off + rd->params->window);
  for (;;)
    {
      int e = remap (rd, off, len);
      if (e)
        return -e;
      /* A line longer than the window: widen the window until it holds
         the line's end.  (memrchr reads the mapping: the caller's guard
         covers a file that shrank.)  */
      char const *last = memrchr (rd->map + (need - off), eol,
                                  len - (need - off));
      if (last || off + len == size)
        break;
      len = size - off < 2 * len ? size - off : 2 * len;
    }
  *ch = (struct input_chunk) { .buf = rd->map, .len = len, .start = off,
                               .eof = off + len == size, .mapped = true };
  return 1;
}

/* Read up to ROOM bytes into BUF, as safe_read does.  While
   RD->params->cold says so, a regular file is read with RWF_NOWAIT first:
   a read that finds the bytes in the page cache costs no more, and one
   that does not (EAGAIN, or fewer bytes than the file holds) says so
   through *COLD, then reads on as usual.  */
static ptrdiff_t
read_some (struct input_reader *rd, char *buf, idx_t room)
{
  atomic_int *cold = rd->params->cold;
  if (!cold || atomic_load_explicit (cold, memory_order_relaxed) != 0
      || !S_ISREG (rd->st.st_mode))
    return safe_read (rd->fd, buf, room);
  struct iovec iov = { .iov_base = buf, .iov_len = room };
  ptrdiff_t n = preadv2 (rd->fd, &iov, 1, -1, RWF_NOWAIT);
  off_t left = rd->st.st_size - (rd->start + rd->len);
  if (0 <= n && (n == room || left <= n))
    return n;
  /* A file system that cannot tell (EOPNOTSUPP) counts as cold.  */
  int warm = 0;
  atomic_compare_exchange_strong (cold, &warm, 1);
  if (n < 0 && errno != EAGAIN)
    return safe_read (rd->fd, buf, room);
  n = MAX (n, 0);
  ptrdiff_t m = safe_read (rd->fd, buf + n, room - n);
  return m < 0 ? m : n + m;
}

/* Make room for WANT more bytes (and the pad) after what RD holds.  */
static void
reserve (struct input_reader *rd, idx_t want)
{
  if (rd->bufsize - rd->len < want + READ_PAD)
    rd->buf = xpalloc (rd->buf, &rd->bufsize,
                       want + READ_PAD - (rd->bufsize - rd->len), -1, 1);
}

int
input_probe (struct input_reader *rd, int fd,
             struct input_params const *params, struct stat *st)
{
  *st = (struct stat) { .st_mode = S_IFREG };
  input_begin (rd, fd, st, params);
  idx_t want = params->read_size;
  reserve (rd, want);
  ptrdiff_t n = safe_read (fd, rd->buf, want);
  if (n < 0)
    return errno;
  rd->len = n;
  memset (rd->buf + n, 0, READ_PAD);
  if (n < want)
    {
      st->st_size = n;
      rd->eof = true;
    }
  else if (fstat (fd, st) != 0)
    return errno;
  rd->st = *st;
  rd->mapped = maps (st, params);
  rd->unseen = true;
  return 0;
}

static int
next_read (struct input_reader *rd, off_t keep, off_t need, char eol,
           struct input_chunk *ch)
{
  /* Drop what the caller no longer needs.  */
  idx_t drop = keep - rd->start;
  if (0 < drop)
    {
      memmove (rd->buf, rd->buf + drop, rd->len - drop);
      rd->len -= drop;
      rd->start = keep;
    }
  if (rd->eof)
    {
      if (rd->start + rd->len <= need)
        return 0;
      goto done;
    }
  /* The probe's read is the first chunk, as the first read would have
     been: grep's binary rule looks at the first read_size bytes alone
     (a NUL past them came first when the chunk held two reads:
     tests/grep/first-read-status.sh).  */
  if (rd->unseen)
    {
      rd->unseen = false;
      if (memchr (rd->buf + (need - rd->start), eol,
                  rd->start + rd->len - need))
        goto done;
    }

  /* A line that does not end (an endless pipe without EOL bytes: 'yes |
     grep -z -q x dir -') is given back each time what is held has
     doubled, at least LONG_STEP more: the caller then sees what it has
     to see (another thread's -q match ended the run: the random tester,
     seed 1796547240 case 3792, hung at 4 threads) at a cost linear in
     the line's length.  */
  enum { LONG_STEP = 1 << 20 };
  idx_t held = rd->len;
  for (;;)
    {
      /* Ask for the rest of a small regular file at once (plus one
         byte, so a short count tells us the end is reached), else a
         stream-sized read.  */
      idx_t want = rd->params->read_size;
      if (S_ISREG (rd->st.st_mode))
        {
          off_t left = rd->st.st_size - (rd->start + rd->len);
          if (0 < left && left < rd->params->read_whole)
            want = MAX (want, left + 1);
        }
      reserve (rd, want);
      /* No more than WANT, though a buffer kept from a bigger file may
         have more room: read sizes are the caller's (grep's first 96 KiB
         decide whether its start is binary).  */
      idx_t room = MIN (want, rd->bufsize - rd->len - READ_PAD);
      ptrdiff_t n = read_some (rd, rd->buf + rd->len, room);
      if (n < 0)
        return -errno;
      char const *fresh = rd->buf + rd->len;
      rd->len += n;
      memset (rd->buf + rd->len, 0, READ_PAD);
      if (n == 0
          || (S_ISREG (rd->st.st_mode) && 0 < rd->st.st_size && n < room))
        {
          /* A regular file that read short is at its end.  */
          rd->eof = true;
          if (rd->start + rd->len <= need)
            return 0;
          break;
        }
      if (memchr (fresh, eol, n) || MAX (held, LONG_STEP) <= rd->len - held)
        break;
    }
 done:
  *ch = (struct input_chunk) { .buf = rd->buf, .len = rd->len,
                               .start = rd->start, .eof = rd->eof,
                               .mapped = false };
  return 1;
}

int
input_next (struct input_reader *rd, off_t keep, off_t need, char eol,
            struct input_chunk *ch)
{
  if (rd->mapped)
    {
      int r = next_mapped (rd, keep, need, eol, ch);
      if (0 <= r || rd->params->map_only
          || lseek (rd->fd, keep, SEEK_SET) != keep)
        return r;
      /* Mapping is only a way of reading: a file that cannot be mapped
         (ENODEV on file systems without mmap, ENOMEM when the window does
         not fit the address space) is read from where the caller is, as
         grep reads it, rather than reported as unreadable (it was, with
         mmap's errno; tests/grab/faults.sh injects the failure).  */
      rd->mapped = false;
      rd->start = keep;
      rd->len = 0;
    }
  return next_read (rd, keep, need, eol, ch);
}

/* The reader armed in this thread, if any.  Thread-local by necessity:
   the SIGBUS handler runs in the faulting thread and must find that
   thread's reader; no other thread ever sees it.  */
static _Thread_local struct input_reader *armed;

static void
sigbus_handler (int sig, siginfo_t *info, void *ctx)
{
  (void) ctx;
  struct input_reader *rd = armed;
  char const *addr = info->si_addr;
  if (rd && rd->map && rd->map <= addr && addr < rd->map + rd->maplen)
    {
      armed = NULL;
      siglongjmp (rd->env, 1);
    }
  /* Not ours: die of it as if no handler were installed.  */
  signal (sig, SIG_DFL);
  raise (sig);
}

void
input_sigbus_init (void)
{
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_sigaction = sigbus_handler;
  /* SA_NODEFER: siglongjmp out of the handler without restoring the
     signal mask (sigsetjmp (..., 0) is cheaper: no system call), so
     SIGBUS must not be blocked while the handler runs.  */
  sa.sa_flags = SA_SIGINFO | SA_NODEFER;
  sigemptyset (&sa.sa_mask);
  sigaction (SIGBUS, &sa, NULL);
}

sigjmp_buf *
input_guard (struct input_reader *rd)
{
  armed = rd;
  return &rd->env;
}

void
input_unguard (struct input_reader *rd)
{
  (void) rd;
  armed = NULL;
}
