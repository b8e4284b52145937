/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* shortread.h: whether a read of a regular file that returns fewer bytes
   than asked for has reached the file's end, on the file system of an
   open descriptor.  POSIX does not promise it; Linux keeps it on the
   file systems whose read path is the page cache's (ext2/3/4, XFS,
   Btrfs, tmpfs: filemap_read and shmem_file_read_iter stop short only at
   the file's size, on a fatal signal, or on an I/O error after some
   bytes, which io/input.c takes as the end whenever the size is above 0
   anyway).  Not so on /proc and /sys, whose files say 0 or 4096 bytes
   and are made by their own read functions, nor on FUSE, NFS, CIFS or
   9p, whose sizes and reads come from elsewhere.  Where the answer is
   yes, a short read is the end without the fstat that tells the size
   (io/input.h's input_probe).  */

#ifndef GRABRAT_IO_SHORTREAD_H
#define GRABRAT_IO_SHORTREAD_H

#include <stdbool.h>

/* Whether reads of the regular files on FD's file system come short only
   at their end (false if that cannot be told).  */
bool short_read_is_end (int fd);

#endif
