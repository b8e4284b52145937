/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* pcre2-scope.h: can a PCRE2 pattern be run over many lines at once?
   grep -P matches each line on its own.  Matching a whole buffer of lines
   in one call (with PCRE2_MULTILINE) is much faster and gives the same
   answers when the pattern can never consume or look at a newline and
   does not depend on where the subject starts or ends.  This module reads
   the pattern's text and answers conservatively; it knows PCRE2 syntax,
   nothing else.  */

#ifndef GRABRAT_ENGINES_PCRE2_SCOPE_H
#define GRABRAT_ENGINES_PCRE2_SCOPE_H

#include "idx.h"

enum pcre2_scope
{
  /* No part of the pattern can match or see a newline: a match in a
     multi-line buffer is a match in its line, and no line's match is
     missed.  */
  SCOPE_BUFFER,
  /* Some consuming part may match a newline (\s, [^x], \D, (?s). ...), but
     no assertion can see past a line and nothing depends on the subject's
     bounds: buffer matches that stay inside a line are right, and the
     leftmost one is never later than the leftmost line match, so a match
     that spans lines only needs its first line re-checked on its own.  */
  SCOPE_SPAN,
  /* Anything else (\A, \z, \G, \K, lookaround that may see a newline,
     backtracking verbs, option changes, what we cannot read): match line
     by line, as grep does.  */
  SCOPE_LINE
};

/* The scope of the N-byte PCRE2 pattern P, compiled without PCRE2_EXTENDED
   and with '\n' as the line end.  */
enum pcre2_scope pcre2_pattern_scope (char const *p, idx_t n);

#endif
