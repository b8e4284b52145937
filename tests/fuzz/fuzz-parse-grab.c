/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* fuzz-parse-grab.c: grab's option and pattern parsing never crash.  The
   fuzz data, cut at NUL bytes, is a command line for grab's parser
   (options.c); its patterns then go through the pattern readers
   (pcre2-scope.c, pcre2-literal.c) and the engines' compilers, and are
   run once.  The oracle is the sanitizers: no crash, overflow, undefined
   behaviour or hang.  See parse-jump.h for how exits come back.

   Sources: src/applets/grab/options src/applets/grab/usage src/engines/engine
   Sources: src/front/cmdline src/front/defaults
   Sources: src/engines/linescan src/engines/utf8chars
   Sources: src/engines/engine-pcre2 src/engines/pcre2-prefilter src/engines/litset
   Sources: src/engines/teddy
   Sources: src/engines/pcre2-literal src/engines/literal src/engines/pcre2-scope
   Sources: src/engines/pcre2-join
   Sources: src/engines/byteseq src/engines/pcre2-which src/optdump
   Sources: src/io/dlsyms
   Optional sources: src/engines/engine-hs
   Fuzzer flags: -detect_leaks=0
   Sanitizer options: detect_leaks=0
*/

#include <config.h>

#include "parse-jump.h"

#include "engines/engine.h"
#include "search/config.h"
#include "applets/grab/options.h"
#include "engines/pcre2-literal.h"
#include "engines/pcre2-scope.h"

/* Read, compile and run the patterns of CL.  */
static void
use_patterns (struct front_cmdline *cl)
{
  if (!cl->have_keys && 0 < cl->nfiles)
    cmdline_add_patterns (&cl->pats, cl->files[0], strlen (cl->files[0]));
  for (idx_t i = 0; i < cl->pats.n; i++)
    {
      struct literal l;
      pcre2_pattern_scope (cl->pats.pats[i], cl->pats.lens[i]);
      for (int k = 0; k < 4; k++)
        if (pcre2_required_literal (cl->pats.pats[i], cl->pats.lens[i],
                                    cl->literal, k & 1, k & 2, &l))
          literal_free (&l);
    }
  for (int k = 0; k < 2 && 0 < cl->pats.n; k++)
    {
      char const *why;
      struct engine_ops const *eng
        = k ? engine_named ("hyperscan", &why) : &engine_pcre2;
      if (!eng)
        continue;
      struct engine_pattern ep = {
        .pats = (char const *const *) cl->pats.pats, .lens = cl->pats.lens,
        .n = cl->pats.n, .literal = cl->literal, .icase = cl->icase,
        .word = cl->word, .line = cl->line_x, .utf8 = false, .eol = '\n',
      };
      char *err = NULL;
      void *re = eng->compile (&ep, &err);
      if (re)
        {
          void *scratch = eng->scratch_new (re);
          struct span m;
          eng->find (re, scratch, "foo bar\n", 8, 0, &m);
          eng->scratch_free (scratch);
          eng->free (re);
        }
      free (err);
    }
}

int LLVMFuzzerTestOneInput (uint8_t const *data, size_t size);

int
LLVMFuzzerTestOneInput (uint8_t const *data, size_t size)
{
  if (4096 < size)
    return 0;
  char *buf = malloc (size + 1);
  char *argv[18];
  int argc = parse_argv ("grab", data, size, buf, argv, 18);
  static struct search_config o;
  static struct front_cmdline cl;
  memset (&o, 0, sizeof o);
  memset (&cl, 0, sizeof cl);
  PARSE_RUN (grab_parse_options (argc, argv, &o, &cl); use_patterns (&cl));
  /* Whatever the parser got to allocate, even when it gave up.  */
  for (idx_t i = 0; i < cl.pats.n; i++)
    free (cl.pats.pats[i]);
  free (cl.pats.pats);
  free (cl.pats.lens);
  free (buf);
  return 0;
}
