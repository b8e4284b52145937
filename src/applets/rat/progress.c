/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* progress.c: the --progress meter (see progress.h).  One write per
   drawing, starting with a CR; the line is padded to the length of the one
   it replaces.  */

#include <config.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "error.h"
#include "full-write.h"
#include "minmax.h"
#include "progname.h"
#include "xalloc.h"

#include "applets/rat/progress.h"

/* Redraw at most this often (nanoseconds): 10 times a second.  */
enum { REDRAW_NS = 100 * 1000 * 1000 };

struct progress
{
  int fd;
  intmax_t total;          /* < 0: unknown */
  intmax_t bytes;
  struct timespec start;
  struct timespec next;    /* no redraw before this */
  int prev_len;            /* length of the line on screen, 0: none */
};

/* error () has no context argument: the meter on screen, for the hook
   that ends its line before a diagnostic.  The one piece of mutable
   file-scope state in rat, forced by gnulib's error_print_progname.  */
static struct progress *on_screen;

static void
print_progname_after_meter (void)
{
  if (on_screen && on_screen->prev_len)
    {
      full_write (on_screen->fd, "\n", 1);
      on_screen->prev_len = 0;
    }
  fflush (stdout);
  fprintf (stderr, "%s: ", program_name);
}

static struct timespec
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t;
}

/* T plus the redraw interval.  */
static struct timespec
after_interval (struct timespec t)
{
  t.tv_nsec += REDRAW_NS;
  if (1000 * 1000 * 1000 <= t.tv_nsec)
    {
      t.tv_sec++;
      t.tv_nsec -= 1000 * 1000 * 1000;
    }
  return t;
}

static double
seconds (struct timespec a, struct timespec b)
{
  return (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
}

/* Append to BUF (of SIZE bytes, with N used) the human form of the byte
   count V: "512B", "12.3MiB", "1.00GiB".  Return the new N.  */
static int
put_size (char *buf, int size, int n, double v)
{
  static char const units[][4] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
  int u = 0;
  for (; 1024 <= v && u + 1 < (int) (sizeof units / sizeof *units); u++)
    v /= 1024;
  char const *fmt = u == 0 || 100 <= v ? "%.0f%s" : 10 <= v ? "%.1f%s"
                    : "%.2f%s";
  return n + snprintf (buf + n, size - n, fmt, v, units[u]);
}

static int
put_clock (char *buf, int size, int n, double s)
{
  intmax_t t = s < 0 ? 0 : s;
  return n + snprintf (buf + n, size - n, "%jd:%02jd:%02jd", t / 3600,
                       t / 60 % 60, t % 60);
}

/* Columns of the terminal on P->fd, 80 if unknown.  */
static int
width (struct progress *p)
{
  struct winsize ws;
  if (ioctl (p->fd, TIOCGWINSZ, &ws) == 0 && 20 <= ws.ws_col)
    return MIN (ws.ws_col, 400);
  return 80;
}

static void
draw (struct progress *p, struct timespec t)
{
  char line[512];
  int size = sizeof line;
  double el = seconds (p->start, t);
  double rate = 0 < el ? p->bytes / el : 0;
  int n = snprintf (line, size, "\r");
  n = put_size (line, size, n, p->bytes);
  line[n++] = ' ';
  n = put_clock (line, size, n, el);
  n += snprintf (line + n, size - n, " [");
  n = put_size (line, size, n, rate);
  n += snprintf (line + n, size - n, "/s]");
  if (0 <= p->total && p->bytes <= p->total)
    {
      double frac = p->total ? (double) p->bytes / p->total : 1;
      double left = 0 < rate ? (p->total - p->bytes) / rate : 0;
      int bar = width (p) - 1 - (n - 1) - sizeof " [] 100% ETA 0:00:00";
      if (size - 64 - n < bar)
        bar = size - 64 - n;
      if (0 < bar)
        {
          int full = frac * bar;
          line[n++] = ' ';
          line[n++] = '[';
          for (int i = 0; i < bar; i++)
            line[n++] = i < full ? '=' : i == full ? '>' : ' ';
          line[n++] = ']';
        }
      n += snprintf (line + n, size - n, " %3d%% ETA ", (int) (frac * 100));
      n = put_clock (line, size, n, left);
    }
  int len = n;
  while (n < size - 1 && n < p->prev_len)
    line[n++] = ' ';
  full_write (p->fd, line, n);
  p->prev_len = len;
}

struct progress *
progress_xnew (intmax_t total, int fd)
{
  struct progress *p = xzalloc (sizeof *p);
  p->fd = fd;
  p->total = total;
  p->start = now ();
  p->next = after_interval (p->start);
  on_screen = p;
  error_print_progname = print_progname_after_meter;
  return p;
}

void
progress_add (struct progress *p, idx_t n)
{
  p->bytes += n;
  struct timespec t = now ();
  if (t.tv_sec < p->next.tv_sec
      || (t.tv_sec == p->next.tv_sec && t.tv_nsec < p->next.tv_nsec))
    return;
  draw (p, t);
  p->next = after_interval (t);
}

void
progress_end (struct progress *p)
{
  draw (p, now ());
  full_write (p->fd, "\n", 1);
  on_screen = NULL;
  error_print_progname = NULL;
  free (p);
}
