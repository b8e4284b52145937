/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* pcre2-literal.c: required literals of PCRE2 patterns (see
   pcre2-literal.h).  The pattern is read as a top-level sequence: runs of
   places that nothing makes optional are required, each place a plain
   character's byte or a small class's bytes; the longest run of one-byte
   places is the literal, the longest run the byte-set sequence.  Anything
   we do not fully understand ends a run, and an alternation or an option
   change at the top level means there is no required literal; a
   top-level alternation of equal runs may still give a sequence.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "c-ctype.h"
#include "minmax.h"
#include "xalloc.h"

#include "engines/literal.h"
#include "engines/pcre2-literal.h"

/* Shortest literal worth a prefilter: PCRE2's JIT already looks for a
   pattern's first and required bytes on its own.  */
enum { LITERAL_MIN = 2 };

/* Whether the byte C means itself and its other ASCII case only, in a
   caseless pattern.  Bytes of non-ASCII characters do not: only ASCII
   case is easy to ignore.  In UTF mode, neither do 'k' and 's': they
   also match U+212A KELVIN SIGN and U+017F LATIN SMALL LETTER LONG S.
   They are the only ASCII letters that do in PCRE2 10.42: matching each
   letter with grep -P -i against every code point found those two.  */
static bool
plain_caseless (unsigned char c, bool utf8)
{
  return c < 0x80 && ! (utf8 && c && strchr ("kKsS", c));
}

/* The top-level sequence read so far: its places, each the set of bytes
   that can be there (one byte for a plain character or a class of one),
   and the best runs of places seen.  */
struct run
{
  struct byteseq_set *set;
  idx_t len, size;
  bool icase, utf8;             /* how the pattern is compiled */
  char *best;                   /* the longest run of one-byte places */
  idx_t best_len;
  struct byteseq_set *seq;      /* the longest run of places */
  idx_t seq_len;
  idx_t ends, places;           /* run_end calls, run_add_set calls */
};

/* Drop the last character of R (all its bytes, if it is multibyte).  */
static void
run_drop_char (struct run *r)
{
  while (0 < r->len && r->set[r->len - 1].n == 1
         && (r->set[r->len - 1].b[0] & 0xc0) == 0x80)
    r->len--;
  if (0 < r->len)
    r->len--;
}

static void
run_add_set (struct run *r, struct byteseq_set const *set)
{
  if (r->len == r->size)
    r->set = xpalloc (r->set, &r->size, 1, -1, sizeof *r->set);
  r->set[r->len++] = *set;
  r->places++;
}

static void
run_add (struct run *r, char c)
{
  struct byteseq_set set = { .n = 1, .b = { c } };
  run_add_set (r, &set);
}

/* SET as a caseless pattern matches it, in *OUT: each letter with its
   other case.  Return false if that is not sure (see plain_caseless) or
   does not fit.  */
static bool
caseless_set (struct byteseq_set const *set, bool utf8,
              struct byteseq_set *out)
{
  *out = (struct byteseq_set) { 0 };
  for (int i = 0; i < set->n; i++)
    {
      unsigned char c = set->b[i];
      if (! (plain_caseless (c, utf8) && byteseq_set_add (out, c_tolower (c))
             && byteseq_set_add (out, c_toupper (c))))
        return false;
    }
  return true;
}

/* End the current run, keeping its longest stretch of one-byte places as
   the best literal and its longest stretch of places as the best
   sequence, if they are longer than those so far.  Caseless, the
   sequence's sets take both cases and it stops at a place where that is
   not sure (the literal is cut later, by keep_caseless_run).  */
static void
run_end (struct run *r)
{
  r->ends++;
  for (idx_t i = 0; i < r->len; i++)
    {
      idx_t j = i;
      while (j < r->len && r->set[j].n == 1)
        j++;
      if (r->best_len < j - i)
        {
          free (r->best);
          r->best = xmalloc (j - i);
          for (idx_t k = i; k < j; k++)
            r->best[k - i] = r->set[k].b[0];
          r->best_len = j - i;
        }
      i = j;
    }
  for (idx_t i = 0; i < r->len; i++)
    {
      idx_t j = i;
      for (; j < r->len && r->icase; j++)
        {
          struct byteseq_set c;
          if (!caseless_set (&r->set[j], r->utf8, &c))
            break;
          r->set[j] = c;
        }
      if (!r->icase)
        j = r->len;
      if (r->seq_len < j - i)
        {
          free (r->seq);
          r->seq = xmemdup (r->set + i, (j - i) * sizeof *r->set);
          r->seq_len = j - i;
        }
      i = j;
    }
  r->len = 0;
}

/* If P[I] starts a quantifier, return the index after it (with any lazy
   '?' or possessive '+' suffix) and set *OPTIONAL if it lets the item
   before it be absent; else return I.  */
static idx_t
quantifier (char const *p, idx_t n, idx_t i, bool *optional)
{
  if (n <= i)
    return i;
  idx_t j;
  switch (p[i])
    {
    case '*': case '?':
      *optional = true;
      j = i + 1;
      break;
    case '+':
      *optional = false;
      j = i + 1;
      break;
    case '{':
      {
        /* {n}, {n,}, {n,m} (and {,m} in newer PCRE2); else a literal.  */
        j = i + 1;
        idx_t d0 = j;
        while (j < n && c_isdigit (p[j]))
          j++;
        bool min_zero = d0 == j || (j == d0 + 1 && p[d0] == '0');
        if (j < n && p[j] == ',')
          {
            j++;
            while (j < n && c_isdigit (p[j]))
              j++;
          }
        else if (d0 == j)
          return i;
        if (n <= j || p[j] != '}')
          return i;
        j++;
        *optional = min_zero;
      }
      break;
    default:
      return i;
    }
  if (j < n && (p[j] == '?' || p[j] == '+'))
    j++;
  return j;
}

/* The place just added to R (a plain byte or a class) may have a
   quantifier at P[I]: if so, deal with it and return the index after it;
   else return I.  */
static idx_t
run_quantified (struct run *r, char const *p, idx_t n, idx_t i)
{
  bool optional = false;
  idx_t after = quantifier (p, n, i, &optional);
  if (after != i)
    {
      /* The place is repeated: what comes before reaches its first copy
         and what follows starts at its last, so a new run starts with it
         (a multibyte character just ends the run).  */
      struct byteseq_set last = r->set[r->len - 1];
      if (optional)
        run_drop_char (r);
      run_end (r);
      if (!optional && ! (last.n == 1 && 0x80 <= last.b[0]))
        run_add_set (r, &last);
    }
  return after;
}

/* Read the class member at P[*J] (before P[N]) into *C and step over it:
   an ASCII byte that means itself, or punctuation escaped.  Return false
   for anything else ('[:alpha:]', '\d', '\x41', non-ASCII bytes).  */
static bool
class_member (char const *p, idx_t n, idx_t *j, unsigned char *c)
{
  unsigned char b = p[*j];
  idx_t step = 1;
  if (b == '\\')
    {
      if (n <= *j + 1 || !c_ispunct (p[*j + 1]))
        return false;
      b = p[*j + 1];
      step = 2;
    }
  else if (b == '[' || 0x80 <= b)
    return false;
  *c = b;
  *j += step;
  return true;
}

/* If P[I] ('[') starts a class of at most BYTESEQ_SET_MAX bytes written
   plainly (class_member bytes and ranges of them), put them in *SET and
   return the index after the class; else return -1.  Negated classes,
   and a '-' right after a range, are left to skip_nested.  */
static idx_t
class_set (char const *p, idx_t n, idx_t i, struct byteseq_set *set)
{
  *set = (struct byteseq_set) { 0 };
  idx_t j = i + 1;
  if (j < n && p[j] == '^')
    return -1;
  for (bool first = true; j < n; first = false)
    {
      if (p[j] == ']' && !first)
        return set->n ? j + 1 : -1;
      unsigned char lo, hi;
      if (!class_member (p, n, &j, &lo))
        return -1;
      hi = lo;
      if (j + 1 < n && p[j] == '-' && p[j + 1] != ']')
        {
          j++;
          if (!class_member (p, n, &j, &hi) || hi < lo
              || (j < n && p[j] == '-'))
            return -1;
        }
      for (int b = lo; b <= hi; b++)
        if (!byteseq_set_add (set, b))
          return -1;
    }
  return -1;
}

/* The index after the quoted text '\\Q...\\E' that starts at P[I], or N
   if it does not end.  */
static idx_t
skip_quoted (char const *p, idx_t n, idx_t i)
{
  for (i += 2; i + 1 < n; i++)
    if (p[i] == '\\' && p[i + 1] == 'E')
      return i + 2;
  return n;
}

/* The index after the group or class that starts at P[I] ('(' or '['),
   or N if it does not end.  */
static idx_t
skip_nested (char const *p, idx_t n, idx_t i)
{
  int depth = 0;
  bool in_class = false;
  for (; i < n; i++)
    {
      char c = p[i];
      if (c == '\\')
        {
          if (i + 1 < n && p[i + 1] == 'Q')
            i = skip_quoted (p, n, i) - 1;
          else
            i++;
          continue;
        }
      if (in_class)
        {
          if (c == ']')
            {
              in_class = false;
              if (depth == 0)
                return i + 1;
            }
          else if (c == '[' && i + 1 < n && p[i + 1] == ':')
            {
              char const *e = strstr (p + i + 2, ":]");
              if (e && e < p + n)
                i = e + 1 - p;
            }
          continue;
        }
      if (c == '[')
        {
          in_class = true;
          if (i + 1 < n && p[i + 1] == '^')
            i++;
          if (i + 1 < n && p[i + 1] == ']')
            i++;
          if (depth == 0)
            continue;
        }
      else if (c == '(')
        depth++;
      else if (c == ')')
        depth--;
      if (depth == 0 && !in_class)
        return i + 1;
    }
  return n;
}

/* Read the top-level sequence of P into R's runs.  Return false if the
   pattern has no required literal (a top-level alternation, an option
   change, or something not understood).  */
static bool
scan (char const *p, idx_t n, struct run *r)
{
  for (idx_t i = 0; i < n; )
    {
      char c = p[i];
      bool optional = false;
      switch (c)
        {
        case '|':
          return false;
        case ')':
          /* Unmatched: the pattern is one of several joined, which
             compile only together ('foo)(' is '(?:foo)()' beside
             another: the fuzz target grab-search found a literal taken
             from it, ')(', that no line holds).  */
          return false;
        case '(':
          if (i + 2 < n && p[i + 1] == '?'
              && (c_isalpha (p[i + 2]) || p[i + 2] == '-' || p[i + 2] == '^')
              && p[i + 2] != 'P')
            return false;   /* (?i) and friends */
          if (i + 1 < n && p[i + 1] == '*')
            return false;   /* (*VERB) */
          run_end (r);
          i = quantifier (p, n, skip_nested (p, n, i), &optional);
          continue;
        case '[':
          {
            struct byteseq_set set;
            idx_t after = class_set (p, n, i, &set);
            if (after < 0)
              {
                run_end (r);
                i = quantifier (p, n, skip_nested (p, n, i), &optional);
              }
            else
              {
                run_add_set (r, &set);
                i = run_quantified (r, p, n, after);
              }
            continue;
          }
        case '.': case '^': case '$':
          run_end (r);
          i = quantifier (p, n, i + 1, &optional);
          continue;
        case '*': case '+': case '?':
          run_end (r);
          i++;
          continue;
        case '{':
          if (quantifier (p, n, i, &optional) != i)
            {
              run_end (r);
              i = quantifier (p, n, i, &optional);
              continue;
            }
          i++;
          break;
        case '\\':
          {
            if (n <= i + 1)
              return false;
            char e = p[i + 1];
            if (e == 'Q')
              {
                idx_t k = i + 2;
                for (; k < n && !(p[k] == '\\' && k + 1 < n
                                  && p[k + 1] == 'E'); k++)
                  run_add (r, p[k]);
                i = k + 2;
                if (n < i)
                  i = n;
                /* A quantifier after \E applies to the last character. */
                idx_t after = quantifier (p, n, i, &optional);
                if (after != i)
                  {
                    if (optional)
                      run_drop_char (r);
                    run_end (r);
                    i = after;
                  }
                continue;
              }
            if (c_isalnum (e) || (unsigned char) e < 0x20
                || 0x80 <= (unsigned char) e)
              {
                /* Classes, anchors, back references, character codes:
                   none is a plain byte we can rely on.  Escapes with
                   arguments (\x{41}, \p{L}, \g{1}, \k<n>, \cX, \12)
                   would leave text that is not literal: give up.  */
                run_end (r);
                if (e == 'x' || e == 'o' || e == 'p' || e == 'P'
                    || e == 'N' || e == 'g' || e == 'k' || e == 'c'
                    || c_isdigit (e))
                  return false;
                i = quantifier (p, n, i + 2, &optional);
                continue;
              }
            c = e;
            i += 2;
          }
          break;
        default:
          i++;
          break;
        }
      run_add (r, c);
      i = run_quantified (r, p, n, i);
    }
  run_end (r);
  return true;
}

/* Cut R's best literal to its longest part of plain_caseless bytes: any
   part of a required literal is required too.  */
static void
keep_caseless_run (struct run *r, bool utf8)
{
  idx_t best = 0, best_len = 0;
  for (idx_t i = 0; i < r->best_len; )
    {
      idx_t j = i;
      while (j < r->best_len && plain_caseless (r->best[j], utf8))
        j++;
      if (best_len < j - i)
        {
          best = i;
          best_len = j - i;
        }
      i = j + 1;
    }
  if (best_len)
    memmove (r->best, r->best + best, best_len);
  r->best_len = best_len;
}

/* The index after the option settings that start P[0..N) ('(?i)',
   '(?s-i)', '(?^i)'), the case bit they leave in *ICASE.  Set there,
   options hold for the whole pattern, every top-level branch included:
   '(?i)pm_resume' is how grab users write -i.  A setting this does not
   understand (x and xx change what a space means; (?i:...) is a group)
   is left where it is, for scan to refuse.  Without this, '(?i)pm_resume'
   had no prefilter: grab -r -n 2 on the Linux tree in C.UTF-8 took 0.400
   s where -i pm_resume took 0.284 (bench/grab.sh and bench/grep.sh,
   2026-12-07).  */
static idx_t
leading_options (char const *p, idx_t n, bool *icase)
{
  idx_t i = 0;
  while (i + 2 < n && p[i] == '(' && p[i + 1] == '?')
    {
      idx_t j = i + 2;
      bool on = true, ic = *icase;
      if (p[j] == '^')
        {
          ic = false;
          j++;
        }
      for (; j < n && p[j] != ')'; j++)
        if (p[j] == '-')
          on = false;
        else if (p[j] == 'i')
          ic = on;
        else if (!strchr ("msnUJ", p[j]) || !p[j])
          return i;
      if (n <= j)
        return i;
      *icase = ic;
      i = j + 1;
    }
  return i;
}

/* Move *P and *N past the leading option settings of the pattern they
   hold, leaving their case bit in *ICASE (leading_options).  */
static void
skip_options (char const **p, idx_t *n, bool *icase)
{
  idx_t skip = leading_options (*p, *n, icase);
  *p += skip;
  *n -= skip;
}

/* As pcre2_required_literal, with a literal of at least MIN bytes.  */
static bool
required_literal (char const *p, idx_t n, bool literal, bool icase,
                  bool utf8, struct literal *l, idx_t min)
{
  bool ok = true;
  if (!literal)
    skip_options (&p, &n, &icase);
  struct run r = { .icase = icase, .utf8 = utf8 };
  if (literal)
    {
      r.best = xmemdup (p, n ? n : 1);
      r.best_len = n;
    }
  else
    ok = scan (p, n, &r);
  free (r.set);
  free (r.seq);
  if (ok && icase)
    keep_caseless_run (&r, utf8);
  *l = (struct literal) { .bytes = r.best, .len = r.best_len,
                          .icase = icase };
  ok = ok && min <= l->len;
  if (ok)
    literal_set_rare (l);
  else
    literal_free (l);
  return ok;
}

bool
pcre2_required_literal (char const *p, idx_t n, bool literal, bool icase,
                        bool utf8, struct literal *l)
{
  return required_literal (p, n, literal, icase, utf8, l, LITERAL_MIN);
}

bool
pcre2_required_byte (char const *p, idx_t n, bool icase, bool utf8,
                     struct literal *l)
{
  return required_literal (p, n, false, icase, utf8, l, 1);
}

/* The index of the first top-level '|' of P[I..N), or N.  */
static idx_t
next_branch (char const *p, idx_t n, idx_t i)
{
  while (i < n && p[i] != '|')
    if (p[i] == '(' || p[i] == '[')
      i = skip_nested (p, n, i);
    else if (p[i] == '\\' && i + 1 < n && p[i + 1] == 'Q')
      i = skip_quoted (p, n, i);
    else
      i += p[i] == '\\' ? 2 : 1;
  return i < n ? i : n;
}

/* The sequence every match of the top-level alternation P[0..N) holds,
   into R->seq: when each branch is one run of places from its start to
   its end, all of the same length, the union of the branches' sets at
   each place ('ERR_PTR|PTR_ERR': [EP][RT]R_[PE][TR]R), if each union fits
   in a set.  Return false if there is none.  PCRE2's JIT stops at every
   E and P there: grab -n 1 -c on the 1.1 GiB bench file took 0.121 s with
   the sequence, 0.167 without (7 rotated rounds, 2026-12-03); the Linux
   tree, -n 2, 9 rounds: 0.282 s against 0.293 (rg -j2 0.338).  */
static bool
scan_branches (char const *p, idx_t n, struct run *r)
{
  for (idx_t i = 0; i <= n; )
    {
      idx_t e = next_branch (p, n, i);
      struct run b = { .icase = r->icase, .utf8 = r->utf8 };
      bool whole = (scan (p + i, e - i, &b) && b.ends == 1
                    && 0 < b.places && b.seq_len == b.places
                    && (i == 0 || b.seq_len == r->seq_len));
      for (idx_t k = 0; whole && i && k < b.seq_len; k++)
        for (int m = 0; whole && m < b.seq[k].n; m++)
          whole = byteseq_set_add (&r->seq[k], b.seq[k].b[m]);
      if (whole && i == 0)
        {
          r->seq = b.seq;
          r->seq_len = b.seq_len;
          b.seq = NULL;
        }
      free (b.set);
      free (b.best);
      free (b.seq);
      if (!whole)
        return false;
      i = e + 1;
    }
  return true;
}

bool
pcre2_required_byteseq (char const *p, idx_t n, bool icase, bool utf8,
                        struct byteseq *s)
{
  skip_options (&p, &n, &icase);
  struct run r = { .icase = icase, .utf8 = utf8 };
  bool ok = (next_branch (p, n, 0) < n ? scan_branches (p, n, &r)
             : scan (p, n, &r));
  free (r.set);
  free (r.best);
  *s = (struct byteseq) { .set = r.seq, .len = r.seq_len };
  ok = ok && LITERAL_MIN <= s->len;
  if (ok)
    byteseq_prepare (s, literal_byte_rank);
  else
    byteseq_free (s);
  return ok;
}
