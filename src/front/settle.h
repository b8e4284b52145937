/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* settle.h: from a parsed command line to the options the search reads,
   and on to the search (settle.c).  */

#ifndef GRABRAT_FRONT_SETTLE_H
#define GRABRAT_FRONT_SETTLE_H

#include "search/config.h"
#include "front/cmdline.h"

/* Settle CL into O (which parsing has filled in part) and compile the
   pattern into RUN's engine and regex; store the operands to search in
   *OPERANDS and return how many.  Exits with status 1 when nothing can
   be selected (grep's rule), dies with status 2 on errors.  */
int settle_cmdline (struct search_config *o, struct front_cmdline *cl,
                    struct search_run *run, char *const **operands);

/* Where both command lines end: settle CL into O (settle_cmdline),
   search the operands (search/run.h's search_all), free the patterns CL
   holds, and return the exit status (grep's).  */
int settle_and_search (struct search_config *o, struct front_cmdline *cl);

#endif
