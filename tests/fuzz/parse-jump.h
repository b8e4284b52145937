/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* parse-jump.h: for the parser targets (fuzz-parse-grab.c,
   fuzz-parse-sort.c).  A parser that rejects its input exits through
   error() or usage: an exit handler jumps back to PARSE_RUN's caller
   instead, so each input is one run of the real code.  The work directory is an empty one and standard input and
   output are /dev/null, and arguments have '_' for '/', so every file an
   option names is missing (no -f /dev/zero).  Include it once.  */

#include <fcntl.h>
#include <getopt.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static jmp_buf parse_back;
static bool parse_running;
static bool parse_registered;

/* An exit handler that jumps back while a parser runs.  glibc's error()
   calls exit from inside the C library, where no link-time wrapping
   reaches, so exit itself runs this: it was registered after libFuzzer's
   own handler, and handlers run last registered first.  glibc drops a
   handler from its list before calling it: register it again for the
   next run.  */
static void
parse_jump_back (void)
{
  if (parse_running)
    {
      parse_registered = false;
      parse_running = false;
      longjmp (parse_back, 1);
    }
}

static char parse_dir[] = "/tmp/fuzz-parse-XXXXXX";

static void
parse_remove_dir (void)
{
  rmdir (parse_dir);
}

int LLVMFuzzerInitialize (int *argc, char ***argv);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  if (!mkdtemp (parse_dir) || chdir (parse_dir) != 0)
    abort ();
  atexit (parse_remove_dir);
  int null = open ("/dev/null", O_RDWR);
  dup2 (null, STDIN_FILENO);
  dup2 (null, STDOUT_FILENO);
  return 0;
}

/* Cut DATA[0..SIZE) at NUL bytes into at most MAX - 1 arguments after
   ARGV0, in BUF (SIZE + 1 bytes); return argc.  */
static int
parse_argv (char const *argv0, uint8_t const *data, size_t size, char *buf,
            char **argv, int max)
{
  memcpy (buf, data, size);
  buf[size] = '\0';
  for (size_t i = 0; i < size; i++)
    if (buf[i] == '/')
      buf[i] = '_';
  int argc = 0;
  argv[argc++] = (char *) argv0;
  for (char *p = buf; p <= buf + size && argc < max - 1; p += strlen (p) + 1)
    argv[argc++] = p;
  argv[argc] = NULL;
  optind = 0;   /* GNU getopt: start again from scratch */
  return argc;
}

/* Run BODY (a statement) with exits jumping back here.  */
#define PARSE_RUN(body)                         \
  do                                            \
    {                                           \
      if (!parse_registered)                    \
        parse_registered = !atexit (parse_jump_back); \
      parse_running = true;                     \
      if (setjmp (parse_back) == 0)             \
        {                                       \
          body;                                 \
        }                                       \
      parse_running = false;                    \
    }                                           \
  while (0)
