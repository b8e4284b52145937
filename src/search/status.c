/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* status.c: a file's status by fstat or by its first read (see
   status.h).

   ripgrep reads the walk's files without an fstat each; grab made one
   per file for the size, the type, and the inode number that tells the
   output file apart.  Without it (reading to a short read, on the file
   systems where that is the end): grab -r -n 2 linus on the Linux tree
   took 0.968 of the time, an fstatfs per directory included (farm-bench,
   21 pairs, 2026-12-07).  Reading on to a read of 0 bytes instead, as
   ripgrep does, saved nothing (0.999): that read costs what the fstat
   did.  */

#include <config.h>

#include <dirent.h>
#include <errno.h>

#include "io/input.h"
#include "search/status.h"

/* While the run watches for a cold page cache (io/input.h's params->cold
   is 0), one file in this many is read as before, fstat first, then with
   RWF_NOWAIT, which tells a cold cache: a short read with RWF_NOWAIT may
   be a page not yet read in rather than the end.  The others are read
   whether their pages are in or not.  A cold tree is still noticed at
   once: each worker's first such file is a sample, and so is each 16th
   (tests/grab/thread-count.sh).  */
enum { COLD_SAMPLE = 16 };

/* Whether W can search IT without fstat.  */
static bool
probes (struct worker *w, struct work const *it)
{
  struct grab_opts const *o = w->o;
  if (!(it->from && it->ino && it->type == DT_REG && !it->command_line
        && it->from->short_read_is_end
        && !(o->out_is_regular && it->ino == o->out_ino
             && it->from->dev == o->out_dev)))
    return false;
  atomic_int *cold = o->input_walk.cold;
  return !(cold && atomic_load_explicit (cold, memory_order_relaxed) == 0
           && w->files++ % COLD_SAMPLE == 0);
}

int
file_status (struct worker *w, struct work const *it, int fd,
             struct stat *st, bool *probed)
{
  *probed = probes (w, it);
  if (*probed)
    return input_probe (w->rd, fd, &w->o->input_walk, st);
  return fstat (fd, st) == 0 ? 0 : errno;
}
