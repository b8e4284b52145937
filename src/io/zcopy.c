/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* zcopy.c: copy_file_range, splice through a middle pipe, pipe sizing
   (see zcopy.h).  Knows nothing of file names or messages.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <sched.h>
#include <unistd.h>

#include "full-write.h"
#include "minmax.h"
#include "safe-read.h"
#include "unistd-safer.h"

#include "io/zcopy.h"

/* The pipe capacity zcopy asks for, for the middle pipe and for an output
   pipe.  1 MiB is Linux's default /proc/sys/fs/pipe-max-size, the most an
   unprivileged process may ask for.  Measured 2026-11 on a shared 2-vCPU
   VM, Linux 6.18, with variants of rat racing in one interleaved run
   (bench/lib.sh 'race', 11 rounds, medians), 'rat 1GiB-file | pv -q':
   64 KiB 0.115 s, 256 KiB 0.069 s, 512 KiB 0.061 s, 1 MiB 0.065 s; and
   'pv -q file | rat | pv -q': 64 KiB 1.47 s, 256 KiB 0.31 s, 512 KiB
   0.23 s, 1 MiB 0.18 s.  The machine is noisy (another run of 7 rounds
   put 256 KiB first), but 64 KiB was always the slowest.  uutils found
   the same (1 MiB, its issue #11516).  */
enum { ZCOPY_PIPE_SIZE = 1 << 20 };

/* After EPERM (over pipe-max-size) zcopy asks for half, at most this
   many times: 1 MiB, 512 KiB, 256 KiB.  An EPERM that persists means the
   user's pipes are over pipe-user-pages-soft, where every size fails.  */
enum { ZCOPY_PIPE_SHRINK_STEPS = 2 };

/* Bytes a failed first output splice leaves in the middle pipe are moved
   with read and write through a buffer of this size (a rare path).  */
enum { DRAIN_BUF = 16 << 10 };

void
zcopy_init (struct zcopy *z)
{
  z->mid[0] = z->mid[1] = -1;
  z->mid_cap = 0;
  z->no_pipe = false;
  z->side = ZCOPY_INPUT;
  z->tick = NULL;
  z->tick_arg = NULL;
  z->grow = NULL;
  z->grow_arg = NULL;
  z->grow_after = 0;
  /* copy_file_range's own limit is about 2 GiB a call; ask for as much
     as can be asked, rounded to a gigabyte, as coreutils does.  */
  z->range_step = MIN (SSIZE_MAX, IDX_MAX) >> 30 << 30;
}

static void
close_mid (struct zcopy *z)
{
  if (0 <= z->mid[0])
    {
      int e = errno;
      close (z->mid[0]);
      close (z->mid[1]);
      errno = e;
    }
  z->mid[0] = z->mid[1] = -1;
  z->mid_cap = 0;
}

void
zcopy_fini (struct zcopy *z)
{
  close_mid (z);
}

idx_t
zcopy_grow_pipe (int fd)
{
  int cap = fcntl (fd, F_GETPIPE_SZ);
  if (cap < 0)
    return 0;
  int floor = ZCOPY_PIPE_SIZE >> ZCOPY_PIPE_SHRINK_STEPS;
  for (int want = ZCOPY_PIPE_SIZE; cap < want && floor <= want; want /= 2)
    {
      int r = fcntl (fd, F_SETPIPE_SZ, want);
      if (0 <= r)
        return r;
      /* EBUSY (queued data) or anything else: keep what there is.  */
      if (errno != EPERM)
        break;
    }
  return cap;
}

/* Make Z's middle pipe.  Return true on success; on failure remember it,
   so that a process out of descriptors does not retry for every file.  */
static bool
make_mid (struct zcopy *z)
{
  int fd[2];
  if (pipe2 (fd, O_CLOEXEC) != 0)
    {
      z->no_pipe = true;
      return false;
    }
  /* Above the standard descriptors, so that a closed stdin or stdout is
     never mistaken for the middle pipe.  */
  fd[0] = fd_safer_flag (fd[0], O_CLOEXEC);
  fd[1] = fd_safer_flag (fd[1], O_CLOEXEC);
  if (fd[0] < 0 || fd[1] < 0)
    {
      if (0 <= fd[0])
        close (fd[0]);
      if (0 <= fd[1])
        close (fd[1]);
      z->no_pipe = true;
      return false;
    }
  z->mid[0] = fd[0];
  z->mid[1] = fd[1];
  z->mid_cap = zcopy_grow_pipe (fd[1]);
  if (z->mid_cap <= 0)
    z->mid_cap = 64 << 10;
  return true;
}

/* The errno values with which copy_file_range says "not here" rather
   than "failed": no syscall, unsupported file system or file type,
   different file systems, append-mode output, a busy executable, a
   sealed file, or the kernel bug at offset 2^63-1 (coreutils 9.10).  */
static bool
range_unsupported (int e)
{
  return (e == ENOSYS || e == EOPNOTSUPP || e == ENOTSUP || e == EINVAL
          || e == EBADF || e == EXDEV || e == ETXTBSY || e == EPERM
          || e == EFBIG);
}

int
zcopy_range (struct zcopy *z, int in, int out)
{
  for (bool some = false;;)
    {
      ssize_t n = copy_file_range (in, NULL, out, NULL, z->range_step, 0);
      if (0 < n)
        {
          some = true;
          if (z->tick)
            z->tick (z->tick_arg, n);
          continue;
        }
      /* Old kernels return 0 at once for /proc files: only a 0 after
         some data means the end.  */
      if (n == 0)
        return some;
      if (errno == EINTR)
        continue;
      /* copy_file_range moves both offsets by exactly what it copied, so
         read and write can always take over where it stopped.  */
      if (range_unsupported (errno))
        return 0;
      /* The only errors that surely belong to the output; the rest (EIO
         above all) are charged to the input, as GNU cat does.  */
      z->side = (errno == ENOSPC || errno == EDQUOT ? ZCOPY_OUTPUT
                 : ZCOPY_INPUT);
      return -1;
    }
}

/* The first splice to OUT failed, or made no progress, with LEFT bytes
   in the middle pipe: deliver them with read and write.  Return 0 (go on
   with read and write), or -1 with errno and Z->side set.  */
static int
drain_mid (struct zcopy *z, int out, idx_t left)
{
  char buf[DRAIN_BUF];
  while (0 < left)
    {
      size_t n = safe_read (z->mid[0], buf, MIN (left, DRAIN_BUF));
      if (n == SAFE_READ_ERROR || n == 0)
        {
          if (n == 0)
            errno = EIO;
          z->side = ZCOPY_PIPE;
          close_mid (z);
          return -1;
        }
      if (full_write (out, buf, n) != n)
        {
          z->side = ZCOPY_OUTPUT;
          close_mid (z);
          return -1;
        }
      if (z->tick)
        z->tick (z->tick_arg, n);
      left -= n;
    }
  return 0;
}

/* Move the N bytes just spliced into the middle pipe on to OUT.  MOVED
   says whether any byte has reached OUT before.  Return 1 when the pipe
   is empty, 0 after delivering them with write, -1 on failure.  */
static int
flush_mid (struct zcopy *z, int out, idx_t n, bool moved)
{
  while (0 < n)
    {
      ssize_t w = splice (z->mid[0], NULL, out, NULL, n, 0);
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        {
          /* Before the first byte went through, a refusal (EINVAL for
             /dev/full or an append-mode tty) means "use write"; write
             also gives the true error, such as ENOSPC.  */
          if (!moved)
            return drain_mid (z, out, n);
          if (w == 0)
            errno = EIO;
          z->side = ZCOPY_OUTPUT;
          /* The bytes left in the pipe are lost with the output; a new
             pipe keeps the next call's invariant: it starts empty.  */
          close_mid (z);
          return -1;
        }
      moved = true;
      n -= w;
      if (z->tick)
        z->tick (z->tick_arg, w);
    }
  return 1;
}

/* zcopy_splice when IN or OUT is a pipe (PIPES): one splice per step,
   no middle pipe.  A pipe-to-pipe splice moves the input pipe's buffers
   to the output pipe without touching the data, so rat between two
   pipes costs one system call per pipeful instead of two splices
   through a third pipe.  A step moves at most DIRECT_STEP bytes (what
   the pipes hold: a bigger request is cut short by the kernel anyway).
   Another error after the first byte is the output's when OUT is a
   pipe only for EPIPE, and always when IN is the pipe and OUT is not (a
   pipe fails to give data only by ending).  */
static int
splice_direct (struct zcopy *z, int in, int out, unsigned pipes)
{
  enum { DIRECT_STEP = ZCOPY_PIPE_SIZE };
  /* A step that found less than this in the input gives up the CPU
     before the next: the producer is slower than the copy, and without
     the pause each of its writes lands in an empty pipe and pays for
     waking us (pipe_write wakes a reader only when the pipe was empty),
     which made the producer the bottleneck.  sched_yield returns at once
     when nothing else wants the CPU, and the next splice still blocks on
     an empty pipe: no busy waiting.  bench/lib.sh race, 9 rounds, 2 CPUs,
     medians, without and with the yield (GNU cat 9.1 for scale):
     'yes | head -c 1G | X | pv -q' 0.990 s, 0.846 s (cat 1.057 s);
     'seq 20000000 | X | pv -q' 0.229, 0.197 (0.211); 'yes | X | pv -q
     -S -s 2G' 0.441, 0.405 (1.820); 'pv -q FILE | X | pv -q' 0.065, 0.064
     (1.056).  */
  enum { YIELD_BELOW = 64 << 10 };
  idx_t total = 0;
  bool grown = !z->grow;
  for (bool moved = false;;)
    {
      ssize_t n = splice (in, NULL, out, NULL, DIRECT_STEP, 0);
      if (0 < n)
        {
          moved = true;
          if (z->tick)
            z->tick (z->tick_arg, n);
          total += n;
          if (n < YIELD_BELOW)
            sched_yield ();
          if (!grown && z->grow_after <= total)
            {
              grown = true;
              z->grow (z->grow_arg, in);
            }
          continue;
        }
      if (n == 0)
        return 1;
      if (errno == EINTR)
        continue;
      /* A failed splice moves nothing, so read and write can take over
         from here: before the first byte after any error (write then
         gives the true one), and at any point after a refusal (EINVAL,
         ENOSYS: the kernel will not splice these two).  */
      if (!moved || errno == EINVAL || errno == ENOSYS)
        return 0;
      z->side = (errno == EPIPE || ! (pipes & ZCOPY_OUT_PIPE)
                 ? ZCOPY_OUTPUT : ZCOPY_INPUT);
      return -1;
    }
}

int
zcopy_splice (struct zcopy *z, int in, int out, unsigned pipes)
{
  if (pipes)
    return splice_direct (z, in, out, pipes);
  if (z->mid[0] < 0 && (z->no_pipe || !make_mid (z)))
    return 0;
  for (bool moved = false;;)
    {
      /* The middle pipe is empty here, so a splice of its capacity
         fills it at most.  */
      ssize_t n = splice (in, NULL, z->mid[1], NULL, z->mid_cap, 0);
      if (n < 0 && errno == EINTR)
        continue;
      /* 0 is the end: never retry with read, which on a terminal would
         need a second end-of-file.  */
      if (n == 0)
        return 1;
      if (n < 0)
        {
          if (!moved)
            return 0;
          z->side = ZCOPY_INPUT;
          return -1;
        }
      int r = flush_mid (z, out, n, moved);
      if (r <= 0)
        return r;
      moved = true;
    }
}
