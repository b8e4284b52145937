/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* compare.c: line and key comparison for sort (see compare.h).
   Keys are located with GNU sort's field rules and compared in place
   when they can be; a key that must be translated (-f), filtered (-d,
   -i) or NUL-terminated (for strtold, strcoll, strxfrm) is copied to a
   stack buffer, or the heap when long, because the lines may be shared
   with other threads and are never written to here.  */

#include <config.h>

#include <byteswap.h>
#include <errno.h>
#include <stdckdint.h>
#include <stdlib.h>
#include <string.h>

#include "attribute.h"
#include "error.h"
#include "minmax.h"
#include "quotearg.h"
#include "xalloc.h"
#include "xmemcoll.h"

#include "compare.h"
#include "numcmp.h"
#include "randkey.h"
#include "vercmp.h"

/* Keys up to this long are copied to the stack (GNU sort's size).  */
enum { KEY_STACK_SIZE = 4000 };

/* strxfrm that dies like GNU sort's xstrxfrm when it fails.  */
static size_t
xstrxfrm (char *dest, char const *src, size_t size)
{
  errno = 0;
  size_t n = strxfrm (dest, src, size);
  if (errno)
    {
      error (0, errno, _("string transformation failed"));
      error (0, 0, _("set LC_ALL='C' to work around the problem"));
      error (SORT_FAILURE, 0, _("the untransformed string was %s"),
             quotearg_n_style (0, locale_quoting_style, src));
    }
  return n;
}

/* The collation transform of the LEN bytes at KEY (KEY[LEN] must be
   NUL), as GNU sort hashes it for -R: each NUL-terminated piece through
   strxfrm, each followed by a NUL.  Keys that collate equal transform
   equal, and transforms compare with memcmp as the keys collate.  Store
   the result in *BUF (of *SIZE bytes; one too small is replaced with a
   bigger heap buffer, which the caller frees unless it is STACKBUF) and
   return its length.  */
static idx_t
xfrm_key (char const *key, idx_t len, char **buf, idx_t *size,
          char const *stackbuf)
{
  idx_t out = 0;
  for (char const *p = key; p < key + len; p += strlen (p) + 1)
    for (;;)
      {
        idx_t room = *size - out;
        size_t n = xstrxfrm (*buf + out, p, room);
        if (n < (size_t) room)
          {
            out += n + 1;  /* strxfrm wrote the NUL too */
            break;
          }
        /* Too small (keys longer than the stack buffer): grow to what
           this piece needs, and transform it again.  Exactly: a guess
           of 3 times the key, as GNU sort makes, took 1 GiB for a
           256 MiB line.  */
        idx_t need;
        if (ckd_add (&need, out, n) || ckd_add (&need, need, 1))
          xalloc_die ();
        char *bigger = ximalloc (need);
        memcpy (bigger, *buf, out);
        if (*buf != stackbuf)
          free (*buf);
        *buf = bigger;
        *size = need;
      }
  return out;
}

/* The word W loaded from memory, as if big-endian: byte order.  */
static inline uint64_t
be64 (uint64_t w)
{
#if defined __BYTE_ORDER__ && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  return w;
#else
  return bswap_64 (w);
#endif
}

/* Compare the LENA bytes at A with the LENB bytes at B as unsigned
   bytes; a proper prefix sorts first.  */
static inline int
bytes_compare (char const *a, idx_t lena, char const *b, idx_t lenb)
{
  int diff = memcmp (a, b, MIN (lena, lenb));
  return diff ? diff : (lena > lenb) - (lena < lenb);
}

/* The sign of DIFF, negated if REVERSE.  */
static inline int
signed_diff (int diff, bool reverse)
{
  int sign = (0 < diff) - (diff < 0);
  return reverse ? -sign : sign;
}

/* Past the blank-separated field at PTR (its leading blanks, then its
   other bytes), at most LIM.  */
static inline char *
skip_field (struct sort_opts const *o, char *ptr, char *lim)
{
  ptr += sort_blank_span (o, ptr, lim);
  while (ptr < lim && !o->blanks[to_uchar (*ptr)])
    ++ptr;
  return ptr;
}

/* The first -t separator in [PTR, LIM), or LIM.  */
static inline char *
skip_to_tab (struct sort_opts const *o, char *ptr, char *lim)
{
  char *t = memchr (ptr, o->tab, lim - ptr);
  return t ? t : lim;
}

char *
compare_key_beg (struct sort_opts const *o, struct sort_key const *k,
                 char *text, idx_t len)
{
  char *ptr = text;
  char *lim = text + len;
  size_t sword = k->sword;

  /* Without -t the blanks before a field belong to it.  */
  if (o->tab != TAB_DEFAULT)
    while (ptr < lim && sword--)
      {
        ptr = skip_to_tab (o, ptr, lim);
        if (ptr < lim)
          ++ptr;
      }
  else
    while (ptr < lim && sword--)
      ptr = skip_field (o, ptr, lim);

  if (k->skipsblanks)
    ptr += sort_blank_span (o, ptr, lim);

  return (size_t) (lim - ptr) < k->schar ? lim : ptr + k->schar;
}

char *
compare_key_lim (struct sort_opts const *o, struct sort_key const *k,
                 char *text, idx_t len)
{
  char *ptr = text;
  char *lim = text + len;
  size_t eword = k->eword;
  size_t echar = k->echar;

  /* ECHAR == 0 means the whole of field EWORD: skip past it.  */
  if (echar == 0)
    eword++;

  /* Move past EWORD fields: with -t, to just after the separator ending
     the last one (unless the key ends there); without, to the blank
     after it.  */
  if (o->tab != TAB_DEFAULT)
    while (ptr < lim && eword--)
      {
        ptr = skip_to_tab (o, ptr, lim);
        if (ptr < lim && (eword || echar))
          ++ptr;
      }
  else
    while (ptr < lim && eword--)
      ptr = skip_field (o, ptr, lim);

  if (echar != 0)
    {
      if (k->skipeblanks)
        ptr += sort_blank_span (o, ptr, lim);
      ptr = (size_t) (lim - ptr) < echar ? lim : ptr + echar;
    }
  return ptr;
}

/* Store in *BEG and *LIM the bounds of key K in line L (an empty key
   when the end comes before the start).  */
static void
key_bounds (struct sort_opts const *o, struct sort_key const *k,
            struct line const *l, char **beg, char **lim)
{
  char *text = l->text;
  char *e = (k->eword == SIZE_MAX ? text + l->len
             : compare_key_lim (o, k, text, l->len));
  char *b;
  if (k->sword != SIZE_MAX)
    b = compare_key_beg (o, k, text, l->len);
  else
    b = text + (k->skipsblanks ? sort_blank_span (o, text, e) : 0);
  *beg = b;
  *lim = MAX (b, e);
}

/* Copy the LEN bytes at SRC to DST without the bytes key K ignores and
   with its translation, NUL-terminate it and return its length.  */
static idx_t
key_transform (struct sort_opts const *o, struct sort_key const *k,
               char const *src, idx_t len, char *dst)
{
  bool const *ignore = sort_ignore_table (o, k->ignore);
  idx_t n = 0;
  for (idx_t i = 0; i < len; i++)
    if (! (ignore && ignore[to_uchar (src[i])]))
      dst[n++] = k->translate ? o->fold_toupper[to_uchar (src[i])] : src[i];
  dst[n] = '\0';
  return n;
}

/* Bytewise comparison of keys, translated and filtered on the fly (the C
   locale's text comparison).  */
static int
text_compare (struct sort_opts const *o, struct sort_key const *k,
              char const *ta, idx_t lena, char const *tb, idx_t lenb)
{
  bool const *ignore = sort_ignore_table (o, k->ignore);
  char const *translate = k->translate ? o->fold_toupper : NULL;
  if (ignore)
    {
      char const *lima = ta + lena;
      char const *limb = tb + lenb;
      for (;;)
        {
          while (ta < lima && ignore[to_uchar (*ta)])
            ta++;
          while (tb < limb && ignore[to_uchar (*tb)])
            tb++;
          if (! (ta < lima && tb < limb))
            return (ta < lima) - (tb < limb);
          unsigned char ca = translate ? translate[to_uchar (*ta)] : *ta;
          unsigned char cb = translate ? translate[to_uchar (*tb)] : *tb;
          if (ca != cb)
            return ca - cb;
          ta++;
          tb++;
        }
    }
  if (!translate)
    return bytes_compare (ta, lena, tb, lenb);
  idx_t n = MIN (lena, lenb);
  for (idx_t i = 0; i < n; i++)
    {
      int diff = (to_uchar (translate[to_uchar (ta[i])])
                  - to_uchar (translate[to_uchar (tb[i])]));
      if (diff)
        return diff;
    }
  return (lena > lenb) - (lena < lenb);
}

/* Compare -R keys TA and TB as GNU sort does, by digest unless TIED
   says the digests are already known equal, then by their bytes.  */
static int
random_compare_bytes (struct sort_opts const *o, char const *ta,
                      idx_t lena, char const *tb, idx_t lenb, bool tied)
{
  int diff = 0;
  if (!tied)
    {
      uint64_t da[2], db[2];
      randkey_digest (o->random, ta, lena, da);
      randkey_digest (o->random, tb, lenb, db);
      diff = (da[0] != db[0] ? (da[0] < db[0] ? -1 : 1)
              : da[1] != db[1] ? (da[1] < db[1] ? -1 : 1) : 0);
    }
  return diff ? diff : bytes_compare (ta, lena, tb, lenb);
}

/* The same in a hard locale, where keys (NUL-terminated) are compared
   by their collation transforms.  Out of line: its buffers are big.  */
static int ATTRIBUTE_NOINLINE
random_compare_xfrm (struct sort_opts const *o, char const *ta,
                     idx_t lena, char const *tb, idx_t lenb, bool tied)
{
  char stacka[KEY_STACK_SIZE];
  char stackb[KEY_STACK_SIZE];
  char *xa = stacka;
  char *xb = stackb;
  idx_t sizea = sizeof stacka;
  idx_t sizeb = sizeof stackb;
  lena = xfrm_key (ta, lena, &xa, &sizea, stacka);
  lenb = xfrm_key (tb, lenb, &xb, &sizeb, stackb);
  int diff = random_compare_bytes (o, xa, lena, xb, lenb, tied);
  if (xa != stacka)
    free (xa);
  if (xb != stackb)
    free (xb);
  return diff;
}

/* Compare keys that are not bytewise text: TA and TB are NUL-terminated
   when the kind needs it.  */
static int
typed_compare (struct sort_opts const *o, struct sort_key const *k,
               char const *ta, idx_t lena, char const *tb, idx_t lenb,
               bool tied)
{
  switch (k->kind)
    {
    case KEY_NUMERIC:
      return numcmp_numeric (o, ta, ta + lena, tb, tb + lenb);
    case KEY_GENERAL:
      return numcmp_general (ta, tb);
    case KEY_HUMAN:
      return numcmp_human (o, ta, ta + lena, tb, tb + lenb);
    case KEY_MONTH:
      return (numcmp_month (o, ta, ta + lena, NULL)
              - numcmp_month (o, tb, tb + lenb, NULL));
    case KEY_RANDOM:
      return (o->hard_collate
              ? random_compare_xfrm (o, ta, lena, tb, lenb, tied)
              : random_compare_bytes (o, ta, lena, tb, lenb, tied));
    case KEY_VERSION:
      return sort_vercmp (ta, lena, tb, lenb);
    case KEY_TEXT: default:
      /* Locale collation.  */
      if (lena == 0)
        return - (lenb != 0);
      if (lenb == 0)
        return 1;
      return xmemcoll0 (ta, lena + 1, tb, lenb + 1);
    }
}

/* Whether keys of K's kind must be NUL-terminated to be compared.  */
static bool
needs_nul (struct sort_opts const *o, struct sort_key const *k)
{
  return (k->kind == KEY_GENERAL
          || (o->hard_collate
              && (k->kind == KEY_TEXT || k->kind == KEY_RANDOM)));
}

/* key_compare for keys that must be transformed or NUL-terminated:
   compare copies.  Out of line: its buffer is big.  */
static int ATTRIBUTE_NOINLINE
key_compare_copies (struct sort_opts const *o, struct sort_key const *k,
                    char const *ta, idx_t lena, char const *tb, idx_t lenb,
                    bool tied)
{
  char stackbuf[KEY_STACK_SIZE];
  idx_t size = lena + 1 + lenb + 1;
  char *copy = size <= KEY_STACK_SIZE ? stackbuf : ximalloc (size);
  char *ca = copy;
  char *cb = copy + lena + 1;
  if (k->ignore != IGNORE_NONE || k->translate)
    {
      lena = key_transform (o, k, ta, lena, ca);
      lenb = key_transform (o, k, tb, lenb, cb);
    }
  else
    {
      memcpy (ca, ta, lena);
      ca[lena] = '\0';
      memcpy (cb, tb, lenb);
      cb[lenb] = '\0';
    }
  int diff = typed_compare (o, k, ca, lena, cb, lenb, tied);
  if (copy != stackbuf)
    free (copy);
  return diff;
}

/* Compare key K of two lines: the LENA bytes at TA and LENB at TB, each
   followed by at least one readable byte.  TIED: the digests of -R keys
   are known equal.  */
static int
key_compare (struct sort_opts const *o, struct sort_key const *k,
             char const *ta, idx_t lena, char const *tb, idx_t lenb,
             bool tied)
{
  if (k->kind == KEY_TEXT && !o->hard_collate)
    return text_compare (o, k, ta, lena, tb, lenb);
  if (k->ignore == IGNORE_NONE && !k->translate
      && (!needs_nul (o, k) || (ta[lena] == '\0' && tb[lenb] == '\0')))
    return typed_compare (o, k, ta, lena, tb, lenb, tied);
  return key_compare_copies (o, k, ta, lena, tb, lenb, tied);
}

/* What is known of the keys at the level where two lines are compared
   (see compare_lines_tied_at).  */
enum known
{
  KNOWN_NOTHING,
  KNOWN_SAME_DIGEST,     /* -R key: the digests are equal */
  KNOWN_EQUAL            /* the keys compare equal */
};

/* Compare keys LEVEL on of A and B.  */
static int
keycompare (struct sort_opts const *o, struct line const *a,
            struct line const *b, idx_t level, enum known known)
{
  for (idx_t i = level + (known == KNOWN_EQUAL); i < o->nkeys; i++)
    {
      struct sort_key const *k = &o->keys[i];
      char *ta, *lima, *tb, *limb;
      key_bounds (o, k, a, &ta, &lima);
      key_bounds (o, k, b, &tb, &limb);
      int diff = key_compare (o, k, ta, lima - ta, tb, limb - tb,
                              i == level && known == KNOWN_SAME_DIGEST);
      if (diff)
        return signed_diff (diff, k->reverse);
    }
  return 0;
}

/* Compare A and B, whose keys before LEVEL are equal.  Level NKEYS is
   the last-resort comparison (the only level without keys).  */
static int
compare_from (struct sort_opts const *o, struct line const *a,
              struct line const *b, idx_t level, enum known known)
{
  if (level < o->nkeys)
    {
      int diff = keycompare (o, a, b, level, known);
      if (diff || o->unique || o->stable)
        return diff;
    }
  else if (known == KNOWN_EQUAL)
    return 0;

  /* The last resort: whole lines, reversed by the global -r only.  */
  idx_t alen = a->len;
  idx_t blen = b->len;
  int diff = (o->hard_collate && alen && blen
              ? xmemcoll0 (a->text, alen + 1, b->text, blen + 1)
              : bytes_compare (a->text, alen, b->text, blen));
  return signed_diff (diff, o->reverse);
}

int
compare_lines (struct sort_opts const *o, struct line const *a,
               struct line const *b)
{
  return compare_from (o, a, b, 0, KNOWN_NOTHING);
}

/* The key of level LEVEL (null for the last resort), its kind and
   whether it is reversed.  */
static struct sort_key const *
level_key (struct sort_opts const *o, idx_t level, enum key_kind *kind,
           bool *reverse)
{
  struct sort_key const *key = level < o->nkeys ? &o->keys[level] : NULL;
  *kind = key ? key->kind : KEY_TEXT;
  *reverse = key ? key->reverse : o->reverse;
  return key;
}

/* What the abbreviation W0, W1 that two lines share at LEVEL tells of
   their keys there.  */
static enum known
abbrev_known (struct sort_opts const *o, idx_t level, uint64_t w0,
              uint64_t w1)
{
  enum key_kind kind;
  bool reverse;
  level_key (o, level, &kind, &reverse);
  if (reverse)
    {
      w0 = ~w0;
      w1 = ~w1;
    }
  switch (kind)
    {
    case KEY_TEXT:
      return (w1 & 0xff) != 0xff ? KNOWN_EQUAL : KNOWN_NOTHING;
    case KEY_RANDOM:
      return KNOWN_SAME_DIGEST;
    case KEY_VERSION:
      return KNOWN_NOTHING;
    default:
      return (numcmp_abbrev_exact (kind, (uint64_t const[]) { w0, w1 })
              ? KNOWN_EQUAL : KNOWN_NOTHING);
    }
}

int
compare_lines_tied_at (struct sort_opts const *o, struct line const *a,
                       struct line const *b, idx_t level, uint64_t w0,
                       uint64_t w1)
{
  /* Ties are often duplicate lines, which compare equal whatever the
     options: one memcmp settles them.  */
  if (a->len == b->len && memcmp (a->text, b->text, a->len) == 0)
    return 0;
  return compare_from (o, a, b, level, abbrev_known (o, level, w0, w1));
}

int
compare_lines_tied (struct sort_opts const *o, struct line const *a,
                    struct line const *b, uint64_t k0)
{
  return compare_lines_tied_at (o, a, b, 0, k0, a->k1);
}

bool
compare_level_exact (struct sort_opts const *o, idx_t level, uint64_t w0,
                     uint64_t w1)
{
  return abbrev_known (o, level, w0, w1) == KNOWN_EQUAL;
}

bool
compare_level_worth_checking (struct sort_opts const *o, idx_t level)
{
  enum key_kind kind;
  bool reverse;
  level_key (o, level, &kind, &reverse);
  return kind == KEY_TEXT;
}

bool
compare_level_equal (struct sort_opts const *o, struct line const *a,
                     struct line const *b, idx_t level)
{
  if (a->len == b->len && memcmp (a->text, b->text, a->len) == 0)
    return true;
  if (o->nkeys <= level)
    return false;
  struct sort_key const *k = &o->keys[level];
  char *ta, *lima, *tb, *limb;
  key_bounds (o, k, a, &ta, &lima);
  key_bounds (o, k, b, &tb, &limb);
  return key_compare (o, k, ta, lima - ta, tb, limb - tb, false) == 0;
}

/* Comparisons go level by level: key 0, key 1, ..., then the whole
   lines (the last resort) unless -s or -u turn it off, so there is at
   least one level.  The number of levels.  */
static idx_t
compare_levels (struct sort_opts const *o)
{
  bool last_resort = o->nkeys == 0 || ! (o->unique || o->stable);
  return o->nkeys + last_resort;
}

bool
compare_level_abbreviates (struct sort_opts const *o, idx_t level)
{
  enum key_kind kind;
  bool reverse;
  level_key (o, level, &kind, &reverse);
  return level < compare_levels (o) && kind != KEY_VERSION;
}

/* The abbreviation of the bytewise text key [P, LIM) as seen by key K
   (the raw bytes if K is null): its first 15 bytes, zero-padded, then
   its length if at most 15 (the words are then exact: equal words mean
   equal keys), else 0xff.  Big-endian words order as memcmp does: a
   padded short key sorts before its extensions by its smaller length.  */
static void
text_abbrev (struct sort_opts const *o, struct sort_key const *k,
             char const *p, char const *lim, uint64_t *k0, uint64_t *k1)
{
  enum { PREFIX = 15 };
  unsigned char bytes[PREFIX + 1];
  bool const *ignore = k ? sort_ignore_table (o, k->ignore) : NULL;
  bool translate = k && k->translate;
  idx_t n;
  if (!ignore && !translate)
    {
      n = MIN (lim - p, PREFIX + 1);
      memcpy (bytes, p, MIN (n, PREFIX));
    }
  else
    for (n = 0; p < lim && n <= PREFIX; p++)
      if (! (ignore && ignore[to_uchar (*p)]))
        {
          if (n < PREFIX)
            bytes[n] = translate ? o->fold_toupper[to_uchar (*p)] : *p;
          n++;
        }
  if (n < PREFIX)
    memset (bytes + n, 0, PREFIX - n);
  bytes[PREFIX] = n <= PREFIX ? n : 0xff;
  uint64_t w0, w1;
  memcpy (&w0, bytes, sizeof w0);
  memcpy (&w1, bytes + 8, sizeof w1);
  *k0 = be64 (w0);
  *k1 = be64 (w1);
}

/* In a locale that collates: the abbreviation of the text key [P, LIM)
   of K (the whole line if K is null), taken from its collation
   transform (see xfrm_key), as far as its memcmp order is the keys'
   collation order (enum xfrm_trust): exact when that is all of it and at
   most 15 bytes, else only an order whose ties strcoll breaks.  In the C.UTF-8
   locale the transform is about as cheap as a copy.  Out of line: its
   buffers are big.  */
static void ATTRIBUTE_NOINLINE
collated_abbrev (struct sort_opts const *o, struct sort_key const *k,
                 char const *p, char const *lim, uint64_t w[2])
{
  char keybuf[KEY_STACK_SIZE];
  char xbuf[KEY_STACK_SIZE];
  idx_t n = lim - p;
  char *key = keybuf;
  bool transform = k && (k->ignore != IGNORE_NONE || k->translate);
  if (!transform && *lim == '\0')
    key = (char *) p;
  else
    {
      if (KEY_STACK_SIZE <= n)
        key = ximalloc (n + 1);
      if (transform)
        n = key_transform (o, k, p, n, key);
      else
        {
          memcpy (key, p, n);
          key[n] = '\0';
        }
    }
  char *x = xbuf;
  idx_t size = sizeof xbuf;
  idx_t xlen = 0;
  if (o->xfrm_trust != XFRM_NOTHING)
    {
      xlen = xfrm_key (key, n, &x, &size, xbuf);
      /* xfrm_key (like GNU sort's -R) makes nothing of the empty string
         after a NUL that ends the key, so "a" and "a\0" transform the
         same; but xmemcoll0 sorts "a\0" after "a", and the abbreviation
         must not say they are equal (sort -u kept one of them): add
         that empty string's transform, a NUL.  Only the first 16 bytes
         count, so a short transform is in XBUF, with room.  */
      if (n && key[n - 1] == '\0' && xlen < MIN (16, size))
        x[xlen++] = '\0';
    }
  if (o->xfrm_trust == XFRM_FIRST_LEVEL)
    {
      /* The first level only (see enum xfrm_trust); never exact.  */
      char const *sep = memchr (x, '\1', xlen);
      if (sep)
        xlen = sep - x;
    }
  text_abbrev (o, NULL, x, x + xlen, &w[0], &w[1]);
  if (o->xfrm_trust != XFRM_WHOLE)
    w[1] |= 0xff;
  if (x != xbuf)
    free (x);
  if (key != keybuf && key != p)
    free (key);
}

/* The digest of the collation transform of the -R key P of LEN bytes
   (NUL-terminated).  Out of line: its buffer is big.  */
static void ATTRIBUTE_NOINLINE
random_abbrev_xfrm (struct sort_opts const *o, char const *p, idx_t len,
                    uint64_t k[2])
{
  char stackbuf[KEY_STACK_SIZE];
  char *x = stackbuf;
  idx_t size = sizeof stackbuf;
  len = xfrm_key (p, len, &x, &size, stackbuf);
  randkey_digest (o->random, x, len, k);
  if (x != stackbuf)
    free (x);
}

/* Store in K the abbreviation of the typed key [P, LIM) of KEY.  P is
   NUL-terminated at LIM if KEY needs it, and already transformed.  */
static void
typed_abbrev (struct sort_opts const *o, struct sort_key const *key,
              char const *p, char const *lim, uint64_t k[2])
{
  switch (key->kind)
    {
    case KEY_NUMERIC:
      numcmp_numeric_abbrev (o, p, lim, k);
      break;
    case KEY_HUMAN:
      numcmp_human_abbrev (o, p, lim, k);
      break;
    case KEY_GENERAL:
      numcmp_general_abbrev (p, k);
      break;
    case KEY_MONTH:
      k[0] = numcmp_month (o, p, lim, NULL);
      break;
    case KEY_RANDOM:
      if (o->hard_collate)
        random_abbrev_xfrm (o, p, lim - p, k);
      else
        randkey_digest (o->random, p, lim - p, k);
      break;
    case KEY_TEXT: case KEY_VERSION: default:
      break;
    }
}

/* typed_abbrev of a copy of the key [BEG, LIM), transformed and
   NUL-terminated.  Out of line: its buffer is big.  */
static void ATTRIBUTE_NOINLINE
typed_abbrev_copy (struct sort_opts const *o, struct sort_key const *key,
                   char const *beg, char const *lim, uint64_t k[2])
{
  char stackbuf[KEY_STACK_SIZE];
  idx_t n = lim - beg;
  char *c = n < KEY_STACK_SIZE ? stackbuf : ximalloc (n + 1);
  if (key->ignore != IGNORE_NONE || key->translate)
    n = key_transform (o, key, beg, n, c);
  else
    {
      memcpy (c, beg, n);
      c[n] = '\0';
    }
  typed_abbrev (o, key, c, c + n, k);
  if (c != stackbuf)
    free (c);
}

uint64_t
compare_abbrev_at (struct sort_opts const *o, struct line *line,
                   idx_t level)
{
  uint64_t k[2] = { 0, 0 };
  enum key_kind kind;
  bool reverse;
  struct sort_key const *key = level_key (o, level, &kind, &reverse);
  if (!key)
    {
      if (!o->hard_collate)
        text_abbrev (o, NULL, line->text, line->text + line->len,
                     &k[0], &k[1]);
      else
        collated_abbrev (o, NULL, line->text, line->text + line->len, k);
    }
  else
    {
      char *beg = line->text;
      char *lim = beg + line->len;
      if (! (key->sword == SIZE_MAX && key->eword == SIZE_MAX
             && !key->skipsblanks))
        key_bounds (o, key, line, &beg, &lim);
      if (kind == KEY_TEXT)
        {
          if (!o->hard_collate)
            text_abbrev (o, key, beg, lim, &k[0], &k[1]);
          else
            collated_abbrev (o, key, beg, lim, k);
        }
      else if (kind != KEY_VERSION)
        {
          if (key->ignore == IGNORE_NONE && !key->translate
              && (!needs_nul (o, key) || *lim == '\0'))
            typed_abbrev (o, key, beg, lim, k);
          else
            typed_abbrev_copy (o, key, beg, lim, k);
        }
    }
  if (reverse)
    {
      k[0] = ~k[0];
      k[1] = ~k[1];
    }
  line->k1 = k[1];
  return k[0];
}

uint64_t
compare_abbrev (struct sort_opts const *o, struct line *line)
{
  return compare_abbrev_at (o, line, 0);
}
