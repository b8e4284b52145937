/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* outbuf.c: growable output buffer (see outbuf.h).  */

#include <config.h>

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "full-write.h"
#include "inttostr.h"
#include "xalloc.h"

#include "io/outbuf.h"

char *
outbuf_xreserve (struct outbuf *ob, idx_t n)
{
  if (ob->size - ob->len < n)
    ob->buf = xpalloc (ob->buf, &ob->size, n - (ob->size - ob->len), -1, 1);
  return ob->buf + ob->len;
}

void
outbuf_xputnum (struct outbuf *ob, intmax_t n)
{
  char tmp[INT_BUFSIZE_BOUND (intmax_t)];
  outbuf_xputs (ob, imaxtostr (n, tmp));
}

int
outbuf_flush (struct outbuf *ob, int fd)
{
  idx_t n = ob->len;
  ob->len = 0;
  if (n == 0)
    return 0;
  errno = 0;
  if (full_write (fd, ob->buf, n) != n)
    return errno ? errno : ENOSPC;
  return 0;
}

void
outbuf_free (struct outbuf *ob)
{
  free (ob->buf);
  ob->buf = NULL;
  ob->len = ob->size = 0;
}
