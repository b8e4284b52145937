/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* rat.h: the state of one rat run, shared by its parts: rat.c (options,
   the operand loop), copy.c (how one input is copied), strict.c
   (the input-is-output rule and --strict's checks).  Everything lives in one struct rat owned by
   rat_main; nothing here is thread-safe (rat has one thread).  */

#ifndef GRABRAT_RAT_RAT_H
#define GRABRAT_RAT_RAT_H

#include <stdbool.h>
#include <sys/stat.h>

#include "idx.h"

#include "io/zcopy.h"
#include "applets/rat/format.h"

struct progress;

struct rat
{
  /* Options, fixed once parsed.  */
  struct fmt_opts fopts;
  bool format;          /* the formatting path: some option changes bytes */
  bool zero_copy;       /* copy_file_range and splice allowed */

  /* Standard output, as found at start-up.  */
  struct stat out_st;
  int out_append;       /* O_APPEND: 1 or 0; -1 until first asked */
  bool out_grown;       /* an attempt to grow the stdout pipe was made */
  idx_t out_pipe_cap;   /* capacity of the stdout pipe; 0: not a pipe */

  /* What copying needs, made on first use and kept across inputs.  */
  struct zcopy z;
  char *buf;            /* read buffer of BUF_SIZE bytes */
  idx_t buf_size;
  struct fmt *fmt;
  struct progress *progress;   /* NULL without --progress */

  bool have_read_stdin;
};

/* Whether reading FD (status IN) to stdout (status OUT) would copy a
   file onto itself: stdout a regular file, the same file, and FD's offset
   short of its size (GNU cat 9.1's rule).  */
bool rat_self_copy (int fd, struct stat const *in, struct stat const *out);

/* Copy FD (named NAME, status ST) to stdout the fastest way that is
   exact: copy_file_range, splice, or read and write.  Return true on
   success; after a diagnostic for NAME, false; dies on a write error.  */
bool copy_plain (struct rat *r, int fd, char const *name,
                 struct stat const *st);

/* Copy FD (NAME, ST) to stdout through the formatter.  Same results as
   copy_plain.  */
bool copy_format (struct rat *r, int fd, char const *name,
                  struct stat const *st);

/* --strict: check the N operands NAMES (stdout's status OUT) before
   anything is written.  Print a diagnostic for every problem.  Return
   NULL if there was one, else an array of N descriptors to use: an open
   file, or -1 for "open it at its turn" (stdin, FIFOs, files past the
   descriptor budget).  */
int *strict_check (char *const *names, int n, struct stat const *out);

#endif
