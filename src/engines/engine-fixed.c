/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* engine-fixed.c: grep's string matcher, for -F and for several -G/-E
   patterns that are all plain strings (grep-keys.c decides, with grep
   3.8's rules): GNU grep's kwsearch.c semantics on a matcher of our own.

   - The strings, case-folded byte by byte with the locale's toupper for
     -i (as grep's kwset translation table), go into a trie.  A match is a
     place where the trie's walk over the folded text reaches a string's
     end, within one line.
   - Candidates come from a memchr for the rarest byte of each of a few
     strings (literal.c), the Wu-Manber
     set of litset.c (every string 4 bytes or more, and folding that is
     ASCII's), or else a scan for the bytes that start strings.  Each is
     confirmed by the trie.
   - A line is selected by any match; with -x by being one of the strings
     whole; with -w by a match with no word constituent before it or
     after it, trying the longest match at each place first, then shorter
     ones, then later places (Fexecute's walk).  find reports the leftmost
     such match, the longest at its place.

   grep-keys.c sends here only what grep's own kwset would take in this
   locale: unibyte locales, or UTF-8 with patterns free of encoding
   errors (and with -i, of characters that fold to multibyte ones), so
   byte folding and byte matching are exact.  The compiled form is
   immutable; a thread's scratch is the list of match lengths at a
   place.  */

#include <config.h>

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/param.h>

#include "xalloc.h"

#include "engines/byteseq.h"
#include "engines/engine.h"
#include "engines/litset.h"
#include "engines/literal.h"
#include "engines/wordchar.h"

/* A trie node; its children are a list of siblings in byte order.  */
struct tnode
{
  idx_t child, sibling;   /* 0: none (node 0 is the root) */
  unsigned char byte;
  bool term;              /* a string ends here */
};

struct fixed_re
{
  struct localeinfo li;
  struct wordchars words;
  unsigned char fold[UCHAR_MAX + 1];  /* identity, or toupper for -i */
  bool starts[UCHAR_MAX + 1];         /* folded bytes that start strings */
  idx_t root[UCHAR_MAX + 1];          /* the root's child by folded byte */
  struct tnode *nodes;
  idx_t nnodes;
  bool empty;            /* the empty string is one of them */
  idx_t minlen, maxlen;
  bool word, line;
  bool grep_fixed;       /* see search () */
  char eol;
  struct byteseq seq;    /* two to FEW_MAX strings as one byte-set
                            sequence (len 0: none), */
  struct literal *few;   /* or up to FEW_MAX strings, each searched alone */
  idx_t nfew;
  struct litset *set;    /* or a set search that finds them exactly */
  bool skims;            /* one string, without NUL or EOL: fixed_skim */
};

/* The most strings searched one by one for their rarest bytes, each
   with memchr: the Wu-Manber set scans slower for a few strings
   ('grabrat grep -r -E "ERR_PTR|PTR_ERR"' on bench/corpus.sh's tree: a
   single timed run with the set took 1.03 s; with the strings alone
   bench/grep.sh's alternation row is 0.59 s, GNU grep 1.16 s, ROUNDS=5,
   2026-12-02).  */
enum { FEW_MAX = 3 };

struct fixed_scratch
{
  idx_t *lens;           /* match lengths at a place, shortest first */
};
static idx_t
new_node (struct fixed_re *re, idx_t *alloc, unsigned char byte)
{
  if (re->nnodes == *alloc)
    re->nodes = xpalloc (re->nodes, alloc, 1, -1, sizeof *re->nodes);
  re->nodes[re->nnodes] = (struct tnode) { .byte = byte };
  return re->nnodes++;
}

/* Add the folded string S of LEN bytes (LEN > 0) to RE's trie.  */
static void
insert (struct fixed_re *re, unsigned char const *s, idx_t len,
        idx_t *alloc)
{
  idx_t at = re->root[s[0]];
  if (!at)
    {
      at = new_node (re, alloc, s[0]);
      re->root[s[0]] = at;
    }
  for (idx_t i = 1; i < len; i++)
    {
      /* Find or make the child for S[I], keeping siblings in order.  */
      idx_t prev = 0, c = re->nodes[at].child;
      while (c && re->nodes[c].byte < s[i])
        prev = c, c = re->nodes[c].sibling;
      if (!c || re->nodes[c].byte != s[i])
        {
          idx_t n = new_node (re, alloc, s[i]);
          re->nodes[n].sibling = c;
          if (prev)
            re->nodes[prev].sibling = n;
          else
            re->nodes[at].child = n;
          c = n;
        }
      at = c;
    }
  re->nodes[at].term = true;
}

/* Drop RE's strings searched one by one.  */
static void
free_few (struct fixed_re *re)
{
  for (idx_t i = 0; i < re->nfew; i++)
    free (re->few[i].bytes);
  free (re->few);
  re->few = NULL;
  re->nfew = 0;
}

/* The most places of few_as_seq's sequence: those past its probes
   only cost checks at each candidate.  */
enum { SEQ_MAX = 16 };

/* A few strings (PAT's) as one byte-set sequence over their first
   MINLEN bytes (SEQ_MAX at most), in RE->seq, if every place holds at most
   BYTESEQ_SET_MAX bytes (all that RE->fold folds alike): one scan for
   all of them instead of one scan each.  'grep -r -E "ERR_PTR|PTR_ERR"'
   on the Linux tree (farm-bench -n 8, 2026-12-06): 0.90 of the time of
   a scan each; on drivers/, -c: 'struct|union' 0.87, -i 'err_ptr|ptr_err'
   0.73, -w with three strings 0.84, 'kmalloc|kzalloc|kfree' 1.01.
   Strings of two or three bytes keep their scans: 'ab|cd' took 1.09.  */
static void
few_as_seq (struct fixed_re *re, struct engine_pattern const *pat)
{
  if (re->minlen < 4)
    return;
  struct byteseq *s = &re->seq;
  s->len = MIN (re->minlen, SEQ_MAX);
  s->set = xcalloc (s->len, sizeof *s->set);
  bool ok = true;
  for (idx_t j = 0; ok && j < s->len; j++)
    for (idx_t i = 0; ok && i < pat->n; i++)
      {
        unsigned char f = re->fold[(unsigned char) pat->pats[i][j]];
        for (int c = 0; ok && c <= UCHAR_MAX; c++)
          if (re->fold[c] == f)
            ok = byteseq_set_add (&s->set[j], c);
      }
  if (!(ok && byteseq_prepare (s, literal_byte_rank)))
    {
      byteseq_free (s);
      *s = (struct byteseq) { 0 };
      return;
    }
  free_few (re);
}

static void *
fixed_compile (struct engine_pattern const *pat, char **err)
{
  struct fixed_re *re = xzalloc (sizeof *re);
  if (pat->li)
    re->li = *pat->li;
  else
    init_localeinfo (&re->li);
  wordchar_init (&re->words, &re->li);
  re->word = pat->word;
  re->line = pat->line;
  re->grep_fixed = pat->grep_fixed;
  re->eol = pat->eol;
  for (int c = 0; c <= UCHAR_MAX; c++)
    re->fold[c] = pat->icase ? toupper (c) : c;
  idx_t alloc = 0;
  new_node (re, &alloc, 0);   /* the root */
  re->minlen = IDX_MAX;
  unsigned char *f = NULL;
  idx_t falloc = 0;
  for (idx_t i = 0; i < pat->n; i++)
    {
      idx_t len = pat->lens[i];
      re->minlen = len < re->minlen ? len : re->minlen;
      re->maxlen = re->maxlen < len ? len : re->maxlen;
      if (len == 0)
        {
          re->empty = true;
          continue;
        }
      if (falloc < len)
        {
          free (f);
          falloc = len;
          f = xmalloc (falloc);
        }
      for (idx_t j = 0; j < len; j++)
        f[j] = re->fold[(unsigned char) pat->pats[i][j]];
      re->starts[f[0]] = true;
      insert (re, f, len, &alloc);
    }
  free (f);

  /* The candidate search: exact, so that only -w and -x need the trie
     again (every candidate is still confirmed, which also keeps a match
     within its line).  */
  if (pat->n <= FEW_MAX && !re->empty)
    {
      /* Each string's rarest byte by memchr, then the string (caseless
         for -i: ASCII's folding, and a byte that is no letter).  */
      re->few = xnmalloc (pat->n, sizeof *re->few);
      for (idx_t i = 0; i < pat->n; i++)
        {
          re->few[i] = (struct literal) { .bytes = xmemdup (pat->pats[i],
                                                            pat->lens[i]),
                                          .len = pat->lens[i],
                                          .icase = pat->icase };
          literal_set_rare (&re->few[i]);
        }
      re->nfew = pat->n;
      bool ok = !pat->icase || litset_ascii_folding ();
      for (idx_t i = 0; i < pat->n; i++)
        ok &= 0 <= re->few[i].rare;
      if (!ok)
        free_few (re);
    }
  if (1 < re->nfew)
    few_as_seq (re, pat);
  if (re->nfew)
    ;
  else if (!re->empty && (!pat->icase || litset_ascii_folding ()))
    {
      struct literal *l = xnmalloc (pat->n, sizeof *l);
      for (idx_t i = 0; i < pat->n; i++)
        l[i] = (struct literal) { .bytes = (char *) pat->pats[i],
                                  .len = pat->lens[i], .rare = -1,
                                  .icase = pat->icase };
      re->set = litset_new (l, pat->n, false);
      free (l);
    }
  *err = NULL;
  re->skims = (!re->seq.len && re->nfew == 1 && !re->empty
               && !memchr (re->few[0].bytes, '\0', re->few[0].len)
               && !memchr (re->few[0].bytes, re->eol, re->few[0].len));
  return re;
}

static void
fixed_free (void *vre)
{
  struct fixed_re *re = vre;
  if (re)
    {
      free (re->nodes);
      free_few (re);
      litset_free (re->set);
      byteseq_free (&re->seq);
    }
  free (re);
}

static void *
fixed_scratch_new (void const *vre)
{
  struct fixed_re const *re = vre;
  struct fixed_scratch *s = xmalloc (sizeof *s);
  s->lens = xnmalloc (re->maxlen + 1, sizeof *s->lens);
  return s;
}

static void
fixed_scratch_free (void *vs)
{
  struct fixed_scratch *s = vs;
  if (s)
    free (s->lens);
  free (s);
}

/* The lengths of the strings that match at P, before LIM (the end of
   P's line), into LENS, shortest first; return how many.  */
static idx_t
matches_at (struct fixed_re const *re, char const *p, char const *lim,
            idx_t *lens)
{
  idx_t n = 0;
  if (re->empty)
    lens[n++] = 0;
  if (p == lim)
    return n;
  idx_t at = re->root[re->fold[(unsigned char) *p]];
  for (idx_t d = 1; at; d++)
    {
      if (re->nodes[at].term)
        lens[n++] = d;
      if (p + d == lim)
        break;
      unsigned char b = re->fold[(unsigned char) p[d]];
      idx_t c = re->nodes[at].child;
      while (c && re->nodes[c].byte < b)
        c = re->nodes[c].sibling;
      at = c && re->nodes[c].byte == b ? c : 0;
    }
  return n;
}

/* The first place at or after FROM, before LEN, where a string of RE may
   start, or -1.  */
static idx_t
candidate (struct fixed_re const *re, char const *buf, idx_t len,
           idx_t from)
{
  if (re->empty)
    return from < len ? from : -1;
  char const *q;
  if (re->seq.len)
    {
      q = byteseq_find (&re->seq, buf + from, len - from);
      return q ? q - buf : -1;
    }
  if (re->nfew)
    {
      /* The nearest of the strings' next places: each string is looked
         for only where it would start before the nearest so far, so the
         bytes scanned stay within a few times the distance.  */
      idx_t best = len;
      for (idx_t i = 0; i < re->nfew; i++)
        {
          idx_t lim = (best < len ? MIN (len, best - 1 + re->few[i].len)
                       : len);
          char const *h = (from < lim
                           ? literal_find (&re->few[i], buf + from,
                                           lim - from)
                           : NULL);
          if (h)
            best = h - buf;
        }
      return best < len ? best : -1;
    }
  if (re->set)
    q = litset_find (re->set, buf + from, len - from);
  else
    {
      unsigned char const *u = (unsigned char const *) buf;
      idx_t i = from;
      while (i < len && !re->starts[re->fold[u[i]]])
        i++;
      q = i < len ? buf + i : NULL;
    }
  return q ? q - buf : -1;
}

/* The longest of the N lengths LENS of matches at P, in the line
   [LB, LIM), that has no word constituent on either side, or -1; with
   -x, a match of the whole line, if P is its start.  */
static idx_t
accept (struct fixed_re const *re, char const *lb, char const *p,
        char const *lim, idx_t const *lens, idx_t n)
{
  if (re->line)
    return p == lb && n && lens[n - 1] == lim - p ? lens[n - 1] : -1;
  if (!re->word)
    return n ? lens[n - 1] : -1;
  if (!n || wordchar_before (&re->words, lb, p, lim))
    return -1;
  while (n--)
    if (!wordchar_at (&re->words, p + lens[n], lim))
      return lens[n];
  return -1;
}

/* The leftmost, then longest match at or after START that RE accepts,
   into *M, and its record's bounds (past the EOL byte) into *REC; 1 if
   found, else 0.  START is a record start or a place within a record,
   whose earlier bytes still count for -w.  */
static int
search (struct fixed_re const *re, struct fixed_scratch *s, char const *buf,
        idx_t len, idx_t start, idx_t floor, struct span *m, struct span *rec)
{
  char eol = re->eol;
  /* The empty string matches at the end of a last line that has no EOL
     byte too: 'printf "b\r" | grep -w ""' selects it, where the empty
     string follows '\r' (tests/grep/word-empty.sh).  */
  idx_t stop = len + (re->empty && 0 < len && buf[len - 1] != eol);
  for (idx_t from = start; from < stop;)
    {
      idx_t p = from < len ? candidate (re, buf, len, from) : from;
      if (p < 0)
        return 0;
      idx_t lb = record_begin (buf, floor, p, eol);
      idx_t le = record_end (buf, p, len, eol);
      if (re->line && p != lb)
        {
          /* A whole-line match starts its line: try from the start, once
             per line, if the line starts at or after START.  */
          if (lb < start)
            {
              from = le + 1;
              continue;
            }
          p = lb;
        }
      idx_t n = matches_at (re, buf + p, buf + le, s->lens);
      /* grep -o and --color search a line again from the end of each
         match, and grep's string matcher (not its regex one) then takes
         a string found right there for a word whatever ended the
         previous match ('printf " b.\n" | grep -Fwo -e b -e .' prints
         both, 'grep -Ewo "b|\."' one): tests/grep/word-only-matching.sh.  */
      bool from_start = re->grep_fixed && re->word && !re->line;
      idx_t got = accept (re, buf + (from_start && lb < start ? start : lb),
                          buf + p, buf + le, s->lens, n);
      if (0 <= got)
        {
          m->beg = p;
          m->end = p + got;
          rec->beg = lb;
          rec->end = le < len ? le + 1 : len;
          return 1;
        }
      from = re->line ? le + 1 : p + 1;
    }
  return 0;
}

static int
fixed_find (void const *vre, void *vs, char const *buf, idx_t len,
            idx_t start, struct span *m)
{
  struct fixed_re const *re = vre;
  struct span rec;
  int got = search (re, vs, buf, len, start, 0, m, &rec);
  /* grep's regex matcher, which grep 3.8 runs for one pattern (this one
     does the work here, grep_fixed false), gives -x -w's match with the
     line's EOL byte, which --color then paints and -o prints before its
     own ('printf "abc\n" | grep -o -x -w abc' prints two newlines); a
     last line without one counts the one grep's buffer adds
     (print.c's print_middle): tests/grep/line-word.sh.  */
  if (0 < got && !re->grep_fixed && re->line && re->word)
    m->end = rec.end < len || (0 < len && buf[len - 1] == re->eol)
             ? rec.end : len + 1;
  return got;
}

static int
fixed_select (void const *vre, void *vs, char const *buf, idx_t len,
              idx_t start, struct span *m)
{
  struct span r;
  return search (vre, vs, buf, len, start, start, &r, m);
}

static char const *
fixed_error (void const *vs, int *code)
{
  (void) vs;
  *code = 0;
  return NULL;
}

static bool
fixed_selects_all (void const *vre, bool const **unsure)
{
  *unsure = NULL;
  struct fixed_re const *re = vre;
  return re->empty && !re->word && !re->line;
}

static idx_t
fixed_min_length (void const *vre)
{
  struct fixed_re const *re = vre;
  return re->minlen;
}

/* One string without NUL (grep -F's usual case, and grep's own choice
   for a plain word): its packed pair search stops at NULs too.  */
static idx_t
fixed_skim (void const *vre, char const *buf, idx_t from, idx_t to,
            bool nul)
{
  struct fixed_re const *re = vre;
  if (!re->skims)
    return -1;
  char const *q = (nul ? literal_find_nul : literal_find) (&re->few[0],
                                                           buf + from,
                                                           to - from);
  return q ? q - buf : to;
}

static char const *
fixed_describe (void const *vre)
{
  struct fixed_re const *re = vre;
  return (re->seq.len ? "fixed: a few strings (one byte-set sequence,"
                            " then a trie)"
          : re->nfew ? "fixed: a few strings (their rarest bytes, then a trie)"
          : re->set ? "fixed: strings (Wu-Manber set, then a trie)"
          : "fixed: strings (first bytes, then a trie)");
}

struct engine_ops const engine_fixed = {
  .name = "fixed",
  .compile = fixed_compile,
  .free = fixed_free,
  .scratch_new = fixed_scratch_new,
  .scratch_free = fixed_scratch_free,
  .find = fixed_find,
  .select = fixed_select,
  .error = fixed_error,
  .selects_all = fixed_selects_all,
  .skim = fixed_skim,
  .min_length = fixed_min_length,
  .describe = fixed_describe,
};
