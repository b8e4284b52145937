/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* engine-hs.c: grab's Hyperscan engine (-H).  Hyperscan, loaded with
   dlopen on first use (linking it would cost every applet's start-up: it
   pulls in a C++ runtime), scans whole buffers for the first line that may
   match; PCRE2 then decides on that line alone.  The patterns are given to
   Hyperscan in prefilter mode, which accepts every PCRE construct by
   widening it, so its lines are a superset of PCRE2's and the output is
   exactly the PCRE2 engine's.  Where even that could miss a line (UTF-8
   '.' and classes beyond ASCII, Unicode case folding, patterns that match
   the empty string, anchors to the subject's bounds) the engine leaves
   everything to PCRE2; so it does where PCRE2's engine has a prefilter of
   its own, which is faster.  */

#include <config.h>

#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <hs.h>

#include "c-ctype.h"
#include "xalloc.h"
#include "xvasprintf.h"

#include "system.h"

#include "io/dlsyms.h"
#include "engines/engine.h"
#include "engines/pcre2-scope.h"

/* The Hyperscan functions we use, found with dlsym.  */
struct hs_api
{
  void *handle;
  hs_error_t (*compile_multi) (char const *const *, unsigned const *,
                               unsigned const *, unsigned,
                               unsigned, hs_platform_info_t const *,
                               hs_database_t **, hs_compile_error_t **);
  hs_error_t (*compile_lit_multi) (char const *const *, unsigned const *,
                                   unsigned const *, size_t const *,
                                   unsigned, unsigned,
                                   hs_platform_info_t const *,
                                   hs_database_t **, hs_compile_error_t **);
  hs_error_t (*free_compile_error) (hs_compile_error_t *);
  hs_error_t (*free_database) (hs_database_t *);
  hs_error_t (*alloc_scratch) (hs_database_t const *, hs_scratch_t **);
  hs_error_t (*free_scratch) (hs_scratch_t *);
  hs_error_t (*scan) (hs_database_t const *, char const *, unsigned,
                      unsigned, hs_scratch_t *, match_event_handler, void *);
};

struct hre
{
  struct hs_api api;
  hs_database_t *db;   /* NULL: PCRE2 alone */
  void *pcre;          /* the PCRE2 engine's compiled form: the decider */
  char eol;
  char const *why_not; /* why Hyperscan is not used (DB is NULL) */
  char *description;   /* for --debug */
};

struct hscratch
{
  hs_scratch_t *hs;
  hs_error_t (*free_scratch) (hs_scratch_t *);
  void *pcre;
  bool scan_failed;     /* Hyperscan failed, not PCRE2 */
};

/* Load libhs and its functions into *API.  Return NULL or why not.  */
static char const *
load_api (struct hs_api *api)
{
  struct dlsym_want const syms[] = {
    { "hs_compile_multi", (void **) &api->compile_multi },
    { "hs_compile_lit_multi", (void **) &api->compile_lit_multi },
    { "hs_free_compile_error", (void **) &api->free_compile_error },
    { "hs_free_database", (void **) &api->free_database },
    { "hs_alloc_scratch", (void **) &api->alloc_scratch },
    { "hs_free_scratch", (void **) &api->free_scratch },
    { "hs_scan", (void **) &api->scan },
  };
  return dlsyms_load (HS_SONAME, syms, sizeof syms / sizeof *syms,
                      &api->handle);
}

/* Whether Hyperscan's byte-oriented reading of the regex P, N bytes, finds
   every line PCRE2 finds in UTF mode: no '.', negated class or class
   escape that PCRE2 would let match a whole multibyte character (\v and
   \h too: in UTF mode they take U+0085, U+00A0, U+2028 and others,
   where Hyperscan sees only bytes: fuzz-grab-search found '\v\v' on
   U+0085 twice), no code
   written as a number (\x{e9} is a character there, a byte here), no
   non-ASCII character (a quantifier after one applies to its last byte
   here), no inline option (caseless matching folds beyond ASCII there).  */
static bool
utf8_safe (char const *p, idx_t n)
{
  for (idx_t i = 0; i < n; i++)
    if (p[i] == '.' || (p[i] == '[' && i + 1 < n && p[i + 1] == '^')
        || 0x80 <= (unsigned char) p[i]
        || (p[i] == '(' && i + 2 < n && p[i + 1] == '?'
            && (c_isalpha (p[i + 2]) || p[i + 2] == '-'
                || p[i + 2] == '^')))
      return false;
    else if (p[i] == '\\' && i + 1 < n)
      {
        if (strchr ("WSDHVNXCRvhpPxouUcgk0123456789Q", p[++i]))
          return false;
      }
  return true;
}

static void *
hs_engine_compile (struct engine_pattern const *pat, char **err)
{
  void *pcre = engine_pcre2.compile (pat, err);
  if (!pcre)
    return NULL;
  struct hre *h = xzalloc (sizeof *h);
  h->pcre = pcre;
  h->eol = pat->eol;
  char const *why = load_api (&h->api);
  if (why)
    {
      *err = xasprintf ("-H: cannot load Hyperscan: %s", why);
      engine_pcre2.free (pcre);
      free (h);
      return NULL;
    }

  /* When would Hyperscan miss a line?  See the top of this file.  */
  h->why_not = (pat->eol != '\n' ? "-z"
                : engine_pcre2.min_length (pcre) == 0
                ? "the pattern can match the empty string"
                : pat->utf8 && pat->icase ? "caseless in a UTF-8 locale"
                : NULL);
  for (idx_t i = 0; !h->why_not && i < pat->n && !pat->literal; i++)
    {
      /* \A, \z, \G mean the subject's bounds to Hyperscan (the buffer)
         but a line's to grep; (?-m) and verbs change what ^ and $ mean:
         pcre2-scope says SCOPE_LINE for those, and for lookaround that
         may see past a line.  */
      if (pcre2_pattern_scope (pat->pats[i], pat->lens[i]) == SCOPE_LINE)
        h->why_not = "the pattern depends on where the subject starts or "
                     "ends, or looks past a line";
      else if (pat->utf8 && !utf8_safe (pat->pats[i], pat->lens[i]))
        h->why_not = "in a UTF-8 locale, the pattern matches characters "
                     "Hyperscan sees as bytes";
    }
  /* Where PCRE2's engine has a prefilter of its own, Hyperscan only
     adds its cost: on the 1.1 GiB bench file, one thread, -c, 7 rotated
     rounds (2026-12-03), -H took over grab's time: PM_RESUME 1.09, linus
     1.14, foobardoesnotexist 1.11, '[how] to' 2.06, '\w+_RESUME' 1.23,
     'struct \w+ \{' 1.41, return 1.70, '(e.t[^ ]*|v.ry) rare' 1.23,
     '^how to' 1.01; '[a-z]+ing\b' (the literal 'ing', no pair) 2.09.
     Hyperscan wins without one: 'how.to' 0.85, '\d{6,}' 0.95, and 200
     words with -F -f 0.49.  */
  if (!h->why_not && engine_pcre2_skips_lines (pcre))
    h->why_not = "grab's own prefilter is faster";
  if (h->why_not)
    return h;

  /* -w and -x only narrow the matches: Hyperscan need not know.  */
  unsigned n = pat->n;
  unsigned *flags = xnmalloc (n, sizeof *flags);
  unsigned *ids = xnmalloc (n, sizeof *ids);
  size_t *lens = xnmalloc (n, sizeof *lens);
  char **exprs = xnmalloc (n, sizeof *exprs);
  for (unsigned i = 0; i < n; i++)
    {
      /* (The literal API takes no MULTILINE or PREFILTER flag.)  */
      flags[i] = (HS_FLAG_SINGLEMATCH
                  | (pat->icase ? HS_FLAG_CASELESS : 0)
                  | (pat->literal
                     ? 0 : HS_FLAG_MULTILINE | HS_FLAG_PREFILTER));
      ids[i] = i;
      lens[i] = pat->lens[i];
      exprs[i] = xmemdup (pat->pats[i], lens[i] + 1);
      exprs[i][lens[i]] = '\0';
    }
  hs_compile_error_t *ce = NULL;
  hs_error_t e = (pat->literal
                  ? h->api.compile_lit_multi ((char const *const *) exprs,
                                              flags, ids, lens, n,
                                              HS_MODE_BLOCK, NULL, &h->db,
                                              &ce)
                  : h->api.compile_multi ((char const *const *) exprs, flags,
                                          ids, n, HS_MODE_BLOCK, NULL,
                                          &h->db, &ce));
  /* A pattern even prefilter mode rejects (or one with a NUL byte) is
     left to PCRE2: the answers are the same, only slower.  */
  if (e != HS_SUCCESS)
    {
      if (ce)
        h->api.free_compile_error (ce);
      h->db = NULL;
      h->why_not = "Hyperscan cannot compile the pattern";
    }
  for (unsigned i = 0; i < n; i++)
    free (exprs[i]);
  free (exprs);
  free (lens);
  free (ids);
  free (flags);
  return h;
}

static void
hs_engine_free (void *re)
{
  struct hre *h = re;
  if (h)
    {
      if (h->db)
        h->api.free_database (h->db);
      engine_pcre2.free (h->pcre);
      free (h->description);
      if (h->api.handle)
        dlclose (h->api.handle);
      free (h);
    }
}

static void *
hs_engine_scratch_new (void const *re)
{
  struct hre const *h = re;
  struct hscratch *s = xzalloc (sizeof *s);
  s->pcre = engine_pcre2.scratch_new (h->pcre);
  s->free_scratch = h->api.free_scratch;
  if (h->db && h->api.alloc_scratch (h->db, &s->hs) != HS_SUCCESS)
    xalloc_die ();
  return s;
}

static void
hs_engine_scratch_free (void *scratch)
{
  struct hscratch *s = scratch;
  if (s)
    {
      if (s->hs)
        s->free_scratch (s->hs);
      engine_pcre2.scratch_free (s->pcre);
      free (s);
    }
}

/* Hyperscan's callback: remember where the first match ends, stop.  */
static int
on_match (unsigned id, unsigned long long from, unsigned long long to,
          unsigned flags, void *ctx)
{
  (void) id;
  (void) from;
  (void) flags;
  *(unsigned long long *) ctx = to;
  return 1;
}

/* PCRE2's find from FROM up to the end of the line of BUF[0..LEN) that
   holds AT (FROM <= AT, both in that line), which it sets *LINE_END to.  */
static int
line_find (struct hre const *h, struct hscratch *s, char const *buf,
           idx_t len, idx_t from, idx_t at, struct span *m, idx_t *line_end)
{
  char const *nl = memchr (buf + at, h->eol, len - at);
  *line_end = nl ? nl - buf + 1 : len;
  return engine_pcre2.find (h->pcre, s->pcre, buf, *line_end, from, m);
}

static int
hs_engine_find (void const *re, void *scratch, char const *buf, idx_t len,
                idx_t start, struct span *m)
{
  struct hre const *h = re;
  struct hscratch *s = scratch;
  s->scan_failed = false;
  if (!h->db)
    return engine_pcre2.find (h->pcre, s->pcre, buf, len, start, m);

  idx_t pos = start;
  /* A start inside a line (-o and colour go on from a match's end):
     Hyperscan would take it for the subject's start, where \b, \B and
     lookbehind see nothing before it ('\Ba' then misses the second 'a'
     of 'aaa').  PCRE2 decides the rest of that line alone; the scan goes
     on from the next line.  Found by tests/fuzz/fuzz-grab-search.c.  */
  if (0 < pos && pos < len && buf[pos - 1] != h->eol)
    {
      idx_t line_end;
      int r = line_find (h, s, buf, len, pos, pos, m, &line_end);
      if (r != 0)
        return r;
      pos = line_end;
    }
  while (pos < len)
    {
      /* hs_scan takes an unsigned length: scan at most 1 GiB at once,
         cut at a line end (or, for a longer line, anywhere: the match may
         then be found in the next piece, whose line is still right).  */
      idx_t n = len - pos;
      if (n > (1 << 30))
        {
          char const *nl = memrchr (buf + pos, h->eol, 1 << 30);
          n = nl ? nl - (buf + pos) + 1 : 1 << 30;
        }
      unsigned long long end = 0;
      hs_error_t e = h->api.scan (h->db, buf + pos, n, 0, s->hs, on_match,
                                  &end);
      if (e != HS_SUCCESS && e != HS_SCAN_TERMINATED)
        {
          s->scan_failed = true;
          return -1;
        }
      if (e == HS_SUCCESS)
        {
          pos += n;
          continue;
        }
      /* The first match ends in the first line that may match (matches
         end in line order); PCRE2 decides on that line.  */
      idx_t at = pos + end - (0 < end);
      char const *prev = memrchr (buf + pos, h->eol, at - pos);
      idx_t from = prev ? prev - buf + 1 : pos;
      idx_t line_end;
      int r = line_find (h, s, buf, len, from, at, m, &line_end);
      if (r != 0)
        return r;
      pos = line_end;
    }
  return 0;
}

static char const *
hs_engine_error (void const *scratch, int *code)
{
  struct hscratch const *s = scratch;
  if (!s->scan_failed)
    return engine_pcre2.error (s->pcre, code);
  *code = 0;
  return N_("%s: Hyperscan scan failed");
}

/* Which records the pattern selects does not depend on who finds the
   candidates: PCRE2's answer serves ('-c ^' took 2.35 times grab's time
   under -H while each line went through the engine).  */
static bool
hs_engine_selects_all (void const *re, bool const **unsure)
{
  struct hre const *h = re;
  return engine_pcre2.selects_all (h->pcre, unsure);
}

static bool
hs_engine_probe_empty (void const *re, void *scratch)
{
  struct hre const *h = re;
  struct hscratch *s = scratch;
  return engine_pcre2.probe_empty (h->pcre, s->pcre);
}

static idx_t
hs_engine_min_length (void const *re)
{
  struct hre const *h = re;
  return engine_pcre2.min_length (h->pcre);
}

/* Which pattern a match is PCRE2's answer too, though Hyperscan reports
   each candidate with its pattern's id: PCRE2 decides the match, and in
   prefilter mode Hyperscan's id is of a widened pattern, which may not
   be the one PCRE2's leftmost-first alternation took.  */
static idx_t
hs_engine_which (void const *re, void *scratch, char const *buf, idx_t len,
                 struct span const *m)
{
  struct hre const *h = re;
  struct hscratch *s = scratch;
  return engine_pcre2.which (h->pcre, s->pcre, buf, len, m);
}

static char const *
hs_engine_describe (void const *re)
{
  struct hre *h = (struct hre *) re;
  if (!h->description)
    {
      char const *pd = engine_pcre2.describe (h->pcre);
      char const *fmt = (h->db
                         ? "hyperscan: candidate lines from Hyperscan, "
                           "confirmed by %s%s"
                         : "hyperscan: not used (%s); %s");
      char const *a = h->db ? pd : h->why_not;
      char const *b = h->db ? "" : pd;
      h->description = xasprintf (fmt, a, b);
    }
  return h->description;
}

struct engine_ops const engine_hs = {
  .name = "hyperscan",
  .compile = hs_engine_compile,
  .free = hs_engine_free,
  .scratch_new = hs_engine_scratch_new,
  .scratch_free = hs_engine_scratch_free,
  .find = hs_engine_find,
  .error = hs_engine_error,
  .selects_all = hs_engine_selects_all,
  .probe_empty = hs_engine_probe_empty,
  .min_length = hs_engine_min_length,
  .which = hs_engine_which,
  .describe = hs_engine_describe,
};
