/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* input.h: read one input file as a series of chunks, mapping or reading.
   A regular file at least PARAMS->mmap_min bytes long is mapped in windows
   of PARAMS->window bytes; anything else (small files, pipes, /proc files,
   devices) goes through read() into a buffer the reader reuses from file to
   file.  Each chunk holds whole lines past the point the caller has
   processed, so a caller never sees a line cut (a line longer than the
   window gets a bigger window).  This module never prints and never exits
   (but on memory exhaustion); it returns errno values.  A reader belongs to
   one thread.  */

#ifndef GRABRAT_IO_INPUT_H
#define GRABRAT_IO_INPUT_H

#include <setjmp.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "idx.h"

struct input_params
{
  idx_t window;     /* most bytes mapped at once (a line can stretch it) */
  off_t mmap_min;   /* map regular files at least this large; -1: never */
  idx_t read_size;  /* bytes asked of each read() on streams */
  idx_t read_whole; /* a regular file shorter than this is read at once */
  bool map_only;    /* a mapping that fails is an error, not a reason to
                       read (and move the file offset, which a dup of the
                       descriptor shares) */
  atomic_int *cold; /* if not NULL and 0: read regular files with
                       RWF_NOWAIT first, and set it to 1 the first time
                       a read finds bytes that are not in the page cache
                       (the caller then starts more readers) */
  bool writable;    /* the caller writes into chunks, and into the byte
                       after one: mappings are then private copies on
                       write, followed by a spare page (read buffers
                       always are so) */
};

struct input_chunk
{
  char const *buf;  /* the file's bytes from offset START on */
  idx_t len;        /* how many */
  off_t start;      /* file offset of BUF[0] */
  bool eof;         /* BUF ends at the end of the file */
  bool mapped;      /* BUF is a mapping (guard it against SIGBUS);
                       BUF[0..LEN] is writable if the reader's
                       parameters say writable, or if it is not a
                       mapping */
};

struct input_reader;

/* A new reader with no file.  Dies on memory exhaustion.  */
struct input_reader *input_reader_xnew (void);
void input_reader_free (struct input_reader *rd);

/* Start reading FD, whose status is ST, with PARAMS (which must outlive
   the reading).  FD stays the caller's to close.  */
void input_begin (struct input_reader *rd, int fd, struct stat const *st,
                  struct input_params const *params);

/* Start reading FD with PARAMS as input_begin does, without its status:
   FD is a regular file on a file system whose reads come short only at
   the end of a file (io/shortread.h), and its first read, which waits
   for the disk if it must (PARAMS->cold aside), fills *ST.  A read that
   comes short holds the whole file: *ST is then zeroed but for st_mode
   (S_IFREG) and st_size.  A read that fills its buffer leaves a bigger
   file, whose fstat fills *ST.  Return 0, or an errno value (of the read
   or the fstat).  */
int input_probe (struct input_reader *rd, int fd,
                 struct input_params const *params, struct stat *st);

/* Fetch the next chunk into *CH.  The caller has processed the file up to
   offset NEED and still needs the bytes from offset KEEP <= NEED on (for
   context lines); those bytes are in the new chunk again.  Unless the file
   ends first, the chunk has an EOL byte at or after NEED, or (a line
   that has not ended yet, read from a stream) is at least twice as long
   as the bytes held before the call, or 1 MiB longer: the caller asks
   again with the same NEED, and can stop in between.  Return 1 for a
   chunk, 0 when NEED is the end of the file, or an errno value (negated).
   A chunk's bytes stay valid until the next call or input_end.  For a
   mapped file this reads the mapping: call it under input_guard.  A
   mapped chunk is given again, bytes written included, while it holds two
   read_size's worth of bytes past NEED and an EOL byte past NEED, or
   the rest of the file: a caller can search it in steps.  */
int input_next (struct input_reader *rd, off_t keep, off_t need, char eol,
                struct input_chunk *ch);

/* Finish with the current file: drop its mapping, trim oversized
   buffers.  */
void input_end (struct input_reader *rd);

/* A file that shrinks while mapped makes reading its mapping raise
   SIGBUS.  input_sigbus_init installs a handler (once per process) that,
   when the fault is inside the mapping of a reader armed in the faulting
   thread, jumps back to that reader's guard; any other SIGBUS kills the
   process as usual.  Arm around code that reads a mapped chunk:

     if (sigsetjmp (*input_guard (rd), 0) != 0)
       ... the file shrank: report it, stop using the chunk ...
     ... read the chunk ...
     input_unguard (rd);  */
void input_sigbus_init (void);
sigjmp_buf *input_guard (struct input_reader *rd);
void input_unguard (struct input_reader *rd);

#endif
