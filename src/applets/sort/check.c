/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* check.c: sort -c and -C (see check.h).  Lines are compared with their
   predecessor a bufferful at a time; the last line of each bufferful is
   copied to meet the first of the next.  */

#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inttostr.h"
#include "minmax.h"
#include "xalloc.h"

#include "system.h"
#include "check.h"
#include "compare.h"
#include "lines.h"

/* The buffer of sort -c, unless -S asks for more (GNU sort's size).  */
enum { CHECK_BUFFER_SIZE = 256 * 1024 };

/* Report LINE, number NUMBER of FILE, as out of order.  */
static void
report_disorder (struct sort_opts const *o, char const *file,
                 intmax_t number, struct line const *line)
{
  char buf[INT_BUFSIZE_BOUND (intmax_t)];
  fprintf (stderr, _("%s: %s:%s: disorder: "), program_name, file,
           imaxtostr (number, buf));
  fwrite (line->text, 1, line->len, stderr);
  putc (o->eol, stderr);
}

bool
check_file (struct sort_opts const *o, struct sort_limits const *lim,
            char const *file, char checkonly)
{
  int fd = lines_xopen (file);
  struct lreader r;
  lreader_init (&r, fd, file, o->eol, MAX (CHECK_BUFFER_SIZE,
                                           lim->buffer_size));
  /* Out of order: greater than the previous line, or equal with -u.  */
  int nonunique = !o->unique;
  struct line prev = { NULL, 0, 0 };
  idx_t prev_alloc = 0;
  intmax_t number = 0;
  bool ordered = true;

  while (ordered && lreader_xfill (&r))
    {
      for (idx_t i = 0; i < r.nlines; i++)
        {
          struct line const *p = 0 < i ? &r.lines[i - 1] : prev.text ? &prev
                                 : NULL;
          if (p && nonunique <= compare_lines (o, p, &r.lines[i]))
            {
              if (checkonly == 'c')
                report_disorder (o, file, number + i + 1, &r.lines[i]);
              ordered = false;
              break;
            }
        }
      number += r.nlines;

      struct line const *last = &r.lines[r.nlines - 1];
      if (prev_alloc <= last->len)
        {
          free (prev.text);
          prev_alloc = last->len + 1;
          prev.text = ximalloc (prev_alloc);
        }
      memcpy (prev.text, last->text, last->len + 1);
      prev.len = last->len;
    }

  lines_xclose (fd, file);
  lreader_free (&r);
  free (prev.text);
  return ordered;
}
