/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* pcre2-scope.c: a conservative reading of PCRE2 pattern syntax that
   decides whether a pattern may be matched over many lines at once (see
   pcre2-scope.h).  Anything it does not understand makes the answer
   SCOPE_LINE, which is always correct, only slower.  */

#include <config.h>

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "c-ctype.h"

#include "engines/pcre2-scope.h"

/* Nesting deeper than this is read as SCOPE_LINE.  */
enum { MAX_DEPTH = 250 };

struct scan
{
  char const *p;
  idx_t n;
  enum pcre2_scope scope;
  bool dotall;            /* an 's' option was seen: '.' may match \n */
  bool atomic;            /* an atomic group, possessive quantifier, \R
                             or \X was seen */
  int depth;              /* open groups */
  int looks;              /* open groups that are lookaround assertions */
  bool look[MAX_DEPTH];   /* whether each open group is one */
};

/* A consuming element that may match a newline.  Inside a lookaround it
   could see past the line, so only line-by-line matching is right.  */
static void
may_match_newline (struct scan *s)
{
  if (s->looks)
    s->scope = SCOPE_LINE;
  else if (s->scope == SCOPE_BUFFER)
    s->scope = SCOPE_SPAN;
}

enum esc
{
  E_CHAR,   /* one character, its code in *VAL */
  E_SAFE,   /* cannot match a newline: \d \w \h \V \N \b, backrefs */
  E_NL,     /* may match a newline: \s \v \R \S \D \W \H \X \C \p \P */
  E_LINE,   /* depends on the subject's bounds, or not understood */
  E_QUOTE,  /* \Q: literal text up to \E */
  E_NOP     /* \E */
};

static bool
is_oct (char c)
{
  return '0' <= c && c <= '7';
}

/* Skip from P[I] (an opening bracket B) to just past its closer E.
   Return the index after it, or N if there is none.  */
static idx_t
skip_to (char const *p, idx_t n, idx_t i, char e)
{
  char const *q = memchr (p + i, e, n - i);
  return q ? q - p + 1 : n;
}

/* Parse the number in P[I..] in base BASE, up to MAXD digits (0: to a
   closing brace).  Set *VAL and return the index after it.  */
static idx_t
number (char const *p, idx_t n, idx_t i, int base, int maxd, uint32_t *val)
{
  uint32_t v = 0;
  int d = 0;
  for (; i < n && (maxd == 0 || d < maxd); i++, d++)
    {
      int dv;
      char c = p[i];
      if (c_isdigit (c))
        dv = c - '0';
      else if (base == 16 && c_isxdigit (c))
        dv = c_tolower (c) - 'a' + 10;
      else
        break;
      if (base <= dv)
        break;
      v = v < 0x1000000 ? v * base + dv : v;
    }
  *val = v;
  return i;
}

/* The escapes that hold a number at P[I] == '\\' (C: the letter or
   digit after it): \N{U+hh}, \x, \o{}, octal \0, and \1..\9 (a back
   reference outside a class).  As escape.  */
static enum esc
number_escape (char const *p, idx_t n, idx_t i, unsigned char c,
               bool in_class, idx_t *len, uint32_t *val)
{
  idx_t j = i + 2;
  switch (c)
    {
    case 'N':
      if (j < n && p[j] == '{')
        {
          if (j + 2 < n && p[j + 1] == 'U' && p[j + 2] == '+')
            {
              idx_t k = number (p, n, j + 3, 16, 0, val);
              if (k < n && p[k] == '}')
                {
                  *len = k + 1 - i;
                  return E_CHAR;
                }
            }
          return E_LINE;
        }
      return in_class ? E_LINE : E_SAFE;
    case 'x':
      if (j < n && p[j] == '{')
        {
          idx_t k = number (p, n, j + 1, 16, 0, val);
          if (n <= k || p[k] != '}')
            return E_LINE;
          *len = k + 1 - i;
        }
      else
        *len = number (p, n, j, 16, 2, val) - i;
      return E_CHAR;
    case 'o':
      if (j < n && p[j] == '{')
        {
          idx_t k = number (p, n, j + 1, 8, 0, val);
          if (n <= k || p[k] != '}')
            return E_LINE;
          *len = k + 1 - i;
          return E_CHAR;
        }
      return E_LINE;
    case '0':
      *len = number (p, n, i + 1, 8, 3, val) - i;
      return E_CHAR;
    case '1': case '2': case '3': case '4': case '5': case '6': case '7':
    case '8': case '9':
      /* \1 is a back reference outside a class, an octal escape inside;
         longer numbers may be either: do not guess.  */
      if (j < n && c_isdigit (p[j]))
        return E_LINE;
      if (!in_class)
        return E_SAFE;
      *val = is_oct (c) ? (uint32_t) (c - '0') : c;
      return E_CHAR;
    default:
      return E_LINE;
    }
}

/* The group references \g and \k at P[I] == '\\' (C their letter).  As
   escape.  */
static enum esc
reference_escape (char const *p, idx_t n, idx_t i, unsigned char c,
                  bool in_class, idx_t *len)
{
  idx_t j = i + 2;
  switch (c)
    {
    case 'g':
      if (in_class || n <= j)
        return E_LINE;
      if (p[j] == '{')
        {
          *len = skip_to (p, n, j, '}') - i;
          return E_SAFE;
        }
      if (p[j] == '+' || p[j] == '-' || c_isdigit (p[j]))
        {
          idx_t k = j + (p[j] == '+' || p[j] == '-');
          uint32_t ignored;
          *len = number (p, n, k, 10, 0, &ignored) - i;
          return E_SAFE;
        }
      return E_LINE;  /* \g<name>: a subroutine call */
    case 'k':
      if (in_class || n <= j)
        return E_LINE;
      if (p[j] == '<')
        *len = skip_to (p, n, j, '>') - i;
      else if (p[j] == '\'')
        *len = skip_to (p, n, j + 1, '\'') - i;
      else if (p[j] == '{')
        *len = skip_to (p, n, j, '}') - i;
      else
        return E_LINE;
      return E_SAFE;
    default:
      return E_LINE;
    }
}

/* Read the escape sequence at P[I] == '\\'.  Set *LEN to its length and,
   for E_CHAR, *VAL to the character.  IN_CLASS: inside [...].  */
static enum esc
escape (char const *p, idx_t n, idx_t i, bool in_class, idx_t *len,
        uint32_t *val)
{
  *len = 2;
  if (n <= i + 1)
    {
      *len = 1;
      return E_LINE;
    }
  unsigned char c = p[i + 1];
  idx_t j = i + 2;
  switch (c)
    {
    case 'n': *val = '\n'; return E_CHAR;
    case 't': *val = '\t'; return E_CHAR;
    case 'r': *val = '\r'; return E_CHAR;
    case 'f': *val = '\f'; return E_CHAR;
    case 'e': *val = 033; return E_CHAR;
    case 'a': *val = 07; return E_CHAR;
    case 'b':
      if (in_class)
        {
          *val = '\b';
          return E_CHAR;
        }
      return E_SAFE;
    case 'B':
      return in_class ? E_LINE : E_SAFE;
    case 'd': case 'w': case 'h': case 'V':
      return E_SAFE;
    case 'N': case 'x': case 'o': case '0': case '1': case '2': case '3':
    case '4': case '5': case '6': case '7': case '8': case '9':
      return number_escape (p, n, i, c, in_class, len, val);
    case 's': case 'S': case 'v': case 'D': case 'W': case 'H':
    case 'R': case 'X': case 'C':
      return E_NL;
    case 'p': case 'P':
      if (j < n && p[j] == '{')
        *len = skip_to (p, n, j, '}') - i;
      else
        *len = 3;
      return E_NL;
    case 'A': case 'Z': case 'z': case 'G': case 'K':
      return E_LINE;
    case 'Q':
      return E_QUOTE;
    case 'E':
      return E_NOP;
    case 'c':
      if (n <= j)
        return E_LINE;
      *val = c_toupper (p[j]) ^ 0x40;
      *len = 3;
      return E_CHAR;
    case 'g': case 'k':
      return reference_escape (p, n, i, c, in_class, len);
    default:
      if (c_isalnum (c))
        return E_LINE;
      *val = c;
      return E_CHAR;
    }
}

/* Whether a class may match a newline, as far as we know.  */
enum has { HAS_NO, HAS_MAYBE, HAS_YES };

static enum has
more (enum has a, enum has b)
{
  return a < b ? b : a;
}

/* One endpoint of a class member at P[*J]: a character (*VAL) or not.
   Advance *J.  Return false if the member is not a single character, and
   then set *WHAT to what it adds to the class.  */
static bool
class_char (char const *p, idx_t n, idx_t *j, uint32_t *val, enum has *what)
{
  if (p[*j] != '\\')
    {
      *val = (unsigned char) p[*j];
      *j += 1;
      return true;
    }
  idx_t len;
  enum esc e = escape (p, n, *j, true, &len, val);
  *j += len;
  switch (e)
    {
    case E_CHAR:
      return true;
    case E_SAFE:
    case E_NOP:
      *what = HAS_NO;
      return false;
    case E_NL:
      /* \s \v \S \D \W \H all contain the newline; \p may.  */
      *what = (p[*j - len + 1] == 'p' || p[*j - len + 1] == 'P'
               ? HAS_MAYBE : HAS_YES);
      return false;
    default:
      *what = HAS_MAYBE;
      return false;
    }
}

/* Read the class starting at P[I] == '['.  Return the index after it.  */
static idx_t
scan_class (struct scan *s, idx_t i)
{
  char const *p = s->p;
  idx_t n = s->n;
  idx_t j = i + 1;
  bool negated = j < n && p[j] == '^';
  j += negated;
  enum has has = HAS_NO;
  for (bool first = true; ; first = false)
    {
      if (n <= j)
        {
          s->scope = SCOPE_LINE;
          return n;
        }
      if (p[j] == ']' && !first)
        {
          j++;
          break;
        }
      if (p[j] == '[' && j + 1 < n && p[j + 1] == ':')
        {
          char const *end = memchr (p + j + 2, ':', n - (j + 2));
          if (!end || end + 1 == p + n || end[1] != ']')
            {
              s->scope = SCOPE_LINE;
              return n;
            }
          idx_t namelen = end - (p + j + 2);
          char const *name = p + j + 2;
          static char const *const safe[] = {
            "alnum", "alpha", "blank", "digit", "graph", "lower", "print",
            "punct", "upper", "word", "xdigit", NULL
          };
          enum has h = HAS_YES;  /* space, cntrl, ascii, and the unknown */
          for (char const *const *q = safe; *q; q++)
            if (strlen (*q) == (size_t) namelen
                && memcmp (*q, name, namelen) == 0)
              h = HAS_NO;
          if (namelen && name[0] == '^')
            h = HAS_MAYBE;
          has = more (has, h);
          j = end + 2 - p;
          continue;
        }
      if (p[j] == '\\' && j + 1 < n && p[j + 1] == 'Q')
        {
          /* Quoted literal text: no newline can be in it.  */
          char const *e = NULL;
          for (idx_t k = j + 2; k + 1 < n && !e; k++)
            if (p[k] == '\\' && p[k + 1] == 'E')
              e = p + k;
          j = e ? e + 2 - p : n;
          continue;
        }
      uint32_t lo, hi;
      enum has what;
      if (!class_char (p, n, &j, &lo, &what))
        {
          has = more (has, what);
          continue;
        }
      if (j + 1 < n && p[j] == '-' && p[j + 1] != ']')
        {
          j++;
          if (!class_char (p, n, &j, &hi, &what))
            {
              has = more (has, HAS_MAYBE);
              continue;
            }
          if (lo <= '\n' && '\n' <= hi)
            has = HAS_YES;
        }
      else if (lo == '\n')
        has = HAS_YES;
    }
  bool matches_newline = negated ? has != HAS_YES : has != HAS_NO;
  if (matches_newline)
    may_match_newline (s);
  return j;
}

static idx_t
push (struct scan *s, bool lookaround, idx_t next)
{
  if (s->depth == MAX_DEPTH)
    {
      s->scope = SCOPE_LINE;
      return s->n;
    }
  s->look[s->depth++] = lookaround;
  s->looks += lookaround;
  return next;
}

/* Read the opening of a group at P[I] == '('.  Return where to go on.  */
static idx_t
open_group (struct scan *s, idx_t i)
{
  char const *p = s->p;
  idx_t n = s->n;
  if (n <= i + 1 || p[i + 1] == '*')
    {
      /* Backtracking verbs like (*COMMIT) can stop a whole-buffer match
         early; (*UTF), (*CR) and friends change the rules.  */
      s->scope = SCOPE_LINE;
      return n;
    }
  if (p[i + 1] != '?')
    return push (s, false, i + 1);
  if (n <= i + 2)
    {
      s->scope = SCOPE_LINE;
      return n;
    }
  char c = p[i + 2];
  switch (c)
    {
    case '#':
      return skip_to (p, n, i + 2, ')');
    case '>':
      s->atomic = true;
      return push (s, false, i + 3);
    case ':': case '|':
      return push (s, false, i + 3);
    case '=': case '!':
      return push (s, true, i + 3);
    case '<':
      if (i + 3 < n && (p[i + 3] == '=' || p[i + 3] == '!'))
        return push (s, true, i + 4);
      if (i + 3 < n && p[i + 3] == '*')
        break;
      return push (s, false, skip_to (p, n, i + 3, '>'));
    case '\'':
      return push (s, false, skip_to (p, n, i + 3, '\''));
    case 'P':
      if (i + 3 < n && p[i + 3] == '<')
        return push (s, false, skip_to (p, n, i + 3, '>'));
      if (i + 3 < n && p[i + 3] == '=')
        return skip_to (p, n, i + 3, ')');   /* a back reference */
      break;
    default:
      {
        /* Option settings: (?i) (?i:...) (?-i) and the like.  */
        idx_t j = i + 2;
        for (; j < n && (c_isalpha (p[j]) || p[j] == '-'); j++)
          switch (p[j])
            {
            case 'i': case 'J': case 'U': case 'n': case '-':
              break;
            case 's':
              s->dotall = true;
              break;
            default:
              /* m and ^ change what ^ and $ mean, x how we must read the
                 pattern; other letters we do not know.  */
              s->scope = SCOPE_LINE;
              return n;
            }
        if (j < n && p[j] == ')' && i + 2 < j)
          return j + 1;
        if (j < n && p[j] == ':' && i + 2 < j)
          return push (s, false, j + 1);
      }
      break;
    }
  /* Conditions, recursion, callouts, non-atomic lookaround...  */
  s->scope = SCOPE_LINE;
  return n;
}

enum pcre2_scope
pcre2_pattern_scope (char const *p, idx_t n)
{
  struct scan s = { .p = p, .n = n, .scope = SCOPE_BUFFER };
  idx_t i = 0;
  idx_t last_quant = -2;  /* where the last '*', '+', '?' or '}' was */
  while (i < n && s.scope != SCOPE_LINE)
    switch (p[i])
      {
      case '\\':
        {
          idx_t len;
          uint32_t val;
          switch (escape (p, n, i, false, &len, &val))
            {
            case E_CHAR:
              if (val == '\n')
                may_match_newline (&s);
              break;
            case E_NL:
              may_match_newline (&s);
              if (p[i + 1] == 'R' || p[i + 1] == 'X')
                s.atomic = true;   /* both never give back a \r\n */
              break;
            case E_LINE:
              s.scope = SCOPE_LINE;
              break;
            case E_QUOTE:
              {
                char const *e = NULL;
                for (idx_t k = i + 2; k + 1 < n && !e; k++)
                  if (p[k] == '\\' && p[k + 1] == 'E')
                    e = p + k;
                len = (e ? e + 2 - p : n) - i;
              }
              break;
            case E_SAFE:
            case E_NOP:
              break;
            }
          i += len;
        }
        break;
      case '[':
        i = scan_class (&s, i);
        break;
      case '.':
        if (s.dotall)
          may_match_newline (&s);
        i++;
        break;
      case '(':
        i = open_group (&s, i);
        break;
      case ')':
        if (s.depth)
          s.looks -= s.look[--s.depth];
        i++;
        break;
      case '\n':
        may_match_newline (&s);
        i++;
        break;
      case '+':
        /* A '+' right after a quantifier makes it possessive.  */
        if (i == last_quant + 1)
          s.atomic = true;
        last_quant = i++;
        break;
      case '*': case '?': case '}':
        last_quant = i++;
        break;
      default:
        i++;
        break;
      }

  /* An atomic part that takes a newline in a buffer never gives it back,
     so what follows may fail there where the line alone matches: with
     'foo bar\r\nx', '(?<!\w)(?:bar\R)(?!\w)' matches the line 'foo bar\r'
     (\R takes the \r) but not the buffer (\R takes \r\n, then sees 'x').
     The leftmost buffer match may then be later than the leftmost line
     match, which SCOPE_SPAN relies on; tests/grab/line-scope.sh.  */
  if (s.scope == SCOPE_SPAN && s.atomic)
    s.scope = SCOPE_LINE;
  return s.scope;
}
