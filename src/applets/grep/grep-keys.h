/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* grep-keys.h: which of grep's matchers takes its -G, -E or -F patterns,
   by grep 3.8's rules, and the rewriting that goes with the choice.  */

#ifndef GRABRAT_GREP_GREP_KEYS_H
#define GRABRAT_GREP_GREP_KEYS_H

#include <stdbool.h>

#include "engines/engine.h"
#include "front/cmdline.h"

/* Whether the string matcher (engine-fixed.c) takes the patterns P, which
   are strings if LITERAL (-F), else regular expressions of SYNTAX, under
   ICASE and WORD, in the current locale (LI, gnulib's localeinfo of it).  If it does, P holds the strings
   (a -G or -E pattern's escapes removed), and *GREP_FIXED says whether
   grep 3.8 searches them with its own string matcher too, which differs
   from its regex matcher in one corner of -w (see engine-fixed.c); if
   not, P holds regular expressions of SYNTAX, or BREs when LITERAL.  */
struct localeinfo;
bool grep_keys_fixed (struct localeinfo const *li, struct patterns *p,
                      bool literal, enum engine_syntax syntax, bool icase,
                      bool word, bool *grep_fixed);

#endif
