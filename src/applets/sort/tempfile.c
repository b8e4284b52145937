/* tempfile.c: sort's temporary files (see tempfile.h).
   The list of live temporaries is process-wide state by necessity: the
   signal handler walks it.  It is changed only with the caught signals
   blocked, by the main thread, while no sorting threads run.  Handlers
   are installed when the first temporary is made, so a sort that never
   spills pays nothing for them.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "quotearg.h"
#include "stdlib--.h"
#include "xalloc.h"

#include "system.h"
#include "sort.h"
#include "tempfile.h"

struct tempfile
{
  struct tempfile *volatile next;
  char name[];
};

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
        error (SORT_FAILURE, e, "cannot create temporary file in %s",
               quotearg_style (shell_escape_always_quoting_style, dir));
      free (t);
      return NULL;
    }
  return t;
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
    error (0, e, "warning: cannot remove: %s", quotef (t->name));
  free (t);
}
