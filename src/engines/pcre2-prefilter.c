/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* pcre2-prefilter.c: what grab's PCRE2 engine looks for before PCRE2
   runs (see pcre2-pre.h): a required literal by its packed pair, a
   sequence of byte sets, a set of literals for many patterns, or
   nothing where PCRE2's JIT finds the starts as fast itself; and the
   --debug line that says which.  The measurements behind each choice
   are next to it.  */

#include <config.h>

#include <stdint.h>
#include <stdlib.h>

#include "xalloc.h"
#include "xvasprintf.h"

#include "engines/litset.h"
#include "engines/pcre2-literal.h"
#include "engines/pcre2-pre.h"

/* Whether the JIT finds where a match of C may start about as fast as
   the literal set would: C has one first code unit (FIRST, C's
   PCRE2_INFO_FIRSTCODETYPE, is 1), or a bitmap of at most two, which the
   JIT scans for with SIMD.  Measured with bench/lib.sh's race (ROUNDS=3,
   2026-11-30): 'grab -n 2 -c -f WORDS big.txt' (1.1 GiB of
   C from bench/corpus.sh), this grab with and without the set.  First
   bytes {z, _} (3 and 4 words): JIT 0.21 s, set 0.44 s; {k} (kmalloc,
   kfree, kzalloc, kcalloc) 0.18 vs 1.35; three first bytes (mutex_lock,
   spin_lock, kfree) 1.37 vs 1.37; four 1.49 vs 1.39; five 1.73 vs 1.40;
   10 words 1.25 vs 0.56; 20 words 1.57 vs 0.65; 200 words 16 s vs 1.7 s
   (grab -c -F -f, -n 1).  A heuristic: 5 words starting with z or _ took
   the JIT 0.75 s and the set 0.45.  */
static bool
jit_scans_fast (pcre2_code const *c, uint32_t first)
{
  if (first == 1)
    return true;
  uint8_t const *bitmap = NULL;
  if (first != 0
      || pcre2_pattern_info (c, PCRE2_INFO_FIRSTBITMAP, &bitmap) != 0
      || !bitmap)
    return false;
  int bits = 0;
  for (int b = 0; b <= UINT8_MAX; b++)
    bits += bitmap[b / 8] >> (b % 8) & 1;
  return bits <= 2;
}

/* Whether the JIT finds where a match of C may start faster than a
   packed set (teddy.h) of its literals would: C has one first code unit
   (FIRST is 1) other than '_', which starts identifiers' pieces
   everywhere in code.  'grab -n 1 -c -F -f WORDS' on the 1.1 GiB bench
   file (2026-12-06), set over JIT: 3 words starting with k 0.20 s against
   0.14, with p 0.20 against 0.15, s 0.25 against 0.20, e 0.22 against
   0.22, but with _ 0.20 against 0.70 (3 words) and 0.83 (10); two first
   bytes, z or _: 0.20 against 0.67; 40 words starting with _ or a: 0.23
   against 2.28.  */
static bool
jit_one_first_byte (pcre2_code const *c, uint32_t first)
{
  uint32_t unit;
  return (first == 1
          && pcre2_pattern_info (c, PCRE2_INFO_FIRSTCODEUNIT, &unit) == 0
          && unit != '_');
}

/* Whether the compiled pattern C can only start with one of a few bytes,
   which the JIT scans for quickly.  */
static bool
few_start_bytes (pcre2_code const *c)
{
  uint8_t const *map = NULL;
  if (pcre2_pattern_info (c, PCRE2_INFO_FIRSTBITMAP, &map) != 0 || !map)
    return false;
  int n = 0;
  for (int i = 0; i < 32; i++)
    n += __builtin_popcount (map[i]);
  return 0 < n && n <= 3;
}

/* A set holding a required literal of each pattern of PAT, or NULL if
   some pattern has none or the set would not pay.  */
static struct litset *
required_litset (struct engine_pattern const *pat)
{
  struct literal *l = xnmalloc (pat->n, sizeof *l);
  idx_t got = 0;
  /* Not in UTF mode as far as the literals go: that would cut them at 'k'
     and 's', which the set spells out instead.  */
  while (got < pat->n
         && pcre2_required_literal (pat->pats[got], pat->lens[got],
                                    pat->literal, pat->icase, false,
                                    &l[got]))
    got++;
  /* A pattern's own '(?i)' makes its literal caseless without -i.  */
  bool icase = pat->icase;
  for (idx_t i = 0; i < got; i++)
    icase |= l[i].icase;
  struct litset *set = (got == pat->n
                        ? litset_new (l, got, pat->utf8 && icase)
                        : NULL);
  for (idx_t i = 0; i < got; i++)
    literal_free (&l[i]);
  free (l);
  return set;
}

/* Whether the N-byte regular expression P may hold an unbounded repeat
   ('*', '+', '{N,}'); an escaped '\*' counts too, erring on the safe side.  */
static bool
unbounded_repeat (char const *p, idx_t n)
{
  return (memchr (p, '*', n) || memchr (p, '+', n) || memchr (p, '{', n));
}

/* The prefilter P's pattern C (from PAT, searched in SCOPE) gets, if
   any: a required literal, a sequence of byte sets, or for several
   patterns a set of literals; and whether C starts only at lines.  */
void
pcre2_choose_prefilter (struct pre *p, pcre2_code *c,
                        struct engine_pattern const *pat,
                        enum pcre2_scope scope)
{
  /* A required-literal prefilter pays when PCRE2 has no first code unit
     to scan for itself (nor a few possible first bytes, when the literal
     is short: '[how] to' took 0.94 of the time without ' to', farm-bench
     on the Linux tree), when the pattern must go line by line anyway, or
     when the literal is long enough for its packed pair (pcre2-literal.c)
     to outrun the JIT's scan for the first byte.  On the 1.1 GiB bench
     file, one thread (2026-12-03, farm-bench medians of 5), time with the
     pair over the JIT's: PM_RESUME 0.91, foobardoesnotexist 0.83, linus
     0.84, return 0.80; on the Linux tree, 2 threads: 'how' 1.01, 'lt' 1.04
     (short pairs are common), linus 0.97: hence PAIR_MIN.  */
  enum { PAIR_MIN = 4, SEQ_MIN = 4 };
  uint32_t first = 0;
  pcre2_pattern_info (c, PCRE2_INFO_FIRSTCODETYPE, &first);
  p->startline = first == 2;
  uint32_t behind = 0;
  pcre2_pattern_info (c, PCRE2_INFO_MAXLOOKBEHIND, &behind);
  p->looks_back = 0 < behind;
  if (pat->n == 1)
    {
      p->has_lit = pcre2_required_literal (pat->pats[0], pat->lens[0],
                                           pat->literal, pat->icase,
                                           pat->utf8, &p->lit);
      bool pair = PAIR_MIN <= p->lit.len && p->lit.rare2 != p->lit.rare;
      /* A sequence of byte sets longer than a literal with no pair,
         when PCRE2 has no one first code unit to scan for: '[how] to'
         (the JIT scans for h, o and w; the literal ' to' is too short
         for a pair) took 0.92 of the time in C and 0.93 in C.UTF-8
         (grab -r -n 2 on the Linux tree, 9 rotated rounds, 2026-12-03:
         0.339 s against 0.369; ripgrep -j2 0.413).  Scan alone, every
         file read into a buffer, one thread: 0.093 s against the JIT's
         0.149-0.155.  */
      p->has_seq = (!pair && first != 1
                    && pcre2_required_byteseq (pat->pats[0], pat->lens[0],
                                               pat->icase, pat->utf8,
                                               &p->seq));
      if (p->has_seq && (p->seq.len < SEQ_MIN
                         || (p->has_lit && p->seq.len <= p->lit.len)))
        {
          byteseq_free (&p->seq);
          p->has_seq = false;
        }
      if (p->has_lit
          && (p->has_seq || p->lit.rare < 0
              || !(pair || scope == SCOPE_LINE
                   || (first == 0 && !few_start_bytes (c)))))
        {
          literal_free (&p->lit);
          p->has_lit = false;
        }
    }
  else if (1 < pat->n)
    {
      p->lits = required_litset (pat);
      if (p->lits && scope != SCOPE_LINE
          && (litset_packed (p->lits) ? jit_one_first_byte (c, first)
              : jit_scans_fast (c, first)))
        {
          litset_free (p->lits);
          p->lits = NULL;
        }
    }
  /* Over a whole buffer, PCRE2 tries every start before the next line
     that holds the byte it requires, so on a line without that byte an
     unbounded repeat costs the line's length at each start: -w with
     '(.*a){12}x' took 16 s on a 270 KB line holding no 'a' and no 'x'
     before one with an 'x' (random tester seed 1796559778 case 11332),
     where grep -P, line by line, rejects that line at once.  A required
     literal of one byte then keeps PCRE2 to the lines that hold it
     (tests/grab/required-byte.sh), where PCRE2 has no first bytes of its
     own to look for: with them, their scan was faster than one for the
     byte ('(foo|bar)\d+x' on the Linux tree took 1.57 times as long,
     farm-bench, 2026-12-06); nor for a byte among the ten most frequent
     in text (" etaoinsrl"), which nearly every line holds: '\w+e' took
     1.06 times as long.  */
  if (pat->n == 1 && !pat->literal && scope != SCOPE_LINE && !p->has_lit
      && !p->has_seq && first == 0 && !few_start_bytes (c)
      && unbounded_repeat (pat->pats[0], pat->lens[0])
      && pcre2_required_byte (pat->pats[0], pat->lens[0], pat->icase,
                              pat->utf8, &p->lit))
    {
      p->has_lit = (0 <= p->lit.rare
                    && (literal_byte_rank (p->lit.bytes[p->lit.rare])
                        < literal_byte_rank ('l')));
      if (!p->has_lit)
        literal_free (&p->lit);
    }
  if (p->check_utf && p->has_lit)
    {
      literal_free (&p->lit);
      p->has_lit = false;
    }
  if (p->check_utf && p->has_seq)
    {
      byteseq_free (&p->seq);
      p->has_seq = false;
    }
}

/* --debug's line for P.  */
char *
pcre2_describe_pre (struct pre const *p)
{
  enum pcre2_scope scope = p->scope;
  static char const *const how[] = {
    "whole buffers", "whole buffers, line-crossing matches checked",
    "line by line"
  };
  char const *jit = p->jit ? " (JIT)" : "";
  if (p->has_lit)
    return xasprintf ("pcre2%s: %s; lines without '%.*s' skipped",
                              jit, how[scope], (int) p->lit.len,
                              p->lit.bytes);
  else if (p->has_seq)
    return xasprintf ("pcre2%s: %s; lines without a sequence of"
                                " %td byte sets skipped", jit, how[scope],
                                p->seq.len);
  else if (p->lits)
    return xasprintf ("pcre2%s: %s; lines without any of %td"
                      " literals skipped%s", jit, how[scope],
                      litset_count (p->lits),
                      litset_packed (p->lits) ? " (packed search)" : "");
  else
    return xasprintf ("pcre2%s: %s", jit, how[scope]);
}

