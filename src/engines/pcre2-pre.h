/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* pcre2-pre.h: the compiled form of grab's PCRE2 engine, shared by
   engine-pcre2.c (compiling, matching) and pcre2-prefilter.c (what to
   look for before PCRE2 runs); no other module sees it.  */

#ifndef GRABRAT_ENGINES_PCRE2_PRE_H
#define GRABRAT_ENGINES_PCRE2_PRE_H

#include <stdbool.h>
#include <stdint.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "engines/byteseq.h"
#include "engines/engine.h"
#include "engines/literal.h"
#include "engines/pcre2-scope.h"

struct litset;
struct pcre2_which;

struct pre
{
  pcre2_code *code;
  uint8_t const *tables;
  bool jit;
  bool check_utf;       /* '(*UTF)' outside a UTF-8 locale: see compile */
  enum pcre2_scope scope;
  bool utf8;
  /* In UTF-8, the bytes that are encoding errors by themselves for the C
     library (utf8chars.h): grep's Pexecute skips them, while PCRE2 (with
     MATCH_INVALID_UTF) judges the rest itself, and by RFC 3629: to it a
     form past U+10FFFF is an error that '.' does not match, though the
     printer takes it for a character as grep does
     (tests/grep/utf8-forms.sh).  NULL in other locales.  */
  bool const *lone;
  char eol;
  idx_t minlen;
  bool has_lit;         /* every match contains LIT */
  bool lit_exact;       /* ...and is LIT: the pattern is that ASCII string,
                           case and all, with no -w or -x */
  bool all;             /* selects every line... */
  bool const *unsure;   /* ...but maybe those starting with these bytes */
  bool startline;       /* PCRE2 tries only line starts ('.*a', '^a') */
  bool looks_back;      /* a match may look at the character before it
                           (lookbehind, \b, \B: PCRE2's MAXLOOKBEHIND) */
  struct literal lit;
  struct litset *lits;  /* or one of these (many patterns), or NULL */
  bool has_seq;         /* or every match holds SEQ */
  struct byteseq seq;
  char *description;    /* for --debug */
  struct pcre2_which *which;  /* --json: which pattern matched, or NULL */
  idx_t npats;
};

/* The prefilter P's pattern C (from PAT, searched in SCOPE) gets, if
   any: a required literal, a sequence of byte sets, or for several
   patterns a set of literals; and whether C starts only at lines.  */
void pcre2_choose_prefilter (struct pre *p, pcre2_code *c,
                             struct engine_pattern const *pat,
                             enum pcre2_scope scope);

/* --debug's line for P (malloc'd).  */
char *pcre2_describe_pre (struct pre const *p);

#endif
