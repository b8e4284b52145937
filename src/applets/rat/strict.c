/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* strict.c: the rule that an input is the output (rat_self_copy, for
   every copy), and rat --strict, the checks made before the first byte is
   written: every operand exists, is readable, is not a directory and is
   not the output.  Files stay open for the copy while descriptors last;
   past that budget, and for FIFOs (opening one blocks until a writer comes,
   and opening it non-blocking makes a later read see an early end), they
   are only stat'ed and opened again at their turn, which is racy.  Read
   errors and write errors that come later cannot be foreseen.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include "error.h"
#include "unistd-safer.h"
#include "xalloc.h"

#include "system.h"
#include "applets/rat/rat.h"

/* Descriptors kept free for the standard ones, the middle pipe and
   whatever the C library needs.  */
enum { FD_RESERVE = 16 };

bool
rat_self_copy (int fd, struct stat const *in, struct stat const *out)
{
  /* GNU cat 9.7 and later compare the input offset with the output's
     (so that 'cat - f <x 1<>x' works); the oracle on our machines is 9.1,
     whose simpler rule this is.  See NEWS.  */
  return (S_ISREG (out->st_mode) && in->st_dev == out->st_dev
          && in->st_ino == out->st_ino
          && lseek (fd, 0, SEEK_CUR) < in->st_size);
}

/* The highest descriptor strict_check keeps open.  */
static int
fd_budget (void)
{
  struct rlimit rl;
  if (getrlimit (RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY
      || 1 << 20 < rl.rlim_cur)
    return (1 << 20) - FD_RESERVE;
  return (int) rl.rlim_cur - FD_RESERVE;
}

/* Check one opened operand: NAME, descriptor FD.  Return true if fine.  */
static bool
check_open (int fd, char const *name, struct stat const *out)
{
  struct stat st;
  if (fstat (fd, &st) != 0)
    {
      error (0, errno, "%s", quotef (name));
      return false;
    }
  if (S_ISDIR (st.st_mode))
    {
      error (0, EISDIR, "%s", quotef (name));
      return false;
    }
  if (rat_self_copy (fd, &st, out))
    {
      error (0, 0, _("%s: input file is output file"), quotef (name));
      return false;
    }
  return true;
}

/* Check the operand NAME without keeping it open; its descriptor is
   to be -1.  Return true if fine.  */
static bool
check_closed (char const *name, struct stat const *out)
{
  struct stat st;
  if (stat (name, &st) != 0 || access (name, R_OK) != 0)
    {
      error (0, errno, "%s", quotef (name));
      return false;
    }
  if (S_ISFIFO (st.st_mode))
    return true;
  if (S_ISDIR (st.st_mode))
    {
      error (0, EISDIR, "%s", quotef (name));
      return false;
    }
  /* Not open, so no offset: a non-empty regular file would be read
     from its start.  */
  if (S_ISREG (out->st_mode) && st.st_dev == out->st_dev
      && st.st_ino == out->st_ino && 0 < st.st_size)
    {
      error (0, 0, _("%s: input file is output file"), quotef (name));
      return false;
    }
  return true;
}

int *
strict_check (char *const *names, int n, struct stat const *out)
{
  int *fds = xnmalloc (n, sizeof *fds);
  int budget = fd_budget ();
  bool ok = true;
  for (int i = 0; i < n; i++)
    {
      char const *name = names[i];
      fds[i] = -1;
      if (streq (name, "-"))
        {
          ok &= check_open (STDIN_FILENO, name, out);
          continue;
        }
      struct stat st;
      if (stat (name, &st) == 0 && S_ISFIFO (st.st_mode))
        {
          ok &= check_closed (name, out);
          continue;
        }
      /* With stdin closed, a file must not pass for it when a later "-"
         is checked.  */
      int fd = fd_safer_flag (open (name, O_RDONLY), O_CLOEXEC);
      if (fd < 0 && (errno == EMFILE || errno == ENFILE))
        {
          ok &= check_closed (name, out);
          continue;
        }
      if (fd < 0)
        {
          error (0, errno, "%s", quotef (name));
          ok = false;
          continue;
        }
      bool fine = check_open (fd, name, out);
      ok &= fine;
      if (fine && fd <= budget)
        fds[i] = fd;
      else
        close (fd);
    }
  if (ok)
    return fds;
  for (int i = 0; i < n; i++)
    if (0 <= fds[i])
      close (fds[i]);
  free (fds);
  return NULL;
}
