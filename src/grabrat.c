/* grabrat.c: main() of the multicall binary.
   Picks the applet from the last component of argv[0] (a 'grab' or 'rat'
   link), or from argv[1] when called as grabrat itself, and runs it.  Also
   owns grabrat's own options: --list, --install, --help, --version.  It
   knows nothing of what the applets do.  */

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
#include "applets.h"
#undef APPLET

struct applet
{
  char const *name;
  int (*main) (int, char **);
  char const *summary;
};

static struct applet const applets[] = {
#define APPLET(name, summary) { #name, name##_main, summary },
#include "applets.h"
#undef APPLET
};

enum { EXIT_NOT_FOUND = 127 };

static struct applet const *
find_applet (char const *name)
{
  for (size_t i = 0; i < sizeof applets / sizeof *applets; i++)
    if (streq (applets[i].name, name))
      return &applets[i];
  return NULL;
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
      for (size_t i = 0; i < sizeof applets / sizeof *applets; i++)
        printf ("  %-6s %s\n", applets[i].name, applets[i].summary);
      fputs ("\n"
             "      --list           list the applets, one per line\n"
             "      --install DIR [APPLET]...\n"
             "                       make symbolic links DIR/APPLET to this"
             " binary for\n"
             "                         the APPLETs named, or for all\n"
             "      --help           display this help and exit\n"
             "      --version        output version information and exit\n"
             "\n"
             "Each applet has its own --help.  An unknown applet name exits"
             " with status 127.\n", stdout);
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
    error (EXIT_FAILURE, errno, "cannot find the path of this binary");
  return p;
}

/* Make a link DIR/APPLET -> this binary for each name in NAMES (all
   applets when there are none).  An existing link to this binary is fine.  */
static int
install_links (char const *argv0, char const *dir, char **names, int n)
{
  char *self = self_path (argv0);
  int status = EXIT_SUCCESS;
  int count = n ? n : (int) (sizeof applets / sizeof *applets);
  for (int i = 0; i < count; i++)
    {
      char const *name = n ? names[i] : applets[i].name;
      if (!find_applet (name))
        {
          error (0, 0, "applet not found: %s", name);
          status = EXIT_FAILURE;
          continue;
        }
      size_t len = strlen (dir) + 1 + strlen (name) + 1;
      char *link = xmalloc (len);
      snprintf (link, len, "%s/%s", dir, name);
      if (symlink (self, link) != 0)
        {
          int e = errno;
          char *old = e == EEXIST ? realpath (link, NULL) : NULL;
          if (!(old && streq (old, self)))
            {
              error (0, e, "cannot create link %s", quotef (link));
              status = EXIT_FAILURE;
            }
          free (old);
        }
      free (link);
    }
  free (self);
  return status;
}

static int
grabrat_main (int argc, char **argv)
{
  set_program_name (argv[0]);
  if (argc < 2)
    {
      error (0, 0, "missing applet name");
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
      for (size_t i = 0; i < sizeof applets / sizeof *applets; i++)
        puts (applets[i].name);
      return EXIT_SUCCESS;
    }
  if (streq (arg, "--install"))
    {
      if (argc < 3)
        {
          error (0, 0, "--install needs a directory");
          usage (EXIT_FAILURE);
        }
      return install_links (argv[0], argv[2], argv + 3, argc - 3);
    }
  if (arg[0] == '-')
    {
      error (0, 0, "unrecognized option '%s'", arg);
      usage (EXIT_NOT_FOUND);
    }
  struct applet const *a = find_applet (arg);
  if (!a)
    {
      error (0, 0, "applet not found: %s", arg);
      return EXIT_NOT_FOUND;
    }
  return a->main (argc - 1, argv + 1);
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
  struct applet const *a = find_applet (base);
  if (a)
    return a->main (argc, argv);
  if (!argv[0])
    {
      static char *fallback[] = { (char *) PACKAGE_NAME, NULL };
      return grabrat_main (1, fallback);
    }
  if (strncmp (base, PACKAGE_NAME, strlen (PACKAGE_NAME)) == 0)
    return grabrat_main (argc, argv);
  set_program_name (PACKAGE_NAME);
  error (0, 0, "applet not found: %s", base);
  return EXIT_NOT_FOUND;
}
