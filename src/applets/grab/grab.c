/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* grab.c: the grab applet's main: the command line parsed (options.c)
   into a struct search_config, then settled and searched
   (front/settle.c, search/run.c).  */

#include <config.h>


#include "exitfail.h"
#include "progname.h"

#include "system.h"
#include "applets/grab/options.h"
#include "front/settle.h"

int grab_main (int, char **);

int
grab_main (int argc, char **argv)
{
  set_program_name (argv[0]);
  speak_as (PACKAGE);
  exit_failure = EXIT_TROUBLE;

  /* The one set of options; read-only later.  */
  static struct search_config o;
  struct front_cmdline cl;
  grab_parse_options (argc, argv, &o, &cl);
  return settle_and_search (&o, &cl);
}
