/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* dlsyms.c: load a shared library and functions from it (see dlsyms.h).  */

#include <config.h>

#include <dlfcn.h>

#include "dlsyms.h"

char const *
dlsyms_load (char const *soname, struct dlsym_want const *want, size_t n,
             void **handle)
{
  void *h = *handle = dlopen (soname, RTLD_NOW | RTLD_LOCAL);
  if (!h)
    return dlerror ();
  for (size_t i = 0; i < n; i++)
    if (!(*want[i].fn = dlsym (h, want[i].name)))
      return dlerror ();
  return NULL;
}
