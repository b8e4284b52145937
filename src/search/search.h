/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* search.h: the line loop over one file's chunks.
   It asks the engine for the next match, turns it into the line that holds
   it, applies -v, -m, -A/-B/-C context and line numbering, and hands lines
   to a sink.  No I/O, no threads, no output format: the sink decides what a
   line looks like (print.c; the unit tests use a fake one).  */

#ifndef GRABRAT_SEARCH_SEARCH_H
#define GRABRAT_SEARCH_SEARCH_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "idx.h"

#include "engines/engine.h"

/* A line handed to the sink.  */
struct line
{
  char const *beg;     /* its first byte */
  char const *end;     /* just past its EOL byte, or the end of the file */
  off_t offset;        /* file offset of BEG */
  off_t match_offset;  /* file offset of its first match (selected, not -v),
                          else OFFSET */
  intmax_t lineno;     /* 1-based number, or 0 when not counted */
};

struct sink_ops
{
  /* A selected line.  Return false to stop searching the file.  */
  bool (*selected) (void *sink, struct line const *line);
  /* A context line.  */
  void (*context) (void *sink, struct line const *line);
  /* The lines that follow do not continue the previous group.  */
  void (*separator) (void *sink);
  /* Optional: whether the sink held back the line it was just given
     (grep prints no line with an encoding error in a binary-aware run).
     Such a line is not output: as in grep, the next line does not
     continue it (a separator comes first), and trailing context ends.  */
  bool (*held) (void *sink);
  /* Optional: a group with no line began (empty_run in search.c); it
     counts as output before the next group's separator.  */
  void (*group) (void *sink);
  /* Optional: whether the engine failed while the sink printed the last
     line (its find, for colour or -o): the search then ends as on the
     engine's own failure, with the engine's message.  */
  bool (*failed) (void *sink);
};

struct search_opts
{
  char eol;            /* '\n', or '\0' for -z */
  bool invert;         /* -v */
  bool quiet;          /* no line goes to the sink (-c, -l, -L, -q) */
  bool stop_on_match;  /* stop a file at its first selected line */
  bool context;        /* a context option was given (even 0): separators */
  bool number;         /* count lines (--line-number) */
  bool match_offset;   /* the sink reads line.match_offset (grab -O): a
                          pattern that selects every line still runs, to
                          find where each line's first match is */
  intmax_t max_count;  /* -m */
  intmax_t before;     /* -B */
  intmax_t after;      /* -A */
};

/* One file's search state.  Callers treat it as opaque but allocate it.  */
struct search
{
  struct search_opts const *o;
  struct engine_ops const *eng;
  void const *re;
  void *scratch;
  struct sink_ops const *sink;
  void *sink_ctx;

  intmax_t selected;   /* lines selected so far */
  intmax_t outleft;    /* lines still allowed by -m */
  intmax_t pending;    /* trailing context lines still due */
  off_t last_out;      /* offset just past the last line given to the sink,
                          -1 if none */
  off_t after_match;   /* offset just past the last selected line */
  bool stopped_empty;  /* stopped at a run of lines -v printed none of
                          (a negative -m: see empty_run) */
  off_t pass_start;    /* where the current search pass began */
  off_t buf_start;     /* where grep's buffer for it would start: context
                          reaches no further back */
  off_t nl_pos;        /* newlines are counted up to here... */
  intmax_t nl_count;   /* ...and there are this many */
  off_t no_match_before; /* no match starts before this offset in the
                          next chunk: a hint from grep's search for a
                          NUL (engine_skim_nul), for a search that does
                          not invert; 0 if none */
  bool quiet;          /* o->quiet, or binary data seen (grep's rules) */
  bool stop_on_match;
  bool done;           /* nothing more to select */
  char const *error;   /* the engine failed: its msgid (engine.h's error) */
  int error_code;      /* and the number it may hold */
};

/* Start searching a file.  */
void search_begin (struct search *s, struct search_opts const *o,
                   struct engine_ops const *eng, void const *re,
                   void *scratch, struct sink_ops const *sink,
                   void *sink_ctx);

/* Search the chunk BUF[0..LEN), which holds the file from offset START;
   the file has been searched up to offset NEED (a line start).  EOF says
   the chunk ends the file.  Search the whole lines from NEED on (at EOF,
   also a last line without its EOL byte) and return the offset up to
   which the file is searched.  *KEEP is set to the offset from which the
   next chunk must still hold the file (leading context).  BUF[KEEP0 -
   START] must start a line, where KEEP0 is the previous *KEEP (0 at
   first).  */
off_t search_chunk (struct search *s, char const *buf, idx_t len,
                    off_t start, off_t keep0, off_t need, bool eof,
                    off_t *keep);

/* grep's rule for binary data: once seen, print no more lines, and stop
   at the next selected line (-m or not: grep 3.8 sets done_on_match);
   but trailing context due goes on, where no line is selected first.  */
void search_binary (struct search *s);

/* The number of EOL bytes C in P[0..N).  */
idx_t search_count_eol (char const *p, idx_t n, char c);

#endif
