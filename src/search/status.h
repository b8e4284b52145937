/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* status.h: the status (struct stat) a worker needs of each file it has
   opened: by fstat, or, for most regular files of the walk, by their
   first read (io/input.h's input_probe), which spares a system call a
   file; and how the file is read.  */

#ifndef GRABRAT_SEARCH_STATUS_H
#define GRABRAT_SEARCH_STATUS_H

#include "search/worker-state.h"
#include "search/workq.h"

/* What a worker knows of a file it has opened.  */
struct opened
{
  int fd;
  struct stat st;                 /* its status */
  off_t start;                    /* where its data start: standard input
                                     may be left at an offset */
  struct input_params const *in;  /* how it is read */
  bool probed;                    /* the worker's reader holds its first
                                     read, made with IN */
};

/* Fill *F for IT, open as FD: F->st by fstat or by a first read (then
   F->probed, and the search goes on from what W's reader holds), F->start
   and F->in.  Return 0, or an errno value.  */
int file_status (struct worker *w, struct work const *it, int fd,
                 struct opened *f);

#endif
