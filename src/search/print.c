/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* print.c: grep's output format (see print.h).  Mirrors GNU grep's
   prline, print_line_head, print_line_middle and print_line_tail, so that
   the output is byte for byte the same, colours included.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "search/print.h"

enum { SEP_SELECTED = ':', SEP_CONTEXT = '-' };

void
print_parse_colors (struct colors *c, char const *env, char const *legacy)
{
  *c = (struct colors) {
    .ms = "01;31", .mc = "01;31", .fn = "35", .ln = "32", .bn = "32",
    .se = "36", .sl = "", .cx = "",
  };
  if (legacy)
    c->ms = c->mc = legacy;
  if (!env || !*env)
    return;

  /* name=value:name=value..., values only digits and ';' (anything else
     ends the parse, keeping what came before, as grep does).  The strings
     point into a copy, C->storage.  */
  char *q = c->storage = strdup (env);
  if (!q)
    return;
  char *name = q, *val = NULL;
  for (;;)
    {
      if (*q == ':' || *q == '\0')
        {
          char last = *q;
          *q++ = '\0';
          struct { char const *n; char const **v; } const caps[] = {
            { "mt", NULL }, { "ms", &c->ms }, { "mc", &c->mc },
            { "fn", &c->fn }, { "ln", &c->ln }, { "bn", &c->bn },
            { "se", &c->se }, { "sl", &c->sl }, { "cx", &c->cx },
          };
          for (size_t i = 0; i < sizeof caps / sizeof *caps; i++)
            if (strcmp (caps[i].n, name) == 0 && val)
              {
                if (caps[i].v)
                  *caps[i].v = val;
                else
                  c->ms = c->mc = val;
              }
          if (strcmp (name, "rv") == 0)
            c->rv = true;
          if (strcmp (name, "ne") == 0)
            c->ne = true;
          if (last == '\0')
            return;
          name = q;
          val = NULL;
        }
      else if (*q == '=')
        {
          if (q == name || val)
            return;
          *q++ = '\0';
          val = q;
        }
      else if (!val)
        q++;
      else if (*q == ';' || ('0' <= *q && *q <= '9'))
        q++;
      else
        return;
    }
}

static void
sgr_start (struct printer *pr, char const *s)
{
  if (*s)
    {
      outbuf_xputs (pr->ob, "\33[");
      outbuf_xputs (pr->ob, s);
      outbuf_xputs (pr->ob, pr->o->colors.ne ? "m" : "m\33[K");
    }
}

static void
sgr_end (struct printer *pr, char const *s)
{
  if (*s)
    outbuf_xputs (pr->ob, pr->o->colors.ne ? "\33[m" : "\33[m\33[K");
}

static void
sgr_start_if (struct printer *pr, char const *s)
{
  if (pr->o->color)
    sgr_start (pr, s);
}

static void
sgr_end_if (struct printer *pr, char const *s)
{
  if (pr->o->color)
    sgr_end (pr, s);
}

static void
put_sep (struct printer *pr, char sep)
{
  sgr_start_if (pr, pr->o->colors.se);
  outbuf_xputc (pr->ob, sep);
  sgr_end_if (pr, pr->o->colors.se);
}

static void
put_name (struct printer *pr)
{
  sgr_start_if (pr, pr->o->colors.fn);
  outbuf_xputs (pr->ob, pr->name);
  sgr_end_if (pr, pr->o->colors.fn);
}

/* The file name field: NAME and SEP (or a null byte with -Z).  */
static void
put_name_field (struct printer *pr, char sep)
{
  if (pr->with_name)
    {
      put_name (pr);
      if (pr->o->null_name)
        outbuf_xputc (pr->ob, '\0');
      else
        put_sep (pr, sep);
    }
}

static int
num_digits (intmax_t n)
{
  int d = 1;
  while ((n /= 10) != 0)
    d++;
  return d;
}

static void
put_number (struct printer *pr, intmax_t n, char const *color)
{
  sgr_start_if (pr, color);
  for (int pad = pr->num_width - num_digits (n); 0 < pad; pad--)
    outbuf_xputc (pr->ob, ' ');
  outbuf_xputnum (pr->ob, n);
  sgr_end_if (pr, color);
}

/* Whether B[0..LEN) holds a byte sequence that is no character of the
   current (multibyte, not UTF-8) locale, or ends inside one.  Bytes
   below 0x80 are characters by themselves in every such locale glibc
   has, as grep's skip_easy_bytes assumes.  */
static bool
mb_has_error (char const *b, idx_t len)
{
  mbstate_t st = { 0 };
  for (idx_t i = 0; i < len;)
    {
      if (!(b[i] & 0x80))
        {
          i++;
          continue;
        }
      size_t n = mbrlen (b + i, len - i, &st);
      if (n == (size_t) -1 || n == (size_t) -2)
        return true;
      i += n ? n : 1;
    }
  return false;
}

/* The fields before a line or a match B[0..LEN) of line L: name, line
   number, offset OFF.  Return false if the text is not to be printed.  */
static bool
print_head (struct printer *pr, char const *b, idx_t len,
            struct line const *l, char sep, off_t off)
{
  struct print_opts const *o = pr->o;
  if ((o->check_encoding
       && utf8chars_has_error (o->check_encoding, b, len))
      || (o->check_mb_encoding && mb_has_error (b, len)))
    {
      pr->encoding_error = pr->held = true;
      return false;
    }
  put_name_field (pr, sep);
  if (o->number)
    {
      put_number (pr, l->lineno, o->colors.ln);
      put_sep (pr, sep);
    }
  if (o->offset)
    {
      put_number (pr, off, o->colors.bn);
      put_sep (pr, sep);
    }
  if (o->align_tabs && (pr->with_name || o->number || o->offset) && len)
    outbuf_xputc (pr->ob, '\t');
  return true;
}

/* Find the next match in line L at or after CUR; set *B and *SIZE.  */
static bool
next_match (struct printer *pr, struct line const *l, char const *cur,
            char const **b, idx_t *size)
{
  struct span m;
  int r = pr->eng->find (pr->re, pr->scratch, l->beg, l->end - l->beg,
                         cur - l->beg, &m);
  if (r < 0)
    pr->failed = true;
  if (r <= 0)
    return false;
  *b = l->beg + m.beg;
  *size = m.end - m.beg;
  return true;
}

/* The matches of line L, coloured (or alone with -o).  Return where the
   rest of the line starts, or NULL if the line was held back.  A match
   may hold the line's EOL byte (grep's regex matcher with -x and -w
   takes the whole line with it): a last line without one gets it there,
   inside the match's colour, as grep's buffer always ends in one; then
   *EOL_PRINTED is set.  */
static char const *
print_middle (struct printer *pr, struct line const *l,
              char const *line_color, char const *match_color,
              bool *eol_printed)
{
  struct print_opts const *o = pr->o;
  char const *beg = l->beg, *lim = l->end;
  char const *cur = beg, *mid = NULL, *b;
  idx_t size;
  for (; cur < lim && next_match (pr, l, cur, &b, &size); cur = b + size)
    {
      if (b == lim)
        break;
      if (size == 0)
        {
          /* An empty match: step over one byte; later text may match.  */
          size = 1;
          if (!mid)
            mid = cur;
          continue;
        }
      if (o->only_matching)
        {
          char osep = o->invert ? SEP_CONTEXT : SEP_SELECTED;
          if (!print_head (pr, b, size, l, osep, l->offset + (b - beg)))
            return NULL;
        }
      else
        {
          sgr_start (pr, line_color);
          if (mid)
            {
              cur = mid;
              mid = NULL;
            }
          outbuf_xadd (pr->ob, cur, b - cur);
        }
      sgr_start_if (pr, match_color);
      bool past = lim < b + size;
      if (past)
        size = lim - b;
      outbuf_xadd (pr->ob, b, size);
      if (past)
        {
          outbuf_xputc (pr->ob, o->eol);
          *eol_printed = true;
        }
      sgr_end_if (pr, match_color);
      if (o->only_matching)
        outbuf_xputc (pr->ob, o->eol);
    }
  /* grep dies in the search that failed: nothing more of the line.  */
  if (pr->failed)
    return NULL;
  return o->only_matching ? lim : mid ? mid : cur;
}

/* The rest of the line from BEG, in LINE_COLOR but for its line end.  */
static char const *
print_tail (struct printer *pr, char const *beg, char const *lim,
            bool has_eol, char const *line_color)
{
  idx_t eol_size = has_eol;
  eol_size += (beg < lim - eol_size && lim[-(1 + eol_size)] == '\r');
  idx_t tail = lim - eol_size - beg;
  if (0 < tail)
    {
      sgr_start (pr, line_color);
      outbuf_xadd (pr->ob, beg, tail);
      beg += tail;
      sgr_end (pr, line_color);
    }
  return beg;
}

/* -l -O: NAME:OFFSET for each match of L (for a -v line, its offset).  */
static void
print_offsets (struct printer *pr, struct line const *l)
{
  if (pr->o->invert)
    {
      put_name_field (pr, SEP_SELECTED);
      put_number (pr, l->offset, pr->o->colors.bn);
      outbuf_xputc (pr->ob, pr->o->eol);
      return;
    }
  char const *cur = l->beg, *b;
  idx_t size;
  for (; cur < l->end && next_match (pr, l, cur, &b, &size); cur = b + size)
    {
      if (b == l->end)
        break;
      if (size == 0)
        {
          size = 1;
          continue;
        }
      put_name_field (pr, SEP_SELECTED);
      put_number (pr, l->offset + (b - l->beg), pr->o->colors.bn);
      outbuf_xputc (pr->ob, pr->o->eol);
    }
}

void
print_maybe_flush (struct printer *pr)
{
  if (pr->o->line_buffered || pr->flush_at <= pr->ob->len)
    pr->flush (pr->flush_ctx);
}

/* Print line L with separator SEP (grep's prline).  */
static void
prline (struct printer *pr, struct line const *l, char sep)
{
  struct print_opts const *o = pr->o;
  char const *beg = l->beg, *lim = l->end;
  bool has_eol = beg < lim && lim[-1] == o->eol;
  bool matching = (sep == SEP_SELECTED) ^ o->invert;
  pr->held = false;

  if (o->offsets_only)
    {
      if (sep == SEP_SELECTED)
        print_offsets (pr, l);
      print_maybe_flush (pr);
      return;
    }
  if (!o->only_matching
      && !print_head (pr, beg, lim - beg - has_eol, l, sep,
                      (sep == SEP_SELECTED && !o->line_offset
                       ? l->match_offset : l->offset)))
    return;

  char const *line_color = "", *match_color = "";
  if (o->color)
    {
      line_color = (((sep == SEP_SELECTED) ^ (o->invert && o->colors.rv))
                    ? o->colors.sl : o->colors.cx);
      match_color = sep == SEP_SELECTED ? o->colors.ms : o->colors.mc;
    }
  bool eol_printed = false;
  if ((o->only_matching && matching)
      || (o->color && (*line_color || *match_color)))
    {
      if (matching && (o->only_matching || *match_color))
        {
          beg = print_middle (pr, l, line_color, match_color, &eol_printed);
          if (!beg)
            return;
        }
      if (!o->only_matching && *line_color)
        beg = print_tail (pr, beg, lim, has_eol, line_color);
    }
  if (!o->only_matching)
    {
      if (beg < lim)
        outbuf_xadd (pr->ob, beg, lim - beg);
      if (!has_eol && !eol_printed)
        outbuf_xputc (pr->ob, o->eol);
    }
  print_maybe_flush (pr);
}

static bool
sink_selected (void *ctx, struct line const *l)
{
  struct printer *pr = ctx;
  pr->groups = true;
  prline (pr, l, SEP_SELECTED);
  return !pr->failed;
}

static bool
sink_failed (void *ctx)
{
  struct printer const *pr = ctx;
  return pr->failed;
}

static void
sink_context (void *ctx, struct line const *l)
{
  prline (ctx, l, SEP_CONTEXT);
}

void
print_separator (struct print_opts const *o, struct outbuf *ob)
{
  struct printer pr = { .o = o, .ob = ob };
  sgr_start_if (&pr, o->colors.se);
  outbuf_xputs (ob, o->group_sep);
  sgr_end_if (&pr, o->colors.se);
  outbuf_xputc (ob, '\n');
}

static void
sink_separator (void *ctx)
{
  struct printer *pr = ctx;
  if (!pr->o->group_sep)
    return;
  /* The first group of a file gets a separator only if some file's output
     came before; only the writer knows, at flush time.  */
  if (!pr->groups)
    pr->lead_sep = true;
  else
    print_separator (pr->o, pr->ob);
}

static void
sink_group (void *ctx)
{
  struct printer *pr = ctx;
  pr->groups = true;
}

static bool
sink_held (void *ctx)
{
  struct printer const *pr = ctx;
  return pr->held;
}

struct sink_ops const print_sink = {
  .selected = sink_selected,
  .context = sink_context,
  .separator = sink_separator,
  .held = sink_held,
  .group = sink_group,
  .failed = sink_failed,
};

void
print_begin (struct printer *pr, char const *name, bool with_name)
{
  pr->name = name;
  pr->with_name = with_name;
  pr->lead_sep = false;
  pr->groups = false;
  pr->failed = false;
  pr->encoding_error = false;
  pr->num_width = 0;
}

void
print_set_size (struct printer *pr, off_t size)
{
  intmax_t n = size < 0 ? INTMAX_MAX : size;
  n += pr->o->number && n < INTMAX_MAX;
  pr->num_width = num_digits (n);
}

void
print_count (struct printer *pr, intmax_t count)
{
  put_name_field (pr, SEP_SELECTED);
  outbuf_xputnum (pr->ob, count);
  outbuf_xputc (pr->ob, '\n');
  print_maybe_flush (pr);
}

void
print_name_only (struct printer *pr)
{
  put_name (pr);
  outbuf_xputc (pr->ob, pr->o->null_name ? '\0' : '\n');
  print_maybe_flush (pr);
}
