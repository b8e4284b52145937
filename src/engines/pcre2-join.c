/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* pcre2-join.c: the one pattern PCRE2 compiles (see pcre2-join.h).
   grep 3.8 -P takes -x to PCRE2_EXTRA_MATCH_LINE, which PCRE2 applies
   to the parsed pattern, after its leading (*VERB)s and whatever the
   pattern's text is; so do both applets.  grep 3.8's -w is a string
   wrapper, '(?<!\w)(?:' PATTERN ')(?!\w)' (PCRE2_EXTRA_MATCH_WORD is
   '\b(?:PATTERN)\b', which differs where the pattern starts or ends with
   a non-word character: 'grep -Pw @a' does not select 'b@a'), so
   '(*UCP)\w+' or '(?x)a #c' with -w is an error there: the grep applet
   keeps that, errors and all.  grab joins several patterns and wraps -w
   the same way, but keeps the first pattern's leading option verbs first
   and ends a pattern whose trailing \Q or (?x) comment would eat the
   closing parenthesis.  tests/grep/pcre-wrap.sh compares with grep.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c-ctype.h"
#include "quote.h"
#include "xalloc.h"
#include "xvasprintf.h"

#include "engines/pcre2-join.h"

/* How the joined pattern is written.  */
struct join_plan
{
  idx_t verbs;          /* bytes of the first pattern's leading option
                           verbs, moved in front of everything */
  bool word;            /* -w's lookarounds around the alternation */
  bool marks;           /* (*:I) after pattern I (pcre2_join_compile_marked) */
  char const *const *tail;  /* per pattern: what ends it before its
                               closing parenthesis (NULL: nothing) */
};

/* Append the pattern P of N bytes at D, escaped if LITERAL.  Return the
   end.  */
static char *
add_pattern (char *d, char const *p, idx_t n, bool literal)
{
  for (idx_t i = 0; i < n; i++)
    {
      unsigned char c = p[i];
      if (!literal || 0x80 <= c || c_isalnum (c))
        *d++ = c;
      else if (c == 0)
        d = (char *) memcpy (d, "\\x00", 4) + 4;
      else
        {
          *d++ = '\\';
          *d++ = c;
        }
    }
  return d;
}

/* PCRE2 10.42's start-of-pattern options (pcre2pattern(3), "Option
   settings at the start of a pattern"), without the ')' or the '='
   of those that take a number.  */
static char const *const option_verbs[] = {
  "UTF8", "UTF", "UCP", "NOTEMPTY", "NOTEMPTY_ATSTART", "NO_AUTO_POSSESS",
  "NO_DOTSTAR_ANCHOR", "NO_JIT", "NO_START_OPT", "CR", "LF", "CRLF", "ANY",
  "NUL", "ANYCRLF", "BSR_ANYCRLF", "BSR_UNICODE",
};
static char const *const limit_verbs[] = {
  "LIMIT_HEAP", "LIMIT_MATCH", "LIMIT_DEPTH", "LIMIT_RECURSION",
};

static bool
in_list (char const *const *list, idx_t n, char const *name, idx_t len)
{
  for (idx_t i = 0; i < n; i++)
    if (strlen (list[i]) == len && memcmp (list[i], name, len) == 0)
      return true;
  return false;
}

/* The length of the option settings that open the N-byte pattern P:
   '(*UCP)(*LIMIT_MATCH=10)...'.  Backtracking verbs ('(*FAIL)',
   '(*ACCEPT)') are not among them: they mean something where they are.  */
static idx_t
leading_verbs (char const *p, idx_t n)
{
  idx_t i = 0;
  while (i + 2 < n && p[i] == '(' && p[i + 1] == '*')
    {
      idx_t j = i + 2;
      while (j < n && (c_isupper (p[j]) || c_isdigit (p[j]) || p[j] == '_'))
        j++;
      char const *name = p + i + 2;
      idx_t len = j - (i + 2);
      if (j < n && p[j] == '='
          && in_list (limit_verbs, sizeof limit_verbs / sizeof *limit_verbs,
                      name, len))
        {
          for (j++; j < n && c_isdigit (p[j]); j++)
            continue;
        }
      else if (!in_list (option_verbs,
                         sizeof option_verbs / sizeof *option_verbs,
                         name, len))
        break;
      if (!(j < n && p[j] == ')'))
        break;
      i = j + 1;
    }
  return i;
}

/* PAT's patterns joined as PLAN says.  Set *LEN.  */
static char *
join (struct engine_pattern const *pat, struct join_plan const *plan,
      idx_t *len)
{
  idx_t size = 64;
  for (idx_t i = 0; i < pat->n; i++)
    size += 4 * pat->lens[i] + 16 + (plan->marks ? 32 : 0);
  char *buf = xmalloc (size);
  char *d = mempcpy (buf, pat->pats[0], plan->verbs);
  if (plan->word)
    d = stpcpy (d, "(?<!\\w)(?:");
  for (idx_t i = 0; i < pat->n; i++)
    {
      idx_t skip = i ? 0 : plan->verbs;
      if (1 < pat->n)
        d = stpcpy (d, i ? "|(?:" : "(?:");
      d = add_pattern (d, pat->pats[i] + skip, pat->lens[i] - skip,
                       pat->literal);
      if (plan->tail && plan->tail[i])
        d = stpcpy (d, plan->tail[i]);
      if (1 < pat->n)
        *d++ = ')';
      if (plan->marks)
        d += sprintf (d, "(*:%td)", i);
    }
  if (plan->word)
    d = stpcpy (d, ")(?!\\w)");
  *len = d - buf;
  return buf;
}

/* Whether the N-byte pattern P, after the option verbs VERBS (of VLEN
   bytes) and in a group ended by TAIL, compiles with OPTS and CC.  */
static bool
compiles_grouped (char const *verbs, idx_t vlen, char const *p, idx_t n,
                  char const *tail, uint32_t opts, pcre2_compile_context *cc)
{
  char *s = xmalloc (vlen + n + strlen (tail) + 8);
  char *d = mempcpy (s, verbs, vlen);
  d = stpcpy (d, "(?:");
  d = mempcpy (d, p, n);
  d = stpcpy (d, tail);
  d = stpcpy (d, ")");
  int code;
  PCRE2_SIZE off;
  pcre2_code *c = pcre2_compile ((PCRE2_SPTR) s, d - s, opts, &code, &off,
                                 cc);
  free (s);
  pcre2_code_free (c);
  return !!c;
}

/* What must end pattern I of PAT (after PLAN's verbs if I is 0) for it
   to mean in a group what it means alone: nothing; '\E' if it ends in
   an unfinished \Q (PCRE2 takes the rest of the pattern, ')' and all,
   for the quoted string); '\E' and a newline if it ends in a comment
   of (?x) mode, which only a newline ends (and which (?x) mode then
   ignores).  Only for a pattern that compiles alone: appending '\E' to
   one that ends in a lone backslash would make it compile.  */
static char const *
tail_needed (struct engine_pattern const *pat, struct join_plan const *plan,
             idx_t i, uint32_t opts, pcre2_compile_context *cc)
{
  idx_t skip = i ? 0 : plan->verbs;
  char const *p = pat->pats[i] + skip;
  idx_t n = pat->lens[i] - skip;
  static char const *const tails[] = { "", "\\E", "\\E\n" };
  for (int t = 0; t < sizeof tails / sizeof *tails; t++)
    if (compiles_grouped (pat->pats[0], skip, p, n, tails[t], opts, cc))
      return t ? tails[t] : NULL;
  return NULL;
}

/* pcre2_join_compile, with marks if MARKS.  */
static pcre2_code *
join_compile (struct engine_pattern const *pat, bool marks, uint32_t opts,
              pcre2_compile_context *cc, int *code, PCRE2_SIZE *off,
              char **re, idx_t *len)
{
  struct join_plan plan = { .word = pat->word && !pat->line,
                            .marks = marks };
  bool wraps = plan.word || 1 < pat->n;
  bool mend = wraps && !pat->literal && !(plan.word && pat->word_as_grep);
  if (mend)
    plan.verbs = leading_verbs (pat->pats[0], pat->lens[0]);
  uint32_t extra = pat->line ? PCRE2_EXTRA_MATCH_LINE : 0;
  pcre2_set_compile_extra_options (cc, extra);
  *re = join (pat, &plan, len);
  pcre2_code *c = pcre2_compile ((PCRE2_SPTR) *re, *len, opts, code, off,
                                 cc);
  int code1;
  PCRE2_SIZE off1;
  if (c || !mend || 0 <= pcre2_join_first_bad (pat, opts, cc, &code1, &off1))
    {
      pcre2_set_compile_extra_options (cc, extra);
      return c;
    }

  /* Each pattern compiles alone but not joined: end those that need it
     (tests/grab/pcre-wrap.sh: '(?x)a #c' -w, and as one of two).  */
  char const **tail = xcalloc (pat->n, sizeof *tail);
  bool mended = false;
  pcre2_set_compile_extra_options (cc, 0);
  for (idx_t i = 0; i < pat->n; i++)
    mended |= !!(tail[i] = tail_needed (pat, &plan, i, opts, cc));
  pcre2_set_compile_extra_options (cc, extra);
  if (mended)
    {
      plan.tail = tail;
      idx_t len2;
      char *re2 = join (pat, &plan, &len2);
      c = pcre2_compile ((PCRE2_SPTR) re2, len2, opts, &code1, &off1, cc);
      free (re2);
    }
  free (tail);
  return c;
}

pcre2_code *
pcre2_join_compile (struct engine_pattern const *pat, uint32_t opts,
                    pcre2_compile_context *cc, int *code, PCRE2_SIZE *off,
                    char **re, idx_t *len)
{
  return join_compile (pat, false, opts, cc, code, off, re, len);
}

pcre2_code *
pcre2_join_compile_marked (struct engine_pattern const *pat, uint32_t opts,
                           pcre2_compile_context *cc)
{
  int code;
  PCRE2_SIZE off;
  char *re;
  idx_t len;
  pcre2_code *c = join_compile (pat, true, opts, cc, &code, &off, &re, &len);
  free (re);
  return c;
}

idx_t
pcre2_join_first_bad (struct engine_pattern const *pat, uint32_t opts,
                      pcre2_compile_context *cc, int *code, PCRE2_SIZE *off)
{
  pcre2_set_compile_extra_options (cc, 0);
  idx_t bad = -1;
  for (idx_t i = 0; bad < 0 && i < pat->n; i++)
    {
      struct engine_pattern one = *pat;
      one.pats += i;
      one.lens += i;
      one.n = 1;
      one.word = one.line = false;
      struct join_plan plan = { 0 };
      idx_t l1;
      char *r1 = join (&one, &plan, &l1);
      pcre2_code *c1 = pcre2_compile ((PCRE2_SPTR) r1, l1, opts, code, off,
                                      cc);
      free (r1);
      if (!c1)
        bad = i;
      pcre2_code_free (c1);
    }
  return bad;
}

/* PCRE2's message for CODE, naming PATTERN (PATLEN bytes) and OFFSET.  */
static char *
error_message (int code, char const *pattern, idx_t patlen, idx_t offset)
{
  PCRE2_UCHAR msg[256];
  pcre2_get_error_message (code, msg, sizeof msg);
  char *q = xmemdup (pattern, patlen + 1);
  q[patlen] = '\0';
  char *r = xasprintf ("%s: %s at offset %td", quote (q), (char *) msg,
                     (ptrdiff_t) offset);
  free (q);
  return r;
}

/* The message for patterns PAT that failed to compile (joined as RE,
   LEN bytes, with OPTS and CC) with CODE at offset OFF: which pattern is
   wrong, with an offset into it, found by compiling each alone; if all
   compile, the combination is what fails.  */
char *
pcre2_join_error (struct engine_pattern const *pat, uint32_t opts,
                  pcre2_compile_context *cc, int code, PCRE2_SIZE off,
                  char const *re, idx_t len)
{
  char *err = NULL;
  if (pat->bare_errors)
    {
      /* grep 3.8 -P prints PCRE's message alone.  */
      PCRE2_UCHAR msg[256];
      pcre2_get_error_message (code, msg, sizeof msg);
      err = xstrdup ((char *) msg);
    }
  idx_t bad = (err ? -1
               : pcre2_join_first_bad (pat, opts, cc, &code, &off));
  if (0 <= bad)
    err = error_message (code, pat->pats[bad], pat->lens[bad], off);
  if (!err)
    err = error_message (code, re, len, off);
  return err;
}
