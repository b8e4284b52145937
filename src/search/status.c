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
#include <unistd.h>

#include "minmax.h"

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
  struct search_config const *o = w->o;
  if (!(it->from && it->ino && it->type == DT_REG && !it->command_line
        && it->from->short_read_is_end
        && !(o->out_is_regular && it->ino == o->out_ino
             && it->from->dev == o->out_dev)))
    return false;
  atomic_int *cold = o->input_walk.cold;
  return !(cold && atomic_load_explicit (cold, memory_order_relaxed) == 0
           && w->files++ % COLD_SAMPLE == 0);
}

/* How IT, whose data start at START, is read: standard input left at an
   offset is read, not mapped (a mapping starts at the file's start: a
   count took the lines before the offset for its own,
   tests/grep/holes.sh); an operand as the command line's files are; a
   file of the walk as the walk's.  */
static struct input_params const *
file_input (struct search_config const *o, struct work const *it, off_t start)
{
  return (start ? &o->input_unmapped
          : it->command_line ? &o->input
          : &o->input_walk);
}

int
file_status (struct worker *w, struct work const *it, int fd,
             struct opened *f)
{
  struct search_config const *o = w->o;
  /* Where standard input starts: its offsets are counted from there
     ('{ read l; grep -m2 x; grep -c x; } <file' counts from after the
     second match: tests/grep/stdin-turns.sh).  */
  off_t start = it->stdin_ ? MAX (0, lseek (fd, 0, SEEK_CUR)) : 0;
  *f = (struct opened) { .fd = fd, .start = start,
                         .in = file_input (o, it, start),
                         .probed = probes (w, it) };
  if (f->probed)
    return input_probe (w->rd, fd, f->in, &f->st);
  return fstat (fd, &f->st) == 0 ? 0 : errno;
}
