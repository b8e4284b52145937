/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* pcre2-join.h: the one pattern PCRE2 compiles for the patterns of grab
   and grep -P: the patterns as alternatives, -x through PCRE2's own
   PCRE2_EXTRA_MATCH_LINE, and -w's wrapper, written so that what each
   pattern means alone survives the joining (leading option verbs stay
   first, a trailing comment of (?x) does not eat the closing
   parenthesis).  Compiles, and says why a compile failed; matches
   nothing.  */

#ifndef GRABRAT_ENGINES_PCRE2_JOIN_H
#define GRABRAT_ENGINES_PCRE2_JOIN_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "engines/engine.h"
#include "idx.h"

/* Compile PAT's patterns, -w and -x as one pattern with the options OPTS
   and the compile context CC (whose extra options this sets for -x).
   Return the code, or NULL with PCRE2's error code and offset in *CODE
   and *OFF, and in *RE (malloc'd, the caller frees it) and *LEN the
   pattern that failed.  Thread safety: as pcre2_compile with CC.  */
pcre2_code *pcre2_join_compile (struct engine_pattern const *pat,
                                uint32_t opts, pcre2_compile_context *cc,
                                int *code, PCRE2_SIZE *off, char **re,
                                idx_t *len);

/* As pcre2_join_compile, with each pattern's alternative ended by the
   mark (*:I), I its index in PAT: the mark of a match (pcre2_get_mark)
   then says which pattern it is a match of, as the last mark passed on
   the matching path.  Return NULL if that does not compile.  */
pcre2_code *pcre2_join_compile_marked (struct engine_pattern const *pat,
                                       uint32_t opts,
                                       pcre2_compile_context *cc);

/* The index of the first of PAT's patterns that does not compile alone
   with OPTS and CC, without -w and -x (PCRE2's error code and offset in
   *CODE and *OFF), or -1 if each does.  */
idx_t pcre2_join_first_bad (struct engine_pattern const *pat, uint32_t opts,
                            pcre2_compile_context *cc, int *code,
                            PCRE2_SIZE *off);

/* The message for PAT's patterns, which failed to compile as RE (LEN
   bytes, from pcre2_join_compile) with CODE at offset OFF: grep's bare
   PCRE2 message when PAT->bare_errors, else the first pattern that fails
   alone, quoted, with its offset, or RE's if each compiles alone.
   Malloc'd.  */
char *pcre2_join_error (struct engine_pattern const *pat, uint32_t opts,
                        pcre2_compile_context *cc, int code,
                        PCRE2_SIZE off, char const *re, idx_t len);

#endif
