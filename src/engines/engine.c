/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* engine.c: the table of grab's engines.  The only place where a build
   option (Hyperscan) decides which engines exist.  */

#include <config.h>

#include <stddef.h>
#include <string.h>

#include "engines/engine.h"

static struct engine_ops const *const engines[] = {
  &engine_pcre2,
#if HAVE_HYPERSCAN
  &engine_hs,
#endif
};

struct engine_ops const *
engine_at (idx_t i)
{
  return i < (idx_t) (sizeof engines / sizeof *engines) ? engines[i] : NULL;
}

bool
engine_every_line_form (struct engine_pattern const *pat, bool caret)
{
  static char const *const forms[] = { "", "$", ".*", "^", "^.*" };
  /* (With -F only '' is one: '$' is a dollar sign there.)  */
  size_t nforms = pat->literal ? 1 : caret ? 5 : 3;
  for (idx_t i = 0; i < pat->n && !pat->word && !pat->line; i++)
    for (size_t k = 0; k < nforms; k++)
      if (pat->lens[i] == (idx_t) strlen (forms[k])
          && memcmp (pat->pats[i], forms[k], pat->lens[i]) == 0)
        return true;
  return false;
}

struct engine_ops const *
engine_named (char const *name, char const **why)
{
  for (size_t i = 0; i < sizeof engines / sizeof *engines; i++)
    if (strcmp (engines[i]->name, name) == 0)
      return engines[i];
  *why = "not built in (configure --with-hyperscan)";
  return NULL;
}
