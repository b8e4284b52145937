/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* stamp.c: --timestamp text (see stamp.h), with gnulib's nstrftime and
   time_rz, as GNU date does.  */

#include <config.h>

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "strftime.h"
#include "xalloc.h"

#include "io/outbuf.h"
#include "applets/rat/stamp.h"

struct stamp
{
  char const *format;
  bool subsec;            /* FORMAT shows fractions of seconds */
  timezone_t tz;
  struct outbuf text;     /* the text for... */
  struct timespec time;   /* ...this time */
  bool valid;
};

/* True if FORMAT has a %N conversion (with flags or a width).  */
static bool
has_subsec (char const *format)
{
  for (char const *p = strchr (format, '%'); p; p = strchr (p, '%'))
    {
      p++;
      p += strspn (p, "_-0^#");
      p += strspn (p, "0123456789");
      p += strspn (p, "EO");
      if (*p == 'N')
        return true;
      if (*p)
        p++;
    }
  return false;
}

struct stamp *
stamp_xnew (char const *format)
{
  struct stamp *s = xzalloc (sizeof *s);
  s->format = format;
  s->subsec = has_subsec (format);
  s->tz = tzalloc (getenv ("TZ"));
  return s;
}

void
stamp_free (struct stamp *s)
{
  if (!s)
    return;
  outbuf_free (&s->text);
  if (s->tz)
    tzfree (s->tz);
  free (s);
}

/* Make S's text for time T.  */
static void
format_text (struct stamp *s, struct timespec t)
{
  struct tm tm;
  s->text.len = 0;
  if (!localtime_rz (s->tz, &t.tv_sec, &tm))
    {
      /* Out of range: show the seconds, as GNU date does.  */
      outbuf_xputnum (&s->text, t.tv_sec);
      return;
    }
  for (;;)
    {
      char *p = outbuf_xreserve (&s->text, 64);
      idx_t room = s->text.size;
      errno = 0;
      size_t n = nstrftime (p, room, s->format, &tm, s->tz, t.tv_nsec);
      /* 0 is an empty text, or too little room (ERANGE).  */
      if (n != 0 || errno != ERANGE)
        {
          s->text.len = n;
          return;
        }
      outbuf_xreserve (&s->text, room + 1);
    }
}

char const *
stamp_text (struct stamp *s, struct timespec t, idx_t *len)
{
  if (! (s->valid && t.tv_sec == s->time.tv_sec
         && (!s->subsec || t.tv_nsec == s->time.tv_nsec)))
    {
      format_text (s, t);
      s->time = t;
      s->valid = true;
    }
  *len = s->text.len;
  return s->text.buf;
}
