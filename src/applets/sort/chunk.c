/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* chunk.c: reading inputs into memory-sized chunks, sorting each, and
   writing it out or spilling it to a temporary run (see chunk.h).
   A chunk is one text buffer: lines are found (and charged to GNU
   sort's buffer model, below) as bytes arrive, but their line
   structures are made only when the chunk is sorted, so the buffer can
   grow by realloc meanwhile.  As in GNU sort, a file's last line is
   ended at the end of the file, and further files go on into the same
   chunk while it has room.  */

#include <config.h>

#include <errno.h>
#include <stdckdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include "error.h"
#include "minmax.h"
#include "quotearg.h"
#include "physmem.h"
#include "xalloc.h"

#include "system.h"
#include "chunk.h"
#include "compare.h"
#include "lines.h"
#include "merge.h"
#include "msort.h"
#include "output.h"
#include "tempfile.h"

/* Whether a chunk is full is decided as GNU sort 9.1 decides it, so
   that temporary files are needed (and -T, TMPDIR or --compress-program
   used) for the same inputs: with -S 1 and -T /nonexistent, ten 7-byte
   lines sort in memory in both (tests/sort/buffer-boundary.sh sweeps
   line counts, lengths, -S, --parallel and locales around the edge).
   GNU keeps its text and its line structures in one buffer and charges
   each line GNU_LINE_BYTES (see gnu_line_bytes) on top of its bytes.
   We keep text, lines and sort items apart and use less, so only the
   accounting is GNU's: S->GNU_ALLOC is the size GNU's buffer would
   have, and the reads that fill it are the reads GNU asks stdio for.
   Collation keys (strxfrm) are made later, when a chunk is sorted, and
   are not charged: GNU makes none.  */

/* sizeof (struct line) in GNU sort 9.1: a pointer to the text, its
   length and two pointers to the first key.  */
enum { GNU_LINE_SIZE = 3 * sizeof (char *) + sizeof (size_t) };

/* GNU sort's guess at the size of input whose size is unknown (a pipe)
   when there is no -S: INPUT_FILE_SIZE_GUESS.  */
enum { GNU_SIZE_GUESS = 128 * 1024 };

/* The first buffer for input of unknown size (GNU sort's guess).  */
enum { INITIAL_ALLOC = GNU_SIZE_GUESS };

struct chunk
{
  char *buf;
  idx_t alloc;
  idx_t used;            /* bytes read */
  idx_t done;            /* bytes in complete lines, a prefix of USED */
  struct line *lines;    /* the complete lines (see lines_scan) */
  idx_t nlines;
  idx_t lines_alloc;
};

struct sorter
{
  struct sort_opts const *o;
  struct sort_limits const *lim;
  idx_t line_bytes;      /* what GNU sort charges each line */
  idx_t gnu_alloc;       /* the size of GNU sort's buffer */
  struct chunk c;
  struct mfile *runs;    /* the temporary runs so far, in input order */
  idx_t nruns;
  idx_t runs_alloc;
};

idx_t
chunk_default_size (void)
{
  /* The least of half the data and address space limits, 15/16 of the
     RSS limit, 3/4 of RAM, and the larger of available RAM and 1/8 of
     RAM: GNU sort's default.  */
  double size = SIZE_MAX;
  struct rlimit rl;
  if (getrlimit (RLIMIT_DATA, &rl) == 0 && rl.rlim_cur < size)
    size = rl.rlim_cur;
  if (getrlimit (RLIMIT_AS, &rl) == 0 && rl.rlim_cur < size)
    size = rl.rlim_cur;
  size /= 2;
  if (getrlimit (RLIMIT_RSS, &rl) == 0 && rl.rlim_cur / 16 * 15 < size)
    size = rl.rlim_cur / 16 * 15;
  double total = physmem_total ();
  double mem = MAX (physmem_available (), total / 8);
  size = MIN (size, total * 0.75);
  size = MIN (size, mem);
  /* GNU's floor is its smallest -S, for the default --batch-size.  */
  idx_t floor = 16 * (2 + GNU_LINE_SIZE);
  return size < IDX_MAX ? MAX (size, floor) : IDX_MAX;
}

/* The bytes GNU sort 9.1 charges each line besides its text, sorting
   with NTHREADS threads: room for its line structure and for the
   merge's copies, 1.5 structures with one thread, else 1 + log2
   NTHREADS (rounded up) structures.  So the boundary moves with
   --parallel and the number of CPUs (tests/sort/buffer-boundary.sh).
   GNU first caps NTHREADS at SIZE_MAX / 256 (256: twice its merge
   node).  */
static idx_t
gnu_line_bytes (idx_t nthreads)
{
  if (nthreads <= 1)
    return GNU_LINE_SIZE * 3 / 2;
  uintmax_t n = MIN ((uintmax_t) nthreads, SIZE_MAX / 256);
  idx_t mult = 1;
  for (uintmax_t t = 1; t < n; t *= 2)
    mult++;
  return mult * GNU_LINE_SIZE;
}

/* The size of GNU sort 9.1's buffer for the NFILES files FILES, the
   first of which is open with status *ST0, when each line costs
   LINE_BYTES: room for every input byte to end a line, plus one line,
   up to -S (or the default size); a multiple of GNU_LINE_SIZE.  Dies
   if a file cannot be stat'ed.  */
static idx_t
gnu_buffer_size (struct sort_limits const *lim, struct stat const *st0,
                 char *const *files, idx_t nfiles, idx_t line_bytes)
{
  idx_t per_byte = line_bytes + 1;
  idx_t size = per_byte + 1;
  idx_t bound = lim->buffer_size ? lim->buffer_size : chunk_default_size ();
  for (idx_t i = 0; i < nfiles; i++)
    {
      struct stat st;
      if (i == 0)
        st = *st0;
      else if ((streq (files[i], "-") ? fstat (STDIN_FILENO, &st)
                : stat (files[i], &st)) != 0)
        sort_die (N_("stat failed"), files[i]);
      /* Input of unknown size gets all of -S.  Without -S, GNU guesses
         GNU_SIZE_GUESS bytes and so spills piped input to temporary
         files past about 8 MiB of buffer; we give it the default size
         instead: 'seq 1000000 | sort' needs no temporary file here.  */
      if (!S_ISREG (st.st_mode))
        {
          size = bound;
          break;
        }
      /* GNU computes BOUND - SIZE in size_t: a SIZE past BOUND (huge
         --parallel with a small -S) wraps, and -S stops counting.  */
      idx_t room = size <= bound ? bound - size : IDX_MAX;
      idx_t worst;
      if (ckd_mul (&worst, st.st_size, per_byte)
          || ckd_add (&worst, worst, 1) || room <= worst)
        {
          size = bound;
          break;
        }
      size += worst;
    }
  /* GNU's initbuf rounds up to a whole line structure, always adding
     at least one byte; it also halves the size while malloc fails,
     which we do not copy (we never allocate it).  */
  idx_t rounded;
  if (ckd_add (&rounded, size, GNU_LINE_SIZE - size % GNU_LINE_SIZE))
    rounded = IDX_MAX / GNU_LINE_SIZE * GNU_LINE_SIZE;
  return rounded;
}

/* Sort the complete lines of the chunk and write them to SINK (without
   closing it).  */
static void
sort_chunk (struct sorter *s, struct sink *sink)
{
  struct sort_opts const *o = s->o;
  idx_t n = s->c.nlines;
  if (n == 0)
    return;
  struct line *lines = s->c.lines;
  lines_locate (s->c.buf, lines, n);
  struct sitem *items = lines_big_xnalloc (n, sizeof *items);
  struct sitem *tmp = lines_big_xnalloc (n, sizeof *tmp);
  struct sitem const *sorted = msort_lines (o, lines, n, items, tmp,
                                            s->lim->nthreads);

  /* With -u, keep the first of each run of equal lines.  */
  struct sitem const *kept = NULL;
  for (idx_t i = 0; i < n; i++)
    {
      struct sitem const *it = &sorted[i];
      if (o->unique && kept && kept->k0 == it->k0
          && kept->line->k1 == it->line->k1
          && compare_lines_tied (o, kept->line, it->line, it->k0) == 0)
        continue;
      sink_xline (sink, it->line);
      kept = it;
    }
  free (tmp);
  free (items);
}

/* Sort the chunk into a new temporary run, and start the next chunk
   with the incomplete line, if any.  */
static void
spill (struct sorter *s)
{
  int fd;
  struct tempfile *t = tempfile_create (&fd, false);
  if (s->nruns == s->runs_alloc)
    s->runs = xpalloc (s->runs, &s->runs_alloc, 1, -1, sizeof *s->runs);
  s->runs[s->nruns++] = (struct mfile) { tempfile_name (t), t };

  struct sink sink;
  sink_open_temp (&sink, s->o, fd, tempfile_name (t));
  sort_chunk (s, &sink);
  sink_xclose (&sink);

  struct chunk *c = &s->c;
  memmove (c->buf, c->buf + c->done, c->used - c->done);
  c->used -= c->done;
  c->done = 0;
  c->nlines = 0;
  free (c->lines);
  c->lines = NULL;
  c->lines_alloc = 0;
}

/* Make room in the chunk for WANT more bytes and an end of line, and
   more: twice the room there was, but not past the file's REMAINING
   size (if known, else 0) nor MOST bytes (what GNU's buffer could hold).
   Growing by WANT alone was quadratic: fill reads a long line in pieces
   of a 33rd of the room GNU's buffer has left, and each piece moved the
   whole line (mremap hides it; ASan's realloc copies, and 'sort -S 1M'
   of a 64 MiB line took 4 minutes there, tests/sort/bad-input.sh).  */
static void
reserve (struct chunk *c, idx_t want, off_t remaining, idx_t most)
{
  if (want < c->alloc - c->used)
    return;
  idx_t grown = MAX (c->alloc < IDX_MAX / 2 ? 2 * c->alloc : IDX_MAX,
                     INITIAL_ALLOC);
  if (0 < remaining && remaining < grown - c->used)
    grown = c->used + (idx_t) remaining + 2;
  c->alloc = MAX (c->used + want + 1, MIN (grown, most));
  c->buf = lines_big_xnrealloc (c->buf, c->alloc, 1);
}

/* Read up to WANT bytes of FD (named NAME, of *REMAINING bytes if that
   is known, else 0) onto the end of the chunk, in pieces as the buffer
   grows, and record the lines they end.  Return the count: less than
   WANT only at the end of the file.  */
static idx_t
read_more (struct sorter *s, int fd, char const *name, idx_t want,
           off_t *remaining)
{
  struct chunk *c = &s->c;
  idx_t got = 0;
  while (got < want)
    {
      reserve (c, want - got, *remaining, s->gnu_alloc + 1);
      idx_t piece = MIN (want - got, c->alloc - c->used - 1);
      idx_t n = lines_xread (fd, name, c->buf + c->used, piece);
      lines_scan (c->buf, c->used, c->used + n, s->o->eol, &c->done,
                  &c->lines, &c->nlines, &c->lines_alloc);
      c->used += n;
      got += n;
      *remaining = MAX (0, *remaining - n);
      if (n < piece)
        break;
    }
  return got;
}

/* Fill the chunk from FD as GNU sort's fillbuf fills its buffer: read
   no more than would fit if every byte read ended a line, until the
   room left is one line's or the file ends.  Return true at the end of
   the file, which ends its last line.  */
static bool
fill (struct sorter *s, int fd, char const *name, off_t *remaining)
{
  struct chunk *c = &s->c;
  idx_t per_line = s->line_bytes;
  for (;;)
    {
      idx_t avail = s->gnu_alloc - c->used - c->nlines * per_line;
      while (per_line + 1 < avail)
        {
          idx_t want = (avail - 1) / (per_line + 1);
          idx_t nlines = c->nlines;
          idx_t n = read_more (s, fd, name, want, remaining);
          if (n < want)
            {
              if (c->done < c->used)
                {
                  reserve (c, 1, 0, 0);
                  c->buf[c->used] = s->o->eol;
                  lines_scan (c->buf, c->used, c->used + 1, s->o->eol,
                              &c->done, &c->lines, &c->nlines,
                              &c->lines_alloc);
                  c->used++;
                }
              return true;
            }
          avail -= n + (c->nlines - nlines) * per_line;
        }
      if (0 < c->nlines)
        return false;
      /* A line longer than the buffer: GNU grows it by half a buffer
         (and a line structure), for this chunk and the next.  */
      idx_t n = s->gnu_alloc / GNU_LINE_SIZE;
      if (ckd_add (&n, n, n / 2 + 1) || ckd_mul (&s->gnu_alloc, n, GNU_LINE_SIZE))
        xalloc_die ();
    }
}

/* Read the file FD (named NAME, of REMAINING bytes if regular, else 0)
   into chunks, spilling each that is full, as GNU sort does.  At the
   end of the file the chunk is kept if MORE files follow and it has
   room for more than a line, or if it is the last and nothing was
   spilled (it then goes straight to the output).  */
static void
read_file (struct sorter *s, int fd, char const *name, off_t remaining,
           bool more)
{
  struct chunk *c = &s->c;
  for (;;)
    {
      bool eof = fill (s, fd, name, &remaining);
      if (c->nlines == 0)
        return;
      if (eof && (more
                  ? s->line_bytes + 1 < (s->gnu_alloc - c->used
                                         - c->nlines * s->line_bytes)
                  : s->nruns == 0))
        return;
      spill (s);
      if (eof)
        return;
    }
}

void
chunk_sort_files (struct sort_opts const *o, struct sort_limits const *lim,
                  char *const *files, idx_t nfiles, char const *outfile)
{
  struct sorter s = { o, lim, gnu_line_bytes (lim->nthreads), 0,
                      { NULL, 0, 0, 0, NULL, 0, 0 }, NULL, 0, 0 };

  for (idx_t i = 0; i < nfiles; i++)
    {
      int fd = lines_xopen (files[i]);
      struct stat st;
      off_t remaining = 0;
      bool stat_ok = fstat (fd, &st) == 0;
      /* GNU sort sizes its buffer once it has opened the first file,
         and a failed fstat there (standard input closed) ends it.  */
      if (i == 0)
        {
          if (!stat_ok)
            sort_die (N_("stat failed"), files[i]);
          s.gnu_alloc = gnu_buffer_size (lim, &st, files, nfiles,
                                         s.line_bytes);
        }
      if (stat_ok && S_ISREG (st.st_mode))
        {
          off_t pos = lseek (fd, 0, SEEK_CUR);
          remaining = MAX (0, st.st_size - MAX (0, pos));
        }
      read_file (&s, fd, files[i], remaining, i + 1 < nfiles);
      lines_xclose (fd, files[i]);
    }

  if (s.nruns == 0)
    {
      /* Everything fit: sort straight to the output.  */
      struct sink sink;
      sink_xopen_output (&sink, o, outfile);
      sort_chunk (&s, &sink);
      sink_xclose (&sink);
    }
  else
    {
      if (0 < s.c.nlines)
        spill (&s);
      free (s.c.buf);
      s.c.buf = NULL;
      free (s.c.lines);
      s.c.lines = NULL;
      merge_files (o, lim, s.runs, s.nruns, s.nruns, outfile);
    }
  free (s.c.buf);
  free (s.c.lines);
  free (s.runs);
}
