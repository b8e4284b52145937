/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* dlsyms.h: load a shared library and a set of its functions at run time
   (for libraries that would cost every applet's start-up if linked).
   Never prints, never exits.  */

#ifndef GRABRAT_IO_DLSYMS_H
#define GRABRAT_IO_DLSYMS_H

#include <stddef.h>

/* One function to look up: its symbol NAME, and where to store it.  */
struct dlsym_want
{
  char const *name;
  void **fn;
};

/* dlopen SONAME and store each of the N functions WANT names.  Return
   NULL on success, with *HANDLE set (for dlclose); else dlerror's message
   (the library stays loaded if only a symbol was missing: *HANDLE is set
   then too, or NULL if the library could not be opened).  */
char const *dlsyms_load (char const *soname, struct dlsym_want const *want,
                         size_t n, void **handle);

#endif
