/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* outbuf.h: a growable byte buffer for output, flushed with full writes.
   Owns only memory; never prints a diagnostic and never exits except on
   memory exhaustion (the x-prefixed functions, through xalloc_die).  Not
   thread-safe: each thread has its own.  */

#ifndef GRABRAT_IO_OUTBUF_H
#define GRABRAT_IO_OUTBUF_H

#include <string.h>

#include "idx.h"

struct outbuf
{
  char *buf;
  idx_t len;   /* bytes queued */
  idx_t size;  /* bytes allocated */
};

/* An empty buffer; allocation happens on first use.  */
#define OUTBUF_INIT { NULL, 0, 0 }

/* Make room for N more bytes in OB and return where they go.  Dies on
   memory exhaustion.  The caller then adds to OB->len what it wrote.  */
char *outbuf_xreserve (struct outbuf *ob, idx_t n);

/* Append the N bytes at P to OB.  Dies on memory exhaustion.  */
static inline void
outbuf_xadd (struct outbuf *ob, void const *p, idx_t n)
{
  if (n == 0)
    return;   /* OB may have no buffer yet: memcpy's NULL is undefined */
  if (ob->size - ob->len < n)
    outbuf_xreserve (ob, n);
  memcpy (ob->buf + ob->len, p, n);
  ob->len += n;
}

/* Append the byte C to OB.  Dies on memory exhaustion.  */
static inline void
outbuf_xputc (struct outbuf *ob, char c)
{
  if (ob->size == ob->len)
    outbuf_xreserve (ob, 1);
  ob->buf[ob->len++] = c;
}

/* Append the string S to OB.  */
static inline void
outbuf_xputs (struct outbuf *ob, char const *s)
{
  outbuf_xadd (ob, s, strlen (s));
}

/* Append the decimal form of N to OB.  */
void outbuf_xputnum (struct outbuf *ob, intmax_t n);

/* Write all of OB to FD and empty it.  Return 0, or an errno value if a
   write failed (OB is emptied either way: the data cannot be delivered).  */
int outbuf_flush (struct outbuf *ob, int fd);

/* Release OB's memory.  */
void outbuf_free (struct outbuf *ob);

#endif
