/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* opener.c: batched openat and close through io_uring (see opener.h).  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "io/opener.h"

#if HAVE_LIBURING

# include <liburing.h>

/* ThreadSanitizer sees the system calls made through libc, and no others:
   neither the ring's opens and closes nor liburing's own mmap, munmap
   and close of the ring (raw system calls in liburing 2.3).  When the
   kernel then reuses a descriptor number or an address, what one thread
   did with it before looks to TSan like a race with what another does
   with it now: .ci/run's TSan step found 19 such reports on 2026-12-04
   (a close in work_release against an fstat of the number's previous
   file, liburing.h's inline code against a ring freed by a worker that
   had ended).  So a TSan build tells it what it cannot see: each close
   made through the ring, and the ring's own descriptor, through the hook
   libtsan exports for code that makes its own system calls (declared in
   compiler-rt's linux_syscall_hooks.h, which gcc does not install); and
   that a ring's memory passes from the thread that frees a ring to the
   next thread that makes one.  Opens need nothing: a close resets what
   TSan knew of the number.  tests/grab/batch-open.sh and the TSan step
   show it.  */
# if defined __SANITIZE_THREAD__
#  define OPENER_TSAN 1
# elif defined __has_feature
#  if __has_feature (thread_sanitizer)
#   define OPENER_TSAN 1
#  endif
# endif
# ifdef OPENER_TSAN
#  include <sanitizer/tsan_interface.h>
void __sanitizer_syscall_pre_impl_close (long fd);
/* Never read or written: its address stands for ring memory.  */
static char const ring_memory;
#  define tsan_close(fd) __sanitizer_syscall_pre_impl_close (fd)
#  define tsan_ring_made() __tsan_acquire ((void *) &ring_memory)
#  define tsan_ring_gone() __tsan_release ((void *) &ring_memory)
# else
#  define tsan_close(fd) ((void) 0)
#  define tsan_ring_made() ((void) 0)
#  define tsan_ring_gone() ((void) 0)
# endif

struct opener
{
  struct io_uring ring;
  int max;
};

struct opener *
opener_new (int max)
{
  struct opener *op = malloc (sizeof *op);
  if (!op)
    return NULL;
  op->max = max;
  /* SINGLE_ISSUER: only this thread submits (Linux 6.0; older kernels
     refuse the flag, and are asked again without it).  */
  if (io_uring_queue_init (max, &op->ring, IORING_SETUP_SINGLE_ISSUER) < 0
      && io_uring_queue_init (max, &op->ring, 0) < 0)
    {
      free (op);
      return NULL;
    }
  tsan_ring_made ();
  /* IORING_OP_OPENAT and IORING_OP_CLOSE came with Linux 5.6.  */
  struct io_uring_probe *probe = io_uring_get_probe_ring (&op->ring);
  bool ok = (probe && io_uring_opcode_supported (probe, IORING_OP_OPENAT)
             && io_uring_opcode_supported (probe, IORING_OP_CLOSE));
  if (probe)
    io_uring_free_probe (probe);
  if (!ok)
    {
      opener_free (op);
      return NULL;
    }
  return op;
}

void
opener_free (struct opener *op)
{
  if (op)
    {
      tsan_ring_gone ();
      tsan_close (op->ring.ring_fd);
      io_uring_queue_exit (&op->ring);
      free (op);
    }
}

/* Submit the N requests queued, whose user data are 0..N-1, and store
   each one's result in RES[].  */
static void
run_batch (struct opener *op, int n, int *res)
{
  int done = 0;
  while (done < n)
    {
      /* EAGAIN (no memory for the requests yet) and EBUSY leave the
         requests not taken in the queue: ask again.  Giving up would
         leave them there for the next batch, whose results they would
         then take.  Any other error is a misuse of the ring.  */
      int r = io_uring_submit_and_wait (&op->ring, n - done);
      if (r < 0 && r != -EINTR && r != -EAGAIN && r != -EBUSY)
        abort ();
      struct io_uring_cqe *cqe;
      unsigned head, seen = 0;
      io_uring_for_each_cqe (&op->ring, head, cqe)
        {
          res[cqe->user_data] = cqe->res;
          seen++;
        }
      io_uring_cq_advance (&op->ring, seen);
      done += seen;
    }
}

/* A free submission queue entry: there is always one, as a batch is no
   longer than the queue and each batch is reaped before the next.  */
static struct io_uring_sqe *
next_sqe (struct opener *op)
{
  struct io_uring_sqe *sqe = io_uring_get_sqe (&op->ring);
  if (!sqe)
    abort ();
  return sqe;
}

void
opener_open (struct opener *op, int n, int const *dfd,
             char const *const *name, int const *flags, int *fd)
{
  for (int i = 0; i < n; i++)
    {
      struct io_uring_sqe *sqe = next_sqe (op);
      io_uring_prep_openat (sqe, dfd[i], name[i], flags[i], 0);
      io_uring_sqe_set_data64 (sqe, i);
    }
  run_batch (op, n, fd);
}

void
opener_close (struct opener *op, int n, int const *fd, int *err)
{
  for (int i = 0; i < n; i++)
    {
      struct io_uring_sqe *sqe = next_sqe (op);
      tsan_close (fd[i]);
      io_uring_prep_close (sqe, fd[i]);
      io_uring_sqe_set_data64 (sqe, i);
    }
  run_batch (op, n, err);
  for (int i = 0; i < n; i++)
    err[i] = -err[i];
}

#else /* !HAVE_LIBURING */

struct opener *
opener_new (int max)
{
  (void) max;
  return NULL;
}

void
opener_free (struct opener *op)
{
  (void) op;
}

/* Never called: there is no opener to call them with.  */
void
opener_open (struct opener *op, int n, int const *dfd,
             char const *const *name, int const *flags, int *fd)
{
  (void) op, (void) n, (void) dfd, (void) name, (void) flags, (void) fd;
  abort ();
}

void
opener_close (struct opener *op, int n, int const *fd, int *err)
{
  (void) op, (void) n, (void) fd, (void) err;
  abort ();
}

#endif
