/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* lines.h: reading sort's inputs: opening and closing them with GNU
   sort's messages, splitting a buffer into lines, and a reader that
   hands out a file's lines a bufferful at a time (for merging and
   checking).  A file's last line gets an end-of-line byte if it lacks
   one.  The x-prefixed functions die (status 2) on errors.  */

#ifndef GRABRAT_SORT_LINES_H
#define GRABRAT_SORT_LINES_H

#include <stdbool.h>

#include "opts.h"

/* Open FILE for reading ("-" is standard input) and return its file
   descriptor, or -1 with errno set.  */
int lines_open (char const *file);

/* The same, dying with "open failed" on error.  */
int lines_xopen (char const *file);

/* Close FD, open on FILE: die with "close failed" if that fails.
   Standard input stays open (it may be read again, "sort - -").  */
void lines_xclose (int fd, char const *file);

/* Append to the array *LINES (of *NLINES lines, *ALLOC allocated; it
   grows) a line for each EOL byte in BUF[FROM, TO), replacing the EOL
   with a NUL.  The first line starts at *START, which ends up just past
   the last EOL.  Lines record their start as an offset from BUF, in
   K1, so that BUF may move: lines_locate turns the offsets into TEXT
   pointers once BUF stays put.  */
void lines_scan (char *buf, idx_t from, idx_t to, char eol, idx_t *start,
                 struct line **lines, idx_t *nlines, idx_t *alloc);

/* Point TEXT of the N lines LINES into BUF (see lines_scan).  */
void lines_locate (char *buf, struct line *lines, idx_t n);

/* Read up to SIZE bytes of FD (the file NAME) into BUF, retrying
   interrupted and short reads until SIZE bytes or end of file.  Return
   the count; die with "read failed" on error.  */
idx_t lines_xread (int fd, char const *name, char *buf, idx_t size);

/* Allocate an array of N elements of SIZE bytes, on transparent huge
   pages if it is big and the system gives them on request.  Dies on
   memory exhaustion.  Free it with free.  */
void *lines_big_xnalloc (idx_t n, idx_t size);

/* Resize the array P (null, or from these functions) to N elements of
   SIZE bytes, keeping its contents, with huge pages for the big part.
   Dies on memory exhaustion.  */
void *lines_big_xnrealloc (void *p, idx_t n, idx_t size);

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
