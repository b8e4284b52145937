/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* walk.h: listing a directory for the workers (walk.c).  */

#ifndef GRABRAT_SEARCH_WALK_H
#define GRABRAT_SEARCH_WALK_H

#include "search/worker-state.h"

/* List the directory DIR, open on FD (closed here), and queue what is to
   be searched in it.  */
void walk_dir (struct worker *w, struct work const *dir, int fd);

/* How many directories a walk may keep open for their entries (struct
   listing), given the limit on open files.  */
int walk_listing_fds_max (void);

#endif
