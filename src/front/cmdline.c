/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* cmdline.c: the pieces of a command line both parsers use (see
   cmdline.h).  */

#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c-strcase.h"
#include "error.h"
#include "xalloc.h"
#include "xstrtol.h"

#include "system.h"
#include "front/cmdline.h"

int
cmdline_color_arg (char const *arg)
{
  if (!arg || !c_strcasecmp (arg, "auto") || !c_strcasecmp (arg, "tty")
      || !c_strcasecmp (arg, "if-tty"))
    return 2;
  if (!c_strcasecmp (arg, "always") || !c_strcasecmp (arg, "yes")
      || !c_strcasecmp (arg, "force"))
    return 1;
  if (!c_strcasecmp (arg, "never") || !c_strcasecmp (arg, "no")
      || !c_strcasecmp (arg, "none"))
    return 0;
  return -1;
}

intmax_t
cmdline_context_length (char const *arg)
{
  intmax_t n;
  strtol_error e = xstrtoimax (arg, NULL, 10, &n, "");
  if ((e != LONGINT_OK && e != LONGINT_OVERFLOW) || n < 0)
    error (EXIT_TROUBLE, 0, "%s: %s", arg,
           _("invalid context length argument"));
  return n;
}

intmax_t
cmdline_max_count (char const *arg)
{
  intmax_t n;
  strtol_error e = xstrtoimax (arg, NULL, 10, &n, "");
  if (e != LONGINT_OK && e != LONGINT_OVERFLOW)
    error (EXIT_TROUBLE, 0, _("invalid max count"));
  return n;
}

void
cmdline_add_pattern_at (struct patterns *p, char const *text, idx_t len,
                        char const *file, idx_t lineno)
{
  if (p->n == p->size)
    {
      p->pats = xpalloc (p->pats, &p->size, 1, -1, sizeof *p->pats);
      p->lens = xnrealloc (p->lens, p->size, sizeof *p->lens);
      p->file = xnrealloc (p->file, p->size, sizeof *p->file);
      p->lineno = xnrealloc (p->lineno, p->size, sizeof *p->lineno);
    }
  p->pats[p->n] = xmemdup (text, len + 1);
  p->pats[p->n][len] = '\0';
  p->file[p->n] = file;
  p->lineno[p->n] = lineno;
  p->lens[p->n++] = len;
}

void
cmdline_free_patterns (struct patterns *p)
{
  for (idx_t i = 0; i < p->n; i++)
    free (p->pats[i]);
  free (p->pats);
  free (p->lens);
  free (p->file);
  free (p->lineno);
  free (p->given);
  *p = (struct patterns) { 0 };
}

/* Add TEXT's lines to P, each from line LINENO on of FILE (NULL: the
   command line).  */
static void
add_patterns_from (struct patterns *p, char const *text, idx_t len,
                   char const *file, idx_t lineno)
{
  for (;; lineno++)
    {
      char const *nl = memchr (text, '\n', len);
      idx_t l = nl ? nl - text : len;
      cmdline_add_pattern_at (p, text, l, file, lineno);
      if (!nl)
        return;
      text = nl + 1;
      len -= l + 1;
    }
}

void
cmdline_add_patterns (struct patterns *p, char const *text, idx_t len)
{
  add_patterns_from (p, text, len, NULL, 0);
}

/* For cmdline_dedup_patterns: a pattern and its index, ordered by length,
   bytes, then index, so that the first of equal patterns comes first.  */
struct dedup_key
{
  char const *s;
  idx_t len, i;
};
static int
dedup_cmp (void const *va, void const *vb)
{
  struct dedup_key const *a = va, *b = vb;
  if (a->len != b->len)
    return a->len < b->len ? -1 : 1;
  int c = memcmp (a->s, b->s, a->len);
  return c ? c : (a->i > b->i) - (a->i < b->i);
}

void
cmdline_dedup_patterns (struct patterns *p)
{
  if (p->n < 2)
    return;
  struct dedup_key *k = xnmalloc (p->n, sizeof *k);
  for (idx_t i = 0; i < p->n; i++)
    k[i] = (struct dedup_key) { p->pats[i], p->lens[i], i };
  qsort (k, p->n, sizeof *k, dedup_cmp);
  bool *dup = xcalloc (p->n, sizeof *dup);
  idx_t *given = xnmalloc (p->n, sizeof *given);
  for (idx_t j = 1; j < p->n; j++)
    dup[k[j].i] = (k[j].len == k[j - 1].len
                   && memcmp (k[j].s, k[j - 1].s, k[j].len) == 0);
  idx_t n = 0;
  for (idx_t i = 0; i < p->n; i++)
    if (dup[i])
      free (p->pats[i]);
    else
      {
        given[n] = i;
        p->pats[n] = p->pats[i];
        p->lens[n] = p->lens[i];
        p->file[n] = p->file[i];
        p->lineno[n++] = p->lineno[i];
      }
  if (n < p->n)
    p->given = given;
  else
    free (given);
  p->n = n;
  free (dup);
  free (k);
}

void
cmdline_read_pattern_file (struct patterns *p, char const *file)
{
  FILE *fp = streq (file, "-") ? stdin : fopen (file, "r");
  if (!fp)
    error (EXIT_TROUBLE, errno, "%s", file);
  char *buf = NULL;
  idx_t len = 0, size = 0;
  for (;;)
    {
      if (size - len < 8192)
        buf = xpalloc (buf, &size, 8192, -1, 1);
      size_t n = fread (buf + len, 1, size - len, fp);
      len += n;
      if (n == 0)
        break;
    }
  int err = ferror (fp) ? errno : 0;
  if (fp == stdin)
    clearerr (fp);
  else if (fclose (fp) != 0 && !err)
    err = errno;
  if (err)
    error (EXIT_TROUBLE, err, "%s", file);
  if (len && buf[len - 1] == '\n')
    len--;
  else if (len == 0)
    {
      free (buf);
      return;   /* no patterns at all */
    }
  add_patterns_from (p, buf, len, file, 1);
  free (buf);
}

void
cmdline_add_exclude (struct exclude **ex, char const *pat, int opts)
{
  for (int cmd = 0; cmd < 2; cmd++)
    {
      if (!ex[cmd])
        ex[cmd] = new_exclude ();
      add_exclude (ex[cmd], pat, opts | EXCLUDE_WILDCARDS
                   | (cmd ? 0 : EXCLUDE_ANCHORED));
    }
}

void
cmdline_add_exclude_file (struct exclude **ex, char const *file)
{
  for (int cmd = 0; cmd < 2; cmd++)
    {
      if (!ex[cmd])
        ex[cmd] = new_exclude ();
      if (add_exclude_file (add_exclude, ex[cmd], file,
                            EXCLUDE_WILDCARDS | (cmd ? 0 : EXCLUDE_ANCHORED),
                            '\n')
          != 0)
        error (EXIT_TROUBLE, errno, "%s", file);
    }
}

bool
cmdline_common_option (int c, char *arg, struct search_config *o,
                       struct front_cmdline *cl)
{
  switch (c)
    {
    case 'A':
      cl->after = cmdline_context_length (arg);
      break;
    case 'B':
      cl->before = cmdline_context_length (arg);
      break;
    case 'C':
      cl->context = cmdline_context_length (arg);
      break;
    case 'Z':
      o->print.null_name = true;
      break;
    case 'e':
      cmdline_add_patterns (&cl->pats, arg, strlen (arg));
      cl->have_keys = true;
      break;
    case 'f':
      cmdline_read_pattern_file (&cl->pats, arg);
      cl->have_keys = true;
      break;
    case 'h':
      cl->filename_option = -1;
      break;
    case 'i':
      cl->icase = true;
      break;
    case NO_IGNORE_CASE_OPTION:
      cl->icase = false;
      break;
    case 'm':
      o->search.max_count = cmdline_max_count (arg);
      break;
    case 'o':
      o->print.only_matching = true;
      break;
    case 'v':
      o->search.invert = true;
      break;
    case 'w':
      cl->word = true;
      break;
    case 'x':
      cl->line_x = true;
      break;
    case 'z':
      o->search.eol = '\0';
      break;
    case EXCLUDE_OPTION:
    case INCLUDE_OPTION:
      cmdline_add_exclude (o->excluded, arg,
                           c == INCLUDE_OPTION ? EXCLUDE_INCLUDE : 0);
      break;
    case EXCLUDE_FROM_OPTION:
      cmdline_add_exclude_file (o->excluded, arg);
      break;
    case EXCLUDE_DIR_OPTION:
      /* argv's strings are ours to change (grep does this too).  */
      for (size_t l = strlen (arg); 1 < l && arg[l - 1] == '/'; l--)
        arg[l - 1] = '\0';
      cmdline_add_exclude (o->excluded_dir, arg, 0);
      break;
    case GROUP_SEPARATOR_OPTION:
      o->print.group_sep = arg;
      break;
    case NO_GROUP_SEPARATOR_OPTION:
      o->print.group_sep = NULL;
      break;
    case LABEL_OPTION:
      o->label = arg;
      break;
    case LINE_BUFFERED_OPTION:
      o->print.line_buffered = true;
      break;
    default:
      return false;
    }
  return true;
}
