/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* binary.c: grep's binary-file rule, for a worker's search (see
   binary.h).  */

#include <config.h>

#include <string.h>
#include <unistd.h>

#include "minmax.h"

#include "search/bigfile.h"
#include "search/binary.h"
#include "search/print.h"

/* Where grep would have decided on a mapped chunk.  grep takes a file
   for binary from the buffer on in which it sees a NUL.  A read chunk
   here is such a buffer: the reader asks for read_size bytes at a time,
   and more until a line ends (io/input.c).  So the chunks of a read end
   at the multiples B of read_size whose last read [B - read_size, B)
   holds an EOL byte, or at the file's end, and the chunk that ends at B
   is searched up to the start of the line that holds B.  A mapping is cut
   elsewhere: its chunk is searched in the same steps (take_nuls).
   Return the start of the line that holds the last such B at or before
   UPTO, if that is past NEED (*END gets B), else NEED (no read would end
   a line in CH between NEED and UPTO).  */
static off_t
read_end (struct input_chunk const *ch, off_t need, off_t upto, idx_t unit,
          char eol, off_t *end)
{
  for (off_t b = upto - upto % unit; need < b; b -= unit)
    {
      off_t lo = MAX (b - unit, need);
      char const *p = memrchr (ch->buf + (lo - ch->start), eol, b - lo);
      if (p)
        {
          *end = b;
          return ch->start + (p - ch->buf) + 1;
        }
    }
  return need;
}

/* The first NUL in file offsets [FROM, TO) of CH, or NULL: what the big
   file's helpers saw, where JOB has them; and into *CAND an offset from
   FROM on before which no match starts (engine_skim_nul, for a mapped
   chunk).  A chunk read is in the cache already (read copied it there),
   where memchr and then the engine cost less than the skim: on the Linux
   tree, the skim took 1.8 % more of grep's time (perf, 2026-12-06).  But
   where LAZY (CH ends the file, and a chunk without a match prints
   nothing), the skim first looks for a place where a match may start:
   without one, the chunk's NULs change nothing and need no search (most
   files of a tree: memchr was 3.4 % of grep -r PM_RESUME's time).  */
static char const *
first_nul (struct worker const *w, struct bigfile_job *job,
           struct input_chunk const *ch, off_t from, off_t to, bool lazy,
           off_t *cand)
{
  struct engine_ops const *eng = w->run->eng;
  off_t x;
  if (job)
    x = bigfile_first_nul (job, ch->buf, ch->start, from, to, cand);
  else if (!ch->mapped)
    {
      idx_t c = (lazy && eng->skim
                 ? eng->skim (w->run->re, ch->buf, from - ch->start,
                              to - ch->start, false)
                 : -1);
      *cand = c < 0 ? from : ch->start + c;
      if (*cand == to)
        return NULL;
      char const *z = memchr (ch->buf + (from - ch->start), '\0', to - from);
      x = z ? ch->start + (z - ch->buf) : -1;
    }
  else
    {
      idx_t c;
      idx_t z = engine_skim_nul (eng, w->run->re, ch->buf, from - ch->start,
                                 to - ch->start, &c);
      *cand = ch->start + c;
      x = z < 0 ? -1 : ch->start + z;
    }
  return x < 0 ? NULL : ch->buf + (x - ch->start);
}

/* A NUL at offset AT: the file is binary from there on.  Note the lines
   selected so far in *FIRST_NULL, and return false if the file is to be
   skipped (--binary-files=without-match).  */
bool
binary_from (struct worker *w, struct bigfile_job *job, off_t at,
             intmax_t volatile *first_null)
{
  w->pr.binary_offset = at;
  if (w->o->binary_files == BIN_WITHOUT_MATCH)
    return false;
  *first_null = w->s.selected;
  if (job)
    bigfile_alone (job);
  if (!w->o->count)
    search_binary (&w->s);
  return true;
}

/* Under grep's binary rule, the chunk CH of a file searched up to NEED
   (JOB: its big-file job, or NULL): on the first NUL, note where
   (*FIRST_NULL gets the lines selected so far) and return false if the
   file is to be skipped (--binary-files=without-match).  *LEN gets how
   much of CH to search now: a mapped chunk is searched in steps that end
   where reads end (read_end), so that lines grep would print before its
   buffer with the NUL are printed as text here too, and none after; and
   of about CACHE_STEP bytes, which the engine finds in the cache after
   the search for a NUL (or past pieces a big file's helpers found
   clean).  That search is the engine's skim where it has one
   (engine_skim_nul): the engine then starts where a match may, and a
   plain string's bytes are read once.  A line longer than the mapping
   window is the exception: that chunk is taken whole.  From the first
   NUL on, a chunk's NULs end lines: grep 3.8 matches the rest of a
   binary file so,
   '^foo' and -x finding 'foo' after a NUL and -c counting the pieces
   ('printf "a\0a\n" | grep -c a' says 2).  */
bool
binary_take_nuls (struct worker *w, struct bigfile_job *job,
                  struct input_chunk const *ch, off_t need,
                  intmax_t volatile *first_null, idx_t *len)
{
  struct search_config const *o = w->o;
  char eol = o->search.eol;
  idx_t unit = o->input.read_size;
  off_t lim = ch->start + ch->len;
  *len = ch->len;
  w->s.no_match_before = 0;
  if (*first_null < 0)
    {
      /* The bytes grep would have seen, and the lines it would have
         searched, by the end of the last read that ends in CH.  */
      off_t seen = lim, upto = lim;
      off_t step = MIN (lim, MAX (need + CACHE_STEP,
                                  job ? bigfile_clean_end (job, need) : 0));
      if (ch->mapped && !(ch->eof && step == lim))
        {
          upto = read_end (ch, need, step, unit, eol, &seen);
          if (upto == need && step < lim)
            upto = read_end (ch, need, lim, unit, eol, &seen);
          if (upto == need)
            upto = seen = lim;
        }
      off_t cand;
      bool lazy = (ch->eof && seen == lim && !o->search.invert
                   && w->s.pending <= 0 && o->binary_files == BIN_BINARY);
      char const *nul = first_nul (w, job, ch, need, seen, lazy, &cand);
      if (!nul)
        {
          *len = upto - ch->start;
          w->s.no_match_before = cand;
          return true;
        }
      off_t at = ch->start + (nul - ch->buf);
      if (ch->mapped)
        {
          off_t dummy;
          off_t text = read_end (ch, need, at, unit, eol, &dummy);
          if (need < text)
            {
              *len = text - ch->start;
              w->s.no_match_before = cand;
              return true;
            }
        }
      if (!binary_from (w, job, at, first_null))
        return false;
    }
  char *end = (char *) ch->buf + ch->len;
  if (o->nul_lines)
    for (char *p = end - (lim - need); (p = memchr (p, '\0', end - p)); )
      *p++ = eol;
  return true;
}

/* Whether grep 3.8 takes the regular file FD (status ST; its data
   start at offset START, where it is read from) for binary from its
   start: its first read of UNIT bytes leaves more, and a hole comes
   after that read, before the end (grep.c's file_must_have_nulls; a
   hole reads as NULs).  GNU looks after its first buffer only if that
   had no NUL, but one that had is binary from the start anyway.  The
   file offset is left where it was: at START, or after the first read
   if PROBED (search/status.h).  */
bool
binary_holey (int fd, struct stat const *st, off_t start, idx_t unit,
              bool probed)
{
  if (!S_ISREG (st->st_mode))
    return false;
  off_t first = MIN (unit, st->st_size - start);
  if (first <= 0 || st->st_size <= first)
    return false;
  off_t hole = lseek (fd, start + first, SEEK_HOLE);
  if (hole < 0)
    return false;
  if (lseek (fd, probed ? start + first : start, SEEK_SET) < 0)
    return false;
  return hole < st->st_size;
}
