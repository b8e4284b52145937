/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* tempfile.h: sort's temporary files (sorted runs, and copies of inputs
   that are also the output).  They are made in the -T directories in
   turn, named sortXXXXXX, and every one still present is removed when
   sort exits, dies, or is killed by a signal it can catch (SIGINT,
   SIGTERM, SIGHUP, SIGPIPE, ...).  With --compress-program, each is
   written through that program and read back through it with -d, as
   GNU sort does.  Main thread only.  */

#ifndef GRABRAT_SORT_TEMPFILE_H
#define GRABRAT_SORT_TEMPFILE_H

#include <stdbool.h>

#include "idx.h"

struct tempfile;

/* Use the N directories DIRS (which must outlive all temporaries).  */
void tempfile_set_dirs (char const *const *dirs, idx_t n);

/* Write every temporary through PROG (looked up in PATH) and read it
   back through 'PROG -d'.  */
void tempfile_set_compressor (char const *prog);

/* Create a temporary file and store in *FD the descriptor to write it
   through (the file, or a pipe to its compressor).  On failure die with
   GNU sort's message, except that when out of file descriptors and
   SURVIVE_EMFILE, return null with *FD = -1.  */
struct tempfile *tempfile_create (int *fd, bool survive_emfile);

char const *tempfile_name (struct tempfile const *t);

/* Open T, written and closed, for reading: the file, or a pipe from a
   decompressor (once T's compressor has finished).  Return the
   descriptor, or -1 with errno set.  */
int tempfile_open (struct tempfile *t);

/* Close FD, opened by tempfile_open for T.  If DONE (it was read to its
   end), a decompressor that failed is fatal; else it is stopped.  */
void tempfile_xclose (struct tempfile *t, int fd, bool done);

/* Remove T's file (warn if that fails) and forget T.  */
void tempfile_remove (struct tempfile *t);

#endif
