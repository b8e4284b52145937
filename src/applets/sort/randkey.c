/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* randkey.c: the keyed XXH128 hash of sort -R (see randkey.h).
   xxHash is compiled in here, header-only, so the binary has no run-time
   dependency on libxxhash and no other file sees its symbols.  GNU sort
   hashes both keys with MD5 on every comparison; we hash each key once
   (the sorter caches the digest), which is what makes -R fast.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "error.h"
#include "full-read.h"
#include "quote.h"
#include "xalloc.h"

#include "system.h"
#include "randkey.h"
#include "opts.h"

#define XXH_STATIC_LINKING_ONLY
#define XXH_INLINE_ALL
#include <xxhash.h>

enum { SEED_SIZE = 16 };

struct randkey
{
  unsigned char secret[XXH3_SECRET_DEFAULT_SIZE];
};

struct randkey *
randkey_xnew_seed (unsigned char const seed[SEED_SIZE])
{
  struct randkey *rk = xmalloc (sizeof *rk);
  /* With a 16-byte seed this cannot fail (the secret size is valid).  */
  XXH3_generateSecret (rk->secret, sizeof rk->secret, seed, SEED_SIZE);
  return rk;
}

/* Fill SEED from getrandom, retrying short reads and interruptions.  */
static bool
seed_from_kernel (unsigned char *seed)
{
  idx_t got = 0;
  while (got < SEED_SIZE)
    {
      ssize_t n = getrandom (seed + got, SEED_SIZE - got, 0);
      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          return false;
        }
      got += n;
    }
  return true;
}

struct randkey *
randkey_xnew (char const *source)
{
  unsigned char seed[SEED_SIZE];
  if (!source)
    {
      if (!seed_from_kernel (seed))
        sort_die (N_("open failed"), "getrandom");
      return randkey_xnew_seed (seed);
    }

  /* GNU sort reads exactly 16 bytes of the file; its messages.  */
  int fd = open (source, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    sort_die (N_("open failed"), source);
  errno = 0;
  if (full_read (fd, seed, SEED_SIZE) < SEED_SIZE)
    error (SORT_FAILURE, errno,
           errno == 0 ? _("%s: end of file") : _("%s: read error"),
           quote (source));
  if (close (fd) != 0)
    sort_die (N_("close failed"), source);
  return randkey_xnew_seed (seed);
}

void
randkey_free (struct randkey *rk)
{
  free (rk);
}

void
randkey_digest (struct randkey const *rk, char const *key, idx_t len,
                uint64_t digest[2])
{
  XXH128_hash_t h = XXH3_128bits_withSecret (key, len, rk->secret,
                                             sizeof rk->secret);
  digest[0] = h.high64;
  digest[1] = h.low64;
}
