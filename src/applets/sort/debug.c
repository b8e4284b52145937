/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* debug.c: sort --debug (see debug.h).  The marks reproduce GNU sort's
   debug_key: keys that skip blanks or are numbers or months are narrowed
   to the part that was actually read; widths are display widths (tabs
   count as one column, shown as '>').  */

#include <config.h>

#include <ctype.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "inttostr.h"
#include "mbswidth.h"
#include "quote.h"

#include "compare.h"
#include "debug.h"
#include "numcmp.h"

/* Warn that the +POS -POS key K is obsolescent, with its -k form.  */
static void
warn_obsolescent (struct sort_key const *k)
{
  char tmp[INT_BUFSIZE_BOUND (uintmax_t)];
  char obuf[2 * INT_BUFSIZE_BOUND (uintmax_t) + 4];
  char nbuf[2 * INT_BUFSIZE_BOUND (uintmax_t) + 5];
  size_t sword = k->sword == SIZE_MAX ? 0 : k->sword;
  char *po = stpcpy (stpcpy (obuf, "+"), umaxtostr (sword, tmp));
  char *pn = stpcpy (stpcpy (nbuf, "-k "), umaxtostr (sword + 1, tmp));
  if (k->eword != SIZE_MAX)
    {
      stpcpy (stpcpy (po, " -"), umaxtostr (k->eword + 1, tmp));
      stpcpy (stpcpy (pn, ","),
              umaxtostr (k->eword + 1 + (k->echar == SIZE_MAX), tmp));
    }
  error (0, 0, _("obsolescent key %s used; consider %s instead"),
         quote_n (0, obuf), quote_n (1, nbuf));
}

/* The warnings about the number formats of the locale.  */
static void
number_warnings (struct sort_opts const *o, bool basic, bool general,
                 bool basic_span, bool general_span)
{
  bool warned = false;
  char const sep[] = { o->thousands_sep, '\0' };
  char const point[] = { o->decimal_point, '\0' };
  char const tab[] = { o->tab, '\0' };
  bool default_tab = o->tab == TAB_DEFAULT;
  if (basic_span
      && (default_tab
          ? (o->thousands_sep != NON_CHAR
             && isblank (to_uchar (o->thousands_sep)))
          : o->tab == o->thousands_sep))
    {
      error (0, 0, _("field separator %s is treated as a "
               "group separator in numbers"), quote (sep));
      warned = true;
    }
  if (basic_span || general_span)
    {
      if (default_tab
          ? (o->thousands_sep != NON_CHAR
             && isblank (to_uchar (o->decimal_point)))
          : o->tab == o->decimal_point)
        {
          error (0, 0, _("field separator %s is treated as a "
                   "decimal point in numbers"), quote (point));
          warned = true;
        }
      else if (o->tab == '-')
        error (0, 0, _("field separator %s is treated as a "
                 "minus sign in numbers"), quote (tab));
      else if (general_span && o->tab == '+')
        error (0, 0, _("field separator %s is treated as a "
                 "plus sign in numbers"), quote (tab));
    }
  if ((basic || general) && !warned)
    error (0, 0, _("%snumbers use %s as a decimal point in this locale"),
           o->tab == o->decimal_point ? "" : _("note "), quote (point));
  if (basic && o->thousands_sep_ignored)
    error (0, 0, _("the multi-byte number group separator "
             "in this locale is not supported"));
}

/* Warn about key K (number KEYNUM), and clear from UGKEY the global
   options K also has.  Record the kinds of numeric keys.  */
static void
key_warning (struct sort_opts const *o, struct sort_key const *k,
             unsigned long keynum, bool gkey_only, struct sort_key *ugkey,
             bool numeric[2], bool span[2])
{
  if (sort_key_numeric (k))
    numeric[k->general_numeric] = true;
  if (k->traditional_used)
    warn_obsolescent (k);

  bool zero_width = k->sword != SIZE_MAX && k->eword < k->sword;
  if (zero_width)
    error (0, 0, _("key %lu has zero width and will be ignored"), keynum);

  bool implicit_skip = sort_key_numeric (k) || k->month;
  bool line_offset = k->eword == 0 && k->echar != 0;
  if (!zero_width && !gkey_only && o->tab == TAB_DEFAULT && !line_offset
      && ((!k->skipsblanks && !implicit_skip)
          || (!k->skipsblanks && k->schar)
          || (!k->skipeblanks && k->echar)))
    error (0, 0, _("leading blanks are significant in key %lu; "
                   "consider also specifying 'b'"), keynum);

  if (!gkey_only && sort_key_numeric (k))
    {
      size_t sword = k->sword + 1;
      size_t eword = k->eword + 1;
      if (!sword)
        sword++;
      if (!eword || sword < eword)
        {
          error (0, 0, _("key %lu is numeric and spans multiple fields"),
                 keynum);
          span[k->general_numeric] = true;
        }
    }

  if (ugkey->ignore == k->ignore)
    ugkey->ignore = IGNORE_NONE;
  if (ugkey->translate && k->translate)
    ugkey->translate = false;
  ugkey->skipsblanks &= !k->skipsblanks;
  ugkey->skipeblanks &= !k->skipeblanks;
  ugkey->month &= !k->month;
  ugkey->numeric &= !k->numeric;
  ugkey->general_numeric &= !k->general_numeric;
  ugkey->human_numeric &= !k->human_numeric;
  ugkey->random &= !k->random;
  ugkey->version &= !k->version;
  ugkey->reverse &= !k->reverse;
}

void
debug_warnings (struct sort_opts const *o, struct sort_key const *gkey,
                bool gkey_only, bool locale_ok)
{
  if (locale_ok)
    locale_ok = !!setlocale (LC_COLLATE, "");
  if (!locale_ok)
    error (0, 0, "%s", _("failed to set locale"));
  if (o->hard_collate)
    error (0, 0, _("text ordering performed using %s sorting rules"),
           quote (setlocale (LC_COLLATE, NULL)));
  else
    error (0, 0, "%s",
           _("text ordering performed using simple byte comparison"));

  struct sort_key ugkey = *gkey;
  bool numeric[2] = { false, false };
  bool span[2] = { false, false };
  for (idx_t i = 0; i < o->nkeys; i++)
    key_warning (o, &o->keys[i], i + 1, gkey_only, &ugkey, numeric, span);
  number_warnings (o, numeric[0], numeric[1], span[0], span[1]);

  /* Global options that no key uses.  */
  bool stable_or_unique = o->stable || o->unique;
  if (!sort_key_plain (&ugkey)
      || (ugkey.reverse && stable_or_unique && o->nkeys))
    {
      bool reverse = ugkey.reverse;
      if (!stable_or_unique)
        ugkey.reverse = false;
      char opts[16];
      sort_key_letters (&ugkey, opts);
      error (0, 0,
             strlen (opts) == 1 ? _("option '-%s' is ignored")
             : "options '-%s' are ignored", opts);
      ugkey.reverse = reverse;
    }
  if (ugkey.reverse && !stable_or_unique && o->nkeys)
    error (0, 0, _("option '-r' only applies to last-resort comparison"));
}

/* The display width of [TEXT, LIM), each tab counting as one column;
   0 if LIM is before TEXT.  */
static idx_t
debug_width (char const *text, char const *lim)
{
  if (lim <= text)
    return 0;
  idx_t width = mbsnwidth (text, lim - text, 0);
  for (; text < lim; text++)
    width += *text == '\t';
  return width;
}

/* Where key K, in LINE from BEG to LIM, really ends when it skips blanks
   or reads a number or month; update *BEG past the blanks.  */
static char const *
tighter_lim (struct sort_opts const *o, struct sort_key const *k,
             struct line const *line, char const **beg, char const *lim)
{
  /* GNU sort puts a NUL at LIM and skips blanks: past LIM if the key
     starts after it, to the end of the line.  */
  char const *b = *beg;
  char const *stop = b <= lim ? lim : line->text + line->len;
  b += sort_blank_span (o, b, stop);
  *beg = b;
  if (lim < b)
    return lim;
  if (k->month)
    {
      char const *end = b;
      numcmp_month (o, b, lim, &end);
      return end;
    }
  if (k->general_numeric)
    {
      idx_t n = lim - b;
      char *copy = malloc (n + 1);
      if (!copy)
        return b;
      memcpy (copy, b, n);
      copy[n] = '\0';
      char *end;
      strtold (copy, &end);
      char const *r = b + (end - copy);
      free (copy);
      return r;
    }
  if (k->numeric || k->human_numeric)
    {
      char const *end = numcmp_number_end (o, b, lim, k->human_numeric);
      return end ? end : b;
    }
  return lim;
}

/* Append the mark of key K (the whole line if K is null) to OB.  */
static void
debug_key (struct sort_opts const *o, struct line const *line,
           struct sort_key const *k, struct outbuf *ob)
{
  char *text = line->text;
  char const *beg = text;
  char const *lim = text + line->len;
  if (k)
    {
      if (k->sword != SIZE_MAX)
        beg = compare_key_beg (o, k, text, line->len);
      if (k->eword != SIZE_MAX)
        lim = compare_key_lim (o, k, text, line->len);
      if ((k->skipsblanks && k->sword == SIZE_MAX) || k->month
          || sort_key_numeric (k))
        lim = tighter_lim (o, k, line, &beg, lim);
    }

  idx_t offset = debug_width (text, beg);
  idx_t width = debug_width (beg, lim);
  memset (outbuf_xreserve (ob, offset), ' ', offset);
  ob->len += offset;
  if (!width)
    outbuf_xputs (ob, _("^ no match for key\n"));
  else
    {
      memset (outbuf_xreserve (ob, width), '_', width);
      ob->len += width;
      outbuf_xputc (ob, '\n');
    }
}

void
debug_line (struct sort_opts const *o, struct line const *line,
            struct outbuf *ob)
{
  char *p = outbuf_xreserve (ob, line->len + 1);
  for (idx_t i = 0; i < line->len; i++)
    p[i] = line->text[i] == '\t' ? '>' : line->text[i];
  p[line->len] = '\n';
  ob->len += line->len + 1;

  for (idx_t i = 0; i < o->nkeys; i++)
    debug_key (o, line, &o->keys[i], ob);
  if (o->nkeys == 0 || ! (o->unique || o->stable))
    debug_key (o, line, NULL, ob);
}
