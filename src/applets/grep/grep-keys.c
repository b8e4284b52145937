/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* grep-keys.c: grep 3.8's choice of matcher (see grep-keys.h).  grep
   searches -F patterns as strings unless the locale makes that unsafe:
   in a unibyte locale a single -w string goes to the regex matcher
   (there it is faster); in a multibyte one, patterns with an encoding
   error, and -i patterns with a character whose case counterparts are
   not all single bytes ('k' and U+212A KELVIN SIGN in UTF-8), go there
   as basic regular expressions.  Conversely, two or more -G or -E
   patterns that are plain strings (no special character, only escapes
   of ordinary ones) are searched as strings.  This follows what grep's
   main does (its fgrep_icase_available, try_fgrep_pattern and
   fgrep_to_grep_pattern), written anew.  Multibyte locales other than
   UTF-8, where a string match must also be checked to start a character,
   always go to the regex matcher here.  */

#include <config.h>

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "xalloc.h"

#include "applets/grep/grep-keys.h"
#include "engines/wordchar.h"

/* -F's strings as basic regular expressions: the characters special
   there escaped, multibyte characters (whose bytes may look special in
   some encodings) and encoding errors copied as they are.  */
static void
fixed_to_bre (struct patterns *p)
{
  for (idx_t i = 0; i < p->n; i++)
    {
      char const *s = p->pats[i];
      idx_t len = p->lens[i];
      char *t = xnmalloc (len + 1, 2), *q = t;
      mbstate_t st = { 0 };
      for (idx_t k = 0; k < len;)
        {
          size_t n = mbrlen (s + k, len - k, &st);
          if (n == (size_t) -2)
            n = len - k;
          else if (n == (size_t) -1 || n == 0)
            {
              memset (&st, 0, sizeof st);
              n = 1;
            }
          if (n == 1 && strchr ("$*.[\\^", s[k]) && s[k])
            *q++ = '\\';
          q = mempcpy (q, s + k, n);
          k += n;
        }
      *q = '\0';
      free (p->pats[i]);
      p->pats[i] = t;
      p->lens[i] = q - t;
    }
}

/* The length of the character at S (LEFT bytes), or -1 for an encoding
   error or a truncated character.  */
static int
char_len (struct localeinfo const *li, char const *s, idx_t left)
{
  int n = li->sbclen[(unsigned char) *s];
  if (n != -2)
    return n;
  mbstate_t st = { 0 };
  size_t k = mbrlen (s, left, &st);
  return k <= (size_t) left && k != 0 ? (int) k : -1;
}

/* The length of the character at S (LEFT bytes) if the string matcher
   can fold its case: a single byte whose counterparts are all single
   bytes, or a multibyte character with no counterpart and no byte that
   toupper changes.  Else -1.  */
static int
icase_char_len (struct localeinfo const *li, char const *s, idx_t left)
{
  wchar_t folded[CASE_FOLDED_BUFSIZE];
  unsigned char b = *s;
  if (li->sbctowc[b] != WEOF)
    {
      for (int n = case_folded_counterparts (li->sbctowc[b], folded);
           0 <= --n;)
        {
          char buf[MB_LEN_MAX];
          mbstate_t st = { 0 };
          if (wcrtomb (buf, folded[n], &st) != 1)
            return -1;
        }
      return 1;
    }
  wchar_t wc;
  mbstate_t st = { 0 };
  size_t k = mbrtowc (&wc, s, left, &st);
  if (left < k || k == 0)
    return -1;
  if (case_folded_counterparts (wc, folded))
    return -1;
  for (size_t i = 1; i < k; i++)
    if (toupper ((unsigned char) s[i]) != (unsigned char) s[i])
      return -1;
  return k;
}

/* Whether every character of P passes LEN_OF (char_len or
   icase_char_len).  */
static bool
all_chars (struct localeinfo const *li, struct patterns const *p,
           int (*len_of) (struct localeinfo const *, char const *, idx_t))
{
  for (idx_t i = 0; i < p->n; i++)
    for (idx_t k = 0; k < p->lens[i];)
      {
        int n = len_of (li, p->pats[i] + k, p->lens[i] - k);
        if (n < 0)
          return false;
        k += n;
      }
  return true;
}

/* If the -G or -E (ERE) patterns of P are all plain strings, replace
   them by those strings and return true.  grep looks at its patterns
   joined by newlines: a backslash that ends a pattern other than the last
   escapes that newline (not a string); one that ends the last stays.  */
static bool
regex_to_fixed (struct localeinfo const *li, struct patterns *p, bool ere,
                bool icase)
{
  char **out = xnmalloc (p->n, sizeof *out);
  idx_t *outlen = xnmalloc (p->n, sizeof *outlen);
  idx_t done = 0;
  bool ok = true;
  for (; ok && done < p->n; done++)
    {
      char const *q = p->pats[done];
      idx_t len = p->lens[done];
      bool last = done == p->n - 1;
      char *t = xmalloc (len + 1), *d = t;
      while (ok && len)
        {
          switch (*q)
            {
            case '$': case '*': case '.': case '[': case '^':
              ok = false;
              continue;
            case '(': case '+': case '?': case '{': case '|':
              /* No ')': grep -E ')' is grep -E '\)'.  */
              ok = !ere;
              if (!ok)
                continue;
              break;
            case '\\':
              if (len == 1)
                {
                  /* Before the newline that joins the next pattern.  */
                  ok = last;
                  break;
                }
              if (strchr ("BSW'<bsw`>123456789", q[1]))
                {
                  ok = false;
                  continue;
                }
              if (strchr ("(+?{|)", q[1]) && !ere)
                {
                  ok = false;
                  continue;
                }
              q++, len--;
              break;
            }
          if (!ok)
            continue;
          int n = icase ? icase_char_len (li, q, len) : char_len (li, q, len);
          if (n < 0)
            {
              ok = false;
              continue;
            }
          d = mempcpy (d, q, n);
          q += n;
          len -= n;
        }
      out[done] = t;
      outlen[done] = d - t;
    }
  for (idx_t i = 0; i < done; i++)
    if (ok)
      {
        free (p->pats[i]);
        p->pats[i] = out[i];
        p->lens[i] = outlen[i];
      }
    else
      free (out[i]);
  free (out);
  free (outlen);
  return ok;
}

/* P with each pattern cut at its alternation bars ('|' in an ERE, '\|'
   in a BRE), as separate patterns: 'a|b' selects and matches what '-e a
   -e b' does (leftmost, then longest; -w and -x around each).  Return
   NULL if P is one pattern whose pieces grep's regex matcher would treat
   otherwise than as strings: a backslash before an ordinary character
   (Debian's grep can warn of it) or at the end (an error).  */
static struct patterns *
split_alternatives (struct patterns const *p, bool ere)
{
  struct patterns *q = xzalloc (sizeof *q);
  char const *special = ere ? "$*.[]^\\(){}+?|" : "$*.[]^\\";
  for (idx_t i = 0; i < p->n; i++)
    {
      char const *s = p->pats[i];
      idx_t len = p->lens[i], from = 0;
      for (idx_t k = 0; k <= len; k++)
        {
          bool bar = (k == len
                      || (ere ? s[k] == '|'
                          : s[k] == '\\' && k + 1 < len && s[k + 1] == '|'));
          if (!bar)
            {
              if (s[k] == '\\' && p->n == 1
                  && (k + 1 == len || !strchr (special, s[k + 1])))
                {
                  cmdline_free_patterns (q);
                  free (q);
                  return NULL;
                }
              k += s[k] == '\\' && k + 1 < len;
              continue;
            }
          cmdline_add_pattern_at (q, s + from, k - from, p->file[i],
                                  p->lineno[i]);
          k += !ere && k < len;
          from = k + 1;
        }
    }
  return q;
}

bool
grep_keys_fixed (struct localeinfo const *lip, struct patterns *p,
                 bool literal, enum engine_syntax syntax, bool icase,
                 bool word, bool *grep_fixed)
{
  *grep_fixed = false;
  struct localeinfo const li = *lip;
  bool usable = !li.multibyte || li.using_utf8;
  if (literal)
    {
      bool fixed = (!li.multibyte
                    ? !(p->n == 1 && word)
                    : (usable && all_chars (&li, p, char_len)
                       && (!icase || all_chars (&li, p, icase_char_len))));
      if (!fixed)
        fixed_to_bre (p);
      *grep_fixed = fixed;
      return fixed;
    }
  /* grep 3.8 does this for two or more patterns; one pattern made of
     strings is faster here too ('grep -E "ERR_PTR|PTR_ERR"' on the tree
     of bench/corpus.sh, ROUNDS=5 bench/grep.sh on 2026-12-02: 0.65 s
     through the DFA, 0.59 s as strings; GNU grep 1.09 and 1.16 s).  */
  bool ere = syntax == ENGINE_SYNTAX_ERE;
  struct patterns *q = usable && p->n ? split_alternatives (p, ere) : NULL;
  if (!q)
    return false;
  if (!regex_to_fixed (&li, q, ere, icase))
    {
      cmdline_free_patterns (q);
      free (q);
      return false;
    }
  /* grep 3.8 takes two or more patterns free of alternations for
     strings (its try_fgrep_pattern); one pattern, or one cut at its
     bars here, its regex matcher searches.  */
  *grep_fixed = 1 < p->n && q->n == p->n;
  cmdline_free_patterns (p);
  *p = *q;
  free (q);
  return true;
}
