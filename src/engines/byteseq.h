/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* byteseq.h: a sequence of small byte sets that every match of a pattern
   holds at consecutive bytes ('[how] to' holds one of h, o, w, then ' ',
   't', 'o'), and a fast search for it: the sets of its rarest places are
   compared at once over 16 or 32 candidate starts.  It serves patterns
   whose required literal is too short for literal_find but whose classes
   make a longer sequence.  Knows bytes, nothing else; immutable once
   built, so threads share it.  */

#ifndef GRABRAT_ENGINES_BYTESEQ_H
#define GRABRAT_ENGINES_BYTESEQ_H

#include <stdbool.h>

#include "idx.h"

/* How far ahead a vector scan (this one and literal_find's packed pair)
   asks for memory.  A big file's pages come from memory, not cache, and
   four loads a vector outran this VM's own prefetching: 'grab -n 1 -c
   "[how] to"' on the 1.1 GiB bench file (2026-12-03, perf stat -r 5,
   twice) took 0.206-0.211 s with it, 0.324-0.345 s without, and
   0.294-0.303 s with PCRE2's JIT alone (256 bytes ahead gained less,
   2048 and 4096 no more, in a test program); on the Linux tree, whose
   files are read into a buffer in cache, 0.96 of the time without it
   (grab -r -n 2, 7 rounds).  */
enum { SCAN_PREFETCH = 1024 };

/* Most bytes in one place: a class of more would stop the search too
   often to pay ('[a-z]'), and more comparisons cost more per vector.  */
enum { BYTESEQ_SET_MAX = 8 };
/* Most places compared in the vector loop; the others are checked at
   each candidate.  */
enum { BYTESEQ_PROBES = 4 };

struct byteseq_set
{
  unsigned char n;                        /* 1 to BYTESEQ_SET_MAX */
  unsigned char b[BYTESEQ_SET_MAX];       /* distinct bytes */
};

/* A place compared in the vector loop: a byte probe for a set of one
   byte, TABLE[0]; else a table probe: byte X may be there if Y = X | FOLD
   is below 0x80 and TABLE[Y & 15] == Y (one shuffle and one compare for
   a set of any size).  */
struct byteseq_probe
{
  idx_t at;                     /* the place's index */
  bool byte;                    /* a byte probe */
  unsigned char fold;           /* 0, or 0x20 to fold ASCII case */
  unsigned char table[16];
};

struct byteseq
{
  struct byteseq_set *set;  /* malloc'd, LEN places */
  idx_t len;
  /* The rarest places that probes can test, byte probes first, the
     last TABLES of them table probes; fewer places fill PROBE by
     repeating one.  */
  struct byteseq_probe probe[BYTESEQ_PROBES];
  int tables;
};

/* Whether byte C is in SET.  */
bool byteseq_set_has (struct byteseq_set const *set, unsigned char c);

/* Add byte C to SET, if not there; return false if SET is full.  */
bool byteseq_set_add (struct byteseq_set *set, unsigned char c);

/* Choose the places of S to compare at once: the rarest, by RANK (a
   byte's frequency rank in text, higher for more frequent), of those
   whose sets a probe can test.  Return false if there is none.  */
bool byteseq_prepare (struct byteseq *s, int (*rank) (unsigned char));

/* The first place in BUF[0..LEN) where S starts, or NULL.  */
char const *byteseq_find (struct byteseq const *s, char const *buf,
                          idx_t len);

void byteseq_free (struct byteseq *s);

#endif
