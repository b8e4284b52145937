/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* randkey.h: the keyed hash behind sort -R.  Sixteen random bytes (from
   --random-source=FILE or getrandom) are stretched into an XXH3 secret,
   and each key gets a 128-bit XXH3 digest under that secret: sorting by
   digest shuffles, and equal keys, having equal digests, stay together.
   The same bytes always give the same digests.  A randkey is read-only
   once made, so threads share it.  */

#ifndef GRABRAT_SORT_RANDKEY_H
#define GRABRAT_SORT_RANDKEY_H

#include <stdint.h>

#include "idx.h"

struct randkey;

/* A hash keyed by the first 16 bytes of the file SOURCE, or by 16 bytes
   of getrandom if SOURCE is null.  Dies (status 2) with GNU sort's
   messages if SOURCE cannot be opened, read or closed, or is shorter
   than 16 bytes ("end of file").  */
struct randkey *randkey_xnew (char const *source);

/* A hash keyed by the 16 bytes SEED (for tests).  Dies only on memory
   exhaustion.  */
struct randkey *randkey_xnew_seed (unsigned char const seed[16]);

void randkey_free (struct randkey *rk);

/* Store in DIGEST[0] (high) and DIGEST[1] (low) the digest of the LEN
   bytes at KEY.  */
void randkey_digest (struct randkey const *rk, char const *key, idx_t len,
                     uint64_t digest[2]);

#endif
