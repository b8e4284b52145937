/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* test-pcre2-syntax.c: unit tests of grab's two readers of PCRE2 syntax.
   pcre2-scope.c: a table of patterns and the scope each must get (a
   pattern that could see past its line must never get a wider scope).
   pcre2-literal.c: a table of required literals, then a property check
   with PCRE2 itself: over many subjects, every match of the pattern
   contains the literal.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "c-ctype.h"

#include "engines/pcre2-literal.h"
#include "engines/pcre2-scope.h"

static int failures;

static char const *const scope_name[] = { "BUFFER", "SPAN", "LINE" };

static void
check_scope (char const *pat, enum pcre2_scope want)
{
  enum pcre2_scope got = pcre2_pattern_scope (pat, strlen (pat));
  if (got != want)
    {
      fprintf (stderr, "scope of '%s': got %s, want %s\n", pat,
               scope_name[got], scope_name[want]);
      failures++;
    }
}

/* The required literal of PAT (a string if LITERAL) must be WANT, or
   none if WANT is null.  */
static void
check_literal_in (char const *pat, bool literal, bool icase, bool utf8,
                  char const *want)
{
  struct literal l;
  bool got = pcre2_required_literal (pat, strlen (pat), literal, icase,
                                     utf8, &l);
  if (got != !!want
      || (got && (l.len != (idx_t) strlen (want)
                  || memcmp (l.bytes, want, l.len) != 0)))
    {
      fprintf (stderr, "literal of '%s'%s%s: got '%.*s', want '%s'\n", pat,
               icase ? ", caseless" : "", utf8 ? ", UTF-8" : "",
               got ? (int) l.len : 0, got ? l.bytes : "",
               want ? want : "(none)");
      failures++;
    }
  if (got)
    literal_free (&l);
}

/* As check_literal_in, and the literal ignores case if WANT_ICASE.  */
static void
check_literal_case (char const *pat, bool icase, bool utf8, char const *want,
                    bool want_icase)
{
  check_literal_in (pat, false, icase, utf8, want);
  struct literal l;
  if (pcre2_required_literal (pat, strlen (pat), false, icase, utf8, &l))
    {
      if (l.icase != want_icase)
        {
          fprintf (stderr, "literal of '%s': %s case, want the other\n",
                   pat, l.icase ? "ignores" : "keeps");
          failures++;
        }
      literal_free (&l);
    }
}

static void
check_literal (char const *pat, bool icase, char const *want)
{
  check_literal_in (pat, false, icase, false, want);
}

/* Match PAT against TRIES pseudo-random subjects of 1 to 11 bytes of
   ALPHABET (from SEED) and call HOLDS with ARG on the text of each match,
   failing at the first where it returns false (the match lacks WHAT).
   Return how many subjects matched.  */
static int
each_match (char const *pat, char const *alphabet, unsigned seed, int tries,
            bool (*holds) (char const *, idx_t, void const *),
            void const *arg, char const *what)
{
  int ec;
  PCRE2_SIZE eo;
  pcre2_code *re = pcre2_compile ((PCRE2_SPTR) pat, PCRE2_ZERO_TERMINATED,
                                  0, &ec, &eo, NULL);
  if (!re)
    {
      fprintf (stderr, "bad test pattern '%s'\n", pat);
      failures++;
      return 0;
    }
  pcre2_match_data *md = pcre2_match_data_create_from_pattern (re, NULL);
  int nalpha = strlen (alphabet), matched = 0;
  char subj[12];
  for (int t = 0; t < tries; t++)
    {
      int n = 1 + t % 11;
      for (int i = 0; i < n; i++)
        {
          seed = seed * 1103515245 + 12345;
          subj[i] = alphabet[(seed >> 16) % nalpha];
        }
      if (pcre2_match (re, (PCRE2_SPTR) subj, n, 0, 0, md, NULL) < 0)
        continue;
      matched++;
      PCRE2_SIZE *ov = pcre2_get_ovector_pointer (md);
      if (!holds (subj + ov[0], ov[1] - ov[0], arg))
        {
          fprintf (stderr, "'%s' matched '%.*s' without %s\n", pat,
                   (int) (ov[1] - ov[0]), subj + ov[0], what);
          failures++;
          break;
        }
    }
  pcre2_match_data_free (md);
  pcre2_code_free (re);
  return matched;
}

static bool
has_literal (char const *m, idx_t n, void const *arg)
{
  struct literal const *l = arg;
  for (idx_t i = 0; i + l->len <= n; i++)
    {
      idx_t k = 0;
      while (k < l->len
             && (l->icase ? c_toupper (m[i + k]) == c_toupper (l->bytes[k])
                 : m[i + k] == l->bytes[k]))
        k++;
      if (k == l->len)
        return true;
    }
  return false;
}

/* Every match of PAT in each of many subjects contains its literal.  */
static void
literal_property (char const *pat)
{
  struct literal l;
  if (!pcre2_required_literal (pat, strlen (pat), false, false, false, &l))
    return;
  each_match (pat, "ab.xy1{}2 _\\-AB", 7, 20000, has_literal, &l,
              "its literal");
  literal_free (&l);
}

/* The sequence of PAT (caseless if ICASE, in UTF mode if UTF8) written
   as its places, a set of more than one byte as '[' its bytes in order
   ']': must be WANT, or none if WANT is null.  */
static void
check_seq_in (char const *pat, bool icase, bool utf8, char const *want)
{
  struct byteseq s;
  bool got = pcre2_required_byteseq (pat, strlen (pat), icase, utf8, &s);
  char text[256];
  int tl = 0;
  for (idx_t i = 0; got && i < s.len && tl < 200; i++)
    {
      struct byteseq_set const *set = &s.set[i];
      if (set->n == 1)
        text[tl++] = set->b[0];
      else
        {
          text[tl++] = '[';
          for (int b = 1; b < 256; b++)
            if (byteseq_set_has (set, b))
              text[tl++] = b;
          text[tl++] = ']';
        }
    }
  text[tl] = '\0';
  if (got != !!want || (got && strcmp (text, want) != 0))
    {
      fprintf (stderr, "sequence of '%s'%s%s: got '%s', want '%s'\n", pat,
               icase ? ", caseless" : "", utf8 ? ", UTF-8" : "",
               got ? text : "(none)", want ? want : "(none)");
      failures++;
    }
  if (got)
    byteseq_free (&s);
}

static void
check_seq (char const *pat, char const *want)
{
  check_seq_in (pat, false, false, want);
}

static bool
has_seq (char const *m, idx_t n, void const *arg)
{
  return byteseq_find (arg, m, n) != NULL;
}

/* Every match of PAT in each of many subjects holds its sequence.  */
static void
seq_property (char const *pat)
{
  struct byteseq s;
  if (!pcre2_required_byteseq (pat, strlen (pat), false, false, &s))
    {
      fprintf (stderr, "no sequence in test pattern '%s'\n", pat);
      failures++;
      return;
    }
  int matched = each_match (pat, "abc.x1-_ ]", 11, 100000, has_seq, &s,
                            "its sequence");
  if (matched < 20)
    {
      fprintf (stderr, "'%s' matched only %d subjects\n", pat, matched);
      failures++;
    }
  byteseq_free (&s);
}

int
main (void)
{
  /* Nothing can see or match a newline.  */
  check_scope ("foo", SCOPE_BUFFER);
  check_scope ("^foo$", SCOPE_BUFFER);
  check_scope ("\\bfo\\w+\\d", SCOPE_BUFFER);
  check_scope ("[^\\n\"]*z", SCOPE_BUFFER);
  check_scope ("[^\\s]+", SCOPE_BUFFER);
  check_scope ("(?<!\\w)the(?=x)", SCOPE_BUFFER);
  check_scope ("(?i)a.b", SCOPE_BUFFER);
  check_scope ("(\\w)\\1", SCOPE_BUFFER);
  check_scope ("\\Qa\\s\\E", SCOPE_BUFFER);
  check_scope ("[a-z\\x{e9}]", SCOPE_BUFFER);
  check_scope ("\\x41\\t", SCOPE_BUFFER);
  check_scope ("(?#\\s)x", SCOPE_BUFFER);
  check_scope ("[]\\s]", SCOPE_SPAN);
  /* Consuming parts that may match a newline.  */
  check_scope ("a\\sb", SCOPE_SPAN);
  check_scope ("[^x]", SCOPE_SPAN);
  check_scope ("\\D", SCOPE_SPAN);
  check_scope ("\\n", SCOPE_SPAN);
  check_scope ("\\x0a", SCOPE_SPAN);
  check_scope ("\\x{a}", SCOPE_SPAN);
  check_scope ("\\012", SCOPE_SPAN);
  check_scope ("\\cJ", SCOPE_SPAN);
  check_scope ("[\\x00-\\x7f]", SCOPE_SPAN);
  check_scope ("[[:space:]]", SCOPE_SPAN);
  check_scope ("[^[:alpha:]]", SCOPE_SPAN);
  check_scope ("(?s).", SCOPE_SPAN);
  check_scope ("\\p{Cc}", SCOPE_SPAN);
  check_scope ("a++\\sb", SCOPE_LINE);  /* nothing atomic with SPAN: */
  check_scope ("a\\s++", SCOPE_LINE);
  check_scope ("[^a]*+b", SCOPE_LINE);
  check_scope ("x\\D{2}+", SCOPE_LINE);
  check_scope ("(?>\\s*)x", SCOPE_LINE);
  check_scope ("bar\\R", SCOPE_LINE);
  check_scope ("\\X", SCOPE_LINE);
  check_scope ("\\s+?x", SCOPE_SPAN);  /* lazy, not possessive */
  check_scope ("\\++\\w", SCOPE_BUFFER);  /* atomic, no newline */
  check_scope ("(?>ab)\\d++", SCOPE_BUFFER);
  /* Anything that may look past the line or depends on the subject.  */
  check_scope ("(?<=\\s)foo", SCOPE_LINE);
  check_scope ("foo(?=\\s*bar)", SCOPE_LINE);
  check_scope ("(?<![^a])b", SCOPE_LINE);
  check_scope ("\\Afoo", SCOPE_LINE);
  check_scope ("foo\\z", SCOPE_LINE);
  check_scope ("foo\\Z", SCOPE_LINE);
  check_scope ("\\Gfoo", SCOPE_LINE);
  check_scope ("a\\Kb", SCOPE_LINE);
  check_scope ("a(*COMMIT)b", SCOPE_LINE);
  check_scope ("(*CRLF)a", SCOPE_LINE);
  check_scope ("(?-m)^a", SCOPE_LINE);
  check_scope ("(?x) a # c", SCOPE_LINE);
  check_scope ("(?^)a", SCOPE_LINE);
  check_scope ("(?(1)a|b)", SCOPE_LINE);
  check_scope ("(a)(?1)", SCOPE_LINE);
  check_scope ("\\12", SCOPE_LINE);
  check_scope ("[a", SCOPE_LINE);
  check_scope ("\\", SCOPE_LINE);

  check_literal ("foo", false, "foo");
  check_literal ("\\w+_RESUME", false, "_RESUME");
  check_literal ("a+bcd", false, "abcd");
  check_literal ("ab?cd", false, "cd");
  check_literal ("x{0}yz", false, "yz");
  check_literal ("\\d{3}ab", false, "ab");
  check_literal ("[\\s\\S]{2}x", false, NULL);
  check_literal ("(fo)+barbaz", false, "barbaz");
  check_literal ("foo|bar", false, NULL);
  /* The options that start a pattern hold for all of it: '(?i)' is -i,
     '(?-i)' undoes it, '(?^)' resets; the literal ignores case as the
     pattern does.  Anything else with options has no literal.  */
  check_literal_case ("(?i)foo", false, false, "foo", true);
  check_literal_case ("(?-i)foo", true, false, "foo", false);
  check_literal_case ("(?s-i)(?^i)foo", false, false, "foo", true);
  check_literal_case ("(?i)(?m)ab", false, false, "ab", true);
  check_literal_case ("(?i)schedule", false, true, "chedule", true);
  check_literal_case ("(?^)foo", true, false, "foo", false);
  check_literal ("(?x)foo", false, NULL);
  check_literal ("(?i:foo)bar", false, NULL);
  check_literal ("a(?i)bc", false, NULL);
  check_literal ("(?i", false, NULL);
  check_literal ("(?i)", false, NULL);
  check_literal ("a\\.bc\\?", false, "a.bc?");
  check_literal ("\\Qa*b\\E*c", false, "a*");
  check_literal ("ab{2,3}cd", false, "bcd");
  check_literal ("x\\x41yz", false, NULL);
  check_literal ("foo\\d+bar", false, "foo");
  check_literal ("__\\d", true, "__");
  check_literal ("ab", true, "ab");   /* only letters: no byte to scan */
  check_literal ("a{b}", false, "a{b}");
  /* Caseless in UTF-8, a literal is cut at 'k' and 's' (U+212A and
     U+017F match them) and at non-ASCII characters.  */
  check_literal_in ("schedule", true, true, true, "chedule");
  check_literal_in ("mask_of_keys", true, true, true, "_of_");
  check_literal_in ("MASKED", true, true, true, "MA");
  check_literal_in ("free_pages", true, true, true, "free_page");
  check_literal_in ("caf\xc3\xa9s_list", true, true, true, "caf");
  check_literal_in ("ks", true, true, true, NULL);

  static char const *const props[] = {
    "a+b.", "x?yz?", "1{2}\\.", "(ab)?xy", "[ab]{0,2}1_", "\\Q.x\\E?y",
    "a{1,}b", "_\\d+{", "ab*a", "(?:xy)+ab", "a.?b", "\\-+x", "b{0}a{1}",
    "a{,2}b", "(?i)a+B.", "(?i)(?-i)ab?A", "(?s)(?i)xA.b",
  };
  for (size_t i = 0; i < sizeof props / sizeof *props; i++)
    literal_property (props[i]);

  /* Sequences of byte sets: classes of a few ASCII bytes are places.  */
  check_seq ("[how] to", "[how] to");
  check_seq_in ("[how] to", true, false, "[HOWhow] [Tt][Oo]");
  check_seq ("a[^b]cd", "cd");
  check_seq ("[a-c]x+", "[abc]x");
  check_seq ("[a-z]bc", "bc");          /* more than BYTESEQ_SET_MAX */
  check_seq ("[ab]?cd", "cd");
  check_seq ("[.]x[\\-_]", ".x[-_]");
  check_seq ("[]a]b", "[]a]b");
  check_seq ("[a-c-e]x", NULL);         /* '-' after a range: left alone */
  check_seq ("[[:alpha:]]ab", "ab");
  check_seq ("x[ab]{2}y", "x[ab]");
  check_seq ("(?i)[ab]cd", "[ABab][Cc][Dd]");
  check_seq ("(?i)ab|cd", "[ACac][BDbd]");
  check_seq ("(?xi)[ab]cd", NULL);
  check_seq ("[\\d]ab", "ab");
  check_seq ("\\Q[a]\\E[bc]", "[a][bc]");
  check_seq_in ("[\xc3\xa9]x", false, true, NULL);  /* non-ASCII member */
  check_seq_in ("[ks]e_x", true, true, "[Ee]_[Xx]");
  check_seq_in ("[ks]e_x", true, false, "[KSks][Ee]_[Xx]");
  /* A top-level alternation of branches that are whole runs of the same
     length: the union at each place.  */
  check_seq ("ERR_PTR|PTR_ERR", "[EP][RT]R_[EP][RT]R");
  check_seq ("ab|c[d.]|\\[e", "[[ac][.bde]");
  check_seq ("a\\||cd", "[ac][d|]");   /* an escaped '|' is a byte */
  check_seq ("\\Qa|b\\E|xyz", "[ax][y|][bz]");
  check_seq ("(a|b)c|de", NULL);         /* a branch with a group */
  check_seq ("abc|de", NULL);            /* lengths differ */
  check_seq ("a.c|xyz", NULL);
  check_seq ("ab+|cd", NULL);
  check_seq ("ab|", NULL);
  check_seq ("|ab", NULL);
  check_seq ("ab|cd|ef|gh|ij|kl|mn|op|qr", NULL);  /* 9 bytes at a place */
  check_seq ("ab|cd(?i)|ef", NULL);
  check_seq_in ("ab|Cd", true, false, "[ACac][BDbd]");
  check_seq_in ("ak|cd", true, true, NULL);   /* 'k' is not sure in UTF-8 */

  static char const *const seq_props[] = {
    "[ab]c", "x[.a]?[b-c]1", "[ab]+[c ]", "[]x]{2}a[-_]", "[.]a[bc]",
    "(ab)?[xa][bc]", "[a-c]{1,2}x", "ab|c[x.]|_1", "a1|1a|[bc]x",
  };
  for (size_t i = 0; i < sizeof seq_props / sizeof *seq_props; i++)
    seq_property (seq_props[i]);

  return failures != 0;
}
