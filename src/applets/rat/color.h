/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* color.h: rat's --color rules: which SGR colour a line gets.  User rules
   (--color-rule=REGEX=SGR, PCRE2 syntax, tried in the order given) come
   before the built-in ones (error, fatal, fail: red; warn: yellow; debug,
   trace: blue; any case).  The first rule that matches anywhere in the
   line wins.  Knows nothing of output or of where lines come from.  */

#ifndef GRABRAT_RAT_COLOR_H
#define GRABRAT_RAT_COLOR_H

#include "idx.h"

struct color_rules;

/* New rules holding the built-in ones.  Dies on memory exhaustion.  */
struct color_rules *color_rules_xnew (void);

void color_rules_free (struct color_rules *rules);

/* Add the user rule SPEC, "REGEX=SGR", SGR being digits and semicolons
   (as in "1;31").  Dies with a message if SPEC is not such a rule or
   REGEX does not compile.  */
void color_rules_xadd (struct color_rules *rules, char const *spec);

/* The escape sequence that starts the colour of the LEN-byte LINE (no
   newline in it), or NULL if no rule matches.  The string belongs to
   RULES.  */
char const *color_rules_match (struct color_rules *rules, char const *line,
                               idx_t len);

#endif
