/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* fuzz-grab-search.c: grab's buffer search against PCRE2 run on each line
   alone, the way GNU grep -P does.

   The production path is the engine (engine-pcre2.c: the scope decision
   of pcre2-scope.c, whole-buffer matching, the required-literal memchr
   prefilter, the literal set of litset.c for several patterns; or
   engine-hs.c, Hyperscan's prefilter confirmed by PCRE2) driven by the line
   loop of search.c.  The oracle compiles the same patterns as grep 3.8's
   pcresearch.c does (one alternation, -x through PCRE2_EXTRA_MATCH_LINE,
   -w as (?<!\w)(?:...)(?!\w), caseless, UTF with MATCH_INVALID_UTF in a
   UTF-8 locale) and runs it (JIT, as grep) on one line at a time,
   skipping the bytes that cannot start a character first, as grep's
   Pexecute does.  For every input it checks:
   - the selected lines (with -v too), their numbers and (when the seed
     byte is odd, as for grab -O) the offset of their first match, from
     search_chunk over the whole buffer;
   - find's contract from random start offsets: the leftmost match at or
     after the start, as if each line were matched alone;
   - -o's walk over each selected line (the printer calls find on the line
     alone, from the end of the previous match).

   Input: byte 0 says -i, -w, -x, -v, UTF-8, -F, -H and -z; byte 1 how
   many of the next bytes are pattern tokens (from DICT; a NEXT token
   starts another pattern), byte 2 seeds the start offsets; the rest is
   the subject, each byte standing for one of SUBJECT's pieces.

   Sources: src/engines/linescan src/engines/utf8chars
   Sources: src/engines/engine-pcre2 src/engines/engine src/engines/pcre2-prefilter
   Sources: src/engines/litset src/engines/pcre2-literal src/engines/literal
   Sources: src/engines/teddy
   Sources: src/engines/pcre2-join
   Sources: src/engines/byteseq
   Sources: src/engines/pcre2-scope src/engines/pcre2-which src/search/search
   Sources: src/io/dlsyms
   Optional sources: src/engines/engine-hs
*/

#include <config.h>

#include <locale.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "fuzz-escape.h"
#include "engines/engine.h"
#include "search/search.h"

/* Pattern tokens: the constructs that can match or stop at a newline, or
   that the scope reader, the literal extraction or Hyperscan treat
   specially, and plain text for literals to be found.  */
static char const *const dict[] = {
  "NEXT", "a", "b", "x", "foo", "bar", "o", "k", "s", "K", "\xc3\xa9",
  "\\R", "\\X", "\\s", "\\S", "\\v", "\\V", "\\h", "\\H", "\\N", "\\w",
  "\\W", "\\d", "\\D", "\\b", "\\B", "[^a]", "[^\\n]", "[a-z]", "[\\s\\S]",
  ".", "(?s).", "$", "^", "\\K", "(?=a)", "(?!b)", "(?<=a)", "(?<!\\w)",
  "(?=\\s)", "*", "+", "?", "*+", "++", "?+", "{2}", "{1,3}", "*?", "(",
  ")", "(?:", "(?>", "|", "\\r", "\\n", "\\x{e9}", "\\xff", "(?i)",
  "\\1", "\\Q.\\E", "\\z", "\\Z", "\\A", "\\G", " ", "\\t", "\\0", "_",
  "1", "\\p{L}", "\\p{Cc}", "[[:space:]]", "[[:alpha:]]", "\\C", "\\x0b",
  "\\f", "(?m)", "(a)", "a+", "(?|a)", "\\x{212a}", "\\x{17f}", "ss",
};
enum { NDICT = sizeof dict / sizeof *dict };

/* Subject pieces: line ends of every kind, NUL, valid and invalid UTF-8
   (lone lead and continuation bytes), KELVIN SIGN and LONG S.  */
static char const *const subject[] = {
  "a", "b", "x", "o", "f", "foo", "bar", " ", "\n", "\n", "\n", "\r",
  "\r\n", "\t", "", "\xc3", "\xa9", "\xc3\xa9", "\xff", "\x80", "_", "1",
  "A", "K", "k", "s", "\x0b", "\x0c", "\xc2\x85", "\xe2\x84\xaa",
  "\xc5\xbf", "\xc2", "ss",
};
enum { NSUBJECT = sizeof subject / sizeof *subject };
/* The empty piece stands for a NUL byte.  */

struct flags
{
  bool icase, word, line, invert, utf8, literal, hyperscan;
  char eol;
};

/* The oracle: one compiled alternation, matched line by line.  */
struct oracle
{
  pcre2_code *re;
  pcre2_match_data *md;
  struct flags f;
};

/* Append the N bytes at P to the growing string *S (of length *LEN).  */
static void
append (char **s, size_t *len, char const *p, size_t n)
{
  *s = realloc (*s, *len + n + 1);
  if (!*s)
    abort ();
  memcpy (*s + *len, p, n);
  *len += n;
  (*s)[*len] = '\0';
}

static bool
oracle_compile (struct oracle *o, struct flags f, char **pats, size_t *lens,
                int n)
{
  char *re = NULL;
  size_t len = 0;
  append (&re, &len, "", 0);
  if (f.word && !f.line)
    append (&re, &len, "(?<!\\w)(?:", 10);
  for (int i = 0; i < n; i++)
    {
      if (1 < n)
        append (&re, &len, i ? "|(?:" : "(?:", i ? 4 : 3);
      for (size_t j = 0; j < lens[i]; j++)
        {
          unsigned char c = pats[i][j];
          /* -F: every ASCII punctuation byte quoted.  */
          if (f.literal && c < 0x80 && !(('a' <= c && c <= 'z')
                                         || ('A' <= c && c <= 'Z')
                                         || ('0' <= c && c <= '9')))
            append (&re, &len, "\\", 1);
          append (&re, &len, (char const *) &c, 1);
        }
      if (1 < n)
        append (&re, &len, ")", 1);
    }
  if (f.word && !f.line)
    append (&re, &len, ")(?!\\w)", 7);

  uint32_t opts = PCRE2_DOLLAR_ENDONLY;
  if (f.icase)
    opts |= PCRE2_CASELESS;
  if (f.utf8)
    opts |= PCRE2_UTF | PCRE2_MATCH_INVALID_UTF;
  pcre2_compile_context *cc = pcre2_compile_context_create (NULL);
  uint8_t const *tables = pcre2_maketables (NULL);
  pcre2_set_character_tables (cc, tables);
  if (f.line)
    pcre2_set_compile_extra_options (cc, PCRE2_EXTRA_MATCH_LINE);
  int code;
  PCRE2_SIZE off;
  o->re = pcre2_compile ((PCRE2_SPTR) re, len, opts, &code, &off, cc);
  pcre2_compile_context_free (cc);
  pcre2_maketables_free (NULL, tables);
  free (re);
  if (!o->re)
    return false;
  /* grep runs the JIT, and so must the oracle: PCRE2 10.42's interpreter
     and JIT disagree in corners of MATCH_INVALID_UTF (-w with an empty
     pattern on 'ba\xa9': the JIT finds the empty match after the invalid
     byte, the interpreter does not; grep -P prints the line).  */
  pcre2_jit_compile (o->re, PCRE2_JIT_COMPLETE);
  o->md = pcre2_match_data_create_from_pattern (o->re, NULL);
  o->f = f;
  return true;
}

static void
oracle_free (struct oracle *o)
{
  pcre2_match_data_free (o->md);
  pcre2_code_free (o->re);
}

/* Whether the byte C can never start a character (grep's sbclen == -1).  */
static bool
error_byte (struct oracle const *o, unsigned char c)
{
  if (!o->f.utf8)
    return false;
  mbstate_t st = { 0 };
  wchar_t wc;
  char b = c;
  return mbrtowc (&wc, &b, 1, &st) == (size_t) -1;
}

/* Find the leftmost match at or after START in BUF[0..LEN), matching each
   line alone.  Return 1 and set *M, 0 if none, -1 if PCRE2 gave up.  */
static int
oracle_find (struct oracle *o, char const *buf, idx_t len, idx_t start,
             struct span *m)
{
  char eol = o->f.eol;
  idx_t line = start;
  while (0 < line && buf[line - 1] != eol)
    line--;
  for (idx_t pos = start; ; )
    {
      /* Past a last line that ends in EOL there is no line.  */
      if (len <= line && (len == 0 || buf[len - 1] == eol))
        return 0;
      char const *e = memchr (buf + line, eol, len - line);
      idx_t end = e ? e - buf : len;
      idx_t p = pos, subj = line;
      bool bol = p == line;
      while (p < end && error_byte (o, buf[p]))
        {
          p++;
          subj = p;
          bol = false;
        }
      uint32_t opts = bol ? 0 : PCRE2_NOTBOL;
      /* (grep tries the empty string instead when P is at the line's end;
         that differs only from a start offset inside a line, where -o and
         colour, grep's only such searches, ignore empty matches.)  */
      int rc = pcre2_match (o->re, (PCRE2_SPTR) buf + subj, end - subj,
                            p - subj, opts, o->md, NULL);
      if (0 <= rc)
        {
          PCRE2_SIZE *ov = pcre2_get_ovector_pointer (o->md);
          m->beg = subj + ov[0];
          m->end = subj + ov[1];
          return 1;
        }
      if (rc != PCRE2_ERROR_NOMATCH)
        return -1;
      if (!e)
        return 0;
      line = pos = end + 1;
    }
}

/* The sink: what search.c selects.  */
struct got
{
  off_t offset[1024];
  off_t match_offset[1024];
  intmax_t lineno[1024];
  int n;
};

static bool
got_selected (void *ctx, struct line const *l)
{
  struct got *g = ctx;
  if (g->n < 1024)
    {
      g->offset[g->n] = l->offset;
      g->match_offset[g->n] = l->match_offset;
      g->lineno[g->n] = l->lineno;
      g->n++;
    }
  return true;
}

static void
got_context (void *ctx, struct line const *l)
{
  (void) ctx;
  (void) l;
  abort ();  /* no context was asked for */
}

static void
got_separator (void *ctx)
{
  (void) ctx;
}

static struct sink_ops const got_sink = {
  got_selected, got_context, got_separator
};

static _Noreturn void
mismatch (char const *what, struct flags f, char **pats, size_t *lens,
          int npats, char const *buf, idx_t len)
{
  fprintf (stderr, "MISMATCH: %s\nflags: i=%d w=%d x=%d v=%d utf8=%d F=%d "
           "H=%d z=%d\n", what, f.icase, f.word, f.line, f.invert, f.utf8,
           f.literal, f.hyperscan, f.eol == '\0');
  for (int i = 0; i < npats; i++)
    fprintf (stderr, "pattern %d: '%.*s'\n", i, (int) lens[i], pats[i]);
  fprintf (stderr, "subject (%td bytes): ", (ptrdiff_t) len);
  fuzz_escape (buf, len);
  abort ();
}

/* Compare one find call of the engine with the oracle's.  */
static void
check_find (struct engine_ops const *eng, void const *re, void *scratch,
            struct oracle *o, char const *buf, idx_t len, idx_t start,
            char const *what, int *r_out, struct span *m_out,
            struct flags f, char **pats, size_t *lens, int npats)
{
  struct span got = { -1, -1 }, want = { -1, -1 };
  int r = eng->find (re, scratch, buf, len, start, &got);
  int w = oracle_find (o, buf, len, start, &want);
  *r_out = r < 0 || w < 0 ? -1 : r;
  *m_out = got;
  if (r < 0 || w < 0)
    return;   /* a resource limit: no answer to compare */
  if (r != w || (r && (got.beg != want.beg || got.end != want.end)))
    {
      char msg[200];
      snprintf (msg, sizeof msg, "%s from %td: engine %d [%td,%td), "
                "line by line %d [%td,%td)", what, (ptrdiff_t) start, r,
                (ptrdiff_t) got.beg, (ptrdiff_t) got.end, w,
                (ptrdiff_t) want.beg, (ptrdiff_t) want.end);
      mismatch (msg, f, pats, lens, npats, buf, len);
    }
}

int LLVMFuzzerTestOneInput (uint8_t const *data, size_t size);

int
LLVMFuzzerTestOneInput (uint8_t const *data, size_t size)
{
  if (size < 3)
    return 0;
  struct flags f = {
    .icase = data[0] & 1, .word = data[0] & 2, .line = data[0] & 4,
    .invert = data[0] & 8, .utf8 = data[0] & 16, .literal = data[0] & 32,
    .hyperscan = data[0] & 64, .eol = data[0] & 128 ? '\0' : '\n',
  };
  if (!setlocale (LC_ALL, f.utf8 ? "C.UTF-8" : "C"))
    return 0;
  size_t ntok = data[1] % 24 + 1;
  unsigned seed = data[2];
  data += 3;
  size -= 3;
  if (size < ntok)
    ntok = size;

  /* The patterns.  */
  char *pats[4] = { NULL };
  size_t lens[4] = { 0 };
  int npats = 1;
  for (size_t i = 0; i < ntok; i++)
    {
      char const *t = dict[data[i] % NDICT];
      if (strcmp (t, "NEXT") == 0)
        {
          if (npats < 4)
            npats++;
          continue;
        }
      append (&pats[npats - 1], &lens[npats - 1], t, strlen (t));
    }
  for (int i = 0; i < npats; i++)
    if (!pats[i])
      append (&pats[i], &lens[i], "", 0);

  /* The subject.  */
  char *buf = NULL;
  size_t blen = 0;
  append (&buf, &blen, "", 0);
  for (size_t i = ntok; i < size; i++)
    {
      char const *piece = subject[data[i] % NSUBJECT];
      append (&buf, &blen, piece, *piece ? strlen (piece) : 1);
    }
  idx_t len = blen;

  struct oracle o;
  struct engine_ops const *eng = &engine_pcre2;
  if (f.hyperscan)
    {
      char const *why;
      eng = engine_named ("hyperscan", &why);
    }
  void *re = NULL;
  void *scratch = NULL;
  bool have_oracle = oracle_compile (&o, f, pats, lens, npats);
  if (eng && have_oracle)
    {
      idx_t ilens[4];
      for (int i = 0; i < npats; i++)
        ilens[i] = lens[i];
      struct engine_pattern ep = {
        .pats = (char const *const *) pats, .lens = ilens, .n = npats,
        .literal = f.literal, .icase = f.icase, .word = f.word,
        .line = f.line, .utf8 = f.utf8, .eol = f.eol,
      };
      char *err = NULL;
      re = eng->compile (&ep, &err);
      if (!re)
        {
          char msg[300];
          snprintf (msg, sizeof msg, "the engine rejects what PCRE2 "
                    "compiles: %s", err ? err : "?");
          mismatch (msg, f, pats, lens, npats, buf, len);
        }
      scratch = eng->scratch_new (re);
    }

  if (re)
    {
      /* 1. The lines search.c selects over the whole buffer.  */
      struct search_opts so = {
        .eol = f.eol, .invert = f.invert, .number = true,
        .match_offset = seed & 1, .max_count = INTMAX_MAX,
      };
      struct got *g = calloc (1, sizeof *g);
      struct search s;
      search_begin (&s, &so, eng, re, scratch, &got_sink, g);
      off_t keep;
      search_chunk (&s, buf, len, 0, 0, 0, true, &keep);
      if (!s.error)
        {
          int k = 0;
          intmax_t lineno = 1;
          bool gave_up = false;
          for (idx_t lb = 0; lb < len && !gave_up; lineno++)
            {
              char const *e = memchr (buf + lb, f.eol, len - lb);
              idx_t le = e ? e - buf + 1 : len;
              struct span m;
              int r = oracle_find (&o, buf, le, lb, &m);
              if (r < 0)
                gave_up = true;
              else if ((r == 1) != f.invert)
                {
                  if (k == g->n || g->offset[k] != lb
                      || g->lineno[k] != lineno
                      || (so.match_offset
                          && g->match_offset[k] != (f.invert ? lb : m.beg)))
                    {
                      char msg[200];
                      snprintf (msg, sizeof msg, "line %jd (offset %td, "
                                "match at %td) should be selected; "
                                "selection %d of %d", lineno,
                                (ptrdiff_t) lb,
                                (ptrdiff_t) (f.invert ? lb : m.beg), k,
                                g->n);
                      mismatch (msg, f, pats, lens, npats, buf, len);
                    }
                  k++;
                }
              lb = le;
            }
          if (!gave_up && k != g->n)
            mismatch ("more lines selected than line by line", f, pats,
                      lens, npats, buf, len);
        }
      free (g);

          /* 2. find from random starts (each a line start or inside one).  */
      for (int i = 0; i < 8 && 0 < len; i++)
        {
          seed = seed * 1103515245 + 12345;
          idx_t start = (seed >> 8) % len;
          int r;
          struct span m;
          check_find (eng, re, scratch, &o, buf, len, start, "find", &r,
                      &m, f, pats, lens, npats);
        }

      /* 3. -o's walk over each line: find on the line alone, from the end
         of the previous match (one byte on after an empty one).  */
      for (idx_t lb = 0; lb < len; )
        {
          char const *e = memchr (buf + lb, f.eol, len - lb);
          idx_t le = e ? e - buf + 1 : len;
          idx_t content = e ? le - 1 - lb : le - lb;
          /* The end of an unterminated last line is no start for find
             (its callers never ask there: -o and colour skip empty
             matches).  */
          for (idx_t cur = 0, steps = 0;
               (cur < content || (e && cur == content)) && steps < 64;
               steps++)
            {
              int r;
              struct span m;
              check_find (eng, re, scratch, &o, buf + lb, le - lb, cur,
                          "-o walk", &r, &m, f, pats, lens, npats);
              if (r <= 0)
                break;
              cur = m.end == m.beg ? m.end + 1 : m.end;
            }
          lb = le;
        }
    }

  if (scratch)
    eng->scratch_free (scratch);
  if (re)
    eng->free (re);
  if (have_oracle)
    oracle_free (&o);
  for (int i = 0; i < npats; i++)
    free (pats[i]);
  free (buf);
  return 0;
}
