/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* byteseq.c: search for a sequence of small byte sets (see byteseq.h).
   The packed pair search of pcre2-literal.c, widened: each of the
   sequence's rarest places is compared with every byte of its set, the
   results ORed, and the places ANDed, so that a 32-byte vector yields the
   starts where all of them are in place; only those are checked whole.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "engines/byteseq.h"

bool
byteseq_set_has (struct byteseq_set const *set, unsigned char c)
{
  for (int i = 0; i < set->n; i++)
    if (set->b[i] == c)
      return true;
  return false;
}

bool
byteseq_set_add (struct byteseq_set *set, unsigned char c)
{
  if (byteseq_set_has (set, c))
    return true;
  if (set->n == BYTESEQ_SET_MAX)
    return false;
  set->b[set->n++] = c;
  return true;
}

/* Make *P, a probe for SET (place AT): a byte probe for one byte; else
   a table probe without folding case if the set's bytes are ASCII with
   distinct low nibbles, or with case folded if that makes them so (a
   probe may let through more than SET, never less).  Return false if
   neither does.  */
static bool
make_probe (struct byteseq_set const *set, idx_t at, struct byteseq_probe *p)
{
  *p = (struct byteseq_probe) { .at = at, .byte = set->n == 1,
                                .table = { set->b[0] } };
  for (int fold = 0; !p->byte && fold <= 0x20; fold += 0x20)
    {
      p->fold = fold;
      /* An unused entry I holds a byte whose low nibble is not I.  */
      for (int i = 0; i < 16; i++)
        p->table[i] = i ^ 1;
      unsigned used = 0;
      int j = 0;
      for (; j < set->n; j++)
        {
          unsigned char y = set->b[j] | fold;
          int i = y & 15;
          if (0x80 <= y || (used >> i & 1 && p->table[i] != y))
            break;
          used |= 1u << i;
          p->table[i] = y;
        }
      if (j == set->n)
        return true;
    }
  return p->byte;
}

bool
byteseq_prepare (struct byteseq *s, int (*rank) (unsigned char))
{
  /* A set's cost: how often its bytes occur, roughly (the sum of their
     ranks); the cheapest places rule out the most starts.  */
  int cost[BYTESEQ_PROBES];
  int n = 0;
  struct byteseq_probe *probe = s->probe;
  for (idx_t i = 0; i < s->len; i++)
    {
      struct byteseq_probe p;
      if (!make_probe (&s->set[i], i, &p))
        continue;
      int c = 0;
      for (int j = 0; j < s->set[i].n; j++)
        c += rank (s->set[i].b[j]) + 1;
      int k = n;
      if (k < BYTESEQ_PROBES)
        n++;
      else if (cost[k - 1] <= c)
        continue;
      else
        k--;    /* the costliest probe gives way */
      for (; 0 < k && c < cost[k - 1]; k--)
        {
          cost[k] = cost[k - 1];
          probe[k] = probe[k - 1];
        }
      cost[k] = c;
      probe[k] = p;
    }
  if (n == 0)
    return false;
  /* Byte probes first, then table probes (their order does not matter:
     all must pass).  Too few: a byte probe is repeated, or if there is
     none, a table probe.  */
  struct byteseq_probe sorted[BYTESEQ_PROBES];
  int bytes = 0;
  for (int k = 0; k < n; k++)
    if (probe[k].byte)
      sorted[bytes++] = probe[k];
  int tables = 0;
  for (int k = 0; k < n; k++)
    if (!probe[k].byte)
      sorted[bytes + tables++] = probe[k];
  s->tables = bytes ? tables : BYTESEQ_PROBES;
  int byte_slots = BYTESEQ_PROBES - s->tables;
  for (int k = 0; k < BYTESEQ_PROBES; k++)
    {
      int t = bytes + k - byte_slots;
      probe[k] = (k < bytes ? sorted[k]
                  : k < byte_slots ? sorted[0]
                  : sorted[t < n ? t : n - 1]);
    }
  return true;
}

/* Whether S is at P, with S->len bytes there.  */
static bool
byteseq_at (struct byteseq const *s, unsigned char const *p)
{
  for (idx_t i = 0; i < s->len; i++)
    if (!byteseq_set_has (&s->set[i], p[i]))
      return false;
  return true;
}

#if defined __x86_64__ && defined __GNUC__
# include <immintrin.h>
/* The vector loop is written once for vectors of W bytes and the
   operations V_* on them, and expanded for each number of table probes
   (after the byte probes), a constant there: a byte probe is one
   comparison; a table probe an OR, a shuffle and a comparison.  */
/* Whether each of W bytes from S on may be in probe K's place.  */
# define SEQ_IN(K, S)                                                     \
  ((K) < BYTESEQ_PROBES - tables_                                         \
   ? V_EQ (V_LOAD (buf + (S) + at##K), c##K)                              \
   : ({                                                                   \
       __typeof__ (c0) y_ = V_OR (V_LOAD (buf + (S) + at##K), f##K);      \
       V_EQ (V_SHUF (t##K, y_), y_);                                      \
     }))
/* The starts from S on (a bit each) where every probe is in place.  */
# define SEQ_MASK(S)                                                      \
  ((unsigned) V_MASK (V_AND (V_AND (SEQ_IN (0, S), SEQ_IN (1, S)),        \
                             V_AND (SEQ_IN (2, S), SEQ_IN (3, S)))))
/* Return the first candidate in mask M (from start S) where S is.  */
# define SEQ_TRY(M, S)                                                    \
  for (unsigned m_ = (M); m_; m_ &= m_ - 1)                               \
    {                                                                     \
      idx_t c_ = (S) + __builtin_ctz (m_);                                \
      if (byteseq_at (s, (unsigned char const *) buf + c_))               \
        return buf + c_;                                                  \
    }
# define SEQ_PROBE(K)                                                     \
  idx_t at##K = s->probe[K].at;                                           \
  __typeof__ (V_SET1 (0)) c##K = V_SET1 (s->probe[K].table[0]);           \
  __typeof__ (c##K) t##K = V_TABLE (s->probe[K].table);                   \
  __typeof__ (c##K) f##K = V_SET1 (s->probe[K].fold)
/* Two vectors a turn, with one test of both masks, as PAIR_LOOP in
   pcre2-literal.c; and a prefetch SCAN_PREFETCH bytes ahead.  */
# define SEQ_LOOP(TABLES)                                                 \
  {                                                                       \
    enum { tables_ = TABLES };                                            \
    SEQ_PROBE (0); SEQ_PROBE (1); SEQ_PROBE (2); SEQ_PROBE (3);           \
    idx_t st = 0;                                                         \
    for (; st + s->len - 1 + 2 * W <= len; st += 2 * W)                   \
      {                                                                   \
        __builtin_prefetch (buf + st + SCAN_PREFETCH);                    \
        unsigned m0 = SEQ_MASK (st), m1 = SEQ_MASK (st + W);              \
        if (__builtin_expect ((m0 | m1) != 0, 0))                         \
          {                                                               \
            SEQ_TRY (m0, st);                                             \
            SEQ_TRY (m1, st + W);                                         \
          }                                                               \
      }                                                                   \
    for (; st + s->len - 1 + W <= len; st += W)                           \
      SEQ_TRY (SEQ_MASK (st), st);                                        \
    *done = st;                                                           \
    return NULL;                                                          \
  }
/* The loop for S's number of table probes.  */
# define SEQ_FIND                                                         \
  switch (s->tables)                                                      \
    {                                                                     \
    case 0: SEQ_LOOP (0);                                                 \
    case 1: SEQ_LOOP (1);                                                 \
    case 2: SEQ_LOOP (2);                                                 \
    case 3: SEQ_LOOP (3);                                                 \
    default: SEQ_LOOP (4);                                                \
    }

# define W 16
# define V_LOAD(p) _mm_loadu_si128 ((__m128i const *) (p))
# define V_TABLE(p) V_LOAD (p)
# define V_SET1 _mm_set1_epi8
# define V_OR _mm_or_si128
# define V_AND _mm_and_si128
# define V_SHUF _mm_shuffle_epi8
# define V_EQ _mm_cmpeq_epi8
# define V_MASK _mm_movemask_epi8
__attribute__ ((target ("ssse3"))) static char const *
seq_find_ssse3 (struct byteseq const *s, char const *buf, idx_t len,
                idx_t *done)
{
  SEQ_FIND
}
# undef W
# undef V_LOAD
# undef V_TABLE
# undef V_SET1
# undef V_OR
# undef V_AND
# undef V_SHUF
# undef V_EQ
# undef V_MASK

# define W 32
# define V_LOAD(p) _mm256_loadu_si256 ((__m256i const *) (p))
# define V_TABLE(p) \
  _mm256_broadcastsi128_si256 (_mm_loadu_si128 ((__m128i const *) (p)))
# define V_SET1 _mm256_set1_epi8
# define V_OR _mm256_or_si256
# define V_AND _mm256_and_si256
# define V_SHUF _mm256_shuffle_epi8
# define V_EQ _mm256_cmpeq_epi8
# define V_MASK _mm256_movemask_epi8
__attribute__ ((target ("avx2"))) static char const *
seq_find_avx2 (struct byteseq const *s, char const *buf, idx_t len,
               idx_t *done)
{
  SEQ_FIND
}
#endif

char const *
byteseq_find (struct byteseq const *s, char const *buf, idx_t len)
{
  idx_t done = 0;
#if defined __x86_64__ && defined __GNUC__
  char const *q = (cpu_avx2 ()
                   ? seq_find_avx2 (s, buf, len, &done)
                   : cpu_ssse3 ()
                   ? seq_find_ssse3 (s, buf, len, &done)
                   : NULL);
  if (q)
    return q;
#endif
  /* The last few starts, which the vectors cannot load: the rarest
     place first.  */
  unsigned char const *u = (unsigned char const *) buf;
  idx_t at = s->probe[0].at;
  for (; done + s->len <= len; done++)
    if (byteseq_set_has (&s->set[at], u[done + at])
        && byteseq_at (s, u + done))
      return buf + done;
  return NULL;
}

void
byteseq_free (struct byteseq *s)
{
  free (s->set);
  s->set = NULL;
  s->len = 0;
}
