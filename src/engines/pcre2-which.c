/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* pcre2-which.c: which pattern a PCRE2 match belongs to (see
   pcre2-which.h).  A pattern of the user's own that sets marks does not
   confuse it: ours comes last on the matching path.  One that ends its
   match early with (*ACCEPT) passes no mark of ours: the answer is then
   -1 (JSON null), never a wrong index.  */

#include <config.h>

#include <stdlib.h>

#include "c-ctype.h"
#include "xalloc.h"

#include "engines/pcre2-join.h"
#include "engines/pcre2-which.h"

struct pcre2_which
{
  pcre2_code *code;
  bool jit;
  char eol;
};

struct pcre2_which *
pcre2_which_new (struct engine_pattern const *pat, uint32_t opts,
                 pcre2_compile_context *cc)
{
  if (pat->n < 2)
    return NULL;
  pcre2_code *c = pcre2_join_compile_marked (pat, opts | PCRE2_ANCHORED, cc);
  if (!c)
    return NULL;
  struct pcre2_which *w = xmalloc (sizeof *w);
  w->code = c;
  size_t jit_size = 0;
  w->jit = (pcre2_jit_compile (c, PCRE2_JIT_COMPLETE) == 0
            && pcre2_pattern_info (c, PCRE2_INFO_JITSIZE, &jit_size) == 0
            && 0 < jit_size);
  w->eol = pat->eol;
  return w;
}

void
pcre2_which_free (struct pcre2_which *w)
{
  if (w)
    {
      pcre2_code_free (w->code);
      free (w);
    }
}

idx_t
pcre2_which_find (struct pcre2_which const *w, idx_t npats,
                  pcre2_match_data *md, pcre2_match_context *mc,
                  char const *buf, idx_t len, idx_t beg, bool const *lone)
{
  if (!w)
    return npats < 2 ? 0 : -1;
  idx_t subj = record_begin (buf, 0, beg, w->eol);
  idx_t end = record_end (buf, beg, len, w->eol);
  uint32_t opts = 0;
  if (lone && subj < beg && lone[(unsigned char) buf[subj]])
    {
      while (subj < beg && lone[(unsigned char) buf[subj]])
        subj++;
      opts = PCRE2_NOTBOL;
    }
  PCRE2_SPTR s = (PCRE2_SPTR) buf + subj;
  int rc = (w->jit
            ? pcre2_jit_match (w->code, s, end - subj, beg - subj, opts, md,
                               mc)
            : pcre2_match (w->code, s, end - subj, beg - subj, opts, md, mc));
  if (rc < 0)
    return -1;
  char const *mark = (char const *) pcre2_get_mark (md);
  if (!mark || !c_isdigit (*mark))
    return -1;
  idx_t i = 0;
  for (; c_isdigit (*mark); mark++)
    {
      i = 10 * i + (*mark - '0');
      if (npats <= i)
        return -1;
    }
  return *mark ? -1 : i;
}
