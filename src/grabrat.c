/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* grabrat.c: main() of the multicall binary.
   Picks the applet from the last component of argv[0] (a 'grab' or 'rat'
   link, or a drop-in name such as 'cat', maybe renamed at installation:
   see untransform), or from argv[1] when called as grabrat itself, and
   runs it.  Also owns grabrat's own options: --list, --install, --help,
   --version.  It knows nothing of what the applets do.  */

#include <config.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "closeout.h"
#include "dirname.h"
#include "error.h"
#include "progname.h"
#include "xalloc.h"

#include "system.h"

#define APPLET(name, summary) int name##_main (int, char **);
#define DROP_IN(name, applet)
#include "applets.h"
#undef APPLET
#undef DROP_IN

struct applet
{
  char const *name;
  int (*main) (int, char **);
  char const *summary;
};

static struct applet const applets[] = {
#define APPLET(name, summary) { #name, name##_main, summary },
#define DROP_IN(name, applet)
#include "applets.h"
#undef APPLET
#undef DROP_IN
};

/* A name of a system program and the applet that answers to it.  */
struct drop_in
{
  char const *name;
  char const *applet;
};

static struct drop_in const drop_ins[] = {
#define APPLET(name, summary)
#define DROP_IN(name, applet) { #name, #applet },
#include "applets.h"
#undef APPLET
#undef DROP_IN
};

enum { N_APPLETS = sizeof applets / sizeof *applets };
enum { N_DROP_INS = sizeof drop_ins / sizeof *drop_ins };

enum { EXIT_NOT_FOUND = 127 };

char const *grabrat_called_as;

/* The applet name, drop-in name or "grabrat" that is the LEN bytes at
   NAME, as a string of the tables; NULL if none is.  */
static char const *
known_name (char const *name, size_t len)
{
  for (int i = 0; i < N_APPLETS; i++)
    if (strlen (applets[i].name) == len
        && memcmp (applets[i].name, name, len) == 0)
      return applets[i].name;
  for (int i = 0; i < N_DROP_INS; i++)
    if (strlen (drop_ins[i].name) == len
        && memcmp (drop_ins[i].name, name, len) == 0)
      return drop_ins[i].name;
  if (strlen (PACKAGE_NAME) == len && memcmp (PACKAGE_NAME, name, len) == 0)
    return PACKAGE_NAME;
  return NULL;
}

/* The known name (known_name) that NAME is with PREFIX before it and
   SUFFIX after it, or NULL.  */
static char const *
strip_affixes (char const *name, char const *prefix, char const *suffix)
{
  size_t len = strlen (name), plen = strlen (prefix), slen = strlen (suffix);
  if (len <= plen + slen || strncmp (name, prefix, plen) != 0
      || memcmp (name + len - slen, suffix, slen) != 0)
    return NULL;
  return known_name (name + plen, len - plen - slen);
}

/* The last component of this binary's own file name, as installed
   (make install renames it with its 'transform', as it does the links),
   in BUF of SIZE bytes; NULL if it cannot be read.  */
static char *
self_name (char *buf, size_t size)
{
  ssize_t n = readlink ("/proc/self/exe", buf, size - 1);
  if (n < 0)
    return NULL;
  buf[n] = '\0';
  /* The kernel's mark of a binary replaced while it runs.  */
  static char const deleted[] = " (deleted)";
  size_t dlen = sizeof deleted - 1;
  if (dlen < (size_t) n && streq (buf + n - dlen, deleted))
    buf[n - dlen] = '\0';
  return (char *) last_component (buf);
}

/* The known name that BASE stands for when the binary's own file name
   is SELF: BASE without the prefix and suffix that SELF has around
   "grabrat", or "grabrat" if BASE is SELF.  NULL otherwise.  */
static char const *
strip_self_affixes (char const *base, char *self)
{
  if (streq (base, self))
    return PACKAGE_NAME;
  char *at = strstr (self, PACKAGE_NAME);
  if (!at || (at == self && !at[strlen (PACKAGE_NAME)]))
    return NULL;
  *at = '\0';
  return strip_affixes (base, self, at + strlen (PACKAGE_NAME));
}

/* What BASE, a name the binary was called by, stands for: an applet name,
   a drop-in name or "grabrat", or NULL.  Installed names may be renamed
   (configure's --program-prefix, --program-suffix and
   --program-transform-name, or 'make install transform=...'), so the
   first of these rules that gives a known name decides:
     1. BASE itself;
     2. BASE without the prefix and suffix configure was given
        (PROGRAM_PREFIX, PROGRAM_SUFFIX: a transform that only adds a
        prefix and a suffix counts as such);
     3. BASE without the prefix and suffix this binary's own file name has
        around "grabrat" ('xgrab' runs grab when the binary is
        'xgrabrat': the links of 'make install transform=s,^,x,'), and
        "grabrat" if BASE is that file name, however renamed;
     4. BASE without a leading 'g' (ggrep, gcat, gsort: the names
        distributions give GNU tools installed beside the system's).
   Rule 1 needs no system call; rule 3 reads /proc/self/exe.
   README's Install section documents these rules.  */
static char const *
untransform (char const *base)
{
  char const *name = known_name (base, strlen (base));
  if (!name && sizeof PROGRAM_PREFIX + sizeof PROGRAM_SUFFIX > 2)
    name = strip_affixes (base, PROGRAM_PREFIX, PROGRAM_SUFFIX);
  if (!name)
    {
      char buf[PATH_MAX];
      char *self = self_name (buf, sizeof buf);
      if (self)
        name = strip_self_affixes (base, self);
    }
  if (!name && base[0] == 'g')
    name = known_name (base + 1, strlen (base + 1));
  return name;
}

static struct applet const *
find_applet_named (char const *name)
{
  for (int i = 0; i < N_APPLETS; i++)
    if (streq (applets[i].name, name))
      return &applets[i];
  return NULL;
}

/* Whether NAME is a drop-in name: one that hides a system program.  */
static bool
is_drop_in (char const *name)
{
  for (int i = 0; i < N_DROP_INS; i++)
    if (streq (drop_ins[i].name, name))
      return true;
  return false;
}

/* The applet that answers to NAME: an applet's own name or a drop-in
   name (not "grabrat").  */
static struct applet const *
find_applet (char const *name)
{
  struct applet const *a = find_applet_named (name);
  for (int i = 0; !a && i < N_DROP_INS; i++)
    if (streq (drop_ins[i].name, name))
      a = find_applet_named (drop_ins[i].applet);
  return a;
}

/* Run the applet that NAME (an untransform result) stands for, as
   called by NAME.  */
static int
run_applet (struct applet const *a, char const *name, int argc,
            char **argv)
{
  grabrat_called_as = name;
  return a->main (argc, argv);
}

_Noreturn static void
usage (int status)
{
  if (status != EXIT_SUCCESS)
    emit_try_help ();
  else
    {
      printf ("Usage: %s APPLET [ARGUMENT]...\n"
              "  or:  APPLET [ARGUMENT]...   (through a link named APPLET)\n"
              "  or:  %s OPTION\n",
              program_name, program_name);
      fputs ("Run one of grabrat's applets: a multicall binary that acts as"
             " the\nprogram named by its first argument, or by the name it"
             " was called by.\n\n", stdout);
      fputs ("Applets:\n", stdout);
      for (int i = 0; i < N_APPLETS; i++)
        printf ("  %-6s %s\n", applets[i].name, applets[i].summary);
      fputs ("\nDrop-in names (standing in for the system's programs):\n",
             stdout);
      for (int i = 0; i < N_DROP_INS; i++)
        printf ("  %-6s runs %s\n", drop_ins[i].name, drop_ins[i].applet);
      fputs ("\n"
             "Each applet has its own --help.  A name with the prefix and"
             " suffix this\nbinary was installed with, or with a leading"
             " 'g' (ggrep), runs that\napplet too.  An unknown applet name"
             " exits with status 127.\n", stdout);
      /* "Options:" is the heading help2man makes OPTIONS of; an
         option's description goes on at the column it starts in (an
         indented line would start an item of its own in the page).  */
      fputs ("\nOptions:\n"
             "      --list           list the applets, one per line\n"
             "      --install [--drop-in] DIR [NAME]...\n"
             "                       make symbolic links DIR/NAME to this"
             " binary for\n"
             "                       the applet or drop-in NAMEs given;"
             " with no NAME,\n"
             "                       for the applets that hide no system"
             " program and,\n"
             "                       with --drop-in, for every drop-in"
             " name too\n"
             "      --help           display this help and exit\n"
             "      --version        output version information and exit\n",
             stdout);
      emit_ancillary_info ("grabrat");
    }
  exit (status);
}

/* The absolute name of the running binary, for --install links.  */
static char *
self_path (char const *argv0)
{
  char *p = realpath ("/proc/self/exe", NULL);
  if (!p && strchr (argv0, '/'))
    p = realpath (argv0, NULL);
  if (!p)
    error (EXIT_FAILURE, errno, _("cannot find the path of this binary"));
  return p;
}

/* Make a link DIR/NAME -> this binary.  An existing link to this binary
   is fine.  Return true on success.  */
static bool
install_link (char const *self, char const *dir, char const *name)
{
  bool ok = true;
  size_t len = strlen (dir) + 1 + strlen (name) + 1;
  char *link = xmalloc (len);
  snprintf (link, len, "%s/%s", dir, name);
  if (symlink (self, link) != 0)
    {
      int e = errno;
      char *old = e == EEXIST ? realpath (link, NULL) : NULL;
      if (!(old && streq (old, self)))
        {
          error (0, e, _("cannot create link %s"), quotef (link));
          ok = false;
        }
      free (old);
    }
  free (link);
  return ok;
}

/* --install [--drop-in] DIR [NAME]...: ARGS holds what follows
   --install.  Links for the N names in NAMES; with none, for the applets
   that hide no system program and, if DROP_IN, for the drop-in names.  */
static int
install_links (char const *argv0, char **args, int n)
{
  bool drop_in = n > 0 && streq (args[0], "--drop-in");
  args += drop_in;
  n -= drop_in;
  if (n < 1)
    {
      error (0, 0, _("--install needs a directory"));
      usage (EXIT_FAILURE);
    }
  char const *dir = args[0];
  char **names = args + 1;
  n--;
  for (int i = 0; i < n; i++)
    if (!find_applet (names[i]))
      {
        error (0, 0, _("applet not found: %s"), names[i]);
        return EXIT_FAILURE;
      }

  char *self = self_path (argv0);
  bool ok = true;
  for (int i = 0; i < n; i++)
    ok &= install_link (self, dir, names[i]);
  for (int i = 0; !n && i < N_APPLETS; i++)
    if (!is_drop_in (applets[i].name))
      ok &= install_link (self, dir, applets[i].name);
  for (int i = 0; !n && drop_in && i < N_DROP_INS; i++)
    ok &= install_link (self, dir, drop_ins[i].name);
  free (self);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

static int
grabrat_main (int argc, char **argv)
{
  set_program_name (argv[0]);
  speak_as (PACKAGE);
  if (argc < 2)
    {
      error (0, 0, _("missing applet name"));
      usage (EXIT_NOT_FOUND);
    }
  char const *arg = argv[1];
  if (streq (arg, "--help"))
    usage (EXIT_SUCCESS);
  if (streq (arg, "--version"))
    {
      emit_version ("grabrat");
      return EXIT_SUCCESS;
    }
  if (streq (arg, "--list"))
    {
      for (int i = 0; i < N_APPLETS; i++)
        puts (applets[i].name);
      return EXIT_SUCCESS;
    }
  if (streq (arg, "--install"))
    return install_links (argv[0], argv + 2, argc - 2);
  if (arg[0] == '-')
    {
      error (0, 0, _("unrecognized option '%s'"), arg);
      usage (EXIT_NOT_FOUND);
    }
  char const *name = untransform (arg);
  struct applet const *a = name ? find_applet (name) : NULL;
  if (!a)
    {
      error (0, 0, _("applet not found: %s"), arg);
      return EXIT_NOT_FOUND;
    }
  return run_applet (a, name, argc - 1, argv + 1);
}

int
main (int argc, char **argv)
{
  /* Every applet's stdout is checked at exit ("write error").  */
  atexit (close_stdout);

  /* A login shell passes "-NAME"; the applet is the last component.  */
  char const *base = last_component (argv[0] ? argv[0] : "grabrat");
  if (*base == '-')
    base++;
  char const *name = untransform (base);
  struct applet const *a = name ? find_applet (name) : NULL;
  if (a)
    return run_applet (a, name, argc, argv);
  if (!argv[0])
    {
      static char *fallback[] = { (char *) PACKAGE_NAME, NULL };
      return grabrat_main (1, fallback);
    }
  if (name || strncmp (base, PACKAGE_NAME, strlen (PACKAGE_NAME)) == 0)
    return grabrat_main (argc, argv);
  set_program_name (PACKAGE_NAME);
  speak_as (PACKAGE);
  error (0, 0, _("applet not found: %s"), base);
  return EXIT_NOT_FOUND;
}
