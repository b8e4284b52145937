/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* engine-pcre2.c: grab's PCRE2 engine, with the JIT.
   Compiles the patterns the way grep -P does (joined by pcre2-join.c,
   caseless, UTF with invalid bytes as barriers) and finds
   line-confined matches.  For speed it matches a whole buffer of lines in
   one call when pcre2-scope.c says that cannot change the answer, and
   line by line otherwise.  The compiled code is shared by all threads;
   match data and the JIT stack are per-thread scratch.  */

#include <config.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "c-ctype.h"
#include "xalloc.h"
#include "xvasprintf.h"

#include "system.h"

#include "engines/engine.h"
#include "engines/linescan.h"
#include "engines/litset.h"
#include "engines/pcre2-join.h"
#include "engines/pcre2-literal.h"
#include "engines/pcre2-pre.h"
#include "engines/pcre2-scope.h"
#include "engines/pcre2-which.h"
#include "engines/utf8chars.h"


struct pscratch
{
  pcre2_match_data *md;
  pcre2_match_context *mc;
  pcre2_jit_stack *stack;
  idx_t stack_size;
  uint32_t depth_limit;  /* 0: PCRE2's default */
  int code;              /* the last failed match's PCRE2 code, or 0 */
};

static uint32_t
compile_options (struct engine_pattern const *pat, enum pcre2_scope scope)
{
  uint32_t opts = PCRE2_DOLLAR_ENDONLY;
  if (pat->icase)
    opts |= PCRE2_CASELESS;
  if (pat->utf8)
    opts |= PCRE2_UTF | PCRE2_MATCH_INVALID_UTF;
  if (scope != SCOPE_LINE)
    opts |= PCRE2_MULTILINE;
  return opts;
}

/* Whether the N-byte pattern P (a string if LITERAL) is a string of
   ASCII characters that match themselves: PCRE2 then finds exactly what
   a search for the string finds, in UTF mode too (UTF-8 never has an
   ASCII byte inside a character, and invalid bytes are barriers).  */
static bool
plain_ascii (char const *p, idx_t n, bool literal)
{
  for (idx_t i = 0; i < n; i++)
    {
      unsigned char c = p[i];
      /* PCRE2's metacharacters outside a class; '#' starts a comment
         only after (?x), which takes a '('.  */
      if (!c_isprint (c) || (!literal && strchr ("\\^$.[|()?*+{", c)))
        return false;
    }
  return true;
}

/* Whether P's locale is UTF-8 and the byte C there an encoding error by
   itself.  */
static bool
lone_error_byte (struct pre const *p, unsigned char c)
{
  return p->lone && p->lone[c];
}

/* The bytes that are encoding errors by themselves in PAT's locale, if
   it is UTF-8.  glibc's mbrlen rejects 80..C1, FE and FF at once, and
   calls F5..FD incomplete: the 4-byte forms past U+10FFFF and the 5- and
   6-byte forms are characters to it (tests/grep/utf8-forms.sh), though
   not to PCRE2.  */
static bool const *
lone_errors (struct engine_pattern const *pat)
{
  return pat->utf8 ? utf8chars_table ()->lone_error : NULL;
}

/* The compiled form of a plain string (see plain_ascii): no PCRE2 at
   all, not even loaded, which is most of a one-line search's start-up.  */
static struct pre *
compile_string (struct engine_pattern const *pat)
{
  struct pre *p = xzalloc (sizeof *p);
  p->eol = pat->eol;
  p->utf8 = pat->utf8;
  /* No p->lone: the string's places are the matches, with no PCRE2 run
     to skip bytes for (and no probe of the locale to pay for).  */
  p->lit = (struct literal) { .bytes = xmemdup (pat->pats[0], pat->lens[0]),
                              .len = pat->lens[0] };
  literal_set_rare (&p->lit);
  p->has_lit = p->lit_exact = true;
  p->minlen = pat->lens[0];
  p->description = xasprintf ("pcre2: the string '%.*s' searched for,"
                              " without PCRE2", (int) p->lit.len,
                              p->lit.bytes);
  return p;
}

/* P's JIT, and the scope its pattern C (from PAT) must be searched
   in when the JIT or UTF-8 rules say line by line.  */
static void
settle_jit (struct pre *p, pcre2_code *c, struct engine_pattern const *pat)
{
  /* Failing JIT (\C in UTF mode) is not an error: grep -P then runs the
     interpreter too.  But the interpreter of PCRE2 10.42, with
     MATCH_INVALID_UTF, finds an empty match after invalid bytes before a
     newline and not at a subject's end ('-w' with '' and 's\C' on
     'a\xff\xa9'), so it must see lines alone, as grep's does (found by
     tests/fuzz/fuzz-grab-search.c).  Line by line needs no other change
     of the compiled pattern: lines hold no newline for MULTILINE's '^'
     and '$' to see.  */
  p->jit = pcre2_jit_compile (c, PCRE2_JIT_COMPLETE) == 0;
  /* '(*NO_JIT)': pcre2_jit_compile succeeds and makes no code, and
     pcre2_jit_match would then fail (PCRE2_ERROR_JIT_BADOPTION,
     tests/grab/pcre-interpreter.sh).  */
  size_t jit_size = 0;
  if (p->jit)
    p->jit = (pcre2_pattern_info (c, PCRE2_INFO_JITSIZE, &jit_size) == 0
              && 0 < jit_size);
  if (!p->jit && pat->utf8)
    p->scope = SCOPE_LINE;
  /* A pattern PCRE2 anchors by itself ('(?s).*q': it tries only the start
     offset) reaches later lines over the whole buffer only while '.*'
     can run there; in UTF-8 an encoding error stops it ('a\x80b\nq':
     grep matches line 2).  Line by line, as grep.  */
  uint32_t all_opts = 0;
  pcre2_pattern_info (c, PCRE2_INFO_ALLOPTIONS, &all_opts);
  if (pat->utf8 && (all_opts & PCRE2_ANCHORED))
    p->scope = SCOPE_LINE;
  /* '(*UTF)' outside a UTF-8 locale: grep 3.8 compiles no
     MATCH_INVALID_UTF then, and pcre2_match checks each line it is given
     (the JIT's own entry does not), so grep dies at the first line that
     is not UTF-8, matching or not: "internal PCRE error: -8"
     (tests/grep/pcre-limits.sh).  Every line goes to pcre2_match, in
     order, then: no prefilter, no shortcut.  */
  p->check_utf = !pat->utf8 && (all_opts & PCRE2_UTF);
  if (p->check_utf)
    p->scope = SCOPE_LINE;
}

static void *
pcre2_engine_compile (struct engine_pattern const *pat, char **err)
{
  /* A plain string: its packed pair (or memchr for one byte) finds
     exactly what PCRE2 would.  grab -r -n 2 -vc e on the Linux tree, with
     search.c counting the lines between matches at once: 0.86 of the time
     (farm-bench, 2026-12-03).  */
  if (pat->n == 1 && !pat->icase && !pat->word && !pat->line
      && 0 < pat->lens[0]
      && plain_ascii (pat->pats[0], pat->lens[0], pat->literal))
    return compile_string (pat);

  enum pcre2_scope scope = SCOPE_BUFFER;
  if (pat->eol != '\n')
    scope = SCOPE_LINE;
  else if (!pat->literal)
    for (idx_t i = 0; i < pat->n; i++)
      {
        enum pcre2_scope s = pcre2_pattern_scope (pat->pats[i], pat->lens[i]);
        scope = scope < s ? s : scope;
      }

  /* Character tables from the current locale, as grep -P uses.  */
  uint8_t const *tables = pcre2_maketables (NULL);
  pcre2_compile_context *cc = pcre2_compile_context_create (NULL);
  if (!tables || !cc)
    xalloc_die ();
  pcre2_set_character_tables (cc, tables);

  uint32_t opts = compile_options (pat, scope);
  idx_t len;
  char *re;
  int code;
  PCRE2_SIZE off;
  pcre2_code *c = pcre2_join_compile (pat, opts, cc, &code, &off, &re, &len);
  if (!c)
    {
      *err = pcre2_join_error (pat, opts, cc, code, off, re, len);
      free (re);
      pcre2_compile_context_free (cc);
      pcre2_maketables_free (NULL, tables);
      return NULL;
    }
  free (re);
  struct pcre2_which *which = (pat->which ? pcre2_which_new (pat, opts, cc)
                               : NULL);
  /* Several patterns are joined into one alternation, as grep 3.8 does,
     so one that is not whole ('(?:^a' with '))(b') changes what the
     others mean: then no every-line shortcut (fuzz-grab-search found
     '' among such patterns).  */
  bool all = (engine_every_line_form (pat, true)
              && (pat->n == 1
                  || pcre2_join_first_bad (pat, opts, cc, &code, &off) < 0));
  pcre2_compile_context_free (cc);

  struct pre *p = xzalloc (sizeof *p);
  p->code = c;
  p->which = which;
  p->npats = pat->n;
  p->tables = tables;
  p->scope = scope;
  p->utf8 = pat->utf8;
  p->lone = lone_errors (pat);
  p->eol = pat->eol;
  settle_jit (p, c, pat);
  pcre2_choose_prefilter (p, c, pat, p->scope);
  /* '^' in UTF-8 leaves out the lines that start with an encoding
     error: like grep, such a line is matched from after it, not at its
     start (find_by_line), and '^' does not match there
     (tests/grab/differential-utf8.sh).  The engine decides on those.  */
  /* The interpreter finds no empty match at the end of a line that ends
     in an encoding error: grep -P '$|\C' (no JIT for \C in UTF mode)
     does not select 'a\xc2'.  Found by fuzz-grab-search: '$' and
     '[[:space:]]\A\C' on '\xc2' (tests/grab/pcre-interpreter.sh).  */
  p->all = all && (p->jit || !pat->utf8) && !p->check_utf;
  p->unsure = (p->all && pat->utf8 && !engine_every_line_form (pat, false)
               ? p->lone : NULL);
  uint32_t minlen = 0;
  pcre2_pattern_info (c, PCRE2_INFO_MINLENGTH, &minlen);
  p->minlen = p->check_utf ? 0 : minlen;  /* characters; each is at least
                                            one byte */

  p->description = pcre2_describe_pre (p);
  return p;
}

static void
pcre2_engine_free (void *re)
{
  struct pre *p = re;
  if (p)
    {
      /* A plain string (compile_string) has no PCRE2, maybe not loaded.  */
      if (!p->lit_exact)
        {
          pcre2_code_free (p->code);
          pcre2_maketables_free (NULL, p->tables);
        }
      if (p->has_lit)
        literal_free (&p->lit);
      if (p->has_seq)
        byteseq_free (&p->seq);
      litset_free (p->lits);
      pcre2_which_free (p->which);
      free (p->description);
      free (p);
    }
}

static void *
pcre2_engine_scratch_new (void const *re)
{
  struct pre const *p = re;
  struct pscratch *s = xzalloc (sizeof *s);
  if (p->lit_exact)
    return s;
  s->md = pcre2_match_data_create_from_pattern (p->code, NULL);
  s->mc = pcre2_match_context_create (NULL);
  if (!s->md || !s->mc)
    xalloc_die ();
  /* PCRE2's default JIT stack is 32 KiB; grow it on demand.  */
  s->stack_size = 32 << 10;
  return s;
}

static void
pcre2_engine_scratch_free (void *scratch)
{
  struct pscratch *s = scratch;
  if (s)
    {
      if (s->md)   /* not a plain string's */
        {
          pcre2_match_data_free (s->md);
          pcre2_match_context_free (s->mc);
          pcre2_jit_stack_free (s->stack);
        }
      free (s);
    }
}

/* Run the pattern on SUBJECT[0..LEN) from START.  On a full JIT stack,
   double it and retry; on the depth limit, raise it and retry, as grep
   does.  Return PCRE2's result.  grep 3.8 doubles PCRE2's built-in
   depth limit each time rather than the limit it last set, so a
   pattern's own lower '(*NO_JIT)(*LIMIT_DEPTH=1)' makes it retry
   forever; here the limit doubles up to UINT32_MAX / 2 and the search
   then fails with "exceeded PCRE's nested backtracking limit" (no test
   against grep, which hangs).  */
static int
run (struct pre const *p, struct pscratch *s, char const *subject, idx_t len,
     idx_t start, uint32_t opts)
{
  for (;;)
    {
      int rc = (p->jit && !p->check_utf
                ? pcre2_jit_match (p->code, (PCRE2_SPTR) subject, len, start,
                                   opts, s->md, s->mc)
                : pcre2_match (p->code, (PCRE2_SPTR) subject, len, start,
                               opts, s->md, s->mc));
      if (rc == PCRE2_ERROR_JIT_STACKLIMIT && s->stack_size <= INT32_MAX / 2)
        {
          idx_t old = s->stack_size;
          s->stack_size *= 2;
          pcre2_jit_stack_free (s->stack);
          s->stack = pcre2_jit_stack_create (old, s->stack_size, NULL);
          if (!s->stack)
            xalloc_die ();
          pcre2_jit_stack_assign (s->mc, NULL, s->stack);
          continue;
        }
      if (rc == PCRE2_ERROR_DEPTHLIMIT)
        {
          if (!s->depth_limit)
            pcre2_config (PCRE2_CONFIG_DEPTHLIMIT, &s->depth_limit);
          if (s->depth_limit <= UINT32_MAX / 2)
            {
              s->depth_limit *= 2;
              pcre2_set_depth_limit (s->mc, s->depth_limit);
              continue;
            }
        }
      return rc;
    }
}

static char const *
match_error (int rc)
{
  switch (rc)
    {
    case PCRE2_ERROR_NOMEMORY:
      return N_("%s: memory exhausted");
    case PCRE2_ERROR_JIT_STACKLIMIT:
      return N_("%s: exhausted PCRE JIT stack");
    case PCRE2_ERROR_MATCHLIMIT:
      return N_("%s: exceeded PCRE's backtracking limit");
    case PCRE2_ERROR_DEPTHLIMIT:
      return N_("%s: exceeded PCRE's nested backtracking limit");
    case PCRE2_ERROR_RECURSELOOP:
      return N_("%s: PCRE detected recurse loop");
    case PCRE2_ERROR_HEAPLIMIT:
      return N_("%s: exceeded PCRE's heap limit");
    default:
      return N_("%s: internal PCRE error: %d");
    }
}

/* Match line by line from START, as grep -P does: each line is a subject
   of its own, START an offset into its line.  Like grep 3.8 in a UTF-8
   locale, bytes at the search position that are encoding errors by
   themselves are skipped, and the subject then starts after them with
   PCRE2_NOTBOL: so '^' does not match a line that starts with one.  */
static int
find_by_line (struct pre const *p, struct pscratch *s, char const *buf,
              idx_t len, idx_t start, struct span *m)
{
  char eol = p->eol;
  char const *prev = start ? memrchr (buf, eol, start) : NULL;
  idx_t line = prev ? prev - buf + 1 : 0;
  for (idx_t pos = start; pos < len; )
    {
      char const *e = memchr (buf + pos, eol, len - pos);
      idx_t end = e ? e - buf : len;
      idx_t subj = line;
      uint32_t opts = 0;
      if (pos < end && lone_error_byte (p, buf[pos]))
        {
          while (pos < end && lone_error_byte (p, buf[pos]))
            pos++;
          subj = pos;
          opts = PCRE2_NOTBOL;
        }
      int rc = run (p, s, buf + subj, end - subj, pos - subj, opts);
      if (0 <= rc)
        {
          PCRE2_SIZE *ov = pcre2_get_ovector_pointer (s->md);
          m->beg = subj + ov[0];
          m->end = subj + ov[1];
          return 1;
        }
      if (rc != PCRE2_ERROR_NOMATCH)
        {
          s->code = rc;
          return -1;
        }
      if (!e)
        break;
      pos = line = end + 1;
    }
  return 0;
}

/* Match the line of BUF[0..LEN) that holds AT alone, from FROM (in the
   same line, not after AT), as find_by_line does, and set *NEXT to where
   the next line starts.  */
static int
match_line (struct pre const *p, struct pscratch *s, char const *buf,
            idx_t len, idx_t from, idx_t at, struct span *m, idx_t *next)
{
  char const *e = memchr (buf + at, p->eol, len - at);
  *next = e ? e - buf + 1 : len;
  return find_by_line (p, s, buf, *next, from, m);
}

/* Find the lines that hold the required literal, or one of them, and
   match only them (line by line, so the scope does not matter); or,
   when the pattern is the literal, report where the literal is.  */
static int
find_by_literal (struct pre const *p, struct pscratch *s, char const *buf,
                 idx_t len, idx_t start, struct span *m)
{
  for (idx_t pos = start; pos < len; )
    {
      char const *q = (p->lits ? litset_find (p->lits, buf + pos, len - pos)
                       : p->has_seq ? byteseq_find (&p->seq, buf + pos,
                                                    len - pos)
                       : literal_find (&p->lit, buf + pos, len - pos));
      if (!q)
        return 0;
      idx_t at = q - buf;
      if (p->lit_exact)
        {
          /* 'return': 0.75 of the time with PCRE2 run on each line.  */
          m->beg = at;
          m->end = at + p->lit.len;
          return 1;
        }
      char const *prev = memrchr (buf + pos, p->eol, at - pos);
      idx_t from = prev ? prev - buf + 1 : pos;
      int r = match_line (p, s, buf, len, from, at, m, &pos);
      if (r != 0)
        return r;
    }
  return 0;
}

static int
pcre2_engine_find (void const *re, void *scratch, char const *buf, idx_t len,
                   idx_t start, struct span *m)
{
  struct pre const *p = re;
  struct pscratch *s = scratch;
  s->code = 0;
  if (p->has_lit || p->lits || p->has_seq)
    return find_by_literal (p, s, buf, len, start, m);
  if (p->scope == SCOPE_LINE)
    return find_by_line (p, s, buf, len, start, m);

  idx_t pos = start;
  /* A start on a byte that cannot begin a character (-o and colour go
     on one byte past an empty match, maybe into a character): grep starts
     its subject after such bytes, so lookbehind cannot see before them.
     Match that line alone (find_by_line does so), the rest as usual.
     Found by tests/fuzz/fuzz-grab-search.c: '(?<=\x{85})a|' on
     'f1\xc2\x85a', where grep -o prints nothing.  */
  if (pos < len && lone_error_byte (p, buf[pos]))
    {
      int r = match_line (p, s, buf, len, pos, pos, m, &pos);
      if (r != 0)
        return r;
    }
  while (pos < len)
    {
      int rc = run (p, s, buf, len, pos, 0);
      if (rc < 0 && rc != PCRE2_ERROR_NOMATCH)
        {
          /* A resource limit over a big buffer need not be hit on one
             line: go line by line.  */
          return find_by_line (p, s, buf, len, pos, m);
        }
      PCRE2_SIZE *ov = pcre2_get_ovector_pointer (s->md);
      idx_t beg = rc < 0 ? len : ov[0], end = rc < 0 ? len : ov[1];
      /* A pattern PCRE2 tries at line starts only ('\N*\V') fails at the
         start of a line that starts with an encoding error, and PCRE2
         tries no later place in that line; grep matches such a line from
         after the bad bytes.  So do those lines before the match, alone.
         Found by fuzz-grab-search: '\N*\V' on '\n\x80b'.  So does a
         pattern that looks back: grep's subject starts after those
         bytes, where '\B' sees no character before it and matches
         (before '\xc3x', which starts no character either), while over
         the buffer PCRE2 tries no place inside the bad bytes.  Found by
         fuzz-grab-search: '\B' on '\x80\x80\xc3x'
         (tests/grab/differential-utf8.sh).  */
      if (p->utf8 && (p->startline || p->looks_back))
        for (idx_t u = pos;
             (u = linescan_next_start (buf, u, beg, p->eol, p->lone))
               < beg; )
          {
            int r = match_line (p, s, buf, len, u, u, m, &u);
            if (r != 0)
              return r;
          }
      if (rc < 0)
        return 0;
      /* An empty match after the last line's end is no line's match.  */
      if (beg == len && buf[len - 1] == p->eol)
        return 0;
      bool spans = (p->scope == SCOPE_SPAN && beg < end
                    && memchr (buf + beg, p->eol, end - beg));
      idx_t line = 0;
      if (spans || p->utf8)
        {
          char const *prev = memrchr (buf, p->eol, beg);
          line = prev ? prev - buf + 1 : 0;
        }
      /* A match that crosses a line end, or one in a line that starts
         with an encoding error (where grep's '^' cannot match), is checked
         on its line alone; then the search goes on from the next line.  */
      if (!spans
          && !(line < len && lone_error_byte (p, buf[line])))
        {
          m->beg = beg;
          m->end = end;
          return 1;
        }
      int r = match_line (p, s, buf, len, pos < line ? line : pos, beg, m,
                          &pos);
      if (r != 0)
        return r;
    }
  return 0;
}

static char const *
pcre2_engine_error (void const *scratch, int *code)
{
  struct pscratch const *s = scratch;
  *code = s->code;
  return match_error (s->code);
}

static bool
pcre2_engine_selects_all (void const *re, bool const **unsure)
{
  struct pre const *p = re;
  *unsure = p->unsure;
  return p->all;
}

static idx_t
pcre2_engine_min_length (void const *re)
{
  struct pre const *p = re;
  return p->minlen;
}

/* grep 3.8 matches the empty string with PCRE2_NOTBOL once at start-up
   (its buffer "\n" has no line end before it), so -x's '^' fails at
   once there while '\A' still runs: 'grep -P "(?)\A((?1))"' dies before
   any file, with -x only on a file's line (tests/grep/pcre-limits.sh).  */
static bool
pcre2_engine_probe_empty (void const *re, void *scratch)
{
  struct pre const *p = re;
  struct pscratch *s = scratch;
  if (p->lit_exact)
    return false;   /* a plain string, searched without PCRE2 */
  int rc = run (p, s, "", 0, 0, PCRE2_NOTBOL);
  s->code = rc < 0 && rc != PCRE2_ERROR_NOMATCH ? rc : 0;
  return s->code != 0;
}

static idx_t
pcre2_engine_which (void const *re, void *scratch, char const *buf,
                    idx_t len, struct span const *m)
{
  struct pre const *p = re;
  struct pscratch *s = scratch;
  return pcre2_which_find (p->which, p->npats, s->md, s->mc, buf, len,
                           m->beg, p->lone);
}

static char const *
pcre2_engine_describe (void const *re)
{
  struct pre const *p = re;
  return p->description;
}

bool
engine_pcre2_skips_lines (void const *re)
{
  struct pre const *p = re;
  return p->has_lit || p->has_seq;
}

struct engine_ops const engine_pcre2 = {
  .name = "pcre2",
  .compile = pcre2_engine_compile,
  .free = pcre2_engine_free,
  .scratch_new = pcre2_engine_scratch_new,
  .scratch_free = pcre2_engine_scratch_free,
  .find = pcre2_engine_find,
  .error = pcre2_engine_error,
  .selects_all = pcre2_engine_selects_all,
  .probe_empty = pcre2_engine_probe_empty,
  .min_length = pcre2_engine_min_length,
  .which = pcre2_engine_which,
  .describe = pcre2_engine_describe,
};
