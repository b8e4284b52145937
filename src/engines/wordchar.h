/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* wordchar.h: grep's word constituents (-w): letters, digits and '_' of
   the locale, single bytes by table and multibyte characters through
   mbrtowc; an encoding error is never a word constituent.  The table is
   filled once (wordchar_init) and read-only after, so threads share it.  */

#ifndef GRABRAT_ENGINES_WORDCHAR_H
#define GRABRAT_ENGINES_WORDCHAR_H

#include <stdbool.h>

#include "idx.h"
#include "localeinfo.h"   /* it has no include guard: include it only here */

struct wordchars
{
  struct localeinfo const *li;
  bool sb[256];   /* single bytes that are word constituents */
};

/* Fill W for the locale LI describes (LI must outlive W).  */
void wordchar_init (struct wordchars *w, struct localeinfo const *li);

/* Whether the character that starts at P (before END) is a word
   constituent.  */
bool wordchar_at (struct wordchars const *w, char const *p, char const *end);

/* Whether the character that holds the byte before CUR is a word
   constituent; BEG starts the line (a character boundary), END ends it.  */
bool wordchar_before (struct wordchars const *w, char const *beg,
                      char const *cur, char const *end);

#endif
