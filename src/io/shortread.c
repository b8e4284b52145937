/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* shortread.c: file systems whose short reads are ends (see
   shortread.h).  */

#include <config.h>

#include <linux/magic.h>
#include <sys/vfs.h>

#include "io/shortread.h"

bool
short_read_is_end (int fd)
{
  struct statfs sf;
  if (fstatfs (fd, &sf) != 0)
    return false;
  switch (sf.f_type)
    {
    case EXT4_SUPER_MAGIC:      /* and ext2, ext3: the same number */
    case XFS_SUPER_MAGIC:
    case BTRFS_SUPER_MAGIC:
    case TMPFS_MAGIC:
      return true;
    default:
      return false;
    }
}
