/* format.c: the formatting loop of rat (see format.h).  A chunk is cut
   at newlines with memchr; each line's text is copied in runs found by
   word-at-a-time scans, and only the bytes that -v or -T rewrite go
   through a table.  Byte for byte the output is GNU cat's: numbering,
   squeezing and the -E treatment of CR LF carry across chunks and files.
   Reading, and deciding when to call fmt_flush, is the caller's job.  */

#include <config.h>

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "minmax.h"
#include "strftime.h"
#include "xalloc.h"

#include "io/outbuf.h"
#include "applets/rat/color.h"
#include "applets/rat/format.h"

/* At most this many input bytes of one line are formatted between two
   checks of the output buffer, which so never holds more than the flush
   size plus four times this (each byte can become 4, as in M-^A).  */
enum { PIECE = 32 << 10 };

/* A line is held back at most this long to decide its colour; a longer
   line gets the colour of its beginning.  */
enum { COLOR_LINE_MAX = 64 << 10 };

/* Line numbers: "%6d\t" as decimal digits kept in text form, as GNU cat
   does; 20 digits outlast any 64-bit counter.  */
enum { NUM_DIGITS = 20, NUM_WIDTH = 6 };

static char const color_reset[] = "\033[0m";

/* What -v and -T rewrite.  */
enum vis { VIS_NONE, VIS_TABS, VIS_ALL };

struct fmt
{
  struct fmt_opts const *o;
  int fd;
  idx_t flush_size;
  struct outbuf out;
  enum vis vis;
  bool cr_check;        /* -E without -v: CR LF is shown as ^M$ */

  /* The state GNU cat keeps across files.  NEWLINES is -1 inside a line,
     else the number of newlines just seen at line starts (capped at 2):
     0 at the very beginning and after a non-empty line.  */
  int newlines;
  bool pending_cr;      /* a CR ended the last chunk, mid-line */

  char num[NUM_DIGITS + 1];  /* the digits, right-aligned, then TAB */
  int num_first;             /* index of the first digit */

  /* -v and -T: what each byte becomes, and the length of that.  */
  char rep[256][4];
  unsigned char replen[256];

  /* --timestamp.  */
  struct timespec chunk_time;  /* when the current chunk was read */
  struct timespec line_time;   /* when the current line's first byte was */
  bool ts_subsec;              /* the format shows fractions of seconds */
  timezone_t tz;
  struct outbuf ts;            /* the formatted stamp, cached... */
  struct timespec ts_time;     /* ...for this time */
  bool ts_valid;

  /* --color: a line is held until its colour is known.  */
  bool held;
  struct outbuf line;
  bool colored;          /* an SGR sequence is open in the output */
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

static void
init_rep (struct fmt *f)
{
  for (int c = 0; c < 256; c++)
    {
      char *r = f->rep[c];
      int n = 0;
      int low = c & 0x7f;
      if (c == '\t' && f->o->show_tabs)
        {
          r[n++] = '^';
          r[n++] = 'I';
        }
      else if (f->vis != VIS_ALL || c == '\t' || (32 <= c && c < 127))
        r[n++] = c;
      else
        {
          if (128 <= c)
            {
              r[n++] = 'M';
              r[n++] = '-';
            }
          if (low < 32 || low == 127)
            {
              r[n++] = '^';
              r[n++] = low == 127 ? '?' : low + 64;
            }
          else
            r[n++] = low;
        }
      f->replen[c] = n;
    }
}

struct fmt *
fmt_xnew (struct fmt_opts const *opts, int fd, idx_t flush_size)
{
  struct fmt *f = xzalloc (sizeof *f);
  f->o = opts;
  f->fd = fd;
  f->flush_size = flush_size;
  f->vis = (opts->show_nonprinting ? VIS_ALL
            : opts->show_tabs ? VIS_TABS : VIS_NONE);
  f->cr_check = opts->show_ends && !opts->show_nonprinting;
  memset (f->num, ' ', NUM_DIGITS);
  f->num[NUM_DIGITS - 1] = '0';
  f->num[NUM_DIGITS] = '\t';
  f->num_first = NUM_DIGITS - 1;
  init_rep (f);
  if (opts->timestamp)
    {
      f->ts_subsec = has_subsec (opts->timestamp);
      f->tz = tzalloc (getenv ("TZ"));
    }
  return f;
}

void
fmt_free (struct fmt *f)
{
  if (!f)
    return;
  outbuf_free (&f->out);
  outbuf_free (&f->ts);
  outbuf_free (&f->line);
  if (f->tz)
    tzfree (f->tz);
  free (f);
}

/* Count one more line and append its number.  */
static void
put_number (struct fmt *f)
{
  int i = NUM_DIGITS - 1;
  while (f->num[i] == '9')
    f->num[i--] = '0';
  if (i < 0)
    f->num[0] = '>';
  else if (f->num[i] == ' ')
    {
      f->num[i] = '1';
      f->num_first = i;
    }
  else
    f->num[i]++;
  int start = MIN (f->num_first, NUM_DIGITS - NUM_WIDTH);
  outbuf_xadd (&f->out, f->num + start, NUM_DIGITS + 1 - start);
}

/* Format the stamp of time T into F->ts.  */
static void
format_stamp (struct fmt *f, struct timespec t)
{
  struct tm tm;
  if (!localtime_rz (f->tz, &t.tv_sec, &tm))
    {
      /* Out of range: show the seconds, as GNU date does.  */
      f->ts.len = 0;
      outbuf_xputnum (&f->ts, t.tv_sec);
      return;
    }
  for (;;)
    {
      char *p = outbuf_xreserve (&f->ts, 64);
      idx_t room = f->ts.size;
      errno = 0;
      size_t n = nstrftime (p, room, f->o->timestamp, &tm, f->tz,
                            t.tv_nsec);
      if (n != 0 || errno != ERANGE)
        {
          f->ts.len = n;
          return;
        }
      outbuf_xreserve (&f->ts, room + 1);
    }
}

/* Append the prefix of a line: stamp, then number (if the line is
   numbered: NONEMPTY says whether it is a -b line).  */
static void
put_prefix (struct fmt *f, bool nonempty)
{
  if (f->o->timestamp)
    {
      struct timespec t = f->line_time;
      if (! (f->ts_valid && t.tv_sec == f->ts_time.tv_sec
             && (!f->ts_subsec || t.tv_nsec == f->ts_time.tv_nsec)))
        {
          format_stamp (f, t);
          f->ts_time = t;
          f->ts_valid = true;
        }
      outbuf_xadd (&f->out, f->ts.buf, f->ts.len);
      outbuf_xputc (&f->out, ' ');
    }
  if (f->o->number && (nonempty || !f->o->number_nonblank))
    put_number (f);
}

/* Return the first byte in [P, Q) that is not printable ASCII.  */
static char const *
skip_printable (char const *p, char const *q)
{
  uint64_t const ones = 0x0101010101010101, highs = 0x8080808080808080;
  for (; 8 <= q - p; p += 8)
    {
      uint64_t w;
      memcpy (&w, p, 8);
      /* A byte below 0x20 leaves a borrow in its top bit; a byte of
         0x7f or more has its top bit set once 1 is added.  */
      uint64_t low = (w - 0x20 * ones) & ~w & highs;
      uint64_t high = ((w + ones) | w) & highs;
      if (low | high)
        break;
    }
  for (; p < q; p++)
    {
      unsigned char c = *p;
      if (c < 32 || 127 <= c)
        break;
    }
  return p;
}

/* Append [P, Q), a part of a line without its newline, rewritten as -v
   and -T say.  */
static void
put_visible (struct fmt *f, char const *p, char const *q)
{
  if (f->vis == VIS_NONE)
    {
      outbuf_xadd (&f->out, p, q - p);
      return;
    }
  char *o = outbuf_xreserve (&f->out, 4 * (q - p));
  while (p < q)
    {
      char const *s;
      if (f->vis == VIS_ALL)
        s = skip_printable (p, q);
      else
        {
          s = memchr (p, '\t', q - p);
          if (!s)
            s = q;
        }
      memcpy (o, p, s - p);
      o += s - p;
      if (s == q)
        break;
      unsigned char c = *s;
      memcpy (o, f->rep[c], 4);
      o += f->replen[c];
      p = s + 1;
    }
  f->out.len = o - f->out.buf;
}

/* Append [P, Q), the next part of the current line; TERMINATED says
   whether a newline follows Q.  Deals with -E's CR: a CR before the
   newline is shown as ^M, one at a chunk's end is held until the next
   byte is known.  */
static void
put_text (struct fmt *f, char const *p, char const *q, bool terminated)
{
  if (f->pending_cr)
    {
      if (p == q && !terminated)
        return;
      f->pending_cr = false;
      if (p == q)
        {
          outbuf_xadd (&f->out, "^M", 2);
          return;
        }
      outbuf_xputc (&f->out, '\r');
    }
  if (f->cr_check && p < q && q[-1] == '\r')
    {
      put_visible (f, p, q - 1);
      if (terminated)
        outbuf_xadd (&f->out, "^M", 2);
      else
        f->pending_cr = true;
      return;
    }
  put_visible (f, p, q);
}

/* The held line's colour is decided: write its prefix, colour and
   text.  */
static void
commit_line (struct fmt *f)
{
  f->held = false;
  char const *sgr = color_rules_match (f->o->color, f->line.buf,
                                       f->line.len);
  put_prefix (f, true);
  if (sgr)
    {
      outbuf_xputs (&f->out, sgr);
      f->colored = true;
    }
  put_text (f, f->line.buf, f->line.buf + f->line.len, false);
}

/* The first byte of a non-empty line is next.  */
static void
start_line (struct fmt *f)
{
  f->newlines = -1;
  f->line_time = f->chunk_time;
  if (f->o->color)
    {
      f->held = true;
      f->line.len = 0;
    }
  else
    put_prefix (f, true);
}

/* [P, Q) continues the current line; TERMINATED: a newline follows.  */
static void
put_segment (struct fmt *f, char const *p, char const *q, bool terminated)
{
  if (f->held)
    {
      idx_t take = MIN (COLOR_LINE_MAX - f->line.len, q - p);
      outbuf_xadd (&f->line, p, take);
      p += take;
      if (! (terminated || f->line.len == COLOR_LINE_MAX))
        return;
      commit_line (f);
    }
  put_text (f, p, q, terminated);
}

static void
end_line (struct fmt *f)
{
  if (f->colored)
    {
      outbuf_xadd (&f->out, color_reset, sizeof color_reset - 1);
      f->colored = false;
    }
  if (f->o->show_ends)
    outbuf_xputc (&f->out, '$');
  outbuf_xputc (&f->out, '\n');
  f->newlines = 0;
}

/* A newline at a line start: an empty line, unless -s drops it.  */
static void
empty_line (struct fmt *f)
{
  if (2 <= ++f->newlines)
    {
      f->newlines = 2;
      if (f->o->squeeze)
        return;
    }
  f->line_time = f->chunk_time;
  put_prefix (f, false);
  if (f->o->show_ends)
    outbuf_xputc (&f->out, '$');
  outbuf_xputc (&f->out, '\n');
}

int
fmt_feed (struct fmt *f, char const *buf, idx_t len,
          struct timespec const *when)
{
  if (when)
    f->chunk_time = *when;
  char const *p = buf;
  char const *end = buf + len;
  while (p < end)
    {
      if (0 <= f->newlines)
        {
          if (*p == '\n')
            {
              empty_line (f);
              p++;
            }
          else
            start_line (f);
        }
      if (f->newlines < 0)
        {
          char const *q = p + MIN (end - p, PIECE);
          char const *nl = memchr (p, '\n', q - p);
          put_segment (f, p, nl ? nl : q, !!nl);
          if (nl)
            {
              end_line (f);
              p = nl + 1;
            }
          else
            p = q;
        }
      if (f->flush_size <= f->out.len)
        {
          int e = outbuf_flush (&f->out, f->fd);
          if (e)
            return e;
        }
    }
  return 0;
}

int
fmt_flush (struct fmt *f, bool decide)
{
  if (decide && f->held)
    commit_line (f);
  return outbuf_flush (&f->out, f->fd);
}

void
fmt_set_flush_size (struct fmt *f, idx_t size)
{
  f->flush_size = size;
}

int
fmt_end (struct fmt *f)
{
  if (f->held)
    commit_line (f);
  if (f->pending_cr)
    {
      outbuf_xputc (&f->out, '\r');
      f->pending_cr = false;
    }
  if (f->colored)
    {
      outbuf_xadd (&f->out, color_reset, sizeof color_reset - 1);
      f->colored = false;
    }
  return outbuf_flush (&f->out, f->fd);
}
