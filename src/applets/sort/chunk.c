/* chunk.c: reading inputs into memory-sized chunks, sorting each, and
   writing it out or spilling it to a temporary run (see chunk.h).
   A chunk is one text buffer: lines are found (and counted against the
   budget) as bytes arrive, but their line structures are made only when
   the chunk is sorted, so the buffer can grow by realloc meanwhile.  As
   in GNU sort, a file's last line is ended at the end of the file, and
   further files go on into the same chunk.  */

#include <config.h>

#include <errno.h>

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

/* What each line costs in memory besides its bytes: its line structure,
   its item and the sort's scratch item.  */
enum { LINE_COST = sizeof (struct line) + 2 * sizeof (struct sitem) };

/* The smallest read worth a system call; when the budget leaves room
   for less, the chunk is full (so a chunk ends within MIN_READ times
   LINE_COST + 1 bytes of -S).  A tiny -S lowers it, so that sort spills
   to temporaries as soon as GNU sort would.  Not tuned: reads this
   small only happen at the end of a chunk.  */
enum { MIN_READ = 16 * 1024 };

/* The first buffer for input of unknown size (GNU sort's guess).  */
enum { INITIAL_ALLOC = 128 * 1024 };

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
  idx_t budget;          /* bytes of memory a chunk may take */
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
  return size < IDX_MAX ? MAX (size, MIN_READ) : IDX_MAX;
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

/* Make room for reading WANT more bytes (and an end of line), growing
   the buffer for a regular file's whole REMAINING size if the budget
   allows, so that it takes one read.  */
static void
reserve (struct sorter *s, idx_t want, off_t remaining)
{
  struct chunk *c = &s->c;
  if (want < c->alloc - c->used)
    return;
  idx_t need = c->used + want + 1;
  idx_t grown = MAX (c->alloc < IDX_MAX / 2 ? 2 * c->alloc : IDX_MAX,
                     INITIAL_ALLOC);
  if (0 < remaining && remaining < s->budget - c->used)
    grown = MAX (grown, c->used + (idx_t) remaining + 2);
  /* Within the budget, grow up to it; a line longer than the budget
     keeps doubling the buffer (growing by a read at a time would copy
     the buffer for each read).  */
  if (need <= s->budget)
    grown = MIN (grown, s->budget);
  c->alloc = MAX (need, grown);
  c->buf = lines_big_xnrealloc (c->buf, c->alloc, 1);
}

/* Read the file FD (named NAME, of REMAINING bytes if regular, else 0)
   into chunks, spilling each full one.  */
static void
read_file (struct sorter *s, int fd, char const *name, off_t remaining)
{
  struct chunk *c = &s->c;
  char eol = s->o->eol;
  for (;;)
    {
      /* Read no more than fits the budget even if every byte ended a
         line (GNU sort's rule).  */
      idx_t room = s->budget - c->used - c->nlines * LINE_COST;
      idx_t want = MAX (0, room) / (LINE_COST + 1);
      idx_t min_read = MIN (MIN_READ, s->budget / (LINE_COST + 1) / 2 + 1);
      if (want < min_read)
        {
          if (0 < c->nlines)
            {
              spill (s);
              continue;
            }
          /* A line longer than the budget: read it in big pieces.  */
          want = MAX (min_read, c->alloc - c->used - 1);
        }
      reserve (s, MIN (want, MAX (min_read, remaining + 1)), remaining);
      want = MIN (want, c->alloc - c->used - 1);
      idx_t n = lines_xread (fd, name, c->buf + c->used, want);
      lines_scan (c->buf, c->used, c->used + n, eol, &c->done, &c->lines,
                  &c->nlines, &c->lines_alloc);
      c->used += n;
      remaining = MAX (0, remaining - n);
      if (n < want)
        break;
    }

  /* End the file's last line.  */
  if (c->done < c->used)
    {
      c->buf[c->used] = eol;
      lines_scan (c->buf, c->used, c->used + 1, eol, &c->done, &c->lines,
                  &c->nlines, &c->lines_alloc);
      c->used++;
    }
}

void
chunk_sort_files (struct sort_opts const *o, struct sort_limits const *lim,
                  char *const *files, idx_t nfiles, char const *outfile)
{
  struct sorter s = { o, lim, 0, { NULL, 0, 0, 0, NULL, 0, 0 }, NULL, 0, 0 };
  s.budget = lim->buffer_size ? lim->buffer_size : chunk_default_size ();

  for (idx_t i = 0; i < nfiles; i++)
    {
      int fd = lines_xopen (files[i]);
      struct stat st;
      off_t remaining = 0;
      bool stat_ok = fstat (fd, &st) == 0;
      /* GNU sort sizes its buffer from the first file it opens, and a
         failed fstat there (standard input closed) ends it.  */
      if (!stat_ok && i == 0)
        error (SORT_FAILURE, errno, "%s: %s", "stat failed",
               quotef (files[i]));
      if (stat_ok && S_ISREG (st.st_mode))
        {
          off_t pos = lseek (fd, 0, SEEK_CUR);
          remaining = MAX (0, st.st_size - MAX (0, pos));
        }
      read_file (&s, fd, files[i], remaining);
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
