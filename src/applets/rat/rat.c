/* rat.c: the rat applet (placeholder until its issue lands).  */

#include <config.h>

#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "error.h"
#include "exitfail.h"
#include "progname.h"

#include "system.h"

int rat_main (int, char **);

static struct option const long_options[] = {
  { "help", no_argument, NULL, 'h' },
  { "version", no_argument, NULL, 'V' },
  { NULL, 0, NULL, 0 },
};

_Noreturn static void
usage (int status)
{
  if (status != EXIT_SUCCESS)
    emit_try_help ();
  else
    {
      printf ("Usage: %s [OPTION]... [FILE]...\n", program_name);
      fputs ("Concatenate FILE(s) to standard output.\n\n"
             "      --help        display this help and exit\n"
             "      --version     output version information and exit\n",
             stdout);
      emit_ancillary_info ("rat");
    }
  exit (status);
}

int
rat_main (int argc, char **argv)
{
  set_program_name (argv[0]);
  exit_failure = EXIT_FAILURE;
  int c;
  while ((c = getopt_long (argc, argv, "", long_options, NULL)) != -1)
    switch (c)
      {
      case 'h':
        usage (EXIT_SUCCESS);
      case 'V':
        emit_version ("rat");
        return EXIT_SUCCESS;
      default:
        usage (EXIT_FAILURE);
      }
  error (EXIT_FAILURE, 0, "not implemented yet");
  return EXIT_FAILURE;
}
