/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* print-json.c: grab --json's output format, JSON Lines in ripgrep's
   schema (its printer's json.rs): for each file with output a begin
   record, a match record for each selected line and a context record
   for each context line, and an end record with the file's stats; the
   run's summary record is run.c's (json_put_summary).  A file without
   output prints nothing, as in ripgrep, but its search counts in the
   summary.  Beyond ripgrep, each submatch says which pattern matched
   ("pattern", the index among the patterns given).  Like print.c, it
   appends to the worker's per-file buffer and never writes itself; the
   JSON spelling is json.c's.  */

#include <config.h>

#include <string.h>

#include "search/json.h"
#include "search/print.h"

/* The pattern the match M of line L is a match of, as an index among
   the patterns given, or -1 if the engine cannot tell.  */
static idx_t
pattern_of (struct printer const *pr, struct line const *l,
            struct span const *m)
{
  idx_t i = (pr->eng->which
             ? pr->eng->which (pr->re, pr->scratch, l->beg, l->end - l->beg,
                               m)
             : 0);
  return 0 <= i && pr->o->pattern_given ? pr->o->pattern_given[i] : i;
}

/* Append the submatches of line L to the printer's buffer, and return
   how many there are.  Their iteration is ripgrep's: every match from
   the line's start on, empty ones too, but not an empty match where the
   previous match ended, nor one at the line's very end (after its EOL
   byte, or of a last line without one); after an empty match the next
   search starts a byte further on, inside a character or not (where the
   engine, in UTF-8, starts after the character).  */
static intmax_t
put_submatches (struct printer *pr, struct line const *l)
{
  struct outbuf *ob = pr->ob;
  char const *beg = l->beg;
  idx_t len = l->end - l->beg, pos = 0, last_end = -1;
  intmax_t n = 0;
  while (pos < len)
    {
      struct span m;
      if (pr->eng->find (pr->re, pr->scratch, beg, len, pos, &m) <= 0
          || (m.beg == m.end && len <= m.beg))
        break;
      if (m.beg == m.end && m.end == last_end)
        {
          pos = m.beg + 1;
          continue;
        }
      outbuf_xputs (ob, n ? ",{\"match\":" : "{\"match\":");
      json_put_data (ob, beg + m.beg, m.end - m.beg);
      outbuf_xputs (ob, ",\"start\":");
      outbuf_xputnum (ob, m.beg);
      outbuf_xputs (ob, ",\"end\":");
      outbuf_xputnum (ob, m.end);
      outbuf_xputs (ob, ",\"pattern\":");
      idx_t p = pattern_of (pr, l, &m);
      if (p < 0)
        outbuf_xputs (ob, "null}");
      else
        {
          outbuf_xputnum (ob, p);
          outbuf_xputc (ob, '}');
        }
      n++;
      last_end = m.end;
      pos = m.end + (m.beg == m.end);
    }
  return n;
}

static void
put_path (struct printer *pr)
{
  json_put_data (pr->ob, pr->name, strlen (pr->name));
}

/* The file's begin record, unless it is out.  */
static void
put_begin (struct printer *pr)
{
  if (!pr->json_begun)
    {
      struct outbuf *ob = pr->ob;
      idx_t len0 = ob->len;
      outbuf_xputs (ob, "{\"type\":\"begin\",\"data\":{\"path\":");
      put_path (pr);
      outbuf_xputs (ob, "}}\n");
      pr->json_begun = true;
      pr->json.bytes_printed += ob->len - len0;
    }
}

/* A match record (MATCH) or a context record for line L.  */
static void
put_line (struct printer *pr, struct line const *l, bool match)
{
  struct outbuf *ob = pr->ob;
  put_begin (pr);
  idx_t len0 = ob->len;
  outbuf_xputs (ob, (match ? "{\"type\":\"match\",\"data\":{\"path\":"
                     : "{\"type\":\"context\",\"data\":{\"path\":"));
  put_path (pr);
  outbuf_xputs (ob, ",\"lines\":");
  json_put_data (ob, l->beg, l->end - l->beg);
  outbuf_xputs (ob, ",\"line_number\":");
  if (l->lineno)
    outbuf_xputnum (ob, l->lineno);
  else
    outbuf_xputs (ob, "null");
  outbuf_xputs (ob, ",\"absolute_offset\":");
  outbuf_xputnum (ob, l->offset);
  outbuf_xputs (ob, ",\"submatches\":[");
  /* The lines that match: selected ones, or context ones under -v.  */
  intmax_t n = match != pr->o->invert ? put_submatches (pr, l) : 0;
  outbuf_xputs (ob, "]}}\n");
  if (match)
    {
      pr->json.matches += n;
      pr->json.matched_lines++;
    }
  pr->json.bytes_printed += ob->len - len0;
  print_maybe_flush (pr);
}

static bool
json_selected (void *ctx, struct line const *l)
{
  struct printer *pr = ctx;
  pr->groups = true;
  put_line (pr, l, true);
  return true;
}

static void
json_context (void *ctx, struct line const *l)
{
  put_line (ctx, l, false);
}

/* Records carry their line numbers: no separators.  */
static void
json_separator (void *ctx)
{
  (void) ctx;
}

struct sink_ops const print_json_sink = {
  .selected = json_selected,
  .context = json_context,
  .separator = json_separator,
};

void
print_json_begin (struct printer *pr)
{
  pr->json_begun = false;
  pr->json = (struct json_stats) { 0 };
  pr->json_start = json_now ();
  pr->binary_offset = -1;
  pr->searched = 0;
}

void
print_json_end (struct printer *pr, intmax_t selected,
                struct json_stats *total)
{
  struct json_stats *st = &pr->json;
  st->elapsed = json_elapsed (pr->json_start);
  st->searches = 1;
  st->searches_with_match = 0 < selected;
  st->bytes_searched = pr->searched;
  /* A binary file whose matches grep's rule hid (--binary-files=binary)
     still says where its binary data is, as ripgrep's end record does.  */
  if (0 <= pr->binary_offset && 0 < selected)
    put_begin (pr);
  json_stats_add (total, st);
  if (!pr->json_begun)
    return;
  struct outbuf *ob = pr->ob;
  outbuf_xputs (ob, "{\"type\":\"end\",\"data\":{\"path\":");
  put_path (pr);
  outbuf_xputs (ob, ",\"binary_offset\":");
  if (pr->binary_offset < 0)
    outbuf_xputs (ob, "null");
  else
    outbuf_xputnum (ob, pr->binary_offset);
  outbuf_xputs (ob, ",\"stats\":");
  json_put_stats (ob, st, false);
  outbuf_xputs (ob, "}}\n");
  print_maybe_flush (pr);
}
