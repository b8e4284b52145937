/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* outblock.h: finished pieces of output, kept for later in big blocks
   that one thread fills and any thread lets go of.  A writer copies each
   piece into its current block; each piece holds a reference to its
   block, which is freed when the writer has moved on and the last piece
   is let go.  So many small outputs cost a malloc and a free per block,
   not per piece, and the free may come from another thread.  Owns only
   memory; dies only on memory exhaustion.  */

#ifndef GRABRAT_IO_OUTBLOCK_H
#define GRABRAT_IO_OUTBLOCK_H

#include "idx.h"

struct outblock;

/* A piece: LEN bytes at BYTES, which live in BLOCK.  */
struct outpiece
{
  struct outblock *block;  /* NULL: no piece */
  char const *bytes;
  idx_t len;
};

/* The longest piece worth a block's room: longer output goes its own
   way.  */
enum { OUTPIECE_MAX = 8 << 10 };

/* Copy the LEN bytes at P (0 < LEN <= OUTPIECE_MAX) into *CUR, the
   writer's current block (NULL at first; a new one when full), and
   return the piece.  */
struct outpiece outpiece_xkeep (struct outblock **cur, char const *p,
                                idx_t len);

/* Let go of PIECE (none is fine) and set it to none.  Any thread.  */
void outpiece_release (struct outpiece *piece);

/* The writer is done with CUR (NULL is fine): pieces still held keep
   it.  */
void outblock_leave (struct outblock *cur);

#endif
