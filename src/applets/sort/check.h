/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* check.h: sort -c and -C: whether a file is already sorted.  */

#ifndef GRABRAT_SORT_CHECK_H
#define GRABRAT_SORT_CHECK_H

#include <stdbool.h>

#include "opts.h"

/* Return whether FILE is sorted under O (strictly, with -u).  If not
   and CHECKONLY is 'c', report the first line out of order on standard
   error as GNU sort does ("sort: FILE:N: disorder: LINE").  Dies
   (status 2) if FILE cannot be read.  */
bool check_file (struct sort_opts const *o, struct sort_limits const *lim,
                 char const *file, char checkonly);

#endif
