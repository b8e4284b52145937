/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* test-randkey.c: known-answer tests for sort -R's keyed hash.
   randkey.c compiles xxHash inline; this test links the shared libxxhash,
   a separately built copy of the same algorithm, and checks that
   randkey's digest is XXH3_128bits_withSecret under the secret that
   XXH3_generateSecret derives from the 16 seed bytes, for keys of every
   length class XXH3 treats differently.  It also pins one digest: the
   same --random-source must give the same order in every release.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "progname.h"

#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>

#include "applets/sort/randkey.h"

static int failures;

static void
check (unsigned char const seed[16], char const *key, idx_t len)
{
  unsigned char secret[XXH3_SECRET_DEFAULT_SIZE];
  if (XXH3_generateSecret (secret, sizeof secret, seed, 16) != XXH_OK)
    abort ();
  XXH128_hash_t want = XXH3_128bits_withSecret (key, len, secret,
                                                sizeof secret);
  struct randkey *rk = randkey_xnew_seed (seed);
  uint64_t got[2];
  randkey_digest (rk, key, len, got);
  randkey_free (rk);
  if (got[0] != want.high64 || got[1] != want.low64)
    {
      fprintf (stderr, "length %td: got %016llx%016llx, want %016llx%016llx\n",
               len, (unsigned long long) got[0], (unsigned long long) got[1],
               (unsigned long long) want.high64,
               (unsigned long long) want.low64);
      failures++;
    }
}

int
main (int argc, char **argv)
{
  (void) argc;
  set_program_name (argv[0]);

  static char key[1025];
  for (int i = 0; i < 1024; i++)
    key[i] = (char) (i * 131 + 7);
  static unsigned char const seeds[][16] = {
    "0123456789abcdef",
    { 0 },
    { 0xff, 0xfe, 0xfd, 0xfc, 0xfb, 0xfa, 0xf9, 0xf8,
      0xf7, 0xf6, 0xf5, 0xf4, 0xf3, 0xf2, 0xf1, 0xf0 },
  };
  /* XXH3 has separate code for 0, 1-3, 4-8, 9-16, 17-128, 129-240 and
     longer inputs.  */
  static idx_t const lengths[] = {
    0, 1, 3, 4, 8, 9, 16, 17, 128, 129, 240, 241, 1000, 1024
  };
  for (size_t s = 0; s < sizeof seeds / sizeof *seeds; s++)
    for (size_t l = 0; l < sizeof lengths / sizeof *lengths; l++)
      check (seeds[s], key, lengths[l]);

  /* The digest of "hello" under the seed "0123456789abcdef", as
     computed by xxHash 0.8.1 when this test was written.  */
  struct randkey *rk = randkey_xnew_seed (seeds[0]);
  uint64_t d[2];
  randkey_digest (rk, "hello", 5, d);
  randkey_free (rk);
  if (d[0] != 0xa8fc8c98ab121aceULL || d[1] != 0xa200473d309bb41aULL)
    {
      fprintf (stderr, "pinned digest changed: %016llx%016llx\n",
               (unsigned long long) d[0], (unsigned long long) d[1]);
      failures++;
    }
  return failures != 0;
}
