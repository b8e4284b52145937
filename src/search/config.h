/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* config.h: what the search's modules share: its configuration (struct
   search_config, which front/settle.c settles and nothing writes once
   the run starts) and the state of one run (struct search_run), which
   the workers update under its lock.  */

#ifndef GRABRAT_SEARCH_CONFIG_H
#define GRABRAT_SEARCH_CONFIG_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <sys/types.h>

#include "exclude.h"

#include "io/input.h"

#include "engines/engine.h"
#include "search/order.h"
#include "search/pool.h"
#include "search/print.h"
#include "search/search.h"
#include "search/workq.h"

enum directories { DIRS_READ, DIRS_RECURSE, DIRS_SKIP };
enum devices { DEVS_READ_COMMAND_LINE, DEVS_READ, DEVS_SKIP };
enum binary_files { BIN_TEXT, BIN_BINARY, BIN_WITHOUT_MATCH };
enum list_files { LIST_NONE, LIST_MATCHING, LIST_NONMATCHING };

struct search_config
{
  struct search_opts search;
  struct print_opts print;
  struct input_params input;       /* operands */
  struct input_params input_walk;  /* files found by the walk: read, not
                                      mapped, unless --mmap=always (rg
                                      reads them too): see settle.c */
  struct input_params input_unmapped; /* standard input read from an
                                         offset: never mapped */

  enum list_files list;       /* -l, -L (beaten by -q) */
  bool count;                 /* -c (beaten by -l, -L, -q) */
  bool files_only;            /* --files: print the names of the files
                                 that would be searched, search none */
  bool exit_on_match;         /* -q: the first selected line ends the run */
  int with_filename;          /* 1 yes, 0 no, -1 only below a directory
                                 operand (one operand with -r) */
  enum directories directories;
  enum devices devices;
  enum binary_files binary_files;
  bool no_messages;           /* --no-messages */
  bool omit_dot_slash;        /* -r with no operand: names without "./" */
  bool follow_links;          /* grep -R: follow symbolic links in the
                                 tree too (a directory loop is skipped
                                 with grep's warning) */
  bool sort_path;             /* --sort=path: output in walk order */
  bool fts_order;             /* ...and the walk is grep's (gnulib fts's
                                 order, see walk.c) rather than by name */
  bool nul_lines;             /* grep: once a file shows a NUL byte, each
                                 NUL ends a line for matching (grep's
                                 nul_zapper): settle.c then has mappings
                                 made writable copies */
  int threads;                /* workers started at once */
  int threads_cold;           /* workers once a file of the walk is found
                                 not to be in the page cache */
  int bigfile_threads;          /* workers one big file may use (bigfile.c):
                                 more are started when one needs them */
  bool mmap_always;           /* --mmap=always */
  bool debug;                 /* --debug: say how files are searched */
  char const *label;          /* name of standard input */
  struct exclude *excluded[2];      /* --include/--exclude, [command_line] */
  struct exclude *excluded_dir[2];  /* --exclude-dir */

  /* --max-depth: directories this deep (operands are 0) are not
     listed; INT_MAX if not given.  --max-filesize: regular files found
     by the walk that are bigger are skipped in silence, as ripgrep does
     (operands and names from a list are searched whatever their size);
     -1 if not given.  */
  int max_depth;
  off_t max_filesize;

  /* Skip regular files shorter than this without reading them (0:
     never): no match fits in them and skipping them changes no output.
     See search_too_short.  */
  off_t min_size;

  /* Standard output, when it is a regular file and grep's rule applies
     (settle.c): an input that is the same file is refused ("input file is
     also the output").  */
  bool out_is_regular;
  dev_t out_dev;
  ino_t out_ino;
  idx_t out_blksize;          /* its st_blksize: grep's stdio buffer */
};

/* The state of one run, shared by the workers.  */
struct search_run
{
  struct search_config const *o;
  struct engine_ops const *eng;
  void const *re;
  struct workq *q;

  pthread_mutex_t out_lock;   /* standard output, and the fields below */
  bool used;                  /* some output group was printed (grep's
                                 'used': a later group needs a separator) */
  struct order order;         /* --sort=path */

  struct pool pool;           /* the workers (pool.h) */

  /* Standard output as grep's stdio buffer sees it (worker.c's
     flush_or_die): a failed write ends the run only where grep's buffer
     would have been written.  Under OUT_LOCK.  */
  int out_errno;              /* the first failed write's, 0 if none */
  bool out_silent;            /* ...and grep would say nothing of it */
  atomic_llong out_pending;   /* bytes that buffer would hold (also reset
                                 by a diagnostic, without the lock) */
  struct outbuf stage;        /* output the order's cursor gathers
                                 (output.c's search_emit) */
  bool staging;               /* ...while it moves */

  /* Standard input given as several operands is read in turn, in
     operand order, as grep does: each read leaves its offset where the
     next one starts (worker.c's take_stdin_turn).  */
  pthread_mutex_t stdin_lock; /* for the two fields below */
  pthread_cond_t stdin_cond;
  int stdin_next;             /* the turn (work.stdin_turn) being served */
  struct json_stats json;     /* --json: the files' stats summed, under
                                 OUT_LOCK as each worker ends */
  struct timespec json_start; /* --json: when the run began */

  atomic_bool stop;           /* -q: a match was found, stop everything */
  atomic_bool matched;        /* some line was selected */
  atomic_bool error_seen;     /* some diagnostic was printed */
  atomic_int cold;            /* 0; 1 once a read of the walk's found the
                                 disk (io/input.h); 2 once more workers
                                 were started for it */
  atomic_int listing_fds;     /* directories the walk keeps open... */
  int listing_fds_max;        /* ...at most */
  int open_batch;             /* files a worker opens at a time */
};

/* Whether the regular file with status ST is too short to hold a match.
   A size of 0 is not believed: /proc and /sys files say 0 and have
   content (tests/grab/proc-files.sh), so empty files are opened and read.  */
static inline bool
search_too_short (struct search_config const *o, struct stat const *st)
{
  return 0 < st->st_size && st->st_size < o->min_size;
}

/* Whether grep's binary rule applies to O's search: a NUL makes a file
   binary (see worker.c's take_nuls).  */
static inline bool
search_binary_rule (struct search_config const *o)
{
  return o->binary_files != BIN_TEXT && o->search.eol;
}

/* Where two passes go over the same bytes (the search for a NUL and the
   engine's), they go a step of this many bytes at a time, so that the
   second finds the bytes in the cache (2 MiB of L2 a core here): one big
   file's NULs then cost grep 0.11 s of CPU on 1.1 GiB in a pass of their
   own.  */
enum { CACHE_STEP = 512 << 10 };

#endif
