/* lines.h: reading sort's inputs: opening and closing them with GNU
   sort's messages, splitting a buffer into lines, and a reader that
   hands out a file's lines a bufferful at a time (for merging and
   checking).  A file's last line gets an end-of-line byte if it lacks
   one.  The x-prefixed functions die (status 2) on errors.  */

#ifndef GRABRAT_SORT_LINES_H
#define GRABRAT_SORT_LINES_H

#include <stdbool.h>

#include "sort.h"

/* Open FILE for reading ("-" is standard input) and return its file
   descriptor, or -1 with errno set.  */
int lines_open (char const *file);

/* The same, dying with "open failed" on error.  */
int lines_xopen (char const *file);

/* Close FD, open on FILE: die with "close failed" if that fails.
   Standard input stays open (it may be read again, "sort - -").  */
void lines_xclose (int fd, char const *file);

/* The number of bytes EOL in the LEN bytes at BUF.  */
idx_t lines_count (char const *buf, idx_t len, char eol);

/* Make a line at LINES[I] for each line of the LEN bytes at BUF, which
   end with EOL, replacing each EOL with a NUL, and return how many.  */
idx_t lines_split (char *buf, idx_t len, char eol, struct line *lines);

/* Read up to SIZE bytes of FD (the file NAME) into BUF, retrying
   interrupted and short reads until SIZE bytes or end of file.  Return
   the count; die with "read failed" on error.  */
idx_t lines_xread (int fd, char const *name, char *buf, idx_t size);

/* A file read a bufferful of lines at a time.  */
struct lreader
{
  int fd;
  char const *name;
  char eol;
  char *buf;
  idx_t alloc;           /* bytes allocated */
  idx_t used;            /* bytes of data */
  idx_t left;            /* bytes of an incomplete last line */
  struct line *lines;    /* the complete lines in BUF */
  idx_t nlines;
  idx_t lines_alloc;
  bool eof;
};

/* Start reading FD, the file NAME, with a buffer of about SIZE bytes
   (it grows for longer lines).  */
void lreader_init (struct lreader *r, int fd, char const *name, char eol,
                   idx_t size);

/* Replace R's lines with the next bufferful.  Return false at the end
   of the file.  The lines stay valid until the next call.  */
bool lreader_xfill (struct lreader *r);

/* Free R's memory (the file descriptor stays open).  */
void lreader_free (struct lreader *r);

#endif
