/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* zcopy.h: zero-copy transfers from one file descriptor to another:
   copy_file_range between regular files, splice (directly when one end is
   a pipe, through a middle pipe otherwise), and growing pipes (never
   shrinking them).  The caller
   chooses the chain; this module never prints and never exits.  Each
   transfer returns 1 when the input is exhausted, 0 when the method does not
   apply (no byte lost or repeated: the caller carries on with read and
   write at the current offsets), or -1 with errno set and the failing side
   recorded.  A struct zcopy belongs to one thread.  */

#ifndef GRABRAT_IO_ZCOPY_H
#define GRABRAT_IO_ZCOPY_H

#include <stdbool.h>

#include "idx.h"

/* Which end a transfer that returned -1 failed on.  */
enum zcopy_side
{
  ZCOPY_INPUT,   /* reading the input: blame its name */
  ZCOPY_OUTPUT,  /* writing the output: a write error */
  ZCOPY_PIPE     /* the middle pipe itself (rebuilt on the next call) */
};

struct zcopy
{
  int mid[2];            /* the middle pipe, or -1 until it is made */
  idx_t mid_cap;         /* its capacity in bytes */
  bool no_pipe;          /* making the pipe failed: do not try again */
  enum zcopy_side side;  /* after a -1: where the failure was */

  /* If set, called with the number of bytes each step delivered to the
     output (for a progress meter).  */
  void (*tick) (void *arg, idx_t n);
  void *tick_arg;

  /* The most bytes one copy_file_range call may copy; smaller values
     give TICK a finer grain.  */
  idx_t range_step;

  /* If set, called once in a straight splice, with the input descriptor,
     when GROW_AFTER bytes have gone through: the caller's chance to grow
     the pipes once the input proves big.  */
  void (*grow) (void *arg, int in);
  void *grow_arg;
  idx_t grow_after;
};

/* Set up Z with no pipe, no tick and no grow.  */
void zcopy_init (struct zcopy *z);

/* Close Z's middle pipe, if any.  */
void zcopy_fini (struct zcopy *z);

/* If FD is a pipe smaller than the size zcopy works best with, try to
   grow it (asking for less when the kernel refuses the full size with
   EPERM); never shrink it, since another process may have grown it on
   purpose.  Return the pipe's capacity afterwards, or 0 if FD is not a
   pipe.  */
idx_t zcopy_grow_pipe (int fd);

/* Copy IN to OUT with copy_file_range from their current offsets up to
   the end of IN.  Both should be regular files and OUT must not be in
   append mode.  Return 1 when done; 0 if the call is unsupported here or
   reports nothing to copy on its first call (the /proc case), in which
   case the offsets have moved past whatever was copied; -1 on another
   error, with errno and Z->side set.  */
int zcopy_range (struct zcopy *z, int in, int out);

/* Which ends of a splice are pipes (zcopy_splice's PIPES).  */
enum
{
  ZCOPY_IN_PIPE = 1,
  ZCOPY_OUT_PIPE = 2
};

/* Move IN to OUT with splice until IN's end: directly if PIPES says
   either is a pipe, else through Z's middle pipe (made and grown on first
   use, kept for later calls).  OUT must not be in append mode.  Return 1
   at the end of IN; 0 if splice is not possible before any byte reached
   OUT (bytes already taken from IN were written to OUT with write, so
   nothing is lost), or, splicing straight, when the kernel refuses it
   later (EINVAL, ENOSYS); -1 on a failure after that, with errno and
   Z->side set.  */
int zcopy_splice (struct zcopy *z, int in, int out, unsigned pipes);

#endif
