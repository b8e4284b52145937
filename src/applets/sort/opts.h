/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* opts.h: the types every module of the sort applet shares.
   The options (struct sort_opts, with its keys and character tables) are
   built once by sort.c and are read-only afterwards, so worker threads
   share them freely.  Lines are counted strings whose end-of-line byte
   has been replaced by a NUL.  Besides small inline helpers (quoting,
   sort_die), nothing here does anything.  */

#ifndef GRABRAT_SORT_OPTS_H
#define GRABRAT_SORT_OPTS_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <errno.h>
#include <stdlib.h>

#include "error.h"
#include "idx.h"
#include "quotearg.h"

#include "system.h"

struct randkey;

/* GNU sort's exit statuses: -c/-C found disorder, and any trouble.  */
enum { SORT_OUT_OF_ORDER = 1, SORT_FAILURE = 2 };

/* A TAB value meaning "fields are separated by blank-to-nonblank
   transitions" (no -t), and the thousands separator of locales that
   have none we can use: both outside the range of char.  */
enum { TAB_DEFAULT = CHAR_MAX + 1, NON_CHAR = CHAR_MAX + 1 };

/* What a key is compared as.  Only KEY_RANDOM and KEY_VERSION can be
   asked for together, and then random wins, as in GNU sort.  */
enum key_kind
{
  KEY_TEXT,        /* bytes, or strcoll in a hard LC_COLLATE locale */
  KEY_NUMERIC,     /* -n */
  KEY_GENERAL,     /* -g */
  KEY_HUMAN,       /* -h */
  KEY_MONTH,       /* -M */
  KEY_RANDOM,      /* -R */
  KEY_VERSION      /* -V */
};

/* Which bytes a key ignores (-d, -i).  */
enum key_ignore { IGNORE_NONE, IGNORE_NONPRINTING, IGNORE_NONDICTIONARY };

/* One sort key, as -k POS1[,POS2] or +POS1 [-POS2] defines it.  Field
   and character numbers are zero-origin; SWORD == SIZE_MAX means "from
   the start of the line", EWORD == SIZE_MAX "to the end of the line",
   and ECHAR == 0 "to the end of field EWORD".  */
struct sort_key
{
  size_t sword;
  size_t schar;
  size_t eword;
  size_t echar;
  enum key_ignore ignore;
  bool translate;         /* -f: fold lower case to upper case */
  bool skipsblanks;       /* b on the start position */
  bool skipeblanks;       /* b on the end position */
  bool numeric;
  bool general_numeric;
  bool human_numeric;
  bool month;
  bool random;
  bool version;
  bool reverse;
  bool traditional_used;  /* given as +POS1 -POS2 (for --debug) */
  enum key_kind kind;     /* set from the flags above once parsed */
};

struct month_name
{
  char const *name;       /* upper case, blanks removed */
  int val;                /* 1 to 12 */
};

enum { MONTHS_PER_YEAR = 12 };

/* Everything that decides how lines compare and how they are written.  */
/* How far the order of strxfrm's transforms can stand for strcoll's, for
   abbreviated keys.  glibc's strxfrm and strcoll disagree past the first
   level when a level is backward or has 'position' (en_US.UTF-8:
   forward;backward;forward;forward,position): strxfrm puts "+1K" before
   "1 K", strcoll after.  Over 4.4 million pairs of generated strings
   (letters of both cases, accents, digits, spaces and punctuation) in
   en_US, de_DE, fr_FR, sv_SE and cs_CZ .UTF-8, the first level never
   disagreed; levels 1-2 did 4 times, 1-3 21 times.  */
enum xfrm_trust
{
  XFRM_WHOLE,        /* no collation rules (C.UTF-8): the bytes' order */
  XFRM_FIRST_LEVEL,  /* the first level's weights, up to the first '\1' */
  XFRM_NOTHING       /* not known: abbreviations tie, strcoll decides */
};

struct sort_opts
{
  struct sort_key const *keys;
  idx_t nkeys;
  int tab;                 /* field separator byte, or TAB_DEFAULT */
  char eol;                /* '\n', or '\0' with -z */
  bool reverse;            /* global -r: flips the last-resort compare */
  bool stable;             /* -s: no last-resort compare */
  bool unique;             /* -u */
  bool debug;              /* --debug */
  bool hard_collate;       /* LC_COLLATE is not C/POSIX: use strcoll */
  enum xfrm_trust xfrm_trust;  /* what strxfrm's order tells (hard_collate) */
  char decimal_point;
  int thousands_sep;       /* a char, or NON_CHAR */
  bool thousands_sep_ignored;  /* the locale's is multibyte */
  struct randkey const *random;  /* the -R hash, or NULL if no key is R */

  /* Character classes of the LC_CTYPE locale, and the month names of
     the LC_TIME locale sorted by name.  */
  bool blanks[UCHAR_MAX + 1];
  bool nonprinting[UCHAR_MAX + 1];
  bool nondictionary[UCHAR_MAX + 1];
  char fold_toupper[UCHAR_MAX + 1];
  struct month_name months[MONTHS_PER_YEAR];
  bool months_allocated;   /* the names are the locale's, in the heap */
};

/* The resources one run of sort may use.  */
struct sort_limits
{
  idx_t buffer_size;      /* -S in bytes, or 0 if not given */
  idx_t nthreads;         /* --parallel, or the default */
  idx_t nmerge;           /* --batch-size: inputs merged at once */
};

/* A line in memory.  TEXT[LEN] is a NUL (the end-of-line byte, which
   output puts back), so key code may read one byte past a key that ends
   the line.  K1 is the second word of the line's abbreviated first key
   (see compare.h); it is valid only where the sorter computed it.  */
struct line
{
  char *text;
  idx_t len;
  uint64_t k1;
};

/* C as an unsigned byte, to index the tables of struct sort_opts.  */
static inline unsigned char
to_uchar (char c)
{
  return c;
}

/* The number of blanks (O's -b set) that [P, LIM) starts with.  */
static inline idx_t
sort_blank_span (struct sort_opts const *o, char const *p, char const *lim)
{
  char const *q = p;
  while (q < lim && o->blanks[to_uchar (*q)])
    q++;
  return q - p;
}

/* Whether K compares numbers (-n, -g or -h).  */
static inline bool
sort_key_numeric (struct sort_key const *k)
{
  return k->numeric || k->general_numeric || k->human_numeric;
}

/* Whether K has no ordering option at all (GNU sort's
   default_key_compare; -r does not count).  */
static inline bool
sort_key_plain (struct sort_key const *k)
{
  return ! (k->ignore != IGNORE_NONE || k->translate || k->skipsblanks
            || k->skipeblanks || sort_key_numeric (k) || k->month
            || k->version || k->random);
}

/* Store in OPTS (room for 12 bytes) K's ordering options as letters, in
   the order GNU sort's messages list them.  */
static inline void
sort_key_letters (struct sort_key const *k, char *opts)
{
  if (k->skipsblanks || k->skipeblanks)
    *opts++ = 'b';
  if (k->ignore == IGNORE_NONDICTIONARY)
    *opts++ = 'd';
  if (k->translate)
    *opts++ = 'f';
  if (k->general_numeric)
    *opts++ = 'g';
  if (k->human_numeric)
    *opts++ = 'h';
  if (k->ignore == IGNORE_NONPRINTING)
    *opts++ = 'i';
  if (k->month)
    *opts++ = 'M';
  if (k->numeric)
    *opts++ = 'n';
  if (k->random)
    *opts++ = 'R';
  if (k->reverse)
    *opts++ = 'r';
  if (k->version)
    *opts++ = 'V';
  *opts = '\0';
}

/* ARG quoted for a diagnostic, always (GNU's quoteaf).  */
static inline char const *
sort_quoteaf (char const *arg)
{
  return quotearg_style (shell_escape_always_quoting_style, arg);
}

/* Die with GNU sort's message for a system call that failed on FILE,
   errno saying why: "sort: open failed: FILE: No such file or
   directory", MSGID ("open failed", marked N_) in the user's language.  */
_Noreturn static inline void
sort_die (char const *msgid, char const *file)
{
  int e = errno;
  error (SORT_FAILURE, e, "%s: %s", _(msgid), quotef (file));
  abort ();
}

/* The table of "ignored" bytes for IGNORE in O, or NULL.  */
static inline bool const *
sort_ignore_table (struct sort_opts const *o, enum key_ignore ignore)
{
  return (ignore == IGNORE_NONPRINTING ? o->nonprinting
          : ignore == IGNORE_NONDICTIONARY ? o->nondictionary
          : NULL);
}

#endif
