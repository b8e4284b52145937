/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* engine-dfa.c: grep's -G and -E (GNU's basic and extended regular
   expressions) through gnulib's dfa and regex modules, used the way GNU
   grep 3.8 uses them (dfasearch.c), so that lines and spans are grep's:

   - select: the DFA, given every pattern at once (wrapped for -w and -x),
     finds the next line that matches; where it cannot decide (a
     back-reference, a construct it does not support in this locale) the
     line goes to regex, one pattern at a time, with -x taken as a match
     of the whole line and -w as grep's walk over shorter and later
     matches until one has no word constituent on either side.
   - find: the leftmost, then longest match of any pattern at or after a
     point of a line (-o, --color), with the same -w walk.

   Patterns that may hold a back-reference get a regex each (a
   back-reference is local to its pattern); the others share one, joined
   by newlines (GNU regex takes a newline as '|' under grep's syntax).

   The compiled form shared by threads keeps only the patterns and the
   settings: a DFA builds its states as it runs and a regex keeps its
   fastmap and registers, so each thread compiles its own (scratch_new).
   compile checks the patterns first with grep's diagnostics: regex's
   message for each bad pattern, then status 2; the DFA's errors and
   warnings through dfaerror and dfawarn.

   The DFA stores a sentinel at the end of what it scans, and puts the
   byte back after: select needs BUF[LEN] writable, as read buffers are
   (io/input.h pads them) and plain mappings are not: writes_end says so,
   and settle.c then asks for writable mappings.  */

#include <config.h>

#include <ctype.h>
#include <limits.h>
#include <pthread.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "c-ctype.h"
#include "dfa.h"
#include "error.h"
#include "xalloc.h"

#include "system.h"
#include "engines/engine.h"
#include "engines/literal.h"
#include "engines/wordchar.h"

struct dfa_re
{
  struct localeinfo li;
  struct wordchars words;
  reg_syntax_t syntax;      /* GNU regex syntax bits, RE_ICASE for -i */
  int dfaopts;              /* dfasyntax's options, warnings included */
  char *keys;               /* the patterns, each ending in a newline */
  idx_t keylen;
  char const *const *file;  /* where each came from (engine_pattern) */
  idx_t const *lineno;
  bool word, line, icase;
  bool all;                 /* selects every line (dfa_selects_all) */
  struct literal must;      /* a string in every match (if len > 0),
                               caseless for -i: required_string */
  char eol;
};

struct dfa_scratch
{
  struct dfa_re const *re;
  struct dfa *dfa;
  struct re_pattern_buffer *pats;  /* the regexes */
  idx_t npats;
  struct re_pattern_buffer *pats_alloc;
  /* One set of registers per regex: regex allocates a set the first time
     a pattern buffer uses it and reallocates it after, so a set shared
     by two buffers would be allocated twice and the first one lost.  */
  struct re_registers *regs;
  char const *error;
};

/* GNU regex reads its syntax from a process-wide variable that
   re_set_syntax sets: threads that compile at once take turns.  */
static pthread_mutex_t syntax_lock = PTHREAD_MUTEX_INITIALIZER;

/* gnulib's dfa reports through these two, as grep's do.  */
void
dfaerror (char const *mesg)
{
  error (EXIT_TROUBLE, 0, "%s", mesg);
  abort ();
}

void
dfawarn (char const *mesg)
{
  error (0, 0, _("warning: %s"), mesg);
}

/* Whether P[0..LEN) might hold a back-reference ('\1' to '\9').  A false
   alarm ('[\1]') only costs speed.  BS_SAFE: a backslash cannot end a
   multibyte character, so '\\' is one escaped backslash.  */
static bool
may_backref (char const *p, idx_t len, bool bs_safe)
{
  for (idx_t i = 0; i + 1 < len; i++)
    if (p[i] == '\\')
      {
        if ('1' <= p[i + 1] && p[i + 1] <= '9')
          return true;
        if (bs_safe && p[i + 1] == '\\')
          i++;
      }
  return false;
}

/* Compile P[0..LEN) into *PAT with regex; return regex's message on
   failure.  SYNTAX_ONLY: only check it.  Call with syntax_lock held.  */
static char const *
regex_compile (struct dfa_re const *re, struct re_pattern_buffer *pat,
               char const *p, idx_t len, bool syntax_only)
{
  *pat = (struct re_pattern_buffer) { 0 };
  /* No fastmap with -i: glibc bug 20381, as grep says.  */
  if (! (syntax_only || re->icase))
    pat->fastmap = xmalloc (UCHAR_MAX + 1);
  re_set_syntax (re->syntax | (syntax_only ? RE_NO_SUB : 0));
  char const *err = re_compile_pattern (p, len, pat);
  if (err || syntax_only)
    regfree (pat);
  return err;
}

/* The DFA's pattern: the keys, wrapped for -x or -w as grep wraps them
   (the regexes get the bare patterns).  Return it in malloc'd memory
   with its length in *LEN.  */
static char *
dfa_motif (struct dfa_re const *re, idx_t *len)
{
  bool bk = ! (re->syntax & RE_NO_BK_PARENS);
  char const *pre = "", *post = "";
  if (re->line)
    pre = bk ? "^\\(" : "^(", post = bk ? "\\)$" : ")$";
  else if (re->word)
    {
      pre = bk ? "\\(^\\|[^[:alnum:]_]\\)\\(" : "(^|[^[:alnum:]_])(";
      post = bk ? "\\)\\([^[:alnum:]_]\\|$\\)" : ")([^[:alnum:]_]|$)";
    }
  idx_t klen = re->keylen - 1;   /* without the last newline */
  idx_t n = strlen (pre) + klen + strlen (post);
  char *m = xmalloc (n + 1);
  char *q = stpcpy (m, pre);
  q = mempcpy (q, re->keys, klen);
  strcpy (q, post);
  *len = n;
  return m;
}

/* Whether every character that the byte C matches without case, in
   this locale, is an ASCII byte that ASCII folding maps to C's (a byte
   of no letter matches itself alone).  Not 'k', 's' or 'i' in UTF-8
   (glibc: U+212A KELVIN SIGN, U+017F LONG S, U+0131 DOTLESS I), nor 'i'
   in a Turkish locale.  */
static bool
ascii_caseless (unsigned char c)
{
  if (0x80 <= c)
    return false;
  if (!c_isalpha (c))
    return true;
  if (c_tolower (toupper (c)) != c_tolower (c)
      || c_tolower (tolower (c)) != c_tolower (c))
    return false;
  wchar_t folded[CASE_FOLDED_BUFSIZE];
  int n = case_folded_counterparts (c, folded);
  for (int i = 0; i < n; i++)
    if (0x80 <= folded[i] || c_tolower (folded[i]) != c_tolower (c))
      return false;
  return true;
}

/* For -i: a string every match of RE holds, to be compared without
   ASCII case, or an empty literal.  The DFA's own dfamust has none in a
   multibyte locale (a letter's case class is no one character there), so
   the string is taken from RE's patterns parsed with case: under -i
   each of its characters matches that character's case counterparts,
   so its longest piece of bytes that ascii_caseless accepts is in every
   match, in some mix of ASCII cases.  */
static struct literal
caseless_must (struct dfa_re const *re)
{
  struct literal l = { 0 };
  struct dfa *d = dfaalloc ();
  dfasyntax (d, &re->li, re->syntax & ~RE_ICASE,
             re->dfaopts & ~(DFA_STRAY_BACKSLASH_WARN | DFA_PLUS_WARN
                             | DFA_STAR_WARN));
  idx_t mlen;
  char *motif = dfa_motif (re, &mlen);
  dfaparse (motif, mlen, d);
  free (motif);
  struct dfamust *dm = dfamust (d);
  if (dm)
    {
      char const *m = dm->must;
      idx_t best = 0, best_len = 0;
      for (idx_t i = 0; m[i]; )
        {
          idx_t j = i;
          while (m[j] && ascii_caseless (m[j]))
            j++;
          if (best_len < j - i)
            best = i, best_len = j - i;
          i = m[j] ? j + 1 : j;
        }
      if (best_len)
        l = (struct literal) { .bytes = ximemdup0 (m + best, best_len),
                               .len = best_len, .icase = true };
      dfamustfree (dm);
    }
  dfafree (d);
  free (d);
  return l;
}

/* The string every match of RE holds, from its parsed DFA D, or an
   empty literal.  It narrows the search to the lines that hold it: its
   packed pair finds it (literal.c), without case for -i
   (caseless_must).  'grabrat grep -r -i pm_resume' on bench/corpus.sh's
   tree, 2 threads: 0.67 s in C with a memchr for its '_' (and 0.48 with
   a litset of one), 0.34 with the caseless pair; 1.18 s in C.UTF-8,
   where dfamust gave nothing for -i.  Found once, when RE is compiled:
   the threads' scratches share it.  */
static struct literal
required_string (struct dfa_re const *re, struct dfa *d)
{
  struct literal l = { 0 };
  if (re->icase)
    l = caseless_must (re);
  else
    {
      struct dfamust *dm = dfamust (d);
      if (dm && *dm->must)
        l = (struct literal) { .bytes = xstrdup (dm->must),
                               .len = strlen (dm->must) };
      if (dm)
        dfamustfree (dm);
    }
  if (l.len)
    literal_set_rare (&l);
  if (l.len && l.rare < 0)
    literal_free (&l);
  return l;
}

/* Build S's DFA and regexes for RE.  CHECK: report every bad pattern as
   grep does and exit with status 2 if there was one; warn.  MUST, if
   not NULL, gets RE's required string (required_string).  */
static void
build (struct dfa_scratch *s, struct dfa_re const *re, bool check,
       struct literal *must)
{
  s->re = re;
  s->dfa = dfaalloc ();
  dfasyntax (s->dfa, &re->li, re->syntax,
             check ? re->dfaopts
             : re->dfaopts & ~(DFA_STRAY_BACKSLASH_WARN | DFA_PLUS_WARN
                               | DFA_STAR_WARN));
  bool bs_safe = !re->li.multibyte || re->li.using_utf8;

  /* The patterns without back-references, joined.  */
  char *plain = xmalloc (re->keylen);
  idx_t plainlen = 0, nplain = 0;
  bool failed = false;
  s->pats = s->pats_alloc = xnmalloc (re->keylen + 1, sizeof *s->pats);
  s->npats = 1;   /* [0] is the joined one, if any */
  pthread_mutex_lock (&syntax_lock);
  idx_t i = 0;
  for (char const *p = re->keys, *lim = re->keys + re->keylen; p < lim; i++)
    {
      char const *nl = memchr (p, '\n', lim - p);
      idx_t len = nl - p;
      bool backref = may_backref (p, len, bs_safe);
      if (backref || check)
        {
          char const *err
            = regex_compile (re, &s->pats[s->npats], p, len, !backref);
          if (err)
            {
              /* grep names the -f file and line a bad pattern came from.  */
              if (re->file && re->file[i])
                error (0, 0, "%s:%td: %s", re->file[i],
                       (ptrdiff_t) re->lineno[i], err);
              else
                error (0, 0, "%s", err);
              failed = true;
            }
          else if (backref)
            s->npats++;
        }
      if (!backref)
        {
          memcpy (plain + plainlen, p, len + 1);
          plainlen += len + 1;
          nplain++;
        }
      p = nl + 1;
    }
  if (failed)
    exit (EXIT_TROUBLE);
  if (nplain)
    {
      if (regex_compile (re, &s->pats[0], plain, plainlen - 1, false))
        abort ();   /* each piece compiled alone */
    }
  else
    {
      s->pats++;
      s->npats--;
    }
  pthread_mutex_unlock (&syntax_lock);
  free (plain);
  s->regs = xcalloc (s->npats ? s->npats : 1, sizeof *s->regs);

  idx_t mlen;
  char *motif = dfa_motif (re, &mlen);
  dfaparse (motif, mlen, s->dfa);
  free (motif);
  /* Before dfacomp, which rewrites the tokens dfamust reads.  */
  if (must)
    *must = required_string (re, s->dfa);
  dfacomp (NULL, 0, s->dfa, true);
}


static void
unbuild (struct dfa_scratch *s)
{
  dfafree (s->dfa);
  free (s->dfa);
  for (idx_t i = 0; i < s->npats; i++)
    {
      regfree (&s->pats[i]);
      free (s->regs[i].start);
      free (s->regs[i].end);
    }
  free (s->pats_alloc);
  free (s->regs);
}

static void *
dfa_compile (struct engine_pattern const *pat, char **err)
{
  struct dfa_re *re = xzalloc (sizeof *re);
  if (pat->li)
    re->li = *pat->li;
  else
    init_localeinfo (&re->li);
  wordchar_init (&re->words, &re->li);
  re->word = pat->word;
  re->line = pat->line;
  re->icase = pat->icase;
  re->eol = pat->eol;
  /* grep 3.8's matchers table: no other bits.  */
  re->syntax = (pat->syntax == ENGINE_SYNTAX_ERE
                ? RE_SYNTAX_EGREP : RE_SYNTAX_GREP);
  if (pat->icase)
    re->syntax |= RE_ICASE;
  re->dfaopts = (DFA_CONFUSING_BRACKETS_ERROR | DFA_PLUS_WARN
                 | (re->syntax & RE_CONTEXT_INDEP_OPS ? DFA_STAR_WARN : 0)
                 | (pat->eol ? 0 : DFA_EOL_NUL));
  /* Debian's grep 3.8 warns of stray backslashes only when asked to
     (its patch for bug 1019724); the grep on the machine is the
     reference.  */
  char const *ask = getenv ("DEB_GREP_ENABLE_STRAY_BACKSLASH_WARN");
  if (ask && *ask)
    re->dfaopts |= DFA_STRAY_BACKSLASH_WARN;

  /* The origins are only read while compiling, here.  */
  re->file = pat->file;
  re->lineno = pat->lineno;
  idx_t total = 0;
  for (idx_t i = 0; i < pat->n; i++)
    total += pat->lens[i] + 1;
  re->keys = xmalloc (total + 1);
  for (idx_t i = 0; i < pat->n; i++)
    {
      memcpy (re->keys + re->keylen, pat->pats[i], pat->lens[i]);
      re->keylen += pat->lens[i];
      re->keys[re->keylen++] = '\n';
    }

  re->all = engine_every_line_form (pat, true);

  /* Check once, with grep's messages.  */
  struct dfa_scratch s = { 0 };
  build (&s, re, true, &re->must);
  unbuild (&s);
  re->file = NULL;
  re->lineno = NULL;
  *err = NULL;
  return re;
}

static void
dfa_free (void *vre)
{
  struct dfa_re *re = vre;
  if (re)
    {
      free (re->keys);
      free (re->must.bytes);
    }
  free (re);
}

static void *
dfa_scratch_new (void const *vre)
{
  struct dfa_scratch *s = xzalloc (sizeof *s);
  build (s, vre, false, NULL);
  return s;
}

static void
dfa_scratch_free (void *vs)
{
  struct dfa_scratch *s = vs;
  if (s)
    unbuild (s);
  free (s);
}


/* Run the regexes over LINE[0..N) (no EOL byte) from FROM, as grep's
   EGexecute does.  EXACT: find the leftmost, then longest match and
   store it in *M; otherwise any match that counts selects the line.
   Return 1 if found, 0 if not, -1 if regex ran out of memory.  */
static int
regex_line (struct dfa_scratch *s, char const *line, idx_t n, idx_t from,
            bool exact, struct span *m)
{
  struct dfa_re const *re = s->re;
  if (INT_MAX < n)
    {
      s->error = N_("memory exhausted");   /* grep's xalloc_die */
      return -1;
    }
  idx_t best = n + 1, best_len = 0;
  for (idx_t i = 0; i < s->npats; i++)
    {
      struct re_pattern_buffer *p = &s->pats[i];
      struct re_registers *regs = &s->regs[i];
      p->not_eol = 0;
      p->newline_anchor = re->eol == '\n';
      regoff_t st = re_search (p, line, n, from, n - from, regs);
      if (st < -1)
        goto nomem;
      if (st < 0)
        continue;
      idx_t mb = st, len = regs->end[0] - st;
      if (best < mb)
        continue;
      if (exact && !re->word)
        goto assess;
      if ((!re->line && !re->word) || (re->line && len == n - from))
        {
          mb = from;
          len = n + 1 - from;
          goto assess;
        }
      if (!re->line && re->word)
        while (mb <= best)
          {
            regoff_t shorter = 0;
            if (!wordchar_at (&re->words, line + mb + len, line + n)
                && !wordchar_before (&re->words, line, line + mb, line + n))
              goto assess;
            if (0 < len)
              {
                /* A shorter match at the same place.  */
                len--;
                p->not_eol = 1;
                shorter = re_match (p, line, mb + len - from, mb, regs);
                if (shorter < -1)
                  goto nomem;
              }
            if (0 < shorter)
              len = shorter;
            else
              {
                /* A match further on.  */
                if (mb == n)
                  break;
                mb++;
                p->not_eol = 0;
                st = re_search (p, line, n, mb, n - mb, regs);
                if (st < 0)
                  {
                    if (st < -1)
                      goto nomem;
                    break;
                  }
                mb = st;
                len = regs->end[0] - st;
              }
          }
      continue;
    assess:
      if (!exact)
        {
          m->beg = mb;
          m->end = mb + len;
          return 1;
        }
      if (mb < best || (mb == best && best_len < len))
        {
          best = mb;
          best_len = len;
        }
    }
  if (n < best)
    return 0;
  m->beg = best;
  m->end = best + best_len;
  return 1;
 nomem:
  s->error = N_("memory exhausted");
  return -1;
}

/* The length of the line LINE[0..LEN) without its EOL byte.  */
static idx_t
text_len (char const *line, idx_t len, char eol)
{
  return 0 < len && line[len - 1] == eol ? len - 1 : len;
}

/* Whether NEXT, what dfaexec returned for BUF[..LIM), is no match.  The
   DFA ends what it scans with a sentinel EOL at BUF[LIM] and returns
   BUF + LIM when the line that this sentinel ends matches.  GNU grep's
   buffers always end in EOL, so there this line is an empty one after the
   last, which it ignores; here an input's last line may have no EOL, and
   then the sentinel ends that line: a match (printf x | grep x).  */
static bool
no_match (char const *buf, idx_t lim, char const *next, char eol)
{
  return !next || (next == buf + lim && buf[lim - 1] == eol);
}

static int
dfa_select (void const *vre, void *vs, char const *buf, idx_t len,
            idx_t start, struct span *m)
{
  (void) vre;
  struct dfa_scratch *s = vs;
  char eol = s->re->eol;
  char *b = (char *) buf;   /* for the DFA's sentinel at B[LIM] */
  struct dfa *superset = dfasuperset (s->dfa);
  idx_t beg = start;
  while (beg < len)
    {
      idx_t lim = len;
      if (s->re->must.len)
        {
          char const *hit = literal_find (&s->re->must, buf + beg,
                                          len - beg);
          if (!hit)
            return 0;
          idx_t h = hit - buf;
          beg = record_begin (buf, beg, h, eol);
          lim = record_stop (buf, h, len, eol);
        }
      idx_t count = 0;
      bool backref = false;
      char *next;
      if (superset)
        {
          next = dfaexec (superset, b + beg, b + lim, false, &count, NULL);
          if (no_match (buf, lim, next, eol))
            {
              beg = lim;
              continue;
            }
          /* Go on with the line found.  */
          if (count)
            beg = record_begin (buf, beg, next - buf, eol);
          lim = record_stop (buf, next - buf, len, eol);
          count = 0;
        }
      next = dfaexec (s->dfa, b + beg, b + lim, false, &count, &backref);
      if (no_match (buf, lim, next, eol))
        {
          beg = lim;
          continue;
        }
      idx_t lb = count ? record_begin (buf, beg, next - buf, eol) : beg;
      idx_t le = record_stop (buf, next - buf, len, eol);
      if (!backref)
        {
          m->beg = lb;
          m->end = le;
          return 1;
        }
      struct span r;
      int got = regex_line (s, buf + lb, text_len (buf + lb, le - lb, eol),
                            0, false, &r);
      if (got < 0)
        return -1;
      if (got)
        {
          m->beg = lb;
          m->end = le;
          return 1;
        }
      beg = le;
    }
  return 0;
}

static int
dfa_find (void const *vre, void *vs, char const *buf, idx_t len,
          idx_t start, struct span *m)
{
  (void) vre;
  struct dfa_scratch *s = vs;
  char eol = s->re->eol;
  idx_t lb = record_begin (buf, 0, start, eol);
  for (idx_t from = start - lb; lb < len; from = 0)
    {
      idx_t le = record_stop (buf, lb + from, len, eol);
      struct span r;
      int got = regex_line (s, buf + lb, text_len (buf + lb, le - lb, eol),
                            from, true, &r);
      if (got)
        {
          if (0 < got)
            {
              m->beg = lb + r.beg;
              m->end = lb + r.end;
            }
          return got;
        }
      lb = le;
    }
  return 0;
}

static char const *
dfa_error (void const *vs, int *code)
{
  struct dfa_scratch const *s = vs;
  *code = 0;
  return s->error;
}

static bool
dfa_selects_all (void const *vre, bool const **unsure)
{
  *unsure = NULL;
  struct dfa_re const *re = vre;
  return re->all;
}

static idx_t
dfa_min_length (void const *re)
{
  (void) re;
  return 0;
}

static char const *
dfa_describe (void const *vre)
{
  struct dfa_re const *re = vre;
  return (re->syntax & RE_NO_BK_PARENS
          ? "dfa: extended regular expressions (gnulib dfa, then regex)"
          : "dfa: basic regular expressions (gnulib dfa, then regex)");
}

struct engine_ops const engine_dfa = {
  .name = "dfa",
  .compile = dfa_compile,
  .free = dfa_free,
  .scratch_new = dfa_scratch_new,
  .scratch_free = dfa_scratch_free,
  .find = dfa_find,
  .select = dfa_select,
  .writes_end = true,
  .error = dfa_error,
  .selects_all = dfa_selects_all,
  .min_length = dfa_min_length,
  .describe = dfa_describe,
};
