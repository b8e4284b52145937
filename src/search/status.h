/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* status.h: the status (struct stat) a worker needs of each file it has
   opened: by fstat, or, for most regular files of the walk, by their
   first read (io/input.h's input_probe), which spares a system call a
   file.  */

#ifndef GRABRAT_SEARCH_STATUS_H
#define GRABRAT_SEARCH_STATUS_H

#include "search/worker-state.h"
#include "search/workq.h"

/* Fill *ST with the status of IT, open as FD.  Set *PROBED if that
   started W's reader on FD already (with the walk's input parameters):
   the search then goes on from what it holds.  Return 0, or an errno
   value.  */
int file_status (struct worker *w, struct work const *it, int fd,
                 struct stat *st, bool *probed);

#endif
