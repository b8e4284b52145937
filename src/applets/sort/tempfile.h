/* tempfile.h: sort's temporary files (sorted runs, and copies of inputs
   that are also the output).  They are made in the -T directories in
   turn, named sortXXXXXX, and every one still present is removed when
   sort exits, dies, or is killed by a signal it can catch (SIGINT,
   SIGTERM, SIGHUP, SIGPIPE, ...).  Main thread only.  */

#ifndef GRABRAT_SORT_TEMPFILE_H
#define GRABRAT_SORT_TEMPFILE_H

#include <stdbool.h>

#include "idx.h"

struct tempfile;

/* Use the N directories DIRS (which must outlive all temporaries).  */
void tempfile_set_dirs (char const *const *dirs, idx_t n);

/* Create a temporary file open for reading and writing in *FD.  On
   failure die with GNU sort's message, except that when out of file
   descriptors and SURVIVE_EMFILE, return null with *FD = -1.  */
struct tempfile *tempfile_create (int *fd, bool survive_emfile);

char const *tempfile_name (struct tempfile const *t);

/* Remove T's file (warn if that fails) and forget T.  */
void tempfile_remove (struct tempfile *t);

#endif
