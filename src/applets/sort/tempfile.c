/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* tempfile.c: sort's temporary files (see tempfile.h).
   The list of live temporaries is process-wide state by necessity: the
   signal handler walks it.  It is changed only with the caught signals
   blocked, by the main thread, while no sorting threads run.  Handlers
   are installed when the first temporary is made, so a sort that never
   spills pays nothing for them.

   Compression, as GNU sort's: a temporary is written into a pipe to
   'PROG' whose standard output is the file, and read from a pipe from
   'PROG -d' whose standard input is the file, on pipes that no other
   child inherits (O_CLOEXEC), so that each sees its end of file.  A compressor is
   waited for before its file is read; a decompressor when its input is
   closed.  Unlike GNU sort, which falls back to uncompressed files when
   fork fails, a program that cannot be started is fatal.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "error.h"
#include "ignore-value.h"
#include "quotearg.h"
#include "stdlib--.h"
#include "xalloc.h"

#include "system.h"
#include "opts.h"
#include "tempfile.h"

struct tempfile
{
  struct tempfile *volatile next;
  pid_t compressor;      /* still to be waited for, or 0 */
  char name[];
};

static char const *compress_program;

/* The decompressors reading temporaries: pid by descriptor.  */
struct reader
{
  int fd;
  pid_t pid;
};
static struct reader *readers;
static idx_t nreaders, readers_alloc;

static char const *const *temp_dirs;
static idx_t temp_dir_count;
static idx_t temp_dir_index;
static struct tempfile *volatile temp_head;
static sigset_t caught_signals;
static bool handlers_installed;

void
tempfile_set_dirs (char const *const *dirs, idx_t n)
{
  temp_dirs = dirs;
  temp_dir_count = n;
}

/* Remove every temporary.  Async-signal-safe.  */
static void
cleanup (void)
{
  for (struct tempfile const *t = temp_head; t; t = t->next)
    unlink (t->name);
  temp_head = NULL;
}

static void
sighandler (int sig)
{
  cleanup ();
  signal (sig, SIG_DFL);
  raise (sig);
}

/* At exit, also free the list (a handler could not).  */
static void
exit_cleanup (void)
{
  if (temp_head)
    {
      sigset_t old;
      pthread_sigmask (SIG_BLOCK, &caught_signals, &old);
      struct tempfile *t = temp_head;
      cleanup ();
      pthread_sigmask (SIG_SETMASK, &old, NULL);
      while (t)
        {
          struct tempfile *next = t->next;
          free (t);
          t = next;
        }
    }
}

/* Catch the signals GNU sort catches, except those ignored on entry.  */
static void
install_handlers (void)
{
  static int const sigs[] = {
    SIGALRM, SIGHUP, SIGINT, SIGPIPE, SIGQUIT, SIGTERM,
#ifdef SIGPOLL
    SIGPOLL,
#endif
#ifdef SIGPROF
    SIGPROF,
#endif
#ifdef SIGVTALRM
    SIGVTALRM,
#endif
#ifdef SIGXCPU
    SIGXCPU,
#endif
#ifdef SIGXFSZ
    SIGXFSZ,
#endif
  };
  enum { NSIGS = sizeof sigs / sizeof *sigs };
  struct sigaction act;

  sigemptyset (&caught_signals);
  for (int i = 0; i < NSIGS; i++)
    {
      sigaction (sigs[i], NULL, &act);
      if (act.sa_handler != SIG_IGN)
        sigaddset (&caught_signals, sigs[i]);
    }
  act.sa_handler = sighandler;
  act.sa_mask = caught_signals;
  act.sa_flags = 0;
  for (int i = 0; i < NSIGS; i++)
    if (sigismember (&caught_signals, sigs[i]))
      sigaction (sigs[i], &act, NULL);
  atexit (exit_cleanup);
  handlers_installed = true;
}

void
tempfile_set_compressor (char const *prog)
{
  compress_program = prog;
}

/* A pipe whose ends no child inherits; die if there is none.  */
static void
xpipe (int p[2])
{
  if (pipe2 (p, O_CLOEXEC) != 0)
    error (SORT_FAILURE, errno, G_("couldn't create pipe"));
}

/* Start the compress program (with -d if DECOMPRESS) with IN and OUT as
   its standard input and output; return its pid.  fork and execvp, not
   posix_spawnp: like GNU sort's execlp, execvp runs a file without a
   '#!' line with /bin/sh (coreutils' sort-compress.sh uses one), which
   glibc's posix_spawnp no longer does.  The child reports an exec
   failure's errno through a close-on-exec pipe, so that the message is
   the parent's.  */
static pid_t
spawn_compressor (int in, int out, bool decompress)
{
  char *argv[] = { (char *) compress_program, (char *) "-d", NULL };
  if (!decompress)
    argv[1] = NULL;
  int report[2];
  xpipe (report);
  pid_t pid = fork ();
  if (pid == 0)
    {
      if (dup2 (in, STDIN_FILENO) == STDIN_FILENO
          && dup2 (out, STDOUT_FILENO) == STDOUT_FILENO)
        {
          signal (SIGPIPE, SIG_DFL);
          execvp (compress_program, argv);
        }
      int e = errno;
      ignore_value (write (report[1], &e, sizeof e));
      _exit (127);
    }
  int e = errno;
  close (report[1]);
  if (0 < pid)
    {
      ssize_t n;
      while ((n = read (report[0], &e, sizeof e)) < 0 && errno == EINTR)
        continue;
      if (n == sizeof e)
        {
          waitpid (pid, NULL, 0);
          pid = -1;
        }
    }
  close (report[0]);
  if (pid < 0)
    error (SORT_FAILURE, e, decompress
           ? "couldn't execute compress program (with -d)"
           : "couldn't execute compress program");
  return pid;
}

/* Wait for PID, a compressor; if WANT_SUCCESS, die unless it exited
   with status 0 (GNU sort's message).  */
static void
reap (pid_t pid, bool want_success)
{
  int status;
  while (waitpid (pid, &status, 0) < 0)
    if (errno != EINTR)
      error (SORT_FAILURE, errno, _("waiting for %s [-d]"),
             quotearg_style (shell_escape_always_quoting_style,
                             compress_program));
  if (want_success && ! (WIFEXITED (status) && WEXITSTATUS (status) == 0))
    error (SORT_FAILURE, 0, _("%s [-d] terminated abnormally"),
           quotearg_style (shell_escape_always_quoting_style,
                             compress_program));
}

struct tempfile *
tempfile_create (int *fd, bool survive_emfile)
{
  static char const slashbase[] = "/sortXXXXXX";
  if (!handlers_installed)
    install_handlers ();

  char const *dir = temp_dirs[temp_dir_index];
  temp_dir_index = (temp_dir_index + 1) % temp_dir_count;
  idx_t len = strlen (dir);
  struct tempfile *t = ximalloc (sizeof *t + len + sizeof slashbase);
  t->compressor = 0;
  memcpy (t->name, dir, len);
  memcpy (t->name + len, slashbase, sizeof slashbase);

  /* Create and list it with signals blocked, so that a signal cannot
     leave a file nobody will remove.  */
  sigset_t old;
  pthread_sigmask (SIG_BLOCK, &caught_signals, &old);
  int f = mkostemp_safer (t->name, O_CLOEXEC);
  if (0 <= f)
    {
      t->next = temp_head;
      temp_head = t;
    }
  int e = errno;
  pthread_sigmask (SIG_SETMASK, &old, NULL);

  *fd = f;
  if (f < 0)
    {
      if (! (survive_emfile && e == EMFILE))
        error (SORT_FAILURE, e, _("cannot create temporary file in %s"),
               quotearg_style (shell_escape_always_quoting_style, dir));
      free (t);
      return NULL;
    }
  if (compress_program)
    {
      int p[2];
      xpipe (p);
      t->compressor = spawn_compressor (p[0], f, false);
      close (p[0]);
      close (f);
      *fd = p[1];
    }
  return t;
}

int
tempfile_open (struct tempfile *t)
{
  int fd = open (t->name, O_RDONLY | O_CLOEXEC);
  if (fd < 0 || !compress_program)
    return fd;
  if (t->compressor)
    {
      reap (t->compressor, true);
      t->compressor = 0;
    }
  int p[2];
  xpipe (p);
  pid_t pid = spawn_compressor (fd, p[1], true);
  close (fd);
  close (p[1]);
  if (nreaders == readers_alloc)
    readers = xpalloc (readers, &readers_alloc, 1, -1, sizeof *readers);
  readers[nreaders++] = (struct reader) { p[0], pid };
  return p[0];
}

void
tempfile_xclose (struct tempfile *t, int fd, bool done)
{
  pid_t pid = 0;
  for (idx_t i = 0; i < nreaders; i++)
    if (readers[i].fd == fd)
      {
        pid = readers[i].pid;
        readers[i] = readers[--nreaders];
        break;
      }
  if (close (fd) != 0)
    sort_die (N_("close failed"), t->name);
  if (pid)
    {
      if (!done)
        kill (pid, SIGTERM);
      reap (pid, done);
    }
}

char const *
tempfile_name (struct tempfile const *t)
{
  return t->name;
}

void
tempfile_remove (struct tempfile *t)
{
  sigset_t old;
  pthread_sigmask (SIG_BLOCK, &caught_signals, &old);
  int status = unlink (t->name);
  int e = errno;
  struct tempfile *volatile *p = &temp_head;
  while (*p != t)
    p = &(*p)->next;
  *p = t->next;
  pthread_sigmask (SIG_SETMASK, &old, NULL);

  if (status != 0)
    error (0, e, _("warning: cannot remove: %s"), quotef (t->name));
  free (t);
}
