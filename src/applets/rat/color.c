/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* color.c: --color rules compiled with PCRE2 (see color.h).  Patterns are
   byte-oriented (no UTF mode): lines may hold any bytes, NULs included,
   since PCRE2 takes a length.  JIT is used when the library has it.  */

#include <config.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "exitfail.h"
#include "quote.h"
#include "xalloc.h"

#include "system.h"

#include "applets/rat/color.h"

struct color_rule
{
  pcre2_code *re;
  char *sgr;   /* "\033[...m" */
};

struct color_rules
{
  struct color_rule *v;
  idx_t n, alloc;
  idx_t n_user;           /* user rules come first, at v[0..n_user) */
  pcre2_match_data *md;
};

/* The built-in rules, tried after the user's: whole words only, so that
   "terrorist" and a count such as "0 errors" stay plain
   (tests/rat/color.sh).  */
static struct
{
  char const *re;
  char const *sgr;
} const builtin[] = {
  { "\\b(?:error|fatal|fail|failed|failure)\\b", "31" },
  { "\\b(?:warn|warning)\\b", "33" },
  { "\\b(?:debug|trace)\\b", "34" },
};

/* Compile RE and insert it with SGR at index AT of RULES.  On a bad
   pattern, die naming SPEC.  */
static void
insert_rule (struct color_rules *rules, idx_t at, char const *re,
             idx_t re_len, char const *sgr, idx_t sgr_len,
             uint32_t flags, char const *spec)
{
  int code;
  PCRE2_SIZE offset;
  pcre2_code *c = pcre2_compile ((PCRE2_SPTR) re, re_len, flags, &code,
                                 &offset, NULL);
  if (!c)
    {
      PCRE2_UCHAR msg[256];
      pcre2_get_error_message (code, msg, sizeof msg);
      error (exit_failure, 0, G_("invalid --color-rule %s: %s at offset %zu"),
             quote (spec), (char const *) msg, (size_t) offset);
    }
  pcre2_jit_compile (c, PCRE2_JIT_COMPLETE);
  if (rules->n == rules->alloc)
    rules->v = xpalloc (rules->v, &rules->alloc, 1, -1, sizeof *rules->v);
  memmove (rules->v + at + 1, rules->v + at,
           (rules->n - at) * sizeof *rules->v);
  char *s = xmalloc (sgr_len + 4);
  memcpy (s, "\033[", 2);
  memcpy (s + 2, sgr, sgr_len);
  strcpy (s + 2 + sgr_len, "m");
  rules->v[at] = (struct color_rule) { c, s };
  rules->n++;
}

struct color_rules *
color_rules_xnew (void)
{
  struct color_rules *rules = xzalloc (sizeof *rules);
  for (size_t i = 0; i < sizeof builtin / sizeof *builtin; i++)
    insert_rule (rules, rules->n, builtin[i].re, strlen (builtin[i].re),
                 builtin[i].sgr, strlen (builtin[i].sgr), PCRE2_CASELESS,
                 builtin[i].re);
  /* Whether a rule matches is all that counts: one pair of offsets.  */
  rules->md = pcre2_match_data_create (1, NULL);
  if (!rules->md)
    xalloc_die ();
  return rules;
}

void
color_rules_free (struct color_rules *rules)
{
  if (!rules)
    return;
  for (idx_t i = 0; i < rules->n; i++)
    {
      pcre2_code_free (rules->v[i].re);
      free (rules->v[i].sgr);
    }
  free (rules->v);
  pcre2_match_data_free (rules->md);
  free (rules);
}

void
color_rules_xadd (struct color_rules *rules, char const *spec)
{
  char const *eq = strrchr (spec, '=');
  char const *sgr = eq ? eq + 1 : "";
  idx_t sgr_len = strlen (sgr);
  /* An SGR parameter list: "1;31", "38;5;208".  Nothing else may reach
     the terminal.  */
  if (!eq || eq == spec || sgr_len == 0 || 64 < sgr_len
      || strspn (sgr, "0123456789;") != sgr_len)
    error (exit_failure, 0,
           G_("invalid --color-rule %s: expected REGEX=SGR,"
              " as in 'err=1;31'"), quote (spec));
  insert_rule (rules, rules->n_user, spec, eq - spec, sgr, sgr_len, 0,
               spec);
  rules->n_user++;
}

char const *
color_rules_match (struct color_rules *rules, char const *line, idx_t len)
{
  for (idx_t i = 0; i < rules->n; i++)
    if (0 <= pcre2_match (rules->v[i].re, (PCRE2_SPTR) line, len, 0, 0,
                          rules->md, NULL))
      return rules->v[i].sgr;
  return NULL;
}
