/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* print.h: the output format of grab and grep, the only place that
   knows it.
   A printer is a search sink (search.h) that formats lines into the
   worker's per-file output buffer the way GNU grep prints them: file name,
   line number and offset fields, -o, colours (GREP_COLORS), separators,
   -Z; plus the per-file summaries (-c, -l, -L).  It never writes to a file
   descriptor: when its buffer should go out (line buffering, or a big
   file), it calls the flush hook its owner gave it.  */

#ifndef GRABRAT_SEARCH_PRINT_H
#define GRABRAT_SEARCH_PRINT_H

#include <stdbool.h>
#include <sys/types.h>

#include "io/outbuf.h"

#include "engines/engine.h"
#include "engines/utf8chars.h"
#include "search/json.h"
#include "search/search.h"

/* SGR colour strings, as in GREP_COLORS.  */
struct colors
{
  char const *ms, *mc, *fn, *ln, *bn, *se, *sl, *cx;
  bool rv, ne;
  char *storage;   /* what the strings point into; free it when done */
};

struct print_opts
{
  bool color;
  struct colors colors;
  bool only_matching;   /* -o */
  bool invert;          /* -v */
  bool number;          /* --line-number */
  bool offset;          /* -O: the byte offset of the match */
  bool line_offset;     /* grep -b: of the line instead (but with -o) */
  bool align_tabs;      /* grep -T: numbers padded, a tab before text */
  bool offsets_only;    /* -l -O: one NAME:OFFSET line per match */
  bool null_name;       /* -Z */
  /* Binary files not text, UTF-8 locale: the locale's characters, and a
     line with an encoding error is not printed.  NULL: no check.  */
  struct utf8chars const *check_encoding;
  /* The same in another multibyte locale (GB18030, EUC-JP...): mbrlen
     decides, as grep's buf_has_encoding_errors.  */
  bool check_mb_encoding;
  bool line_buffered;
  char eol;
  char const *group_sep;  /* NULL: none */
  bool json;            /* --json: ripgrep's JSON Lines (print-json.c) */
  /* --json: the index among the patterns given of each pattern the
     engine has (after duplicates were dropped), or NULL: the same.  */
  idx_t const *pattern_given;
};

/* Set *C to grep's defaults, with LEGACY (if not NULL: GREP_COLOR's
   value) as the match colour, changed by the GREP_COLORS value ENV (may
   be NULL).  C->storage is then malloc'd (or NULL).  */
void print_parse_colors (struct colors *c, char const *env,
                         char const *legacy);

struct printer
{
  struct print_opts const *o;
  struct outbuf *ob;
  char const *name;      /* the file's name as printed */
  bool with_name;
  struct engine_ops const *eng;
  void const *re;
  void *scratch;
  void (*flush) (void *ctx);  /* called when OB should be written */
  void *flush_ctx;
  idx_t flush_at;             /* ...once it holds this much */

  /* Per file.  */
  bool lead_sep;        /* a group separator is due before this file's
                           output if anything was output before it */
  bool groups;          /* a selected line was printed (grep's 'used') */
  int num_width;        /* -T: the width numbers are padded to */
  bool failed;          /* the engine failed in find (colour, -o): the
                           line stops there and the search ends */
  bool encoding_error;  /* a line was held back for an encoding error */
  bool held;            /* ...and that line was the last one given */

  /* Per file, --json (print-json.c).  */
  bool json_begun;      /* its begin record is out */
  struct json_stats json;  /* its stats so far */
  struct timespec json_start;  /* when its search began */
  off_t binary_offset;  /* where a NUL byte was seen, or -1 */
  off_t searched;       /* how far the search went (bytes_searched) */
};

/* The sink callbacks; the sink context is the struct printer.  With
   --json, print_json_sink's instead (print-json.c).  */
extern struct sink_ops const print_sink;
extern struct sink_ops const print_json_sink;

/* Start a file called NAME (with --json, print_json_begin follows).  */
void print_begin (struct printer *pr, char const *name, bool with_name);

/* With -T, pad the numbers of the file just begun to the width of SIZE,
   its size (plus one with line numbers), or of INTMAX_MAX when SIZE is
   negative (not known), as grep does.  */
void print_set_size (struct printer *pr, off_t size);

/* Append the group separator line to OB (for a deferred lead_sep).  */
void print_separator (struct print_opts const *o, struct outbuf *ob);

/* -c: NAME:COUNT.  */
void print_count (struct printer *pr, intmax_t count);

/* -l, -L: NAME and a newline (or a null byte with -Z).  */
void print_name_only (struct printer *pr);

/* --json: the file just begun is searched from now on.  */
void print_json_begin (struct printer *pr);

/* --json: the file's search is over, SELECTED lines selected: its end
   record, if it had a begin record, and its stats added to *TOTAL.  */
void print_json_end (struct printer *pr, intmax_t selected,
                     struct json_stats *total);

/* --json: call if the flush hook is to run (line buffering, or a big
   output); print.c's own records do so themselves.  */
void print_maybe_flush (struct printer *pr);

#endif
