/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* engine.h: the matcher interface of grab, and the table of engines.
   An engine compiles the user's patterns into an immutable, shareable
   object and finds matches in a buffer of whole records (lines) for one
   thread's scratch space.  Engines know nothing of files, output or
   options beyond struct engine_pattern.  engine.c holds the one table;
   it is the only place that knows which engines this build has.  */

#ifndef GRABRAT_ENGINES_ENGINE_H
#define GRABRAT_ENGINES_ENGINE_H

#include <stdbool.h>
#include <string.h>

#include "idx.h"

/* The pattern language: PCRE (grab, grep -P), or grep's basic and
   extended regular expressions (-G, -E).  */
enum engine_syntax { ENGINE_SYNTAX_PCRE, ENGINE_SYNTAX_BRE, ENGINE_SYNTAX_ERE };

struct localeinfo;

/* What to compile: N patterns (none contains the EOL byte), and how.  */
struct engine_pattern
{
  char const *const *pats;
  idx_t const *lens;
  idx_t n;
  enum engine_syntax syntax;
  char const *const *file;   /* if not NULL: where each pattern came */
  idx_t const *lineno;       /* from (see struct patterns), for errors */
  bool literal;  /* -F: the patterns are strings */
  bool icase;    /* -i */
  bool word;     /* -w: match only whole words */
  bool line;     /* -x: match only whole lines (beats -w) */
  bool grep_fixed;  /* grep's string matcher's -w (engine-fixed.c) */
  bool utf8;     /* UTF-8 locale: characters, invalid bytes never match */
  bool bare_errors;  /* the engine's own message, as grep's (no quoting) */
  bool word_as_grep; /* -w wrapped as grep 3.8 does, refusing what it
                        refuses ('(*UCP)\w' -w): see pcre2-join.c */
  char eol;      /* record terminator: '\n', or '\0' for -z */
  bool which;    /* the engine's 'which' is to work (grab --json) */
  /* The locale's gnulib localeinfo, if the caller made it already (else
     the engines that need it make it: 256 mbrtowc calls).  */
  struct localeinfo const *li;
};

/* A match: bytes [BEG, END) of the buffer searched.  */
struct span
{
  idx_t beg, end;
};

struct engine_ops
{
  char const *name;

  /* Compile PAT.  Return the compiled form, or NULL with *ERR set to a
     malloc'd message saying what is wrong with which pattern.  */
  void *(*compile) (struct engine_pattern const *pat, char **err);
  void (*free) (void *re);

  /* Per-thread working memory for RE.  */
  void *(*scratch_new) (void const *re);
  void (*scratch_free) (void *scratch);

  /* Find the leftmost match that starts at or after START in BUF[0..LEN),
     which holds whole records, each ending in the EOL byte (the last may
     lack it at end of file); BUF[0] starts a record.  A match never spans
     records and obeys record semantics exactly as if each record were
     matched on its own (anchors, lookaround, \A...), with START inside its
     record acting as a start offset.  Store it in *M and return 1; return
     0 if there is none, or -1 on an engine failure (a resource limit),
     whose message the engine's 'error' returns.  */
  int (*find) (void const *re, void *scratch, char const *buf, idx_t len,
               idx_t start, struct span *m);
  /* The message of the failure: a msgid (GNU grep's where grep has the
     message, marked N_, translated by the caller) that holds a %s for
     the file's name and, where the failure has a number (PCRE2's internal
     errors), then a %d for *CODE; a message without the name holds no
     directive ("memory exhausted", as grep's xalloc_die).  */
  char const *(*error) (void const *scratch, int *code);

  /* Optional (NULL: find serves): find the first record at or after
     START, a record start, that the pattern selects, and store the
     record's bounds in *M; return as find does.  For engines whose
     selection is not "holds a match that find would report" (grep's
     -w and -x through a DFA).  */
  int (*select) (void const *re, void *scratch, char const *buf, idx_t len,
                 idx_t start, struct span *m);

  /* select stores into BUF[LEN] (and restores it): BUF must have a
     writable byte there, so mappings must be writable copies
     (io/input.h's writable).  */
  bool writes_end;

  /* Optional: whether RE selects every record (a pattern that matches
     the empty string, without -w or -x): the search then needs no engine
     to count them (grep -c '^').  If records that start with certain
     bytes are exceptions (grab's '^' in UTF-8 does not select a line
     that starts with an encoding error), *UNSURE is set to a table of
     those first bytes, all of them 0x80 or above, and the engine still
     decides on their records; else to NULL.  */
  bool (*selects_all) (void const *re, bool const **unsure);

  /* Optional: grep's start-up check, which runs the pattern once on an
     empty line that does not count as a line start (PCRE2_NOTBOL), before
     any file: whether it failed (a resource limit; 'error' says why).  */
  bool (*probe_empty) (void const *re, void *scratch);

  /* Optional: the first offset X in BUF[FROM..TO) where a match may
     start, or (with NUL) that holds a NUL byte, or TO: no match that lies
     in BUF[FROM..TO) starts before X.  -1 if RE has no such search (then
     whatever FROM and TO).  For grep's binary rule, which must look at
     every byte for a NUL: where the engine can, one pass finds both
     (engine_skim_nul); and a NUL matters only where a match may be.  A
     match of RE must not hold a NUL or an EOL byte, so that one is the
     same whether grep's NULs end lines or not.  */
  idx_t (*skim) (void const *re, char const *buf, idx_t from, idx_t to,
                 bool nul);

  /* The fewest bytes a match can have: shorter files need no search.  */
  idx_t (*min_length) (void const *re);

  /* Optional (NULL: every match is pattern 0's): the index among the
     compiled patterns of the one whose match *M is, M being what find
     returned in BUF[0..LEN) (whole records, as for find), or -1 if the
     engine cannot tell.  Works when RE was compiled with PAT->which.  */
  idx_t (*which) (void const *re, void *scratch, char const *buf,
                  idx_t len, struct span const *m);

  /* One line saying how RE will search (grab --debug).  */
  char const *(*describe) (void const *re);
};

/* The engine's find, or its select where it has one: what decides which
   records are selected (search.c, bigfile.c).  */
static inline int
engine_select (struct engine_ops const *eng, void const *re, void *scratch,
               char const *buf, idx_t len, idx_t start, struct span *m)
{
  return (eng->select ? eng->select : eng->find) (re, scratch, buf, len,
                                                  start, m);
}

/* The first NUL in BUF[FROM..TO), or -1; and into *CAND an offset X
   from FROM on such that no match that lies in BUF[FROM..TO) starts
   before X (TO: none at all), by ENG's skim where it has one.  The skim
   goes on past the first few places where a match may start, then
   memchr: the bytes are read once where matches are rare, and a frequent
   string costs no call a match.  */
static inline idx_t
engine_skim_nul (struct engine_ops const *eng, void const *re,
                 char const *buf, idx_t from, idx_t to, idx_t *cand)
{
  idx_t x = from;
  *cand = from;
  for (int i = 0; i < 5 && x < to && eng->skim; i++)
    {
      idx_t y = eng->skim (re, buf, i ? x + 1 : x, to, true);
      if (y < 0)
        break;
      if (i == 0)
        *cand = y;
      x = y;
      if (x < to && !buf[x])
        return x;
    }
  if (to <= x)
    return -1;
  char const *z = memchr (buf + x, '\0', to - x);
  return z ? z - buf : -1;
}

/* Whether one of PAT's patterns is an obvious way of matching the empty
   string anywhere, so that PAT selects every record (the forms used to
   count lines: '', $, .*, and with CARET also ^ and ^.*; with -F only
   ''), and PAT has no -w or -x.  For engines' selects_all.  */
bool engine_every_line_form (struct engine_pattern const *pat, bool caret);

/* The engine called NAME, or NULL if this build has none by that name
   (or the one it has cannot load: *WHY then says why).  */
struct engine_ops const *engine_named (char const *name, char const **why);

/* The Ith engine grab may be given (-H), from 0, or NULL past the last:
   its NAME lists it for --list-engines and the tests.  */
struct engine_ops const *engine_at (idx_t i);

/* For engines and the search: the start of the record that holds offset
   AT of BUF (at or after FLOOR, a record start); the offset of its EOL
   byte (or LEN); its end past that byte (or LEN).  */
static inline idx_t
record_begin (char const *buf, idx_t floor, idx_t at, char eol)
{
  char const *q = floor < at ? memrchr (buf + floor, eol, at - floor) : NULL;
  return q ? q - buf + 1 : floor;
}
static inline idx_t
record_end (char const *buf, idx_t at, idx_t len, char eol)
{
  char const *q = at < len ? memchr (buf + at, eol, len - at) : NULL;
  return q ? q - buf : len;
}
static inline idx_t
record_stop (char const *buf, idx_t at, idx_t len, char eol)
{
  idx_t e = record_end (buf, at, len, eol);
  return e < len ? e + 1 : len;
}

extern struct engine_ops const engine_pcre2;
/* Whether RE, compiled by engine_pcre2, skips the lines without its one
   pattern's required literal or byte-set sequence with a scan of its own
   (pcre2-literal.h) before running PCRE2.  */
bool engine_pcre2_skips_lines (void const *re);
extern struct engine_ops const engine_dfa;
extern struct engine_ops const engine_fixed;
#if HAVE_HYPERSCAN
extern struct engine_ops const engine_hs;
#endif

#endif
