/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* defaults.h: the settings both command lines start from (defaults.c;
   grab keeps them, grep sets its own over them), and the measured I/O
   tuning constants behind them, which grab's --mmap and -L use too.  */

#ifndef GRABRAT_FRONT_DEFAULTS_H
#define GRABRAT_FRONT_DEFAULTS_H

#include "search/config.h"
#include "front/cmdline.h"

/* Files are mapped from this size on; smaller ones are read into a buffer
   each worker reuses.  Mapping costs page faults and a TLB shoot-down per
   unmap across threads, which only pays for big files.  'bench/grab.sh
   --mmap' (2026-11-30, 2 vCPUs, 64 MiB cut into files, time of
   --mmap=always over --mmap=never): 16 KiB files 6.66, 256 KiB 1.45,
   1 MiB 0.92, 4 MiB 0.90, 16 MiB 0.86.  */
enum { MMAP_MIN = 1 << 20 };

/* The mapping window (-L halves it) and its floor.  */
enum { WINDOW_DEFAULT = 1 << 30, WINDOW_MIN = 64 << 10 };

/* read() size for pipes, other streams and files too big to be read at
   once; files shorter than READ_WHOLE are read in one call.  GNU grep
   measured 32 KiB to 1 MiB alike (its 96 KiB GOOD_READSIZE_MIN).  Each
   worker keeps a buffer of the biggest file it read whole, so READ_WHOLE
   is memory per thread: on the Linux tree (2026-12-03, 2 vCPUs) grab -r
   -n 16 linus peaked at 21.0 MB with 1 MiB, 8.8 MB with 256 KiB, 7.3 MB
   with 128 KiB; -n 2 'return' took 1.00, 0.97 and 0.93 of the 1 MiB
   time (medians of 7 rotated runs; 'linus' 1.00, 1.01, 1.00).  */
enum { STREAM_READ = 128 << 10, READ_WHOLE = STREAM_READ };

/* Set the defaults in *O and *CL, all but CL's usage function, which is
   the front-end's own.  */
void defaults_set (struct search_config *o, struct front_cmdline *cl);

#endif
