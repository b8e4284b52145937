/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* pcre2-which.h: which of several patterns a match of the PCRE2 engine
   is a match of (grab --json's "pattern").  The patterns are joined once
   more, as the engine joins them, with a mark after each alternative
   (pcre2_join_compile_marked) and anchored; run on the record of a match
   the engine found, from the match's start, that code takes the
   alternative the engine took (PCRE2 tries alternatives in order at each
   start), and its mark names it.  Costs one anchored match a match, and
   only when asked for.  The compiled form is immutable and shared; the
   match data and context are the calling thread's.  */

#ifndef GRABRAT_ENGINES_PCRE2_WHICH_H
#define GRABRAT_ENGINES_PCRE2_WHICH_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "idx.h"

#include "engines/engine.h"

struct pcre2_which;

/* Compile PAT's patterns for pcre2_which_find with the engine's options
   OPTS and compile context CC.  Return NULL if PAT has one pattern, or
   if the marked form does not compile (pcre2_which_find then says -1).  */
struct pcre2_which *pcre2_which_new (struct engine_pattern const *pat,
                                     uint32_t opts,
                                     pcre2_compile_context *cc);
void pcre2_which_free (struct pcre2_which *w);

/* The index of the pattern that matches at offset BEG of BUF[0..LEN)
   (whole records), where the engine found a match: 0 if W is NULL and
   the patterns were one; else -1 if it cannot tell.  MD and MC are the
   thread's, made for the engine's code.  LONE, if not NULL, is the
   engine's table of bytes that are encoding errors by themselves: a
   record that starts with them is matched from after them, with
   PCRE2_NOTBOL, as the engine does.  */
idx_t pcre2_which_find (struct pcre2_which const *w, idx_t npats,
                        pcre2_match_data *md, pcre2_match_context *mc,
                        char const *buf, idx_t len, idx_t beg,
                        bool const *lone);

#endif
