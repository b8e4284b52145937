/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* run.h: one search run, where both command lines end (run.c).  */

#ifndef GRABRAT_SEARCH_RUN_H
#define GRABRAT_SEARCH_RUN_H

#include "search/config.h"
#include "front/cmdline.h"

/* Settle *CL into *O (settle.h), search every operand with the workers,
   and return the exit status (grep's).  */
int search_all (struct search_config *o, struct front_cmdline *cl);

#endif
