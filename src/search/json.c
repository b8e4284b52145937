/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* json.c: JSON strings, data objects, durations and stats in ripgrep's
   spelling (see json.h).  The escapes are serde_json's: '"', '\\' and
   the control characters below 0x20 ('\b', '\t', '\n', '\f', '\r' by
   letter, the rest as \u00xx with lower-case digits); everything else,
   DEL and non-ASCII UTF-8 included, as it is.  Numbers are written with
   integers only: the C library's printf would follow LC_NUMERIC ("0,5").  */

#include <config.h>

#include <string.h>

#include "base64.h"

#include "search/json.h"

bool
json_utf8_valid (char const *p, idx_t n)
{
  unsigned char const *s = (unsigned char const *) p;
  idx_t i = 0;
  while (i < n)
    {
      /* ASCII eight bytes at a time: most text is.  */
      while (i + 8 <= n)
        {
          uint64_t w;
          memcpy (&w, s + i, 8);
          if (w & 0x8080808080808080ull)
            break;
          i += 8;
        }
      if (n <= i)
        break;
      unsigned char c = s[i];
      if (c < 0x80)
        {
          i++;
          continue;
        }
      /* The second byte's range for each lead byte (RFC 3629's table);
         the later ones are 80..BF.  */
      int more;
      unsigned char lo = 0x80, hi = 0xbf;
      if (0xc2 <= c && c <= 0xdf)
        more = 1;
      else if (0xe0 <= c && c <= 0xef)
        {
          more = 2;
          if (c == 0xe0)
            lo = 0xa0;
          else if (c == 0xed)
            hi = 0x9f;
        }
      else if (0xf0 <= c && c <= 0xf4)
        {
          more = 3;
          if (c == 0xf0)
            lo = 0x90;
          else if (c == 0xf4)
            hi = 0x8f;
        }
      else
        return false;
      if (n - i <= more || s[i + 1] < lo || hi < s[i + 1])
        return false;
      for (int k = 2; k <= more; k++)
        if ((s[i + k] & 0xc0) != 0x80)
          return false;
      i += more + 1;
    }
  return true;
}

/* What each byte becomes inside a JSON string: 0 itself, 'u' \u00xx,
   else a backslash and that letter.  */
static char const escapes[256] = {
  ['\b'] = 'b', ['\t'] = 't', ['\n'] = 'n', ['\f'] = 'f', ['\r'] = 'r',
  [0x00] = 'u', [0x01] = 'u', [0x02] = 'u', [0x03] = 'u', [0x04] = 'u',
  [0x05] = 'u', [0x06] = 'u', [0x07] = 'u', [0x0b] = 'u', [0x0e] = 'u',
  [0x0f] = 'u', [0x10] = 'u', [0x11] = 'u', [0x12] = 'u', [0x13] = 'u',
  [0x14] = 'u', [0x15] = 'u', [0x16] = 'u', [0x17] = 'u', [0x18] = 'u',
  [0x19] = 'u', [0x1a] = 'u', [0x1b] = 'u', [0x1c] = 'u', [0x1d] = 'u',
  [0x1e] = 'u', [0x1f] = 'u', ['"'] = '"', ['\\'] = '\\',
};

/* The bytes of input escaped at a time: the room reserved for them is
   six times as much, which a whole long line would make a lot.  */
enum { ESCAPE_BLOCK = 16 << 10 };

void
json_put_string (struct outbuf *ob, char const *p, idx_t n)
{
  outbuf_xputc (ob, '"');
  for (idx_t i = 0; i < n; )
    {
      idx_t lim = n - i < ESCAPE_BLOCK ? n : i + ESCAPE_BLOCK;
      /* At most six bytes out for each byte in.  */
      char *d0 = outbuf_xreserve (ob, 6 * (lim - i));
      char *d = d0;
      while (i < lim)
        {
          idx_t run = i;
          while (run < lim && !escapes[(unsigned char) p[run]])
            run++;
          d = mempcpy (d, p + i, run - i);
          i = run;
          if (lim <= run)
            break;
          unsigned char c = p[run];
          *d++ = '\\';
          *d++ = escapes[c];
          if (escapes[c] == 'u')
            {
              static char const hex[] = "0123456789abcdef";
              d = mempcpy (d, "00", 2);
              *d++ = hex[c >> 4];
              *d++ = hex[c & 0xf];
            }
          i++;
        }
      ob->len += d - d0;
    }
  outbuf_xputc (ob, '"');
}

void
json_put_data (struct outbuf *ob, char const *p, idx_t n)
{
  if (json_utf8_valid (p, n))
    {
      outbuf_xadd (ob, "{\"text\":", 8);
      json_put_string (ob, p, n);
    }
  else
    {
      outbuf_xadd (ob, "{\"bytes\":\"", 10);
      idx_t size = BASE64_LENGTH (n);
      char *d = outbuf_xreserve (ob, size + 1);
      base64_encode (p, n, d, size + 1);
      ob->len += size;
      outbuf_xputc (ob, '"');
    }
  outbuf_xputc (ob, '}');
}

void
json_stats_add (struct json_stats *to, struct json_stats const *from)
{
  to->elapsed.tv_sec += from->elapsed.tv_sec;
  to->elapsed.tv_nsec += from->elapsed.tv_nsec;
  if (1000000000 <= to->elapsed.tv_nsec)
    {
      to->elapsed.tv_sec++;
      to->elapsed.tv_nsec -= 1000000000;
    }
  to->searches += from->searches;
  to->searches_with_match += from->searches_with_match;
  to->bytes_searched += from->bytes_searched;
  to->bytes_printed += from->bytes_printed;
  to->matched_lines += from->matched_lines;
  to->matches += from->matches;
}

/* ripgrep's "human" form: seconds with six decimals, rounded to even.  */
static void
put_human (struct outbuf *ob, struct timespec d)
{
  intmax_t us = d.tv_nsec / 1000, rem = d.tv_nsec % 1000;
  intmax_t secs = d.tv_sec;
  if (500 < rem || (rem == 500 && us % 2))
    us++;
  if (us == 1000000)
    {
      secs++;
      us = 0;
    }
  char frac[7];
  for (int k = 5; 0 <= k; k--, us /= 10)
    frac[k] = '0' + us % 10;
  frac[6] = '\0';
  outbuf_xputc (ob, '"');
  outbuf_xputnum (ob, secs);
  outbuf_xputc (ob, '.');
  outbuf_xadd (ob, frac, 6);
  outbuf_xadd (ob, "s\"", 2);
}

/* A duration object: {"secs":..,"nanos":..,"human":".."}, or with its
   keys sorted.  */
static void
put_duration (struct outbuf *ob, struct timespec d, bool sorted)
{
  if (sorted)
    {
      outbuf_xputs (ob, "{\"human\":");
      put_human (ob, d);
      outbuf_xputs (ob, ",\"nanos\":");
      outbuf_xputnum (ob, d.tv_nsec);
      outbuf_xputs (ob, ",\"secs\":");
      outbuf_xputnum (ob, d.tv_sec);
    }
  else
    {
      outbuf_xputs (ob, "{\"secs\":");
      outbuf_xputnum (ob, d.tv_sec);
      outbuf_xputs (ob, ",\"nanos\":");
      outbuf_xputnum (ob, d.tv_nsec);
      outbuf_xputs (ob, ",\"human\":");
      put_human (ob, d);
    }
  outbuf_xputc (ob, '}');
}

static void
put_field (struct outbuf *ob, char const *name, intmax_t n)
{
  outbuf_xputs (ob, name);
  outbuf_xputnum (ob, n);
}

void
json_put_stats (struct outbuf *ob, struct json_stats const *st, bool sorted)
{
  if (sorted)
    {
      put_field (ob, "{\"bytes_printed\":", st->bytes_printed);
      put_field (ob, ",\"bytes_searched\":", st->bytes_searched);
      outbuf_xputs (ob, ",\"elapsed\":");
      put_duration (ob, st->elapsed, true);
      put_field (ob, ",\"matched_lines\":", st->matched_lines);
      put_field (ob, ",\"matches\":", st->matches);
      put_field (ob, ",\"searches\":", st->searches);
      put_field (ob, ",\"searches_with_match\":", st->searches_with_match);
    }
  else
    {
      outbuf_xputs (ob, "{\"elapsed\":");
      put_duration (ob, st->elapsed, false);
      put_field (ob, ",\"searches\":", st->searches);
      put_field (ob, ",\"searches_with_match\":", st->searches_with_match);
      put_field (ob, ",\"bytes_searched\":", st->bytes_searched);
      put_field (ob, ",\"bytes_printed\":", st->bytes_printed);
      put_field (ob, ",\"matched_lines\":", st->matched_lines);
      put_field (ob, ",\"matches\":", st->matches);
    }
  outbuf_xputc (ob, '}');
}

void
json_put_summary (struct outbuf *ob, struct json_stats const *st,
                  struct timespec total)
{
  outbuf_xputs (ob, "{\"data\":{\"elapsed_total\":");
  put_duration (ob, total, true);
  outbuf_xputs (ob, ",\"stats\":");
  json_put_stats (ob, st, true);
  outbuf_xputs (ob, "},\"type\":\"summary\"}\n");
}

struct timespec
json_now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t;
}

struct timespec
json_elapsed (struct timespec start)
{
  struct timespec t = json_now ();
  t.tv_sec -= start.tv_sec;
  t.tv_nsec -= start.tv_nsec;
  if (t.tv_nsec < 0)
    {
      t.tv_sec--;
      t.tv_nsec += 1000000000;
    }
  return t;
}
