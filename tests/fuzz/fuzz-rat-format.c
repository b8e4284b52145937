/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* fuzz-rat-format.c: rat's formatter against GNU cat's formatting rules
   applied one byte at a time.

   The production path is format.c (its fast loop for cat's options, the
   general loop for --timestamp and --color, the CR held back at a
   chunk's end for -E) and fastvis.c (-v without line state, with SSSE3),
   driven the way copy.c drives them: input in chunks followed by
   FMT_SLACK initialized bytes, fmt_flush between chunks (with DECIDE, as
   when the input may block) and after each file, fmt_end after the last.
   Its output goes to a memfd and is read back.

   The oracle, REF below, is GNU cat 9.1's rules written out for one byte
   at a time (when it was written, it gave /usr/bin/cat's output for
   1400 random sets of 1 to 3 files and options, and rat's for 500 with
   --color), plus rat's prefixes:
   - -b numbers the non-empty lines and overrides -n; numbers are
     "%6d\t"; -s drops every empty line after the first of a run;
   - -v shows bytes below 32 but LFD and TAB as ^X, 127 as ^?, bytes of
     128 and more as M- and the same for the low 7 bits; -T shows TAB as
     ^I; -E adds $ before each LFD, and without -v shows a CR just before
     one as ^M;
   - the line number, the run of empty lines and a CR at the end of the
     input at hand carry across chunks and files, and an unterminated
     line goes on in the next file;
   - --timestamp (here "<%s.%3N>") puts the time of the chunk holding
     the line's first byte and a space before the number;
   - --color (the built-in rules, whole words: error|fatal|fail|failed|
     failure red, warn|warning yellow, debug|trace blue, ASCII case
     ignored, the first rule wins) puts the
     SGR after the prefix of a non-empty line and a reset before its ^M,
     $ and newline; the colour is that of the raw bytes of the whole
     line, or of those fed before a deciding fmt_flush or fmt_end came
     while the line was open.
   The two outputs must be the same bytes.

   Input: byte 0 says -n, -b, -s, -v, -E, -T, --timestamp and --color
   (bits 0 to 7; -A, -e and -t are sets of these); byte 1 the number of
   files (bits 0-1), the flush size (bits 2-4) and what fills the slack
   after each chunk (bits 5-7); bytes 2 and 3 seed the choice of file
   and chunk boundaries and of the flushes; the rest is the input.

   Sources: src/applets/rat/format src/applets/rat/fastvis
   Sources: src/applets/rat/color src/applets/rat/stamp src/io/outbuf
*/

#define _GNU_SOURCE 1
#include <config.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "fuzz-escape.h"
#include "minmax.h"

#include "applets/rat/color.h"
#include "applets/rat/format.h"

int LLVMFuzzerTestOneInput (uint8_t const *data, size_t size);

/* The timestamp format, and the seconds the chunks' times start at.  */
static char const stamp_format[] = "<%s.%3N>";
enum { TIME_BASE = 1700000000 };

/* A growable byte string.  */
struct bytes
{
  char *p;
  size_t n, size;
};

static void
bytes_add (struct bytes *b, void const *p, size_t n)
{
  if (n == 0)
    return;
  if (b->size - b->n < n)
    {
      b->size = 2 * (b->n + n) + 64;
      b->p = realloc (b->p, b->size);
      if (!b->p)
        abort ();
    }
  memcpy (b->p + b->n, p, n);
  b->n += n;
}

static void
bytes_puts (struct bytes *b, char const *s)
{
  bytes_add (b, s, strlen (s));
}

/* The deterministic choices of one run: xorshift64*.  */
static unsigned int
next_random (uint64_t *state)
{
  uint64_t x = *state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *state = x;
  return (x * 2685821657736338717ULL) >> 33;
}

/* ---- The oracle. ---- */

struct ref
{
  struct fmt_opts const *o;
  struct bytes out;
  long lineno;            /* lines numbered so far */
  int empty_run;          /* empty lines since the last non-empty one, up to 2 */
  bool in_line;           /* a non-empty line has begun and not ended */
  bool pending_cr;        /* -E without -v: a CR whose successor is unknown */
  struct timespec now;    /* when the chunk at hand was read */
  struct timespec line_time;  /* when the current line began */

  /* --color: a non-empty line whose colour is not decided yet: its raw
     bytes, and its text as formatted so far (written after the prefix
     and colour once they are known).  */
  bool held;
  struct bytes raw;
  struct bytes text;
  bool colored;           /* a colour is open in the output */
};

/* Write N bytes at P: to the held line, or to the output.  */
static void
ref_put (struct ref *r, char const *p, size_t n)
{
  bytes_add (r->held ? &r->text : &r->out, p, n);
}

/* Write the prefix of a line: the stamp, then the number if NUMBERED.  */
static void
ref_prefix (struct ref *r, bool numbered)
{
  char buf[64];
  if (r->o->timestamp)
    {
      snprintf (buf, sizeof buf, "<%lld.%03ld> ",
                (long long) r->line_time.tv_sec,
                r->line_time.tv_nsec / 1000000);
      bytes_puts (&r->out, buf);
    }
  if (numbered)
    {
      snprintf (buf, sizeof buf, "%6ld\t", ++r->lineno);
      bytes_puts (&r->out, buf);
    }
}

/* Whether C is a word byte for PCRE2's \\b (no UTF: ASCII).  */
static bool
word_byte (char c)
{
  return (('a' <= (c | 0x20) && (c | 0x20) <= 'z') || ('0' <= c && c <= '9')
          || c == '_');
}

/* Whether the N bytes at P hold WORD as a whole word, ASCII case
   ignored.  */
static bool
has_word (char const *p, size_t n, char const *word)
{
  size_t len = strlen (word);
  for (size_t i = 0; i + len <= n; i++)
    {
      size_t j = 0;
      while (j < len && (p[i + j] | 0x20) == word[j]
             && ('a' <= (p[i + j] | 0x20) && (p[i + j] | 0x20) <= 'z'))
        j++;
      if (j == len && (i == 0 || !word_byte (p[i - 1]))
          && (i + len == n || !word_byte (p[i + len])))
        return true;
    }
  return false;
}

/* The colour of the N raw bytes of a line at P, or NULL.  */
static char const *
ref_color (char const *p, size_t n)
{
  static char const *const red[] = { "error", "fatal", "fail", "failed",
                                     "failure" };
  for (size_t i = 0; i < sizeof red / sizeof *red; i++)
    if (has_word (p, n, red[i]))
      return "\033[31m";
  if (has_word (p, n, "warn") || has_word (p, n, "warning"))
    return "\033[33m";
  if (has_word (p, n, "debug") || has_word (p, n, "trace"))
    return "\033[34m";
  return NULL;
}

/* The held line's colour is decided by what it has so far: write its
   prefix, colour and text.  */
static void
ref_commit (struct ref *r)
{
  r->held = false;
  ref_prefix (r, r->o->number);
  char const *sgr = ref_color (r->raw.p, r->raw.n);
  if (sgr)
    {
      bytes_puts (&r->out, sgr);
      r->colored = true;
    }
  bytes_add (&r->out, r->text.p, r->text.n);
}

/* How -v and -T show the byte C of a line's text (not LFD).  */
static void
ref_visible (struct ref *r, unsigned char c)
{
  char buf[4];
  int n = 0;
  if (c == '\t')
    {
      if (r->o->show_tabs)
        ref_put (r, "^I", 2);
      else
        ref_put (r, "\t", 1);
      return;
    }
  if (!r->o->show_nonprinting)
    {
      buf[0] = c;
      ref_put (r, buf, 1);
      return;
    }
  if (128 <= c)
    {
      buf[n++] = 'M';
      buf[n++] = '-';
      c -= 128;
    }
  if (c < 32)
    {
      buf[n++] = '^';
      buf[n++] = c + 64;
    }
  else if (c == 127)
    {
      buf[n++] = '^';
      buf[n++] = '?';
    }
  else
    buf[n++] = c;
  ref_put (r, buf, n);
}

/* Format the input byte C.  */
static void
ref_byte (struct ref *r, unsigned char c)
{
  struct fmt_opts const *o = r->o;
  if (!r->in_line)
    {
      if (c == '\n')
        {
          /* An empty line.  */
          if (r->empty_run < 2)
            r->empty_run++;
          if (o->squeeze && r->empty_run == 2)
            return;
          r->line_time = r->now;
          ref_prefix (r, o->number && !o->number_nonblank);
          bytes_puts (&r->out, o->show_ends ? "$\n" : "\n");
          return;
        }
      /* A non-empty line begins.  */
      r->in_line = true;
      r->line_time = r->now;
      if (o->color)
        {
          r->held = true;
          r->raw.n = r->text.n = 0;
        }
      else
        ref_prefix (r, o->number);
    }

  if (c == '\n')
    {
      /* The end of a non-empty line.  */
      if (r->held)
        ref_commit (r);
      if (r->pending_cr)
        {
          bytes_puts (&r->out, "^M");
          r->pending_cr = false;
        }
      if (r->colored)
        {
          bytes_puts (&r->out, "\033[0m");
          r->colored = false;
        }
      bytes_puts (&r->out, o->show_ends ? "$\n" : "\n");
      r->in_line = false;
      r->empty_run = 0;
      return;
    }

  if (r->held)
    bytes_add (&r->raw, &c, 1);
  if (r->pending_cr)
    {
      ref_put (r, "\r", 1);
      r->pending_cr = false;
    }
  if (c == '\r' && o->show_ends && !o->show_nonprinting)
    r->pending_cr = true;
  else
    ref_visible (r, c);
}

/* A flush that decides the colour of a held line.  */
static void
ref_decide (struct ref *r)
{
  if (r->held)
    ref_commit (r);
}

/* The input is over.  */
static void
ref_end (struct ref *r)
{
  ref_decide (r);
  if (r->pending_cr)
    {
      bytes_puts (&r->out, "\r");
      r->pending_cr = false;
    }
  if (r->colored)
    {
      bytes_puts (&r->out, "\033[0m");
      r->colored = false;
    }
}

/* ---- The harness. ---- */

/* What a run did, for the report of a mismatch.  */
struct trace
{
  struct bytes log;
};

static void
trace_add (struct trace *t, char const *fmt, long a, long b)
{
  char buf[96];
  snprintf (buf, sizeof buf, fmt, a, b);
  bytes_puts (&t->log, buf);
}

/* Print the N bytes at P escaped, from offset FROM, at most 200.  */
static void
print_escaped (char const *what, char const *p, size_t n, size_t from)
{
  fprintf (stderr, "  %s (%zu bytes) from %zu: ", what, n, from);
  fuzz_escape (p + from, from < n ? MIN (n - from, 200) : 0);
}

static void
die_mismatch (char const *why, struct fmt_opts const *o,
              struct trace const *t, struct bytes const *want,
              char const *got, size_t got_len)
{
  size_t i = 0;
  while (i < want->n && i < got_len && want->p[i] == got[i])
    i++;
  size_t from = i < 40 ? 0 : i - 40;
  fprintf (stderr,
           "MISMATCH: %s\n  options:%s%s%s%s%s%s%s\n  run: %.*s\n"
           "  first difference at byte %zu\n", why,
           o->number_nonblank ? " -b" : o->number ? " -n" : "",
           o->squeeze ? " -s" : "", o->show_nonprinting ? " -v" : "",
           o->show_ends ? " -E" : "", o->show_tabs ? " -T" : "",
           o->timestamp ? " --timestamp" : "", o->color ? " --color" : "",
           (int) t->log.n, t->log.p, i);
  print_escaped ("expected", want->p, want->n, from);
  print_escaped ("rat     ", got, got_len, from);
  abort ();
}

/* Fill the N bytes of slack at P as MODE says: with one byte (NUL,
   newline, CR, 0xff, TAB or DEL for modes 0 to 4 and 6), with the bytes
   that follow the chunk in the input (mode 5: the AVAIL bytes at NEXT,
   then newlines), or with random bytes (mode 7).  */
static void
fill_slack (char *p, int n, int mode, unsigned char const *next,
            size_t avail, uint64_t *rnd)
{
  static char const fills[] = { '\0', '\n', '\r', '\377', '\t', 0, '\177' };
  for (int i = 0; i < n; i++)
    p[i] = (mode == 5 ? (i < (long) avail ? next[i] : '\n')
            : mode == 7 ? (char) next_random (rnd)
            : fills[mode]);
}

int
LLVMFuzzerTestOneInput (uint8_t const *data, size_t size)
{
  if (size < 4)
    return 0;
  struct fmt_opts o = { 0 };
  o.number = data[0] & 3;   /* -b sets it too, as in rat.c */
  o.number_nonblank = data[0] & 2;
  o.squeeze = data[0] & 4;
  o.show_nonprinting = data[0] & 8;
  o.show_ends = data[0] & 16;
  o.show_tabs = data[0] & 32;
  o.timestamp = data[0] & 64 ? stamp_format : NULL;
  o.color = data[0] & 128 ? color_rules_xnew () : NULL;
  int nfiles = MIN (3, 1 + (data[1] & 3));
  static idx_t const flush_sizes[] = { 1, 2, 7, 64, 512, 4096, 65536,
                                       IDX_MAX };
  idx_t flush_size = flush_sizes[(data[1] >> 2) & 7];
  int slack_mode = data[1] >> 5;
  uint64_t rnd = 0x9e3779b97f4a7c15ULL ^ (data[2] | data[3] << 8);
  unsigned char const *in = data + 4;
  size_t len = size - 4;

  int fd = memfd_create ("fuzz-rat-format", MFD_CLOEXEC);
  if (fd < 0)
    {
      perror ("memfd_create");
      abort ();
    }
  struct fmt *f = fmt_xnew (&o, fd, flush_size);
  struct ref r = { .o = &o };
  struct trace t = { { NULL, 0, 0 } };

  /* The file boundaries: NFILES - 1 cuts, in order.  */
  size_t cuts[4];
  cuts[0] = 0;
  for (int i = 1; i < nfiles; i++)
    {
      size_t c = len ? next_random (&rnd) % (len + 1) : 0;
      cuts[i] = c < cuts[i - 1] ? cuts[i - 1] : c;
    }
  cuts[nfiles] = len;

  struct timespec now = { TIME_BASE, 0 };
  for (int file = 0; file < nfiles; file++)
    {
      trace_add (&t, "[file %ld:", file, 0);
      size_t pos = cuts[file];
      size_t end = cuts[file + 1];
      while (pos < end)
        {
          /* Mostly short chunks, so that boundaries fall everywhere;
             sometimes the rest of the file, or nothing.  */
          size_t left = end - pos;
          unsigned int roll = next_random (&rnd) % 20;
          size_t n = (roll < 8 ? 1 + next_random (&rnd) % 4
                      : roll < 16 ? 1 + next_random (&rnd) % 40
                      : roll < 19 ? left : 0);
          n = MIN (n, left);
          if (next_random (&rnd) % 3 == 0)
            {
              now.tv_sec += next_random (&rnd) % 3;
              now.tv_nsec = (next_random (&rnd) % 1000) * 1000000 + 999;
            }
          char *buf = malloc (n + FMT_SLACK);
          if (!buf)
            abort ();
          memcpy (buf, in + pos, n);
          fill_slack (buf + n, FMT_SLACK, slack_mode, in + pos + n,
                      len - (pos + n), &rnd);
          trace_add (&t, " %ld@%ld", n, now.tv_sec - TIME_BASE);
          int e = fmt_feed (f, buf, n, o.timestamp ? &now : NULL);
          free (buf);
          if (e)
            {
              fprintf (stderr, "MISMATCH: fmt_feed failed: %s\n",
                       strerror (e));
              abort ();
            }
          r.now = now;
          for (size_t i = 0; i < n; i++)
            ref_byte (&r, in[pos + i]);
          pos += n;

          unsigned int act = next_random (&rnd) % 8;
          if (act == 0 || act == 1)
            {
              trace_add (&t, " flush(%ld)", act, 0);
              if (act)
                ref_decide (&r);
              e = fmt_flush (f, act);
            }
          else if (act == 2)
            {
              idx_t s = flush_sizes[next_random (&rnd) % 8];
              trace_add (&t, " size(%ld)", s == IDX_MAX ? -1 : (long) s, 0);
              fmt_set_flush_size (f, s);
            }
          if (e)
            {
              fprintf (stderr, "MISMATCH: fmt_flush failed: %s\n",
                       strerror (e));
              abort ();
            }
        }
      bytes_puts (&t.log, "]");
      /* As copy.c does after each file.  */
      int e = fmt_flush (f, false);
      if (e)
        {
          fprintf (stderr, "MISMATCH: fmt_flush failed: %s\n", strerror (e));
          abort ();
        }
    }
  int e = fmt_end (f);
  if (e)
    {
      fprintf (stderr, "MISMATCH: fmt_end failed: %s\n", strerror (e));
      abort ();
    }
  ref_end (&r);

  off_t got_len = lseek (fd, 0, SEEK_END);
  char *got = malloc (got_len + 1);
  if (got_len < 0 || !got || pread (fd, got, got_len, 0) != got_len)
    abort ();
  if ((size_t) got_len != r.out.n
      || (got_len && memcmp (got, r.out.p, got_len) != 0))
    die_mismatch ("rat's output is not GNU cat's", &o, &t, &r.out, got,
                  got_len);

  free (got);
  close (fd);
  fmt_free (f);
  color_rules_free (o.color);
  free (r.out.p);
  free (r.raw.p);
  free (r.text.p);
  free (t.log.p);
  return 0;
}
