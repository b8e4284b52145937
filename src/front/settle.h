/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* settle.h: from a parsed command line to the options the search reads
   (settle.c).  */

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

#endif
